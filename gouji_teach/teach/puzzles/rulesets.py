"""Puzzles about the rule sets side by side (stage 15): under which rule sets does this beat that, is this 够级,
can this 开点? Answered by a set of rule sets, compared as a set; each rule set's verdict comes from the engine
under that rule set. Levels: ``easy`` a question about 2s (贴钱, how many 2s are 够级) with no joker; ``medium``
which plays can 开点; ``hard`` plays with jokers (挂花, 大花 kills).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ...rules.cards import Rank
from ...rules.compare import beats
from ...rules.errors import GoujiError, OptionError
from ...rules.gouji import can_kaidian, is_gouji
from ...rules.plays import Play
from ...rules.rulebook import RULES
from ...rules.rulesets import PRESETS, Ruleset, find_ruleset
from ...rules.verdicts import Verdict
from ...show.i18n import register, t
from ..dealing import random_play
from .base import SEP_EN, SEP_ZH, AnsweredBy, Choice, Feedback, Puzzle, both, tagged
from .choices import PRESET_RULESETS
from .kinds import declare, evenly

__all__ = ["RulesetsPuzzle", "parse_rulesets"]

register({
    "sit.nobody": ("没有人", "nobody"),
    "sit.rs.beats": ("在哪些规则下{ch}能大过{tg}？", "Under which rule sets does {ch} beat {tg}?"),
    "sit.rs.gouji": ("在哪些规则下{cards}是够级牌？", "Under which rule sets is {cards} 够级?"),
    "sit.rs.kaidian": ("在哪些规则下{cards}能开点？", "Under which rule sets can {cards} 开点?"),
    "sit.rs.notplay": ("{title}下这不是一手牌：{why}", "under the rule set “{title}” this is no play: {why}"),
    "sit.rs.wrong.in": ("{title}下不成立：{why}", "not under the rule set “{title}”: {why}"),
    "sit.rs.wrong.out": ("你的答案漏了一种规则：想想“{rule}”在各规则里的不同。",
                         "Your answer leaves out a rule set: think of how “{rule}” differs between them."),
    "sit.rs.line": ("{title}：{mark} {why}", "{title}: {mark} {why}"),
    "sit.rs.bad": ("请选规则（例如 青岛、临沂；都不选写 -）：{answer}",
                   "Pick rule sets (e.g. Qingdao, Linyi; - for none): {answer}"),
    "sit.rs.submit": ("就是这些规则", "These rule sets"),
    "sit.rs.type": ("或者输入规则名（例如 青岛、临沂；都不是写 -），按回车：",
                    "or type the rule sets (e.g. Qingdao, Linyi; - for none) and press Enter:"),
    "sit.rs.placeholder": ("例如 青岛、临沂", "e.g. Qingdao, Linyi"),
})

# -- the four rule sets ------------------------------------------------------------------------------------------

_TITLES = {r.name: (r.title_zh, r.title_en) for r in PRESET_RULESETS}
#: What a learner may type for a rule set: its name, its titles, and the place (or 通俗, "standard") in either
#: language.
_NAMES = {**{r.name: r.name for r in PRESET_RULESETS}, **{r.title_zh: r.name for r in PRESET_RULESETS},
          **{r.title_en.lower(): r.name for r in PRESET_RULESETS},
          "青岛": "qingdao", "临沂": "linyi", "通俗": "tongsu", "枣庄": "zaozhuang", "standard": "tongsu"}


def parse_rulesets(answer: str) -> frozenset[str] | None:
    """The rule sets of an answer such as ``"qingdao, linyi"`` or ``"青岛、临沂"`` (``"-"``: none), or ``None`` when
    it is not a list of rule-set names.

    >>> sorted(parse_rulesets("linyi,QINGDAO")), parse_rulesets("-"), parse_rulesets("paris")
    (['linyi', 'qingdao'], frozenset(), None)
    >>> sorted(parse_rulesets("青岛、临沂")), sorted(parse_rulesets("Qingdao, standard"))
    (['linyi', 'qingdao'], ['qingdao', 'tongsu'])
    """
    text = str(answer).strip()
    if text == "-":
        return frozenset()
    parts = [p for p in re.split(r"[\s,，、;；]+", text.lower()) if p]
    if not parts or len(text) > 80 or any(p not in _NAMES for p in parts):
        return None
    return frozenset(_NAMES[p] for p in parts)


def _verdict_under(question: str, cards: tuple[str, str], rules: Ruleset) -> tuple[bool, str, str, str]:
    """(holds?, reason zh, reason en, rule id) of a rule-set question under ``rules``."""
    try:
        first = Play.parse(cards[0], rules)
        second = Play.parse(cards[1], rules) if cards[1] else None
    except GoujiError as e:
        return False, t("sit.rs.notplay", "zh", title=rules.title_zh, why=e.zh), \
            t("sit.rs.notplay", "en", title=rules.title_en, why=e.en), e.rule or "play.tieqian"
    if question == "beats":
        # (ignore below: a "beats" question always has a second play)
        verdict: Verdict = beats(first, second, rules)  # type: ignore[arg-type]
    elif question == "gouji":
        verdict = is_gouji(first)
    else:
        verdict = can_kaidian(first) if is_gouji(first) else is_gouji(first)
        return bool(verdict) and bool(is_gouji(first)), verdict.reason_zh, verdict.reason_en, verdict.rule
    return bool(verdict), verdict.reason_zh, verdict.reason_en, verdict.rule


@dataclass(frozen=True)
class RulesetsPuzzle(Puzzle, kind="rulesets", answered_by=AnsweredBy.RULESETS,
                     hint=("一种规则一种规则地想：张数、贴钱、挂花、几张2够级、哪些能开点。",
                           "Take the rule sets one by one: sizes, 贴钱, jokers, how many 2s are 够级, what may "
                           "开点.")):
    """Under which rule sets does ``cards[0]`` beat ``cards[1]`` (``question="beats"``), is ``cards[0]`` 够级
    (``"gouji"``), can it 开点 (``"kaidian"``)? The answer is a set of rule-set names (``"qingdao,linyi"``;
    ``"-"`` for none), compared as a set; each rule set's verdict comes from the engine under that rule set.

    >>> p = RulesetsPuzzle("gouji", ("2", ""), rules="linyi")
    >>> p.check("qingdao,linyi,zaozhuang").correct, p.check("-").correct
    (True, False)
    """

    question_kind: str
    cards: tuple[str, str]
    level: str = "easy"

    def _own_rules(self) -> Ruleset:
        return find_ruleset(None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", find_ruleset(self.rules))
        super().__post_init__()
        if self.question_kind not in ("beats", "gouji", "kaidian"):
            raise OptionError("question_kind", self.question_kind, "规则集对比题问 beats、gouji 或 kaidian",
                              "a rule-set question asks 'beats', 'gouji' or 'kaidian'")

    def verdicts(self) -> dict[str, tuple[bool, str, str, str]]:
        return {r.name: _verdict_under(self.question_kind, self.cards, r) for r in PRESET_RULESETS}

    def answer(self) -> frozenset[str]:
        return frozenset(name for name, v in self.verdicts().items() if v[0])

    @property
    def choices(self) -> tuple[Choice, ...]:
        """Four sets for a plain choice widget (the quiz uses :class:`RulesetPickWidget`): the engine's and the
        three a learner gets by misjudging one or both of two rule sets (drawn from the puzzle's id): one under
        which the answer holds and one under which it does not, where there are both, so that the right set is
        neither the largest nor the smallest of the four. The four are the corners of a square, so no choice is
        the centre of the others, and they come in a drawn order."""
        rng = random.Random(self.puzzle_id or repr(self.cards))
        right = self.answer()
        names = [r.name for r in PRESET_RULESETS]
        inside, outside = [n for n in names if n in right], [n for n in names if n not in right]
        a, b = (rng.choice(inside), rng.choice(outside)) if inside and outside else rng.sample(names, 2)
        sets = [right, right ^ {a}, right ^ {b}, right ^ {a, b}]
        rng.shuffle(sets)
        return tuple(Choice(",".join(sorted(x)) or "-", *self._names(x)) for x in sets)

    @staticmethod
    def _names(names: frozenset[str]) -> tuple[str, str]:
        chosen = [r for r in PRESET_RULESETS if r.name in names]
        if not chosen:
            return both("sit.nobody")
        return "、".join(r.title_zh for r in chosen), ", ".join(r.title_en for r in chosen)

    def question(self) -> tuple[str, str]:
        if self.question_kind == "beats":
            return (t("sit.rs.beats", "zh", ch=self.cards[0], tg=self.cards[1]),
                    t("sit.rs.beats", "en", ch=self.cards[0], tg=self.cards[1]))
        return both(f"sit.rs.{self.question_kind}", cards=self.cards[0])

    def rule_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v[3] for v in self.verdicts().values()))

    def check(self, answer: str) -> Feedback:
        chosen = parse_rulesets(answer)
        if chosen is None:
            return Feedback(False, *both("sit.rs.bad", answer=str(answer)[:40]))
        right = self.answer()
        if chosen == right:
            return self.solution()
        verdicts = self.verdicts()
        extra = [r.name for r in PRESET_RULESETS if r.name in chosen - right]
        if extra:
            name = extra[0]
            _, zh, en, rule = verdicts[name]
            rules = PRESETS[name]
            zh, en = tagged(zh, en, rule, rules)
            return Feedback(False, t("sit.rs.wrong.in", "zh", title=rules.title_zh, why=zh),
                            t("sit.rs.wrong.in", "en", title=rules.title_en, why=en), rule_ids=(rule,))
        missing = next(r.name for r in PRESET_RULESETS if r.name in right - chosen)
        rule = verdicts[missing][3]
        title = RULES[rule]
        return Feedback(False, t("sit.rs.wrong.out", "zh", rule=title.zh), t("sit.rs.wrong.out", "en", rule=title.en),
                        rule_ids=(rule,))

    def solution(self) -> Feedback:
        lines_zh, lines_en = [], []
        for name, (ok, zh, en, rule) in self.verdicts().items():
            rules = PRESETS[name]
            zh, en = tagged(zh, en, rule, rules)
            mark = "✔" if ok else "✘"
            lines_zh.append(t("sit.rs.line", "zh", title=rules.title_zh, mark=mark, why=zh))
            lines_en.append(t("sit.rs.line", "en", title=rules.title_en, mark=mark, why=en))
        return Feedback(True, SEP_ZH.join(lines_zh), SEP_EN.join(lines_en), rule_ids=self.rule_ids())


def _rulesets_level(question: str, cards: tuple[str, str]) -> str:
    text = "".join(cards)
    if "D" in text or "X" in text:
        return "hard"
    return "medium" if question == "kaidian" else "easy"


def _rulesets_draw(rng: random.Random, level: str, rules: Ruleset) -> RulesetsPuzzle | None:
    """A question of the level with cards drawn from qingdao's deck (four packs, 贴钱: every card combination of
    the other rule sets), ``None`` when the cards drawn are of another level."""
    base = find_ruleset("qingdao")
    near = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    second = None
    if level == "easy":
        question = rng.choice(("gouji", "beats"))
        size = rng.choice((1, 2, 3)) if question == "gouji" else rng.choice((2, 3, 4))
        first = random_play(rng, size, base, level="medium", ranks=near)
        second = random_play(rng, size, base, level="medium") if question == "beats" else None
    elif level == "medium":
        question = "kaidian"
        first = random_play(rng, rng.choice((2, 3, 4, 5)), base, level="medium", ranks=near)
    else:
        question = rng.choice(("beats", "beats", "gouji"))
        size = rng.choice((2, 3, 4))
        first = random_play(rng, size, base, level="hard")
        longer = question == "beats" and rng.random() < 0.3
        second = random_play(rng, size - (1 if longer and size > 2 else 0), base, level="hard") \
            if question == "beats" else None
    cards = (first.notation, second.notation if second is not None else "")
    if _rulesets_level(question, cards) != level:
        return None
    return RulesetsPuzzle(question, cards, level=level, rules=rules)


#: A question of the level whose answer (the rule sets under which it holds) is drawn evenly among the answers
#: the level allows: at ``easy`` and ``medium`` the answers "all", "none" and one group are as frequent as each
#: other, not the one group most cards give. (A draw settles the question under the four rule sets: a smaller
#: survey, and answers of 1% of it at least, keep the first drill of a level quick and each drill's search short.)
_rulesets = evenly(_rulesets_draw, lambda p: ",".join(sorted(p.answer())), tries=300, survey=1000, rare=0.01)


declare(RulesetsPuzzle, _rulesets, level=lambda p: _rulesets_level(p.question_kind, p.cards), redraw=False,
        stages={"rulesets": ("easy", "medium", "hard", "hard"), "quiz": ("hard",)})
