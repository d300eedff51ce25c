"""A whole hand and its settlement, true to the seeds under each rule set.

Each test deals chosen hands with the public API, acts, and checks what the seeds say follows: the actions
offered, the refusal and its rule id, the events, the places, the scores and the tribute. Each test names the
seed section it pins down (000 part 1 = 临沂, 000 part 3 = 通俗规则, 002 = 青岛, 003 = 枣庄) and the rule sets it
applies to. Where the seeds are ambiguous or contradict each other, the comment says which reading is taken
(``/work/shared/notes/rules.md`` where it decides, else the engine's module docstring).
"""

from __future__ import annotations

import pytest

from gouji_teach.bots.players import play_hand
from gouji_teach.rules.cards import Hand, Rank
from gouji_teach.rules.engine import FAILED, MEN, OUT, Game, KaidianState
from gouji_teach.rules.events import ActionKind, IllegalActionError
from gouji_teach.rules.record import Burn, GameRecord, Men
from gouji_teach.rules.rulesets import PRESETS, Ruleset
from gouji_teach.rules.settlement import settle, settle_series

ALL = tuple(PRESETS)


def game(hands: dict[int, str], rules: Ruleset | str, leader: int = 0, steps: tuple[str, ...] = (),
         **kw: object) -> Game:
    # (ignore below: the test's keywords are from_hands' own, typed object here)
    g = Game.from_hands(hands, rules, leader=leader, **kw)  # type: ignore[arg-type]
    for step in steps:
        g.act(step)
    return g


def refused(g: Game, text: str, rule: str) -> IllegalActionError:
    """The action is refused by ``rule``, explained in both languages, each naming the rule."""
    with pytest.raises(IllegalActionError) as info:
        g.act(text)
    err = info.value
    assert err.rule == rule, (err.rule, err.en)
    assert rule in err.zh and rule in err.en
    assert err.zh != err.en
    return err


def pass_until(g: Game, seat: int) -> None:
    """Everyone to act passes until it is ``seat``'s turn (bounded)."""
    for _ in range(12):
        if g.to_act == seat:
            return
        g.act(f"seat {g.to_act} passes")
    raise AssertionError(f"seat {seat} never got the turn")


def pass_round(g: Game) -> None:
    """Everyone to act passes until the round is over (bounded)."""
    for _ in range(12):
        if g.top is None:
            return
        g.act(f"seat {g.to_act} passes")
    raise AssertionError("the round never ended")


def kinds(g: Game, n: int | None = None) -> list[str]:
    events = g.events if n is None else g.events[-n:]
    return [str(e.kind) for e in events]


# (ignore below: s is the engine's private state)
def tribute(s, kind: str) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    """(payer, receiver, cards) of the tribute of one kind a settlement owes."""
    return [(t.payer, t.receiver, t.count) for t in s.tributes if t.kind == kind]


# == turn order ==============================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_turn_order_counter_clockwise_the_xiajia_answers_first(rules):
    """002 §5 上牌 (总是由逆时针下家对前面出的牌上牌), 000 part 3 第1条 (逆时针顺序抓牌、出牌); the default of
    000 part 1 and 003. All four rule sets."""
    g = game({0: "6 3", 1: "7 3", 2: "8 3", 3: "9 3", 4: "10 3", 5: "J 3"}, rules, leader=4)
    g.act("seat 4 plays 10")
    assert g.to_act == 5
    refused(g, "seat 1 plays 7", "turn.order")  # not seat 1's turn: the 下家 answers first
    g.act("seat 5 plays J")
    assert g.to_act == 0


@pytest.mark.parametrize("rules", ALL)
def test_the_last_seat_to_play_in_a_round_leads_the_next(rules):
    """002 §5 发牌 (新的一轮里由上一轮最后一个出牌的人出牌); the default of the other texts. All four."""
    g = game({0: "6 5 3", 1: "7 3", 2: "8 3", 3: "9 3", 4: "10 3", 5: "J 4 3"}, rules, leader=0)
    g.act("seat 0 plays 6")
    g.act("seat 1 plays 7")
    pass_until(g, 1)  # the five others pass: the round ends before it comes back to seat 1
    assert g.top is None and g.to_act == 1
    assert kinds(g, 1) == ["round"]


@pytest.mark.parametrize("rules", ALL)
def test_the_leader_must_lead_a_play(rules):
    """002 §5 发牌 (第一次出牌是发牌): a lead is a play, not a pass. All four."""
    g = game({0: "6 3", 1: "7 3", 2: "8 3", 3: "9 3", 4: "10 3", 5: "J 3"}, rules, leader=0)
    refused(g, "seat 0 passes", "lead.must")
    assert {a.kind for a in g.legal_actions()} >= {ActionKind.PLAY}
    assert ActionKind.PASS not in {a.kind for a in g.legal_actions()}


def test_qingdao_002_s5_shangban_most_4s_of_one_suit_lead_first_a_tie_to_the_lowest_seat():
    """002 §5 上班: the seat showing most 4s of one suit (2 or more) leads first; 先亮者 on a tie, which the
    engine cannot know: the lowest seat (engine docstring). qingdao; linyi by default."""
    hands = {0: "4♠ 4♥ 9", 1: "4♣ 4♣ 4♣ 8", 2: "4♦ 4♦ 4♦ 7", 3: "K", 4: "Q", 5: "J"}
    for rules in ("qingdao", "linyi"):
        g = Game.from_hands(hands, rules)
        assert g.to_act == 1  # three ♣4 against three ♦4: seat 1 is the lower seat
        assert g.events[-1].kind == "first_leader" and g.events[-1].rule == "first_leader"


def test_zaozhuang_003_s3_the_first_3_dealt_leads():
    """003 §三 出牌: 最先摸到3并且亮出来的玩家最先出牌. zaozhuang (six 3s in six packs, 003 §五)."""
    for seed in range(3):
        g = Game.deal(seed, "zaozhuang")
        first = next(e for e in g.events if e.kind == "first_leader")
        assert first.seat == g.to_act and "3" in first.en


# == 够级: who answers ========================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_a_gouji_play_is_answered_by_its_duitou_only(rules):
    """002 §5 打够级牌 (一旦有人出了够级牌，则除了烧牌外，只有对头可以上牌), 000 part 3 第9条 (对家必须响应，其他人响应
    则为烧牌), 003 §八 (本应该其对门出牌); 000 part 1 by default. All four: a non-opposite seat is refused with
    the rule, and is offered only a burn or a pass."""
    g = game({0: "KK 5 3", 1: "AA 6 3", 2: "9 3", 3: "AA 7 3", 4: "8 3", 5: "7 3"}, rules, leader=0)
    g.act("seat 0 plays KK")
    assert g.to_act in (1, 3)
    if g.to_act == 1:  # seat 1 may burn where the rule set lets it (no 开点 needed in qingdao, zaozhuang)
        assert {a.kind for a in g.legal_actions(1)} == {ActionKind.BURN, ActionKind.PASS}
        g.act("seat 1 passes")
    assert g.to_act == 3
    err = refused(g, "seat 1 plays AA", "gouji.duitou")
    assert "3" in err.en
    g.act("seat 3 plays AA")


@pytest.mark.parametrize("rules", ALL)
def test_the_duitou_passing_a_gouji_play_ends_the_round_and_the_player_opens(rules):
    """002 §5 开点 (够级牌无人接牌，使得自己获得出牌权，则该玩家开点) and 发牌; 000 part 3 第9条 (对家如不响应，则玩家
    发牌); 000 part 1 开点 (够级牌对家无法大过); 003 §六 (对家没能管上，即为过点). KK is pure 够级: every rule set."""
    g = game({0: "KK 5 3", 1: "6 3", 2: "9 3", 3: "7 3", 4: "8 3", 5: "7 3"}, rules, leader=0)
    g.act("seat 0 plays KK")
    assert g.to_act == 3  # nobody else can burn it
    g.act("seat 3 passes")
    assert g.top is None and g.to_act == 0
    assert g.kaidian(0) == KaidianState.OPEN
    assert [e.kind for e in g.events[-2:]] == ["round", "kaidian"]


@pytest.mark.parametrize("rules, opens", [("qingdao", True), ("linyi", False), ("tongsu", False),
                                          ("zaozhuang", False)])
def test_which_gouji_plays_open(rules, opens):
    """002 §5 开点 (only jokers and a single 2 do not open: 2K counts as two Ks by 贴钱 and opens) against
    000 part 1 (纯够级牌才能开点), 000 part 3 第22条 and 003 §四 (必须是纯级牌过点，即不得添钱挂花). tongsu has no
    贴钱 (第3条), so its case is 22: 够级 there (第8条), but not pure."""
    play = "22" if rules == "tongsu" else "2K"
    g = game({0: f"{play} 5 3", 1: "6 3", 2: "9 3", 3: "7 3", 4: "8 3", 5: "7 3"}, rules, leader=0)
    g.act(f"seat 0 plays {play}")
    pass_until(g, 0)
    assert bool(g.kaidian(0)) is opens


# == 让牌 and passing =========================================================================================

def test_rang_only_on_the_duitous_non_gouji_play_after_the_two_before_passed():
    """000 part 3 第12条 (对于对家发出的非够级牌，在上二家均已过牌的情况下…对家发出的够级牌，不能让牌); 002 §5 让牌.
    qingdao (pass except on the 对头, 002 §5 过牌) and tongsu (pass final, 第11条) share it."""
    hands = {0: "9 5 3", 1: "6 3", 2: "7 3", 3: "10 8 3", 4: "J 3", 5: "Q 3"}
    for rules in ("qingdao", "tongsu"):
        g = game(hands, rules, leader=0, steps=("seat 0 plays 9", "seat 1 passes", "seat 2 passes"))
        assert g.to_act == 3 and ActionKind.YIELD in {a.kind for a in g.legal_actions()}
        g.act("seat 3 yields")
        assert g.to_act == 4  # the next two answer first
        g.act("seat 4 passes")
        g.act("seat 5 passes")
        assert g.to_act == 3  # both passed: the yielder decides
        g.act("seat 3 plays 10")
    gouji = game({0: "KK 5 3", 1: "6 3", 2: "7 3", 3: "AA 8 3", 4: "J 3", 5: "Q 3"}, "tongsu", leader=0,
                 steps=("seat 0 plays KK",))
    assert gouji.to_act == 3
    refused(gouji, "seat 3 yields", "yield.when")


def test_passing_final_or_not_per_family():
    """000 part 3 第11条 (一旦过牌，即丧失出牌权): tongsu; 002 §5 过牌 (过牌后，如果不是对头的牌，是不允许再上牌的):
    qingdao, linyi by default; 003 §三 (对于级牌以下的牌，六个玩家可以任意出牌): zaozhuang. Seat 1 passed seat 0's
    6; seat 4 (its 对头) then plays."""
    hands = {0: "6 5 3", 1: "Q 7 3", 2: "8 3", 3: "9 3", 4: "10 3", 5: "J 3"}
    steps = ("seat 0 plays 6", "seat 1 passes", "seat 2 passes", "seat 3 passes", "seat 4 plays 10",
             "seat 5 passes", "seat 0 passes")
    tongsu = game(hands, "tongsu", steps=steps)
    assert tongsu.top is None and tongsu.to_act == 4  # nobody left who has not passed: seat 4 won
    for rules in ("qingdao", "linyi", "zaozhuang"):
        g = game(hands, rules, steps=steps)
        assert g.to_act == 1 and g.can("seat 1 plays Q")  # seat 4 is seat 1's 对头 (or anyone: zaozhuang)
        g.act("seat 1 passes")
        # seats 2 and 3 passed a play that was not their 对头's: only zaozhuang asks them again
        assert (g.to_act == 2) is (rules == "zaozhuang")


# == burning ==================================================================================================

#: Seat 0 leads KK; seat 1 can burn it with AA and then lead X99 (a joker) and its closing 3.
BURN = {0: "KK 5 3", 1: "AA X99 3", 2: "7 8 3", 3: "Q 9 3", 4: "8 9 3", 5: "10 J 3"}


def finish(g: Game) -> Game:
    """Play the hand out with the simple computer players (legal moves only; bounded)."""
    from gouji_teach.bots.players import SimplePlayer

    player = SimplePlayer()
    for _ in range(500):
        if g.is_over:
            return g
        # (ignore below: the loop runs while the hand goes on: a seat is to act)
        g.apply(player.choose(g, g.to_act))  # type: ignore[arg-type]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("rules", ["qingdao", "zaozhuang"])
def test_burn_a_joker_on_every_lead_then_the_closing_3s_succeeds(rules):
    """002 §5 烧牌 (每次所发牌中必须挂至少一个小花或大花，但最后一次发牌可除外; 烧牌成功者可以获得一个烧贡), 003 §八
    (烧牌人烧牌后发的每一栋牌必须带花; the seat burned pays 1). Under 憋三 the last play is all 3s and carries no
    joker (002 §5 买三, 003 §五): the closing 3s are exempt (engine docstring: without it no zaozhuang burn could
    ever succeed). qingdao and zaozhuang burn without 开点."""
    g = game(BURN, rules, leader=0, steps=("seat 0 plays KK",))
    assert g.burn_candidates() == [1] and g.to_act == 1
    assert {a.kind for a in g.legal_actions(1)} == {ActionKind.BURN, ActionKind.PASS}
    events = g.act("seat 1 burns AA")
    assert events[0].kind == "burn" and g.burning() == {1: 0}
    pass_until(g, 1)
    g.act("seat 1 plays X99")
    pass_until(g, 1)
    g.act("seat 1 plays 3")
    assert kinds(g, 2) == ["out", "burn_success"]
    s = settle(finish(g).game_record())
    assert (0, 1, 1) in tribute(s, "shao") + [(w.tribute.payer, w.tribute.receiver, w.tribute.count)
                                              for w in s.waived if w.tribute.kind == "shao"]


@pytest.mark.parametrize("rules", ["linyi", "tongsu"])
def test_burn_needs_kaidian_first(rules):
    """000 part 1 烧牌 (玩家已经开点), 000 part 3 第29条(1) (玩家烧牌须在开点之后，含自然点); qingdao and zaozhuang
    name no such condition (002 §5 烧牌, 003 §八). A seat that has not opened is not offered the burn, and is
    refused with the rule."""
    g = game(BURN, rules, leader=0, steps=("seat 0 plays KK",))
    assert 1 not in g.burn_candidates() and g.to_act == 3
    refused(g, "seat 1 burns AA", "burn.kaidian")


def test_tongsu_a_whole_hand_with_a_burn_the_closing_3s_exempt_and_the_quan_waiving_the_shao_gong():
    """000 part 3 第29条 (除第一手放火牌外，其余各手必须每手出现大、小王牌) against 第5条 (憋三: the last play is 3s,
    which cannot carry a joker): the closing 3s are exempt, so the burn succeeds (第28条 烧贡 to the burner).
    Seat 1 first opens with an unanswered AA (第9条, 第22条). The hand ends in 圈 for seats 1, 3, 5 (第42条), whose
    losers pay only 圈贡 (第17条 该同帮玩家只需进圈贡，其他进贡免除): the 烧贡 is waived, with its reason."""
    hands = {0: "KK 7 3", 1: "AAAA X99 6 3", 2: "8 8 3", 3: "Q 9 3", 4: "8 9 3", 5: "10 J 3"}
    g = game(hands, "tongsu", leader=1, steps=("seat 1 plays AA", "seat 4 passes"))
    assert g.kaidian(1) == KaidianState.OPEN
    g.act("seat 1 plays 6")
    for seat in (2, 3, 4, 5):
        g.act(f"seat {seat} passes")
    g.act("seat 0 plays 7")
    g.act("seat 1 passes")
    g.act("seat 0 plays KK")
    assert g.burn_candidates() == [1]
    g.act("seat 1 burns AA")
    g.act("seat 4 passes")
    g.act("seat 1 plays X99")
    g.act("seat 4 passes")
    g.act("seat 1 plays 3")
    assert kinds(g, 2) == ["out", "burn_success"]
    s = settle(finish(g).game_record())
    waived = {(w.tribute.kind, w.tribute.payer, w.tribute.receiver): w.reason.rule for w in s.waived}
    if s.places.sweep_team == 1:
        assert waived[("shao", 0, 1)] == "tribute.sweep"
    else:
        assert (0, 1, 1) in tribute(s, "shao")


#: Seat 0 leads KK; seats 1 (22) and 2 (XX) may burn; in tongsu every seat but 0 opens by 自然点 (第24条).
COUNTER = {0: "KK 9 4 3", 1: "22 X4 3", 2: "XX D4 3", 3: "9 8 4 3", 4: "7 6 4 3", 5: "5 6 4 3"}


def test_burn_priority_the_gouji_players_team_first():
    """002 §5 烧牌 (发够级牌者的联邦可先于其他人烧牌，若烧牌者均为一方，则按发牌顺序进行), 000 part 3 第33条 (同帮烧牌
    优先). Seat 0's 够级 play: its teammate seat 2 is asked before seat 1. qingdao and tongsu."""
    for rules in ("qingdao", "tongsu"):
        g = game(COUNTER, rules, leader=0, steps=("seat 0 plays KK",), prelude=True)
        assert g.burn_candidates() == [2, 1] and g.to_act == 2
        assert ActionKind.BURN not in {a.kind for a in g.legal_actions(1)}
        refused(g, "seat 1 burns 22", "burn.priority")  # seat 2 says yes or no first
        g.act("seat 2 passes")  # declining a burn is not a 过牌
        assert g.to_act == 1 and g.can("seat 1 burns 22")


@pytest.mark.parametrize("rules, record, shao", [
    ("tongsu", [(1, 0, "counter"), (2, 1, "success")], [(1, 2, 2)]),
    ("qingdao", [(2, 1, "success")], [(1, 2, 1)]),
])
def test_a_third_seat_burning_the_burner(rules, record, shao):
    """000 part 3 第31条 (除对家外，被烧牌的玩家和其他未过牌的玩家都可以随时…进行反烧; 每反烧一次，烧贡翻倍): in tongsu
    seat 2 burning the burner, seat 1, is a 反烧, and seat 1 pays 2 烧贡 (switch ``counter_burn_by_others``).
    002 §5 烧牌 (其他人烧此烧牌者，则算解烧): in qingdao the first burn is lifted and seat 2's is a burn of its own,
    worth one card."""
    g = game(COUNTER, rules, leader=0, steps=("seat 0 plays KK", "seat 2 passes", "seat 1 burns 22"),
             prelude=True)
    assert g.burn_candidates() == [2]
    events = g.act("seat 2 burns XX")
    assert events[0].rule == ("burn.counter_any" if rules == "tongsu" else "burn.priority")
    g.act("seat 5 passes")
    g.act("seat 2 plays D4")
    pass_until(g, 2)
    g.act("seat 2 plays 3")
    assert kinds(g, 2) == ["out", "burn_success"]
    assert [(b.burner, b.victim, b.outcome) for b in g.game_record().burns] == record
    s = settle(finish(g).game_record())
    assert tribute(s, "shao") == shao or [(w.tribute.payer, w.tribute.receiver, w.tribute.count)
                                          for w in s.waived if w.tribute.kind == "shao"] == shao


def test_zaozhuang_003_s11_the_victim_burns_back_and_the_burner_pays_two():
    """003 §十一 反烧 (被烧人反烧成功赢了这场扑克，则烧牌人需要…进贡2张). The victim is asked first (§十, engine
    docstring)."""
    hands = {0: "KK 22 X 3", 1: "AA X9 3", 2: "7 8 3", 3: "Q 9 3", 4: "8 9 3", 5: "10 J 3"}
    g = game(hands, "zaozhuang", leader=0, steps=("seat 0 plays KK", "seat 1 burns AA"))
    assert g.burn_candidates() == [0]
    assert g.act("seat 0 burns 22")[0].kind == "counter_burn"
    pass_until(g, 0)
    g.act("seat 0 plays X")
    pass_until(g, 0)
    g.act("seat 0 plays 3")
    s = settle(finish(g).game_record())
    assert (1, 0, 2) in tribute(s, "shao")


def test_jieshao_the_burners_duitou_beats_the_burn_and_nobody_pays():
    """002 §5 烧牌 (如果中间对头压牌…则算解烧), 000 part 3 第30条 (解烧), 003 §九 (不再追究该烧牌人…的烧牌行为). The
    burn is left out of the record; no 烧贡. qingdao and zaozhuang (no 开点 needed)."""
    hands = {0: "KK 5 3", 1: "AA X99 3", 2: "7 8 3", 3: "Q 9 3", 4: "22 9 3", 5: "10 J 3"}
    for rules in ("qingdao", "zaozhuang"):
        g = game(hands, rules, leader=0, steps=("seat 0 plays KK",))
        assert g.burn_candidates() == [4, 1]  # seat 4 (seat 0's team) could burn too, and comes first
        g.act("seat 4 passes")
        g.act("seat 1 burns AA")
        assert g.to_act == 4
        events = g.act("seat 4 plays 22")
        assert [e.kind for e in events][-1] == "jieshao" or "jieshao" in [e.kind for e in events]
        assert g.burning() == {} and g.game_record().burns == ()


@pytest.mark.parametrize("rules, plays_on, kind", [("qingdao", False, None), ("zaozhuang", True, "shao")])
def test_a_burner_leading_without_a_joker_fails(rules, plays_on, kind):
    """002 §5 烧牌 (如果烧牌者没有按上面的要求出牌，则算烧失败，算大落。这种情况烧牌失败的玩家本局不能再出牌): qingdao.
    003 §八 (烧牌人烧牌不成功…烧牌人反而需要…向被烧人进贡1张; 003 says nothing of its place, so it plays on:
    switch ``failed_burn_last``): zaozhuang."""
    hands = {0: "KK 5 3", 1: "AA 9 X 3", 2: "7 8 3", 3: "Q 8 3", 4: "8 7 3", 5: "10 J 3"}
    g = game(hands, rules, leader=0, steps=("seat 0 plays KK", "seat 1 burns AA"))
    pass_until(g, 1)
    events = g.act("seat 1 plays 9")
    assert "burn_failed" in [e.kind for e in events]
    assert (g.status(1) == FAILED) is not plays_on
    if not plays_on:
        refused(g, "seat 1 plays X", "seat.gone")
    s = settle(finish(g).game_record())
    if plays_on:
        assert (1, 0, 1) in tribute(s, kind)
    else:
        assert s.places.order[-1] == 1  # 大落
        assert "place.failed_burn" in [r.rule for r in s.places.reasons]


def test_tongsu_000p3_art32_zhashao_is_daluo_and_pays_a_zhashao_gong():
    """000 part 3 第32条 (诈烧…直接被判为大落，并进一张诈烧贡). Seat 1 opens by 自然点 (第24条), burns with 22 and
    leads a plain 4... which is refused: 4s need 开点 - it has opened. Its 6 carries no joker: 诈烧."""
    hands = {0: "KK 9 4 3", 1: "22 6 X 4 3", 2: "8 8 4 3", 3: "9 8 4 3", 4: "7 5 4 3", 5: "5 6 4 3"}
    g = game(hands, "tongsu", leader=0, steps=("seat 0 plays KK",), prelude=True)
    assert g.kaidian(1) == KaidianState.OPEN and g.burn_candidates() == [1]
    g.act("seat 1 burns 22")
    pass_until(g, 1)
    g.act("seat 1 plays 6")
    assert g.status(1) == FAILED
    refused(g, "seat 1 plays X", "seat.gone") if g.to_act != 1 else None
    s = settle(finish(g).game_record())
    assert s.places.order[-1] == 1
    assert (1, 0, 1) in tribute(s, "zhashao")


def test_the_duitou_cannot_burn_and_a_play_below_gouji_cannot_be_burned():
    """002 §5 烧牌 (当任意一人发够级牌时，一般情况下由其对头出牌; only 够级 plays are burned), 000 part 3 第9条. All
    four rule sets refuse both with ``burn.gouji``."""
    for rules in ALL:
        g = game({**BURN, 3: "AA 9 3"}, rules, leader=0, steps=("seat 0 plays KK",))
        refused(g, "seat 3 burns AA", "burn.gouji")  # the 对头 answers, it does not burn
        plain = game({0: "9 5 3", 1: "AA 6 3", 2: "7 3", 3: "10 3", 4: "8 3", 5: "6 3"}, rules, leader=0,
                     steps=("seat 0 plays 9",))
        refused(plain, "seat 1 burns A", "burn.gouji")


def test_tongsu_000p3_art29_a_seat_that_passed_may_not_burn():
    """000 part 3 第29条(2) (不能过牌) and 第11条: seat 1 passed seat 0's 99; seat 2's KK then wants its 对头; seat 1
    (opened by 自然点) may not burn it."""
    hands = {0: "99 5 4 3", 1: "22 6 4 3", 2: "KK 10 4 3", 3: "9 8 4 3", 4: "7 5 4 3", 5: "8 6 4 3"}
    g = game(hands, "tongsu", leader=0, steps=("seat 0 plays 99", "seat 1 passes", "seat 2 plays KK"),
             prelude=True)
    assert g.kaidian(1) == KaidianState.OPEN and 1 not in g.burn_candidates()
    refused(g, "seat 1 burns 22", "burn.passed")


def test_linyi_000p1_a_burn_by_the_own_team_pays_no_shao_gong():
    """000 part 1 烧贡 (反烧或被自己联邦烧牌后不需要进烧贡)."""
    record = GameRecord(rules="linyi", first_hand=False, finish_order=(2, 1, 0, 3, 4, 5),
                        kaidian=frozenset(range(6)), burns=(Burn(2, 0, "success"),))
    s = settle(record)
    assert tribute(s, "shao") == []
    assert [w.reason.rule for w in s.waived if w.tribute.kind == "shao"] == ["tribute.same_team"]


# == 开点, 发四, 宣点 ===========================================================================================

def test_linyi_000p1_kaidian_then_fasi_and_the_unopened_duitou_pays_dian():
    """000 part 1 开点 (够级牌对家无法大过…开点后必须发4) and 点贡 (没有开点的人…向对家进点贡). Seat 0's KK is not
    answered: 开点, 发四 due; its 4 makes it stand. The hand settled: seat 3, which never opened, owes its 对家
    seat 0 one 点贡; seat 0 owes none."""
    hands = {0: "KK 4 5 3", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}
    g = game(hands, "linyi", leader=0, steps=("seat 0 plays KK", "seat 3 passes"))
    assert g.kaidian(0) == KaidianState.PENDING
    assert g.act("seat 0 plays 4")[0].kind == "fasi"
    assert g.kaidian(0) == KaidianState.OPEN
    s = settle(finish(g).game_record())
    dian = tribute(s, "dian")
    assert (3, 0, 1) in dian and not [t for t in dian if t[0] == 0]


def test_linyi_000p1_no_fasi_the_point_lapses_and_4s_before_kaidian_concede():
    """000 part 1 开点 (开点后未发4视为不开点，需要重新开点; 没开点即发4视为认点即不开点)."""
    hands = {0: "KK 4 5 3", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}
    g = game(hands, "linyi", leader=0, steps=("seat 0 plays KK", "seat 3 passes"))
    assert g.act("seat 0 plays 5")[0].kind == "kaidian_lapsed" and not g.kaidian(0)
    c = game(hands, "linyi", leader=0)
    assert c.act("seat 0 plays 4")[0].kind == "concede"
    pass_until(c, 0)
    c.act("seat 0 plays KK")
    c.act("seat 3 passes")
    assert c.kaidian(0) == KaidianState.CONCEDED  # conceded: KK unanswered opens nothing any more


def test_tongsu_000p3_a_point_does_not_lapse_when_the_4s_wait():
    """000 part 3 第22条 (只有纯够级牌才能开点，然后发“4”) and 第6条 (“4”仅在开点之后才能被发出): the 4s follow the
    开点, but no article takes a point back when another lead comes first (that is 000 part 1's linyi rule,
    开点后未发4视为不开点). Seat 0 opens with KK, leads 5 before its 4: the point stands, the 4 may still be led,
    and the settled hand owes seat 0 no 点贡."""
    hands = {0: "KK 4 5 3", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}
    g = game(hands, "tongsu", leader=0, steps=("seat 0 plays KK", "seat 3 passes"))
    assert 0 in g.kaidian_seats()
    events = g.act("seat 0 plays 5")
    assert "kaidian_lapsed" not in [e.kind for e in events]
    assert g.kaidian(0) == KaidianState.OPEN and 0 in g.kaidian_seats()
    s = settle(finish(g).game_record())
    assert not [t for t in tribute(s, "dian") if t[0] == 0]


def test_tongsu_000p3_art6_4s_are_not_led_before_kaidian():
    """000 part 3 第6条 (4仅在开点之后才能被发出): refused with its rule, and not offered."""
    g = game({0: "KK 4 5 3", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}, "tongsu", leader=0)
    refused(g, "seat 0 plays 4", "fours")
    assert "4" not in {a.cards for a in g.legal_actions()}


@pytest.mark.parametrize("rules", ["qingdao", "linyi"])
def test_no_kaidian_once_two_seats_are_gone(rules):
    """000 part 1 开点 (走科两个玩家以后…未开点的玩家不能再开点), 002 §5 四户乱缠 (头科、二科产生后…不再按够级规则):
    seats 0 and 1 go out (接风 each time), 四户乱缠 begins; seat 2's KK, unanswered, opens nothing."""
    g = game({0: "3", 1: "33", 2: "KK 5 3", 3: "9 3", 4: "8 3", 5: "7 3"}, rules, leader=0)
    g.act("seat 0 plays 3")
    pass_round(g)
    assert kinds(g, 2) == ["round", "jiefeng"]
    g.act("seat 1 plays 33")
    assert g.luanchan and "luanchan" in kinds(g, 3)
    pass_round(g)
    g.act("seat 2 plays KK")
    assert g.to_act == 3  # 四户乱缠: the 下家 answers as for any play
    pass_until(g, 2)
    assert not g.kaidian(2)


def test_qingdao_002_s4_xuandian_before_play_and_its_table():
    """002 §5 宣点 (游戏开始后，用户可选择是否宣点) and §4 点贡 (自己宣点对家不宣点…自己开点对家没开，对家进3张点贡).
    The declaration is refused once play has begun."""
    hands = {0: "KK 5 3", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}
    g = game(hands, "qingdao", leader=0, steps=("seat 0 declares",))
    assert g.events[-1].kind == "xuandian"
    g.act("seat 0 plays KK")
    refused(g, "seat 1 declares", "xuandian.when")
    g.act("seat 3 passes")
    s = settle(finish(g).game_record())
    assert (3, 0, 3) in tribute(s, "dian")


# == 憋三 and 闷 =============================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_3s_only_as_the_last_play_and_all_3s(rules):
    """000 part 1 (不是最后一手牌时不允许出3; 最后一手牌的牌点必须都是3), 002 §5 买三 (最后一手牌必须全是3), 000 part 3
    第5条, 003 §五 (必须最后出3). A 3 with other cards left, or a joker or a 2 with the last 3s, is refused."""
    others = {1: "6", 2: "7", 3: "9", 4: "8", 5: "10"}
    g = game({0: "33 X 9", **others}, rules, leader=0)
    refused(g, "seat 0 plays 33", "biesan")
    last = game({0: "33 X", **others}, rules, leader=0)
    refused(last, "seat 0 plays X33", "biesan")


@pytest.mark.parametrize("rules", ALL)
def test_men_the_play_before_the_3s_is_beaten(rules):
    """002 §4 闷贡 (最后走3之前的一手牌被人上牌，称为被闷…进1张闷贡), 000 part 1 闷贡, 000 part 3 第35条, 003 §十三
    (被清的玩家…向清的玩家进1张清贡). Seat 0 plays its 9 and holds only a 3; seat 1 beats it: 闷. The 闷ed seat
    plays no more and is placed last (it is the only 闷); it pays 闷贡 to seat 1 (opponents in every family)."""
    g = game({0: "9 3", 1: "10 5 3", 2: "7 3", 3: "8 3", 4: "6 3", 5: "J 3"}, rules, leader=0,
             steps=("seat 0 plays 9",))
    events = g.act("seat 1 plays 10")
    assert "men" in [e.kind for e in events] and g.status(0) == MEN
    assert g.men() == [(0, 1)]
    refused(g, "seat 0 plays 3", "seat.gone")
    s = settle(finish(g).game_record())
    assert s.places.order[-1] == 0
    assert (0, 1, 1) in tribute(s, "men")


def test_zaozhuang_003_s13_the_first_seat_menned_is_daluo_the_second_erluo():
    """003 §十三 (第1个被闷的玩家为大落，第2个为二落), as 000 part 3 第37条 (先清为落)."""
    g = game({0: "9 3", 1: "10 3", 2: "J 5 3", 3: "8 3", 4: "6 3", 5: "7 3"}, "zaozhuang", leader=0,
             steps=("seat 0 plays 9", "seat 1 plays 10", "seat 2 plays J"))
    assert g.men() == [(0, 1), (1, 2)]
    s = settle(finish(g).game_record())
    assert s.places.order[-2:] == (1, 0)
    assert {(0, 1, 1), (1, 2, 1)} <= set(tribute(s, "men"))


def test_tongsu_000p3_art15_a_menned_seat_does_not_jiefeng():
    """000 part 3 第15条 (被憋三后不能接风): seat 1 is 闷ed; seat 0 then goes out and nobody beats its last play:
    the lead passes over seat 1 to seat 2."""
    g = game({0: "Q 33", 1: "9 3", 2: "8 5 3", 3: "6 3", 4: "7 3", 5: "5 3"}, "tongsu", leader=1,
             steps=("seat 1 plays 9",))
    pass_until(g, 0)
    g.act("seat 0 plays Q")
    assert g.status(1) == MEN
    pass_until(g, 0)
    g.act("seat 0 plays 33")
    pass_round(g)
    assert g.status(0) == OUT and kinds(g, 2) == ["round", "jiefeng"] and g.events[-1].seat == 2


# == 接风 and 四户乱缠 =========================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_jiefeng_the_next_seat_leads_after_a_seat_goes_out(rules):
    """000 part 3 第15条 (接风); the default of the other texts. Seat 0 goes out with its 3s; nobody beats them."""
    g = game({0: "33", 1: "6 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10"}, rules, leader=0,
             steps=("seat 0 plays 33",))
    assert g.status(0) == OUT and "out" in kinds(g, 2)
    pass_round(g)
    assert kinds(g, 2) == ["round", "jiefeng"] and g.to_act == 1 and g.top is None


@pytest.mark.parametrize("rules", ALL)
def test_two_seats_going_out_in_one_round_start_sihu_luanchan(rules):
    """002 §5 四户乱缠 (头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌等规则进行), 000 part 1, 000 part 3
    第14条, 003 §三 (六个玩家中两家已走，其余玩家也可以任意出牌). Seat 0 goes out with 33, seat 1 beats it with 44
    and goes out too: 四户乱缠 at once, 接风 goes to seat 2; a 够级 play is then answered in turn and burned by
    nobody."""
    hands = {0: "33", 1: "44", 2: "KK 5 3", 3: "AA 6 3", 4: "AA 7 3", 5: "8 3"}
    if rules == "tongsu":  # 000 part 3 第6条: 4s need 开点 - as the last play, after two seats are gone, fine
        hands[1] = "55"
    g = game(hands, rules, leader=0, steps=("seat 0 plays 33",))
    g.act(f"seat 1 plays {hands[1]}")
    assert [g.status(0), g.status(1)] == [OUT, OUT] and g.luanchan
    pass_round(g)
    assert g.events[-1].kind == "jiefeng"
    g.act("seat 2 plays KK")
    assert g.burn_candidates() == [] and g.to_act == 3
    refused(g, "seat 4 burns AA", "luanchan")
    g.act("seat 3 passes")
    g.act("seat 4 plays AA")  # not seat 2's 对头: fine in 四户乱缠


def test_tongsu_000p3_art6_unopened_4s_are_thrown_away_when_kaidian_ends():
    """000 part 3 第6条 (如不再开点，4即作废，须扔掉) and 第25条 (走两科后不再开点)."""
    g = game({0: "3", 1: "33", 2: "KK 4 4 5 3", 3: "9 3", 4: "8 3", 5: "7"}, "tongsu", leader=0,
             steps=("seat 0 plays 3",))
    pass_round(g)
    g.act("seat 1 plays 33")
    assert "discard_fours" in kinds(g, 4)
    assert g.hands[2].count(Rank.FOUR) == 0 and g.hands[2].count(Rank.KING) == 2


# == 革命 ===================================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_revolution_with_a_2_or_a_joker_is_refused_and_only_before_the_first_lead(rules):
    """002 §5 革命 (如果大花、小花、钱均没有时，可声明革命), 003 §十二 (在出牌前…没有钱没有花), 000 part 3 第46条; the
    revolution comes before the first lead (000 part 1 买四—明点—革命—发牌, 003 出牌前)."""
    hands = {0: "2 KK 9 3", 1: "X AA 8 3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "10 3"}
    g = game(hands, rules, leader=4)
    # where the money may be handed over (000 part 3 第46条) it is no obstacle: the three pure plays are
    cause = "revolt.duel" if PRESETS[rules].revolution_hands_over else "revolt.cards"
    refused(g, "seat 0 revolts", cause)
    refused(g, "seat 1 revolts", cause)
    g.act("seat 4 plays 8")
    refused(g, "seat 2 revolts", "revolt.when")


def test_qingdao_002_s5_revolution_concedes_the_point_then_yaotou_makes_three_plays_gousiji():
    """002 §5 革命 (革命算自动认点，即自己不开点，对头开点), 要头/无头 (如果要头，则自己前三够级牌算够死级，三次够死级
    之后算无头) and 够死级 (前三次自己的够级牌是无人可应的，除非被人烧牌)."""
    hands = {0: "KK 6 5 3", 1: "99 8 3", 2: "7 3", 3: "QQQ J 10 3", 4: "AAA 8 3", 5: "AAA 5 3"}
    g = game(hands, "qingdao", leader=3, steps=("seat 0 revolts",))
    assert g.kaidian(3) == KaidianState.OPEN and g.status(0) == "revolt"
    assert {a.kind for a in g.legal_actions(3)} == {ActionKind.YAOTOU, ActionKind.WUTOU}
    refused(g, "seat 3 plays QQQ", "head.choice")
    g.act("seat 3 yaotou")
    events = g.act("seat 3 plays QQQ")
    assert events[0].rule == "gouji.sisi"
    assert g.burn_candidates() == [5, 4]  # only a burn beats it (seat 3's team first, 002 §5 烧牌)
    g.act("seat 5 passes")
    refused(g, "seat 4 plays AAA", "gouji.sisi")
    assert g.can("seat 4 burns AAA")


def test_tongsu_000p3_art49_no_yaotou_and_art46_three_pure_gouji_plays_to_revolt():
    """000 part 3 第49条 (禁止…主观声明是否要头), 第46条 (在保证能够依次发出三手纯够级牌后，可以革命)."""
    g = game({0: "KK 6 5 3", 1: "99 8 3", 2: "7 3", 3: "QQ J 10 3", 4: "AA 8 3", 5: "AA 5 3"}, "tongsu",
             leader=3)
    refused(g, "seat 0 revolts", "revolt.duel")
    ok = game({0: "KK QQQ JJJJ 3", 1: "99 8 3", 2: "7 3", 3: "AA J 10 3", 4: "AA 8 3", 5: "AA 5 3"}, "tongsu",
              leader=3, steps=("seat 0 revolts",))
    assert ok.phase == "duel" and ok.to_act == 0
    assert not {ActionKind.YAOTOU, ActionKind.WUTOU} & {a.kind for a in ok.legal_actions(3)}


def test_tongsu_000p3_art47_all_three_killed_the_revolution_fails_and_is_daluo():
    """000 part 3 第47条 (第三手够级牌仍被打掉，则革命失败，玩家为大落且不开点，视为对家有头; 对家所打三手牌中只要有一手
    为纯够级牌，则对家开点) and 第48条 (革命失败…皆由对家发4)."""
    hands = {0: "KK QQQ JJJJ 3", 1: "99 8 3", 2: "7 3", 3: "AA KKK QQQQ 4 3", 4: "8 3", 5: "5 3"}
    g = game(hands, "tongsu", leader=3, steps=("seat 0 revolts",))
    for mine, theirs in (("KK", "AA"), ("QQQ", "KKK"), ("JJJJ", "QQQQ")):
        g.act(f"seat 0 plays {mine}")
        g.act(f"seat 3 plays {theirs}")
    assert g.kaidian(3) == KaidianState.PENDING and g.kaidian(0) == KaidianState.CLOSED  # opened, 发四 due
    assert g.to_act == 3 and {a.cards for a in g.legal_actions() if a.kind == ActionKind.PLAY} == {"4"}
    refused(g, "seat 3 yaotou", "head.choice")  # 第49条: no 要头 either way
    s = settle(finish(g).game_record())
    assert s.places.order[-1] == 0 and g.game_record().revolution_failed == (0,)


def test_tongsu_000p3_art46_a_revolutionary_hands_its_2s_and_jokers_to_its_duitou():
    """000 part 3 第46条 (手中已无大、小王和“2”的牌（如仍有，须交给对家），在保证能够依次发出三手纯够级牌后，可以革命):
    under tongsu a seat with a joker and a 2 revolts by handing them to its 对家; the other families refuse it
    (002 §5 革命 如果大花、小花、钱均没有时, 003 §十二 没有钱没有花; 000 part 1 as 002)."""
    hands = {0: "X 2 KK QQQ JJJJ 3", 1: "99 8 3", 2: "7 3", 3: "AA KKK QQQQ 4 3", 4: "8 3", 5: "5 3"}
    g = game(hands, "tongsu", leader=3)
    events = g.act("seat 0 revolts")
    assert (events[0].kind, events[0].rule, events[0].cards) == ("hand_over", "revolt.handover", "X2")
    assert g.hands[0].count(Rank.TWO) == g.hands[0].count(Rank.SMALL_JOKER) == 0
    assert g.hands[3].count(Rank.TWO) == g.hands[3].count(Rank.SMALL_JOKER) == 1 and g.phase == "duel"
    for rules in ("qingdao", "linyi", "zaozhuang"):
        refused(game(hands, rules, leader=3), "seat 0 revolts", "revolt.cards")
    house = PRESETS["tongsu"].replace(revolution_hands_over=False)
    refused(game(hands, house, leader=3), "seat 0 revolts", "revolt.cards")


def _after_three_passes(rules):
    """Seat 0 revolts and seat 3, its 对家, lets all three plays pass: the revolution succeeds and seat 3 opened
    none of them; then seat 1 leads 99 and seat 3 answers AA, which nobody answers."""
    g = game({0: "KK QQQ JJJJ 3", 1: "99 8 3", 2: "7 3", 3: "AA 9 4 3", 4: "8 3", 5: "5 3"}, rules, leader=3)
    g.act("seat 0 revolts")
    for play in ("KK", "QQQ", "JJJJ"):
        g.act(f"seat 0 plays {play}")
        g.act("seat 3 passes")
    closed = g.kaidian(3)
    pass_round(g)  # seat 0's 3s
    g.act("seat 1 plays 99")
    while g.to_act != 3:
        g.act(f"seat {g.to_act} passes")
    g.act("seat 3 plays AA")
    pass_round(g)
    return g, closed


def test_tongsu_000p3_art47_the_three_plays_decide_the_point_for_the_hand():
    """000 part 3 第47条 (对家选择其中一手用纯够级牌压住，则双方都开点，否则对家不开点): a 对家 that killed none of the
    three with a pure 够级 play does not open this hand, not even by a pure 够级 play nobody answers later; with
    the switch off (a house rule) it opens then, as any seat."""
    g, closed = _after_three_passes("tongsu")
    assert closed == KaidianState.CLOSED and g.kaidian(3) == KaidianState.CLOSED and 3 not in g.kaidian_seats()
    closing = next(e for e in g.events if e.kind == "point_closed")
    assert (closing.seat, closing.rule) == (3, "revolt.points") and "纯够级牌" in closing.zh
    assert "kaidian" not in kinds(g, 3)
    house, _ = _after_three_passes(PRESETS["tongsu"].replace(duel_decides_points=False))
    assert house.kaidian(3) == KaidianState.OPEN and kinds(house, 1) == ["kaidian"]


@pytest.mark.parametrize("rules", ALL)
def test_two_revolutions_void_the_hand(rules):
    """002 §5 革命 (如同时出现2个以上革命者，则该局作废), 000 part 3 第50条 (游戏重新开局); default elsewhere. The hand
    settles to nothing."""
    hands = {0: "KK QQQ JJJJ 3", 1: "AA KKK QQQQ 3", 2: "2 7 3", 3: "2 9 3", 4: "2 8 3", 5: "2 10 3"}
    g = game(hands, rules, leader=2)
    g.act("seat 0 revolts")
    while g.phase in ("head", "duel"):  # the 对头's choice or the three plays come first
        g.apply(g.legal_actions()[-1])
    if g.phase != "void":
        g.act("seat 1 revolts")
    assert g.phase == "void" and g.is_over
    s = settle(g.game_record())
    assert s.places is None and s.tributes == () and s.scores.points == (0,) * 6


@pytest.mark.parametrize("rules", ["qingdao", "zaozhuang"])
def test_the_revolutionary_is_sike_and_owes_its_duitou_a_dian(rules):
    """002 §5 革命 (革命者通常视为四科; 革命算自动认点，即自己不开点，对头开点) and 003 §十二 (直接晋级4科; 革命时就
    主动认点贡，即下场扑克开始前需要向对家进1个点贡): seat 1 revolted, so it did not open and its 对头 seat 4 did."""
    record = GameRecord(rules=rules, first_hand=False, finish_order=(0, 3, 2, 5, 4), revolution=(1,),
                        kaidian=frozenset({0, 2, 3, 5}))
    s = settle(record)
    assert s.places.name(1) == "四科"
    assert [t for t in tribute(s, "dian") if t[0] in (1, 4)] == [(1, 4, 1)]


# == places, scores, tribute ================================================================================

SWEEP = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 4, 1, 3, 5), kaidian=frozenset({0, 2, 4}))


@pytest.mark.parametrize("rules, points, paid", [
    # 002 §6 (如果串三户，则双方积分翻倍) and §5 串三户 (同时不再进贡)
    ("qingdao", 12, set()),
    # 000 part 1 点贡 (串三户时输方三家需向赢方三家各进一张点贡); doubling as 002 §6 (default); 落贡 as usual
    ("linyi", 12, {("dian", 1, 4, 1), ("dian", 3, 0, 1), ("dian", 5, 2, 1), ("luo", 5, 0, 2), ("luo", 3, 2, 1)}),
    # 000 part 3 第17条, 第43条 (被圈的同帮向各自对家进一张圈贡, 其他进贡免除)
    ("tongsu", 12, {("quan", 1, 4, 1), ("quan", 3, 0, 1), ("quan", 5, 2, 1)}),
    # 003 knows no 串三户: no doubling, tribute as usual (003 §十四 注 任何人都必须进贡)
    ("zaozhuang", 6, {("dian", 1, 4, 1), ("dian", 3, 0, 1), ("dian", 5, 2, 1), ("luo", 5, 0, 2),
                      ("luo", 3, 2, 1)}),
])
def test_a_team_sweeping_the_first_three_places(rules, points, paid):
    """One team takes 头科, 二科 and 三科 (串三户 / 圈: 002 §5, 000 part 3 第42条): scores and tribute per family."""
    s = settle(SWEEP, rules)
    assert s.scores.points == (points, -points) * 3
    assert {(t.kind.value, t.payer, t.receiver, t.count) for t in s.tributes} == paid


def test_qingdao_002_s6_scores_are_the_team_sums_and_may_tie():
    """002 §6 (每个玩家实际得分等于本队三个玩家得分之和): 头科 4 + 四科 0 + 大落 -4 against 二科 2 + 三科 0 + 二落 -2:
    a tie at 0."""
    record = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 3, 2, 5, 4),
                        kaidian=frozenset(range(6)))
    s = settle(record)
    assert [s.places.name(k) for k in range(6)] == ["头科", "二科", "四科", "三科", "大落", "二落"]
    assert s.scores.points == (0,) * 6


@pytest.mark.parametrize("rules, daluo_hand, paid", [
    ("qingdao", "9 8 5 3", "9 8"),  # 002 §4 进贡时要进手里最大的牌: whatever it is
    ("tongsu", "9 8 5 3", ""),  # 000 part 3 第16条: only dealt jokers and 2s; 不足部分免除进贡
    ("zaozhuang", "9 8 5 3", "9 8"),  # default: the biggest, as 002 §4
])
def test_tribute_when_the_daluo_has_no_card_high_enough(rules, daluo_hand, paid):
    """The 大落 (seat 5) owes 头科 (seat 0) two 落贡 (002 §4, 000 part 3 第40条, 003 §十四) but holds no joker or 2
    in the next deal."""
    first = GameRecord(rules=rules, first_hand=True, finish_order=(0, 1, 2, 3, 4, 5), kaidian=frozenset(range(6)))
    dealt = {k: Hand.parse("D X 2 A K Q 3") for k in range(5)}
    second = GameRecord(rules=rules, first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
                        kaidian=frozenset(range(6)), hands={**dealt, 5: Hand.parse(daluo_hand)})
    one, two = settle_series([first, second])
    assert one.paid == ()  # 002 §4 每局第一回合没有进贡, 000 part 1, 000 part 3 第20条
    luo = next(p for p in two.paid if p.tribute.kind == "luo" and p.tribute.payer == 5)
    assert luo.tribute.count == 2
    assert " ".join(c.rank.notation for c in luo.cards) == paid
    if rules == "tongsu":
        assert any("免" in r.zh and "excused" in r.en for r in luo.reasons)


def test_zaozhuang_003_s14_teammates_pay_too_and_cards_are_returned():
    """003 §十四 注 (任何人都必须进贡，进贡后回牌可以回相同的牌但不能回贡牌): seat 4 (二落) pays seat 2 (二科), its
    teammate; qingdao waives tribute within a team (default, as 000 part 3 第17条)."""
    record = GameRecord(rules="zaozhuang", first_hand=False, finish_order=(0, 2, 1, 3, 4, 5),
                        kaidian=frozenset(range(6)))
    assert (4, 2, 1) in tribute(settle(record), "luo")
    assert (4, 2, 1) not in tribute(settle(record, "qingdao"), "luo")
    paid = settle_series([record, GameRecord(rules="zaozhuang", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
                                             kaidian=frozenset(range(6)),
                                             hands={k: Hand.parse("D 2 A 9") for k in range(6)})])[1].paid
    assert all(p.returned == len(p.cards) for p in paid)


@pytest.mark.parametrize("rules, order", [
    ("qingdao", ("men", "shao", "dian", "luo")),  # 002 §4 闷贡>烧贡>点贡>落贡
    ("linyi", ("dian", "shao", "men", "luo")),  # 000 part 1 点、烧、轻、落
    ("tongsu", ("dian", "shao", "men", "luo")),  # 000 part 3 第16条 点贡、烧贡、闷贡、落贡
    ("zaozhuang", ("dian", "shao", "men", "luo")),  # 003 §二 点、烧、清（闷）、落
])
def test_tribute_is_paid_in_the_familys_order(rules, order):
    """Seat 4 is burned by seat 3 and 闷ed by seat 1 (大落), seats 0, 2, 4 never open: every kind is owed."""
    record = GameRecord(rules=rules, first_hand=False, finish_order=(1, 0, 3, 2, 5, 4),
                        kaidian=frozenset({1, 3, 5}), burns=(Burn(3, 4, "success"),), men=(Men(1, 4),))
    seen = [t.kind.value for t in settle(record).tributes]
    firsts = [k for i, k in enumerate(seen) if k not in seen[:i]]
    assert firsts == [k for k in order if k in firsts]
    assert set(firsts) == set(order)


# == records ====================================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_a_played_hands_record_replays_to_the_same_settlement(rules):
    """The record a finished hand writes (Game.game_record().to_json()) reads back to the same GameRecord, and
    settling it gives the same places, scores and tribute as settling the game's own record."""
    for seed in (1, 2):
        g = play_hand(seed, rules)
        record = g.game_record()
        again = GameRecord.from_json(g.game_record().to_json())
        assert again == record
        a, b = settle(record), settle(again)
        assert a.to_json() == b.to_json()
        assert sorted(a.places.order) == list(range(6))
        if not record.revolution:  # 头科 is the first seat out (002 §6 游戏中第一个走科的人)
            assert a.places.order[0] == g.finish_order()[0]


# == tongsu: 解烧 that fails, buying with 2s only ==========================================================

@pytest.mark.parametrize("rules, resumed", [("tongsu", True), ("qingdao", False)])
def test_the_burner_beats_the_jieshao_play_and_its_burn_goes_on(rules, resumed):
    """000 part 3 第30条 (所出解烧的牌又被玩家继续盖过，则解烧失败，烧牌成功; switch ``jieshao_recover``) against 002 §5
    烧牌 (对头压牌…则算解烧, at once). Seat 1 burns seat 0's KK, its 对头 seat 4 lifts the burn with XX, seat 1 beats
    that with DD: under tongsu the burn goes on and succeeds, seat 0 owes the 烧贡; under qingdao it stays lifted."""
    hands = {0: "KK 9 4 3", 1: "22 DD X4 3", 2: "8 7 4 3", 3: "9 8 4 3", 4: "XX 6 4 3", 5: "5 6 4 3"}
    g = game(hands, rules, leader=0, prelude=True,
             steps=("seat 0 plays KK", "seat 4 passes", "seat 1 burns 22"))
    assert "jieshao" in [e.kind for e in g.act("seat 4 plays XX")]
    events = g.act("seat 1 plays DD")
    assert ("burn_resumed" in [e.kind for e in events]) is resumed
    pass_until(g, 1)
    g.act("seat 1 plays X4")
    pass_until(g, 1)
    g.act("seat 1 plays 3")
    outcomes = [(b.burner, b.victim, b.outcome) for b in g.game_record().burns]
    assert outcomes == ([(1, 0, "success")] if resumed else [])


@pytest.mark.parametrize("rules, seller, rule", [("tongsu", 2, "buy.twos"), ("qingdao", 3, "buy"),
                                                 ("linyi", 3, "buy"), ("zaozhuang", 3, "buy")])
def test_buying_a_3_with_a_joker(rules, seller, rule):
    """002 §5 买三 (用一张2或王向对家买3), 000 part 1 (用一张2或王（2优先）), 003 §五 (没钱才能用花买): a seat with a
    joker but no 2 buys its 3 from its 对家 with the joker. 000 part 3 第7条 (须用“钱”即“2”…如果玩家没有自然抓到“2”
    或不足时，则由同帮购买、相助): in tongsu the joker does not pay; a teammate with a 3 to spare gives one."""
    hands = {0: "X 5 6 7 4", 1: "3 8 4", 2: "3 3 9 4", 3: "33 K 4", 4: "3 Q 4", 5: "3 J 4"}
    if rules == "zaozhuang":  # six packs keep only six 3s (003 §五)
        hands[2] = "3 9 4"
    g = Game.from_hands(hands, rules, leader=0, prelude=True)
    buy = next(e for e in g.events if e.kind == "buy" and e.seat == 0)
    assert (buy.other, buy.rule) == (seller, rule)
    assert g.hands[0].count(Rank.THREE) == 1
    assert g.hands[0].count(Rank.SMALL_JOKER) == (1 if rules == "tongsu" else 0)


# == 无头 =====================================================================================================

@pytest.mark.parametrize("rules", ALL)
def test_a_wutou_seat_answers_any_gouji_play_in_turn(rules):
    """000 part 1 要头/无头 (在游戏中头科产生后，也称无头…无头者对其他持牌者亦行使同样的职权), 000 part 3 第10条 (无头的
    玩家…对于其他玩家的够级牌不受够级响应限制), 002 §5 要头/无头 (宣布无头的玩家也可以任意接其他玩家的牌), 003 §十二.
    Seat 0 goes out (头科); its 对头 seat 3 is 无头 and answers seat 1's KK before seat 1's own 对头 is asked, as a
    play, not a burn."""
    hands = {0: "33", 1: "KK 6 3", 2: "7 3", 3: "AA 9 3", 4: "AA 8 3", 5: "5"}
    g = game(hands, rules, leader=0, steps=("seat 0 plays 33",))
    pass_round(g)
    assert g.headless(3) and g.to_act == 1
    g.act("seat 1 plays KK")
    assert g.to_act == 3 and 3 not in g.burn_candidates()
    refused(g, "seat 3 burns AA", "burn.gouji")
    assert g.act("seat 3 plays AA")[0].kind == "play"


def test_qingdao_002_s5_the_revolutionary_plays_no_more():
    """002 §5 革命 (弃牌不在参与此局的够级活动): after the 对头's choice, the revolutionary's play is refused."""
    g = game({0: "KK 6 5 3", 1: "99 8 3", 2: "7 3", 3: "QQQ J 10 3", 4: "AAA 8 3", 5: "AAA 5 3"}, "qingdao",
             leader=1, steps=("seat 0 revolts", "seat 3 wutou"))
    refused(g, "seat 0 plays KK", "seat.gone")
    assert g.to_act == 1


@pytest.mark.parametrize("rules, kind, rule", [("zaozhuang", "burn", "burn.counter_late"),
                                               ("qingdao", "counter_burn", "burn.counter")])
def test_the_victim_burning_a_later_play_of_the_burner(rules, kind, rule):
    """003 §十一 注 (若被烧人在刚刚被烧的情况下不能解烧，在之后的过程中对烧牌人发的牌实行烧牌，此栋牌就不能定性为反烧，
    而是定性为烧牌…被烧人可以…得到烧牌人的1个贡; switch ``counter_burn_at_once``): in zaozhuang it is an ordinary
    burn worth one card (a 反烧 would be worth two), and it lifts the first burn. Elsewhere (000 part 3 第31条 随时
    反烧; 002 has no timing) it is a 反烧; qingdao's 烧贡 stays one card either way. Seat 1 burns seat 0's KK; seat 0
    cannot answer at once, but burns seat 1's next lead, X99, with D1010 and goes out."""
    hands = {0: "KK D1010 3", 1: "AA X99 X 3", 2: "7 8 3", 3: "Q 9 3", 4: "8 6 3", 5: "10 J 3"}
    g = game(hands, rules, leader=0, steps=("seat 0 plays KK", "seat 1 burns AA", "seat 4 passes",
                                            "seat 1 plays X99"))
    events = g.act("seat 0 burns D1010")
    assert (events[0].kind, events[0].rule) == (kind, rule)
    assert ("jieshao" in [e.kind for e in events]) is (rules == "zaozhuang")
    pass_until(g, 0)
    g.act("seat 0 plays 3")
    s = settle(finish(g).game_record())
    assert (1, 0, 1) in tribute(s, "shao")
