"""Comparison: does a challenger legally beat a target?

Count first (2s as fillers take the base rank; mixed jokers are downgraded where the rule set says so), then:

* a target without jokers is beaten by a play of the same size whose base rank is strictly higher
  (a jokers-only play is higher than any base);
* a target with jokers is beaten per the rule set's ``joker_model``: ``aspects`` (bigger in jokers *and* in
  the rest) or ``cover`` (every card covers the matching card, strongest first);
* where ``big_joker_kill`` is on, two 大花 kill one of the target's 大花, the challenger being one card longer
  per 大花 killed; the rest compares as above.

>>> bool(beats("DD999", "XX888")), bool(beats("XXX99", "XX888"))      # 002 §3: both examples
(True, True)
>>> bool(beats("XXX", "D"))
False
>>> v = beats("DD", "D", "linyi")                                    # two 大花 kill one 大花
>>> bool(v), v.rule
(True, 'compare.kill')
>>> print(beats("DX", "XX", "zaozhuang").reason_zh)
1个大花1个小花大不过2个小花：每个小花要用一个大花压，需要2个大花，只有1个【compare.cover, 003 §三 出牌】
"""

from __future__ import annotations

from .cards import Rank
from .plays import Play, as_play
from .rulesets import QINGDAO, JokerModel, Ruleset, find_ruleset
from .verdicts import Verdict, explains
from .words import number_en

__all__ = ["beats"]

_COVER = JokerModel.COVER  # a rule set's joker_model is a member of JokerModel (checked when it is made)


def _decide(cb: int, cs: int, cr: int, cn: int, tb: int, ts: int, tr: int, tn: int, cover: bool) -> str | None:
    """Compare two counted plays of the same size given as numbers: big and small jokers, base rank
    strength and base count of the challenger (c...) and the target (t...). ``None`` means the challenger
    wins; otherwise a code of what fails: ``rank``, ``jokers``, ``big``, ``small`` or ``rest``."""
    if not (tb or ts):
        return None if (not tn or cr > tr) else "rank"
    if cover:
        if tb:
            return "big"
        if cb < ts:
            return "small"
    else:
        cj, tj = cb + cs, tb + ts
        if cb < tb or cj < tj or (cj == tj and cb == tb):
            return "jokers"
    if tn and cr <= tr:
        return "rest"
    return None


def beats(challenger: Play | str, target: Play | str, rules: Ruleset | str | None = None) -> Verdict:
    """Whether ``challenger`` legally beats ``target`` under ``rules``: a :class:`Verdict`, truthy for yes.

    ``rules`` defaults to the challenger's rule set (or ``qingdao`` for notation). Plays of different shapes
    give a falsy verdict that says why; only bad notation or an illegal play raises.
    """
    if rules.__class__ is not Ruleset:  # the common case first: a rule set given (the enumerator, the engine)
        if rules is None:
            rules = challenger.rules if isinstance(challenger, Play) else QINGDAO
        else:
            rules = find_ruleset(rules)
    ch = challenger if challenger.__class__ is Play and challenger.rules is rules else as_play(challenger, rules)
    tg = target if target.__class__ is Play and target.rules is rules else as_play(target, rules)
    tb = tg.big_jokers
    ts = tg.small_jokers
    if ch.size == tg.size:
        if not (tb or ts):
            return Verdict(ch._r > tg._r, "compare.rank", rules, (ch, tg, "rank", 0))
        cover = rules.joker_model is _COVER
        code = _decide(ch.big_jokers, ch.small_jokers, ch._r, ch.count, tb, ts, tg._r, tg.count, cover)
        return Verdict(code is None, "compare.cover" if cover else "compare.aspects", rules, (ch, tg, code, 0))
    d = ch.size - tg.size
    if 0 < d <= tb and rules.big_joker_kill and ch.big_jokers >= 2 * d:
        cover = rules.joker_model is _COVER
        code = _decide(ch.big_jokers - 2 * d, ch.small_jokers, ch._r, ch.count,
                       tb - d, ts, tg._r, tg.count, cover)
        return Verdict(code is None, "compare.kill", rules, (ch, tg, code, d))
    return Verdict(False, "compare.size", rules, (ch, tg, None, 0))


def _rank_names(play: Play) -> tuple[str, str]:
    return (play.rank.zh, play.rank.en) if play.rank is not None else ("花", "a joker")


def _failure(code: str, ch: Play, tg: Play, killed: int) -> tuple[str, str]:
    """Why the counted remainders do not beat (zh, en)."""
    (czh, cen), (tzh, ten) = _rank_names(ch), _rank_names(tg)
    if code == "rank":
        return f"{czh}不比{tzh}大", f"{cen} is not higher than {ten}"
    if code == "rest":
        return f"花够大，但{czh}不比{tzh}大", f"the jokers are bigger, but {cen} is not higher than {ten}"
    if code == "jokers":
        return ("花不够大：花要一样多、一样大，还要多一个或大一个",
                "its jokers are not bigger: it needs as many and as strong, and one more or one stronger")
    if code == "big":
        return ("大花只能用两个大花来灭（多出一张）", "a 大花 can only be killed by two 大花 (one card longer)")
    need = tg.small_jokers
    have = ch.big_jokers - 2 * killed
    return (f"每个小花要用一个大花压，需要{need}个大花，只有{have}个",
            f"every small joker needs a big joker on it: {need} needed, {have} there")


def _beats(play: Play, ok: bool = True) -> str:
    """The English verb agreeing with the play as subject: 'a single 9 beats', 'three 9s beat'."""
    if play.size == 1:
        return "beats" if ok else "does not beat"
    return "beat" if ok else "do not beat"


def _downgraded(*plays: Play) -> tuple[str, str]:
    """Why a play that mixes 大花 and 小花 reads as 小花 only, where the rule set counts them so (002 §2 牌型/挂花:
    大花 with 小花 count as 小花), as a note to put after the plays' names; empty if no play does.

    >>> _downgraded(Play.parse("DX"), Play.parse("XX"))
    ('（1个大花和小花一起出，按小花算）', ' (a big joker played with small ones counts as a small joker)')
    >>> _downgraded(Play.parse("DX", "zaozhuang"))
    ('', '')
    """
    bigs = sorted({n for p in plays if not p.big_jokers and (n := sum(c.rank == Rank.BIG_JOKER for c in p.cards))})
    if not bigs:
        return "", ""
    zh = "；".join(f"{n}个大花和小花一起出，按小花算" for n in bigs)
    en = "; ".join("a big joker played with small ones counts as a small joker" if n == 1 else
                   f"{number_en(n)} big jokers played with small ones count as small jokers" for n in bigs)
    return f"（{zh}）", f" ({en})"


@explains("compare.rank", "compare.aspects", "compare.cover")
def _same_size_reason(v: Verdict, ch: Play, tg: Play, code: str | None, killed: int) -> tuple[str, str]:
    nzh, nen = _downgraded(ch, tg)
    if v.ok:
        if v.rule == "compare.rank":
            (czh, cen), (tzh, ten) = _rank_names(ch), _rank_names(tg)
            why = (f"张数相同，{czh}比{tzh}大", f"same number of cards and {cen} is higher than {ten}")
        elif v.rule == "compare.aspects":
            why = ("花和其余的牌两方面都大", "bigger in both aspects, the jokers and the rest")
        else:
            why = ("每张牌都压住了对方对应的牌", "every card covers the matching card")
        return (f"{ch.text_zh}大过{tg.text_zh}{nzh}：{why[0]}",
                f"{ch.text_en} {_beats(ch)} {tg.text_en}{nen}: {why[1]}")
    zh, en = _failure(code or "rank", ch, tg, killed)
    return f"{ch.text_zh}大不过{tg.text_zh}{nzh}：{zh}", f"{ch.text_en} {_beats(ch, False)} {tg.text_en}{nen}: {en}"


@explains("compare.kill")
def _kill_reason(v: Verdict, ch: Play, tg: Play, code: str | None, killed: int) -> tuple[str, str]:
    head_zh = f"用{2 * killed}个大花灭掉{killed}个大花"
    head_en = f"{2 * killed} big jokers kill {killed} big joker" + ("s" if killed > 1 else "")
    nzh, nen = _downgraded(ch, tg)
    if v.ok:
        return (f"{ch.text_zh}大过{tg.text_zh}{nzh}：{head_zh}，其余的也大过",
                f"{ch.text_en} {_beats(ch)} {tg.text_en}{nen}: {head_en}, and the rest beat the rest")
    zh, en = _failure(code or "rank", ch, tg, killed)
    return (f"{ch.text_zh}大不过{tg.text_zh}{nzh}：{head_zh}后，{zh}",
            f"{ch.text_en} {_beats(ch, False)} {tg.text_en}{nen}: after {head_en}, {en}")


@explains("compare.size")
def _size_reason(v: Verdict, ch: Play, tg: Play, code: str | None, killed: int) -> tuple[str, str]:
    nzh, nen = _downgraded(ch, tg)
    zh = f"{ch.text_zh}和{tg.text_zh}{nzh}张数不同（{ch.size}张对{tg.size}张），不能比较"
    cards = f"{ch.size} card{'s' * (ch.size != 1)}"
    en = f"{ch.text_en} and {tg.text_en}{nen} differ in size ({cards} against {tg.size}): they do not compare"
    if v.rules.big_joker_kill and tg.big_jokers:
        zh += f"；只有两个大花灭一个大花时才能多出一张（最多多{tg.big_jokers}张）"
        en += f"; only two big jokers killing one big joker make a play longer (at most {tg.big_jokers} more)"
    return zh, en
