"""Scenario files: positions and steps written by instructors, checked, answered and replayed by the engine.

A scenario is a YAML file (see ``docs/scenarios.md``)::

    title: {zh: 打够级：只有对头能接, en: "打够级: only the 对头 answers"}
    rules: qingdao
    leader: 0
    hands: {0: "KK 5 6", 1: "AA 7 8", 2: "9 6 5", 3: "AA 7 8", 4: "22 9 10", 5: "AA 10 J"}
    steps:
      - do: seat 0 plays KK
        say: {zh: 座位0出两张K。, en: Seat 0 leads two Ks.}
      - ask: who may act
      - ask: can seat 1 play AA

``do`` steps are actions (``seat N plays CARDS``, ``passes``, ``yields``, ``burns CARDS``, ``revolts``,
``declares``, ``yaotou``, ``wutou``); ``ask`` steps are checkpoints whose answers the engine computes:
``who may act``, ``can seat N <action>``, ``who opened``, ``who is men``, ``who is out``, ``what if seat N
<action>``, ``record``. Authors never write answers.

>>> sc = Scenario.from_text('''
... rules: linyi
... leader: 0
... hands: {0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
... steps:
...   - do: seat 0 plays AA
...   - do: seat 3 passes
...   - ask: who opened
... ''')
>>> print(replay(sc).splitlines()[-2])
    座位0开了点（还要发四）
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .engine import Game
from .errors import GoujiError
from .events import Action, IllegalActionError
from .inputs import InputError, load_yaml, read_text
from .rulesets import Ruleset, find_ruleset

__all__ = [
    "SCENARIO_DIR",
    "Answer",
    "Problem",
    "Scenario",
    "ScenarioError",
    "Step",
    "answer",
    "check_file",
    "replay",
    "run",
    "shipped",
]


#: The scenario files that ship with the package (``scenarios/`` in a checkout is a link to this folder).
SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"


def shipped() -> list[str]:
    """The names of the scenarios that ship with the package.

    >>> "qingdao_dagouji" in shipped()
    True
    """
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))


class ScenarioError(GoujiError):
    """A scenario file that cannot be read, or whose structure is wrong; ``line`` is 1-based (0: unknown).
    ``more`` holds the other problems found in the same pass (bad steps after the first)."""

    def __init__(self, path: str, line: int, zh: str, en: str, *, rule: str | None = None) -> None:
        self.path, self.line, self.detail_zh, self.detail_en = path, line, zh, en
        self.more: tuple[ScenarioError, ...] = ()
        super().__init__(f"{path}:{line}: {zh}", f"{path}:{line}: {en}", rule=rule)


@dataclass(frozen=True, slots=True)
class Step:
    """One step: ``kind`` is ``do`` (an action) or ``ask`` (a checkpoint); ``line`` is 1-based."""

    kind: str
    text: str
    line: int
    say_zh: str = ""
    say_en: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario file."""

    path: str
    rules: Ruleset
    hands: dict[int, str]
    steps: tuple[Step, ...]
    title_zh: str = ""
    title_en: str = ""
    seed: int | None = None
    leader: int | None = None
    prelude: bool = False
    lines: dict[str, int] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        """Read a scenario file, or a scenario shipped with the package by its name (``"qingdao_dagouji"``, see
        :func:`shipped`). Raises :class:`ScenarioError` naming the file and line."""
        if isinstance(path, str) and path in shipped():
            path = SCENARIO_DIR / f"{path}.yaml"
        try:
            text = read_text(path)
        except InputError as e:
            raise ScenarioError(e.path, e.line, e.detail_zh, e.detail_en) from None
        return cls.from_text(text, str(path))

    @classmethod
    def from_text(cls, text: str, path: str = "<scenario>") -> Scenario:
        """A scenario from YAML text."""
        try:
            node, data = load_yaml(text, path)
        except InputError as e:
            raise ScenarioError(e.path, e.line, e.detail_zh, e.detail_en) from None
        if not isinstance(node, yaml.MappingNode):
            raise ScenarioError(path, 1, "场景文件要是一个映射（键: 值）", "a scenario file is a mapping (key: value)")
        lines = {k.value: k.start_mark.line + 1 for k, _ in node.value}
        return cls._build(data, node, lines, path)

    @classmethod
    def _build(cls, data: dict[str, Any], node: yaml.MappingNode, lines: dict[str, int], path: str) -> Scenario:
        def bad(key: str, zh: str, en: str) -> ScenarioError:
            return ScenarioError(path, lines.get(key, 1), f"{key}: {zh}", f"{key}: {en}")

        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise bad(unknown[0], f"不认识的键（可用：{', '.join(sorted(_KEYS))}）",
                      f"unknown key (known: {', '.join(sorted(_KEYS))})")
        try:
            rules = find_ruleset(data.get("rules"))
        except GoujiError as e:
            raise bad("rules", e.zh, e.en) from None
        title = data.get("title", "")
        title_zh, title_en = _bilingual(title, lambda zh, en: bad("title", zh, en))
        hands = data.get("hands", {})
        if not isinstance(hands, dict) or any(not isinstance(k, int) or not 0 <= k <= 5 for k in hands):
            raise bad("hands", "要写成 座位(0-5): 牌", "must map seats 0-5 to cards")
        hands = {k: str(v) for k, v in hands.items()}
        for key in ("seed", "leader"):
            value = data.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or (key == "leader" and not 0 <= value <= 5)):
                raise bad(key, "要写一个整数" + ("（0-5）" if key == "leader" else ""),
                          "must be an integer" + (" 0-5" if key == "leader" else ""))
        if not isinstance(data.get("prelude", False), bool):
            raise bad("prelude", "要写 true 或 false", "must be true or false")
        steps_node = next((v for k, v in node.value if k.value == "steps"), None)
        raw = data.get("steps", [])
        if not isinstance(raw, list) or not isinstance(steps_node, yaml.SequenceNode | type(None)):
            raise bad("steps", "要写成列表", "must be a list")
        steps, problems = [], []
        for item, item_node in zip(raw, steps_node.value if steps_node else [], strict=True):
            try:
                steps.append(_step(item, item_node.start_mark.line + 1, path))
            except ScenarioError as e:
                problems.append(e)
        if problems:
            problems[0].more = tuple(problems[1:])
            raise problems[0]
        return cls(path, rules, hands, tuple(steps), title_zh, title_en, data.get("seed"), data.get("leader"),
                   data.get("prelude", False), lines)

    def with_rules(self, rules: Ruleset | str) -> Scenario:
        """The same scenario under another rule set (to see where the verdicts change).

        >>> Scenario.from_text("rules: linyi").with_rules("tongsu").rules.name
        'tongsu'
        """
        return dataclasses.replace(self, rules=find_ruleset(rules))

    def start(self) -> Game:
        """The game at the start of the scenario."""
        try:
            return Game.from_hands(self.hands, self.rules, leader=self.leader, seed=self.seed, prelude=self.prelude)
        except (GoujiError, ValueError) as e:
            zh, en = (e.zh, e.en) if isinstance(e, GoujiError) else (str(e), str(e))
            raise ScenarioError(self.path, self.lines.get("hands", 1), f"hands: {zh}", f"hands: {en}") from None


_KEYS = frozenset({"title", "rules", "seed", "leader", "prelude", "hands", "steps"})


def _bilingual(value: Any, bad: Any) -> tuple[str, str]:
    if isinstance(value, str):
        return value, value
    if isinstance(value, dict) and set(value) <= {"zh", "en"} and all(isinstance(v, str) for v in value.values()):
        return value.get("zh", value.get("en", "")), value.get("en", value.get("zh", ""))
    raise bad("要写文字，或 {zh: ..., en: ...}", "must be text, or {zh: ..., en: ...}")


def _step(item: Any, line: int, path: str) -> Step:
    def bad(zh: str, en: str) -> ScenarioError:
        return ScenarioError(path, line, f"steps: {zh}", f"steps: {en}")

    if not isinstance(item, dict):
        raise bad("每一步要写成 do: ... 或 ask: ...", "each step is do: ... or ask: ...")
    kinds = [k for k in ("do", "ask") if k in item]
    extra = sorted(set(item) - {"do", "ask", "say"})
    if len(kinds) != 1 or extra:
        raise bad("每一步只能有一个 do 或 ask（可加 say）", "each step has exactly one of do or ask (and maybe say)")
    text = item[kinds[0]]
    if not isinstance(text, str):
        raise bad(f"{kinds[0]} 后面要写文字", f"{kinds[0]} needs text")
    say_zh, say_en = _bilingual(item.get("say", ""), bad)
    try:
        if kinds[0] == "do":
            Action.parse(text)
        elif _question(text.strip()) is None:
            raise _unknown_question(text.strip())
    except GoujiError as e:
        raise bad(e.zh, e.en) from None
    return Step(kinds[0], text.strip(), line, say_zh, say_en)


# -- checkpoints -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """A computed checkpoint answer: text in both languages and plain data."""

    question: str
    zh: str
    en: str
    data: Any


_Q_MAY_ACT = re.compile(r"^(who may act( now)?|谁能出牌|谁可以出牌)$", re.IGNORECASE)
_Q_CAN = re.compile(r"^can (seat\s*[0-5].*)$", re.IGNORECASE)
_Q_WHAT_IF = re.compile(r"^what if (seat\s*[0-5].*?)( instead)?$", re.IGNORECASE)
_Q_OPENED = re.compile(r"^(who opened|who has opened|谁开点了?|who 开点ed)$", re.IGNORECASE)
_Q_MEN = re.compile(r"^(who is men|who is 闷ed|谁被闷了?)$", re.IGNORECASE)
_Q_OUT = re.compile(r"^(who is out|who went out|谁走了)$", re.IGNORECASE)
_Q_RECORD = re.compile(r"^(record|记录)$", re.IGNORECASE)
_VERB_CAN = {"play": "plays", "pass": "passes", "burn": "burns", "yield": "yields", "revolt": "revolts"}


def _seats(seats: list[int]) -> tuple[str, str]:
    if not seats:
        return "没有", "nobody"
    return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)


def _action_text(text: str) -> Action:
    m = re.match(r"^(seat\s*[0-5])\s+(\w+)(.*)$", text, re.IGNORECASE)
    if m and m.group(2).lower() in _VERB_CAN:
        text = f"{m.group(1)} {_VERB_CAN[m.group(2).lower()]}{m.group(3)}"
    return Action.parse(text)


def answer(game: Game, question: str) -> Answer:
    """The engine's answer to a checkpoint question about ``game`` (see the module doc for the questions).

    Raises :class:`IllegalActionError` (rule ``scenario.question``) for a question it does not know.
    """
    q = question.strip()
    if _question(q) is None:
        raise _unknown_question(q)
    if _Q_MAY_ACT.match(q):
        may = game.may_act()
        if not may:
            return Answer(q, "没有人（这局结束了）", "nobody (the hand is over)", {})
        zh = "；".join(f"座位{s}：{'、'.join(_KIND_ZH[k] for k in ks)}" for s, ks in may.items())
        zh = f"轮到座位{game.to_act}。{zh}"
        en = f"seat {game.to_act} to act. " + "; ".join(f"seat {s}: {', '.join(ks)}" for s, ks in may.items())
        burners = game.burn_candidates()
        if burners:
            zh += f"。烧牌优先顺序：{'、'.join(map(str, burners))}"
            en += f". Burn priority: {', '.join(map(str, burners))}"
        return Answer(q, zh, en, {"to_act": game.to_act, "may": {str(s): ks for s, ks in may.items()},
                                  "burn_priority": burners})
    if m := _Q_CAN.match(q):
        action = _action_text(m.group(1))
        why = game.why_not(action)
        if why is None:
            return Answer(q, f"能：{action}", f"yes: {action}", True)
        return Answer(q, f"不能：{why.zh}", f"no: {why.en}", False)
    if m := _Q_WHAT_IF.match(q):
        action = _action_text(m.group(1))
        branch = game.copy()
        try:
            events = branch.apply(action)
        except GoujiError as e:
            return Answer(q, f"不行：{e.zh}", f"not allowed: {e.en}", None)
        return Answer(q, "；".join(e.zh for e in events), "; ".join(e.en for e in events),
                      [e.to_dict() for e in events])
    if _Q_OPENED.match(q):
        opened = game.kaidian_seats()
        pending = [s for s in range(6) if game.kaidian(s) == "pending"]
        zh, en = _seats(opened)
        if pending:
            pz, pe = _seats(pending)
            zh, en = (f"{zh}；{pz}开了点（还要发四）" if opened else f"{pz}开了点（还要发四）",
                      f"{en}; {pe} opened (4s still due)" if opened else f"{pe} opened (4s still due)")
        return Answer(q, zh, en, {"open": opened, "pending": pending})
    if _Q_MEN.match(q):
        men = game.men()
        zh = "、".join(f"座位{v}（被座位{by}闷）" for v, by in men) or "没有人被闷"
        en = ", ".join(f"seat {v} (by seat {by})" for v, by in men) or "nobody is 闷ed"
        return Answer(q, zh, en, [{"victim": v, "by": by} for v, by in men])
    if _Q_OUT.match(q):
        order = game.finish_order()
        zh, en = _seats(order)
        return Answer(q, zh, en, order)
    return Answer(q, json.dumps(game.record(), ensure_ascii=False, sort_keys=True),
                  json.dumps(game.record(), ensure_ascii=False, sort_keys=True), game.record())


def _question(q: str) -> re.Match[str] | None:
    """The match of a known checkpoint question, else ``None``."""
    for pattern in (_Q_MAY_ACT, _Q_CAN, _Q_WHAT_IF, _Q_OPENED, _Q_MEN, _Q_OUT, _Q_RECORD):
        if m := pattern.match(q):
            return m
    return None


def _unknown_question(q: str) -> IllegalActionError:
    return IllegalActionError(
        f"不认识的问题：{q!r}（可问：who may act / can seat N ... / what if seat N ... / who opened / who is men / "
        "who is out / record）",
        f"unknown question {q!r} (ask: who may act / can seat N ... / what if seat N ... / who opened / "
        "who is men / who is out / record)",
        rule="scenario.question",
    )


_KIND_ZH = {"play": "出牌", "pass": "过", "yield": "让牌", "burn": "烧", "revolt": "革命", "xuandian": "宣点",
            "yaotou": "要头", "wutou": "无头"}


# -- running, checking, replaying ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in a scenario file."""

    path: str
    line: int
    zh: str
    en: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.zh} / {self.en}"


def run(scenario: Scenario) -> list[tuple[Step, tuple[Any, ...] | Answer]]:
    """Play the scenario: each step with its events (``do``) or its answer (``ask``). Raises
    :class:`ScenarioError` at the first illegal step, naming its line and the rule."""
    game = scenario.start()
    out: list[tuple[Step, tuple[Any, ...] | Answer]] = []
    for step in scenario.steps:
        try:
            if step.kind == "do":
                out.append((step, game.act(step.text)))
            else:
                out.append((step, answer(game, step.text)))
        except GoujiError as e:
            raise ScenarioError(scenario.path, step.line, f"“{step.text}”：{e.zh}", f"{step.text!r}: {e.en}",
                                rule=e.rule) from None
    return out


def check_file(path: str | Path) -> list[Problem]:
    """Every problem of a scenario file (empty: the file is fine): its structure, its hands, and the legality
    of every step in order (checking stops at the first illegal step: later steps depend on it)."""
    try:
        run(Scenario.load(path))
    except ScenarioError as e:
        return [Problem(x.path, x.line, x.detail_zh, x.detail_en) for x in (e, *e.more)]
    return []


def replay(scenario: Scenario) -> str:
    """The narrated replay of a scenario as text: each step, what the engine says happened (both
    languages), the author's narration, and each checkpoint's computed answer."""
    game = scenario.start()
    rules = scenario.rules
    head = [f"# {scenario.title_zh} / {scenario.title_en}" if scenario.title_zh else "# scenario",
            f"rules: {rules.name} ({rules.title_zh})"]
    head += [f"  seat {k}: {' '.join(c.notation for c in h)}" for k, h in enumerate(game.hands)]
    head += [f"  {e.zh} / {e.en}" for e in game.events]
    head.append(f"leader: seat {game.to_act}")
    lines = head
    for number, (step, result) in enumerate(run(scenario), start=1):
        if step.kind == "do":
            lines.append(f"[{number}] {step.text}")
            for e in result:  # type: ignore[union-attr]
                lines.append(f"    {e.zh}")
                lines.append(f"    {e.en}")
        else:
            lines.append(f"[{number}] ? {step.text}")
            lines.append(f"    {result.zh}")  # type: ignore[union-attr]
            lines.append(f"    {result.en}")  # type: ignore[union-attr]
        if step.say_zh:
            lines.append(f"    > {step.say_zh}")
        if step.say_en and step.say_en != step.say_zh:
            lines.append(f"    > {step.say_en}")
    return "\n".join(lines) + "\n"
