"""House rules: a club's own rule set, written as a YAML rule file that starts from a family and changes some
switches, each change with the club's own note, which is then its citation wherever the rule is cited::

    base: linyi                  # the family the club starts from: qingdao, linyi, tongsu or zaozhuang
    name: myclub                 # how pages, records and drill ids name it (default: the file's name)
    title_zh: 我们俱乐部的规则     # optional: its title on a Chinese page
    title_en: Our club's rules   # optional: its title on an English page
    packs:
      value: 6
      note: {zh: 我们用六副牌。, en: We play with six packs.}

``gouji-teach rules --new linyi > myclub.yaml`` writes a starting file (:func:`template`): every switch, commented
out, with the family's value, its seed citation and what it allows. :func:`load` reads a file into a
:class:`~gouji_teach.rules.rulesets.Ruleset` and makes it known by name to
:func:`~gouji_teach.rules.rulesets.find_ruleset` (so a page address or a drill id naming it finds it). A mistake
is one line naming the file, the line and what is allowed.

>>> club = parse('''
... base: linyi
... name: myclub
... packs: {value: 6, note: 我们用六副牌}
... ''', "myclub.yaml")
>>> club.name, club.base, club.packs, club.key, club.source("packs").cite()
('myclub', 'linyi', 6, 'linyi+packs=6', 'myclub: 我们用六副牌')
>>> parse("base: linyi\\npakcs: {value: 6, note: x}\\n", "myclub.yaml")
Traceback (most recent call last):
...
gouji_teach.rules.inputs.InputError: myclub.yaml:2: pakcs 不是开关（是不是 packs？）... / pakcs: no such switch (did...
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .errors import RulesetError
from .inputs import InputError, load_yaml, read_text
from .rulesets import PRESETS, Ruleset, add_house, allowed, club_note, describe, switches, unknown_switch

__all__ = ["is_rule_file", "load", "parse", "template"]

_META = ("base", "name", "title_zh", "title_en")
#: A house rule set's name: a word that a page address and a drill id can carry.
_NAME = re.compile(r"[A-Za-z0-9_\-\u4e00-\u9fff]{1,40}")


def is_rule_file(text: str) -> bool:
    """Whether ``--rules TEXT`` names a rule file (``.yaml``/``.yml``) rather than a rule set.

    >>> is_rule_file("myclub.yaml"), is_rule_file("linyi")
    (True, False)
    """
    return text.strip().lower().endswith((".yaml", ".yml"))


def load(path: str | Path) -> Ruleset:
    """The house rule set of a rule file, made known by its name (:func:`~.rulesets.add_house`)."""
    return add_house(parse(read_text(path), str(path)))


def parse(text: str, path: str = "<rules>") -> Ruleset:
    """The house rule set a rule file's text writes (not made known by name: :func:`load` does that)."""
    node, data = load_yaml(text, path)
    if not isinstance(node, yaml.MappingNode) or not isinstance(data, dict):
        raise InputError(path, 1, "规则文件要是一个映射（键: 值），从 base: 开始",
                         "a rule file is a mapping (key: value), starting with base:")
    lines = {str(k.value): k.start_mark.line + 1 for k, _ in node.value}
    values = {str(k.value): v for k, v in node.value}

    def bad(key: str, zh: str, en: str, line: int | None = None) -> InputError:
        return InputError(path, line or lines.get(key, 1), zh, en)

    base = data.get("base")
    if "base" not in data:
        raise bad("base", f"缺少 base：从哪一种规则改起（{'、'.join(PRESETS)}）",
                  f"base is missing: the family the rules start from ({', '.join(PRESETS)})")
    if not isinstance(base, str) or base.strip().lower() not in PRESETS:
        raise bad("base", f"base 不能是 {base!r}：要写 {'、'.join(PRESETS)} 之一",
                  f"base: {base!r} is not a family: choose one of {', '.join(PRESETS)}")
    name = data.get("name", Path(path).stem)
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name.lower() in PRESETS:
        raise bad("name", f"name 不能是 {name!r}：要一个自己的名字（字母、数字、汉字、_ 或 -，"
                          f"不是 {'、'.join(PRESETS)}）",
                  f"name: {name!r} will not do: give a name of the club's own (letters, digits, 汉字, _ or -, "
                  f"not {', '.join(PRESETS)})")
    for key in ("title_zh", "title_en"):
        if key in data and (not isinstance(data[key], str) or not data[key].strip()):
            raise bad(key, f"{key} 要写一段文字", f"{key}: must be some text")
    family = PRESETS[base.strip().lower()]
    changes: dict[str, Any] = {}
    sources = {}
    for key, entry in data.items():
        if key in _META:
            continue
        where = lines.get(str(key), 1)
        if str(key) not in switches():
            e = unknown_switch(name, str(key))
            raise bad(str(key), e.detail_zh, e.detail_en)
        value, note, line = _change(str(key), entry, values.get(str(key)), where, path)
        changes[str(key)] = value
        sources[str(key)] = club_note(name, *note)
        try:
            family.replace(**{str(key): value})
        except RulesetError as e:
            raise bad(str(key), e.detail_zh, e.detail_en, line) from None
    titles = {k: data[k].strip() for k in ("title_zh", "title_en") if k in data}
    return family.replace(**changes, sources=sources, name=name,
                          title_zh=titles.get("title_zh", f"{name}（{family.title_zh}改）"),
                          title_en=titles.get("title_en", f"{name} ({family.title_en}, changed)"))


def _change(switch: str, entry: Any, node: yaml.Node | None, line: int, path: str) -> tuple[Any, tuple[str, str], int]:
    """A switch's change: its value (as the rule set takes it), the club's note and the line of the value."""
    sub = {str(k.value): k.start_mark.line + 1 for k, _ in node.value} if isinstance(node, yaml.MappingNode) else {}
    if not isinstance(entry, dict) or set(entry) - {"value", "note"} or "value" not in entry:
        raise InputError(path, line, f"{switch} 要写成 value: 新的值 和 note: 俱乐部的说明（说明就是它的出处）",
                         f"{switch}: write value: the new value, and note: the club's note (its citation)")
    note = entry.get("note")
    if isinstance(note, str) and note.strip():
        words = (note.strip(), note.strip())
    elif isinstance(note, dict) and note and set(note) <= {"zh", "en"} and all(
            isinstance(v, str) and v.strip() for v in note.values()):
        zh, en = note.get("zh", ""), note.get("en", "")
        words = ((zh or en).strip(), (en or zh).strip())
    else:
        raise InputError(path, sub.get("note", line),
                         f"{switch} 缺少 note：俱乐部自己的说明（一段文字，或 {{zh: …, en: …}}）",
                         f"{switch}: the note is missing: the club's own note (some text, or {{zh: …, en: …}})")
    value = entry["value"]
    if isinstance(value, list):
        value = tuple(value)
    return value, words, sub.get("value", line)


def _yaml(value: Any) -> str:
    """A switch's value as the starting file writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "[" + ", ".join(_yaml(v) for v in value) + "]"
    if isinstance(value, dict) or hasattr(value, "items"):
        return "{" + ", ".join(f'"{k}": {v}' for k, v in sorted(value.items())) + "}"
    return str(value)


def template(base: str) -> str:
    """A commented starting rule file for the family ``base``: every switch with the family's value, where the
    family's seed says it, and what it allows, ready to be uncommented and changed.

    >>> text = template("linyi")
    >>> text.splitlines()[3], parse(text, "myclub.yaml").changes()
    ('base: linyi', {})
    """
    family = PRESETS[base.strip().lower()]
    lines = [
        "# 够级 house rules (自家规则) for gouji-teach: --rules myclub.yaml wherever a rule set is asked for.",
        f"# They start from the {family.title_en} rules ({family.title_zh}); to change a switch, uncomment its three",
        "# lines, give the new value and the club's own note (the note is cited wherever the rule is).",
        f"base: {family.name}",
        "name: myclub",
        f"title_zh: 我们俱乐部的规则（{family.title_zh}改）",
        f"title_en: Our club's rules ({family.title_en}, changed)",
    ]
    for switch in switches():
        en, meaning = allowed(switch)[1], describe(switch)
        lines += [
            "",
            f"# {switch}: {meaning[1]} / {meaning[0]}",
            f"#   {family.name}: {_yaml(getattr(family, switch))} ({family.source(switch).cite()}); allowed: {en}",
            f"# {switch}:",
            f"#   value: {_yaml(getattr(family, switch))}",
            "#   note: {zh: 我们俱乐部……, en: Our club …}",
        ]
    return "\n".join(lines) + "\n"
