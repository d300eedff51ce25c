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
<action>``, ``record`` (parsed by :meth:`Question.parse`). Authors never write answers.

:func:`frames` plays a scenario and keeps every state (frame 0 is the start, frame *k* follows step *k*; a step
the rule set refuses ends the frames with its refusal); :func:`run`, :func:`replay`, :func:`check_file` and
the teaching layer's scenario player all read them, and :func:`rule_changes` compares the frames of two rule sets.

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
>>> [f.number for f in frames(sc)]
[0, 1, 2, 3]
>>> [(c.number, c.kind) for c in rule_changes(sc, "qingdao")]
[(2, 'events'), (3, 'answer')]
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml

from .cards import Rank, parse_cards
from .engine import Game, KaidianState
from .errors import GoujiError
from .events import ACTION_KINDS, Action, Event, EventKind, IllegalActionError
from .inputs import InputError, load_yaml, located, read_text
from .record import BurnOutcome, GameRecord
from .rulesets import Ruleset, find_ruleset
from .verdicts import cite

__all__ = [
    "SCENARIO_DIR",
    "Answer",
    "Ask",
    "Frame",
    "Problem",
    "Question",
    "RuleChange",
    "Scenario",
    "ScenarioError",
    "Step",
    "action_words",
    "answer",
    "check_file",
    "frames",
    "gives_away",
    "instead",
    "question_words",
    "record_rows",
    "replay",
    "rule_changes",
    "run",
    "shipped",
    "tells",
    "told_before",
    "told_by_title",
    "told_earlier",
]


#: The scenario files that ship with the package (``scenarios/`` in a checkout is a link to this folder).
SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"


def shipped() -> list[str]:
    """The names of the scenarios that ship with the package.

    >>> "qingdao_dagouji" in shipped()
    True
    """
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))


class ScenarioError(InputError):
    """A scenario file that cannot be read, or whose structure is wrong; ``line`` is 1-based (0: unknown, left out
    of the message). ``more`` holds the other problems found in the same pass (bad steps after the first)."""

    def __init__(self, path: str, line: int, zh: str, en: str, *, rule: str | None = None) -> None:
        super().__init__(path, line, zh, en, rule=rule)
        self.more: tuple[ScenarioError, ...] = ()


class StepKind(StrEnum):
    """What a scenario step is: the key it is written with."""

    DO = "do"  # an action
    ASK = "ask"  # a checkpoint


@dataclass(frozen=True, slots=True)
class Step:
    """One step: ``kind`` is ``do`` (an action) or ``ask`` (a checkpoint); ``line`` is 1-based."""

    kind: StepKind
    text: str
    line: int
    say_zh: str = ""
    say_en: str = ""

    @property
    def question(self) -> Question | None:
        """The parsed question of an ``ask`` step (``None`` for a ``do`` step)."""
        return Question.parse(self.text) if self.kind == StepKind.ASK else None


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

        unknown = sorted(({str(k) for k in data} | set(lines)) - _KEYS)  # a YAML merge key ("<<") is in lines only
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
        item_lines = [n.start_mark.line + 1 for n in steps_node.value] if steps_node else []
        for i, item in enumerate(raw):
            try:
                steps.append(_step(item, item_lines[i] if i < len(item_lines) else lines.get("steps", 1), path))
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
            raise ScenarioError(self.path, self.lines.get("hands", 1), f"手牌：{zh}", f"hands: {en}",
                                rule=getattr(e, "rule", None)) from None


_KEYS = frozenset({"title", "rules", "seed", "leader", "prelude", "hands", "steps"})


def _bilingual(value: Any, bad: Any) -> tuple[str, str]:
    if isinstance(value, str):
        return value, value
    if isinstance(value, dict) and set(value) <= {"zh", "en"} and all(isinstance(v, str) for v in value.values()):
        text: dict[str, str] = value
        return text.get("zh", text.get("en", "")), text.get("en", text.get("zh", ""))
    raise bad("要写文字，或 {zh: ..., en: ...}", "must be text, or {zh: ..., en: ...}")


def _step(item: Any, line: int, path: str) -> Step:
    def bad(zh: str, en: str) -> ScenarioError:
        return ScenarioError(path, line, f"steps: {zh}", f"steps: {en}")

    if not isinstance(item, dict):
        raise bad("每一步要写成 do: ... 或 ask: ...", "each step is do: ... or ask: ...")
    kinds = [k for k in StepKind if k in item]
    extra = sorted(set(item) - {*StepKind, "say"})
    if len(kinds) != 1 or extra:
        raise bad("每一步只能有一个 do 或 ask（可加 say）", "each step has exactly one of do or ask (and maybe say)")
    text = item[kinds[0]]
    if not isinstance(text, str):
        raise bad(f"{kinds[0]} 后面要写文字", f"{kinds[0]} needs text")
    say_zh, say_en = _bilingual(item.get("say", ""), bad)
    if kinds[0] == StepKind.DO and (m := _BASE_VERB.match(text)) and m.group(2).lower() in _VERB_CAN:
        hint = f"{m.group(1)} {_VERB_CAN[m.group(2).lower()]}{m.group(3)}"  # "seat 0 play QQ" is a typo, not a step
        raise bad(f"看不懂这一步：{text.strip()!r}：do 这一步的动词要写成 {_VERB_CAN[m.group(2).lower()]}"
                  f"（“{hint}”）；play/pass… 是问题 ask: can seat N play … 的写法",
                  f"cannot read the step {text.strip()!r}: a do step's verb is {_VERB_CAN[m.group(2).lower()]} "
                  f"({hint!r}); play/pass… are for questions, ask: can seat N play …")
    try:
        if kinds[0] == StepKind.DO:
            Action.parse(text)
        else:
            Question.parse(text)
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


class Ask(StrEnum):
    """What a checkpoint asks."""

    MAY_ACT = "may_act"  #: who may act now, and how
    CAN = "can"  #: may seat N do this action (yes or no)
    WHAT_IF = "what_if"  #: what happens if seat N does this action (on a branch)
    OPENED = "opened"  #: who has 开点ed
    MEN = "men"  #: who is 闷ed
    OUT = "out"  #: who has gone out
    RECORD = "record"  #: the record of the hand so far


_ASKS = (
    (Ask.MAY_ACT, re.compile(r"^(who may act( now)?|谁能出牌|谁可以出牌)$", re.IGNORECASE)),
    (Ask.CAN, re.compile(r"^can (seat\s*[0-5].*)$", re.IGNORECASE)),
    (Ask.WHAT_IF, re.compile(r"^what if (seat\s*[0-5].*?)( instead)?$", re.IGNORECASE)),
    (Ask.OPENED, re.compile(r"^(who opened|who has opened|谁开点了?|who 开点ed)$", re.IGNORECASE)),
    (Ask.MEN, re.compile(r"^(who is men|who is 闷ed|谁被闷了?)$", re.IGNORECASE)),
    (Ask.OUT, re.compile(r"^(who is out|who went out|谁走了)$", re.IGNORECASE)),
    (Ask.RECORD, re.compile(r"^(record|记录)$", re.IGNORECASE)),
)
_BASE_VERB = re.compile(r"^\s*(seat\s*[0-5])\s+(\w+)(.*?)\s*$", re.IGNORECASE)
_VERB_CAN = {"play": "plays", "pass": "passes", "burn": "burns", "yield": "yields", "revolt": "revolts"}
_ASK_WORDS = {Ask.MAY_ACT: ("现在谁能出牌，能怎么出？", "Who may act now, and how?"),
              Ask.OPENED: ("谁开点了？", "Who has opened (开点)?"),
              Ask.MEN: ("谁被闷了？", "Who is 闷ed?"),
              Ask.OUT: ("谁走了？", "Who has gone out?"),
              Ask.RECORD: ("这一局的记录", "The record of the hand")}


@dataclass(frozen=True, slots=True)
class Question:
    """A parsed checkpoint question: ``kind`` says what it asks; ``action`` is the action of ``can`` and
    ``what if`` questions.

    >>> Question.parse("can seat 3 yield")
    Question(text='can seat 3 yield', kind=<Ask.CAN: 'can'>, action=Action(seat=3, kind='yield', cards=None))
    >>> Question.parse("谁开点了").kind
    <Ask.OPENED: 'opened'>
    """

    text: str
    kind: Ask
    action: Action | None = None

    @classmethod
    def parse(cls, text: str) -> Question:
        """Raises :class:`IllegalActionError` (rule ``scenario.question``) for a question it does not know, and
        the action's own error for a ``can``/``what if`` action it cannot read."""
        q = text.strip()
        for kind, pattern in _ASKS:
            if m := pattern.match(q):
                action = _action_text(m.group(1)) if kind in (Ask.CAN, Ask.WHAT_IF) else None
                return cls(q, kind, action)
        raise _unknown_question(q)

    def words(self) -> tuple[str, str]:
        """The question said in Chinese and in English."""
        if self.action is None:
            return _ASK_WORDS[self.kind]
        action = self.action
        zh, en = action_words(action)
        if self.kind == Ask.WHAT_IF:
            return f"如果{zh}，会怎样？", f"What if {en}?"
        verb = ACTION_KINDS[action.kind][1] if action.kind in _VERB_CAN else ACTION_KINDS[action.kind][0]
        return f"{zh[:3]}能{zh[3:]}吗？", f"Can seat {action.seat} {verb}{' ' + action.cards if action.cards else ''}?"


def _seats(seats: list[int]) -> tuple[str, str]:
    if not seats:
        return "没有", "nobody"
    return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)


_ACTION_ZH = {"play": "出", "pass": "过牌", "yield": "让牌", "burn": "烧", "revolt": "革命", "xuandian": "宣点",
              "yaotou": "要头", "wutou": "无头"}


def action_words(action: Action) -> tuple[str, str]:
    """An action said in Chinese and in English (``str(action)`` is the English notation).

    >>> action_words(Action.parse("seat 0 plays KK")), action_words(Action.parse("座位3 让"))
    (('座位0出KK', 'seat 0 plays KK'), ('座位3让牌', 'seat 3 yields'))
    """
    return f"座位{action.seat}{_ACTION_ZH[action.kind]}{action.cards or ''}", str(action)


def question_words(question: str) -> tuple[str, str]:
    """A checkpoint question said in Chinese and in English (the file may write it either way; a question it
    does not know is said as written).

    >>> question_words("can seat 3 yield"), question_words("谁开点了")
    (('座位3能让牌吗？', 'Can seat 3 yield?'), ('谁开点了？', 'Who has opened (开点)?'))
    """
    try:
        return Question.parse(question).words()
    except GoujiError:
        return question.strip(), question.strip()


def _action_text(text: str) -> Action:
    m = _BASE_VERB.match(text)
    if m and m.group(2).lower() in _VERB_CAN:
        text = f"{m.group(1)} {_VERB_CAN[m.group(2).lower()]}{m.group(3)}"
    return Action.parse(text)


def answer(game: Game, question: str | Question) -> Answer:
    """The engine's answer to a checkpoint question about ``game`` (see the module doc for the questions).

    Raises :class:`IllegalActionError` (rule ``scenario.question``) for a question it does not know.
    """
    parsed = question if isinstance(question, Question) else Question.parse(question)
    q, action = parsed.text, parsed.action
    if parsed.kind == Ask.MAY_ACT:
        may = game.may_act()
        if not may:
            return Answer(q, "没有人（这局结束了）", "nobody (the hand is over)", {})
        zh = "；".join(f"座位{s}：{'、'.join(_KIND_ZH[k] for k in ks)}" for s, ks in may.items())
        zh = f"轮到座位{game.to_act}。{zh}"
        en = f"seat {game.to_act} to act. " + "; ".join(
            f"seat {s}: {', '.join(_KIND_EN.get(k, k) for k in ks)}" for s, ks in may.items())
        burners = game.burn_candidates()
        if burners:
            zh += f"。烧牌优先顺序：{'、'.join(map(str, burners))}"
            en += f". Burn priority: {', '.join(map(str, burners))}"
        return Answer(q, zh, en, {"to_act": game.to_act, "may": {str(s): ks for s, ks in may.items()},
                                  "burn_priority": burners})
    if parsed.kind == Ask.CAN:
        assert action is not None
        why = game.why_not(action)
        if why is None:
            zh, en = action_words(action)
            return Answer(q, f"能：{zh}", f"yes: {en}", True)
        return Answer(q, f"不能：{why.zh}", f"no: {why.en}", False)
    if parsed.kind == Ask.WHAT_IF:
        assert action is not None
        branch = game.copy()
        try:
            events = branch.apply(action)
        except GoujiError as e:
            return Answer(q, f"不行：{e.zh}", f"not allowed: {e.en}", None)
        return Answer(q, "；".join(e.zh for e in events), "; ".join(e.en for e in events),
                      [e.to_dict() for e in events])
    if parsed.kind == Ask.OPENED:
        opened = game.kaidian_seats()
        pending = [s for s in range(6) if game.kaidian(s) == KaidianState.PENDING and s not in opened]
        zh, en = _seats(opened)
        if pending:
            pz, pe = _seats(pending)
            zh, en = (f"{zh}；{pz}开了点（还要发四）" if opened else f"{pz}开了点（还要发四）",
                      f"{en}; {pe} opened (4s still due)" if opened else f"{pe} opened (4s still due)")
        return Answer(q, zh, en, {"open": opened, "pending": pending})
    if parsed.kind == Ask.MEN:
        men = game.men()
        zh = "、".join(f"座位{v}（被座位{by}闷）" for v, by in men) or "没有人被闷"
        en = ", ".join(f"seat {v} (by seat {by})" for v, by in men) or "nobody is 闷ed"
        return Answer(q, zh, en, [{"victim": v, "by": by} for v, by in men])
    if parsed.kind == Ask.OUT:
        order = game.finish_order()
        zh, en = _seats(order)
        return Answer(q, zh, en, order)
    record = game.game_record()
    rows = record_rows(record)
    return Answer(q, "；".join(f"{label}：{value}" for label, value, _, _ in rows),
                  "; ".join(f"{label}: {value}" for _, _, label, value in rows), record.to_json())


_PLACES_ZH = ("头科", "二科", "三科", "四科", "二落", "大落")
_OUTCOMES = {BurnOutcome.SUCCESS: ("烧成功", "succeeded"), BurnOutcome.FAILED: ("烧失败", "failed"),
             BurnOutcome.COUNTER: ("被反烧", "counter-burnt"), BurnOutcome.CANCELLED: ("解烧", "lifted (解烧)")}


def record_rows(record: GameRecord) -> list[tuple[str, str, str, str]]:
    """A game record as rows of places and events, each ``(label_zh, value_zh, label_en, value_en)``: who went
    out in which place, who opened, declared, burnt, 闷ed and revolted. Rows with nothing to say are left out.

    >>> from gouji_teach.rules.record import Burn
    >>> for row in record_rows(GameRecord(rules="qingdao", first_hand=False, finish_order=(1, 0),
    ...                                   kaidian=frozenset({1}), burns=(Burn(1, 0, "success"),))):
    ...     print(row)
    ('走科', '头科 座位1、二科 座位0', 'Gone out', '头科 seat 1, 二科 seat 0')
    ('开点', '座位1', '开点', 'seat 1')
    ('烧牌', '座位1烧座位0：烧成功', 'Burns', 'seat 1 burnt seat 0: succeeded')
    """
    rows = []
    order = record.finish_order
    if order:
        rows.append(("走科", "、".join(f"{_PLACES_ZH[i]} 座位{s}" for i, s in enumerate(order)), "Gone out",
                     ", ".join(f"{_PLACES_ZH[i]} seat {s}" for i, s in enumerate(order))))
    else:
        rows.append(("走科", "还没有人走", "Gone out", "nobody yet"))
    named = (("开点", "开点", sorted(record.kaidian)), ("宣点", "宣点", sorted(record.xuandian)),
             ("革命", "Revolution", list(record.revolution)))
    for zh, en, seats in named:
        if seats:
            seats_zh, seats_en = _seats(seats)
            rows.append((zh, seats_zh, en, seats_en))
    if record.burns:
        rows.append(("烧牌", "、".join(f"座位{b.burner}烧座位{b.victim}：{_OUTCOMES[b.outcome][0]}"
                                      for b in record.burns),
                     "Burns", ", ".join(f"seat {b.burner} burnt seat {b.victim}: {_OUTCOMES[b.outcome][1]}"
                                         for b in record.burns)))
    if record.men:
        rows.append(("闷", "、".join(f"座位{m.victim}被座位{m.by}闷" for m in record.men),
                     "闷", ", ".join(f"seat {m.victim} 闷ed by seat {m.by}" for m in record.men)))
    if record.void:
        rows.append(("作废", "这一局作废", "Void", "the hand is void"))
    return rows


def _unknown_question(q: str) -> IllegalActionError:
    return IllegalActionError(
        f"不认识的问题：{q!r}（可问：who may act / can seat N ... / what if seat N ... / who opened / who is men / "
        "who is out / record）",
        f"unknown question {q!r} (ask: who may act / can seat N ... / what if seat N ... / who opened / "
        "who is men / who is out / record)",
        rule="scenario.question",
    )


_KIND_EN = {"xuandian": "宣点 (declare)", "yaotou": "要头", "wutou": "无头"}
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
        return located(self.path, self.line, self.zh, self.en)


@dataclass(frozen=True, slots=True)
class Frame:
    """The scenario after ``number`` steps: the game then (a copy of its own), the step just taken (``None``
    for the start), the events it caused, the checkpoint's computed answer, or the refusal that stopped it."""

    number: int
    game: Game
    step: Step | None
    events: tuple[Event, ...] = ()
    answer: Answer | None = None
    refusal: GoujiError | None = None


def frames(scenario: Scenario, rules: Ruleset | str | None = None) -> list[Frame]:
    """Every state of ``scenario`` (under ``rules`` instead of its own, if given). A step the rule set refuses
    gets a frame with the refusal and the game as it was before it, and the frames stop there (later steps
    depend on it). Raises :class:`ScenarioError` if the hands cannot even start under the rule set."""
    game = (scenario if rules is None else scenario.with_rules(rules)).start()
    out = [Frame(0, game.copy(), None, game.events)]
    for number, step in enumerate(scenario.steps, start=1):
        before = out[-1].game
        try:
            if step.kind == StepKind.DO:
                events = game.act(step.text)
                _check_going_out(Action.parse(step.text), events, game.rules)
                out.append(Frame(number, game, step, events))
            else:
                out.append(Frame(number, game, step, answer=answer(game, step.text)))
        except GoujiError as e:
            out.append(Frame(number, before.copy(), step, refusal=e))
            break
        game = game.copy()
    return out


def run(scenario: Scenario) -> list[tuple[Step, tuple[Event, ...] | Answer]]:
    """Play the scenario: each step with its events (``do``) or its answer (``ask``). Raises
    :class:`ScenarioError` at the first illegal step, naming its line and the rule."""
    out: list[tuple[Step, tuple[Event, ...] | Answer]] = []
    for frame in frames(scenario)[1:]:
        step, e = frame.step, frame.refusal
        assert step is not None
        if e is not None:
            raise ScenarioError(scenario.path, step.line, f"“{step.text}”：{e.zh}", f"{step.text!r}: {e.en}",
                                rule=e.rule)
        out.append((step, frame.events if frame.answer is None else frame.answer))
    return out


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A step that differs under another rule set: ``kind`` is ``legality`` (allowed under one, refused under
    the other; ``zh``/``en`` say why), ``events`` (it causes other events), ``answer`` (the checkpoint's
    answer differs; not said, the learner still has to answer it) or ``unreached`` (an earlier step was refused)."""

    number: int
    kind: str
    zh: str = ""
    en: str = ""


def _outcome(frame: Frame) -> object:
    return [(e.kind, e.seat, e.other, e.en) for e in frame.events]


def rule_changes(scenario: Scenario, other: Ruleset | str) -> list[RuleChange]:
    """The steps of ``scenario`` whose legality, events or checkpoint answer change under ``other``."""
    base = frames(scenario)
    mine = frames(scenario, other)
    changes = []
    for frame in base[1:]:
        if frame.number >= len(mine):
            changes.append(RuleChange(frame.number, "unreached"))
            break
        theirs = mine[frame.number]
        if (frame.refusal is None) != (theirs.refusal is None):
            why = theirs.refusal or frame.refusal
            assert why is not None
            changes.append(RuleChange(frame.number, "legality", why.zh, why.en))
        elif frame.answer is not None and theirs.answer is not None:
            if json.dumps(frame.answer.data, sort_keys=True) != json.dumps(theirs.answer.data, sort_keys=True):
                changes.append(RuleChange(frame.number, "answer"))
        elif _outcome(frame) != _outcome(theirs):
            changes.append(RuleChange(frame.number, "events"))
    return changes


def _check_going_out(action: Action, events: tuple[Any, ...], rules: Ruleset) -> None:
    r"""Refuse a step whose seat goes out against the rule set: under 憋三 the last play is all 3s.

    The engine lets a hand of a position go out with whatever it holds (a puzzle gives only the cards that
    matter); a scenario that teaches a rule set must not show a way out that the rule set forbids.

    >>> sc = Scenario.from_text('rules: qingdao\nleader: 0\nhands: {0: "K", 1: "5"}\nsteps: [{do: seat 0 plays K}]')
    >>> run(sc)
    Traceback (most recent call last):
    ...
    gouji_teach.rules.scenario.ScenarioError: <scenario>:4: “seat 0 plays K”：憋三：最后一手牌必须全是3...
    """
    if not rules.bie_san or action.cards is None:
        return
    out = any(e.kind == EventKind.OUT and e.seat == action.seat for e in events)
    if out and any(card.rank != Rank.THREE for card in parse_cards(action.cards)):
        raise IllegalActionError(
            f"憋三：最后一手牌必须全是3，座位{action.seat}却用{action.cards}走了"
            f"【biesan, {cite('biesan', rules, 'zh')}】",
            f"憋三: the last play must be all 3s, but seat {action.seat} goes out with {action.cards} "
            f"[biesan, {cite('biesan', rules)}]",
            rule="biesan",
        )


def check_file(path: str | Path, rules: Ruleset | str | None = None) -> list[Problem]:
    """Every problem of a scenario file (empty: the file is fine): its structure, its hands, and the legality
    of every step in order (checking stops at the first illegal step: later steps depend on it); under ``rules``
    instead of the file's own rule set if given."""
    try:
        scenario = Scenario.load(path)
        results = run(scenario if rules is None else scenario.with_rules(rules))
        shown = frames(scenario, rules)
    except ScenarioError as e:
        return [Problem(x.path, x.line, x.detail_zh, x.detail_en) for x in (e, *e.more)]
    problems = []
    for number, (step, result) in enumerate(results, start=1):
        if not isinstance(result, Answer):
            continue
        before = results[number - 2] if number > 1 else None
        why = gives_away(step, result) or told_before(number, step, result, before) or told_earlier(
            number, step, result, shown)
        if why is not None:
            problems.append(Problem(str(path), step.line, *why))
        if (title := told_by_title(scenario, number, step, result)) is not None:
            problems.append(Problem(str(path), scenario.lines.get("title", 1), *title))
    return problems


_SEAT_IN_TEXT = re.compile(r"(?:座位|seats?\s*)([0-5](?:\s*(?:,|、|and|和)\s*[0-5])*)", re.IGNORECASE)


def _named_seats(texts: Any) -> set[int]:
    """The seats a text names (``座位1``, ``seats 1 and 4``)."""
    return {int(n) for text in texts for m in _SEAT_IN_TEXT.finditer(text) for n in re.findall(r"[0-5]", m.group(1))}


def _answer_seats(result: Answer) -> set[int]:
    """The seats a checkpoint's answer names: who may act, who opened, who is 闷ed, who is out (none for the
    yes/no questions and the record)."""
    data = result.data
    if isinstance(data, dict) and "may" in data:
        return {int(s) for s in data["may"]}
    if isinstance(data, dict) and "open" in data:
        return set(data["open"]) | set(data["pending"])
    if isinstance(data, list) and all(isinstance(x, int) for x in data):
        return set(data)
    if isinstance(data, list) and all(isinstance(x, dict) and "victim" in x for x in data):
        return {x["victim"] for x in data}
    return set()


#: The engine's events that tell what a checkpoint asks: a 开点 (the 认点 that makes one, the 4s that make it stand)
#: tells who opened, a 闷 who is 闷ed, a seat going out who is out, a round won, a lead handed on or a revolution's
#: three plays announced who acts next.
_TELLS = {Ask.OPENED: {EventKind.KAIDIAN, EventKind.CONCEDE, EventKind.FASI}, Ask.MEN: {EventKind.MEN},
          Ask.OUT: {EventKind.OUT},
          Ask.MAY_ACT: {EventKind.ROUND, EventKind.JIEFENG, EventKind.DUITOU_LEADS, EventKind.DUEL,
                        EventKind.REVOLT_LEAD}}


def told_before(number: int, step: Step, result: Answer,
                before: tuple[Step, tuple[Event, ...] | Answer] | None) -> tuple[str, str] | None:
    """Why the step before checkpoint ``number`` (``step``, answered ``result``) tells its answer (``None``: it
    does not). The learner reads that step's narration and the engine's events it causes one click before the
    question: they name no seat the answer names (who may act, who opened, who is 闷ed, who is out). ``before`` is
    that step with its events, or with its answer if it is a checkpoint too (an answer is not narration: the
    learner finds it).

    >>> sc = Scenario.from_text(\'\'\'
    ... rules: qingdao
    ... leader: 0
    ... hands: {0: "KK 5", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    ... steps:
    ...   - do: seat 0 plays KK
    ...   - do: seat 3 passes
    ...   - ask: who opened
    ... \'\'\')
    >>> (step, events), (ask, answer) = run(sc)[1:]
    >>> told_before(3, ask, answer, (step, events))[1]
    "step 3, checkpoint 'who opened': step 2 already tells its answer (seat 0): ask before it, or later"
    """
    if before is None:
        return None
    previous, said = before
    kind = Question.parse(step.text).kind
    texts = [previous.say_zh, previous.say_en]
    if not isinstance(said, Answer):
        texts += [x for e in said if e.kind in _TELLS.get(kind, set()) for x in (e.zh, e.en)]
    told = tells(texts, step, result, here=True)
    if told is None:
        return None
    return (f"第{number}步的检查点“{step.text}”：第{number - 1}步已经说出了答案（{told[0]}）："
            "把问题放到那一步前面，或者再往后",
            f"step {number}, checkpoint {step.text!r}: step {number - 1} already tells its answer ({told[1]}): "
            "ask before it, or later")


def tells(texts: Any, step: Step, result: Answer, *, here: bool) -> tuple[str, str] | None:
    """What of checkpoint ``step``'s answer ``result`` the ``texts`` say (``None``: nothing), in Chinese and
    English: the seats it names (who may act, who opened, who is 闷ed, who is out) when the texts are about the
    position it asks about (``here``); the very action a "can seat N …"/"what if seat N …" asks about (seat and
    cards); or its verdict in words: "不开点"/"开点" for who opened (nobody, or the seats named), "闷" for who is
    闷ed, the 开点, 闷 and 烧失败 a what-if causes, "能烧"/"不能烧"… for a can question. The check uses it for the
    step before a checkpoint, every earlier step and the scenario's title.

    >>> step = Step(StepKind.ASK, "who opened", 5)
    >>> tells(["单张2不开点"], step, Answer("who opened", "没有", "nobody", {"open": [], "pending": []}), here=False)
    ('“不开点”', '“不开点”')
    >>> tells(["开点以后发四"], step, Answer("who opened", "没有", "nobody", {"open": [], "pending": []}), here=False)
    """
    texts = [x for x in texts if x]
    if here and (told := sorted(_named_seats(texts) & _answer_seats(result))):
        return _seats(told)
    question = Question.parse(step.text)
    action = question.action
    if question.kind == Ask.CAN and action is not None and any(_names_action(text, action) for text in texts):
        return action_words(action)
    parts = [part for text in texts for part in re.split(r"(?<=[。；!！.;])", text) if not part.rstrip().endswith(
        ("？", "?"))]  # a question asks, it does not tell
    for term, yes, seats in _verdicts(question, result):
        for text in parts:
            if term.startswith("can:") and _named_seats([text]):
                continue  # a can question's verdict in general words only: its seat's own are its action
            if (said := _says(text, term, yes, seats)) is not None:
                return f"“{said}”", f"“{said}”"
    return None


#: The words of a verdict: a term and how a text says it (yes), or says it is not so (no).
_TERMS: dict[str, tuple[str, str]] = {
    "开点": (r"(?<![不没无])(?:开点|开了点|过点)(?![后前以之吗？?])",
             r"(?:不|没|没有|不能再?|不再|无)(?:开点|开了点|过点)"),
    "闷": (r"(?<![不没])(?:被\S{0,4}闷|闷了)", r"(?:不|没|没有|没人)被?闷"),
    "烧失败": (r"烧失败|算大落", r"(?!)"),
}
#: A can question's verb said with its modal: "能烧" (it may), "不能烧"/"不再烧" (it may not).
_CAN_VERBS = {"play": "[出上压接发]", "burn": "烧", "yield": "让", "revolt": "革命", "pass": "过",
              "yaotou": "要头", "wutou": "无头", "xuandian": "宣点"}
_VERDICT_EVENTS = {EventKind.KAIDIAN: ("开点", True), EventKind.KAIDIAN_LAPSED: ("开点", False),
                   EventKind.MEN: ("闷", True), EventKind.BURN_FAILED: ("烧失败", True)}


def _verdicts(question: Question, result: Answer) -> list[tuple[str, bool, set[int]]]:
    """The verdicts of a checkpoint's answer: (term, whether it holds, the seats it holds for; none: nobody)."""
    data = result.data
    if question.kind == Ask.OPENED:
        return [("开点", bool(_answer_seats(result)), _answer_seats(result))]
    if question.kind == Ask.MEN:
        return [("闷", bool(data), _answer_seats(result))]
    if question.kind == Ask.WHAT_IF and isinstance(data, list):
        return [(*_VERDICT_EVENTS[e["kind"]], {e["seat"]}) for e in data if e["kind"] in _VERDICT_EVENTS]
    if question.kind == Ask.CAN and question.action is not None:
        return [(f"can:{question.action.kind}", bool(data), {question.action.seat})]
    return []


def _says(text: str, term: str, yes: bool, seats: set[int]) -> str | None:
    """The words of ``text`` that say ``term`` holds (``yes``) or does not, if any: for ``seats``, in a text that
    names no seat or right after one of them ("座位0开点"); for nobody (no seats), in a text that names no seat."""
    if term.startswith("can:"):
        verb = _CAN_VERBS[term[4:]]
        pattern = rf"(?<![不])(?:能|可以){verb}" if yes else rf"(?:不能|不可以|不许|不再|没有)再?{verb}"
    else:
        pattern = _TERMS[term][0 if yes else 1]
    if _named_seats([text]):
        if not seats:
            return None
        pattern = rf"座位[{''.join(map(str, sorted(seats)))}][^座，。；：,.;:]{{0,8}}?(?:{pattern})"
    m = re.search(pattern, text)
    return m.group(0) if m else None


_CARD_RUN = re.compile(r"[0-9TJQKAXD]+(?:\s+[0-9TJQKAXD]+)*")


def _names_action(text: str, action: Action) -> bool:
    """Whether ``text`` names the seat of ``action``, its verb and its cards (in any order): "座位3 … 出 DD999"."""
    verb = _CAN_VERBS.get(action.kind, "")
    if action.cards is None or action.seat not in _named_seats([text]) or not re.search(
            rf"{verb}|{ACTION_KINDS[action.kind][0]}", text):
        return False
    wanted = sorted(c.notation for c in parse_cards(action.cards))
    for run in _CARD_RUN.findall(text.replace(f"座位{action.seat}", " ")):
        try:
            if sorted(c.notation for c in parse_cards(run)) == wanted:
                return True
        except (GoujiError, ValueError):
            continue
    return False


def instead(game: Game, action: Action) -> Action | None:
    """What the seat of a refused ``action`` may do instead (its first legal action; ``None`` if the action is
    allowed or the seat has none): the counter-example a checkpoint's feedback shows a learner who said yes."""
    if game.why_not(action) is None:
        return None
    actions = game.legal_actions(action.seat)
    return actions[0] if actions else None


def told_earlier(number: int, step: Step, result: Answer, shown: list[Frame]) -> tuple[str, str] | None:
    """Why a step before checkpoint ``number`` (``shown``: the frames up to it) tells its answer (``None``: none
    does): its narration, or, for a checkpoint, the answer and explanation its feedback shows (and the
    counter-example shown to a learner who answers yes to a refused move, :func:`instead`); of the engine's
    events, those that tell what the checkpoint asks (a 开点 for who opened …). Seats count only where the step
    shows the position the checkpoint asks about (no action between them), or in an event that made a seat open
    or 闷ed (:func:`tells`)."""
    kind = Question.parse(step.text).kind
    here = True
    for frame in reversed(shown[1:number]):
        previous = frame.step
        assert previous is not None
        texts = [previous.say_zh, previous.say_en]
        if frame.answer is not None:
            texts += [frame.answer.zh, frame.answer.en]
            question = previous.question
            other = instead(frame.game, question.action) if question is not None and question.action else None
            texts += list(action_words(other)) if other is not None and question is not None \
                and question.kind == Ask.CAN else []
        events = [x for e in frame.events if e.kind in _TELLS.get(kind, set()) for x in (e.zh, e.en)]
        told = tells(texts, step, result, here=here) or tells(events, step, result, here=here or kind in (
            Ask.OPENED, Ask.MEN))
        if told is not None:
            return (f"第{number}步的检查点“{step.text}”：前面第{frame.number}步已经说出了答案（{told[0]}）："
                    "改掉那一步，或者把问题放到它前面",
                    f"step {number}, checkpoint {step.text!r}: the earlier step {frame.number} already tells its "
                    f"answer ({told[1]}): change that step, or ask before it")
        if previous.kind == StepKind.DO:
            here = False
    return None


def told_by_title(scenario: Scenario, number: int, step: Step, result: Answer) -> tuple[str, str] | None:
    """Why the scenario's title tells checkpoint ``number``'s answer (``None``: it does not): a title names the
    topic, never the result (:func:`tells`).

    >>> sc = Scenario.from_text('''
    ... title: {zh: 单张2不开点, en: "A single 2 never opens"}
    ... rules: qingdao
    ... leader: 0
    ... hands: {0: "2 5", 1: "7 8", 2: "7 8", 3: "7 8", 4: "7 8", 5: "7 8"}
    ... steps: [{do: seat 0 plays 2}, {do: seat 3 passes}, {ask: who opened}]
    ... ''')
    >>> (ask, answer), = [x for x in run(sc) if x[0].kind == "ask"]
    >>> told_by_title(sc, 3, ask, answer)[1]  # doctest: +NORMALIZE_WHITESPACE
    "scenario 'A single 2 never opens': its title tells the answer of step 3, checkpoint 'who opened'
    (“不开点”): name the topic, not the result"
    """
    told = tells([scenario.title_zh, scenario.title_en], step, result, here=False)
    if told is None:
        return None
    return (f"场景“{scenario.title_zh}”：标题说出了第{number}步检查点“{step.text}”的答案（{told[0]}）："
            "标题只写主题，不写结论",
            f"scenario {scenario.title_en!r}: its title tells the answer of step {number}, "
            f"checkpoint {step.text!r} ({told[1]}): name the topic, not the result")


def gives_away(step: Step, result: Answer) -> tuple[str, str] | None:
    """Why the narration of a checkpoint gives its answer away (``None``: it does not). The narration of an
    ``ask`` step is shown while the learner answers: it may set the scene and ask, never tell. It names no seat
    that the answer names (who may act, who opened, who is 闷ed, who is out), and a yes/no question's narration
    ends with a question mark.

    >>> step = Step("ask", "who may act", 3, "下一个是座位1。", "Next comes seat 1.")
    >>> gives_away(step, Answer("who may act", "", "", {"to_act": 1, "may": {"1": ["play"]}}))[1]
    'the narration of this checkpoint names seat 1, which its answer names: say it in a later step'
    """
    if step.kind != StepKind.ASK or not (step.say_zh or step.say_en):
        return None
    data = result.data
    told = sorted(_named_seats((step.say_zh, step.say_en)) & _answer_seats(result))
    if told:
        zh_seats, en_seats = _seats(told)
        return (f"检查点的说明提到了{zh_seats}，而答案里也有：请放到后面的步骤里说",
                f"the narration of this checkpoint names {en_seats}, which its answer names: say it in a later step")
    yes_no = isinstance(data, bool | None) or Question.parse(step.text).kind == Ask.WHAT_IF
    if yes_no and not all(text.rstrip().endswith(("?", "？")) for text in (step.say_zh, step.say_en) if text):
        return ("是非题的说明只能提问（以问号结尾），不能先说答案",
                "the narration of a yes/no checkpoint may only ask (end with a question mark), never tell the "
                "answer")
    return None


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
        if step.kind == StepKind.DO:
            lines.append(f"[{number}] {step.text}")
            for e in result:  # type: ignore[union-attr]  # a DO step yields its events, a checkpoint its answer
                lines.append(f"    {e.zh}")
                lines.append(f"    {e.en}")
        else:
            lines.append(f"[{number}] ? {step.text}")
            # (ignore below: a DO step yields its events, a checkpoint its answer)
            lines.append(f"    {result.zh}")  # type: ignore[union-attr]
            # (ignore below: a DO step yields its events, a checkpoint its answer)
            lines.append(f"    {result.en}")  # type: ignore[union-attr]
        if step.say_zh:
            lines.append(f"    > {step.say_zh}")
        if step.say_en and step.say_en != step.say_zh:
            lines.append(f"    > {step.say_en}")
    return "\n".join(lines) + "\n"
