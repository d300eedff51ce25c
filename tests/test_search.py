"""The strong computer player (:mod:`gouji_teach.bots.search`): it decides from what its seat can know, the same
position gives the same decision, every action is legal, and where it leaves TeamPlayer's choice the choice it
makes is worth more (checked with many more worlds than it searched)."""

from __future__ import annotations

import random

import pytest

from gouji_teach.bots.search import StrongPlayer, evaluate, worlds
from gouji_teach.bots.strategy import TeamPlayer
from gouji_teach.rules.cards import Hand, build_deck
from gouji_teach.rules.engine import Game, Phase, holds_money, team
from gouji_teach.rules.errors import SetupError
from gouji_teach.rules.events import Action
from gouji_teach.rules.settlement import settle


def _small_games(n: int, seed: int = 1, rules: str = "qingdao") -> list[Game]:
    """Small hands (2-5 cards a seat) from a shuffled deck, so that a search over whole hands takes
    milliseconds."""
    rng, out = random.Random(seed), []
    deck = build_deck(4, suits=False)
    while len(out) < n:
        rng.shuffle(deck)
        sizes = [rng.randint(2, 5) for _ in range(6)]
        starts = [sum(sizes[:s]) for s in range(6)]
        hands = {s: Hand(deck[starts[s]:starts[s] + sizes[s]]) for s in range(6)}
        out.append(Game.from_hands(hands, rules, leader=rng.randrange(6)))
    return out


def _deviations(limit: int) -> list[tuple[Game, int, object, object]]:
    """Positions of small self-played hands where the strong player leaves TeamPlayer's choice."""
    found = []
    for game in _small_games(400):
        strong = StrongPlayer()
        while not game.is_over and len(found) < limit:
            seat = game.to_act
            d = strong.decide(game, seat)
            if d.key == "search":
                found.append((game.copy(), seat, d.action, TeamPlayer().decide(game, seat).action))
                break
            game.apply(d.action)
        if len(found) >= limit:
            break
    return found


def test_the_decision_reads_only_the_pool_of_unseen_cards_not_where_they_lie():
    game = Game.from_hands({0: "2 10 7", 1: "9 X", 2: "5 K", 3: "4 A 8 D", 4: "J X D K 6", 5: "7 Q D 10"}, leader=0)
    moved = game.redealt({1: Hand.parse("D 7"), 3: Hand.parse("9 X Q 10"), 5: Hand.parse("4 A 8 D")})
    assert game.hands[3] != moved.hands[3]
    assert [w.hands for w in worlds(game, 0, 5)] == [w.hands for w in worlds(moved, 0, 5)]
    assert StrongPlayer().decide(game, 0).action == StrongPlayer().decide(moved, 0).action


def test_worlds_keep_the_seats_own_hand_and_every_count():
    game = _small_games(1, seed=3)[0]
    for w in worlds(game, 2, 6):
        assert w.hands[2] == game.hands[2]
        assert [len(h) for h in w.hands] == [len(h) for h in game.hands]
        assert sorted(map(repr, (c for h in w.hands for c in h))) == sorted(map(repr, (c for h in game.hands
                                                                                        for c in h)))


def test_redealt_refuses_other_cards():
    game = _small_games(1)[0]
    with pytest.raises(SetupError):
        game.redealt({1: Hand.parse("D D D D D D D D")})


@pytest.mark.parametrize(("rules", "seed"), [("qingdao", 1), ("linyi", 2), ("tongsu", 3), ("zaozhuang", 4)])
def test_small_hands_played_by_strong_players_end_with_legal_actions_only(rules, seed):
    for game in _small_games(4, seed=seed, rules=rules):
        strong, first = StrongPlayer(worlds=4), None
        for _ in range(200):
            if game.is_over:
                break
            seat = game.to_act
            action = strong.choose(game, seat)
            assert game.can(action), (action, game.hands)
            first = first or action
            game.apply(action)
        assert game.is_over
        again = Game.from_hands(dict(enumerate(game.initial_hands)), rules, leader=game.history[0].seat)
        assert StrongPlayer(worlds=4).choose(again, again.to_act) == first  # the same position, the same decision


def _worth(game: Game, seat: int, action, n: int, seed: int) -> float:
    """What ``action`` is worth to ``seat``'s team, measured here on its own: ``n`` deals of the unseen cards,
    each played out by TeamPlayers and settled."""
    rng, total = random.Random(seed), 0
    others = [s for s in range(6) if s != seat]
    pool = [c for s in others for c in game.hands[s]]
    for _ in range(n):
        rng.shuffle(pool)
        starts = [sum(len(game.hands[o]) for o in others[:i]) for i in range(len(others))]
        world = game.redealt({o: Hand(pool[a:a + len(game.hands[o])]) for o, a in zip(others, starts, strict=True)})
        world.apply(action)
        player = TeamPlayer()
        while not world.is_over:
            world.apply(player.choose(world, world.to_act))
        points = settle(world.game_record()).scores.points
        total += sum(p if team(s) == team(seat) else -p for s, p in enumerate(points))
    return total / n


def test_where_it_leaves_teamplayer_its_choice_is_worth_more_in_other_worlds():
    """The search's deviations, each measured in 64 worlds of the test's own: on average they gain (a search
    that maximised the wrong thing loses here), and they say so in both languages with the gain they found."""
    found = _deviations(8)
    assert len(found) == 8
    gains = [_worth(game, seat, mine, 64, 99) - _worth(game, seat, theirs, 64, 99)
             for game, seat, mine, theirs in found]
    assert sum(gains) / len(gains) > 1.0, gains
    d = StrongPlayer().decide(found[0][0], found[0][1])
    assert d.key == "search" and "平均多得" in d.zh and "points a hand more" in d.en


def test_evaluate_values_each_action_in_the_same_worlds():
    game, seat, mine, theirs = _deviations(1)[0]
    values = evaluate(game, seat, [mine, theirs], n=6)
    assert [v.action for v in values] == [mine, theirs] and all(len(v.points) == 6 for v in values)
    gain, se = values[0].gain(values[1])
    assert values[0].mean > values[1].mean and gain == values[0].mean - values[1].mean and se >= 0


def test_a_revolution_is_kept_in_every_world_and_its_three_plays_are_not_searched():
    """Tongsu deal 7 has a revolution: in every world the revolutionary holds no 2 and no joker (public: it had
    none or handed them over), and during its three 够级 plays the strong player takes TeamPlayer's choice (a deal
    of the pool would not keep the three plays in the revolutionary's hand: the engine refused the rollouts)."""
    game, normal, duel, after = Game.deal(7, "tongsu"), TeamPlayer(), 0, 0
    for s in range(6):
        action = normal.declare(game, s)
        if action is not None and game.can(action):
            game.apply(action)
    rebels = game.game_record().revolution
    assert rebels
    while not game.is_over and after < 3:
        seat = game.to_act
        if game.phase == Phase.DUEL:
            duel += 1
            assert StrongPlayer().options(game, seat, normal.decide(game, seat).action) == [
                normal.decide(game, seat).action]
        elif seat not in rebels:
            after += 1
            for w in worlds(game, seat, 4):
                assert all(not holds_money(w.hands[r]) for r in rebels if r != seat)
        game.apply(normal.choose(game, seat))
    assert duel and after == 3


def test_the_strong_player_weighs_only_burns_it_can_finish():
    """Its candidates keep the normal player's burn rule: a burn (or a burner's play) leaves a joker for every later
    lead (zaozhuang, 24 hands: 14 of its 59 burns failed before)."""
    game = Game.from_hands({0: "KK 5 6", 1: "AA X D 7 8", 2: "5 6", 3: "4 5", 4: "5 6", 5: "5 6"}, "qingdao", leader=0)
    game.act("seat 0 plays KK")
    weighed = StrongPlayer().options(game, 1, Action(1, "pass"))
    assert [str(a) for a in weighed] == ["seat 1 passes", "seat 1 burns AA"]  # not XA, DA, DX: too few jokers left
