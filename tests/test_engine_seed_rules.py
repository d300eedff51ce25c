"""Play rules of the seeds the engine models late: each test names the seed section it pins down, and each
shows the difference the rule makes (against the same rule set with the switch turned off, or the old
behaviour)."""

from __future__ import annotations

import pytest

from gouji_teach.rules.cards import Rank
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import IllegalActionError
from gouji_teach.rules.rulesets import QINGDAO, TONGSU, ZAOZHUANG, Ruleset, find_ruleset


def game(hands: dict[int, str], rules: Ruleset | str, leader: int = 0, steps: tuple[str, ...] = ()) -> Game:
    g = Game.from_hands(hands, rules, leader=leader)
    for step in steps:
        g.act(step)
    return g


def refused(g: Game, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        g.act(text)
    err = info.value
    assert err.rule in err.zh and err.rule in err.en
    return err


# -- 002 §5 够死级, the second case: the 对头 of 头科/二科 answers its 够级 底牌 --------------------------

SISI = {0: "X33", 1: "7 8 9 3", 2: "5 6 7 3", 3: "D55 7 8 3", 4: "DD6 9 10 3", 5: "6 8 9 3"}
#: Under 憋三 the last play is all 3s (002 §5 买三), never 够级: a 够级 底牌 needs the non-憋三 variant of 002 §5.
NO_BIESAN = QINGDAO.replace(bie_san=False)


def test_002_sisi_toukes_gouji_dipai_answered_by_its_duitou_is_sisi():
    g = game(SISI, NO_BIESAN, steps=("seat 0 plays X33", "seat 4 passes"))  # 头科 with a 挂花 底牌; 4 won't burn
    events = g.act("seat 3 plays D55")
    assert events[0].rule == "gouji.sisi_last" and "够死级" in events[0].zh and "够死级" in events[0].en
    assert g.burn_candidates() == [4]  # 够死级 can still be burned ...
    assert refused(g, "seat 4 plays DD6").rule == "gouji.sisi"  # ... but nobody answers it
    assert g.can("seat 4 burns DD6")
    g.act("seat 4 passes")
    assert g.top is None and g.to_act == 3  # the round is seat 3's

    off = game(SISI, NO_BIESAN.replace(sisi_last_play=False), steps=("seat 0 plays X33", "seat 4 passes"))
    off.act("seat 3 plays D55")
    assert off.can("seat 4 plays DD6")  # without the rule seat 3 is simply 无头


def test_002_sisi_erkes_dipai_in_luanchan_too():
    hands = {0: "33", 1: "X33", 2: "7 8 3", 3: "9 10 3", 4: "D55 8 3", 5: "DD6 9 3"}
    steps = ("seat 0 plays 33", *(f"seat {k} passes" for k in (1, 2, 3, 4, 5)), "seat 1 plays X33")
    g = game(hands, NO_BIESAN, steps=steps)
    assert g.luanchan  # 二科 is out: 四户乱缠
    g.act("seat 2 passes")
    g.act("seat 3 passes")
    events = g.act("seat 4 plays D55")  # the 对头 of 二科 answers its 够级 底牌
    assert events[0].rule == "gouji.sisi_last"
    assert [e.kind for e in events] == ["play", "round"] and g.to_act == 4  # nobody answers, nobody burns

    off = game(hands, NO_BIESAN.replace(sisi_last_play=False), steps=(*steps, "seat 2 passes", "seat 3 passes"))
    off.act("seat 4 plays D55")
    assert off.to_act == 5 and off.can("seat 5 plays DD6")


# -- 002 §5 让牌: 对让牌人顺的牌，唯有对头才有上牌权 -----------------------------------------------------------------

PLAIN = {0: "5 8 9 Q 3", 1: "6 7 10 K 3", 2: "6 9 J A 3", 3: "7 8 10 K 3", 4: "5 9 J A 3", 5: "6 8 Q K 3"}
RANG = ("seat 0 plays 5", "seat 1 passes", "seat 2 passes", "seat 3 yields")


def test_002_rangpai_only_duitou_answers():
    g = game(PLAIN, "qingdao", steps=RANG)
    events = g.act("seat 4 plays 9")  # one of the next two seats plays in the yielder's place
    assert events[0].rule == "yield.duitou"
    assert g.to_act == 1  # seat 4's 对头 (it passed, but 002 lets a seat answer its 对头 after passing)
    for seat, cards in ((5, "Q"), (0, "Q")):
        assert refused(g, f"seat {seat} plays {cards}").rule == "yield.duitou"
    g.act("seat 1 passes")
    assert g.top is None and g.to_act == 4

    off = game(PLAIN, QINGDAO.replace(yield_duitou_only=False), steps=(*RANG, "seat 4 plays 9"))
    assert off.to_act == 5 and off.can("seat 5 plays Q")


def test_002_rangpai_the_yielders_own_play_is_answered_as_usual():
    g = game(PLAIN, "qingdao", steps=(*RANG, "seat 4 passes", "seat 5 passes"))
    events = g.act("seat 3 plays 7")
    assert events[0].rule != "yield.duitou"
    assert g.to_act == 0


# -- 000 part 3 第6条: 4s no longer usable are thrown away ----------------------------------------------

FOURS = {0: "5", 1: "6", 2: "KK 4 4 3", 3: "44 7 3", 4: "9 10 3", 5: "8 9 3"}
FOURS_STEPS = ("seat 2 plays KK", "seat 5 passes", "seat 2 plays 4", "seat 3 passes", "seat 4 passes",
               "seat 5 passes", "seat 0 plays 5", "seat 1 plays 6")


def test_000_art6_unopened_fours_are_thrown_away_when_kaidian_ends():
    g = game(FOURS, "tongsu", leader=2, steps=FOURS_STEPS)
    assert g.luanchan and g.kaidian(2) == "open" and g.kaidian(3) == ""
    thrown = [e for e in g.events if e.kind == "discard_fours"]
    assert [(e.seat, e.cards, e.rule) for e in thrown] == [(3, "44", "fours.discard")]
    assert g.hands[3].count(Rank.FOUR) == 0
    assert g.hands[2].count(Rank.FOUR) == 1  # seat 2 opened: its 4 stays

    off = game(FOURS, TONGSU.replace(discard_dead_fours=False), leader=2, steps=FOURS_STEPS)
    assert off.hands[3].count(Rank.FOUR) == 2


# -- 000 part 3 第47条, 第49条: a failed revolution leaves the 对家 有头 --------------------------------------

DUEL = {0: "KKK AA 22 AA 5", 1: "22 7 8 9 3", 2: "5 6 7", 3: "QQQ KK AA 8 3", 4: "22 5 6", 5: "7 8 9"}


def test_000_art47_failed_revolution_duitou_keeps_its_head():
    g = game(DUEL, "tongsu", steps=("seat 3 revolts",))
    for mine, theirs in (("QQQ", "KKK"), ("KK", "AA"), ("AA", "22")):
        g.act(f"seat 3 plays {mine}")
        g.act(f"seat 0 plays {theirs}")
    assert g.game_record().to_json()["revolution_failed"] == [3]
    assert not g.headless(0)
    assert [e.rule for e in g.events if e.kind == "youtou"] == ["head.failed"]
    events = g.act("seat 0 plays AA")  # 够级: its 对头 never answers, the others could only burn (none opened)
    assert events[0].rule == "head.failed"
    assert [e.kind for e in events] == ["lead", "round"] and g.to_act == 0


def test_000_art47_successful_revolution_duitou_is_wutou():
    g = game(DUEL, "tongsu", steps=("seat 3 revolts", "seat 3 plays QQQ", "seat 0 passes", "seat 3 plays KK",
                                    "seat 0 passes", "seat 3 plays AA", "seat 0 passes"))
    assert g.headless(0) and any(e.kind == "wutou" for e in g.events)


# -- 000 part 3 第48条: who leads after the three plays ----------------------------------------------------

WON = ("seat 3 revolts", "seat 3 plays QQQ", "seat 0 passes", "seat 3 plays KK", "seat 0 plays AA",
       "seat 3 plays AA", "seat 0 passes")
LOST = ("seat 3 revolts", "seat 3 plays QQQ", "seat 0 plays KKK", "seat 3 plays KK", "seat 0 plays AA",
        "seat 3 plays AA", "seat 0 plays 22")


def test_000_art48_revolution_won_the_revolutionary_leads_3s_and_the_duitou_throws_its_4s():
    hands = {**DUEL, 0: "AA KK QQQ 44 5"}
    g = game(hands, "tongsu", leader=1, steps=WON)
    assert [e.kind for e in g.events[-3:]] == ["discard_fours", "revolt_lead", "lead"]
    assert g.events[-2].rule == "revolt.lead"
    assert g.top is not None and g.top[0] == 3 and g.top[1].notation == "3"
    assert g.hands[0].count(Rank.FOUR) == 0 and g.to_act == 4
    g.act("seat 4 plays 5")  # the others answer the 3s as a lead; the revolutionary sits out
    assert g.to_act == 5

    off = game(hands, TONGSU.replace(revolution_lead=False), leader=1, steps=WON)
    assert off.top is None and off.to_act == 1 and off.hands[0].count(Rank.FOUR) == 2


def test_000_art48_revolution_lost_the_duitou_leads_its_4s_first():
    hands = {**DUEL, 0: "KKK AA 22 AA 44 5"}
    g = game(hands, "tongsu", leader=1, steps=LOST)
    assert g.events[-1].kind == "revolt_lead" and g.to_act == 0
    assert g.kaidian(0) == "pending"  # it opened with a pure kill: 发四 is due
    assert "fasi" in [e.kind for e in g.act("seat 0 plays 44")]
    assert g.kaidian(0) == "open"

    off = game(hands, TONGSU.replace(revolution_lead=False), leader=1, steps=LOST)
    assert off.to_act == 1 and off.kaidian(0) == "open"


# -- 003 §十 特殊解烧 --------------------------------------------------------------------------------------

BURN = {0: "KK 22 5 3", 1: "AA 7 3", 2: "22 6 3", 3: "8 9 3", 4: "7 8 3", 5: "9 10 3"}


def test_003_s10_teshu_jieshao_by_the_victims_teammate_only_lifts_the_burn():
    steps = ("seat 0 plays KK", "seat 2 passes", "seat 1 burns AA")
    g = game(BURN, "zaozhuang", steps=steps)
    assert g.burn_candidates() == [0, 2]  # the victim may burn back first (自己没能力反烧, then its 同门)
    g.act("seat 0 passes")
    events = g.act("seat 2 burns 22")
    assert events[0].kind == "play" and events[0].rule == "burn.special"
    assert any(e.kind == "jieshao" for e in events)
    assert g.burning() == {}  # lifted, and seat 2 is no burner

    off = game(BURN, ZAOZHUANG.replace(special_jieshao=False), steps=steps)
    assert off.burn_candidates() == [2, 0]
    off.act("seat 2 burns 22")
    assert off.burning() == {2: 1}


def test_003_s10_teshu_jieshao_by_the_burners_teammate_burns_in_its_place():
    hands = {**BURN, 2: "6 7 3", 5: "22 10 3"}
    steps = ("seat 0 plays KK", "seat 1 burns AA", "seat 0 passes")
    g = game(hands, "zaozhuang", steps=steps)
    events = g.act("seat 5 burns 22")
    assert events[0].kind == "burn" and events[0].rule == "burn.special"
    assert g.burning() == {5: 0}  # seat 1's burn is lifted; seat 5 now burns seat 0

    off = game(hands, ZAOZHUANG.replace(special_jieshao=False), steps=("seat 0 plays KK", "seat 1 burns AA"))
    off.act("seat 5 burns 22")
    assert off.burning() == {5: 1}


# -- 000 part 3 第20条 和平局: the first hand has no 买三买四 and a first pure 够级 play opens at once ---------

PEACE = {0: "KK 5 3 4", 1: "2 7 8 4", 2: "QQQ 6 3 4", 3: "AA 9 3 4", 4: "33 10 4 6", 5: "JJJJ 8 3 4"}


def test_000_art20_heping_ju_no_buying_and_the_first_pure_gouji_play_opens_at_once():
    g = Game.from_hands(PEACE, "tongsu", leader=0, prelude=True, first_hand=True)
    assert [e.kind for e in g.events if e.kind in ("peace", "buy")] == ["peace"]
    assert g.hands[1].count(Rank.THREE) == 0  # nobody buys a 3 in the 和平局
    events = g.act("seat 0 plays KK")
    assert [(e.kind, e.rule) for e in events if e.kind == "kaidian"] == [("kaidian", "kaidian.peace")]
    assert g.kaidian(0) == "pending"  # opened at once; tongsu's 发四 is due
    g.act("seat 3 plays AA")  # its 对头 answers it, and the point stands all the same
    assert g.kaidian(0) == "pending"

    for off in (
        Game.from_hands(PEACE, TONGSU.replace(peace_first_hand=False), leader=0, prelude=True, first_hand=True),
        Game.from_hands(PEACE, "tongsu", leader=0, prelude=True),  # not the first hand of a series
    ):
        assert "buy" in [e.kind for e in off.events] and off.hands[1].count(Rank.THREE) == 1
        assert "kaidian" not in [e.kind for e in off.act("seat 0 plays KK")] and off.kaidian(0) == ""


# -- 000 part 3 第5条 憋三留头: a 闷ed seat counts as still there, so its 对家 keeps its head -------------------

MEN_HANDS = {0: "KK 7 10 3", 1: "AA J Q 3", 2: "6 7 8 3", 3: "8 3", 4: "9 5 J 3", 5: "6 10 Q 3"}
MEN_STEPS = ("seat 3 plays 8", "seat 4 plays 9", "seat 5 passes", "seat 0 passes", "seat 1 passes", "seat 2 passes",
             "seat 4 plays 5", "seat 5 plays 6", "seat 0 plays 7", "seat 1 passes", "seat 2 passes", "seat 4 passes",
             "seat 5 passes")


def test_000_art5_biesan_liutou_the_menned_seats_duitou_keeps_its_head():
    g = game(MEN_HANDS, "tongsu", leader=3, steps=MEN_STEPS)
    assert g.men() == [(3, 4)] and g.to_act == 0
    assert not g.headless(0)
    events = g.act("seat 0 plays KK")  # 够级: its 对头 is 闷ed and never answers; nobody may burn (none opened)
    assert events[0].rule == "head.men" and "憋三留头" in events[0].zh and "憋三留头" in events[0].en
    assert [e.kind for e in events] == ["lead", "round", "kaidian"] and g.to_act == 0

    off = game(MEN_HANDS, TONGSU.replace(men_keeps_head=False), leader=3, steps=MEN_STEPS)
    assert off.headless(0)
    off.act("seat 0 plays KK")
    assert off.to_act == 1 and off.can("seat 1 plays AA")  # 无头: anyone answers it


# -- 003 §六, §十三: a 闷ed 对家 has not gone (走), so 开点 stays open under zaozhuang -----------------------------


@pytest.mark.parametrize("needs_duitou", [True, False])
def test_003_s6_s13_a_menned_duitou_has_not_gone_kaidian_stays_open(needs_duitou):
    rules = ZAOZHUANG.replace(kaidian_needs_duitou=needs_duitou)
    passes = ("seat 1 passes", "seat 2 passes", "seat 4 passes", "seat 5 passes")
    menned = game(MEN_HANDS, rules, leader=3, steps=(*MEN_STEPS, "seat 0 plays KK", *passes))
    assert menned.men() == [(3, 4)]
    assert menned.kaidian(0) == "open"  # 闷ed: "走不成了", it has not 走
    gone = game({**MEN_HANDS, 3: "8"}, rules, leader=3, steps=(*MEN_STEPS, "seat 0 plays KK", *passes))
    assert gone.status(3) == "out"
    assert gone.kaidian(0) == ("" if needs_duitou else "open")  # 对家已走: 被对家摁点 (§六)


# -- 003 §五: 既没钱又没花，有3的必须给一张 --------------------------------------------------------------------

GIVE = {0: "KK 5 3", 1: "7 8 9", 2: "6 7 3", 3: "8 9 3", 4: "33 10", 5: "6 10 3"}


def test_003_s5_a_seat_with_no_2_and_no_joker_is_given_a_3():
    g = Game.from_hands(GIVE, "zaozhuang", leader=0, prelude=True)
    assert [(e.seat, e.other, e.rule) for e in g.events if e.kind == "buy"] == [(1, 4, "buy.give")]
    assert g.hands[1].count(Rank.THREE) == 1 and g.hands[4].count(Rank.THREE) == 1

    off = Game.from_hands(GIVE, ZAOZHUANG.replace(must_give_three=False), leader=0, prelude=True)
    assert not [e for e in off.events if e.kind == "buy"] and off.hands[1].count(Rank.THREE) == 0


# -- 000 part 3 第48条 against 第6条: after a failed revolution the 对家 leads 4s, opened or not ----------------

LOST_UNOPENED = {**DUEL, 0: "XKK XA D2 44 5"}
LOST_STEPS = ("seat 3 revolts", "seat 3 plays QQQ", "seat 0 plays XKK", "seat 3 plays KK", "seat 0 plays XA",
              "seat 3 plays AA", "seat 0 plays D2")


def test_000_art48_failed_revolution_the_unopened_duitou_leads_its_4s():
    g = game(LOST_UNOPENED, "tongsu", leader=1, steps=LOST_STEPS)
    assert g.game_record().to_json()["revolution_failed"] == [3] and g.kaidian(0) == "closed" and g.to_act == 0
    assert g.events[-1].rule == "revolt.fours"
    assert refused(g, "seat 0 plays 5").rule == "revolt.fours"
    g.act("seat 0 plays 44")  # 第48条 overrides 第6条 (4s only after 开点) here, and it concedes nothing
    assert g.kaidian(0) == "closed"  # 第47条: the three plays decided it opens nothing this hand

    off = game(LOST_UNOPENED, TONGSU.replace(failed_revolution_fours=False), leader=1, steps=LOST_STEPS)
    assert refused(off, "seat 0 plays 44").rule == "fours"  # 第6条: no 4s before 开点
    assert off.can("seat 0 plays 5")


# -- 002 §5 买三 "最后一手牌必须全是3", 000 part 1 "牌点必须都是3": a joker or a 2 is not a 3 -----------------


@pytest.mark.parametrize("rules", ["qingdao", "linyi"])
def test_002_s5_maisan_the_last_play_is_all_threes(rules):
    hands = {0: "X33", 1: "7 8 3", 2: "6 7 3", 3: "8 9 3", 4: "9 10 3", 5: "6 10 3"}
    g = game(hands, rules)
    assert "biesan" in refused(g, "seat 0 plays X33").rule
    assert "X33" not in [a.cards for a in g.legal_actions()]
    g2 = game({**hands, 0: "233"}, rules)
    assert refused(g2, "seat 0 plays 233").rule == "biesan"  # 贴钱 counts the 2 as a 3, but it is not one

    off = game(hands, find_ruleset(rules).replace(bie_san=False))
    assert off.can("seat 0 plays X33")


# -- 002 §5 打够级牌 "如果对头过牌…由对头发牌" against §5 发牌 "由上一轮最后一个出牌的人出牌" ------------------

GOUJI = {0: "KK 5 6", 1: "AA 7 8", 2: "AA 9 6", 3: "7 8 9", 4: "22 9 10", 5: "AA 10 J"}


@pytest.mark.parametrize("duitou_leads", [False, True])
def test_002_s5_dagouji_who_leads_after_the_duitou_passes(duitou_leads):
    g = game(GOUJI, QINGDAO.replace(duitou_pass_leads=duitou_leads))
    g.act("seat 0 plays KK")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")  # the burn candidates decline, then the 对头 (seat 3) passes
    assert g.kaidian(0) == "open"  # 开点 either way (002 §5 开点)
    assert g.to_act == (3 if duitou_leads else 0)
    assert ("duitou_leads" in [e.kind for e in g.events]) == duitou_leads


# -- 002 §5 上班: 4s of one suit under 憋三, 3s otherwise ("以3代替上面的4") ----------------------------------


def test_002_s5_shangban_threes_replace_fours_outside_biesan():
    hands = {0: "5 6", 1: "7 8", 2: "4♠ 4♠ 4♠ 9", 3: "9 10", 4: "3♥ 3♥ 3♥ 3♥ 5", 5: "J Q"}
    g = Game.from_hands(hands, "qingdao")
    assert g.to_act == 2 and g.events[0].rule == "first_leader"
    off = Game.from_hands(hands, QINGDAO.replace(bie_san=False))
    assert off.to_act == 4 and "3" in off.events[0].en
