"""The practice table (:mod:`gouji_teach.teach.practice`): series with tribute, refusals, undo, the same deal
again, "what can I play?", the finished hand as a scenario file, and the widget, which never sends another
seat's cards to the browser."""

from __future__ import annotations

import itertools
import re

import pytest
from widget_state import fresh_widgets, synced_state

from gouji_teach.bots import coach
from gouji_teach.bots.search import StrongPlayer
from gouji_teach.bots.strategy import Decision
from gouji_teach.cli import main
from gouji_teach.rules.cards import Hand, Rank, format_cards
from gouji_teach.rules.events import Action
from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.scenario import Scenario, check_file
from gouji_teach.show.i18n import set_language
from gouji_teach.show.pictures import hand_label
from gouji_teach.teach.practice import LEARNER, Practice, PracticeTable, settlement_html


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def _to_learner(p: Practice) -> None:
    """Start play if the learner is asked to declare first."""
    if p.declaring:
        p.begin()


def _learner_turn(rules: str, seed: int = 1) -> Practice:
    """A practice hand at the learner's first turn (seeds tried in order until one gives the learner a turn)."""
    for s in range(seed, seed + 20):
        p = Practice(rules, seed=s, length=1)
        _to_learner(p)
        if p.waiting:
            return p
    raise AssertionError("no seed gave the learner a turn")


@pytest.mark.parametrize("rules", list(PRESETS))
def test_a_series_plays_settles_and_pays_tribute(rules):
    p = Practice(rules, seed=7, length=3)
    total = sum(len(h) for h in p.dealt)
    while True:
        p.finish_with_computer()
        assert p.game.is_over
        assert len(p.settlements) == p.number + 1
        if p.series_over:
            break
        owed = p.settlements[-1].tributes
        p.next_hand()
        assert sum(len(h) for h in p.start_hands) == total  # tribute moves cards, never makes or loses them
        assert len(p.paid) == len(owed)
    assert len(p.settlements) == 3
    assert p.totals() == (sum(s.scores.points[0] for s in p.settlements),
                          sum(s.scores.points[1] for s in p.settlements))
    assert '<ol class="gj-places"' in settlement_html(p.settlements[-1], lang="en")


def test_refused_action_keeps_the_engine_explanation_and_changes_nothing():
    p = _learner_turn("qingdao")
    before = p.game.history
    assert not p.act("seat 0 plays DDDDDDDDDD")
    assert p.refusal is not None and p.refusal.zh and p.refusal.en
    assert p.game.history == before
    assert not p.act("seat 2 passes")  # another seat's action
    assert not p.act("nonsense")
    assert p.game.history == before


def test_options_are_the_legal_plays_cheapest_first():
    p = _learner_turn("linyi")
    plays = p.options()
    assert plays
    kinds = {a.kind for a in p.legal()}
    kind = "burn" if "burn" in kinds else "play"
    assert all(p.game.can(Action.of(LEARNER, kind, x)) for x in plays)
    assert [x.notation for x in plays] == [a.cards for a in p.game.legal_actions(LEARNER) if a.cards]


def test_undo_takes_back_the_learners_action_and_what_followed():
    p = _learner_turn("tongsu")
    before, lines = p.game.history, len(p.lines)
    assert p.act(p.legal()[0])
    assert len(p.game.history) > len(before)
    assert p.undo()
    assert p.game.history == before and len(p.lines) == lines
    assert not p.undo() or p.game.history != before


def test_same_deal_again_starts_from_the_same_cards():
    p = _learner_turn("zaozhuang")
    hands = p.game.initial_hands
    p.act(p.legal()[0])
    p.same_deal()
    assert p.game.initial_hands == hands
    assert p.game.history == () or p.game.history[0].seat != LEARNER or p.declaring


@pytest.mark.parametrize("rules", ["qingdao", "tongsu"])
def test_a_finished_hand_saves_as_a_scenario_that_check_accepts(rules, tmp_path, capsys):
    p = Practice(rules, seed=5, length=2)
    p.finish_with_computer()
    p.next_hand()  # the second hand: tribute paid before it
    p.finish_with_computer()
    path = tmp_path / "hand.yaml"
    path.write_text(p.scenario(), encoding="utf-8")
    assert check_file(path) == []
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")
    scenario = Scenario.load(path)
    game = scenario.start()
    for step in scenario.steps:
        game.act(step.text)
    assert game.is_over and game.game_record().finish_order == p.game.game_record().finish_order


#: Series (rule set, seed) whose second hand opens with tribute paid to the learner, under 回牌.
GIVING_BACK = [("qingdao", 3), ("linyi", 1), ("zaozhuang", 1)]


def _giving_back(rules: str, seed: int) -> Practice:
    """A series at its second hand, the learner (who received tribute) to give cards back."""
    p = Practice(rules, seed=seed, length=2)
    p.finish_with_computer()
    p.next_hand()
    assert p.giving_back is not None and p.giving_back.payment.tribute.receiver == LEARNER
    return p


@pytest.mark.parametrize(("rules", "seed"), GIVING_BACK)
def test_the_learner_gives_back_the_cards_of_its_choice_and_the_hand_goes_on_with_them(rules, seed):
    p = _giving_back(rules, seed)
    choice = p.giving_back
    assert p.waiting and p.legal() == [] and p.game.history == ()  # before the first lead, nobody acts
    assert not p.act("seat 0 passes") and "give back" in p.refusal.en
    payer, dealt_payer = choice.payment.tribute.payer, len(p.start_hands[choice.payment.tribute.payer])
    chosen = choice.allowed.cards[: choice.count]  # its biggest: a computer gives its smallest
    assert p.give_back(chosen) and p.refusal is None
    index = next(i for i, x in enumerate(p.paid) if x is choice.payment)
    assert p.returned[index] == chosen
    while p.giving_back is not None:  # a second 回牌 (another tribute received)
        p.give_back(p.giving_back.allowed.cards[-p.giving_back.count:])
    assert p.start_hands[payer].contains(chosen) and len(p.start_hands[payer]) == dealt_payer + len(chosen)
    assert sum(map(len, p.start_hands)) == sum(map(len, p.dealt))
    p.finish_with_computer()
    assert p.game.is_over and len(p.settlements) == 2


@pytest.mark.parametrize(("rules", "seed"), GIVING_BACK)
def test_an_illegal_give_back_is_refused_and_changes_nothing(rules, seed):
    p = _giving_back(rules, seed)
    choice, hands, returned = p.giving_back, p.start_hands, dict(p.returned)
    n, card = choice.count, choice.tribute[0]
    own = choice.allowed.count(card.rank) > 0  # the learner holds a card like the tribute card
    wrong = [choice.allowed.cards[: n + 1], (), "J" * (choice.hand.count(Rank.JACK) + n)]
    for cards in wrong if own else [*wrong, (card, *choice.allowed.cards[len(choice.allowed) - n + 1:])]:
        assert not p.give_back(cards)
        assert p.refusal.rule == "tribute.return" and p.refusal.zh and p.refusal.en
        assert p.giving_back is choice and p.start_hands == hands and p.returned == returned
    if not own:
        assert "tribute card" in p.refusal.en and "贡牌" in p.refusal.zh
    last = (card,) if own and n == 1 else choice.allowed.cards[-n:]  # an identical card of its own may go back
    assert p.give_back(last) and p.refusal is None


def test_undo_takes_a_give_back_back_and_the_same_deal_keeps_it():
    p = _giving_back("qingdao", 3)
    choice = p.giving_back
    assert not p.can_undo
    p.give_back(choice.allowed.cards[: choice.count])
    first = p.start_hands
    p.same_deal()
    assert p.start_hands == first  # the same deal again: the same cards given back
    assert p.undo() and p.giving_back == choice  # undo: choose again
    p.give_back(choice.allowed.cards[-choice.count:])
    assert p.start_hands != first


def test_nothing_goes_back_where_the_rule_set_has_no_huipai():
    p = Practice("tongsu", seed=2, length=2)
    p.finish_with_computer()
    p.next_hand()
    assert any(x.tribute.receiver == LEARNER and x.cards for x in p.paid)  # 受进贡的玩家无需回贡 (000 part 3 第16条)
    assert p.giving_back is None and p.returned == {}


def test_a_hand_with_the_learners_give_back_saves_as_a_scenario_that_check_accepts(tmp_path, capsys):
    p = _giving_back("qingdao", 3)
    choice = p.giving_back
    chosen = choice.allowed.cards[: choice.count]
    p.give_back(chosen)
    p.finish_with_computer()
    text = p.scenario()
    payer = choice.payment.tribute.payer
    assert f"seat {payer} → seat 0 点贡: {format_cards(choice.tribute, sep=' ')}, given back: " \
           f"{format_cards(chosen, sep=' ')}" in text
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    assert check_file(path) == [] and main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")
    scenario = Scenario.load(path)
    assert [Hand.parse(scenario.hands[s]) for s in range(6)] == list(p.start_hands)
    assert Hand.parse(scenario.hands[payer]).contains(chosen)


def test_widget_gives_back_only_legal_cards_with_a_confirm_button():
    set_language("en")
    table = PracticeTable("zaozhuang", seed=1, length=2, pace=0)
    table.practice.finish_with_computer()
    table.next_hand()
    p = table.practice
    choice = p.giving_back
    assert "give back: pick 1 card from your hand for seat 3" in table.info.value
    state = synced_state()
    assert not [s for s in range(1, 6) if hand_label(p.game.hands[s], "en") in state]  # nobody else's cards
    assert [k for k, b in table.buttons.items() if b.layout.display != "none"] == ["give"]
    counts = [b.description.split()[-1] for b in table.ranks.children]
    assert counts == [f"0/{choice.allowed.count(r)}" for r in sorted({c.rank for c in choice.allowed}, reverse=True)]
    assert counts[0] == "0/1"  # two big jokers in hand, one of them the tribute card
    table.buttons["give"].click()  # nothing picked
    assert "not allowed" in table.message.value and RULES["tribute.return"].en in table.message.value
    assert p.giving_back is choice
    low, rank = table.ranks.children[-1], choice.allowed.cards[-1].rank
    for _ in range(choice.allowed.count(rank)):
        low.click()
    assert low.description.endswith(f" {choice.allowed.count(rank)}/{choice.allowed.count(rank)}")
    low.click()  # once more: back to none
    assert low.description.endswith(f" 0/{choice.allowed.count(rank)}")
    low.click()
    table.buttons["give"].click()
    assert p.giving_back is None and "given back: " in table.settlement.value
    assert not table.undo_button.disabled  # the give back can be taken back
    set_language("zh")
    assert "回：" in table.settlement.value and "given back" not in table.settlement.value


def test_scenario_only_when_the_hand_is_over():
    p = _learner_turn("qingdao")
    with pytest.raises(ValueError):
        p.scenario()


def test_why_gives_the_players_reason_but_never_its_cards():
    p = Practice("qingdao", seed=3, length=1)
    p.finish_with_computer()
    for seat in range(1, 6):
        d = p.player.last.get(seat)
        text = p.why(seat, "en")
        assert text.startswith(f"seat {seat}")
        if d is not None and d.key in ("keep_big", "no_burn", "nothing"):
            assert "keeps the reason to itself" in text


# -- the widget ------------------------------------------------------------------------------------------------


def _play_hand_through_widget(table: PracticeTable, limit: int = 400) -> None:
    for _ in range(limit):
        p = table.practice
        if p.game.is_over:
            return
        if table.buttons["begin"].layout.display != "none":
            table.do("begin")
            continue
        shown = {k for k, b in table.buttons.items() if b.layout.display != "none"}
        assert shown == {a.kind for a in p.legal()}  # every button shown is legal, every legal kind shown
        first = p.legal()[0]
        if first.cards:
            table.typed.value = first.cards
        else:
            table.do(first.kind)
    raise AssertionError("the hand did not end")


def test_widget_plays_a_whole_hand_and_shows_the_settlement():
    ended = []
    table = PracticeTable("linyi", seed=2, length=2, pace=0, on_hand_end=ended.append)
    _play_hand_through_widget(table)
    assert len(ended) == 1
    assert "gj-places" in table.settlement.value
    assert table.next_button.layout.display != "none" and table.save_button.layout.display != "none"
    table.save()
    assert "data:text/yaml;base64," in table.saved.value
    table.next_hand()
    assert table.practice.number == 1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_coach_shows_the_whole_hand_round_by_round_with_passes_folded(lang):
    """Every line of a whole hand is in the coach's box (it scrolls), one section a round, numbered 1.. through
    the hand; a run of "不烧"/"过牌" is one line naming its seats (it showed the last 12 lines, four 不烧 after
    each 够级 play, and cut numbers from 10 up)."""
    set_language(lang)
    table = PracticeTable("qingdao", seed=3, length=1, pace=0)
    if table.practice.declaring:
        table.do("begin")
    table.practice.run_computers(seat0=True)
    table._render()
    box = table.coach.value
    items = re.findall(r"<li>(.*?)</li>", box)
    raw = table.practice.lines
    rounds = sum(x.kind == "round" for x in raw)
    assert "overflow-y:auto" in box and box.count("<section") == rounds + 1
    starts = [int(n) for n in re.findall(r'<ol start="(\d+)"', box)]
    assert starts[0] == 1 and starts == sorted(starts) and len(items) == sum(map(len, coach.rounds(raw))) > 12
    does_not_burn = "不烧" if lang == "zh" else "not burn"
    burns = [i for i, x in enumerate(items) if does_not_burn in x]
    assert burns and all(b - a > 1 for a, b in itertools.pairwise(burns))
    assert any(re.search(r"座位\d(、\d)+不烧" if lang == "zh" else r"Seats \d(, \d)* and \d do not burn", x)
               for x in items)


def test_the_table_offers_three_computer_levels_in_each_language_and_switches_at_once():
    set_language("zh")
    table = PracticeTable("qingdao", seed=2, length=1, pace=0, level="simple")
    assert [label for label, _ in table.level.options] == ["简单", "普通", "强（每步都推演，慢一些）"]
    assert "简单电脑" in table.practice.why(3, "zh") and "easy computer" in table.practice.why(3, "en")
    set_language("en")
    table._render()
    assert [label for label, _ in table.level.options] == ["easy", "normal", "strong (searches every move, slower)"]
    table.level.value = "strong"
    assert isinstance(table.practice.player, StrongPlayer) and table.practice.level == "strong"
    table.new_series()  # a new series keeps the level chosen
    assert isinstance(table.practice.player, StrongPlayer)


def test_a_strong_players_searched_pass_tells_no_cards():
    p = Practice("qingdao", seed=2, length=1, level="strong")
    p.player.last[3] = Decision(Action(3, "pass"), "search", {"what_zh": "过牌", "what_en": "passing",
                                                             "gain": "2.0", "worlds": 8})
    assert "它不说" in p.why(3, "zh")
    p.player.last[3] = Decision(Action(3, "play", "88"), "search", {"what_zh": "出88", "what_en": "playing 88",
                                                                   "gain": "2.0", "worlds": 8})
    assert "出88" in p.why(3, "zh")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_review_of_a_finished_hand_draws_the_costliest_decisions_with_progress(lang, tmp_path):
    """复盘 (issue 25 item 3): after a hand, the learner's decisions weighed by the search, at most three, each with
    the table then, the learner's hand then, what was played, what the strong player would play and the points it
    cost; a progress bar while it runs; none before the hand is over, and gone when the hand starts again."""
    set_language(lang)
    table = PracticeTable("qingdao", seed=4, length=2, pace=0)
    if table.practice.declaring:
        table.do("begin")
    assert table.review_button.layout.display == "none"
    table.review()  # not over: nothing
    assert table.review_box.value == ""
    table.practice.run_computers(seat0=True)
    table._render()
    assert table.review_button.layout.display != "none"
    seen = []
    table.review_progress.observe(lambda c: seen.append(c["new"]), names="value")
    table.review()
    assert seen and seen[-1] == table.review_progress.max > 1 and table.review_progress.layout.display == "none"
    box = table.review_box.value
    items = box.count("<li>")
    assert 1 <= items <= 3 and box.count('class="gj-table"') == items
    assert ("强电脑会" in box and "每局平均少得" in box) if lang == "zh" else (
        "the strong player would" in box and "points a hand lost" in box)
    costs = [float(x) for x in re.findall(r"(?:少得|would [^:]*: )(\d+\.\d)", box)]
    assert costs == sorted(costs, reverse=True) and costs[0] > 1
    text = table.practice.scenario(table._reviewed[1])  # the scenario carries the review as checkpoints
    assert text.count("- ask: what if seat 0 ") == items and text.count("复盘：第") == items
    path = tmp_path / "reviewed.yaml"
    path.write_text(text, encoding="utf-8")
    assert check_file(path) == []
    table.same_deal()  # the hand again: the review was of the hand that is gone
    assert table.review_box.value == ""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_what_can_i_play_says_why_the_normal_player_would_choose_and_what_each_play_spends(lang):
    """"我能出什么？" explains, not only lists (issue 26 item 3): the normal player's choice for the learner's seat
    with its reason, and under each legal play what it does (goes out, is 够级, spends 2s or jokers)."""
    set_language(lang)
    table = PracticeTable("qingdao", seed=4, pace=0)
    if table.practice.declaring:
        table.do("begin")
    table.show_options()
    box = table.options.value
    d = table.practice.suggestion()
    assert d is not None and ("普通电脑会" if lang == "zh" else "the normal player would") in box
    assert (d.zh if lang == "zh" else d.en) in box.replace("&#x27;", "'")
    notes = re.findall(r'class="gj-option-note"[^>]*>(.*?)</div>', box)
    assert len(notes) == min(12, len(table.practice.options())) and all(notes)
    assert any(("用了2或花" if lang == "zh" else "spends 2s or jokers") in n for n in notes)


def test_widget_refuses_with_the_engines_reason_and_lists_options():
    set_language("en")
    table = PracticeTable("qingdao", seed=4, length=1, pace=0)
    if table.practice.declaring:
        table.do("begin")
    table.typed.value = "D D D D D D D D D"
    assert "not allowed" in table.message.value
    table.show_options()
    assert "cheapest first" in table.options.value or "nothing can be played" in table.options.value


def test_widget_rank_buttons_select_cards():
    table = PracticeTable("tongsu", seed=6, length=1, pace=0)
    hand = table.practice.game.hands[LEARNER]
    button = table.ranks.children[-1]  # the lowest rank held
    button.click()
    assert "1/" in button.description
    assert 'data-index="' in table.hand.value and "gj-card" in table.hand.value
    assert table.clear.layout.display != "none"
    table.clear.click()
    assert button.description.startswith(button.description.split()[0]) and "0/" in button.description
    assert len(hand) == len(table.practice.game.hands[LEARNER])


@pytest.mark.parametrize("rules", ["qingdao", "zaozhuang"])
def test_other_seats_cards_never_reach_the_browser(rules):
    table = PracticeTable(rules, seed=9, length=1, pace=0)
    for step in range(60):
        p = table.practice
        if p.game.is_over:
            break
        state = synced_state()
        for seat in range(1, 6):
            if not p.game.hands[seat]:  # out: nothing secret left ("no cards" is on the table picture too)
                continue
            for lang in ("zh", "en"):
                assert hand_label(p.game.hands[seat], lang) not in state, (step, seat)
        if p.declaring:
            table.do("begin")
        elif p.legal():
            first = p.legal()[-1 if step % 2 else 0]
            if first.cards:
                table.typed.value = first.cards
            else:
                table.do(first.kind)


def test_language_switch_relabels_the_table():
    table = PracticeTable("qingdao", seed=1, length=1, pace=0)
    assert "练习桌" in table.info.value
    set_language("en")
    assert "Practice table" in table.info.value and "练习桌" not in table.info.value
    assert table.buttons["pass"].description == "pass"
    table.rules.value = "linyi"  # the rule-set menu says each set's title in the page's language, keeping the choice
    assert table.rules.label == "Linyi (憋三发四)" and ("Qingdao", "qingdao") in table.rules.options
    set_language("zh")
    assert table.rules.label == "临沂够级（憋三发四）" and table.rules.value == "linyi"
    assert not any(label == value for label, value in table.rules.options)  # no raw reference shown


def test_the_course_page_builds_the_table_on_start_and_records_each_hand(tmp_path, monkeypatch):
    from gouji_teach.teach import course, practice, progress
    from gouji_teach.teach.progress import ProgressStore

    monkeypatch.setattr(progress, "_STORE", [ProgressStore(tmp_path / "p.sqlite")])
    session = course.start("practice", "learner=ming&rules=linyi&lang=en")
    box = practice.page(session, seed=3, length=1)
    assert len(box.children) == 2 and box.children[0].description == "sit down and start"
    box.children[0].click()
    table_box = box.children[0]
    assert "gouji-practice" in table_box._dom_classes
    table = next(x for x in _live_tables() if x.box is table_box)
    pauses: list[float] = []

    def pause(seconds: float) -> None:  # after each computer action, at the page's pace, the learner waits
        pauses.append(seconds)
        assert "the computer players are playing" in table.info.value and table.undo_button.disabled
        assert all(b.layout.display == "none" for b in table.buttons.values())  # no action while waiting
        if len(pauses) == 3:
            table.pace.value = 0  # the learner slides the pace to 0: the rest of the hand at once

    monkeypatch.setattr(practice.time, "sleep", pause)
    table.practice.finish_with_computer()
    table._after()
    assert pauses == [0.6] * 3 and table.practice.game.is_over
    attempts = progress.store().attempts(stage="practice")
    assert len(attempts) == 1 and attempts[0].puzzle_id == "practice/linyi/3"


def _live_tables() -> list[PracticeTable]:
    import gc

    return [o for o in gc.get_objects() if isinstance(o, PracticeTable)]
