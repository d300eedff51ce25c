"""Every seed example about card types, counting, comparison, 够级 and 开点, one test each.

Test names give the seed file and section: ``002_s3`` is ``002_7f7cb6e6f3a2271d.txt`` §3 (青岛),
``000_part1`` the 临沂 text and ``000_part3_art4`` article 4 of the 通俗规则 in ``000_a25df5c604da1d59.txt``,
``003_s3`` §三 of ``003_40c309e126def456.txt`` (枣庄). Each example runs under every rule set where its
sentence applies, and under the others where they decide differently (same pair, different verdict).

Every verdict is checked for its answer, the id of the deciding rule, and its reason in both languages, which
must cite the rule and the seed it comes from under that rule set.
"""

from __future__ import annotations

import itertools

import pytest

from gouji_teach import (
    IllegalPlayError,
    Play,
    PlayKind,
    Rank,
    beats,
    can_kaidian,
    find_ruleset,
    is_gouji,
    is_pure_gouji,
    parse_cards,
)
from gouji_teach.rules.verdicts import cite, source_of

ALL = ("qingdao", "linyi", "tongsu", "zaozhuang")
TIEQIAN = ("qingdao", "linyi", "zaozhuang")  # tongsu refuses 贴钱 (000 part 3 第3条)
ASPECTS = ("qingdao", "linyi", "tongsu")
KILL = ("linyi", "tongsu", "zaozhuang")

#: The seed of each rule set's family: every rule is cited from it, or marked a default where it is silent.
SEED = {"qingdao": "002", "linyi": "000", "tongsu": "000", "zaozhuang": "003"}
#: The rule that decides a same-size comparison against a target with jokers.
JOKER_RULE = {"qingdao": "compare.aspects", "linyi": "compare.aspects", "tongsu": "compare.aspects",
              "zaozhuang": "compare.cover"}


def explained(v, ok: bool, rule: str, *mentions: str):
    """Assert a verdict: its answer, its deciding rule, and a reason in zh and en that cites rule and seed."""
    assert bool(v) is ok, v.reason_en
    assert v.ok is ok
    assert v.rule == rule, (v.rule, v.reason_en)
    where = cite(rule, v.rules)
    name = v.rules.name
    seed = "default:" if source_of(rule, v.rules).is_default else SEED[name]  # silent family: a default, says so
    assert where.split()[0] == seed, where
    # the Chinese reason cites in Chinese (000's parts by their Chinese names, a default as 默认)
    for text, cited in ((v.reason_zh, cite(rule, v.rules, "zh")), (v.reason_en, where)):
        assert text.strip()
        assert len(text) > len(cited) + 10  # says more than the citation
        assert cited in text and rule in text
    for m in mentions:
        assert m in v.reason_zh or m in v.reason_en, (m, v.reason_zh, v.reason_en)
    return v


def refused(text: str, rules: str, rule: str, *mentions: str) -> IllegalPlayError:
    with pytest.raises(IllegalPlayError) as info:
        Play.parse(text, rules)
    e = info.value
    assert isinstance(e, ValueError)
    assert e.rule == rule
    assert e.zh.strip() and e.en.strip()
    for m in mentions:
        assert m in e.zh or m in e.en, (m, str(e))
    return e


def counted(text: str, rules: str, kind: PlayKind, rank: Rank | None, count: int, big: int = 0, small: int = 0,
            zh: str | None = None, en: str | None = None) -> Play:
    p = Play.parse(text, rules)
    assert (p.kind, p.rank, p.count, p.big_jokers, p.small_jokers) == (kind, rank, count, big, small)
    assert p.size == len(parse_cards(text))
    if zh is not None:
        assert p.text_zh == zh
    if en is not None:
        assert p.text_en == en
    return p


# == 002 §2 牌型 ==============================================================================================


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_single_any_one_card(rules):
    for rank in Rank:
        p = counted(rank.notation, rules, PlayKind.SINGLE, None if rank.is_joker else rank, 0 if rank.is_joker else 1,
                    big=int(rank == Rank.BIG_JOKER), small=int(rank == Rank.SMALL_JOKER))
        assert p.text_zh.startswith("单张")
    explained(beats("K", "Q", rules), True, "compare.rank", "K", "Q")


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize(("text", "rank", "count"), [("33", Rank.THREE, 2), ("55555", Rank.FIVE, 5),
                                                      ("8888888", Rank.EIGHT, 7)])
def test_002_s2_yishoupai_33_55555_8888888(rules, text, rank, count):
    p = counted(text, rules, PlayKind.SET, rank, count, zh=f"{count}个{rank.notation}")
    higher = Rank(rank + 1).notation * count
    explained(beats(higher, p, rules), True, "compare.rank")
    explained(beats(p, higher, rules), False, "compare.rank")


@pytest.mark.parametrize("rules", TIEQIAN)
def test_002_s2_tieqian_22333_counts_as_five_3s(rules):
    p = counted("22333", rules, PlayKind.TIEQIAN, Rank.THREE, 5, zh="5个3（贴2个钱）", en="five 3s (two of them 2s)")
    assert p.twos == 2
    explained(beats(p, "33333", rules), False, "compare.rank")  # 22333 算作 33333: equal, neither beats
    explained(beats("33333", p, rules), False, "compare.rank")
    explained(beats("44444", p, rules), True, "compare.rank", "5个3", "five 3s")
    explained(beats(p, "4444", rules), False, "compare.size")


@pytest.mark.parametrize("rules", TIEQIAN)
def test_002_s2_tieqian_266_counts_as_three_6s(rules):
    p = counted("266", rules, PlayKind.TIEQIAN, Rank.SIX, 3, zh="3个6（贴1个钱）", en="three 6s (one of them a 2)")
    explained(beats(p, "666", rules), False, "compare.rank")
    explained(beats(p, "555", rules), True, "compare.rank", "3个6", "three 6s")
    explained(beats("777", p, rules), True, "compare.rank")


@pytest.mark.parametrize("text", ["22333", "266", "DD2229999", "DX225555", "2TTTT"])
def test_000_part3_art3_tongsu_refuses_tieqian(text):
    e = refused(text, "tongsu", "play.tieqian", "贴钱", "000 part 3, article 3")
    assert "Shandong standard rules" in e.en and "tongsu" not in e.en  # named by its title, not its id
    with pytest.raises(IllegalPlayError):
        beats("44444", text, "tongsu")


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_guahua_two_small_with_three_8s(rules):
    counted("XX888", rules, PlayKind.GUAHUA, Rank.EIGHT, 3, small=2, zh="2个小花带3个8",
            en="2 small jokers with three 8s")
    explained(is_gouji("XX888", rules), True, "gouji.jokers")


@pytest.mark.parametrize("rules", TIEQIAN)
def test_002_s2_guahua_two_big_three_2s_four_9s_count_as_two_big_with_seven_9s(rules):
    counted("DD2229999", rules, PlayKind.GUAHUA, Rank.NINE, 7, big=2, zh="2个大花带7个9",
            en="2 big jokers with seven 9s")
    explained(beats("DD2229999", "XX8888888", rules), True, JOKER_RULE[rules])
    if rules in ASPECTS:  # the 2s count as 9s: seven 9s are not higher than seven 9s
        explained(beats("DD2229999", "XX9999999", rules), False, "compare.aspects", "9")


def test_000_part3_art3_guahua_with_twos_and_a_base_is_tieqian_under_tongsu():
    refused("DD2229999", "tongsu", "play.tieqian")


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_guahua_two_big_with_three_2s(rules):
    # 大花+2, no other rank: the 2s are the set itself (legal under tongsu too: no 贴钱 here)
    counted("DD222", rules, PlayKind.GUAHUA, Rank.TWO, 3, big=2, zh="2个大花带3个2", en="2 big jokers with three 2s")
    explained(beats("DD222", "XXAAA", rules), True, JOKER_RULE[rules])
    explained(beats("XXAAA", "DD222", rules), False, JOKER_RULE[rules])


@pytest.mark.parametrize("rules", ["qingdao", "linyi"])
def test_002_s2_guahua_big_and_small_with_2s_count_as_small(rules):
    # 1大花+1小花+2个2+4个五，当做2个小花带6个五 (the same sentence is in 000 part 1)
    counted("DX225555", rules, PlayKind.GUAHUA, Rank.FIVE, 6, small=2, zh="2个小花带6个5",
            en="2 small jokers with six 5s")
    # its 大花 counts as a 小花, so two 大花 with higher 6s beat it (both aspects bigger)
    explained(beats("DD226666", "DX225555", rules), True, "compare.aspects")


def test_002_s2_guahua_mixed_jokers_differ_by_rule_set():
    """Same pair, different verdicts: only qingdao and linyi count a mixed play's 大花 as 小花."""
    counted("DX225555", "zaozhuang", PlayKind.GUAHUA, Rank.FIVE, 6, big=1, small=1, zh="1个大花1个小花带6个5")
    refused("DX225555", "tongsu", "play.tieqian")
    explained(beats("DD226666", "DX225555", "qingdao"), True, "compare.aspects")
    explained(beats("DD226666", "DX225555", "linyi"), True, "compare.aspects")
    explained(beats("DD226666", "DX225555", "zaozhuang"), False, "compare.cover")  # a 大花 is never covered
    # jokers only: DX counts as XX in qingdao/linyi; tongsu keeps the 大花; zaozhuang wants two 大花
    explained(beats("DX", "XX", "qingdao"), False, "compare.aspects")
    explained(beats("DX", "XX", "linyi"), False, "compare.aspects")
    explained(beats("DX", "XX", "tongsu"), True, "compare.aspects")
    explained(beats("DX", "XX", "zaozhuang"), False, "compare.cover")


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize(("text", "big", "small"), [("XX", 0, 2), ("DDD", 3, 0)])
def test_002_s2_jokers_alone_are_a_set_of_jokers(rules, text, big, small):
    counted(text, rules, PlayKind.JOKERS, None, 0, big=big, small=small)
    explained(is_gouji(text, rules), True, "gouji.jokers")


# == 002 §2 够级牌 ==========================================================================================

MINIMUMS = ["TTTTT", "JJJJ", "QQQ", "KK", "AA"]
ONE_LESS = ["TTTT", "JJJ", "QQ", "K", "A"]


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_gouji_minimum_of_each_rank(rules):
    for text in MINIMUMS:
        explained(is_gouji(text, rules), True, "gouji.threshold")
    for text in ("D", "X"):
        explained(is_gouji(text, rules), True, "gouji.jokers")
    explained(is_gouji("2", rules), rules != "tongsu", "gouji.twos")  # tongsu 第8条 wants two 2s


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_gouji_one_card_less_is_not(rules):
    for text in [*ONE_LESS, "99999999", "333333", "9"]:  # six 3s: all the 3s zaozhuang keeps
        explained(is_gouji(text, rules), False, "gouji.threshold")


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_gouji_more_cards_or_higher_rank_also_count(rules):
    for text in ["TTTTTT", "JJJJJ", "QQQQ", "KKK", "AAAA"]:
        explained(is_gouji(text, rules), True, "gouji.threshold")
    explained(is_gouji("222", rules), True, "gouji.twos")


@pytest.mark.parametrize("rules", ALL)
def test_002_s2_gouji_any_guahua(rules):
    for text in ["X33", "D4444", "XX888", "DD999"]:
        explained(is_gouji(text, rules), True, "gouji.jokers")


@pytest.mark.parametrize("rules", TIEQIAN)
def test_002_s2_gouji_tieqian_counts_after_conversion(rules):
    explained(is_gouji("22TTT", rules), True, "gouji.threshold", "5")  # five 10s
    explained(is_gouji("2TTT", rules), False, "gouji.threshold")  # four 10s
    explained(is_gouji("2JJJ", rules), True, "gouji.threshold")
    explained(is_gouji("2QQ", rules), True, "gouji.threshold")
    explained(is_gouji("2K", rules), True, "gouji.threshold")
    explained(is_gouji("22229", rules), False, "gouji.threshold")  # five 9s: 9 is never 够级


# == 002 §3 牌型的比较 =======================================================================================


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_only_same_size_compares(rules):
    explained(beats("99999", "8888", rules), False, "compare.size", "5", "4")
    explained(beats("8888", "99999", rules), False, "compare.size")
    explained(beats("AA", "3", rules), False, "compare.size")
    explained(beats("XX888", "99", rules), False, "compare.size")


LADDER = ["D", "X", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_rank_order_big_small_2_A_down_to_3(rules):
    for higher, lower in itertools.pairwise(LADDER):
        rule = JOKER_RULE[rules] if Play.parse(lower).jokers else "compare.rank"
        explained(beats(higher, lower, rules), True, rule)
        lose_rule = JOKER_RULE[rules] if Play.parse(higher).jokers else "compare.rank"
        explained(beats(lower, higher, rules), False, lose_rule)
        explained(beats(lower, lower, rules), False, rule)
    # and across the ladder: a 3 beats nothing, a 大花 is beaten by no single
    assert not any(beats("3", t, rules) for t in LADDER)
    assert not any(beats(c, "D", rules) for c in LADDER)


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_higher_rank_wins_at_any_size(rules):
    explained(beats("KKK", "QQQ", rules), True, "compare.rank", "K", "Q")
    explained(beats("2222", "AAAA", rules), True, "compare.rank")
    explained(beats("TTTTTTTT", "99999999", rules), True, "compare.rank")


@pytest.mark.parametrize("rules", TIEQIAN)
def test_002_s3_tieqian_two_2s_with_three_8s_lose_to_five_9s(rules):
    counted("22888", rules, PlayKind.TIEQIAN, Rank.EIGHT, 5)
    explained(beats("99999", "22888", rules), True, "compare.rank", "5个9", "5个8", "five 9s", "five 8s")
    explained(beats("22888", "99999", rules), False, "compare.rank")
    explained(beats("22888", "77777", rules), True, "compare.rank")
    explained(beats("22999", "22888", rules), True, "compare.rank")


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_guahua_two_big_with_three_9s_beat_two_small_with_three_8s(rules):
    explained(beats("DD999", "XX888", rules), True, JOKER_RULE[rules], "2个大花带3个9", "2个小花带3个8")
    explained(beats("XX888", "DD999", rules), False, JOKER_RULE[rules])


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_guahua_three_jokers_with_two_9s_beat_two_small_with_three_8s(rules):
    """"也可以用3个花带2个9大过": any three jokers under aspects; under 枣庄's cover rule a 小花 needs a 大花."""
    for challenger in ("XXX99", "DXX99", "DDX99", "DDD99"):
        p = Play.parse(challenger, rules)
        ok = rules in ASPECTS or p.big_jokers >= 2
        explained(beats(p, "XX888", rules), ok, JOKER_RULE[rules])


def test_002_s3_guahua_three_small_with_two_9s_differ_aspects_and_cover():
    """Same pair, different verdicts: 3个小花带2个9 against 2个小花带3个8."""
    for rules in ASPECTS:
        explained(beats("XXX99", "XX888", rules), True, "compare.aspects", "both aspects")
    explained(beats("XXX99", "XX888", "zaozhuang"), False, "compare.cover", "大花")


@pytest.mark.parametrize("rules", ASPECTS)
def test_002_s3_guahua_must_be_bigger_in_both_aspects(rules):
    explained(beats("DD888", "XX888", rules), False, "compare.aspects", "8")  # jokers bigger, rest not
    explained(beats("DD777", "XX888", rules), False, "compare.aspects")
    explained(beats("XX999", "XX888", rules), False, "compare.aspects")  # rest bigger, jokers not
    explained(beats("X9999", "XX888", rules), False, "compare.aspects")  # fewer jokers
    explained(beats("XXX88", "XX888", rules), False, "compare.aspects")  # more jokers, rest not higher
    explained(beats("XXX", "XX8", rules), True, "compare.aspects")  # jokers only: higher than any base


@pytest.mark.parametrize("rules", ALL)
def test_002_s3_joker_challenger_against_a_plain_set_needs_a_higher_base(rules):
    # rules.md: X9999 beats 88888, X8888 does not
    explained(beats("X9999", "88888", rules), True, "compare.rank")
    explained(beats("X8888", "88888", rules), False, "compare.rank")
    explained(beats("D7777", "88888", rules), False, "compare.rank")
    explained(beats("XXXX", "2222", rules), True, "compare.rank")  # four packs hold four 小花


# == 002 §5 开点 ===============================================================================================


@pytest.mark.parametrize("text", ["D", "X", "DD", "XX", "XKK", "D99", "DX225555"])
def test_002_s5_jokers_and_guahua_do_not_kaidian(text):
    explained(is_gouji(text, "qingdao"), True, "gouji.jokers")
    explained(can_kaidian(text, "qingdao"), False, "kaidian.play", "挂花的牌不开点")


def test_002_s5_single_two_does_not_kaidian():
    explained(is_gouji("2", "qingdao"), True, "gouji.twos")
    explained(can_kaidian("2", "qingdao"), False, "kaidian.play", "单张的2不开点")


@pytest.mark.parametrize("text", ["22", "222", "22TTT", "2KK", "TTTTT", "JJJJ", "QQQ", "KK", "AA"])
def test_002_s5_other_gouji_plays_kaidian_in_qingdao(text):
    explained(can_kaidian(text, "qingdao"), True, "kaidian.play")


@pytest.mark.parametrize("text", ["22", "222", "22TTT", "2KK"])
def test_002_s5_twos_kaidian_in_qingdao_but_not_where_only_pure_gouji_can(text):
    """Same play, different verdicts: qingdao lets 2s 开点, the other three sets only pure 够级."""
    explained(can_kaidian(text, "qingdao"), True, "kaidian.play")
    for rules in ("linyi", "zaozhuang"):
        explained(can_kaidian(text, rules), False, "kaidian.play", "纯够级")
    if "2" * len(text) == text:  # 2s alone are legal under tongsu
        explained(can_kaidian(text, "tongsu"), False, "kaidian.play", "纯够级")


@pytest.mark.parametrize("rules", ALL)
def test_002_s5_a_play_that_is_not_gouji_cannot_kaidian(rules):
    explained(can_kaidian("TTTT", rules), False, "gouji.threshold")
    explained(can_kaidian("99999", rules), False, "gouji.threshold")


# == 000 part 1: 临沂 ========================================================================================


def test_000_part1_yishoupai_33_and_the_garbled_58_is_refused():
    """The seed's example "如：33，58" is garbled: 33 is a set; 58 as written mixes two ranks and is no play."""
    counted("33", "linyi", PlayKind.SET, Rank.THREE, 2)
    refused("58", "linyi", "play.shape", "5", "8")


def test_000_part1_same_size_higher_rank_wins():
    explained(beats("KKK", "QQQ", "linyi"), True, "compare.rank")
    explained(beats("KKK", "QQ", "linyi"), False, "compare.size")


def test_000_part1_guahua_big_and_small_with_2s_count_as_small():
    counted("DX225555", "linyi", PlayKind.GUAHUA, Rank.FIVE, 6, small=2, zh="2个小花带6个5")
    explained(is_gouji("DX225555", "linyi"), True, "gouji.jokers")


def test_000_part1_gouji_single_joker_and_single_two():
    explained(is_gouji("2", "linyi"), True, "gouji.twos")
    explained(is_gouji("X", "linyi"), True, "gouji.jokers")
    explained(is_gouji("D", "linyi"), True, "gouji.jokers")
    for text in MINIMUMS:
        explained(is_gouji(text, "linyi"), True, "gouji.threshold")


@pytest.mark.parametrize("text", [*MINIMUMS, "AAA", "TTTTTT"])
def test_000_part1_kaidian_pure_gouji_opens(text):
    explained(is_pure_gouji(text, "linyi"), True, "gouji.pure")
    explained(can_kaidian(text, "linyi"), True, "kaidian.play")


@pytest.mark.parametrize("text", ["2", "22", "X", "D", "XAA", "DKK", "2AA", "22TTT"])
def test_000_part1_kaidian_twos_single_jokers_and_guahua_are_gouji_but_do_not_open(text):
    # "2、单花、挂花仍是够级牌，但不开点"
    assert is_gouji(text, "linyi")
    explained(can_kaidian(text, "linyi"), False, "kaidian.play", "纯够级")


def test_000_part1_two_big_kill_one_big():
    """"两大花拍一个大花": linyi yes; qingdao has no kill rule (same pair, different verdict)."""
    explained(beats("DD", "D", "linyi"), True, "compare.kill", "000 part 1")
    explained(beats("DD", "D", "qingdao"), False, "compare.size")
    explained(beats("DD999", "D888", "linyi"), True, "compare.kill")
    explained(beats("DD999", "D888", "qingdao"), False, "compare.size")


# == 000 part 3: 通俗规则 =====================================================================================


def test_000_part3_art2_rank_order_and_suits_do_not_matter():
    explained(beats("9♠", "9♥", "tongsu"), False, "compare.rank")
    explained(beats("9♥", "9♠", "tongsu"), False, "compare.rank")
    explained(beats("10♠", "9♥", "tongsu"), True, "compare.rank")
    explained(beats("D", "X", "tongsu"), True, "compare.aspects")
    explained(beats("X", "2", "tongsu"), True, "compare.rank")
    explained(beats("2", "A", "tongsu"), True, "compare.rank")
    explained(beats("K", "A", "tongsu"), False, "compare.rank")


def test_000_part3_art2_the_same_number_of_cards():
    # "发牌后须按此张数依次由下家出牌"
    explained(beats("999", "88", "tongsu"), False, "compare.size")
    explained(beats("999", "888", "tongsu"), True, "compare.rank")


def test_000_part3_art3_guahua_jokers_decide_and_the_rest_must_be_bigger():
    explained(beats("DD999", "XX888", "tongsu"), True, "compare.aspects")
    explained(beats("DD888", "XX888", "tongsu"), False, "compare.aspects")  # the rest is not bigger
    explained(beats("DD777", "XX888", "tongsu"), False, "compare.aspects")
    explained(beats("XX999", "DX888", "tongsu"), False, "compare.aspects")  # the jokers are not bigger
    explained(beats("DD999", "DX888", "tongsu"), True, "compare.aspects")


def test_000_part3_art3_twos_without_a_base_are_a_set_not_tieqian():
    counted("22", "tongsu", PlayKind.SET, Rank.TWO, 2)
    counted("DD222", "tongsu", PlayKind.GUAHUA, Rank.TWO, 3, big=2, zh="2个大花带3个2")
    explained(beats("22", "AA", "tongsu"), True, "compare.rank")


def test_000_part3_art3_a_big_joker_keeps_its_strength_with_a_small_one():
    """tongsu never counts a 大花 as a 小花 (a default where article 3 is silent): DX beats XX there only."""
    counted("DX999", "tongsu", PlayKind.GUAHUA, Rank.NINE, 3, big=1, small=1)
    explained(beats("DX", "XX", "tongsu"), True, "compare.aspects")
    explained(beats("DX999", "XX888", "tongsu"), True, "compare.aspects")
    explained(beats("DX999", "XX888", "qingdao"), False, "compare.aspects")


@pytest.mark.parametrize("rules", KILL)
def test_000_part3_art4_two_big_kill_one_big(rules):
    explained(beats("DD", "D", rules), True, "compare.kill", "kill")
    # "无论单出大、小王还是挂花时": with 挂花 too, what remains compares as usual
    explained(beats("DD999", "D888", rules), True, "compare.kill")
    explained(beats("DD888", "D888", rules), False, "compare.kill", "8")
    explained(beats("DDDD", "DD", rules), True, "compare.kill")


def test_000_part3_art4_two_big_kill_one_big_only_where_the_rule_set_says_so():
    explained(beats("DD", "D", "tongsu"), True, "compare.kill", "000 part 3, article 4")
    explained(beats("DD", "D", "qingdao"), False, "compare.size")


@pytest.mark.parametrize("rules", ALL)
def test_000_part3_art4_three_small_do_not_kill_one_big(rules):
    # tongsu rejects "三小灭一大" explicitly; no rule set has it
    explained(beats("XXX", "D", rules), False, "compare.size")
    explained(beats("XXX99", "D99", rules), False, "compare.size")
    explained(beats("X", "D", rules), False, JOKER_RULE[rules])


@pytest.mark.parametrize("rules", ALL)
def test_000_part3_art4_four_twos_do_not_kill_one_big(rules):
    # "四钱灭一大" would shake the ranks: rejected
    explained(beats("2222", "D", rules), False, "compare.size")


def test_000_part3_art8_single_two_not_gouji():
    explained(is_gouji("2", "tongsu"), False, "gouji.twos", "000 part 3, article 8")
    explained(can_kaidian("2", "tongsu"), False, "gouji.twos")
    # same play, other rule sets: a single 2 is 够级
    for rules in TIEQIAN:
        explained(is_gouji("2", rules), True, "gouji.twos")


def test_000_part3_art8_two_2s_are_gouji():
    explained(is_gouji("22", "tongsu"), True, "gouji.twos")
    explained(is_gouji("222", "tongsu"), True, "gouji.twos")


def test_000_part3_art8_gouji_minimums():
    for text in MINIMUMS:
        explained(is_gouji(text, "tongsu"), True, "gouji.threshold")
    for text in ONE_LESS:
        explained(is_gouji(text, "tongsu"), False, "gouji.threshold")
    for text in ("X", "D"):
        explained(is_gouji(text, "tongsu"), True, "gouji.jokers")


def test_000_part3_art8_guahua_is_gouji():
    for text in ("X33", "XX888", "DD999", "D2"):
        explained(is_gouji(text, "tongsu"), True, "gouji.jokers")


@pytest.mark.parametrize("rules", ALL)
def test_000_part3_art8_pure_gouji_has_no_2_and_no_joker(rules):
    for text in MINIMUMS:
        explained(is_pure_gouji(text, rules), True, "gouji.pure")
    for text in ("22", "2", "XKK", "D", "XX"):
        explained(is_pure_gouji(text, rules), False, "gouji.pure")
    explained(is_pure_gouji("TTTT", rules), False, "gouji.pure")  # not 够级 at all
    if rules != "tongsu":
        explained(is_pure_gouji("22TTT", rules), False, "gouji.pure")


@pytest.mark.parametrize("text", MINIMUMS)
def test_000_part3_art22_pure_gouji_kaidian(text):
    explained(can_kaidian(text, "tongsu"), True, "kaidian.play", "000 part 3, article 22")


@pytest.mark.parametrize("text", ["22", "XAA", "D", "XX", "D222"])
def test_000_part3_art22_only_pure_gouji_kaidian(text):
    explained(can_kaidian(text, "tongsu"), False, "kaidian.play", "纯够级")


# == 003 枣庄 ===================================================================================================


def test_003_s3_as_many_cards_as_the_play_before():
    # "别人出几张，你就出几张"
    explained(beats("999", "88", "zaozhuang"), False, "compare.size")
    explained(beats("999", "888", "zaozhuang"), True, "compare.rank")


def test_003_s3_one_small_needs_one_big():
    explained(beats("D", "X", "zaozhuang"), True, "compare.cover", "003 §三")
    explained(beats("X", "X", "zaozhuang"), False, "compare.cover")
    explained(beats("D999", "X888", "zaozhuang"), True, "compare.cover")
    explained(beats("XX99", "X888", "zaozhuang"), False, "compare.cover")  # a 小花 does not cover a 小花
    explained(beats("XX99", "X888", "qingdao"), True, "compare.aspects")  # same pair, aspects: more jokers


def test_003_s3_two_small_need_two_big():
    explained(beats("DD", "XX", "zaozhuang"), True, "compare.cover")
    explained(beats("DX", "XX", "zaozhuang"), False, "compare.cover", "2", "1")
    explained(beats("DD999", "XX888", "zaozhuang"), True, "compare.cover")
    explained(beats("DX999", "XX888", "zaozhuang"), False, "compare.cover")
    explained(beats("DX", "XX", "tongsu"), True, "compare.aspects")  # same pair, tongsu: a 大花 is bigger


def test_003_s3_one_big_needs_two_big():
    explained(beats("DD", "D", "zaozhuang"), True, "compare.kill", "003 §三")
    explained(beats("D", "D", "zaozhuang"), False, "compare.cover")
    explained(beats("DD999", "D888", "zaozhuang"), True, "compare.kill")
    explained(beats("DD", "D", "qingdao"), False, "compare.size")  # same pair, no kill rule in qingdao
    # one 大花 is killed once: no more than one card longer per 大花 in the target
    explained(beats("DDDD", "D9", "zaozhuang"), False, "compare.size")
    explained(beats("DDD", "D", "zaozhuang"), False, "compare.size")


def test_003_s3_two_big_need_four_big():
    explained(beats("DDDD", "DD", "zaozhuang"), True, "compare.kill", "4", "2")
    explained(beats("DDD", "DD", "zaozhuang"), False, "compare.kill")
    explained(beats("DD", "DD", "zaozhuang"), False, "compare.cover")
    explained(beats("DDDDD", "DD", "zaozhuang"), False, "compare.size")  # at most one card more per 大花
    explained(beats("DDDD", "DD", "qingdao"), False, "compare.size")


def test_003_s4_gouji_minimums_with_a_single_2():
    for text in MINIMUMS:
        explained(is_gouji(text, "zaozhuang"), True, "gouji.threshold")
    explained(is_gouji("2", "zaozhuang"), True, "gouji.twos", "003 §四")
    for text in ONE_LESS:
        explained(is_gouji(text, "zaozhuang"), False, "gouji.threshold")


def test_003_s4_qian_stands_for_any_card_but_a_joker():
    # "需要5个10但却只有4个10，你可以拿出1个钱（2）和4个10放在一起，则可当5个10使用"; "1K+2钱=3K"
    counted("2TTTT", "zaozhuang", PlayKind.TIEQIAN, Rank.TEN, 5)
    explained(is_gouji("2TTTT", "zaozhuang"), True, "gouji.threshold")
    counted("K22", "zaozhuang", PlayKind.TIEQIAN, Rank.KING, 3)
    explained(beats("K22", "QQQ", "zaozhuang"), True, "compare.rank", "3个K", "three Ks")
    explained(beats("K22", "AAA", "zaozhuang"), False, "compare.rank")


def test_003_s4_hua_makes_any_set_gouji():
    for text in ("X333", "D4", "DD55555"):
        explained(is_gouji(text, "zaozhuang"), True, "gouji.jokers")


def test_003_s4_only_pure_gouji_opens_a_point():
    # "必须是纯级牌过点，即不得添钱（2）挂花（王）"
    explained(can_kaidian("TTTTT", "zaozhuang"), True, "kaidian.play", "003 §四")
    explained(can_kaidian("2TTTT", "zaozhuang"), False, "kaidian.play")
    explained(can_kaidian("XTTTT", "zaozhuang"), False, "kaidian.play")
    explained(can_kaidian("2", "zaozhuang"), False, "kaidian.play")
    # same play, qingdao: a 贴钱 set of 10s opens a point
    explained(can_kaidian("2TTTT", "qingdao"), True, "kaidian.play")


# == refusals ===================================================================================================


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize("text", ["98", "9 9 8", "DX98", "AK", "2 3 4"])
def test_refusal_mixed_ranks_raise_play_shape(rules, text):
    refused(text, rules, "play.shape", "不是一手牌", "is not a play")
    with pytest.raises(IllegalPlayError):
        beats(text, "99", rules)


def test_refusal_empty_play():
    with pytest.raises(IllegalPlayError) as info:
        Play([], "qingdao")
    assert info.value.rule == "play.shape"


@pytest.mark.parametrize("rules", ALL)
def test_refusal_different_sizes_give_a_falsy_verdict_without_exception(rules):
    v = explained(beats("999", "8888", rules), False, "compare.size", "3", "4")
    assert not v
    explained(beats("D", "XX", rules), False, "compare.size")


def test_rule_sets_all_answer():
    for name in ALL:
        assert find_ruleset(name).name == name
