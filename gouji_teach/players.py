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

from .cards import Hand, Rank
from .engine import Game, opposite, team
from .errors import GoujiError
from .events import Action
from .plays import Play
from .rulesets import Ruleset

__all__ = ["SimplePlayer", "play_hand"]


def _try_play(cards: Sequence, rules: Ruleset) -> Play | None:
    try:
        return Play(cards, rules)
    except GoujiError:
        return None


def _can_finish_burning(rest: Hand, rules: Ruleset) -> bool:
    """Whether ``rest`` can be led out with a joker on every play (the last one exempt where the rule set says)."""
    if not len(rest):
        return True
    if _try_play(rest.cards, rules) is not None and (
        rules.burn_last_exempt or rest.count(Rank.SMALL_JOKER) + rest.count(Rank.BIG_JOKER)
    ):
        return True
    jokers = rest.count(Rank.SMALL_JOKER) + rest.count(Rank.BIG_JOKER)
    groups = sum(1 for r in Rank if not r.is_joker and rest.count(r))
    return jokers >= groups - (1 if rules.burn_last_exempt else 0)


class SimplePlayer:
    """A simple, rule-abiding computer player (deterministic: same position, same choice)."""

    def declare(self, game: Game, seat: int) -> Action | None:
        """Before the first lead: revolt when eligible (a hand with no 2 and no joker is hopeless)."""
        action = Action(seat, "revolt")
        return action if game.can(action) else None

    def choose(self, game: Game, seat: int) -> Action:
        """The action of ``seat``, which must be the seat to act."""
        if game.phase == "head":
            return Action(seat, "yaotou")
        if game.top is None:
            return self._lead(game, seat)
        if seat in game.burn_candidates():
            return self._burn(game, seat) or Action(seat, "pass")
        return self._answer(game, seat)

    def _lead(self, game: Game, seat: int) -> Action:
        rules, hand = game.rules, game.hands[seat]
        whole = _try_play(hand.cards, rules)
        if whole is not None and game.can(Action(seat, "play", whole.notation)):
            return Action(seat, "play", whole.notation)
        burning = seat in game.burning()
        joker = next((r for r in (Rank.SMALL_JOKER, Rank.BIG_JOKER) if hand.count(r)), None)
        free_fours = game.kaidian(seat) in ("open", "pending") or rules.fours_before_kaidian == "free"
        order = [r for r in Rank if r not in (Rank.THREE, Rank.FOUR, Rank.SMALL_JOKER, Rank.BIG_JOKER)]
        order.insert(0 if game.kaidian(seat) == "pending" else 0 if free_fours else len(order), Rank.FOUR)
        for r in order:
            n = hand.count(r)
            if not n:
                continue
            cards = [c for c in hand if c.rank == r]
            if burning and joker is not None:
                cards.append(next(c for c in hand if c.rank == joker))
            action = Action(seat, "play", Play(cards, rules).notation)
            if game.can(action):
                return action
        return next(a for a in game.legal_actions(seat) if a.kind == "play")

    def _burn(self, game: Game, seat: int) -> Action | None:
        for action in game.legal_actions(seat):
            if action.kind != "burn":
                continue
            play = Play.parse(action.cards, game.rules)  # type: ignore[arg-type]
            if _can_finish_burning(game.hands[seat] - play.cards, game.rules):
                return action
            break
        return None

    def _answer(self, game: Game, seat: int) -> Action:
        top_seat, top_play = game.top  # type: ignore[misc]
        actions = game.legal_actions(seat)
        plays = [a for a in actions if a.kind == "play"]
        fight = top_play.is_gouji or top_seat == opposite(seat) or len(game.hands[seat]) <= top_play.size
        if plays and (team(top_seat) != team(seat) or top_seat in game.burning()):
            for action in plays:
                play = Play.parse(action.cards, game.rules)  # type: ignore[arg-type]
                if fight or not (play.jokers or play.twos):
                    return action
        return Action(seat, "pass")


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
        game.apply(seats[seat].choose(game, seat))  # type: ignore[index]
    raise RuntimeError(f"hand {seed} did not end within {max_actions} actions")
