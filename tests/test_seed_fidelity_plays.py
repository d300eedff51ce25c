"""Seed fidelity of cards, plays, comparison and 够级 under the four rule sets: a checklist.

Each case is one checkable statement of a seed, run under every family it concerns (and under the others where
they decide differently). Its id starts with its citation: ``002s3`` is §3 of ``002_7f7cb6e6f3a2271d.txt``
(青岛), ``000p1`` the 临沂 text (part 1 of ``000_a25df5c604da1d59.txt``), ``000a8`` article 8 of the 通俗规则
(part 3 of the same file), ``003s4`` §四 of ``003_40c309e126def456.txt`` (枣庄); ``rules.md`` marks a decision
of ``shared/notes/rules.md`` where the seeds are ambiguous. Families: q = qingdao, l = linyi, t = tongsu,
z = zaozhuang.

Every answer is a verdict or a refusal that names its rule and cites, under that rule set, the family's own
seed (or says it is a default where the family's seed is silent), in Chinese and in English.
"""

from __future__ import annotations

import re

import pytest

from gouji_teach import (
    DeckLimitError,
    Game,
    IllegalActionError,
    IllegalPlayError,
    NotationError,
    Play,
    PlayKind,
    Rank,
    beats,
    build_deck,
    can_kaidian,
    find_ruleset,
    is_gouji,
    is_pure_gouji,
    parse_cards,
)
from gouji_teach.rules.cards import deck_limits
from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.verdicts import cite, source_of

FAMILY = {"q": "qingdao", "l": "linyi", "t": "tongsu", "z": "zaozhuang"}
#: The seed file of each family: a rule is cited from it, or marked a default where it is silent.
SEED = {"qingdao": "002", "linyi": "000", "tongsu": "000", "zaozhuang": "003"}
CJK = re.compile(r"[\u4e00-\u9fff]")


def families(spec: str) -> list[str]:
    return [FAMILY[c] for c in spec]


def cited(rule: str, rules, zh: str, en: str) -> None:
    """``zh`` and ``en`` name ``rule`` and cite its source under ``rules``: the family's seed or a default."""
    assert rule in RULES, rule
    where = cite(rule, rules)
    assert where.split()[0] == ("default:" if source_of(rule, rules).is_default else SEED[rules.name]), where
    assert rule in zh and cite(rule, rules, "zh") in zh, zh
    assert rule in en and where in en, en
    assert len(zh) > len(cite(rule, rules, "zh")) + 8 and len(en) > len(where) + 8  # says more than the citation


def verdict(v, ok: bool, rule: str) -> None:
    assert bool(v) is ok and v.ok is ok, v.reason_en
    assert v.rule == rule, (v.rule, v.reason_en)
    cited(rule, v.rules, v.reason_zh, v.reason_en)
    # each language whole: no English word in the Chinese reason, no Chinese but game terms in the English one
    zh = v.reason_zh.replace(rule, "").replace(cite(rule, v.rules, "zh"), "")
    assert not re.search(r"[A-Za-z]{3,}", zh), v.reason_zh
    en = v.reason_en.replace(cite(rule, v.rules), "")
    for term in ("开点", "够级", "挂花", "大花", "小花"):
        en = en.replace(term, "")
    assert not CJK.search(en), v.reason_en


def expand(cases):
    """``(id, spec, *rest)`` rows, one ``pytest.param`` per family in ``spec``."""
    return [pytest.param(name, *rest, id=f"{cid}-{name}") for cid, spec, *rest in cases for name in families(spec)]


# == 1. The deck ===============================================================================================

DECKS = [
    # (citation, families, packs, cards in the deck, copies of a joker, of a 9, of a 3)
    ("002s1-four-packs-216-cards", "q", 4, 216, 4, 16, 16),
    ("000p1-four-packs-216-cards", "l", 4, 216, 4, 16, 16),
    ("000a1-four-packs", "t", 4, 216, 4, 16, 16),
    # 003 §一 六人六封扑克; §五 六封扑克共选出6张3: 6 × 54 cards less the 3s beyond six
    ("003s1-s5-six-packs-only-six-3s", "z", 6, 6 * 54 - (24 - 6), 6, 24, 6),
]


@pytest.mark.parametrize(("rules", "packs", "size", "jokers", "nines", "threes"), expand(DECKS))
def test_deck(rules, packs, size, jokers, nines, threes):
    r = find_ruleset(rules)
    assert r.packs == packs
    keep = {Rank.THREE: r.keep_threes} if r.keep_threes else None
    deck = build_deck(r.packs, keep=keep)
    assert len(deck) == size
    if packs == 4:
        assert len(deck) // 6 == 36  # 002 §1 发牌后每人36张牌
    limits = deck_limits(r.packs, r.keep_threes)
    assert (limits[Rank.BIG_JOKER], limits[Rank.SMALL_JOKER]) == (jokers, jokers)  # one of each joker a pack
    assert (limits[Rank.NINE], limits[Rank.TWO], limits[Rank.THREE]) == (nines, nines, threes)
    assert sum(c.rank == Rank.THREE for c in deck) == threes


# == 2. The order of the cards =================================================================================

#: 002 §3 大花>小花>2>A>K>Q>J>10>9>8>7>6>5>4>3; 000 part 3 第2条 the same (大王 red, 小王 black); 000 part 1 the
#: same; 003 gives no order (the rule set cites 002 as its default).
ORDER = ["D", "X", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]


@pytest.mark.parametrize("rules", families("qltz"))
@pytest.mark.parametrize("i", range(len(ORDER) - 1), ids=lambda i: f"002s3-000a2-{ORDER[i]}-over-{ORDER[i + 1]}")
def test_card_order_singles(rules, i):
    high, low = ORDER[i], ORDER[i + 1]
    verdict(beats(high, low, rules), True, _single_rule(low, rules))
    verdict(beats(low, high, rules), False, _single_rule(high, rules))


def _single_rule(target: str, rules: str) -> str:
    """The rule deciding against a single ``target``: a joker is beaten per the joker model (002 §3, 003 §三)."""
    if target not in "DX":
        return "compare.rank"
    return "compare.cover" if rules == "zaozhuang" else "compare.aspects"


@pytest.mark.parametrize("rules", families("qltz"))
@pytest.mark.parametrize("card", ORDER, ids=lambda c: f"002s3-equal-{c}-does-not-beat")
def test_equal_single_does_not_beat(rules, card):
    """点数大的即大 (002 §3): an equal card is not bigger (a 大花 on a 大花: only the kill rule, one card longer)."""
    assert not beats(card, card, rules)


@pytest.mark.parametrize("rules", families("qltz"))
def test_000a2_suits_do_not_matter(rules):
    """000 第2条: 牌力不区分牌面花色 (大小王除外)."""
    verdict(beats("9♠", "9♥", rules), False, "compare.rank")
    verdict(beats("10♦", "9♠", rules), True, "compare.rank")
    assert Play.parse("Q♠Q♥Q♣", rules).text_en == Play.parse("QQQ", rules).text_en


# == 3. Legal plays and how they count =========================================================================

PLAYS = [
    # (citation, families, notation, kind, counted rank, count, 大花, 小花, text_zh)
    ("002s2-single-any-card-3", "qltz", "3", PlayKind.SINGLE, Rank.THREE, 1, 0, 0, "单张3"),
    ("002s2-single-any-card-2", "qltz", "2", PlayKind.SINGLE, Rank.TWO, 1, 0, 0, "单张2"),
    ("002s2-single-any-card-D", "qltz", "D", PlayKind.SINGLE, None, 0, 1, 0, "单张大花"),
    ("002s2-yishoupai-33", "qltz", "33", PlayKind.SET, Rank.THREE, 2, 0, 0, "2个3"),
    ("002s2-yishoupai-55555", "qltz", "55555", PlayKind.SET, Rank.FIVE, 5, 0, 0, "5个5"),
    ("002s2-yishoupai-8888888", "qltz", "8888888", PlayKind.SET, Rank.EIGHT, 7, 0, 0, "7个8"),
    ("002s2-tieqian-22333-is-five-3s", "qlz", "22333", PlayKind.TIEQIAN, Rank.THREE, 5, 0, 0, "5个3（贴2个钱）"),
    ("002s2-tieqian-266-is-three-6s", "qlz", "266", PlayKind.TIEQIAN, Rank.SIX, 3, 0, 0, "3个6（贴1个钱）"),
    # 002 §2 2可以和其它的单张……一起出: a 2 with a single card is a pair of that card
    ("002s2-tieqian-2-with-a-single-26", "qlz", "26", PlayKind.TIEQIAN, Rank.SIX, 2, 0, 0, "2个6（贴1个钱）"),
    ("003s4-qian-2-and-four-10s-is-five-10s", "qlz", "2TTTT", PlayKind.TIEQIAN, Rank.TEN, 5, 0, 0, None),
    ("003s4-1K-and-two-qian-is-3K", "qlz", "K22", PlayKind.TIEQIAN, Rank.KING, 3, 0, 0, "3个K（贴2个钱）"),
    ("002s2-guahua-two-small-three-8s", "qltz", "XX888", PlayKind.GUAHUA, Rank.EIGHT, 3, 0, 2, "2个小花带3个8"),
    ("002s2-guahua-DD-222-9999-is-DD-seven-9s", "qlz", "DD2229999", PlayKind.GUAHUA, Rank.NINE, 7, 2, 0,
     "2个大花带7个9"),
    ("002s2-guahua-DD-with-three-2s", "qltz", "DD222", PlayKind.GUAHUA, Rank.TWO, 3, 2, 0, "2个大花带3个2"),
    # 002 §2 / 000 part 1: 大花+小花+2+同点的牌，此时大花当做小花
    ("002s2-000p1-mixed-jokers-count-as-small", "ql", "DX225555", PlayKind.GUAHUA, Rank.FIVE, 6, 0, 2,
     "2个小花带6个5"),
    # 003 never weakens a 大花 (its cover rule compares joker against joker): the rule set keeps it
    ("003s3-mixed-jokers-keep-the-big-one", "z", "DX225555", PlayKind.GUAHUA, Rank.FIVE, 6, 1, 1,
     "1个大花1个小花带6个5"),
    ("rules.md-jokers-alone-XX", "qltz", "XX", PlayKind.JOKERS, None, 0, 0, 2, "2个小花"),
    ("rules.md-jokers-alone-DDD", "qltz", "DDD", PlayKind.JOKERS, None, 0, 3, 0, "3个大花"),
    # rules.md: the downgrade applies to any play mixing the jokers where the set says so (002 §2's example has
    # 2s and a base; the seed says nothing of jokers alone): DX counts as two 小花 under qingdao and linyi
    ("rules.md-mixed-jokers-alone-DX", "ql", "DX", PlayKind.JOKERS, None, 0, 0, 2, "2个小花"),
    ("000a3-mixed-jokers-alone-DX", "tz", "DX", PlayKind.JOKERS, None, 0, 1, 1, "1个大花1个小花"),
    ("rules.md-twos-alone-are-the-set", "qltz", "2222", PlayKind.SET, Rank.TWO, 4, 0, 0, "4个2"),
    ("002s2-guahua-on-a-single-card", "qltz", "X9", PlayKind.GUAHUA, Rank.NINE, 1, 0, 1, "1个小花带1个9"),
]


@pytest.mark.parametrize(("rules", "text", "kind", "rank", "count", "big", "small", "zh"), expand(PLAYS))
def test_play_counts(rules, text, kind, rank, count, big, small, zh):
    p = Play.parse(text, rules)
    assert (p.kind, p.rank, p.count, p.big_jokers, p.small_jokers) == (kind, rank, count, big, small)
    assert p.size == len(parse_cards(text))
    if zh is not None:
        assert p.text_zh == zh
    assert p.text_en and not CJK.search(p.text_en)
    assert Play.parse(repr(p), rules) == p  # the notation round-trips


REFUSED = [
    # (citation, families, notation, rule, words the message must hold)
    ("000a3-tongsu-no-tieqian-22333", "t", "22333", "play.tieqian", "贴钱"),
    ("000a3-tongsu-no-tieqian-with-jokers", "t", "DD2229999", "play.tieqian", "贴钱"),
    ("000a3-tongsu-no-tieqian-K22", "t", "K22", "play.tieqian", "贴钱"),
    ("002s2-yishoupai-one-rank-98", "qltz", "98", "play.shape", "9"),
    ("002s2-jokers-do-not-join-two-ranks", "qltz", "DX98", "play.shape", "8"),
    ("000p1-garbled-58-is-no-play", "qltz", "58", "play.shape", "5"),
]


@pytest.mark.parametrize(("rules", "text", "rule", "word"), expand(REFUSED))
def test_refused_plays_name_their_rule(rules, text, rule, word):
    with pytest.raises(IllegalPlayError) as info:
        Play.parse(text, rules)
    e = info.value
    assert e.rule == rule and e.rule in RULES
    assert word in e.zh and word in e.en
    # the refusal cites the rule set's source of the rule, in each language; the English is whole but for the
    # game term, the citation of a Chinese seed and the rule set's English title (which glosses its Chinese name)
    where = cite(rule, find_ruleset(rules))
    assert cite(rule, find_ruleset(rules), "zh") in e.zh and where in e.en
    assert not CJK.search(e.en.replace(where, "").replace("贴钱", "").replace(find_ruleset(rules).title_en, ""))
    # and ends as every refusal does, naming its rule with the citation
    assert e.zh.endswith(f"【{rule}, {cite(rule, find_ruleset(rules), 'zh')}】") and e.en.endswith(f"[{rule}, {where}]")


@pytest.mark.parametrize("rules", families("qltz"))
def test_002s2_an_empty_play_is_refused_with_its_rule(rules):
    with pytest.raises(IllegalPlayError) as info:
        Play((), rules)
    assert info.value.rule == "play.shape"
    cited("play.shape", find_ruleset(rules), info.value.zh, info.value.en)


# == 4. Comparison =============================================================================================

#: (citation, challenger, target, expected per family "q l t z": 1 beats, 0 does not; rule per family)
#: The rule letters: r compare.rank, s compare.size, a compare.aspects, c compare.cover, k compare.kill.
COMPARE = [
    # 002 §3 同样张数的牌才允许比较大小 (000 第2条, 003 §三 别人出几张，你就出几张)
    ("002s3-000a2-003s3-different-sizes-do-not-compare", "999", "8888", "0000", "ssss"),
    ("002s3-more-cards-of-a-lower-rank-do-not-compare", "33333", "AAAA", "0000", "ssss"),
    ("002s3-higher-rank-wins", "99999", "88888", "1111", "rrrr"),
    ("002s3-equal-rank-does-not-beat", "99999", "99999", "0000", "rrrr"),
    ("002s3-huge-bombs-compare-by-rank", "A" * 16, "K" * 16, "1111", "rrrr"),
    # 002 §3 贴钱: 2个钱+3个八 is five 8s and loses to five 9s; tongsu refuses 贴钱 (see test_tieqian_refused)
    ("002s3-tieqian-22888-loses-to-99999", "99999", "22888", "11-1", "rr-r"),
    ("002s3-tieqian-22888-does-not-beat-99999", "22888", "99999", "00-0", "rr-r"),
    ("002s3-tieqian-counts-as-its-base-22999-over-88888", "22999", "88888", "11-1", "rr-r"),
    # 002 §3 挂花: both examples beat 2个小花带3个8
    ("002s3-guahua-DD999-beats-XX888", "DD999", "XX888", "1111", "aaac"),
    ("002s3-guahua-three-jokers-XXX99-beat-XX888", "XXX99", "XX888", "1110", "aaac"),
    ("002s3-guahua-three-jokers-DDX99-beat-XX888", "DDX99", "XX888", "1111", "aaac"),
    # 必须在两个方面都大过此牌: bigger jokers with an equal rest do not beat; a pure set never beats 挂花
    ("002s3-guahua-equal-rest-DD888-vs-XX888", "DD888", "XX888", "0000", "aaac"),
    ("002s3-guahua-pure-set-99999-vs-XX888", "99999", "XX888", "0000", "aaac"),
    # rules.md: same jokers are not bigger jokers (aspects); a 小花 needs a 大花 on it (cover)
    ("rules.md-guahua-same-jokers-X999-vs-X888", "X999", "X888", "0000", "aaac"),
    # rules.md: a challenger with jokers against a plain set qualifies by its base (000 第3条 其他牌亦要大于上家牌)
    ("rules.md-000a3-guahua-X9999-beats-88888", "X9999", "88888", "1111", "rrrr"),
    ("rules.md-000a3-guahua-X8888-does-not-beat-88888", "X8888", "88888", "0000", "rrrr"),
    # jokers alone are above any base rank
    ("002s3-jokers-DD-beat-AA", "DD", "AA", "1111", "rrrr"),
    ("002s3-jokers-XX-beat-22", "XX", "22", "1111", "rrrr"),
    ("002s3-twos-22-do-not-beat-XX", "22", "XX", "0000", "aaac"),
    ("002s3-big-over-small-D-over-X", "D", "X", "1111", "aaac"),
    ("002s3-small-does-not-beat-small-X-X", "X", "X", "0000", "aaac"),
    # 003 §三 1个小花需要用1个大花压; 2个小花用2个大花压
    ("003s3-two-small-need-two-big-DD-XX", "DD", "XX", "1111", "aaac"),
    # DX vs XX: counted XX vs XX under qingdao/linyi (downgrade), bigger jokers under tongsu (大王 keeps its
    # strength, 000 第3条 以大、小王为准), one 小花 left uncovered under zaozhuang (003 §三)
    ("003s3-000a3-DX-vs-XX-differs", "DX", "XX", "0010", "aaac"),
    # 003 §三 1个大花需用2个大花压; 2个大花需用4个大花压; 000 part 1 两大花拍一个大花; 000 第4条 两大灭一大
    ("003s3-000p1-000a4-two-big-kill-one-big", "DD", "D", "0111", "skkk"),
    ("003s3-four-big-kill-two-big", "DDDD", "DD", "0111", "skkk"),
    ("003s3-three-big-do-not-beat-two-big", "DDD", "DD", "0000", "skkk"),
    ("003s3-one-big-does-not-beat-one-big", "D", "D", "0000", "aaac"),
    ("000a4-kill-in-guahua-DDTTT-over-D999", "DDTTT", "D999", "0111", "skkk"),
    ("000a4-kill-then-the-rest-must-be-bigger-DD999-vs-D999", "DD999", "D999", "0000", "skkk"),
    # 000 第4条: 本规则仅认同“两大灭一大”: three small (三小灭一大) and four 2s (四钱灭一大) kill nothing
    ("000a4-three-small-do-not-kill-one-big", "XXX", "D", "0000", "ssss"),
    ("000a4-four-twos-do-not-kill-one-big", "2222", "D", "0000", "ssss"),
    # 003 §四 钱 stands for any card but a joker: a 2 never makes up a joker
    ("003s4-qian-is-no-joker-X2-vs-XX", "X2", "XX", "0000", "aaac"),
    # rules.md: against a plain target a challenger with jokers qualifies by its base: X2 is one 2 with a 小花
    ("rules.md-X2-does-not-beat-22", "X2", "22", "0000", "rrrr"),
    ("rules.md-XA-beats-KK", "XA", "KK", "1111", "rrrr"),
    # rules.md: after the kill the rest compares as usual, so DDX does not kill DX (X against X), although 000
    # 第4条 says a play with two 大王 may 灭 one with one 大王: the rest must still be bigger
    # (linyi counts DX as two 小花, 000 part 1 挂花: no 大花 left to kill, so the sizes decide)
    ("rules.md-000a4-DDX-vs-DX-rest-ties", "DDX", "DX", "0000", "sskk"),
    ("rules.md-000a4-DDD-vs-DX-rest-bigger", "DDD", "DX", "0011", "sskk"),
    # 3s are the smallest rank: they beat nothing (憋三, 3s only as the last play, is the engine's: test_engine*)
    ("002s3-3s-beat-nothing-33-vs-33", "33", "33", "0000", "rrrr"),
    ("002s3-4s-beat-3s", "44", "33", "1111", "rrrr"),
    ("002s3-tieqian-3s-22333-vs-33333", "22333", "33333", "00-0", "rr-r"),
    # 7 jokers each (4 packs: 4 of each): qingdao/linyi count them all as 小花 (rules.md), so neither is bigger;
    # tongsu: one more 大花; zaozhuang: the target's 大花 need killing, and the sizes are equal
    ("002s2-000a3-003s3-seven-jokers-DDDDXXX-vs-DDDXXXX", "DDDDXXX", "DDDXXXX", "0010", "aaac"),
]

_RULE = {"r": "compare.rank", "s": "compare.size", "a": "compare.aspects", "c": "compare.cover", "k": "compare.kill"}


def _compare_params():
    out = []
    for cid, ch, tg, oks, rules_ in COMPARE:
        for name, ok, r in zip(FAMILY.values(), oks, rules_, strict=True):
            if ok != "-":
                out.append(pytest.param(name, ch, tg, ok == "1", _RULE[r], id=f"{cid}-{name}"))
    return out


@pytest.mark.parametrize(("rules", "challenger", "target", "ok", "rule"), _compare_params())
def test_compare(rules, challenger, target, ok, rule):
    verdict(beats(challenger, target, rules), ok, rule)


@pytest.mark.parametrize("rules", families("qltz"))
def test_size_refusal_says_both_sizes(rules):
    v = beats("999", "8888", rules)
    assert "3" in v.reason_en and "4" in v.reason_en and "张数不同" in v.reason_zh


@pytest.mark.parametrize("rules", families("qltz"))
def test_002s2_a_comparison_says_why_a_mixed_play_counts_as_small_jokers(rules):
    """DX against XX under qingdao reads "2个小花大不过2个小花": the reason says why DX is two 小花 (002 §2 牌型/挂花,
    000 part 1: 大花 played with 小花 count as 小花), where the rule set counts them so, and only there."""
    v = beats("DX", "XX", rules)
    verdict(v, v.ok, v.rule)  # cited, each language whole
    said = "大花和小花一起出，按小花算" in v.reason_zh, "a big joker played with small ones counts as" in v.reason_en
    assert said == (find_ruleset(rules).downgrade_mixed_jokers,) * 2, (v.reason_zh, v.reason_en)


# == 5. 够级 ===================================================================================================

GOUJI = [
    # (citation, families, notation, is 够级, deciding rule, is pure 够级)
    # 002 §2 / 000 part 1 / 000 第8条 / 003 §四: 5个10、4个J、3个Q、2个K、2个A
    ("002s2-000a8-003s4-five-10s", "qltz", "TTTTT", True, "gouji.threshold", True),
    ("002s2-000a8-003s4-four-10s-not", "qltz", "TTTT", False, "gouji.threshold", False),
    ("002s2-000a8-003s4-four-Js", "qltz", "JJJJ", True, "gouji.threshold", True),
    ("002s2-000a8-003s4-three-Js-not", "qltz", "JJJ", False, "gouji.threshold", False),
    ("002s2-000a8-003s4-three-Qs", "qltz", "QQQ", True, "gouji.threshold", True),
    ("002s2-000a8-003s4-two-Qs-not", "qltz", "QQ", False, "gouji.threshold", False),
    ("002s2-000a8-003s4-two-Ks", "qltz", "KK", True, "gouji.threshold", True),
    ("002s2-000a8-003s4-single-K-not", "qltz", "K", False, "gouji.threshold", False),
    ("002s2-000a8-003s4-two-As", "qltz", "AA", True, "gouji.threshold", True),
    ("002s2-000a8-003s4-single-A-not", "qltz", "A", False, "gouji.threshold", False),
    # 002 §2 张数或点数高于、等于这些牌的牌，均视作够级牌
    ("002s2-more-cards-count-six-10s", "qltz", "TTTTTT", True, "gouji.threshold", True),
    ("002s2-more-cards-count-sixteen-Qs", "qltz", "Q" * 16, True, "gouji.threshold", True),
    ("002s2-below-10-never-six-9s", "qltz", "999999", False, "gouji.threshold", False),
    ("002s2-below-10-never-sixteen-3s", "ql", "3" * 16, False, "gouji.threshold", False),
    # a single 2: 002 §2, 000 part 1, 003 §四 (1个2) yes; 000 第8条 needs two 2s
    ("002s2-000p1-003s4-single-2", "qlz", "2", True, "gouji.twos", False),
    ("000a8-single-2-not", "t", "2", False, "gouji.twos", False),
    ("000a8-two-2s", "qltz", "22", True, "gouji.twos", False),
    # 1张大、小花: a single joker; any 挂花 (002 §2 当任何一手牌挂花时, 000 第8条 挂花为够级牌, 003 §四)
    ("002s2-000a8-single-small-joker", "qltz", "X", True, "gouji.jokers", False),
    ("002s2-000a8-single-big-joker", "qltz", "D", True, "gouji.jokers", False),
    ("002s2-000a8-003s4-guahua-X3", "qltz", "X3", True, "gouji.jokers", False),
    ("002s2-000a8-003s4-guahua-X99", "qltz", "X99", True, "gouji.jokers", False),
    ("002s2-eight-jokers", "qltz", "DDDDXXXX", True, "gouji.jokers", False),
    # 002 §2 贴钱的牌转换点数后如果符合条件，也算作够级牌; 003 §四 1个钱（2）和4个10 当5个10
    ("002s2-003s4-tieqian-2TTTT", "qlz", "2TTTT", True, "gouji.threshold", False),
    ("002s2-tieqian-22TTT", "qlz", "22TTT", True, "gouji.threshold", False),
    ("002s2-tieqian-2TTT-only-four", "qlz", "2TTT", False, "gouji.threshold", False),
    ("003s4-1K-and-one-qian-is-two-Ks", "qlz", "2K", True, "gouji.threshold", False),
    ("002s2-tieqian-below-10-22999", "qlz", "22999", False, "gouji.threshold", False),
]


@pytest.mark.parametrize(("rules", "text", "ok", "rule", "pure"), expand(GOUJI))
def test_gouji(rules, text, ok, rule, pure):
    verdict(is_gouji(text, rules), ok, rule)
    verdict(is_pure_gouji(text, rules), pure, "gouji.pure")  # 000 第8条: no 2 and no joker


KAIDIAN = [
    # (citation, families, notation, can 开点)
    # 002 §5 以下牌型的够级牌不开点：任意张大花，小花或者挂花的牌；单张的2 (everything else 够级 opens)
    ("002s5-22-opens", "q", "22", True),
    ("002s5-tieqian-2TTTT-opens", "q", "2TTTT", True),
    ("002s5-single-2-does-not", "q", "2", False),
    ("002s5-jokers-do-not-DD", "q", "DD", False),
    ("002s5-guahua-does-not-XAA", "q", "XAA", False),
    # 000 part 1 纯够级牌才能开点; 000 第22条 只有纯够级牌才能开点; 003 §四 必须是纯级牌过点，即不得添钱挂花
    ("000p1-000a22-003s4-pure-opens-KK", "qltz", "KK", True),
    ("000p1-000a22-003s4-pure-opens-TTTTT", "qltz", "TTTTT", True),
    ("000p1-000a22-003s4-22-does-not", "ltz", "22", False),
    ("000p1-003s4-tieqian-2TTTT-does-not", "lz", "2TTTT", False),
    ("000p1-000a22-003s4-guahua-does-not", "ltz", "XAA", False),
    ("003s4-single-2-does-not", "lz", "2", False),
    ("002s5-not-gouji-does-not-9999", "qltz", "9999", False),
]


@pytest.mark.parametrize(("rules", "text", "ok"), expand(KAIDIAN))
def test_kaidian(rules, text, ok):
    v = can_kaidian(text, rules)
    rule = "kaidian.play" if is_gouji(text, rules) else is_gouji(text, rules).rule
    verdict(v, ok, rule)


# == 6. The deck's limits: more copies than the packs hold =====================================================

LIMITS = [
    # (citation, families, notation that fits, notation one card over)
    ("002s1-000a1-sixteen-9s", "qlt", "9" * 16, "9" * 17),
    ("002s1-000a1-four-big-jokers", "qlt", "DDDD", "DDDDD"),
    ("002s1-000a1-four-small-jokers", "qlt", "XXXX", "XXXXX"),
    ("002s1-sixteen-2s", "qlt", "2" * 16, "2" * 17),
    ("002s1-one-of-a-suit-per-pack", "qlt", "9♠" * 4, "9♠" * 5),
    ("002s1-tieqian-twos-and-base-each-limited", "ql", "2" * 16 + "9" * 16, "2" * 16 + "9" * 17),
    ("003s1-twenty-four-9s", "z", "9" * 24, "9" * 25),
    ("003s1-six-big-jokers", "z", "DDDDDD", "DDDDDDD"),
    ("003s1-six-of-a-suit", "z", "9♠" * 6, "9♠" * 7),
    ("003s5-only-six-3s", "z", "3" * 6, "3" * 7),
]


@pytest.mark.parametrize(("rules", "fits", "over"), expand(LIMITS))
def test_deck_limit(rules, fits, over):
    Play.parse(fits, rules)
    with pytest.raises(DeckLimitError) as info:
        Play.parse(over, rules)
    e = info.value
    assert isinstance(e, IllegalPlayError) and e.rule == "deck.limit"
    assert e.count == e.limit + 1
    cited("deck.limit", find_ruleset(rules), e.zh, e.en)


def test_003s5_the_limit_of_3s_says_the_deck_keeps_six():
    """Six packs hold 24 3s, but 003 §五 keeps six: the refusal must not say the packs hold six."""
    with pytest.raises(DeckLimitError) as info:
        Play.parse("3333333", "zaozhuang")
    e = info.value
    assert "6副牌只有6张" not in e.zh and "6 packs hold only 6" not in e.en
    assert "003 §五" in e.zh + e.en


MAXIMA = [
    # (citation, families, the largest 挂花 the deck allows, its size, 大花, 小花 after counting, counted base)
    ("002s2-max-guahua-mixed-count-as-small", "ql", "DDDDXXXX" + "2" * 16 + "9" * 16, 40, 0, 8, 32),
    ("000a3-max-guahua-no-tieqian", "t", "DDDDXXXX" + "9" * 16, 24, 4, 4, 16),
    ("000a3-max-guahua-on-2s", "t", "DDDDXXXX" + "2" * 16, 24, 4, 4, 16),
    ("003s1-max-guahua-six-packs", "z", "D" * 6 + "X" * 6 + "2" * 24 + "9" * 24, 60, 6, 6, 48),
]


@pytest.mark.parametrize(("rules", "text", "size", "big", "small", "count"), expand(MAXIMA))
def test_largest_guahua(rules, text, size, big, small, count):
    p = Play.parse(text, rules)
    assert (p.size, p.big_jokers, p.small_jokers, p.count) == (size, big, small, count)
    assert p.kind is PlayKind.GUAHUA and p.is_gouji and not p.can_kaidian
    with pytest.raises(DeckLimitError):
        Play.parse(text + "D", rules)


# == 7. Notation (shared/notes/rules.md: a public contract) ====================================================

SAME = [
    ("rules.md-separators-optional", "DD2229999", "D D 2 2 2 9 9 9 9"),
    ("rules.md-commas", "9999", "9,9，9、9"),
    ("rules.md-lower-case", "DXJQKA", "dxjqka"),
    ("rules.md-T-is-10", "10 10 10", "TtT"),
    ("rules.md-chinese-big", "DDD", "大 大花 大王"),
    ("rules.md-chinese-small", "XXX", "小 小花 小王"),
    ("rules.md-suits-optional", "9999", "9♠9♥9♣9♦"),
]


@pytest.mark.parametrize(("a", "b"), [pytest.param(a, b, id=i) for i, a, b in SAME])
def test_notation_aliases(a, b):
    assert [c.rank for c in parse_cards(a)] == [c.rank for c in parse_cards(b)]


BAD = [
    # (id, text, the token named, its 1-based position)
    ("rules.md-bad-token-named", "9 1 9", "1", 3),
    ("rules.md-zero", "100", "0", 3),
    ("rules.md-suit-before-rank", "♠9", "♠", 1),
    ("rules.md-joker-with-suit", "D♠", "D♠", 1),
    ("rules.md-empty", "  ", "  ", 1),
    ("rules.md-lone-hua", "花", "花", 1),
    ("rules.md-qian-is-not-notation", "99钱", "钱", 3),
    ("rules.md-wang-alone", "王", "王", 1),
    ("rules.md-full-width-digit", "９", "９", 1),
]


@pytest.mark.parametrize(("text", "token", "position"), [pytest.param(*r[1:], id=r[0]) for r in BAD])
def test_bad_notation_names_token_and_position(text, token, position):
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    e = info.value
    assert (e.token, e.position + 1) == (token, position)
    assert f"第{position}个字符" in e.zh and f"position {position}" in e.en
    en = e.en.replace(repr(text), "").replace(repr(token), "")
    for term in ("大王", "小王", "大花", "小花", "钱"):  # game terms an English page keeps
        en = en.replace(term, "")
    assert not CJK.search(en), e.en


@pytest.mark.parametrize(("text", "hint"), [("钱", "2"), ("99钱", "2"), ("王", "D"), ("花", "X"), ("９", "9")])
def test_bad_notation_of_a_seed_word_says_how_to_write_it(text, hint):
    """The seeds call a 2 钱 (002 §2 贴钱, 003 §四) and the jokers 王/花: the notation does not take the bare words
    (rules.md lists its aliases), but the refusal says what to write instead."""
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    assert hint in info.value.zh and hint in info.value.en


# == 8. Where the hand's engine decides with the comparison: 对头, 憋三 (the engine's own tests: test_engine*) ====

BIESAN = [
    # 002 §5 买三 最后一手牌必须全是3; 000 part 1 不是最后一手牌时不允许出3; 000 第5条; 003 §五 必须最后出3
    ("002s5-000p1-000a5-003s5-3s-only-as-the-last-play", "qltz", "33 KK", "33", "biesan"),
    # a 2 is not a 3 (002 §5 全是3): the engine refuses 233 even as the last play, although 002 §2 counts 22333 as
    # five 3s; rules.md is silent, the engine's docstring takes "全是3" (see the report)
    ("002s5-the-last-play-is-all-3s-not-233", "qlz", "233", "233", "biesan"),
    ("000a5-the-last-play-is-all-3s-not-X33", "qltz", "X33", "X33", "biesan"),
]


@pytest.mark.parametrize(("rules", "hand", "lead", "rule"), expand(BIESAN))
def test_biesan_refuses_a_lead_of_3s(rules, hand, lead, rule):
    others = {1: "AA 3", 2: "9 3", 3: "QQ 3", 4: "8 3", 5: "7"}  # six 3s in all: 003 §五 keeps six
    g = Game.from_hands({0: hand, **others}, rules, leader=0)
    with pytest.raises(IllegalActionError) as info:
        g.act(f"seat 0 plays {lead}")
    e = info.value
    assert e.rule == rule
    cited(rule, find_ruleset(rules), e.zh, e.en)


@pytest.mark.parametrize("rules", families("qltz"))
def test_biesan_the_last_play_of_3s_goes_out(rules):
    g = Game.from_hands({0: "33", 1: "AA 3", 2: "9 3", 3: "QQ 3", 4: "8 3", 5: "7"}, rules, leader=0)
    assert g.act("seat 0 plays 33")[0].kind == "lead"
    assert len(g.hands[0]) == 0  # seat 0 went out


GOUJI_DUITOU = [
    # 002 §5 打够级牌 只有对头可以上牌; 000 第9条 对家必须响应，其他人响应则为烧牌; 003 §八 本应该其对门出牌/压牌
    ("002s5-000a9-003s8-only-the-duitou-answers-gouji", "qltz"),
]


@pytest.mark.parametrize("rules", expand(GOUJI_DUITOU))
def test_gouji_is_answered_by_the_duitou_only(rules):
    g = Game.from_hands({0: "KK 3", 1: "AA X 3", 2: "9 3", 3: "22 3", 4: "8 3", 5: "7 3"}, rules, leader=0)
    g.act("seat 0 plays KK")
    with pytest.raises(IllegalActionError) as info:
        g.copy().act("seat 1 plays AA")  # a higher play, but seat 1 is not seat 0's 对头
    assert info.value.rule == "gouji.duitou"
    cited("gouji.duitou", find_ruleset(rules), info.value.zh, info.value.en)
    assert g.act("seat 3 plays 22")[0].kind == "play"  # the 对头 (seat 3 = 0 + 3) may
