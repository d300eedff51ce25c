"""The play engine, rule by rule, from explicit hands. Each test names the seed section it pins down."""

from __future__ import annotations

import json

import pytest

from gouji_teach.rules.engine import ACTIVE, FAILED, MEN, OUT, REVOLT, Game, opposite, team
from gouji_teach.rules.errors import GoujiError
from gouji_teach.rules.events import Action, ActionKind, IllegalActionError
from gouji_teach.rules.options import possible_plays
from gouji_teach.rules.rulesets import ZAOZHUANG, Ruleset

# Six seats that can each play a few singles and small sets without going out.
PLAIN = {0: "5 8 9 Q 3", 1: "6 7 10 K 3", 2: "6 9 J A 3", 3: "7 8 10 K 3", 4: "5 9 J A 3", 5: "6 8 Q K 3"}


def game(hands: dict[int, str], rules: Ruleset | str = "qingdao", leader: int = 0) -> Game:
    return Game.from_hands(hands, rules, leader=leader)


def refused(g: Game, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        g.act(text)
    err = info.value
    assert err.rule and err.rule in str(err)  # every refusal names its rule ...
    assert err.zh and err.en  # ... in Chinese and English
    return err


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# -- table, turn order --------------------------------------------------------------------------------


def test_rules_md_teams_and_duitou():
    assert [opposite(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert all(team(s) != team(opposite(s)) and team(s) != team((s + 1) % 6) for s in range(6))


def test_002_s5_shangpai_the_xiajia_answers_first_counter_clockwise():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    assert g.to_act == 1
    g.act("seat 1 passes")
    assert g.to_act == 2
    err = refused(g, "seat 4 plays 9")
    assert err.rule == "turn.order"


def test_002_s5_fapai_the_last_player_of_a_round_leads_the_next():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    g.act("seat 1 plays 7")
    for seat in (2, 3, 4, 5, 0):
        g.act(f"seat {seat} passes")
    assert g.top is None and g.to_act == 1
    assert kinds(g.events)[-1] == "round"


def test_002_s5_fapai_the_leader_must_lead():
    g = game(PLAIN)
    assert refused(g, "seat 0 passes").rule == "lead.must"


# -- 过牌 -----------------------------------------------------------------------------------------------


def _pass_then_duitou_plays(rules: str) -> Game:
    g = game(PLAIN, rules)
    g.act("seat 0 plays 5")
    for seat in (1, 2, 3):
        g.act(f"seat {seat} passes")
    g.act("seat 4 plays 9")  # seat 4 is the 对头 of seat 1, which passed
    g.act("seat 5 passes")
    g.act("seat 0 passes")
    return g


def test_002_s5_guopai_a_passer_may_answer_only_its_duitou():
    g = _pass_then_duitou_plays("qingdao")
    assert g.to_act == 1  # seat 1 passed, but the play on top is its 对头's
    g.act("seat 1 passes")
    assert g.to_act is not None and g.top is None and g.to_act == 4  # seats 2 and 3 passed for good


def test_000_p3_art11_once_passed_never_again():
    g = _pass_then_duitou_plays("tongsu")
    assert g.top is None and g.to_act == 4  # nobody may come back: seat 4 won the round


def test_003_s3_below_gouji_anyone_may_play():
    g = _pass_then_duitou_plays("zaozhuang")
    assert g.to_act == 1
    g.act("seat 1 passes")
    assert g.to_act == 2  # passers come back in zaozhuang


# -- 让牌 ---------------------------------------------------------------------------------------------------


def test_000_p3_art12_rang_the_next_two_answer_first_then_the_yielder_decides():
    g = game(PLAIN, "tongsu")
    g.act("seat 0 plays 5")
    g.act("seat 1 passes")
    g.act("seat 2 passes")
    assert g.can("seat 3 yields")
    g.act("seat 3 yields")
    assert g.to_act == 4
    g.act("seat 4 passes")
    g.act("seat 5 passes")
    assert g.to_act == 3
    assert not g.can("seat 3 yields")
    g.act("seat 3 plays 7")
    assert g.top[0] == 3


def test_000_p3_art12_a_play_after_rang_counts_as_the_yielders_pass():
    g = game(PLAIN, "tongsu")
    for text in ("seat 0 plays 5", "seat 1 passes", "seat 2 passes", "seat 3 yields", "seat 4 plays 9"):
        g.act(text)
    g.act("seat 5 passes")
    g.act("seat 0 passes")
    assert g.top is None and g.to_act == 4  # seat 3 was counted as passed


def test_002_s5_rang_only_on_the_duitous_play_after_the_two_before_passed():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    assert refused(g, "seat 1 yields").rule == "yield.when"
    g.act("seat 1 passes")
    g.act("seat 2 plays 6")
    g.act("seat 3 passes")
    assert refused(g, "seat 4 yields").rule == "yield.when"  # not its 对头's play


# -- 打够级 and 开点 -------------------------------------------------------------------------------------------

GOUJI = {0: "KK 5 6", 1: "AA 7 8", 2: "AA 9 6", 3: "AA 7 8", 4: "22 9 10", 5: "AA 10 J"}


def test_002_s5_dagouji_only_the_duitou_answers():
    g = game(GOUJI)
    g.act("seat 0 plays KK")
    assert g.to_act in g.burn_candidates() or g.to_act == 3
    err = refused(g, "seat 1 plays AA")
    assert err.rule == "gouji.duitou"
    g.act("seat 3 plays AA")
    assert g.top[0] == 3
    assert refused(g, "seat 4 plays 22").rule == "gouji.duitou"


def test_002_s5_kaidian_a_gouji_play_nobody_answers_opens():
    g = game(GOUJI)
    g.act("seat 0 plays KK")
    for seat in g.burn_candidates():
        g.act(f"seat {seat} passes")
    g.act("seat 3 passes")
    assert g.kaidian_seats() == [0] and g.to_act == 0
    assert "kaidian" in kinds(g.events)


@pytest.mark.parametrize(
    ("rules", "cards", "opens"),
    [
        ("qingdao", "22", True),  # 002 §5: every 够级 play but jokers and a single 2 opens
        ("qingdao", "2", False),
        ("qingdao", "X", False),
        ("linyi", "22", False),  # 000 part 1: only pure 够级 opens
    ],
)
def test_002_s5_and_000_p1_which_gouji_plays_open(rules, cards, opens):
    hands = {0: f"{cards} 5 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, rules)
    g.act(f"seat 0 plays {cards}")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    assert (g.kaidian(0) != "") is opens


def test_000_p1_kaidian_then_fasi():
    hands = {0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, "linyi")
    g.act("seat 0 plays AA")
    g.act("seat 3 passes")
    assert g.kaidian(0) == "pending"
    g.act("seat 0 plays 44")
    assert g.kaidian(0) == "open" and "fasi" in kinds(g.events)


def test_000_p1_kaidian_lapses_without_fasi():
    hands = {0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, "linyi")
    g.act("seat 0 plays AA")
    g.act("seat 3 passes")
    g.act("seat 0 plays 6")
    assert g.kaidian(0) == "" and "kaidian_lapsed" in kinds(g.events)


def test_000_p1_leading_4s_before_kaidian_concedes_the_point():
    hands = {0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, "linyi")
    g.act("seat 0 plays 44")
    assert g.kaidian(0) == "conceded"
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 0 plays AA")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    assert g.kaidian_seats() == []


def test_000_p3_art6_no_4s_before_kaidian():
    hands = {0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, "tongsu")
    assert refused(g, "seat 0 plays 44").rule == "fours"
    only_low = game({**hands, 0: "44 3"}, "tongsu")
    assert only_low.can("seat 0 plays 44")  # nothing else to lead: the 4s may go


@pytest.mark.parametrize(("rules", "opens"), [("zaozhuang", False), ("qingdao", True)])
def test_003_s6_no_kaidian_once_the_duitou_is_gone(rules, opens):
    hands = {0: "AA 6 7", 1: "7 8 9", 2: "7 8 9", 3: "5", 4: "7 8 9", 5: "7 8 9"}
    g = game(hands, rules, leader=3)
    g.act("seat 3 plays 5")
    assert g.status(3) == OUT
    g.act("seat 4 passes")
    g.act("seat 5 passes")
    g.act("seat 0 plays 6")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 0 plays AA")
    assert g.to_act == 1  # 无头: the 对头 is gone, anyone answers
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    assert (g.kaidian(0) == "open") is opens


def test_000_p3_art24_natural_point():
    hands = {0: "9999 8 3", 1: "AA 7 3", 2: "KK 9 3", 3: "QQQ 8 3", 4: "JJJJ 5 3", 5: "TTTTT 6 3"}
    g = Game.from_hands(hands, "tongsu", leader=0, prelude=True)
    assert g.kaidian(0) == "open" and g.kaidian(1) == ""
    assert kinds(g.events) == ["natural_point"]


# -- 憋三 and 闷 -----------------------------------------------------------------------------------------------


def test_000_p1_biesan_3s_only_as_the_last_play():
    g = game({**PLAIN, 0: "33 5"})
    assert refused(g, "seat 0 plays 33").rule == "biesan"
    g2 = game({**PLAIN, 0: "33"})
    g2.act("seat 0 plays 33")
    assert g2.status(0) == OUT


def test_002_s4_men_the_play_before_the_last_3s_is_beaten():
    g = game({0: "88 5 6", 1: "99 33", 2: "TT 6 7", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"})
    g.act("seat 0 plays 88")
    g.act("seat 1 plays 99")
    g.act("seat 2 plays TT")
    assert g.status(1) == MEN
    assert g.men() == [(1, 2)]
    assert g.game_record().to_json()["men"] == [{"by": 2, "victim": 1}]
    assert refused(g, "seat 1 plays 33").rule == "seat.gone"


def test_000_p3_art37_the_first_men_is_daluo():
    g = game({0: "88 4", 1: "99 33", 2: "TT 6", 3: "JJ 33", 4: "QQ 6", 5: "5 6"}, "tongsu")
    for text in ("seat 0 plays 88", "seat 1 plays 99", "seat 2 plays TT", "seat 3 plays JJ", "seat 4 plays QQ"):
        g.act(text)
    assert [v for v, _ in g.men()] == [1, 3]
    while not g.is_over:
        seat = g.to_act
        plays = g.answers(seat) if g.top else None
        if g.top is None:
            g.act(Action(seat, "play", g.hands[seat].cards[-1].notation))
        elif plays:
            g.act(Action.of(seat, "play", plays[0]))
        else:
            g.act(f"seat {seat} passes")
    order = g.finish_order()
    assert order[-1] == 1 and order[-2] == 3


# -- 走科, 接风, 四户乱缠, the end ------------------------------------------------------------------------------------


def test_000_p3_art15_jiefeng_the_next_seat_leads_after_a_seat_goes_out():
    g = game({**PLAIN, 0: "K"})
    g.act("seat 0 plays K")
    assert g.status(0) == OUT and g.finish_order() == [0]
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    assert g.to_act == 1 and kinds(g.events)[-1] == "jiefeng"


def test_002_s5_sihu_luanchan_after_two_are_gone():
    hands = {0: "K", 1: "7 8 9 3", 2: "7 8 9 3", 3: "Q", 4: "KK 5 3", 5: "AA 8 3"}
    g = game(hands)
    g.act("seat 0 plays K")
    for seat in (1, 2):
        g.act(f"seat {seat} passes")
    g.act("seat 3 passes")
    g.act("seat 4 passes")
    g.act("seat 5 passes")
    g.act("seat 1 plays 7")  # 接风
    for seat in (2,):
        g.act(f"seat {seat} plays 8")
    g.act("seat 3 plays Q")
    assert g.luanchan and "luanchan" in kinds(g.events)


def test_002_s5_luanchan_switches_off_gouji_answering():
    hands = {0: "K", 1: "AA 9 3", 2: "7 8 9 3", 3: "Q", 4: "KK 5 3", 5: "AA 8 3"}
    g = game(hands, leader=0)
    g.act("seat 0 plays K")
    for seat in (1, 2):
        g.act(f"seat {seat} passes")
    g.act("seat 3 passes")
    g.act("seat 4 passes")
    g.act("seat 5 passes")
    g.act("seat 1 plays 9")
    g.act("seat 2 passes")
    g.act("seat 3 plays Q")
    assert g.luanchan
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    leader = g.to_act
    assert leader == 4
    g.act("seat 4 plays KK")
    assert g.to_act == 5  # in 四户乱缠 the 下家 answers a 够级 play: no 对头 rule
    g.act("seat 5 plays AA")


def test_the_hand_ends_when_one_seat_is_left():
    g = game({0: "K", 1: "A", 2: "2", 3: "X", 4: "D", 5: "5 6"})
    g.act("seat 0 plays K")
    g.act("seat 1 plays A")
    g.act("seat 2 plays 2")  # 够级: only seat 5 answers, but 四户乱缠 has begun
    assert g.luanchan
    g.act("seat 3 plays X")
    g.act("seat 4 plays D")
    assert g.is_over and g.finish_order() == [0, 1, 2, 3, 4, 5]
    assert refused(g, "seat 5 plays 5").rule == "turn.over"
    rec = g.game_record().to_json()
    assert json.loads(json.dumps(rec)) == rec


# -- 烧牌 ------------------------------------------------------------------------------------------------------

BURN = {0: "KK 5 6 7", 1: "AA X8 9", 2: "AA D9 3", 3: "7 8 9 J", 4: "AA 5 6", 5: "22 X3"}


def test_002_s5_shaopai_priority_the_victims_team_first_then_play_order():
    g = game(BURN)
    g.act("seat 0 plays KK")
    assert g.burn_candidates() == [2, 4, 1, 5]
    assert g.to_act == 2


def test_002_s5_shaopai_a_burn_then_jokers_on_every_play_but_the_last():
    g = game(BURN)
    g.act("seat 0 plays KK")
    for seat in (2, 4):
        g.act(f"seat {seat} passes")
    g.act("seat 1 burns AA")
    assert g.burning() == {1: 0}
    # the burner's 对头 (seat 4) may lift it; nobody else can burn AA here
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    assert g.to_act == 1
    g.act("seat 1 plays X8")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 1 plays 9")  # the last play needs no joker (002 §5 烧牌)
    assert g.status(1) == OUT
    assert g.game_record().to_json()["burns"] == [{"burner": 1, "victim": 0, "outcome": "success"}]


def test_003_s8_every_play_after_a_burn_carries_a_joker():
    g = game(BURN, "zaozhuang")
    g.act("seat 0 plays KK")
    while g.to_act in g.burn_candidates() and g.to_act != 1:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 1 burns AA")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 1 plays X8")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 1 plays 9")  # no joker on the last play: 烧失败 (003 §八 每一栋)
    assert "burn_failed" in kinds(g.events)
    # 003 §八 has the failed burner pay the seat it burned and says nothing of its place: it plays on (out here)
    assert g.status(1) == OUT
    assert g.game_record().to_json()["burns"] == [{"burner": 1, "victim": 0, "outcome": "failed"}]


def test_003_s8_failed_burn_last_switch_both_ways():
    """``failed_burn_last`` off (zaozhuang): the failed burner plays on; on (002 §5): it is 大落 and stops."""
    hands = {**BURN, 1: "AA X8 9 J"}
    for on, status in ((False, ACTIVE), (True, FAILED)):
        g = game(hands, ZAOZHUANG.replace(failed_burn_last=on))
        g.act("seat 0 plays KK")
        while g.to_act in g.burn_candidates() and g.to_act != 1:
            g.act(f"seat {g.to_act} passes")
        g.act("seat 1 burns AA")
        while g.top is not None:
            g.act(f"seat {g.to_act} passes")
        g.act("seat 1 plays 9")
        assert g.status(1) == status and "burn_failed" in kinds(g.events)


def test_002_s5_shao_shibai_a_burner_leading_without_a_joker_fails_and_is_daluo():
    g = game({**BURN, 1: "AA 8 9 J"})
    g.act("seat 0 plays KK")
    for seat in (2, 4):
        g.act(f"seat {seat} passes")
    g.act("seat 1 burns AA")
    while g.top is not None:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 1 plays 8")
    assert g.status(1) == FAILED
    assert "burn_failed" in kinds(g.events)
    assert refused(g, "seat 1 plays 9").rule == "seat.gone"


def test_002_s5_jieshao_the_burners_duitou_beats_it():
    g = game({**BURN, 4: "22 5 6"})
    g.act("seat 0 plays KK")
    for seat in (2, 4):  # seat 4 (22) could burn too and, in seat 0's team, comes before seat 1 (002 §5 烧牌)
        g.act(f"seat {seat} passes")
    g.act("seat 1 burns AA")
    assert g.to_act == 4 or 4 in g.may_act()
    while g.to_act != 4:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 4 plays 22")
    assert g.burning() == {} and "jieshao" in kinds(g.events)
    assert g.game_record().to_json()["burns"] == []


def test_003_s11_fanshao_the_victim_burns_back():
    hands = {0: "KK 22 6 7", 1: "AA X8 9", 2: "5 6 7", 3: "7 8 9 J", 4: "5 6 7", 5: "5 6 7"}
    g = game(hands)
    g.act("seat 0 plays KK")
    g.act("seat 1 burns AA")
    assert 0 in g.burn_candidates()
    g.act("seat 0 burns 22")
    rec_burns = g.game_record().to_json()["burns"]
    assert rec_burns[0] == {"burner": 1, "victim": 0, "outcome": "counter"}
    assert "counter_burn" in kinds(g.events)


def test_000_p1_shaopai_needs_kaidian():
    g = game(BURN, "linyi")
    g.act("seat 0 plays KK")
    assert g.burn_candidates() == []
    assert refused(g, "seat 1 burns AA").rule == "burn.kaidian"


def test_burn_refused_on_a_play_that_is_not_gouji():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    assert refused(g, "seat 2 burns 6").rule == "burn.gouji"


# -- 革命, 要头/无头, 够死级 --------------------------------------------------------------------------------------

REVOLT_HANDS = {0: "AA KK 5 6", 1: "7 8 9 3", 2: "5 6 7", 3: "8 9 10 3", 4: "22 5 6", 5: "7 8 9"}


def test_002_s5_geming_no_money_no_jokers_and_the_duitou_opens():
    g = game(REVOLT_HANDS)
    g.act("seat 3 revolts")
    assert g.status(3) == REVOLT and g.kaidian(0) == "open"
    assert g.phase == "head" and g.to_act == 0
    assert refused(g, "seat 0 plays AA").rule == "head.choice"


def test_002_s5_geming_refused_with_a_2():
    g = game({**REVOLT_HANDS, 1: "2 7 8"})
    assert refused(g, "seat 1 revolts").rule == "revolt.cards"


def test_002_s5_two_revolutions_void_the_hand():
    g = game({**REVOLT_HANDS, 0: "AA 5"})
    g.act("seat 1 revolts")
    g.act("seat 2 revolts")
    assert g.phase == "void" and g.game_record().to_json()["void"] is True


def test_002_s5_yaotou_the_first_three_gouji_plays_are_gousiji():
    g = game(REVOLT_HANDS)
    g.act("seat 3 revolts")
    g.act("seat 0 yaotou")
    g.act("seat 0 plays AA")
    assert g.events[-1].rule == "gouji.sisi"
    assert refused(g, "seat 4 plays 22").rule == "gouji.sisi"  # nobody answers 够死级 ...
    assert g.can("seat 4 burns 22")  # ... but it can be burned (002 §5 够死级: 除非被人烧牌)


def test_002_s5_wutou_anyone_answers():
    g = game(REVOLT_HANDS)
    g.act("seat 3 revolts")
    g.act("seat 0 wutou")
    g.act("seat 0 plays KK")
    assert g.to_act == 1  # the 下家 answers: 无头


def test_000_p3_art49_no_head_choice_in_tongsu():
    g = game(DUEL, "tongsu")
    g.act("seat 3 revolts")
    for play in ("QQQ", "KK", "AA"):
        g.act(f"seat 3 plays {play}")
        g.act("seat 0 passes")
    assert g.phase == "start" and g.headless(0)
    assert refused(g, "seat 0 yaotou").rule == "head.choice"


def test_revolt_only_before_the_first_lead():
    g = game(REVOLT_HANDS)
    g.act("seat 0 plays 5")
    assert refused(g, "seat 3 revolts").rule == "revolt.when"


# -- 买三/买四, first leader -----------------------------------------------------------------------------------


def test_002_s5_maisan_a_seat_without_a_3_buys_one_from_its_duitou_with_a_2():
    hands = {0: "2 5 6", 1: "3 7", 2: "3 8", 3: "33 9", 4: "3 T", 5: "3 J"}
    g = Game.from_hands(hands, "qingdao", leader=0, prelude=True)
    assert g.hands[0].count(3) == 1 and g.hands[3].count(15) == 1
    assert kinds(g.events) == ["buy"] and g.events[0].other == 3


def test_000_p1_maisi_buying_a_4():
    hands = {0: "2 3 44", 1: "3 44", 2: "3 44", 3: "3 444", 4: "3 44", 5: "3 44 2"}
    g = Game.from_hands({**hands, 0: "2 3 5"}, "linyi", leader=0, prelude=True)
    assert g.hands[0].count(4) == 1


def test_003_s3_the_first_3_dealt_leads():
    deal = Game.deal(5, "zaozhuang")
    first = deal.events[[e.kind for e in deal.events].index("first_leader")]
    assert first.seat == deal.to_act


def test_002_s5_shangban_most_4s_of_one_suit():
    hands = {0: "4♠ 5", 1: "4♥ 4♥ 4♥ 5", 2: "4♠ 4♠ 5", 3: "5", 4: "5", 5: "5"}
    g = Game.from_hands(hands, "qingdao")
    assert g.to_act == 1


# -- actions, undo, copy, legal actions ----------------------------------------------------------


def test_undo_and_copy_restore_the_state():
    g = game(PLAIN)
    before = (g.hands, g.to_act, g.events)
    g.act("seat 0 plays 5")
    other = g.copy()
    g.act("seat 1 plays 7")
    assert other.to_act == 1 and len(other.events) == 1
    assert g.undo() == Action(1, "play", "7")
    assert g.undo() == Action(0, "play", "5")
    assert (g.hands, g.to_act, g.events) == before
    with pytest.raises(IndexError):
        g.undo()


def test_undo_in_one_game_leaves_a_copy_alone():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    g.act("seat 1 plays 7")
    other = g.copy()
    g.undo()
    g.act("seat 1 passes")
    assert other.undo() == Action(1, "play", "7")
    assert other.to_act == 1 and other.hands[1] == game(PLAIN).hands[1]


def test_a_copy_without_undo_plays_the_same_and_keeps_what_came_before():
    g = game(PLAIN)
    g.act("seat 0 plays 5")
    fast, slow = g.copy(undo=False), g.copy()
    for copy in (fast, slow):
        copy.act("seat 1 plays 7")
    assert (fast.hands, fast.to_act, fast.events, fast.history) == (slow.hands, slow.to_act, slow.events, slow.history)
    with pytest.raises(IndexError):  # its own actions cannot be taken back (NothingToUndoError)
        fast.undo()
    assert fast.history == slow.history  # the refused undo lost nothing
    assert g.copy(undo=False).undo() == Action(0, "play", "5")  # the copied history keeps its states


def test_legal_actions_are_exactly_the_actions_the_engine_accepts():
    g = game(GOUJI)
    g.act("seat 0 plays KK")
    for seat in range(6):
        for action in g.legal_actions(seat):
            assert g.can(action), action
    assert {a.kind for a in g.legal_actions(3)} == {"play", "pass"}
    assert g.may_act()[3] == ["play", "pass"]


def test_cards_not_in_hand_are_refused():
    g = game(PLAIN)
    assert refused(g, "seat 0 plays KK").rule == "hand.cards"
    with pytest.raises(GoujiError):
        g.act("seat 0 plays 5 6")  # not one play


def test_action_notation_round_trip():
    for text in ("seat 2 plays DX99", "seat 0 passes", "seat 5 yields", "seat 1 burns 22", "seat 3 revolts"):
        assert str(Action.parse(text)) == text
    with pytest.raises(IllegalActionError):
        Action.parse("seat 9 plays 5")


def test_002_s5_no_burning_in_sihu_luanchan():
    g = game({0: "K", 1: "A", 2: "2 5", 3: "X 6", 4: "D 7", 5: "5 6"})
    g.act("seat 0 plays K")
    g.act("seat 1 plays A")
    assert g.luanchan and g.status(0) == OUT and g.status(1) == OUT
    g.act("seat 2 plays 2")
    assert refused(g, "seat 4 burns D").rule == "luanchan"
    assert g.to_act == 3


# -- 冲点 and the three plays after a revolution ---------------------------------------------------------

DUEL = {0: "AA KK QQQ 5", 1: "7 8 9 3", 2: "5 6 7", 3: "QQQ KK AA 8 3", 4: "22 5 6", 5: "7 8 9"}


def test_000_p3_art46_revolution_needs_three_pure_gouji_plays():
    g = game({**DUEL, 3: "QQQ KK 8 3"}, "tongsu")
    assert refused(g, "seat 3 revolts").rule == "revolt.duel"
    assert game(DUEL, "tongsu").can("seat 3 revolts")


def _duel(g: Game, rounds) -> None:
    for mine, theirs in rounds:
        g.act(f"seat 3 plays {mine}")
        g.act(f"seat 0 plays {theirs}" if theirs else "seat 0 passes")


def test_000_p3_art47_one_play_survives_the_revolution_succeeds():
    g = game(DUEL, "tongsu")
    g.act("seat 3 revolts")
    assert g.phase == "duel" and g.to_act == 3
    assert refused(g, "seat 3 passes").rule == "revolt.duel"
    assert refused(g, "seat 3 plays 8").rule == "revolt.duel"  # only pure 够级 plays
    _duel(g, [("QQQ", None), ("KK", "AA"), ("AA", None)])
    rec = g.game_record().to_json()
    assert rec["kaidian"] == [0, 3] and "revolution_failed" not in rec  # 0 killed one with pure 够级: both open
    assert g.headless(0) and g.phase == "start"


def test_000_p3_art47_all_three_killed_the_revolution_fails_and_is_daluo():
    g = game({**DUEL, 0: "KKK AA 22 5"}, "tongsu")
    g.act("seat 3 revolts")
    _duel(g, [("QQQ", "KKK"), ("KK", "AA"), ("AA", "22")])
    rec = g.game_record().to_json()
    assert rec["revolution_failed"] == [3] and rec["kaidian"] == [0]
    assert not g.luanchan  # a failed revolutionary is not gone (000 part 3 第25条)


def test_000_p1_chongdian_declined_the_duitou_is_wutou():
    g = game(DUEL, "linyi")
    g.act("seat 3 revolts")
    g.act("seat 3 passes")
    assert g.phase == "start" and g.headless(0) and g.kaidian_seats() == []


def test_000_p1_chongdian_all_three_killed_the_duitou_opens():
    g = game({**DUEL, 0: "KKK AA 22 5"}, "linyi")
    g.act("seat 3 revolts")
    _duel(g, [("QQQ", "KKK"), ("KK", "AA"), ("AA", "22")])
    assert g.kaidian(0) == "open" and g.kaidian(3) == ""
    assert g.phase == "head"  # 冲点 played: the 对头 chooses 要头/无头 (000 part 1 要头/无头)


def test_000_p1_chongdian_one_survives_the_revolutionary_opens():
    g = game(DUEL, "linyi")
    g.act("seat 3 revolts")
    _duel(g, [("QQQ", None), ("KK", "AA"), ("AA", None)])
    assert g.kaidian_seats() == [3]


def test_002_s5_xuandian_is_declared_before_play_and_recorded():
    g = game(PLAIN)
    g.act("seat 2 declares")
    assert "xuandian" in kinds(g.events)
    assert refused(g, "seat 2 declares").rule == "xuandian.when"  # once
    g.act("seat 0 plays 5")
    assert refused(g, "seat 1 declares").rule == "xuandian.when"  # before the first lead
    assert g.game_record().to_json()["xuandian"] == [2]


@pytest.mark.parametrize(("rules", "hand", "count"), [
    ("qingdao", "DX22 AAA 9999 33 5", 107),  # no base 11, A 3*3*4, 9 4*3*4, 5 1*3*4
    ("tongsu", "DX22 AAA 9999 33 5", 43),  # no 贴钱: no base 11, A 3*4, 9 4*4, 5 1*4
    ("zaozhuang", "D 22 KK 44 3", 29),  # no base 5, K 2*3*2, 4 2*3*2
])
def test_legal_leads_golden_counts(rules, hand, count):
    """Perft-style: the number of legal leads from a fixed hand, counted by hand in the comments (counts of
    the base rank * of 2s attached * of joker choices); 3s only as the whole hand (憋三)."""
    g = game({**PLAIN, 0: hand}, rules)
    leads = g.legal_actions(0)
    assert all(a.kind in ("play", "xuandian") for a in leads)
    assert sum(a.kind == "play" for a in leads) == count
    assert not any(a.kind == "play" and "3" in a.cards for a in leads)


@pytest.mark.parametrize("rules", ["qingdao", "linyi", "tongsu", "zaozhuang"])
def test_legal_leads_of_a_dealt_hand_are_every_possible_play_the_engine_accepts(rules):
    """legal_actions builds leads without building plays; they must be exactly the plays ``can`` accepts."""
    g = Game.deal(11, rules)
    seat = g.to_act
    accepted = [Action.of(seat, "play", p) for p in possible_plays(g.hands[seat], rules)]
    assert [a for a in g.legal_actions(seat) if a.kind == "play"] == [a for a in accepted if g.can(a)]


def test_002_s5_maisan_no_3_to_be_had_and_no_money_is_an_automatic_revolution():
    hands = {0: "5 6 7", 1: "3 7", 2: "3 8", 3: "3 9", 4: "3 T", 5: "3 J"}
    g = Game.from_hands(hands, "qingdao", leader=1, prelude=True)
    assert kinds(g.events)[:2] == ["auto_revolt", "revolt"] and g.status(0) == REVOLT
    assert g.phase == "head" and g.to_act == 3
    assert Game.from_hands(hands, "tongsu", leader=1, prelude=True).status(0) != REVOLT


# -- the typed vocabulary: phase, seat status, 开点 state and action kinds are StrEnums with the old values --------


def test_phase_status_and_kaidian_are_enums_with_the_old_values():
    from gouji_teach.rules.engine import KaidianState, Phase, SeatStatus

    g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    assert g.phase is Phase.START and g.phase == "start"
    assert g.status(0) is SeatStatus.ACTIVE and g.kaidian(0) is KaidianState.NONE and not g.kaidian(0)
    g.act("seat 0 plays KK")
    g.act("seat 3 passes")
    assert g.phase is Phase.PLAY and g.kaidian(0) is KaidianState.OPEN and g.kaidian(0) == "open"
    assert next(a.kind for a in g.legal_actions(0)) is ActionKind.PLAY


def test_every_action_kind_is_written_read_back_and_has_its_handler():
    from gouji_teach.rules.engine import _DO

    assert set(_DO) == set(ActionKind)
    for kind in ActionKind:
        cards = "9" if kind in (ActionKind.PLAY, ActionKind.BURN) else None
        action = Action(2, kind.value, cards)
        assert action.kind is kind and Action.parse(str(action)) == action
