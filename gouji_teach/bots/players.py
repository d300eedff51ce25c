"""Computer players and self-play.

:class:`SimplePlayer` plays by the rules without enumerating every legal play: it leads its lowest rank
(keeping 3s for last, leading 4s when 发四 is due), answers opponents with the cheapest play that beats
(keeping 2s and jokers for 够级 fights), lets its teammates' plays stand, always answers its 对头's 够级 play
when it can, and burns only when what it keeps can still go out with a joker on every play.

>>> game = play_hand(3, "linyi")
>>> game.is_over, sorted(game.finish_order()) == list(range(6))
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import Hand, Rank, format_cards
from ..rules.engine import Game, KaidianState, Phase, holds_money, opposite, team
from ..rules.events import Action, ActionKind
from ..rules.gouji import GOUJI_THRESHOLDS
from ..rules.rulesets import FoursBeforeKaidian, Ruleset

__all__ = ["SimplePlayer", "play_hand"]


def _can_finish_burning(rest: Hand, rules: Ruleset) -> bool:
    """Whether ``rest`` can be led out with a joker on every later lead, one lead a rank (2s included): under 憋三
    the closing 3s are the one lead without a joker (so the last-lead exemption is not added on top); otherwise the
    last lead is exempt only where the rule set says."""
    jokers = rest.count(Rank.SMALL_JOKER) + rest.count(Rank.BIG_JOKER)
    closing_threes = rules.bie_san and rest.count(Rank.THREE) > 0
    skip = Rank.THREE if closing_threes else None
    # each rank a lead of its own, the 2s too (a lead of 2s needs its joker like any other)
    groups = sum(1 for r, n in enumerate(rest.counts[:Rank.TWO + 1]) if n and r != skip)
    exempt = 0 if closing_threes else (1 if rules.burn_last_exempt else 0)
    return jokers >= groups - exempt


class SimplePlayer:
    """A simple, rule-abiding computer player (deterministic: same position, same choice)."""

    def declare(self, game: Game, seat: int) -> Action | None:
        """Before the first lead: revolt when eligible with a hand of no 2 and no joker (hopeless; one holding
        them keeps them, where the rule set would let it hand them over, 000 part 3 第46条)."""
        action = Action(seat, ActionKind.REVOLT)
        return action if not holds_money(game.hands[seat]) and game.can(action) else None

    def choose(self, game: Game, seat: int) -> Action:
        """The action of ``seat``, which must be the seat to act."""
        if game.phase == Phase.HEAD:
            return Action(seat, ActionKind.YAOTOU)
        if game.phase == Phase.DUEL and game.top is None:
            return self._duel_lead(game, seat)
        if game.top is None:
            return self._lead(game, seat)
        if seat in game.burn_candidates():
            return self._burn(game, seat) or Action(seat, ActionKind.PASS)
        return self._answer(game, seat)

    def _duel_lead(self, game: Game, seat: int) -> Action:
        """The revolutionary's three 够级 plays: the smallest pure one each time (or no 冲点 at all)."""
        hand = game.hands[seat]
        for rank, n in GOUJI_THRESHOLDS.items():
            if hand.count(rank) >= n:
                action = Action(seat, ActionKind.PLAY, format_cards([c for c in hand if c.rank == rank][:n]))
                if game.can(action):
                    return action
        return Action(seat, ActionKind.PASS)

    def _lead(self, game: Game, seat: int) -> Action:
        rules, hand = game.rules, game.hands[seat]
        groups = {c.rank for c in hand if c.rank < Rank.TWO}
        if len(groups) <= 1 or not any(c.rank < Rank.TWO for c in hand):
            whole = Action(seat, ActionKind.PLAY, format_cards(hand.cards))
            if game.can(whole):
                return whole
        burning = seat in game.burning()
        joker = next((c for c in hand if c.rank.is_joker), None)
        opened = game.kaidian(seat) in (KaidianState.OPEN, KaidianState.PENDING)
        free_fours = opened or rules.fours_before_kaidian == FoursBeforeKaidian.FREE
        order = [r for r in Rank if r not in (Rank.THREE, Rank.FOUR, Rank.SMALL_JOKER, Rank.BIG_JOKER)]
        order.insert(0 if game.kaidian(seat) == KaidianState.PENDING or free_fours else len(order), Rank.FOUR)
        if burning:  # the 3s too carry a joker: led last, but never bare
            order.append(Rank.THREE)
        for r in order:
            cards = [c for c in hand if c.rank == r]
            if not cards:
                continue
            if burning and joker is not None:
                cards.append(joker)
            action = Action(seat, ActionKind.PLAY, format_cards(cards))
            if game.can(action):
                return action
        return next(a for a in game.legal_actions(seat) if a.kind == ActionKind.PLAY)

    def _burn(self, game: Game, seat: int) -> Action | None:
        plays = game.answers(seat)
        if plays and _can_finish_burning(game.hands[seat] - plays[0].cards, game.rules):
            return Action.of(seat, ActionKind.BURN, plays[0])
        return None

    def _answer(self, game: Game, seat: int) -> Action:
        top_seat, top_play = game.top  # type: ignore[misc]  # a bot answers only while a round is open: game.top is set
        fight = top_play.is_gouji or top_seat == opposite(seat) or len(game.hands[seat]) <= top_play.size
        burning = game.bound_to_burn(seat)  # a burner keeps a joker for each later lead
        if team(top_seat) != team(seat) or top_seat in game.burning():
            for play in game.answers(seat):
                if (fight or not (play.jokers or play.twos)) and (
                        not burning or _can_finish_burning(game.hands[seat] - play.cards, game.rules)):
                    return Action.of(seat, ActionKind.PLAY, play)
        return Action(seat, ActionKind.PASS)


def play_hand(
    seed: int,
    rules: Ruleset | str | None = None,
    players: Sequence[SimplePlayer] | None = None,
    *,
    max_actions: int = 10_000,
) -> Game:
    """Deal a hand from ``seed`` and play it to the end with computer players (default: six
    :class:`SimplePlayer`). Raises ``RuntimeError`` if the hand does not end within ``max_actions``."""
    game = Game.deal(seed, rules)
    seats = list(players) if players is not None else [SimplePlayer()] * 6
    for seat in range(6):
        action = seats[seat].declare(game, seat)
        if action is not None and game.can(action):
            game.apply(action)
    for _ in range(max_actions):
        if game.is_over:
            return game
        seat = game.to_act
        game.apply(seats[seat].choose(game, seat))
    raise RuntimeError(f"hand {seed} did not end within {max_actions} actions")
