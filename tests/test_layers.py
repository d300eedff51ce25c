"""The plan of the house, read from the source: ``rules/`` imports only itself (and the pictures lazily, when a card
is shown), ``show/`` and ``bots/`` only the rules, ``teach/`` those three, ``app/`` the teaching layer; none of
them imports Jupyter code below ``teach/``, and no modules import each other in a circle. Imports inside functions
count (they run sooner or later); imports only for type checkers (``if TYPE_CHECKING:``) do too, since a reader
follows them just the same."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gouji_teach"

JUPYTER = ("ipywidgets", "IPython", "ipykernel", "jupyter", "jupyter_server", "nbformat", "nbclient", "voila",
           "traitlets", "widgetsnbextension")


def _module(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, package: Path = PACKAGE, *, top_level: bool = False) -> set[str]:
    """Every module that ``path`` (in ``package``) imports, anywhere in the file (``top_level``: outside functions
    and classes only), relative imports made absolute; ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a
    module)."""
    name = _module(path, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in _top_level(tree) if top_level else ast.walk(tree):
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


def _top_level(node: ast.AST):
    """The statements of ``node`` outside functions and classes (inside ``if``/``try`` blocks too)."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            yield child
            yield from _top_level(child)


def folder_modules(folder: str) -> dict[str, Path]:
    """The modules of a folder, those of its subfolders (``teach/puzzles/``) too."""
    return {_module(p): p for p in (PACKAGE / folder).rglob("*.py")}


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


#: What each folder may import of the package, besides itself (the folders below it in the plan).
ALLOWED = {
    "rules": (),
    "show": ("gouji_teach.rules",),
    "bots": ("gouji_teach.rules",),
    "teach": ("gouji_teach.rules", "gouji_teach.show", "gouji_teach.bots"),
    "app": ("gouji_teach.rules", "gouji_teach.show", "gouji_teach.bots", "gouji_teach.teach"),
}
#: The one import that may run back up, inside a function: a card, a hand or a play draws its own picture when
#: Jupyter shows it (python-chess's ``chess.svg`` beside ``chess``).
LAZY_PICTURES = "gouji_teach.show.pictures"


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_each_folder_imports_only_the_folders_below_it(folder: str) -> None:
    own = f"gouji_teach.{folder}"
    allowed = (own, *ALLOWED[folder])
    bad = {}
    for name, path in folder_modules(folder).items():
        found = {m for m in imports(path) if m.startswith("gouji_teach.") or m == "gouji_teach"}
        lazy = found - imports(path, top_level=True)
        wrong = sorted(m for m in found if not m.startswith(allowed)
                       and not (folder == "rules" and m in lazy and m.startswith(LAZY_PICTURES)))
        if wrong:
            bad[name] = wrong
    assert bad == {}


@pytest.mark.parametrize("folder", ["rules", "show", "bots"])
def test_the_rules_pictures_and_computer_players_import_no_jupyter_code(folder: str) -> None:
    bad = {name: sorted(m for m in imports(path) if m.split(".")[0] in JUPYTER)
           for name, path in folder_modules(folder).items()}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_rules_import_each_other_without_a_circle() -> None:
    rules = folder_modules("rules")
    graph = {name: {m for m in imports(path) if m in rules} for name, path in rules.items()}
    assert graph["gouji_teach.rules.engine"] >= {"gouji_teach.rules.cards"}
    assert cycles(graph) == []


def test_the_top_level_holds_only_the_entry_points_and_the_folders() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    assert modules == {"__init__", "__main__", "cli", "_compat"}


def test_the_paths_of_release_0_1_still_import_with_a_warning() -> None:
    import importlib
    import sys

    sys.modules.pop("gouji_teach.engine", None)
    with pytest.warns(DeprecationWarning, match="gouji_teach.rules.engine"):
        old = importlib.import_module("gouji_teach.engine")
    from gouji_teach.rules.engine import Game

    assert old.Game is Game
    sys.modules.pop("gouji_teach.pictures", None)
    with pytest.warns(DeprecationWarning, match="gouji_teach.show.pictures"):
        from gouji_teach.pictures import card_svg
    from gouji_teach.show import pictures

    assert card_svg is pictures.card_svg
    sys.modules.pop("gouji_teach.teach.situations", None)
    with pytest.warns(DeprecationWarning, match="gouji_teach.teach.puzzles"):
        from gouji_teach.teach.situations import RulesetsPuzzle
    from gouji_teach.teach import puzzles

    assert RulesetsPuzzle is puzzles.RulesetsPuzzle


def package_modules() -> dict[str, Path]:
    """Every module of the package: the core, the teaching layer, the app and the entry points."""
    return {_module(p): p for p in PACKAGE.rglob("*.py")}


def test_no_modules_of_the_package_import_each_other_in_a_circle() -> None:
    """Across the whole package (the teaching layer too), counting imports inside functions: a circle broken
    only by a lazy import is still a circle. (``gouji_teach`` itself is left out: it re-exports the core.)"""
    modules = package_modules()
    graph = {name: {m for m in imports(path) if m in modules and m != "gouji_teach"} for name, path in modules.items()}
    assert graph["gouji_teach.rules.cards"] >= {"gouji_teach.show.pictures"}  # the check sees imports in functions
    assert graph["gouji_teach.teach.exam"] >= {"gouji_teach.teach.progress"}  # the teaching layer is read too
    assert cycles(graph) == []


def test_the_teaching_layer_never_imports_the_app() -> None:
    bad = {_module(p): sorted(m for m in imports(p) if m.startswith("gouji_teach.app"))
           for p in (PACKAGE / "teach").rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_check_sees_a_circle_made_by_an_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "gouji_teach"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    graph = {_module(p, package): imports(p, package) & {"gouji_teach.a", "gouji_teach.b"}
             for p in package.glob("*.py")}
    assert cycles(graph) == [["gouji_teach.a", "gouji_teach.b"]]


def test_import_gouji_teach_leaves_settlement_hints_and_regexes_for_first_use() -> None:
    """Issue 27 item 7: ``import gouji_teach`` loads the rules it needs to compare plays and play a hand, nothing
    more; settlement comes on first use of ``gj.settle`` (PEP 562), difflib and unicodedata with the errors that use
    them, and the package compiles no regex (bench/bench_import.py times it)."""
    import subprocess
    import sys

    code = (
        "import re, sys\n"
        "compiled = []\n"
        "real = re.compile\n"
        "def spy(*a, **k):\n"
        "    if 'gouji_teach' in sys._getframe(1).f_code.co_filename:\n"
        "        compiled.append(a[0])\n"
        "    return real(*a, **k)\n"
        "re.compile = spy\n"
        "import gouji_teach as gj\n"
        "heavy = [m for m in ('gouji_teach.rules.settlement', 'difflib', 'unicodedata', 'importlib.abc',\n"
        "                     'gouji_teach.show.pictures', 'json', 'yaml', 'argparse') if m in sys.modules]\n"
        "print(heavy, compiled)\n"
        "assert 'settle' in dir(gj) and gj.settle.__module__ == 'gouji_teach.rules.settlement'\n"
        "assert all(hasattr(gj, name) for name in gj.__all__), 'a public name is missing'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[] []"


def test_the_rule_table_has_one_home() -> None:
    """Issue 27 "two ways into one thing": ``RULES`` comes from :mod:`gouji_teach.rules.rulebook` everywhere; the
    old way in, through :mod:`~gouji_teach.rules.verdicts`, still works for one release with a warning."""
    import warnings

    from gouji_teach.rules import rulebook, verdicts

    old = {"gouji_teach.rules.verdicts.RULES", "gouji_teach.rules.verdicts.Rule"}
    through_verdicts = sorted(name for name, path in package_modules().items() if imports(path) & old)
    assert through_verdicts == []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert verdicts.RULES is rulebook.RULES and verdicts.Rule is rulebook.Rule
    assert [w.category for w in caught] == [DeprecationWarning, DeprecationWarning]
    assert "gouji_teach.rules.rulebook.RULES" in str(caught[0].message)


def test_the_old_name_of_the_rules_in_prose_warns_and_still_works() -> None:
    """teach/rulebook.py (beside rules/rulebook.py, the rule table) is now teach/book.py; the old path warns."""
    import importlib
    import sys

    from gouji_teach.teach import book

    sys.modules.pop("gouji_teach.teach.rulebook", None)
    with pytest.warns(DeprecationWarning, match="gouji_teach.teach.book"):
        old = importlib.import_module("gouji_teach.teach.rulebook")
    assert old.book_html is book.book_html
