"""What every puzzle is: a question whose answer the engine computes, checked by a pure function.

A puzzle shows a question and, for choice puzzles, its choices; the answer stays in this Python object (in
the kernel), never in a widget. ``check(answer)`` takes the learner's answer as untrusted input and returns
:class:`Feedback`. A right answer gets the full explanation with the deciding rule and its seed citation (the
same as ``solution()``). A wrong answer gets why *that* answer is wrong, the rule it breaks with its citation,
and a counter-example built from the learner's answer (the nearest position where it *would* be right), never
the right answer. An empty or unreadable answer is ``valid=False``: not an attempt. ``hint()`` names what to
look at and the rule.

A puzzle class says what it is when it is defined: its ``kind`` (the name of the question), how it is
answered (:class:`AnsweredBy`: one of its choices, cards from a hand, a set of seats or a set of rule sets,
which decides its widget) and its hint, in both languages::

    class BeatsPuzzle(Puzzle, kind="beats", hint=("先看张数……", "First check the sizes …")): ...

The helpers below without an underscore (``both``, ``feedback``, ``seat_names``, ``tagged``) are for the puzzle
modules of this package.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar

from ...rules.rulebook import RULES
from ...rules.rulesets import Ruleset
from ...rules.verdicts import cite
from ...rules.words import Lang
from ...show.i18n import named_rules, pick, register, t
from ...show.markup import Markup

__all__ = ["AnsweredBy", "Choice", "Feedback", "Puzzle"]

register({
    "puzzle.right": ("对了！", "Right!"),
    "puzzle.wrong.choice": ("“{choice}”不对。", "“{choice}” is not it. "),
    "puzzle.wrong.this": ("这个选项不对：", "This choice is not it: "),
    "puzzle.wrong.rule": ("要看的规则：{title}【{where}】", "The rule that decides: {title} [{where}]"),
    "puzzle.wrong.rule_only": ("要看的规则在这里：【{where}】", "The rule that decides is here: [{where}]"),
    "puzzle.wrong": ("不对。", "Not quite."),
    "puzzle.bad_answer": ("无法识别的答案：{answer}", "Unrecognised answer: {answer}"),
    "puzzle.hint.rule": ("规则：{title}", "Rule: {title}"),
    "puzzle.seats.none": ("没有人", "nobody"),
    "puzzle.rule": ("{text}【{rule}, {cite}】", "{text} [{rule}, {cite}]"),
})


class AnsweredBy(StrEnum):
    """How a puzzle is answered, which decides the controls its widget shows."""

    CHOICE = "choice"  # one of its choices, a button each
    CARDS = "cards"  # cards picked from a hand (or typed)
    SEATS = "seats"  # a set of seats, toggled (or typed: 1,4)
    RULESETS = "rulesets"  # a set of rule sets, toggled (or typed: qingdao,linyi)


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer a learner can pick; the key is what the widget sends back (it reveals nothing)."""

    key: str
    zh: str
    en: str

    def text(self, lang: Lang | None = None) -> str:
        return pick(self.zh, self.en, lang)


@dataclass(frozen=True, slots=True)
class Feedback:
    """The result of checking an answer.

    * right: ``zh``/``en`` are the full explanation with the deciding rule and its seed citation (as
      :meth:`Puzzle.solution` gives it);
    * wrong: ``zh``/``en`` say why *that* answer is wrong (the rule it breaks) and ``counter_zh``/``counter_en``
      give a counter-example built from the learner's own answer; neither states the right answer;
    * ``valid=False``: the answer was empty or unreadable; the text says what is wrong with it, and it is not
      counted as an attempt.
    """

    correct: bool
    zh: str
    en: str
    counter_zh: str = ""
    counter_en: str = ""
    rule_ids: tuple[str, ...] = ()
    #: ``False`` for an empty or unreadable answer: it is not an attempt (no star lost, nothing stored).
    valid: bool = True

    def __post_init__(self) -> None:
        # the English texts are built from parts (a verdict's reason, "seat 3", a play's name) that start in
        # lowercase; where one starts a sentence of the feedback it is capitalised here, once for every puzzle
        for name in ("en", "counter_en"):
            object.__setattr__(self, name, _sentence_starts().sub(lambda m: m.group(0).upper(), getattr(self, name)))

    def text(self, lang: Lang | None = None) -> str:
        """The feedback as a page shows it: in ``lang``, its rules by name (:func:`~.i18n.named_rules`)."""
        return named_rules(pick(self.zh, self.en, lang), lang)

    def counter(self, lang: Lang | None = None) -> str:
        """The counter-example as a page shows it (its rules by name, as :meth:`text`)."""
        return named_rules(pick(self.counter_zh, self.counter_en, lang), lang)


@cache
def _sentence_starts() -> re.Pattern[str]:
    """The first letter of each sentence of an English text: at its start, and after a full stop, "!" or "?"."""
    return re.compile(r"(?:^|(?<=[.!?] ))[a-z]")


def both(key: str, **values: object) -> tuple[str, str]:
    return t(key, "zh", **values), t(key, "en", **values)


@dataclass(frozen=True)
class Puzzle:
    """Base of all puzzles: an id (a drill's is ``kind/rules/level/number``, e.g. ``beats/linyi/hard/4711``) and
    the rule set it is asked under. A subclass names its ``kind``, how it is ``answered_by`` and its ``hint`` (Chinese,
    English; it may hold the fields of :meth:`_hint_values`) as class keywords; a subclass that names none is a
    base for others."""

    # (ignore below: None until __post_init__ resolves the rule set)
    rules: Ruleset = field(default=None, kw_only=True)  # type: ignore[assignment]
    puzzle_id: str = field(default="", kw_only=True)

    #: What the question asks (its hint is the message ``puzzle.hint.<kind>``).
    kind: ClassVar[str] = "puzzle"
    #: How it is answered: the widget's controls follow.
    answered_by: ClassVar[AnsweredBy] = AnsweredBy.CHOICE

    def __init_subclass__(cls, *, kind: str | None = None, answered_by: AnsweredBy | None = None,
                          hint: tuple[str, str] | None = None, **rest: Any) -> None:
        super().__init_subclass__(**rest)
        if kind is not None:
            cls.kind = kind
        if answered_by is not None:
            cls.answered_by = answered_by
        if hint is not None:
            register({f"puzzle.hint.{cls.kind}": hint})

    def __post_init__(self) -> None:
        if self.rules is None:  # default: the rule set the puzzle's plays were counted under
            object.__setattr__(self, "rules", self._own_rules())

    def _own_rules(self) -> Ruleset:
        raise NotImplementedError

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The answers to pick from (empty for puzzles answered by selecting cards)."""
        return ()

    def question(self) -> tuple[str, str]:
        raise NotImplementedError

    def rule_ids(self) -> tuple[str, ...]:
        """The rules this question exercises (for the mastery map)."""
        raise NotImplementedError

    def check(self, answer: str) -> Feedback:
        raise NotImplementedError

    def solution(self) -> Feedback:
        """The answer with its explanation, as the presenter reveals it."""
        raise NotImplementedError

    def picture(self, lang: Lang | None = None, scale: float = 1.0) -> Markup:
        """A picture the question shows besides its cards (HTML or SVG built by :mod:`gouji_teach.show.markup`, as
        the widget shows it; empty: none). It must not give the answer away."""
        return Markup()

    def choice_picture(self, key: str, lang: Lang | None = None) -> Markup:
        """A picture of the choice ``key`` (empty: none). When a puzzle's choices have pictures, the widget
        shows them side by side, lettered A, B, C ..., with buttons labelled by letter."""
        return Markup()

    def hint(self) -> tuple[str, str]:
        """What to look at (the kind's hint) and the title of the first rule the question exercises."""
        own = both(f"puzzle.hint.{self.kind}", **self._hint_values())
        title = RULES[self.rule_ids()[0]]
        rule = (t("puzzle.hint.rule", "zh", title=title.zh), t("puzzle.hint.rule", "en", title=title.en))
        return f"{own[0]} {rule[0]}", f"{own[1]} {rule[1]}"

    def _hint_values(self) -> dict[str, object]:
        return {}

    def _bad(self, answer: object) -> Feedback:
        zh, en = both("puzzle.bad_answer", answer=str(answer)[:40])
        return Feedback(False, zh, en, valid=False)

    def _rule_line(self, rule_id: str) -> tuple[str, str]:
        """The rule ``rule_id`` by title, with its id and its seed citation under the puzzle's rule set."""
        rule = RULES[rule_id]
        return (t("puzzle.wrong.rule", "zh", title=rule.zh, where=f"{rule_id}, {cite(rule_id, self.rules, 'zh')}"),
                t("puzzle.wrong.rule", "en", title=rule.en, where=f"{rule_id}, {cite(rule_id, self.rules)}"))

    def _cited(self, zh: str, en: str) -> tuple[str, str]:
        """``zh``/``en`` with the citation of each rule of :meth:`rule_ids` they do not cite yet: after the rule's
        title where they name it in brackets already (its first time), else at the end with its title, so that
        each rule is named once.

        >>> from gouji_teach.rules.engine import Game
        >>> from gouji_teach.teach.puzzles import WhoMayActPuzzle
        >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
        >>> _ = g.act("seat 0 plays KK")
        >>> WhoMayActPuzzle(g).solution().zh.count("只有对头")
        1
        """
        for rule_id in self.rule_ids():
            if f"{rule_id}," not in en:
                rule = RULES[rule_id]
                cited_zh = f"（{rule.zh}【{rule_id}, {cite(rule_id, self.rules, 'zh')}】）"
                cited_en = f" ({rule.en} [{rule_id}, {cite(rule_id, self.rules)}])"
                named_zh, named_en = f"（{rule.zh}）", f" ({rule.en})"
                zh = zh.replace(named_zh, cited_zh, 1) if named_zh in zh else zh + cited_zh
                en = en.replace(named_en, cited_en, 1) if named_en in en else en + cited_en
        return zh, en

    def _wrong(self, chosen: tuple[str, str] | None, *, rule: str | None = None, why: tuple[str, str] | None = None,
               counter: tuple[str, str] = ("", "")) -> Feedback:
        """The feedback on a wrong answer ``chosen`` (its text in Chinese and English): that it is not it, ``why``
        (by default the ``rule`` it breaks with its citation) and a ``counter``-example built from the learner's
        answer. Never the right answer: the tests check every kind for that. Its ``rule_ids`` (for the mastery
        map) are ``(rule,)``, or the puzzle's."""
        ids = (rule,) if rule else self.rule_ids()
        why = why or self._rule_line(ids[0])
        if chosen is None:  # a choice too long to quote (a list of payments): "this choice"
            lead = both("puzzle.wrong.this")
        else:
            lead = (t("puzzle.wrong.choice", "zh", choice=chosen[0]), t("puzzle.wrong.choice", "en", choice=chosen[1]))
        return feedback(False, lead[0] + why[0], lead[1] + why[1][:1].upper() + why[1][1:], *counter, ids)

    def _chosen(self, key: str) -> tuple[str, str]:
        """The text of the choice ``key`` in Chinese and English."""
        choice = next(c for c in self.choices if c.key == key)
        return choice.zh, choice.en


def feedback(correct: bool, zh: str, en: str, counter_zh: str = "", counter_en: str = "",
              rule_ids: tuple[str, ...] = (), *, valid: bool = True) -> Feedback:
    """Feedback whose texts (engine narration, refusals and settlement reasons with their seed citations) use
    typographic quotes: they read the same in the HTML the widget shows as in the kernel."""
    zh, en, counter_zh, counter_en = (x.replace("'", "’").replace('"', "”") for x in (zh, en, counter_zh, counter_en))
    return Feedback(correct, zh, en, counter_zh, counter_en, rule_ids, valid)


SEP_ZH, SEP_EN = "；", "; "


def seat_names(seats: Iterable[int]) -> tuple[str, str]:
    seats = sorted(set(seats))
    if not seats:
        return both("puzzle.seats.none")
    return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)


def tagged(zh: str, en: str, rule: str, rules: Ruleset) -> tuple[str, str]:
    """A text with its rule id and seed citation under ``rules``."""
    if f"[{rule}," in en:  # an engine or settlement text that names its rule already
        return zh, en
    zh_cite, en_cite = (cite(rule, rules, "zh"), cite(rule, rules)) if rule in RULES else ("", "")
    return (t("puzzle.rule", "zh", text=zh, rule=rule, cite=zh_cite),
            t("puzzle.rule", "en", text=en, rule=rule, cite=en_cite))

