"""The module paths of release 0.1 (``gouji_teach.engine``, ``gouji_teach.pictures``, ...,
``gouji_teach.teach.situations``), kept for one more release: importing one warns (:class:`DeprecationWarning`) and
gives a module that hands on every name of its new home (``gouji_teach.rules.engine``, ``gouji_teach.show.pictures``,
..., ``gouji_teach.teach.puzzles``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings

#: Old module name (under ``gouji_teach.``) -> its folder now.
MOVED = {
    **dict.fromkeys(("cards", "plays", "compare", "gouji", "options", "rulesets", "rulebook", "verdicts", "events",
                     "engine", "record", "settlement", "errors", "inputs", "scenario", "titles"), "rules"),
    **dict.fromkeys(("i18n", "markup", "pictures"), "show"),
    **dict.fromkeys(("players", "strategy", "coach"), "bots"),
}
#: Old module path (under ``gouji_teach.``) -> the module (under ``gouji_teach.``) that holds its names now.
RENAMED = {
    **{name: f"{folder}.{name}" for name, folder in MOVED.items()},
    "teach.situations": "teach.puzzles",  # the situation puzzles, now in the puzzle modules of their subjects
}


class _Finder:  # a meta path finder and its loader, by the protocol (importlib.abc would cost 1 ms at import)
    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != "gouji_teach" or name not in RENAMED:
            return None
        # a Loader by protocol, not by class: importlib.abc is not imported (it costs 1 ms at import)
        return importlib.machinery.ModuleSpec(fullname, self)  # type: ignore[arg-type]

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        new = f"gouji_teach.{RENAMED[spec.name.partition('.')[2]]}"
        warnings.warn(f"{spec.name} is now {new}; the old path goes in the next release", DeprecationWarning,
                      stacklevel=2)
        target = importlib.import_module(new)
        alias = types.ModuleType(spec.name, target.__doc__)
        alias.__getattr__ = lambda attr: getattr(target, attr)  # type: ignore[method-assign]  # PEP 562 forwarding
        alias.__dir__ = lambda: dir(target)  # type: ignore[method-assign]  # PEP 562 forwarding
        return alias

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the alias forwards to the module it names."""


def install() -> None:
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
