"""Seeded self-play fuzz: whole hands with the simple computer players under every rule set.

Laws checked on every reached state: the cards are conserved (held + played = dealt), the seat to act has a
legal action (the leader can lead, an answerer can pass), the hand ends, and the record is complete.
"""

from __future__ import annotations

import json
import random

import pytest

from gouji_teach.bots.players import SimplePlayer, play_hand
from gouji_teach.rules.cards import Hand, Rank, parse_cards, shuffled_deck
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Action
from gouji_teach.rules.record import GameRecord
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.settlement import settle_series

HANDS_PER_RULESET = 100
FULL_CHECK_EVERY = 25  # legal_actions enumerated in full at every 25th state


def _played(events) -> int:
    moved = ("lead", "play", "burn", "counter_burn", "discard_fours")  # discarded 4s: 000 第6条
    return sum(len(parse_cards(e.cards)) for e in events if e.kind in moved)


def _selfplay_checked(seed: int, rules: str) -> Game:
    game = Game.deal(seed, rules)
    total = game.cards_in_play()
    player = SimplePlayer()
    for seat in range(6):
        action = player.declare(game, seat)
        if action is not None and game.can(action):
            game.apply(action)
    steps = played = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase in ("head", "duel"):
            assert game.legal_actions(seat)
        elif game.top is None:
            hand = game.hands[seat]
            leads = [Action(seat, "play", r.notation) for r in Rank if hand.count(r)]
            leads.append(Action(seat, "play", "".join(c.rank.notation for c in hand)))
            assert any(game.can(a) for a in leads), (seed, rules, seat, hand)
        else:
            assert game.can(Action(seat, "pass"))
        if steps % FULL_CHECK_EVERY == 0:
            assert game.legal_actions(seat)
        played += _played(game.apply(player.choose(game, seat)))
        assert game.cards_in_play() + played == total
        steps += 1
        assert steps < 5000
    return game


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_selfplay_fuzz_conserves_cards_always_has_an_action_and_ends(rules):
    for seed in range(HANDS_PER_RULESET):
        game = _selfplay_checked(seed, rules)
        record = game.game_record().to_json()
        assert json.loads(json.dumps(record)) == record
        if record.get("void"):
            continue
        assert sorted(record["finish_order"] + record["revolution"]) == list(range(6))
        assert all(b["outcome"] in ("success", "failed", "counter") for b in record["burns"])
        assert GameRecord.from_json(record) == game.game_record()
        settle_series((game.game_record(),))  # settlement reads every self-played record


def test_selfplay_is_reproducible_from_its_seed():
    a, b = play_hand(11, "tongsu"), play_hand(11, "tongsu")
    assert a.events == b.events and a.game_record().to_json() == b.game_record().to_json()


def test_selfplay_undo_walks_back_to_the_deal():
    game = play_hand(4, "zaozhuang")
    dealt = Game.deal(4, "zaozhuang")
    while game.history:
        game.undo()
    assert game.hands == dealt.hands and game.events == dealt.events and game.to_act == dealt.to_act


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_random_legal_walks_every_listed_action_applies_and_undo_restores(rules):
    """Seeded random walks over every seat's legal actions (burns, 让牌, 革命, 宣点 included) on 8-card hands:
    every listed action applies, the seat to act always has one, undo restores the state, the hand ends."""
    for seed in range(10):
        rng = random.Random(seed)
        r = PRESETS[rules]
        deck = shuffled_deck(r.packs, seed=seed, keep={Rank.THREE: r.keep_threes} if r.keep_threes else None)
        game = Game.from_hands({k: Hand(deck[8 * k : 8 * k + 8]) for k in range(6)}, rules, seed=seed)
        for _ in range(2000):
            if game.is_over:
                break
            assert game.legal_actions(game.to_act)
            action = rng.choice([a for seat in range(6) for a in game.legal_actions(seat)])
            before = (game.hands, game.to_act, game.events, game.phase)
            game.apply(action)
            if rng.random() < 0.1:
                assert game.undo() == action
                assert (game.hands, game.to_act, game.events, game.phase) == before
                game.apply(action)
        assert game.is_over
        game.game_record()
