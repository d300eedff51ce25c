"""Puzzles about the situations a stage teaches, whose answers the engine and settlement compute.

Six kinds, each with seeded drills (``make_drill(kind, number, level=..., rules=...)``):

``revolution`` (革命, stage 11)
    A seat revolts (革命), perhaps plays its 冲点, perhaps another seat revolts too: what follows (who has opened,
    the 对头's head, a void hand)? Levels: ``easy`` one revolution and nothing else; ``medium`` a 冲点 whose
    plays are all answered or all not, or (where there is no 冲点) two revolutions; ``hard`` a 冲点 with some
    plays answered and some not, or (where there is no 冲点) the 对头's 要头/无头 choice and its first 够级 play.
``luanchan`` (四户乱缠 and 接风, stage 12)
    Who may act now that a seat has gone out? ``easy`` 接风 (nobody beat the last play of a seat that went
    out); ``medium`` a seat has just gone out and its last play is still on the table; ``hard`` a play in
    四户乱缠 (no 对头, passing or burning rules any more).
``yield`` (让牌, stage 6)
    Who may act after a 让牌? ``easy`` just after the 让牌; ``medium`` the first seat after it passed;
    ``hard`` the first seat after it played (where 002 §5 让牌 lets only that seat's 对头 answer).
``buy`` (买三, stage 10)
    A seat was dealt no 3: who sells it one, and what does it pay? ``easy`` its 对家 sells for a 2;
    ``medium`` another opponent sells, or it pays with a joker; ``hard`` no opponent can sell or it has
    nothing to pay with: a teammate gives one (要三).
``xuandian`` (宣点, stage 14)
    The 点贡 between a 宣点 seat and its 对家 after the hand. ``easy`` the 宣点 came true (the 对家 did not
    open, the declarer did); ``medium`` it did not (the 对家 opened, or the declarer itself did not);
    ``hard`` both 对家 declared 宣点.
``rulesets`` (the four rule sets, stage 15)
    Under which rule sets does this beat that, is this 够级, can this 开点? Answered as a set of rule sets and
    compared as a set. ``easy`` a question about 2s (贴钱, how many 2s are 够级) with no joker; ``medium``
    which plays can 开点; ``hard`` plays with jokers (挂花, 大花 kills).

:func:`level_of` measures the level of any drill (these kinds and the older ones) from the puzzle itself, so a
label is a fact about the drill, tested against what the generators claim.

Feedback (issue 11): a wrong answer says why *that* answer is wrong (the rule it breaks, or the rule set or the
forgotten rule under which it would be right) and never states the right answer; :meth:`~Puzzle.solution` and a
right answer give the whole explanation with the rule id and its seed citation, in Chinese and English.

Wrong choices are mistakes a learner makes: another rule set's answer (the same position replayed under it), a
rule forgotten (the engine's answer with that one switch of the rule set turned the other way), or a named
slip (taking the 上家 for the 对家, selling one's only 3, ...). They are drawn at random from all of those,
so a choice is not more likely right for looking like the others.

>>> from gouji_teach.teach.drills import make_drill
>>> p = make_drill("xuandian", 7, level="easy", rules="qingdao")
>>> right = [c for c in p.choices if p.check(c.key).correct]
>>> len(right), p.solution().correct
(1, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import partial

from ..bots.players import SimplePlayer
from ..rules.cards import BASE_RANKS, Card, Hand, Rank, build_deck, format_cards
from ..rules.compare import beats
from ..rules.engine import Game, KaidianState, Phase, opposite, team
from ..rules.errors import GoujiError, OptionError, SetupError
from ..rules.events import Action, ActionKind, EventKind
from ..rules.gouji import can_kaidian, is_gouji
from ..rules.plays import Play
from ..rules.record import GameRecord
from ..rules.rulesets import PRESETS, FoursBeforeKaidian, Ruleset, TributeKind, find_ruleset, switches
from ..rules.settlement import settle
from ..rules.verdicts import RULES, Verdict, cite
from ..show.i18n import register, t
from ..show.markup import HtmlFragment, Markup, SvgImage, el, html
from ..show.pictures import SeatView, TableView, hand_html, table_svg
from .dealing import cards_level, count_level, gouji_level, random_play, small_deal
from .puzzles import Choice, Feedback, Puzzle, WhoMayActPuzzle, parse_seats

__all__ = ["GENERATORS", "LEVEL_OF", "BuyPuzzle", "ChoicePuzzle", "LuanchanPuzzle", "Option", "RevolutionPuzzle",
           "RulesetsPuzzle", "XuandianPuzzle", "YieldPuzzle", "buy_puzzle", "honest", "level_of", "parse_rulesets",
           "revolution_puzzle", "xuandian_puzzle"]

register({
    "sit.seat": ("座位{n}", "seat {n}"),
    "sit.nobody": ("没有人", "nobody"),
    "sit.rule": ("{text}【{rule}, {cite}】", "{text} [{rule}, {cite}]"),
    "sit.wrong.rules": ("“{choice}”是{where}的结果，不是这里的：{why}",
                        "“{choice}” is what happens {where}, not here: {why}"),
    "sit.where.preset": ("{title}规则下", "under the rule set “{title}”"),
    "sit.where.switch": ("在“{switch}”的规则下", "where “{switch}”"),
    "sit.here": ("{title}规则：{switch}", "the rule set “{title}”: {switch}"),
    "sit.here.table": ("{title}规则有自己的一套（{switch}）", "the rule set “{title}” has its own ({switch})"),
    "sit.switch.off": ("没有“{meaning}”这一条", "no “{meaning}”"),
    "sit.switch.value": ("{meaning}：{value}", "{meaning}: {value}"),
    # revolution
    "sit.rev.q": ("{story}接下来的局面是什么？", "{story}What is the situation now?"),
    "sit.rev.story.revolt": ("座位{r}革命。", "Seat {r} revolts (革命). "),
    "sit.rev.story.duel": ("冲点：{plays}。", "冲点: {plays}. "),
    "sit.rev.story.lead": ("座位{r}发第{n}手：{play}", "seat {r} plays {play}"),
    "sit.rev.story.kill": ("座位{h}打掉：{play}", "seat {h} kills it with {play}"),
    "sit.rev.story.let": ("座位{h}不打", "seat {h} lets it pass"),
    "sit.rev.story.nochong": ("座位{r}不冲点。", "Seat {r} does not 冲点. "),
    "sit.rev.story.second": ("座位{s}也革命。", "Seat {s} revolts too. "),
    "sit.rev.story.head": ("座位{h}选{choice}，然后发牌：{play}。", "Seat {h} chooses {choice}, then leads {play}. "),
    "sit.rev.void": ("这局作废", "the hand is void"),
    "sit.rev.opened": ("开点：{seats}", "开点: {seats}"),
    "sit.rev.choosing": ("座位{h}要选要头还是无头", "seat {h} must choose 要头 or 无头"),
    "sit.rev.duel": ("座位{r}要向对头座位{h}出三手够级牌",
                     "seat {r} must now play three 够级 plays to its 对头, seat {h}"),
    "sit.rev.wutou": ("座位{h}无头", "seat {h} is 无头"),
    "sit.rev.youtou": ("革命失败，座位{h}有头", "the revolution failed and seat {h} keeps its head (有头)"),
    "sit.rev.answer": ("{seats}能接这手牌", "{seats} may answer this play"),
    "sit.rev.burnonly": ("没人能接，{seats}能烧", "nobody may answer it; {seats} may burn it"),
    "sit.rev.noone": ("没人能接也没人能烧", "nobody may answer or burn it"),
    "sit.rev.confused": ("“{choice}”把座位{k}当成了座位{r}的对头；对头是正对面的座位{h}",
                         "“{choice}” takes seat {k} for seat {r}'s 对头; the 对头 sits opposite: seat {h}"),
    # luanchan / yield
    "sit.luan.q": ("{story}现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                   "{story}Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "sit.luan.out": ("座位{s}刚走科。", "Seat {s} has just gone out. "),
    "sit.luan.jiefeng": ("座位{s}走科后这一轮结束了。", "Seat {s} went out and the round is over. "),
    "sit.luan.chan": ("已经走了两家：四户乱缠。", "Two seats are gone: 四户乱缠. "),
    "sit.played": ("座位{s}出了{play}", "seat {s} played {play}"),
    "sit.passes": ("座位{s}过牌", "seat {s} passed"),
    "sit.yield.q": ("{story}现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                    "{story}Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "sit.yield.did": ("座位{s}让牌。", "Seat {s} yields (让牌). "),
    "sit.yield.then": ("座位{s}让牌，然后{then}。", "Seat {s} yields (让牌); then {then}. "),
    "sit.luan.top": ("{played}。", "{played}. "),
    "sit.seats.cannot": ("座位{seat}现在不能行动：{why}", "seat {seat} may not act now: {why}"),
    "sit.seats.missing": ("你的答案漏了能行动的座位：想想“{title}”。",
                          "Your answer leaves out a seat that may act: think of “{title}”."),
    "sit.seats.answer": ("能行动的：{seats}。{whys}", "The seats that may act: {seats}. {whys}"),
    "sit.seats.bad": ("请选座位0到5（例如 1,4）：{answer}", "Pick seats 0 to 5 (e.g. 1,4): {answer}"),
    # buy
    "sit.buy.q": ("发牌后座位{s}手里没有3（手牌：{hand}）。按买三的规矩，谁给它一张3，它付什么？",
                  "After the deal seat {s} holds no 3 (its hand: {hand}). Under 买三, who gives it a 3, and "
                  "what does it pay?"),
    "sit.buy.sell": ("座位{k}卖，付一张{pay}", "seat {k} sells, for a {pay}"),
    "sit.buy.give": ("同帮座位{k}送，不付钱", "teammate seat {k} gives one, for nothing"),
    "sit.buy.none": ("没人给，它没有3", "nobody: it stays without a 3"),
    "sit.buy.answer": ("{what}。{why}", "{what}. {why}"),
    "sit.buy.order": ("“{choice}”：先问对家，再问下家、上家，最后隔一家的对手；座位{k}排在后面",
                      "“{choice}”: the 对家 is asked first, then the next and the previous seat, then the far "
                      "opponents; seat {k} comes later"),
    "sit.buy.only": ("“{choice}”：座位{k}只有一张3，自己要留着，不卖",
                     "“{choice}”: seat {k} holds a single 3, which it keeps"),
    "sit.buy.paywrong": ("“{choice}”：买三先付2，没有2才付小花，再没有才付大花",
                         "“{choice}”: a 3 is paid with a 2; with no 2, a 小花; with neither, a 大花"),
    "sit.buy.twosonly": ("“{choice}”：这套规则买三只能用钱（2），花不能买", "“{choice}”: under these rules a 3 is "
                         "bought with a 2 only, never with a joker"),
    "sit.buy.paymissing": ("“{choice}”：座位{s}手里没有{pay}", "“{choice}”: seat {s} holds no {pay}"),
    "sit.buy.friend": ("“{choice}”：同帮送三是最后的办法，只有对手卖不了或者没钱买时才要三",
                       "“{choice}”: a teammate gives a 3 only when no opponent can sell one or there is "
                       "nothing to pay with (要三)"),
    "sit.buy.free": ("“{choice}”：对手不白送，买三要付钱", "“{choice}”: an opponent does not give a 3 away; "
                     "it is bought"),
    "sit.buy.nobody": ("“{choice}”：没有3的人一定要买三或要三", "“{choice}”: a seat without a 3 must buy or "
                       "ask for one"),
    # xuandian
    "sit.xd.q": ("这一局：{declared}；开点：{opened}；走完的顺序：{order}。座位{s}和对家座位{o}之间进多少点贡？",
                 "This hand: {declared}; 开点: {opened}; finishing order: {order}. What 点贡 passes between seat "
                 "{s} and its 对家, seat {o}?"),
    "sit.xd.mark": ("宣点", "宣点 declared"),
    "sit.xd.place": ("第{n}个走完", "out {n}."),
    "sit.xd.declared": ("{seats}宣点", "{seats} declared 宣点"),
    "sit.xd.pays": ("座位{payer}给座位{receiver}点贡{n}张", "seat {payer} pays seat {receiver} {n} × 点贡"),
    "sit.xd.none": ("不进点贡", "no 点贡"),
    "sit.xd.swapped": ("“{choice}”方向反了：点贡总是由没做到的一方给做到的一方",
                       "“{choice}” goes the wrong way: 点贡 goes from the side that failed to the side that did not"),
    "sit.xd.misread.open": ("“{choice}”是座位{k}没开点时的点贡；再看看座位{k}开没开点",
                            "“{choice}” is the 点贡 if seat {k} had not opened; look again whether seat {k} opened"),
    "sit.xd.misread.closed": ("“{choice}”是座位{k}开了点时的点贡；再看看座位{k}开没开点",
                              "“{choice}” is the 点贡 if seat {k} had opened; look again whether seat {k} opened"),
    "sit.xd.forgot": ("“{choice}”是没人宣点时的点贡；宣了点，点贡按宣点算",
                      "“{choice}” is the 点贡 when nobody declares 宣点; a 宣点 changes it"),
    # rulesets
    "sit.rs.beats": ("在哪些规则下{ch}能大过{tg}？", "Under which rule sets does {ch} beat {tg}?"),
    "sit.rs.gouji": ("在哪些规则下{cards}是够级牌？", "Under which rule sets is {cards} 够级?"),
    "sit.rs.kaidian": ("在哪些规则下{cards}能开点？", "Under which rule sets can {cards} 开点?"),
    "sit.rs.notplay": ("{title}规则下这不是一手牌：{why}", "under the rule set “{title}” this is no play: {why}"),
    "sit.rs.wrong.in": ("{title}规则下不成立：{why}", "not under the rule set “{title}”: {why}"),
    "sit.rs.wrong.out": ("你的答案漏了一种规则：想想“{rule}”在各规则里的不同。",
                         "Your answer leaves out a rule set: think of how “{rule}” differs between them."),
    "sit.rs.line": ("{title}：{mark} {why}", "{title}: {mark} {why}"),
    "sit.rs.bad": ("请选规则（例如 青岛、临沂；都不选写 -）：{answer}",
                   "Pick rule sets (e.g. qingdao,linyi; - for none): {answer}"),
    "sit.rs.submit": ("就是这些规则", "These rule sets"),
    "sit.rs.type": ("或者输入规则名（例如 青岛、临沂；都不是写 -），按回车：",
                    "or type the rule sets (e.g. qingdao,linyi; - for none) and press Enter:"),
    "sit.rs.placeholder": ("例如 青岛、临沂", "e.g. qingdao,linyi"),
    # hints
    "sit.hint.revolution": ("先看有没有冲点、冲点的三手牌有没有被打掉，再看对头能不能选要头。",
                            "Is there a 冲点, and were its plays killed? Then: may the 对头 choose 要头?"),
    "sit.hint.luanchan": ("走了两家以后就是四户乱缠；走科那手牌没人要，下家接风。",
                          "Two seats gone: 四户乱缠. If nobody beats a seat's last play, the next seat leads (接风)."),
    "sit.hint.yield": ("让牌后先问下两家；有人上了牌，看它的对头。",
                       "After a 让牌 the next two seats answer first; if one plays, look at its 对头."),
    "sit.hint.buy": ("先问对家，有两张以上3才卖；付钱先用2。", "Ask the 对家 first; only a seat with two 3s or more "
                     "sells; pay with a 2 first."),
    "sit.hint.xuandian": ("看两边：谁宣了点，谁开了点，再查点贡表。",
                          "Look at both sides: who declared 宣点, who opened; then the 点贡 table."),
    "sit.hint.rulesets": ("一种规则一种规则地想：张数、贴钱、挂花、几张2够级、哪些能开点。",
                          "Take the rule sets one by one: sizes, 贴钱, jokers, how many 2s are 够级, what may 开点."),
    "sit.hint.rule": ("规则：{title}", "Rule: {title}"),
})

_SEP_ZH, _SEP_EN = "；", "; "
_PRESETS = tuple(PRESETS.values())
_SWITCHES = switches()
#: The rule id that names each switch (for citations of a wrong answer's rule).
_RULE_OF_SWITCH: dict[str, str] = {}
for _rule in RULES.values():  # the first rule of a switch: the play rule before its tribute consequence
    if _rule.switch and not _rule.id.startswith("tribute."):
        _RULE_OF_SWITCH.setdefault(_rule.switch, _rule.id)
for _rule in RULES.values():
    if _rule.switch:
        _RULE_OF_SWITCH.setdefault(_rule.switch, _rule.id)

#: Words for the values of the switches that are not yes/no, as a wrong answer names them.
_VALUE_WORDS: dict[tuple[str, object], tuple[str, str]] = {
    ("revolution_duel", "none"): ("不冲点", "no 冲点"),
    ("revolution_duel", "chongdian"): ("冲点：三手够级牌", "冲点: three 够级 plays"),
    ("revolution_duel", "three_plays"): ("三手纯够级牌", "three pure 够级 plays"),
    ("joker_model", "aspects"): ("两方面都大", "bigger in both aspects"),
    ("joker_model", "cover"): ("逐张压住", "covered card by card"),
}


def _both(key: str, **values: object) -> tuple[str, str]:
    return t(key, "zh", **values), t(key, "en", **values)


def _tagged(zh: str, en: str, rule: str, rules: Ruleset) -> tuple[str, str]:
    """A text with its rule id and seed citation under ``rules``."""
    if f"[{rule}," in en:  # an engine or settlement text that names its rule already
        return zh, en
    zh_cite, en_cite = (cite(rule, rules, "zh"), cite(rule, rules)) if rule in RULES else ("", "")
    return (t("sit.rule", "zh", text=zh, rule=rule, cite=zh_cite),
            t("sit.rule", "en", text=en, rule=rule, cite=en_cite))


def _seats(seats: Iterable[int]) -> tuple[str, str]:
    seats = sorted(set(seats))
    if not seats:
        return _both("sit.nobody")
    return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)


def _switch_words(name: str, value: object) -> tuple[str, str]:
    meta = _SWITCHES[name].metadata
    if isinstance(value, bool):
        if value:
            return meta["zh"], meta["en"]
        return t("sit.switch.off", "zh", meaning=meta["zh"]), t("sit.switch.off", "en", meaning=meta["en"])
    if not isinstance(value, str | int):  # a table: the rule set's own, cited
        return meta["zh"], meta["en"]
    if (name, value) in _VALUE_WORDS:
        return _VALUE_WORDS[name, value]
    zh_v, en_v = str(value), str(value)
    return (t("sit.switch.value", "zh", meaning=meta["zh"], value=zh_v),
            t("sit.switch.value", "en", meaning=meta["en"], value=en_v))


def _difference(here: Ruleset, there: Ruleset, relevant: Sequence[str]) -> str | None:
    """The first of the ``relevant`` switches on which two rule sets differ."""
    return next((s for s in relevant if getattr(here, s) != getattr(there, s)), None)


def _elsewhere(choice: tuple[str, str], here: Ruleset, there: Ruleset, label: tuple[str, str] | None,
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
    zh, en = _tagged(*why, rule, here)
    return (t("sit.wrong.rules", "zh", choice=choice[0], where=where[0], why=zh),
            t("sit.wrong.rules", "en", choice=choice[1], where=where[1], why=en), rule)


def _variants(rules: Ruleset, relevant: Sequence[str]) -> Iterable[tuple[Ruleset, tuple[str, str] | None]]:
    """The preset rule sets (labelled with their titles) and, for each preset, the same with one relevant
    yes/no switch turned the other way (a rule forgotten or one rule set's rule taken for another's)."""
    for preset in _PRESETS:
        yield preset, (preset.title_zh, preset.title_en)
    for preset in _PRESETS:
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

    kind = "situation"

    def __post_init__(self) -> None:
        super().__post_init__()
        if sum(o.right for o in self.options) != 1 or len({o.key for o in self.options}) != len(self.options):
            raise SetupError("选择题的选项要各有各的 key，而且只有一个是对的",
                             "a choice puzzle needs distinct keys and exactly one right option")

    def _own_rules(self) -> Ruleset:
        raise SetupError("情景题要给出规则集（rules=…）",
                         "a situation puzzle is always asked under a rule set (rules=…)")

    def picture(self, lang: str | None = None, scale: float = 1.0) -> Markup:
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

    def hint(self) -> tuple[str, str]:
        own = _both(f"sit.hint.{self.kind}")
        title = RULES[self.rules_used[0]]
        return (f"{own[0]} {t('sit.hint.rule', 'zh', title=title.zh)}",
                f"{own[1]} {t('sit.hint.rule', 'en', title=title.en)}")


class RevolutionPuzzle(ChoicePuzzle):
    kind = "revolution"


class BuyPuzzle(ChoicePuzzle):
    kind = "buy"


class XuandianPuzzle(ChoicePuzzle):
    kind = "xuandian"


_Candidate = tuple[Hashable, tuple[str, str], tuple[str, str, str]]  # value, text, why wrong (zh, en, rule)


def _options(rng: random.Random, right: tuple[Hashable, tuple[str, str]], pool: Iterable[_Candidate],
             *, count: int = 4, like: Callable[[Hashable], bool] | None = None) -> tuple[Option, ...]:
    """The right option and up to ``count - 1`` wrong ones drawn at random from ``pool`` (first of each value;
    none whose text is the right one's), in a seeded random order and keyed ``a``, ``b``, … by place. With
    ``like``, half the time one of the wrong ones is drawn among those ``like`` holds for, when there are some
    (so that the right one is not often the only one of its shape)."""
    seen: dict[Hashable, _Candidate] = {}
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


# -- 革命 ------------------------------------------------------------------------------------------------------

_REVOLUTION_SWITCHES = ("revolution_duel", "revolution_head_choice", "revolution_concedes_point",
                        "revolution_lead", "failed_revolution_last")


@dataclass(frozen=True)
class _RevScript:
    """What happens in a revolution drill, as actions the engine replays under any rule set."""

    hands: tuple[Hand, ...]
    leader: int
    actions: tuple[Action, ...]


def _revolution_state(script: _RevScript, rules: Ruleset) -> tuple[Game, int] | None:
    """The game after replaying the script under ``rules`` (``None`` if its revolution is not allowed there, or
    its deal is not one the rule set's packs hold: zaozhuang keeps six 3s), and how many of its actions were legal
    (the rest are not played)."""
    try:
        game = Game.from_hands(list(script.hands), rules, leader=script.leader)
    except GoujiError:
        return None
    done = 0
    for action in script.actions:
        if not game.can(action):
            if done == 0:
                return None
            break
        game.apply(action)
        done += 1
    return game, done


def _revolution_outcome(game: Game, r: int) -> tuple[Hashable, tuple[str, str]]:
    """The situation after a revolution by ``r``: (value, text)."""
    h = opposite(r)
    if game.phase == Phase.VOID:
        return ("void",), _both("sit.rev.void")
    opened = tuple(game.kaidian_seats())
    names = _seats(opened)
    parts = [(t("sit.rev.opened", "zh", seats=names[0]), t("sit.rev.opened", "en", seats=names[1]))]
    if game.phase == Phase.DUEL:
        head = "duel"
        parts.append(_both("sit.rev.duel", r=r, h=h))
    elif game.phase == Phase.HEAD:
        head = "choosing"
        parts.append(_both("sit.rev.choosing", h=h))
    elif game.top is not None and game.top[0] == h:
        kinds = game.may_act()
        answer = tuple(sorted(s for s, k in kinds.items() if ActionKind.PLAY in k))
        burn = tuple(sorted(s for s, k in kinds.items() if ActionKind.BURN in k))
        head = ("lead", answer, burn)
        if answer:
            names = _seats(answer)
            parts.append((t("sit.rev.answer", "zh", seats=names[0]), t("sit.rev.answer", "en", seats=names[1])))
        elif burn:
            names = _seats(burn)
            parts.append((t("sit.rev.burnonly", "zh", seats=names[0]), t("sit.rev.burnonly", "en", seats=names[1])))
        else:
            parts.append(_both("sit.rev.noone"))
    elif r in game.record().get("revolution_failed", []):
        head = "youtou"
        parts.append(_both("sit.rev.youtou", h=h))
    else:
        head = "wutou"
        parts.append(_both("sit.rev.wutou", h=h))
    return (opened, head), (_SEP_ZH.join(p[0] for p in parts), _SEP_EN.join(p[1] for p in parts))


def _revolution_story(game: Game, r: int) -> tuple[str, str]:
    """The revolution drill's events in words, up to the question (the outcome itself is not told)."""
    zh, en = _both("sit.rev.story.revolt", r=r)
    plays: list[tuple[str, str]] = []
    h = opposite(r)
    for e in game.events:
        if e.rule != "revolt.duel" or e.kind not in (EventKind.LEAD, EventKind.PLAY, EventKind.PASS):
            continue
        if e.kind == EventKind.LEAD:
            play = Play.parse(e.cards, game.rules)
            plays.append((f"座位{r}出{play.text_zh}", f"seat {r} plays {play.text_en}"))
        elif e.kind == EventKind.PLAY:
            play = Play.parse(e.cards, game.rules)
            plays.append((t("sit.rev.story.kill", "zh", h=h, play=play.text_zh),
                          t("sit.rev.story.kill", "en", h=h, play=play.text_en)))
        else:
            plays.append(_both("sit.rev.story.let", h=h))
    if plays:
        zh += t("sit.rev.story.duel", "zh", plays="，".join(p[0] for p in plays))
        en += t("sit.rev.story.duel", "en", plays=", ".join(p[1] for p in plays))
    if any(e.kind == EventKind.NO_CHONGDIAN for e in game.events):
        more = _both("sit.rev.story.nochong", r=r)
        zh, en = zh + more[0], en + more[1]
    for e in game.events:
        if e.kind == EventKind.REVOLT and e.seat != r:
            more = _both("sit.rev.story.second", s=e.seat)
            zh, en = zh + more[0], en + more[1]
        if e.kind in (EventKind.YAOTOU, EventKind.WUTOU) and e.rule == "head.choice":
            lead = next((x for x in game.events
                         if x.kind == EventKind.LEAD and x.seat == h and x.rule != "revolt.duel"), None)
            if lead is not None:
                play = Play.parse(lead.cards, game.rules)
                choice = ("要头", "要头") if e.kind == EventKind.YAOTOU else ("无头", "无头")
                zh += t("sit.rev.story.head", "zh", h=h, choice=choice[0], play=play.text_zh)
                en += t("sit.rev.story.head", "en", h=h, choice=choice[1], play=play.text_en)
    return zh, en


def _revolution_hands(rng: random.Random, rules: Ruleset, r: int, *, second: int | None) -> tuple[Hand, ...]:
    """Eight to ten cards a seat: ``r`` (and ``second``) without 2s and jokers, ``r`` with three pure 够级 sets
    where the rule set plays a 冲点; the others from the rest of the deck (the rule set's deck: zaozhuang keeps six
    3s)."""
    deck = build_deck(rules.packs, suits=False, keep={Rank.THREE: rules.keep_threes} if rules.keep_threes else None)
    rng.shuffle(deck)
    pool = list(deck)

    def take(rank: Rank, n: int) -> list[Card]:
        out = []
        for c in list(pool):
            if c.rank == rank and len(out) < n:
                pool.remove(c)
                out.append(c)
        return out

    hands: dict[int, list[Card]] = {}
    sets = rng.sample([(Rank.ACE, 2), (Rank.KING, 2), (Rank.QUEEN, 3), (Rank.JACK, 4)], 3)
    hands[r] = [c for rank, n in sets for c in take(rank, n)] + take(Rank.THREE, 1)
    plain = [c for c in pool if c.rank in BASE_RANKS and c.rank not in (Rank.THREE,)]
    for seat in ([second] if second is not None else []):
        cards = rng.sample(plain, 8)
        for c in cards:
            pool.remove(c)
            plain.remove(c)
        hands[seat] = cards + take(Rank.THREE, 1)
    h = opposite(r)
    if h not in hands:  # the 对头 gets a joker or 2s to answer with, and a 够级 play of its own
        hands[h] = take(rng.choice((Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)), 1) + take(Rank.TWO, 2) \
            + take(rng.choice((Rank.ACE, Rank.KING)), 2) + take(Rank.THREE, 1)
    size = max(len(x) for x in hands.values()) + 1
    for seat in range(6):
        cards = hands.setdefault(seat, [])
        while len(cards) < size:
            cards.append(pool.pop())
    return tuple(Hand(hands[s]) for s in range(6))


def _revolution_script(rng: random.Random, level: str, rules: Ruleset) -> _RevScript | None:
    r = rng.randrange(6)
    h = opposite(r)
    second = rng.choice([s for s in range(6) if s not in (r, h)]) if level == "medium" else None
    hands = _revolution_hands(rng, rules, r, second=second)
    leader = rng.randrange(6)
    game = Game.from_hands(list(hands), rules, leader=leader)
    actions = [Action(r, "revolt")]
    if not game.can(actions[0]):
        return None
    game.apply(actions[0])
    kill = {"easy": None, "medium": rng.choice((True, False)), "hard": None}[level]
    plan = rng.sample([True, True, False], 3) if rng.random() < 0.5 else rng.sample([True, False, False], 3)
    if level != "easy" and game.phase == Phase.DUEL:
        for n in range(3):
            lead = SimplePlayer().choose(game, r)
            if lead.kind != ActionKind.PLAY:
                return None
            game.apply(lead)
            actions.append(lead)
            want = kill if kill is not None else plan[n]
            answers = game.answers(h) if want else []
            reply = Action.of(h, "play", answers[0]) if answers else Action(h, "pass")
            if not game.can(reply):
                reply = Action(h, "pass")
            game.apply(reply)
            actions.append(reply)
    elif level == "medium" and second is not None:
        actions.append(Action(second, "revolt"))
        if not game.can(actions[-1]):
            return None
        game.apply(actions[-1])
    elif level == "hard":
        if game.phase == Phase.HEAD:
            actions.append(Action(h, rng.choice(("yaotou", "wutou"))))
            game.apply(actions[-1])
        if game.to_act != h or game.phase not in (Phase.START, Phase.PLAY):
            return None
        gouji = [p for p in (Play.parse(a.cards, rules) for a in game.legal_actions(h) if a.kind is ActionKind.PLAY)
                 if p.is_gouji]
        if not gouji:
            return None
        actions.append(Action.of(h, "play", gouji[0]))
        if not game.can(actions[-1]):
            return None
    return _RevScript(hands, leader, tuple(actions))


def _revolution(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    for _ in range(60):
        script = _revolution_script(rng, level, rules)
        if script is None:
            continue
        done = _revolution_state(script, rules)
        if done is None or done[1] != len(script.actions) or _revolution_level(done[0]) != level:
            continue
        return _revolution_puzzle(rng, script, rules)
    raise RuntimeError(f"no revolution drill at level {level} under {rules.name}")


def revolution_puzzle(hands: Sequence[Hand | str], leader: int, actions: Sequence[Action | str],
                      rules: Ruleset | str | None = None, *, seed: int = 0) -> RevolutionPuzzle:
    """The revolution question for hands, a leader and the actions from the revolution on (the first action is
    the revolution); ``seed`` draws the wrong choices and their order."""
    rules = find_ruleset(rules)
    script = _RevScript(tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in hands), leader,
                        tuple(a if isinstance(a, Action) else Action.parse(a) for a in actions))
    if not script.actions or script.actions[0].kind != ActionKind.REVOLT:
        raise SetupError("革命题的第一步要是一家革命（例如 seat 3 revolts）",
                         "the first action of a revolution question is a revolt (e.g. seat 3 revolts)")
    game = Game.from_hands(list(script.hands), rules, leader=leader)
    for n, action in enumerate(script.actions, 1):
        try:
            game.apply(action)
        except GoujiError as e:
            raise SetupError(f"革命题的第{n}步（{action}）不合规则：{e.zh}",
                             f"step {n} of the revolution question ({action}) is not legal: {e.en}") from None
    return _revolution_puzzle(random.Random(seed), script, rules)


def _revolution_puzzle(rng: random.Random, script: _RevScript, rules: Ruleset) -> RevolutionPuzzle:
    done = _revolution_state(script, rules)
    if done is None or done[1] != len(script.actions):
        raise ValueError("the actions of a revolution question must all be legal under its rule set")
    game = done[0]
    r = script.actions[0].seat
    value, text = _revolution_outcome(game, r)
    pool: list[_Candidate] = []
    for other, label in _variants(rules, _REVOLUTION_SWITCHES):
        replayed = _revolution_state(script, other)
        if replayed is None:
            continue
        v, txt = _revolution_outcome(replayed[0], r)
        pool.append((v, txt, _elsewhere(txt, rules, other, label, _REVOLUTION_SWITCHES)))
    h = opposite(r)
    outcomes = {v: txt for v, txt, _ in pool} | {value: text}
    for v, txt in outcomes.items():  # any of them with the 上家 or the 下家 taken for the 对头
        for k in ((r + 1) % 6, (r + 5) % 6):
            swapped = (txt[0].replace(f"座位{h}", f"座位{k}"), txt[1].replace(f"seat {h}", f"seat {k}"))
            if swapped == txt:
                continue
            pool.append(((v, "confused", k), swapped,
                         (t("sit.rev.confused", "zh", choice=swapped[0], k=k, r=r, h=h),
                          t("sit.rev.confused", "en", choice=swapped[1], k=k, r=r, h=h), "head.choice")))
    pool.sort(key=lambda c: repr(c[0]))
    explain = [e for e in game.events if e.rule and e.kind not in (EventKind.FIRST_LEADER,)]
    rule_ids = tuple(dict.fromkeys(e.rule for e in explain if e.rule in RULES)) or ("revolt.cards",)
    lines = [_tagged(e.zh, e.en, e.rule, rules) for e in explain if e.rule in RULES]
    story = _revolution_story(game, r)
    return RevolutionPuzzle(
        *(t("sit.rev.q", lang, story=story[i]) for i, lang in enumerate(("zh", "en"))),
        _options(rng, (value, text), pool),
        f"{text[0]}。" + _SEP_ZH.join(x[0] for x in lines),
        f"{text[1]}. " + _SEP_EN.join(x[1] for x in lines),
        rule_ids, level=_revolution_level(game), rules=rules,
        draw=partial(_hands_picture, game, (r, opposite(r))))


def _revolution_level(game: Game) -> str:
    duel = [e for e in game.events
            if e.rule == "revolt.duel" and e.kind in (EventKind.PLAY, EventKind.PASS) and e.seat is not None
            and e.seat != (game.record()["revolution"] or [None])[0]]
    if duel:
        killed = {e.kind for e in duel}
        return "hard" if len(killed) > 1 else "medium"
    if game.phase == Phase.VOID:
        return "medium"
    if any(e.kind in (EventKind.YAOTOU, EventKind.WUTOU) and e.rule == "head.choice" for e in game.events) or (
            game.top is not None):
        return "hard"
    return "easy"


def _hands_picture(game: Game, seats: Sequence[int], lang: str | None, scale: float) -> HtmlFragment:
    """The hands of some seats as they were dealt, as small card pictures with the seat names."""
    return html(el("div", [el("div", el("b", t("sit.seat", lang, n=s)),
                              hand_html(game.initial_hands[s], scale=0.5 * scale, lang=lang), cls="gj-seat-hand")
                           for s in seats], cls="gj-hands"))


# -- 四户乱缠 and 接风; 让牌: who may act ---------------------------------------------------------------------------


class _SeatsSituation(WhoMayActPuzzle):
    """Who may act in a situation of the stage's topic: the engine's :meth:`Game.may_act`. A wrong answer names
    why a seat picked wrongly may not act, or that a seat is missing and the rule to think of, never the
    answer; the solution lists every seat that may act with the rule and its seed citation."""

    def _story(self) -> tuple[str, str]:
        raise NotImplementedError

    def check(self, answer: str) -> Feedback:
        seats = parse_seats(answer)
        if seats is None:
            return Feedback(False, *_both("sit.seats.bad", answer=str(answer)[:40]))
        right = self.answer_seats()
        if seats == right:
            return self.solution()
        extra, missing = sorted(seats - right), sorted(right - seats)
        if extra:
            seat = extra[0]
            zh, en, rule = self._why_out(seat)
            if {int(n) for n in re.findall(r"座位(\d)", zh)} - {seat}:  # it names another seat: maybe the answer
                title = RULES.get(rule)
                zh, en = (t("sit.seats.cannot", "zh", seat=seat, why=title.zh if title else ""),
                          t("sit.seats.cannot", "en", seat=seat, why=title.en if title else ""))
            zh, en = _tagged(zh.replace("'", "’"), en.replace("'", "’"), rule, self.rules)
            return Feedback(False, zh, en, rule_ids=(rule,))
        rule = self._why_in(missing[0])[2]
        title = RULES[rule]
        return Feedback(False, t("sit.seats.missing", "zh", title=title.zh), t("sit.seats.missing", "en",
                                                                               title=title.en), rule_ids=(rule,))

    def solution(self) -> Feedback:
        right = sorted(self.answer_seats())
        names = _seats(right)
        whys = [(self._why_in(s), s) for s in right]
        tagged = [_tagged(w[0], w[1], w[2], self.rules) for w, _ in whys]
        context = [_tagged(e.zh, e.en, e.rule, self.rules) for e in self._context_events()]
        zh = t("sit.seats.answer", "zh", seats=names[0], whys=_SEP_ZH.join(x[0] for x in context + tagged))
        en = t("sit.seats.answer", "en", seats=names[1], whys=_capital(_SEP_EN.join(x[1] for x in context + tagged)))
        return Feedback(True, zh.replace("'", "’"), en.replace("'", "’"), rule_ids=self.rule_ids())

    def _context_events(self) -> list:
        return []

    def question(self) -> tuple[str, str]:
        story = self._story()
        return (t(f"sit.{self._qkey}.q", "zh", story=story[0]), t(f"sit.{self._qkey}.q", "en", story=story[1]))

    _qkey = "luan"

    def hint(self) -> tuple[str, str]:
        own = _both(f"sit.hint.{self.kind}")
        title = RULES[self.rule_ids()[0]]
        return (f"{own[0]} {t('sit.hint.rule', 'zh', title=title.zh)}",
                f"{own[1]} {t('sit.hint.rule', 'en', title=title.en)}")


def _capital(text: str) -> str:
    """``text`` with its first letter capitalised: it starts a sentence ("seat 4 …" → "Seat 4 …")."""
    return text[:1].upper() + text[1:]


def _played(seat: int, play: Play) -> tuple[str, str]:
    """"Seat N played …" with nothing of what follows from it (the engine's narration would tell the answer)."""
    return t("sit.played", "zh", s=seat, play=play.text_zh), t("sit.played", "en", s=seat, play=play.text_en)


def _last_out(game: Game) -> int | None:
    return next((e.seat for e in reversed(game.events) if e.kind == EventKind.OUT), None)


@dataclass(frozen=True)
class LuanchanPuzzle(_SeatsSituation):
    """Who may act after a seat went out: 接风, its last play still on the table, or 四户乱缠."""

    kind = "luanchan"
    rule = "luanchan"

    def _story(self) -> tuple[str, str]:
        game, out = self.game, _last_out(self.game)
        zh = en = ""
        if game.luanchan:
            zh, en = _both("sit.luan.chan")
        if game.top is not None and game.top[0] != out:
            played = _played(game.top[0], game.top[1])
            more = t("sit.luan.top", "zh", played=played[0]), t("sit.luan.top", "en", played=_capital(played[1]))
        elif out is not None:
            more = _both("sit.luan.out" if game.top is not None else "sit.luan.jiefeng", s=out)
        else:
            more = ("", "")
        return zh + more[0], en + more[1]

    def _deciding_rule(self, seat: int, kinds: list[str]) -> str:
        """As for any position, but the rule that decides (named in words, not only by its citation) is 接风
        right after a seat went out, and 四户乱缠 once two seats are gone."""
        rule = super()._deciding_rule(seat, kinds)
        game = self.game
        if game.top is None and any(e.kind == EventKind.JIEFENG for e in game.events[-3:]):
            return "jiefeng"
        if game.luanchan and rule in ("turn.order", "gouji.duitou"):
            return "luanchan"
        return rule

    def _context_events(self) -> list:
        return [e for e in self.game.events[-4:]
                if e.kind in (EventKind.JIEFENG, EventKind.LUANCHAN, EventKind.OUT) and e.rule in RULES]


@dataclass(frozen=True)
class YieldPuzzle(_SeatsSituation):
    """Who may act after a 让牌 (and what the first seat after it did)."""

    kind = "yield"
    rule = "yield.when"
    _qkey = "yield"

    def _story(self) -> tuple[str, str]:
        events = self.game.events
        i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
        yielder = events[i].seat
        after = [e for e in events[i + 1:] if e.kind in (EventKind.PASS, EventKind.PLAY)]
        if not after:
            return _both("sit.yield.did", s=yielder)
        e = after[0]
        then = _played(e.seat, Play.parse(e.cards, self.game.rules)) if e.cards else _both("sit.passes", s=e.seat)
        return (t("sit.yield.then", "zh", s=yielder, then=then[0]),
                t("sit.yield.then", "en", s=yielder, then=then[1]))

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        zh, en, rule = super()._why_in(seat)
        if rule == "turn.order":
            rule = "yield.duitou" if self.game.events[-1].rule == "yield.duitou" or any(
                e.rule == "yield.duitou" for e in self.game.events[-2:]) else "yield.when"
        return zh, en, rule

    def _context_events(self) -> list:
        events = self.game.events
        i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
        return [e for e in events[i:] if e.rule in RULES]


def _walk(rng: random.Random, rules: Ruleset, size: int, found: Callable[[Game], Game | None],
          deals: int = 8) -> Game | None:
    """Play small seeded deals with computer players and return the first, second or third position (as the
    seed decides) that ``found`` turns into a puzzle position (``found`` gets a copy and returns the position,
    or ``None``)."""
    player = SimplePlayer()
    skip = rng.randint(0, 2)
    for _ in range(deals):
        game = small_deal(rng, rules, size)
        while not game.is_over:
            if game.history:
                position = found(game.copy())
                if position is not None:
                    if skip == 0:
                        return position
                    skip -= 1
            game.apply(player.choose(game, game.to_act))  # type: ignore[arg-type]
    return None


def _luanchan_level(game: Game) -> str:
    if game.top is None:
        return "easy"
    return "medium" if game.top[0] == _last_out(game) else "hard"


def _luanchan(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    def found(g: Game) -> Game | None:
        recent = g.events[-3:]
        if level == "easy":
            ok = g.top is None and any(e.kind == EventKind.JIEFENG for e in recent)
        elif level == "medium":
            ok = (g.top is not None and g.events[-1].kind in (EventKind.OUT, EventKind.LUANCHAN)
                  and _last_out(g) == g.top[0])
        else:
            ok = g.luanchan and g.top is not None and g.events[-1].kind in (EventKind.PLAY, EventKind.LEAD)
        return g if ok and not g.is_over and _luanchan_level(g) == level else None

    for size in (6, 8, 5):
        game = _walk(rng, rules, size, found)
        if game is not None:
            return LuanchanPuzzle(game, rules=rules)
    raise RuntimeError(f"no 四户乱缠 drill at level {level} under {rules.name}")


def _yield_level(game: Game) -> str:
    events = game.events
    i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
    after = [e.kind for e in events[i + 1:] if e.kind in (EventKind.PASS, EventKind.PLAY)]
    return "easy" if not after else "medium" if after[0] == EventKind.PASS else "hard"


def _yield(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    def found(g: Game) -> Game | None:
        seat = g.to_act
        if seat is None or not g.can(Action(seat, "yield")):
            return None
        g.apply(Action(seat, "yield"))
        if level != "easy":
            nxt = g.to_act
            if nxt is None or nxt == seat:
                return None
            answers = g.answers(nxt)
            if level == "medium":
                g.apply(Action(nxt, "pass"))
            elif answers and g.can(Action.of(nxt, "play", answers[0])):
                g.apply(Action.of(nxt, "play", answers[0]))
            else:
                return None
        return g if not g.is_over and _yield_level(g) == level else None

    for size in (8, 10, 6):
        game = _walk(rng, rules, size, found)
        if game is not None:
            return YieldPuzzle(game, rules=rules)
    raise RuntimeError(f"no 让牌 drill at level {level} under {rules.name}")


# -- 买三 ------------------------------------------------------------------------------------------------------

_PAY_ORDER = (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)


def _buy_text(value: tuple[int | None, Rank | None]) -> tuple[str, str]:
    seller, pay = value
    if seller is None:
        return _both("sit.buy.none")
    if pay is None:
        return _both("sit.buy.give", k=seller)
    return (t("sit.buy.sell", "zh", k=seller, pay=pay.zh), t("sit.buy.sell", "en", k=seller, pay=pay.en))


def _buy_hands(rng: random.Random, rules: Ruleset, level: str, s: int) -> list[Hand]:
    """Eight cards a seat; ``s`` without a 3, every other seat with at least one; who holds two and what ``s``
    pays with as the level asks for (the engine then decides)."""
    keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
    deck = build_deck(rules.packs, suits=False, keep=keep)
    threes = [c for c in deck if c.rank == Rank.THREE]
    money = {r: [c for c in deck if c.rank == r] for r in _PAY_ORDER}
    rest = [c for c in deck if c.rank not in (Rank.THREE, *_PAY_ORDER)]
    rng.shuffle(rest)
    h = opposite(s)
    counts = {k: 1 for k in range(6) if k != s}
    spare = len(threes) - 5
    opponents = [k for k in range(6) if team(k) != team(s)]
    if level == "easy":
        sellers = [h]
    elif level == "medium":
        sellers = [rng.choice([k for k in opponents if k != h])]
    else:
        sellers = rng.sample([k for k in range(6) if team(k) == team(s) and k != s], 1)
    for k in sellers:
        counts[k] += min(rng.randint(1, 3), max(spare, 0))
    pays: list[Card] = []
    if level == "easy" or (level == "medium" and rng.random() < 0.5):
        pays = money[Rank.TWO][:1]
    elif level == "medium":
        pays = money[rng.choice((Rank.SMALL_JOKER, Rank.BIG_JOKER))][:1]
    elif rng.random() < 0.5:
        pays = money[Rank.TWO][:1]
    hands: dict[int, list[Card]] = {k: [threes.pop() for _ in range(n)] for k, n in counts.items()}
    hands[s] = list(pays)
    for rank in _PAY_ORDER:  # the rest of the 2s and jokers go to the others
        for c in money[rank]:
            if c not in pays and rng.random() < 0.15:
                hands[rng.choice([k for k in range(6) if k != s])].append(c)
    for k in range(6):
        cards = hands.setdefault(k, [])
        while len(cards) < 8:
            cards.append(rest.pop())
    return [Hand(hands[k]) for k in range(6)]


def _buy_result(before: Sequence[Hand], game: Game, s: int) -> tuple[int | None, Rank | None]:
    event = next((e for e in game.events if e.kind == EventKind.BUY and e.seat == s and e.cards == Rank.THREE.notation),
                 None)
    if event is None:
        return None, None
    seller = event.other
    paid = [r for r in _PAY_ORDER if game.initial_hands[seller].count(r) > before[seller].count(r)]
    return seller, (paid[0] if paid and team(seller) != team(s) else None)


def _buy_level(value: tuple[int | None, Rank | None], s: int) -> str:
    seller, pay = value
    if seller is None or pay is None:
        return "hard"
    return "easy" if seller == opposite(s) and pay == Rank.TWO else "medium"


def _buy(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    for _ in range(100):
        s = rng.randrange(6)
        before = _buy_hands(rng, rules, level, s)
        game = Game.from_hands(before, rules, leader=0, prelude=True)
        value = _buy_result(before, game, s)
        if _buy_level(value, s) == level:
            break
    return _buy_puzzle(rng, before, s, rules)


def buy_puzzle(hands: Sequence[Hand | str], seat: int, rules: Ruleset | str | None = None, *,
               seed: int = 0) -> BuyPuzzle:
    """The 买三 question for hands as dealt (``seat`` holds no 3); ``seed`` draws the wrong choices."""
    before = [h if isinstance(h, Hand) else Hand.parse(h) for h in hands]
    return _buy_puzzle(random.Random(seed), before, seat, find_ruleset(rules))


def _buy_puzzle(rng: random.Random, before: Sequence[Hand], s: int, rules: Ruleset) -> BuyPuzzle:
    game = Game.from_hands(list(before), rules, leader=0, prelude=True)
    value = _buy_result(before, game, s)
    hand = before[s]
    pays = [r for r in _PAY_ORDER if hand.count(r)]
    order = [opposite(s), (s + 1) % 6, (s + 5) % 6, (s + 2) % 6, (s + 4) % 6]
    threes = {k: before[k].count(Rank.THREE) for k in range(6)}
    pool: list[_Candidate] = []

    def add(v: tuple[int | None, Rank | None], key: str, rule: str = "buy", **kw: object) -> None:
        text = _buy_text(v)
        pool.append((v, text, (t(key, "zh", choice=text[0], **_zh(kw)), t(key, "en", choice=text[1], **_en(kw)),
                               rule)))

    for k in order:
        for pay in (*_PAY_ORDER, None):
            v = (k, pay if team(k) != team(s) else None) if pay is not None else (k, None)
            if v == value:
                continue
            if pay is not None and pay.is_joker and team(k) != team(s) and not rules.buy_with_jokers:
                add(v, "sit.buy.twosonly", "buy.twos")  # 000 part 3 第7条
            elif pay is not None and team(k) != team(s) and not hand.count(pay):
                add(v, "sit.buy.paymissing", s=s, pay=pay)
            elif team(k) != team(s) and threes[k] < 2:
                add(v, "sit.buy.only", k=k)
            elif team(k) != team(s) and pay is None:
                add(v, "sit.buy.free")
            elif team(k) == team(s) and value[1] is not None:
                add(v, "sit.buy.friend")
            elif team(k) != team(s) and pays and pay != pays[0]:
                add(v, "sit.buy.paywrong")
            elif value[0] in order and order.index(k) > order.index(value[0]):  # type: ignore[arg-type]
                add(v, "sit.buy.order", k=k)
    if value != (None, None):
        add((None, None), "sit.buy.nobody")
    event = next((e for e in game.events if e.kind == EventKind.BUY and e.seat == s), None)
    what = _buy_text(value)
    why = _tagged(event.zh, event.en, "buy", rules) if event else _tagged(*what, "buy", rules)
    cards = format_cards(hand.cards, sep=" ")
    q = t("sit.buy.q", "zh", s=s, hand=cards), t("sit.buy.q", "en", s=s, hand=cards)
    return BuyPuzzle(*q, _options(rng, (value, what), pool, like=lambda v: v[1] == value[1]),  # type: ignore[index]
                     t("sit.buy.answer", "zh", what=what[0], why=why[0]),
                     t("sit.buy.answer", "en", what=what[1], why=why[1]),
                     ("buy",), level=_buy_level(value, s), rules=rules,
                     draw=lambda lang, scale: hand_html(hand, scale=0.6 * scale, lang=lang))


def _zh(values: dict[str, object]) -> dict[str, object]:
    return {k: (v.zh if isinstance(v, Rank) else v) for k, v in values.items()}


def _en(values: dict[str, object]) -> dict[str, object]:
    return {k: (v.en if isinstance(v, Rank) else v) for k, v in values.items()}


# -- 宣点 ------------------------------------------------------------------------------------------------------


def _dian_between(record: GameRecord, rules: Ruleset, pair: tuple[int, int]) -> tuple[tuple[int, int, int], ...]:
    tributes = settle(record, rules).tributes
    return tuple(sorted((x.payer, x.receiver, x.count) for x in tributes
                        if x.kind is TributeKind.DIAN and {x.payer, x.receiver} == set(pair)))


def _dian_text(value: tuple[tuple[int, int, int], ...]) -> tuple[str, str]:
    if not value:
        return _both("sit.xd.none")
    items = [_both("sit.xd.pays", payer=p, receiver=r, n=n) for p, r, n in value]
    return _SEP_ZH.join(i[0] for i in items), _SEP_EN.join(i[1] for i in items)


def _xuandian_level(record: GameRecord, s: int) -> str:
    o = opposite(s)
    if o in record.xuandian:
        return "hard"
    return "easy" if s in record.kaidian and o not in record.kaidian else "medium"


def _xuandian(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    for _ in range(200):
        s = rng.randrange(6)
        o = opposite(s)
        order = list(range(6))
        rng.shuffle(order)
        kaidian = {k for k in range(6) if rng.random() < 0.5}
        declared = {s, o} if level == "hard" else {s}
        if level == "easy":
            kaidian = (kaidian | {s}) - {o}
        record = GameRecord(rules=rules.name, first_hand=False, finish_order=tuple(order),
                            kaidian=frozenset(kaidian), xuandian=frozenset(declared))
        if _xuandian_level(record, s) == level:
            break
    return _xuandian_puzzle(rng, record, s, rules)


def xuandian_puzzle(record: GameRecord, seat: int, rules: Ruleset | str | None = None, *,
                    seed: int = 0) -> XuandianPuzzle:
    """The 宣点 question about ``seat`` and its 对家 after a finished hand; ``seed`` draws the wrong choices."""
    return _xuandian_puzzle(random.Random(seed), record, seat, find_ruleset(rules or record.rules))


def _xuandian_puzzle(rng: random.Random, record: GameRecord, s: int, rules: Ruleset) -> XuandianPuzzle:
    o = opposite(s)
    kaidian, declared, order = set(record.kaidian), set(record.xuandian), list(record.finish_order)
    pair = (s, o)
    value = _dian_between(record, rules, pair)
    pool: list[_Candidate] = []
    relevant = ("dian_table", "dian_escalation")
    for other in _PRESETS:
        v = _dian_between(GameRecord(**{**_record_fields(record), "rules": other.name}), other, pair)
        text = _dian_text(v)
        pool.append((v, text, _elsewhere(text, rules, other, (other.title_zh, other.title_en), relevant)))
    swapped = tuple(sorted((r, p, n) for p, r, n in value))
    if swapped != value:
        text = _dian_text(swapped)
        pool.append((swapped, text, (t("sit.xd.swapped", "zh", choice=text[0]),
                                     t("sit.xd.swapped", "en", choice=text[1]), "tribute.dian")))
    plain = GameRecord(**{**_record_fields(record), "xuandian": frozenset()})
    v = _dian_between(plain, rules, pair)
    text = _dian_text(v)
    pool.append((v, text, (t("sit.xd.forgot", "zh", choice=text[0]), t("sit.xd.forgot", "en", choice=text[1]),
                           "xuandian.when")))
    for k in pair:  # misreading whether a seat opened
        misread = GameRecord(**{**_record_fields(record), "kaidian": frozenset(set(kaidian) ^ {k})})
        v = _dian_between(misread, rules, pair)
        text = _dian_text(v)
        key = "sit.xd.misread.open" if k in kaidian else "sit.xd.misread.closed"
        pool.append((v, text, (t(key, "zh", choice=text[0], k=k), t(key, "en", choice=text[1], k=k),
                               "tribute.dian")))
    if value:
        pool.append(((), _both("sit.xd.none"), (t("sit.xd.forgot", "zh", choice=_both("sit.xd.none")[0]),
                                                 t("sit.xd.forgot", "en", choice=_both("sit.xd.none")[1]),
                                                 "tribute.dian")))
    reasons = [x.reason for x in settle(record, rules).tributes
               if x.kind is TributeKind.DIAN and {x.payer, x.receiver} == {s, o}]
    what = _dian_text(value)
    if reasons:
        why_zh = _SEP_ZH.join(r.text_zh for r in reasons)
        why_en = _SEP_EN.join(r.text_en for r in reasons)
    else:
        why_zh, why_en = _tagged(*what, "tribute.dian", rules)
    q = (t("sit.xd.q", "zh", declared=t("sit.xd.declared", "zh", seats=_seats(declared)[0]),
           opened=_seats(kaidian)[0], order="、".join(f"座位{k}" for k in order), s=s, o=o),
         t("sit.xd.q", "en", declared=t("sit.xd.declared", "en", seats=_seats(declared)[1]),
           opened=_seats(kaidian)[1], order=", ".join(f"seat {k}" for k in order), s=s, o=o))
    rule_ids = tuple(dict.fromkeys(r.rule for r in reasons)) or ("tribute.dian",)
    return XuandianPuzzle(*q, _options(rng, (value, what), pool), f"{what[0]}。{why_zh}", f"{what[1]}. {why_en}",
                          ("xuandian.when", *rule_ids), level=_xuandian_level(record, s), rules=rules,
                          draw=partial(_result_picture, record))


def _result_picture(record: GameRecord, lang: str | None, scale: float) -> SvgImage:
    """A finished hand on the table: each seat's finishing place, 开点 and 宣点."""
    order = list(record.finish_order)
    seats = tuple(SeatView(seat=k, kaidian=k in record.kaidian,
                           last_action=t("sit.xd.mark", lang) if k in record.xuandian else None,
                           finished=t("sit.xd.place", lang, n=order.index(k) + 1) if k in order else None)
                  for k in range(6))
    return table_svg(TableView(seats=seats, rules=record.rules), lang=lang, scale=scale)


def _record_fields(record: GameRecord) -> dict[str, object]:
    return {f.name: getattr(record, f.name) for f in fields(record)}


# -- the four rule sets ------------------------------------------------------------------------------------------

_TITLES = {r.name: (r.title_zh, r.title_en) for r in _PRESETS}
#: What a learner may type for a rule set: its name, its titles, and the place (or 通俗) in Chinese.
_NAMES = {**{r.name: r.name for r in _PRESETS}, **{r.title_zh: r.name for r in _PRESETS},
          **{r.title_en.lower(): r.name for r in _PRESETS},
          "青岛": "qingdao", "临沂": "linyi", "通俗": "tongsu", "枣庄": "zaozhuang"}


def parse_rulesets(answer: str) -> frozenset[str] | None:
    """The rule sets of an answer such as ``"qingdao, linyi"`` or ``"青岛、临沂"`` (``"-"``: none), or ``None`` when
    it is not a list of rule-set names.

    >>> sorted(parse_rulesets("linyi,QINGDAO")), parse_rulesets("-"), parse_rulesets("paris")
    (['linyi', 'qingdao'], frozenset(), None)
    >>> sorted(parse_rulesets("青岛、临沂"))
    ['linyi', 'qingdao']
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
        verdict: Verdict = beats(first, second, rules)  # type: ignore[arg-type]
    elif question == "gouji":
        verdict = is_gouji(first)
    else:
        verdict = can_kaidian(first) if is_gouji(first) else is_gouji(first)
        return bool(verdict) and bool(is_gouji(first)), verdict.reason_zh, verdict.reason_en, verdict.rule
    return bool(verdict), verdict.reason_zh, verdict.reason_en, verdict.rule


@dataclass(frozen=True)
class RulesetsPuzzle(Puzzle):
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

    kind = "rulesets"

    def _own_rules(self) -> Ruleset:
        return find_ruleset(None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", find_ruleset(self.rules))
        super().__post_init__()
        if self.question_kind not in ("beats", "gouji", "kaidian"):
            raise OptionError("question_kind", self.question_kind, "规则集对比题问 beats、gouji 或 kaidian",
                              "a rule-set question asks 'beats', 'gouji' or 'kaidian'")

    def verdicts(self) -> dict[str, tuple[bool, str, str, str]]:
        return {r.name: _verdict_under(self.question_kind, self.cards, r) for r in _PRESETS}

    def answer(self) -> frozenset[str]:
        return frozenset(name for name, v in self.verdicts().items() if v[0])

    @property
    def choices(self) -> tuple[Choice, ...]:
        """Four sets for a plain choice widget (the quiz uses :class:`RulesetPickWidget`): the engine's and the
        three a learner gets by misjudging one or both of two rule sets (drawn from the puzzle's id). The four are
        the corners of a square, so no choice is the centre of the others, and they come in a drawn order."""
        rng = random.Random(self.puzzle_id or repr(self.cards))
        right = self.answer()
        a, b = rng.sample([r.name for r in _PRESETS], 2)
        sets = [right, right ^ {a}, right ^ {b}, right ^ {a, b}]
        rng.shuffle(sets)
        return tuple(Choice(",".join(sorted(x)) or "-", *self._names(x)) for x in sets)

    @staticmethod
    def _names(names: frozenset[str]) -> tuple[str, str]:
        chosen = [r for r in _PRESETS if r.name in names]
        if not chosen:
            return _both("sit.nobody")
        return "、".join(r.title_zh for r in chosen), ", ".join(r.title_en for r in chosen)

    def question(self) -> tuple[str, str]:
        if self.question_kind == "beats":
            return (t("sit.rs.beats", "zh", ch=self.cards[0], tg=self.cards[1]),
                    t("sit.rs.beats", "en", ch=self.cards[0], tg=self.cards[1]))
        return _both(f"sit.rs.{self.question_kind}", cards=self.cards[0])

    def rule_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v[3] for v in self.verdicts().values()))

    def check(self, answer: str) -> Feedback:
        chosen = parse_rulesets(answer)
        if chosen is None:
            return Feedback(False, *_both("sit.rs.bad", answer=str(answer)[:40]))
        right = self.answer()
        if chosen == right:
            return self.solution()
        verdicts = self.verdicts()
        extra = [r.name for r in _PRESETS if r.name in chosen - right]
        if extra:
            name = extra[0]
            _, zh, en, rule = verdicts[name]
            rules = PRESETS[name]
            zh, en = _tagged(zh, en, rule, rules)
            return Feedback(False, t("sit.rs.wrong.in", "zh", title=rules.title_zh, why=zh),
                            t("sit.rs.wrong.in", "en", title=rules.title_en, why=en), rule_ids=(rule,))
        missing = next(r.name for r in _PRESETS if r.name in right - chosen)
        rule = verdicts[missing][3]
        title = RULES[rule]
        return Feedback(False, t("sit.rs.wrong.out", "zh", rule=title.zh), t("sit.rs.wrong.out", "en", rule=title.en),
                        rule_ids=(rule,))

    def solution(self) -> Feedback:
        lines_zh, lines_en = [], []
        for name, (ok, zh, en, rule) in self.verdicts().items():
            rules = PRESETS[name]
            zh, en = _tagged(zh, en, rule, rules)
            mark = "✔" if ok else "✘"
            lines_zh.append(t("sit.rs.line", "zh", title=rules.title_zh, mark=mark, why=zh))
            lines_en.append(t("sit.rs.line", "en", title=rules.title_en, mark=mark, why=en))
        return Feedback(True, _SEP_ZH.join(lines_zh), _SEP_EN.join(lines_en), rule_ids=self.rule_ids())

    def hint(self) -> tuple[str, str]:
        own = _both("sit.hint.rulesets")
        title = RULES[self.rule_ids()[0]]
        return (f"{own[0]} {t('sit.hint.rule', 'zh', title=title.zh)}",
                f"{own[1]} {t('sit.hint.rule', 'en', title=title.en)}")


def _rulesets_level(question: str, cards: tuple[str, str]) -> str:
    text = "".join(cards)
    if "D" in text or "X" in text:
        return "hard"
    return "medium" if question == "kaidian" else "easy"


def _rulesets(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    base = find_ruleset("qingdao")  # four packs, 贴钱: every card combination of the other rule sets
    near = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    question, cards = "gouji", ("2", "")
    for n in range(300):
        if level == "easy":
            question = rng.choice(("gouji", "beats"))
            size = rng.choice((1, 2, 3)) if question == "gouji" else rng.choice((2, 3, 4))
            first = random_play(rng, size, base, level="medium", ranks=near)
            second = random_play(rng, size, base, level="medium") if question == "beats" else None
        elif level == "medium":
            question = "kaidian"
            first, second = random_play(rng, rng.choice((2, 3, 4, 5)), base, level="medium", ranks=near), None
        else:
            question = rng.choice(("beats", "beats", "gouji"))
            size = rng.choice((2, 3, 4))
            first = random_play(rng, size, base, level="hard")
            longer = question == "beats" and rng.random() < 0.3
            second = random_play(rng, size - (1 if longer and size > 2 else 0), base, level="hard") \
                if question == "beats" else None
        cards = (first.notation, second.notation if second is not None else "")
        if _rulesets_level(question, cards) != level:
            continue
        puzzle = RulesetsPuzzle(question, cards, level=level, rules=rules)
        if 0 < len(puzzle.answer()) < 4 or n > 200 or rng.random() < 0.15:
            return puzzle
    return RulesetsPuzzle(question, cards, level=level, rules=rules)


# -- registry and levels ------------------------------------------------------------------------------------------

#: The generators of this module's kinds, registered in :mod:`.drills`.
GENERATORS: dict[str, Callable[[random.Random, str, Ruleset], Puzzle]] = {
    "revolution": _revolution,
    "luanchan": _luanchan,
    "yield": _yield,
    "buy": _buy,
    "xuandian": _xuandian,
    "rulesets": _rulesets,
}


def _pick_level(puzzle: Puzzle) -> str:
    """A pick puzzle: ``hard`` with a joker in the hand or the target; ``medium`` with a 2, or twelve cards or
    more to choose from; else ``easy``."""
    hand, target = puzzle.hand, puzzle.target  # type: ignore[attr-defined]
    level = cards_level(target)
    cards = list(hand.cards)
    if level == "hard" or any(c.rank.is_joker for c in cards):
        return "hard"
    return "medium" if level == "medium" or any(c.rank == Rank.TWO for c in cards) or len(cards) >= 12 else "easy"


def _who_is_men_level(puzzle: Puzzle) -> str:
    """``hard`` two seats or more 闷ed; ``easy`` one, in the round just played; ``medium`` otherwise."""
    game = puzzle.game  # type: ignore[attr-defined]
    men = game.men()
    if len(men) >= 2:
        return "hard"
    return "easy" if men and any(e.kind == EventKind.MEN for e in game.events[-6:]) else "medium"


def _who_opened_level(puzzle: Puzzle) -> str:
    """``hard`` a 发四 still due or a 认点 (where the rule set has neither: two seats or more opened);
    ``medium`` a seat had opened before the round shown (its marker is on the table); ``easy`` otherwise
    (nobody opened, or only in the round shown)."""
    game = puzzle.game  # type: ignore[attr-defined]
    rules = game.rules
    if any(game.kaidian(s) in (KaidianState.PENDING, KaidianState.CONCEDED) for s in range(6)):
        return "hard"
    if not rules.fasi and rules.fours_before_kaidian == FoursBeforeKaidian.FREE and len(game.kaidian_seats()) >= 2:
        return "hard"
    return "medium" if puzzle.before().kaidian_seats() else "easy"  # type: ignore[attr-defined]


def _record_level(puzzle: Puzzle) -> str:
    """A finished hand: ``hard`` with a burn or two seats 闷ed; ``medium`` with one 闷; ``easy`` plain."""
    record = puzzle.record  # type: ignore[attr-defined]
    if record.burns or len(record.men) >= 2:
        return "hard"
    return "medium" if record.men else "easy"


def _who_may_act_level(puzzle: Puzzle) -> str:
    game = puzzle.game  # type: ignore[attr-defined]
    if game.burn_candidates():
        return "hard"
    return "medium" if game.top is not None and game.top[1].is_gouji else "easy"


#: How the level of a drill of each kind is measured from the puzzle itself.
LEVEL_OF: dict[str, Callable[[Puzzle], str]] = {
    "card": lambda p: cards_level(p.challenger, p.target),  # type: ignore[attr-defined]
    "beats": lambda p: cards_level(p.challenger, p.target),  # type: ignore[attr-defined]
    "gouji": lambda p: gouji_level(p.play),  # type: ignore[attr-defined]
    "count": lambda p: count_level(p.play),  # type: ignore[attr-defined]
    "pick": lambda p: _pick_level(p),
    "who_may_act": _who_may_act_level,
    "who_is_men": _who_is_men_level,
    "who_opened": _who_opened_level,
    "tribute": _record_level,
    "places": _record_level,
    "revolution": lambda p: p.level,  # type: ignore[attr-defined]
    "buy": lambda p: p.level,  # type: ignore[attr-defined]
    "xuandian": lambda p: p.level,  # type: ignore[attr-defined]
    "rulesets": lambda p: _rulesets_level(p.question_kind, p.cards),  # type: ignore[attr-defined]
    "luanchan": lambda p: _luanchan_level(p.game),  # type: ignore[attr-defined]
    "yield": lambda p: _yield_level(p.game),  # type: ignore[attr-defined]
}


def level_of(puzzle: Puzzle) -> str | None:
    """The level a drill really has, measured from the puzzle (``None`` for a kind without a measure)."""
    measure = LEVEL_OF.get(puzzle.kind)
    return measure(puzzle) if measure else None


def honest(kind: str, generator: Callable[[random.Random, str, Ruleset], Puzzle]
           ) -> Callable[[random.Random, str, Ruleset], Puzzle]:
    """A generator that draws again (up to 40 times, from the same seeded stream) until the drill's measured
    level is the one asked for."""
    measure = LEVEL_OF[kind]

    def generate(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
        puzzle = generator(rng, level, rules)
        for _ in range(40):
            if measure(puzzle) == level:
                break
            puzzle = generator(rng, level, rules)
        return puzzle

    return generate

