"""A strong computer player: a search over the cards a seat cannot see (determinized Monte Carlo).

:class:`StrongPlayer` decides from what its seat can know: its own hand, the public history and how many cards
every seat holds. The cards it cannot see are the other seats' cards together (the deck less its own hand and
every card played, bought or thrown away: public); where they lie is hidden. So it deals that pool at random to
the other seats, as many to each as it holds, ``worlds`` times (a *world* each); in every world it plays each of
a few candidate actions and then the whole rest of the hand with fast players
(:class:`~gouji_teach.bots.strategy.TeamPlayer` on every seat), and settles it
(:func:`~gouji_teach.rules.settlement.settle`). A candidate's value is its team's points less the other team's,
over the same worlds. It keeps :class:`TeamPlayer`'s choice unless another candidate does better by more than the
worlds' noise. The same position always gives the same decision: the worlds are drawn from a seed and the
position.

:func:`evaluate` is that search on its own, for any actions of a seat (the review of a hand asks it what the
learner's action cost).

>>> from gouji_teach.rules.engine import Game
>>> g = Game.from_hands({0: "2 10 7", 1: "9 X", 2: "5 K", 3: "4 A 8 D", 4: "J X D K 6", 5: "7 Q D 10"}, leader=0)
>>> TeamPlayer().decide(g, 0).action.cards, StrongPlayer().decide(g, 0).action.cards
('7', '27')
>>> StrongPlayer().decide(g, 0).zh
'把看不见的牌随机分了8次，每次打完这一局：出27比普通电脑的打法每局平均多得24.0分'
"""

from __future__ import annotations

import random
import statistics
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import Card, Hand, Rank
from ..rules.engine import MONEY, Game, Phase, team
from ..rules.events import Action, ActionKind
from ..rules.plays import Play
from ..rules.settlement import settle
from .players import _can_finish_burning
from .strategy import Decision, TeamPlayer

__all__ = ["SEARCHED", "StrongPlayer", "Value", "evaluate", "searched", "worlds"]

#: The kinds of action a search weighs (declarations before the first lead are TeamPlayer's).
SEARCHED = (ActionKind.PLAY, ActionKind.BURN, ActionKind.PASS, ActionKind.YIELD)
#: Cards held at most (all seats together) for a search in all its worlds; more, and it plays in proportionally fewer.
_FULL_SEARCH = 140
_MAX_ACTIONS = 5_000  # a rollout longer than this is a bug in a player (a whole hand takes about 250)


@dataclass(frozen=True, slots=True)
class Value:
    """What an action is worth to its seat's team over a search's worlds: ``points`` in each world (the team's
    less the other team's), their mean and its standard error."""

    action: Action
    points: tuple[int, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.points)

    @property
    def stderr(self) -> float:
        return statistics.stdev(self.points) / len(self.points) ** 0.5 if len(self.points) > 1 else 0.0

    def gain(self, other: Value) -> tuple[float, float]:
        """How much more this action is worth than ``other`` (played in the same worlds), and the standard error
        of that difference (paired: the luck of a world counts for both)."""
        return _gain(self.points, other.points)


def worlds(game: Game, seat: int, n: int, seed: int = 0) -> list[Game]:
    """``n`` copies of ``game`` in which the cards ``seat`` cannot see are dealt again at random among the other
    seats, as many to each as it holds (:meth:`~gouji_teach.rules.engine.Game.redealt`), none of the 2s and
    jokers to a seat that revolted. Only the pool of those cards is read, never where they lie: the same pool and
    counts give the same worlds.

    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> [w.hands[0] == g.hands[0] and [len(h) for h in w.hands] == [3, 3, 1, 3, 1, 1] for w in worlds(g, 0, 3)]
    [True, True, True]
    """
    hidden = [s for s in range(6) if s != seat and len(game.hands[s])]
    pool = sorted((c for s in hidden for c in game.hands[s]), key=repr)
    position = f"{seed}|{seat}|{len(game.history)}|{game.hands[seat]!r}|{pool!r}"
    rng = random.Random(zlib.crc32(position.encode()))
    # a seat that revolted holds no 2 and no joker (it had none, or handed them over): public, so its cards are
    # drawn from the others
    bare = [s for s in hidden if s in game.game_record().revolution]
    free = [s for s in hidden if s not in bare]
    plain, money = [c for c in pool if c.rank not in MONEY], [c for c in pool if c.rank in MONEY]
    out = []
    for _ in range(n):
        hands: dict[int, Hand] = {}
        if bare:
            rng.shuffle(plain)
            start = sum(len(game.hands[s]) for s in bare)
            _deal(plain[:start], bare, game, hands)
            rest = plain[start:] + money
        else:
            rest = pool
        rng.shuffle(rest)
        _deal(rest, free, game, hands)
        out.append(game.redealt(hands))
    return out


def _deal(cards: Sequence[Card], seats: Sequence[int], game: Game, hands: dict[int, Hand]) -> None:
    """``cards`` to ``seats`` in turn, as many to each as it holds in ``game``."""
    start = 0
    for s in seats:
        k = len(game.hands[s])
        hands[s], start = Hand(cards[start:start + k]), start + k


def _played_out(world: Game, action: Action, seat: int, player: TeamPlayer) -> int:
    """``action`` in ``world``, then the rest of the hand by ``player`` on every seat: the points of ``seat``'s
    team less the other team's."""
    game = world.copy(undo=False)
    game.apply(action)
    for _ in range(_MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(player.decide(game, game.to_act).action)  # type: ignore[arg-type]  # a seat acts until over
    else:
        raise RuntimeError(f"a rollout did not end within {_MAX_ACTIONS} actions")
    points = settle(game.game_record()).scores.points
    return sum(p if team(s) == team(seat) else -p for s, p in enumerate(points))


def evaluate(game: Game, seat: int, actions: Sequence[Action], *, n: int = 8, seed: int = 0) -> list[Value]:
    """Each of ``actions`` (legal for ``seat``, the seat to act) played out in the same ``n`` worlds
    (:func:`worlds`): its :class:`Value` for ``seat``'s team, in the order given."""
    player = TeamPlayer()
    drawn = worlds(game, seat, n, seed)
    return [Value(action, tuple(_played_out(w, action, seat, player) for w in drawn)) for action in actions]


def _gain(values: Sequence[int | float], base: Sequence[int | float]) -> tuple[float, float]:
    """The mean gain of one action over another in the same worlds, and its standard error (paired)."""
    diffs = [v - b for v, b in zip(values, base, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), se


class StrongPlayer:
    """A computer player that searches (see the module docstring). ``worlds``: how many deals of the hidden
    cards each decision plays in; ``candidates``: how many actions it weighs (TeamPlayer's choice, passing or
    让牌, and the cheapest other plays); it leaves TeamPlayer's choice for one that gains more than ``margin``
    points a hand and ``z`` standard errors. :attr:`last` holds each seat's latest :class:`Decision`."""

    def __init__(self, *, worlds: int = 8, candidates: int = 4, margin: float = 1.0, z: float = 1.5,
                 seed: int = 0) -> None:
        self.worlds, self.candidates, self.margin, self.z, self.seed = worlds, candidates, margin, z, seed
        self._fast = TeamPlayer()
        self.last: dict[int, Decision] = {}

    def declare(self, game: Game, seat: int) -> Action | None:
        """Before the first lead: as :meth:`TeamPlayer.declare`."""
        action = self._fast.declare(game, seat)
        if action is not None:
            self.last[seat] = self._fast.last[seat]
        return action

    def choose(self, game: Game, seat: int) -> Action:
        """The action of ``seat``, which must be the seat to act."""
        return self.decide(game, seat).action

    def decide(self, game: Game, seat: int) -> Decision:
        """The action of ``seat`` (the seat to act) and why."""
        fast = self._fast.decide(game, seat)
        options = self.options(game, seat, fast.action)
        d = fast
        if len(options) > 1:
            # a rollout's cost grows with the cards still held: fewer worlds early in the hand (at least 4)
            n = max(4, min(self.worlds, round(self.worlds * _FULL_SEARCH / sum(map(len, game.hands)))))
            values = evaluate(game, seat, options, n=n, seed=self.seed)
            best, best_gain = 0, 0.0
            for i in range(1, len(options)):
                gain, se = values[i].gain(values[0])
                if gain > max(self.margin, self.z * se, best_gain):
                    best, best_gain = i, gain
            if best:
                d = searched(options[best], best_gain, n)
        self.last[seat] = d
        return d

    def options(self, game: Game, seat: int, first: Action) -> list[Action]:
        """The actions a decision weighs: ``first``, then passing and 让牌 where legal, then the other legal plays
        and burns, cheapest first (leads: a whole rank's cards, as leads are made); at most :attr:`candidates`;
        only ``first`` during the revolution's three plays."""
        legal = [a for a in game.legal_actions(seat) if a.kind in SEARCHED]
        # the revolution's three plays are not searched: the revolutionary's hand must hold them, which a deal of
        # the pool does not keep
        if first not in legal or game.phase == Phase.DUEL:
            return [first]
        out = [first, *(a for a in legal if a.kind in (ActionKind.PASS, ActionKind.YIELD) and a != first)]
        hand = game.hands[seat]
        for a in legal:
            if len(out) >= self.candidates:
                break
            if a in out or a.kind in (ActionKind.PASS, ActionKind.YIELD):
                continue
            if (game.top is None and not _whole_rank(a, hand)) or not _keeps_burn(game, seat, a):
                continue
            out.append(a)
        return out[:self.candidates]


def _keeps_burn(game: Game, seat: int, action: Action) -> bool:
    """Whether ``action`` keeps a burn it begins, or the seat's burn, able to finish: a burner leads with a joker
    (the exemptions aside) and keeps a joker for every later lead, as the normal player does."""
    if not (action.kind == ActionKind.BURN or (action.kind == ActionKind.PLAY and game.bound_to_burn(seat))):
        return True
    play, rules = Play.parse(action.cards or "", game.rules), game.rules
    rest = game.hands[seat] - play.cards
    exempt = (not rest and rules.burn_last_exempt) or (rules.bie_san and play.rank == Rank.THREE)
    if game.top is None and not play.jokers and not exempt:
        return False
    return _can_finish_burning(rest, rules)


def _whole_rank(action: Action, hand: Hand) -> bool:
    """Whether a lead puts down every card of its rank the hand holds (its jokers and 2s aside)."""
    cards = Hand.parse(action.cards or "")
    ranks = {c.rank for c in cards if c.rank < Rank.TWO}
    return len(ranks) == 1 and all(cards.count(r) == hand.count(r) for r in ranks)


def searched(action: Action, gain: float, worlds: int) -> Decision:
    """The decision for ``action`` the search found better by ``gain`` points a hand over ``worlds`` deals; its
    reason names the action, not what the normal player would have played (that could tell the seat's cards)."""
    cards = action.cards or ""
    what = {ActionKind.PLAY: (f"出{cards}", f"playing {cards}"), ActionKind.BURN: (f"烧{cards}", f"burning {cards}"),
            ActionKind.YIELD: ("让牌", "让牌 (yielding)")}.get(action.kind, ("过牌", "passing"))
    return Decision(action, "search", {"what_zh": what[0], "what_en": what[1], "gain": f"{gain:.1f}",
                                       "worlds": worlds})
