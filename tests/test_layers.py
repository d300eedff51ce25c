"""The import boundary, read from the source: the rules core (the modules at the top of ``gouji_teach``, with the
pictures and the message catalogue beside it) never imports the teaching layer, the app or Jupyter code, and its
modules import each other without a circle; the teaching layer never imports the app. Imports inside functions
count (they run sooner or later); imports only for type checkers (``if TYPE_CHECKING:``) do too, since a reader
follows them just the same."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gouji_teach"
#: Entry points stand above everything: they may start the app and the teaching layer.
ENTRY_POINTS = {"cli", "__main__"}
JUPYTER = ("ipywidgets", "IPython", "ipykernel", "jupyter", "jupyter_server", "nbformat", "nbclient", "voila",
           "traitlets", "widgetsnbextension")


def _module(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, package: Path = PACKAGE) -> set[str]:
    """Every module that ``path`` (in ``package``) imports, anywhere in the file, relative imports made absolute;
    ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module)."""
    name = _module(path, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def core_modules() -> dict[str, Path]:
    return {_module(p): p for p in PACKAGE.glob("*.py") if p.stem not in ENTRY_POINTS}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (each holds at least one circle), by Tarjan's
    algorithm; a module importing itself is a circle too.

    >>> cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    >>> cycles({"a": {"b"}, "b": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph.get(v, ()):
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("name", sorted(core_modules()))
def test_the_core_imports_no_teaching_app_or_jupyter_code(name: str) -> None:
    bad = sorted(m for m in imports(core_modules()[name])
                 if m.startswith(("gouji_teach.teach", "gouji_teach.app")) or m.split(".")[0] in JUPYTER)
    assert not bad, f"{name} imports {bad}"


def test_the_core_modules_import_each_other_without_a_circle() -> None:
    core = core_modules()
    graph = {name: {m for m in imports(path) if m in core and m != "gouji_teach"} for name, path in core.items()}
    assert graph["gouji_teach.cards"] >= {"gouji_teach.pictures"}  # the check sees imports inside functions
    assert cycles(graph) == []


def package_modules() -> dict[str, Path]:
    """Every module of the package: the core, the teaching layer, the app and the entry points."""
    return {_module(p): p for p in PACKAGE.rglob("*.py")}


def test_no_modules_of_the_package_import_each_other_in_a_circle() -> None:
    """Across the whole package (the teaching layer too), counting imports inside functions: a circle broken
    only by a lazy import is still a circle. (``gouji_teach`` itself is left out: it re-exports the core.)"""
    modules = package_modules()
    graph = {name: {m for m in imports(path) if m in modules and m != "gouji_teach"} for name, path in modules.items()}
    assert graph["gouji_teach.teach.exam"] >= {"gouji_teach.teach.progress"}  # the teaching layer is read too
    assert cycles(graph) == []


def test_the_teaching_layer_never_imports_the_app() -> None:
    bad = {_module(p): sorted(m for m in imports(p) if m.startswith("gouji_teach.app"))
           for p in (PACKAGE / "teach").glob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_check_sees_a_circle_made_by_an_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "gouji_teach"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    graph = {_module(p, package): imports(p, package) & {"gouji_teach.a", "gouji_teach.b"}
             for p in package.glob("*.py")}
    assert cycles(graph) == [["gouji_teach.a", "gouji_teach.b"]]
