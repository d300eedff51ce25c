"""The review of a finished hand (复盘): each of a seat's decisions weighed by the strong player's search, the
costliest first.

For every play, burn, pass or 让牌 the seat chose among others, :func:`review` goes back to that position and lets
the search of :mod:`~gouji_teach.bots.search` weigh the action taken against the strong player's candidates, in deals
of the cards the seat could not see *then* (what it knew at the time, not the cards the end of the hand showed). A
:class:`Mistake` is an action that cost its team points on average: where it was, what was played, what the search
prefers, the expected points lost a hand with their standard error, and the idea behind the better action (the
normal player's reason for it, when it is its choice).

>>> from gouji_teach.rules.engine import Game
>>> g = Game.from_hands({0: "2 10 7", 1: "9 X", 2: "5 K", 3: "4 A 8 D", 4: "J X D K 6", 5: "7 Q D 10"}, leader=0)
>>> _ = g.act("seat 0 plays 7")
>>> [(m.played.cards, m.better.cards, round(m.cost)) for m in review(g, 0)]
[('7', '27', 28)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules.engine import Game
from ..rules.events import Action
from .search import SEARCHED, StrongPlayer, evaluate, searched
from .strategy import TeamPlayer

__all__ = ["Mistake", "review"]


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision the search found costly: ``at`` is the number of actions before it (the position:
    ``game.history[:at]``), ``cost`` the points its team lost a hand on average by ``played`` instead of
    ``better`` (with ``stderr``), ``idea`` the reason for ``better`` in Chinese and English."""

    at: int
    played: Action
    better: Action
    cost: float
    stderr: float
    idea: tuple[str, str]

    def position(self, game: Game) -> Game:
        """The position of ``game`` where the decision was taken (a copy, taken back to it)."""
        g = game.copy()
        while len(g.history) > self.at:
            g.undo()
        return g


#: A review deals the unseen cards this many times over all its decisions (at most 6 and at least 4 a decision):
#: a long hand of many decisions stays within the same time (about 15 s on one core).
_DEALS = 200


def review(game: Game, seat: int, *, worlds: int | None = None, top: int = 3, z: float = 1.5, seed: int = 0,
           on_progress: Callable[[int, int], None] | None = None) -> list[Mistake]:
    """The ``top`` costliest of ``seat``'s decisions in ``game`` (played so far), costliest first: those that
    cost more than a point a hand and ``z`` standard errors of the difference (the same deals for both actions).
    ``worlds``: the deals of the unseen cards a decision is weighed in (default: 4-6, fewer in a long hand).
    ``on_progress(done, total)`` is called after each decision weighed."""
    g = game.copy()
    positions: list[tuple[Game, Action]] = []
    while g.history:
        action = g.undo()
        if action.seat == seat and action.kind in SEARCHED and len(g.legal_actions(seat)) > 1:
            positions.append((g.copy(), action))
    positions.reverse()
    worlds = worlds or max(4, min(6, _DEALS // max(len(positions), 1)))
    strong, normal = StrongPlayer(worlds=worlds, seed=seed), TeamPlayer()
    found: list[Mistake] = []
    for done, (position, played) in enumerate(positions, start=1):
        first = normal.decide(position, seat)
        options = [played, *(a for a in strong.options(position, seat, first.action) if a != played)]
        if len(options) > 1:
            values = evaluate(position, seat, options, n=worlds, seed=seed)
            best = max(values[1:], key=lambda v: v.mean)
            cost, se = best.gain(values[0])
            if cost > max(1.0, z * se):
                idea = (first.zh, first.en) if best.action == first.action else _found(best.action, cost, worlds)
                found.append(Mistake(len(position.history), played, best.action, cost, se, idea))
        if on_progress is not None:
            on_progress(done, len(positions))
    return sorted(found, key=lambda m: -m.cost)[:top]


#: The idea of a better action the normal player would not choose: what the search found.
_FOUND = ("把你当时看不见的牌随机分了{worlds}次，每次打完这一局：{what_zh}比你的打法每局平均多得{gain}分",
          "the cards you could not see dealt {worlds} ways, each hand played out: {what_en} scores {gain} points a "
          "hand more than your play")


def _found(action: Action, gain: float, worlds: int) -> tuple[str, str]:
    values = searched(action, gain, worlds).values
    return _FOUND[0].format(**values), _FOUND[1].format(**values)
