"""Choice puzzles whose wrong choices are the mistakes learners make: another rule set's answer (the same position
replayed under it), a rule forgotten (the engine's answer with one switch of the rule set turned the other way),
or a named slip. They are drawn at random from all of those, so a choice is not more likely right for looking
like the others; a wrong one says why it is wrong, never what is right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from ...rules.errors import SetupError
from ...rules.rulebook import RULES
from ...rules.rulesets import PRESETS, Ruleset, SwitchChoice, switches
from ...rules.words import Lang
from ...show.i18n import register, t
from ...show.markup import Markup
from .base import Choice, Feedback, Puzzle, tagged

__all__ = ["ChoicePuzzle", "Option"]

register({
    "sit.wrong.rules": ("“{choice}”是{where}的结果，不是这里的：{why}",
                        "“{choice}” is what happens {where}, not here: {why}"),
    "sit.where.preset": ("{title}下", "under the rule set “{title}”"),
    "sit.where.switch": ("在“{switch}”的规则下", "where “{switch}”"),
    "sit.here": ("{title}：{switch}", "the rule set “{title}”: {switch}"),
    "sit.here.table": ("{title}有自己的一套（{switch}）", "the rule set “{title}” has its own ({switch})"),
    "sit.switch.off": ("没有“{meaning}”这一条", "no “{meaning}”"),
    "sit.switch.value": ("{meaning}：{value}", "{meaning}: {value}"),
})

PRESET_RULESETS = tuple(PRESETS.values())
_SWITCHES = switches()
#: The rule id that names each switch (for citations of a wrong answer's rule).
_RULE_OF_SWITCH: dict[str, str] = {}
for _rule in RULES.values():  # the first rule of a switch: the play rule before its tribute consequence
    if _rule.switch and not _rule.id.startswith("tribute."):
        _RULE_OF_SWITCH.setdefault(_rule.switch, _rule.id)
for _rule in RULES.values():
    if _rule.switch:
        _RULE_OF_SWITCH.setdefault(_rule.switch, _rule.id)

def _switch_words(name: str, value: object) -> tuple[str, str]:
    meta = _SWITCHES[name].metadata
    if isinstance(value, bool):
        if value:
            return meta["zh"], meta["en"]
        return t("sit.switch.off", "zh", meaning=meta["zh"]), t("sit.switch.off", "en", meaning=meta["en"])
    if not isinstance(value, str | int):  # a table: the rule set's own, cited
        return meta["zh"], meta["en"]
    zh_v, en_v = (value.zh, value.en) if isinstance(value, SwitchChoice) else (str(value), str(value))
    return (t("sit.switch.value", "zh", meaning=meta["zh"], value=zh_v),
            t("sit.switch.value", "en", meaning=meta["en"], value=en_v))


def _difference(here: Ruleset, there: Ruleset, relevant: Sequence[str]) -> str | None:
    """The first of the ``relevant`` switches on which two rule sets differ."""
    return next((s for s in relevant if getattr(here, s) != getattr(there, s)), None)


def elsewhere(choice: tuple[str, str], here: Ruleset, there: Ruleset, label: tuple[str, str] | None,
               relevant: Sequence[str]) -> tuple[str, str, str]:
    """Why a choice that is right under ``there`` (a preset, or ``here`` with a rule turned: ``label`` is
    ``None``) is wrong under ``here``: (zh, en, rule id)."""
    switch = _difference(here, there, relevant) or relevant[0]
    rule = _RULE_OF_SWITCH.get(switch, "turn.order")
    if label is not None:
        where = t("sit.where.preset", "zh", title=label[0]), t("sit.where.preset", "en", title=label[1])
    else:
        other = _switch_words(switch, getattr(there, switch))
        where = t("sit.where.switch", "zh", switch=other[0]), t("sit.where.switch", "en", switch=other[1])
    value = getattr(here, switch)
    if isinstance(value, str | int):
        mine = _switch_words(switch, value)
        why = (t("sit.here", "zh", title=here.title_zh, switch=mine[0]),
               t("sit.here", "en", title=here.title_en, switch=mine[1]))
    else:  # a table of the rule set's own
        meaning = _SWITCHES[switch].metadata
        why = (t("sit.here.table", "zh", title=here.title_zh, switch=meaning["zh"]),
               t("sit.here.table", "en", title=here.title_en, switch=meaning["en"]))
    zh, en = tagged(*why, rule, here)
    return (t("sit.wrong.rules", "zh", choice=choice[0], where=where[0], why=zh),
            t("sit.wrong.rules", "en", choice=choice[1], where=where[1], why=en), rule)


def variants(rules: Ruleset, relevant: Sequence[str]) -> Iterable[tuple[Ruleset, tuple[str, str] | None]]:
    """The preset rule sets (labelled with their titles) and, for each preset, the same with one relevant
    yes/no switch turned the other way (a rule forgotten or one rule set's rule taken for another's)."""
    for preset in PRESET_RULESETS:
        yield preset, (preset.title_zh, preset.title_en)
    for preset in PRESET_RULESETS:
        for name in relevant:
            value = getattr(preset, name)
            if isinstance(value, bool):
                yield preset.replace(**{name: not value}), None


# -- the choice puzzle ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a :class:`ChoicePuzzle`: its text and, for a wrong one, why it is wrong and the rule."""

    key: str
    zh: str
    en: str
    right: bool = False
    why_zh: str = ""
    why_en: str = ""
    rule: str = ""


@dataclass(frozen=True)
class ChoicePuzzle(Puzzle):
    """A question with a few choices, one right (the engine's answer) and the others mistakes a learner makes,
    each with why it is wrong. The choices come in an order drawn with the drill's seed, keyed ``a``, ``b``, …
    by place: neither their place nor their key says which is right. ``draw(lang, scale)`` draws the picture
    the widget shows with the question (hands, or the table), nothing of the answer."""

    question_zh: str
    question_en: str
    options: tuple[Option, ...]
    explanation_zh: str
    explanation_en: str
    rules_used: tuple[str, ...]
    level: str = "easy"
    draw: Callable[[str | None, float], Markup] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if sum(o.right for o in self.options) != 1 or len({o.key for o in self.options}) != len(self.options):
            raise SetupError("选择题的选项要各有各的 key，而且只有一个是对的",
                             "a choice puzzle needs distinct keys and exactly one right option")

    def _own_rules(self) -> Ruleset:
        raise SetupError("情景题要给出规则集（rules=…）",
                         "a situation puzzle is always asked under a rule set (rules=…)")

    def picture(self, lang: Lang | None = None, scale: float = 1.0) -> Markup:
        """The picture shown with the question, in ``lang``."""
        return self.draw(lang, scale) if self.draw is not None else Markup()

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(o.key, o.zh, o.en) for o in self.options)

    def question(self) -> tuple[str, str]:
        return self.question_zh, self.question_en

    def rule_ids(self) -> tuple[str, ...]:
        return self.rules_used

    def check(self, answer: str) -> Feedback:
        chosen = next((o for o in self.options if o.key == str(answer)), None)
        if chosen is None:
            return self._bad(answer)
        if chosen.right:
            return self.solution()
        return Feedback(False, chosen.why_zh, chosen.why_en, rule_ids=(chosen.rule,))

    def solution(self) -> Feedback:
        return Feedback(True, self.explanation_zh, self.explanation_en, rule_ids=self.rules_used)




Candidate = tuple[Hashable, tuple[str, str], tuple[str, str, str]]  # value, text, why wrong (zh, en, rule)


def draw_options(rng: random.Random, right: tuple[Hashable, tuple[str, str]], pool: Iterable[Candidate],
             *, count: int = 4, like: Callable[[Hashable], bool] | None = None) -> tuple[Option, ...]:
    """The right option and up to ``count - 1`` wrong ones drawn at random from ``pool`` (first of each value;
    none whose text is the right one's), in a seeded random order and keyed ``a``, ``b``, … by place. With
    ``like``, half the time one of the wrong ones is drawn among those ``like`` holds for, when there are some
    (so that the right one is not often the only one of its shape)."""
    seen: dict[Hashable, Candidate] = {}
    texts = {right[1][0]}
    for value, text, why in pool:
        if value != right[0] and value not in seen and text[0] not in texts:
            seen[value] = (value, text, why)
            texts.add(text[0])
    candidates = list(seen.values())
    similar = [c for c in candidates if like is not None and like(c[0])]
    wrong = [rng.choice(similar)] if similar and rng.random() < 0.5 else []
    rest = [c for c in candidates if c not in wrong]
    wrong += rng.sample(rest, min(count - 1 - len(wrong), len(rest)))
    items = [(right[1], True, ("", "", ""))] + [(text, False, why) for _, text, why in wrong]
    rng.shuffle(items)
    return tuple(Option(chr(ord("a") + n), text[0], text[1], ok, *why) for n, (text, ok, why) in enumerate(items))

