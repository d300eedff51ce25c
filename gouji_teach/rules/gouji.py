"""够级牌 and 开点, per rule set.

A play is 够级 when it has a joker, or when its counted base reaches the threshold of its rank: five 10s,
four Js, three Qs, two Ks, two As, and one 2 (two 2s under ``tongsu``); more cards of the rank also count, and
2s used as fillers count toward the threshold. A *pure* 够级 play has a base of 10, J, Q, K or A, no 2 and no
joker. Which 够级 plays can 开点 depends on ``kaidian_pure_only``.

The answers are properties of a counted play (:attr:`Play.is_gouji <gouji_teach.rules.plays.Play.is_gouji>`,
``is_pure_gouji``, ``can_kaidian``); the functions here give them as verdicts that name and explain the rule.

>>> bool(is_gouji("22TTT")), bool(is_gouji("TTTT"))          # 002 §2: 贴钱 counts toward 够级
(True, False)
>>> bool(is_gouji("2")), bool(is_gouji("2", "tongsu"))       # 000 part 3 第8条 wants two 2s
(True, False)
>>> bool(can_kaidian("22")), bool(can_kaidian("22", "linyi"))
(True, False)
>>> print(can_kaidian("XKK").reason_en)
a small joker with two Ks is 够级 but cannot 开点: a play with jokers never opens a point [kaidian.play, 002 §5 开点]
"""

from __future__ import annotations

from .cards import Rank
from .plays import GOUJI_THRESHOLDS, Play, as_play
from .rulesets import QINGDAO, Ruleset, find_ruleset
from .verdicts import Verdict, explains
from .words import agree

__all__ = ["GOUJI_THRESHOLDS", "can_kaidian", "is_gouji", "is_pure_gouji"]


def _counted(play: Play | str, rules: Ruleset | str | None) -> Play:
    if rules is None:
        rules = play.rules if isinstance(play, Play) else QINGDAO
    return as_play(play, find_ruleset(rules))


def is_gouji(play: Play | str, rules: Ruleset | str | None = None) -> Verdict:
    """Whether ``play`` is a 够级 play under ``rules`` (default: the play's own rule set, else qingdao)."""
    p = _counted(play, rules)
    rule = "gouji.jokers" if p.jokers else "gouji.twos" if p.rank == Rank.TWO else "gouji.threshold"
    return Verdict(p.is_gouji, rule, p.rules, (p,))


def is_pure_gouji(play: Play | str, rules: Ruleset | str | None = None) -> Verdict:
    """Whether ``play`` is pure 够级: 够级 with a base of 10 to A, no 2 and no joker."""
    p = _counted(play, rules)
    return Verdict(p.is_pure_gouji, "gouji.pure", p.rules, (p,))


def can_kaidian(play: Play | str, rules: Ruleset | str | None = None) -> Verdict:
    """Whether ``play``, left unanswered, opens a point (开点) under ``rules``.

    Where ``kaidian_pure_only`` is on only pure 够级 can; otherwise any 够级 play except plays with jokers and
    a single 2 (002 §5 开点).
    """
    p = _counted(play, rules)
    if not p.is_gouji:
        return Verdict(False, is_gouji(p).rule, p.rules, (p,))
    return Verdict(p.can_kaidian, "kaidian.play", p.rules, (p,))


def _be(p: Play) -> str:
    """"is" or "are" after the play's English name."""
    return agree(p.text_en, "is", "are")


@explains("gouji.jokers", "gouji.twos", "gouji.threshold")
def _gouji_reason(v: Verdict, p: Play) -> tuple[str, str]:
    if p.jokers:
        return f"{p.text_zh}挂花，是够级牌", f"{p.text_en} {agree(p.text_en, 'has', 'have')} a joker, so it is 够级"
    need = p.gouji_threshold
    if need is None:
        # (ignore below: a play without jokers has a base rank)
        return (f"{p.text_zh}不是够级牌：{p.rank.zh}不够级（最小的够级点数是10）",  # type: ignore[union-attr]
                # (ignore below: a play without jokers has a base rank)
                f"{p.text_en} {_be(p)} not 够级: {p.rank.en} is below 10, the smallest 够级 rank")  # type: ignore[union-attr]
    name_zh, name_en = p.rank.zh, p.rank.en  # type: ignore[union-attr]  # a play without jokers has a base rank
    if v.ok:
        return (f"{p.text_zh}是够级牌：{p.count}张{name_zh}，至少要{need}张",
                f"{p.text_en} {_be(p)} 够级: {p.count} × {name_en}, at least {need} needed")
    return (f"{p.text_zh}不是够级牌：{name_zh}至少要{need}张才够级，这里只有{p.count}张",
            f"{p.text_en} {_be(p)} not 够级: {name_en} needs at least {need} cards, this has {p.count}")


@explains("gouji.pure")
def _pure_reason(v: Verdict, p: Play) -> tuple[str, str]:
    if v.ok:
        return f"{p.text_zh}是纯够级牌：不带2、不挂花", f"{p.text_en} {_be(p)} pure 够级: no 2 and no joker"
    if p.jokers or p.twos:
        return (f"{p.text_zh}不是纯够级牌：带了2或花", f"{p.text_en} {_be(p)} not pure 够级: it has a 2 or a joker")
    return f"{p.text_zh}不是纯够级牌：它不够级", f"{p.text_en} {_be(p)} not pure 够级: it is not 够级 at all"


@explains("kaidian.play")
def _kaidian_reason(v: Verdict, p: Play) -> tuple[str, str]:
    if v.ok:
        return (f"{p.text_zh}没人接就开点",
                f"{p.text_en} {agree(p.text_en, 'opens', 'open')} a point (开点) if nobody answers")
    head_zh, head_en = f"{p.text_zh}是够级牌，但不能开点：", f"{p.text_en} {_be(p)} 够级 but cannot 开点: "
    if p.rules.kaidian_pure_only:
        return (head_zh + "只有纯够级牌（不带2、不挂花）才能开点",
                head_en + "only pure 够级 (no 2, no joker) opens a point")
    if p.jokers:
        return head_zh + "挂花的牌不开点", head_en + "a play with jokers never opens a point"
    return head_zh + "单张的2不开点", head_en + "a single 2 never opens a point"
