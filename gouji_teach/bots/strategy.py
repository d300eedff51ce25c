"""Computer players that play for their team, and say why.

:class:`TeamPlayer` sees what a player at the table sees (its own hand, the play on top, how many cards every
seat holds, who opened, who burns) and never looks at another seat's cards. Every choice is a
:class:`Decision`: the action and the reason, in Chinese and English, so that the practice table's coach can
answer "why did seat 3 do that?".

What it does better than :class:`~gouji_teach.bots.players.SimplePlayer`:

* it lets a teammate's play stand unless it can go out over it (do not beat a partner without need);
* it answers its 对头's 够级 play whenever it can, with the cheapest play that beats it, jokers included
  (otherwise the 对头 开点s);
* it tries to 开点: it leads a 够级 play that can 开点 when its 对头 holds too few cards to answer it;
* it leads its 4s first where they may be led (they never win a round);
* against opponents it answers with the cheapest play, keeping 2s and jokers for 够级 fights and for an
  opponent about to go out, and 让牌s rather than passing where it may;
* it burns only where the burn pays: the cards it keeps can still go out with a joker on every lead;
* under 憋三 it keeps its 3s for the last play and goes out with them.

>>> from gouji_teach.bots.players import SimplePlayer, play_hand
>>> game = play_hand(5, "tongsu", [TeamPlayer(), SimplePlayer()] * 3)
>>> game.is_over
True
>>> d = TeamPlayer().decide(Game.from_hands({0: "KK 5", 3: "6"}, leader=0), 0)
>>> d.action, d.key
(Action(seat=0, kind='play', cards='KK'), 'kaidian')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Hand, Rank, format_cards
from ..rules.engine import ACTIVE, Game, KaidianState, Phase, holds_money, opposite, team
from ..rules.events import Action, ActionKind
from ..rules.plays import Play
from ..rules.rulesets import FoursBeforeKaidian
from .players import _can_finish_burning

__all__ = ["REASONS", "Decision", "TeamPlayer"]

#: Reason kinds: key -> (Chinese, English) templates. ``{cards}`` is the play, ``{seat}`` a seat.
REASONS: dict[str, tuple[str, str]] = {
    "revolt": ("手里没有2和花，这手牌打不起来：革命", "no 2 and no joker in hand, a hopeless hand: 革命"),
    "yaotou": ("对家革命了：要头，和它拼一拼", "the 对家 revolted: 要头, take it on"),
    "duel": ("革命的三手够级牌：出最小的{cards}", "the revolution's three 够级 plays: the smallest, {cards}"),
    "duel_pass": ("没有能出的够级牌了", "no 够级 play left to make"),
    "go_out": ("一手出完：{cards}，走科", "all the cards in one play: {cards}, going out (走科)"),
    "threes_last": ("憋三：3留到最后一手，现在出完", "憋三: the 3s go last, and now they go"),
    "fasi": ("开点后要发四：出{cards}", "after 开点 the 4s are due: {cards}"),
    "kaidian": (
        "开点：出够级牌{cards}，对头座位{seat}手里的牌不够接",
        "开点 with the 够级 play {cards}: the 对头 seat {seat} holds too few cards to answer it",
    ),
    "lead_low": ("先出小牌：{cards}，大牌留着抢出牌权", "small cards first: {cards}; the big ones win the lead later"),
    "lead_four": ("4最小，能出就先出：{cards}", "4s are the smallest: out with them while they may lead: {cards}"),
    "lead_burning": ("在烧牌：每手都要挂花，出{cards}", "burning: every lead carries a joker, {cards}"),
    "lead_any": ("只有这手能出：{cards}", "the only lead allowed: {cards}"),
    "answer_duitou": (
        "对头座位{seat}出了够级牌，能上就上（不上它就开点）：{cards}",
        "the 对头 seat {seat} played 够级: answer it when possible (else it 开点s): {cards}",
    ),
    "duitou_none": (
        "对头座位{seat}的够级牌，手里没有大过它的牌",
        "nothing in hand beats the 够级 play of the 对头 seat {seat}",
    ),
    "answer_cheap": (
        "压对手座位{seat}：用最便宜的{cards}",
        "beating the opponent seat {seat} with the cheapest play: {cards}",
    ),
    "keep_big": (
        "要压座位{seat}只能用2或花：留着打够级",
        "only 2s or jokers beat seat {seat}: they are kept for 够级 fights",
    ),
    "yield": ("让牌：让下面两家先上，自己的牌留着", "让牌: the next two seats answer first; my cards stay"),
    "partner": ("同伴座位{seat}的牌，让它走，不去压", "my partner seat {seat} is on top: let it stand"),
    "nothing": ("没有大过的牌：过", "nothing beats it: pass"),
    "burn": (
        "烧座位{seat}的够级牌：{cards}，剩下的牌每手都能挂花",
        "burning seat {seat}'s 够级 play with {cards}: every later lead can carry a joker",
    ),
    "no_burn": ("不烧：剩下的牌不够每手挂花，烧了会失败", "no burn: the rest could not carry a joker on every lead"),
    "search": ("把看不见的牌随机分了{worlds}次，每次打完这一局：{what_zh}比普通电脑的打法每局平均多得{gain}分",
               "the unseen cards dealt {worlds} ways, each hand played out: {what_en} scores {gain} points a hand "
               "more than the normal player's choice"),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and its reason: ``key`` into :data:`REASONS`, formatted with ``values``."""

    action: Action
    key: str
    values: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def zh(self) -> str:
        return REASONS[self.key][0].format(**self.values)

    @property
    def en(self) -> str:
        return REASONS[self.key][1].format(**self.values)


_BURN_TRIES = 12  # the cheapest burns looked at: a zaozhuang hand with jokers has hundreds


def _groups(hand: Hand) -> list[Rank]:
    """The ranks below 2 held, lowest first."""
    return [r for r in Rank if r < Rank.TWO and hand.count(r)]


def _lead_order(hand: Hand, fours_free: bool) -> list[Rank]:
    """Ranks to lead, lowest first: 4s first where they may be led (they never win a round), 3s never (憋三
    keeps them for the last play), 2s last."""
    ranks = [r for r in Rank if r <= Rank.TWO and r != Rank.THREE and hand.count(r)]
    if Rank.FOUR in ranks and not fours_free:
        ranks.remove(Rank.FOUR)
        ranks.insert(-1 if Rank.TWO in ranks else len(ranks), Rank.FOUR)
    return ranks


def _one_play(hand: Hand) -> bool:
    """Whether the whole hand could be one play: one rank at most besides its 2s and jokers."""
    return len({c.rank for c in hand if c.rank < Rank.TWO}) <= 1


def _answer_cost(play: Play, fight: bool) -> int:
    """How much an answer gives away: its 2s and jokers (cheap in a 够级 fight), then its rank."""
    spend = 60 * play.jokers + 25 * play.twos
    return int(play.rank or Rank.BIG_JOKER) + (spend // 5 if fight else spend)


class TeamPlayer:
    """A computer player that plays for its team and records why (see the module docstring). Deterministic:
    the same position gives the same decision. :attr:`last` holds each seat's latest :class:`Decision`."""

    #: An opponent holding at most this many cards more than its play is stopped with 2s and jokers too.
    danger = 2

    def __init__(self) -> None:
        self.last: dict[int, Decision] = {}

    def declare(self, game: Game, seat: int) -> Action | None:
        """Before the first lead: revolt when eligible with a hand of no 2 and no joker (hopeless; one holding
        them keeps them, where the rule set would let it hand them over, 000 part 3 第46条)."""
        action = Action(seat, ActionKind.REVOLT)
        if not holds_money(game.hands[seat]) and game.can(action):
            self.last[seat] = Decision(action, "revolt")
            return action
        return None

    def choose(self, game: Game, seat: int) -> Action:
        """The action of ``seat``, which must be the seat to act."""
        return self.decide(game, seat).action

    def decide(self, game: Game, seat: int) -> Decision:
        """The action of ``seat`` (the seat to act) and why."""
        d = self._decide(game, seat)
        self.last[seat] = d
        return d

    def _decide(self, game: Game, seat: int) -> Decision:
        if game.phase == Phase.HEAD:
            return Decision(Action(seat, ActionKind.YAOTOU), "yaotou")
        if game.phase == Phase.DUEL:
            return self._duel(game, seat)
        if game.top is None:
            return self._lead(game, seat)
        if seat in game.burn_candidates():
            return self._burn(game, seat)
        return self._answer(game, seat)

    def _duel(self, game: Game, seat: int) -> Decision:
        for action in game.legal_actions(seat):
            # (ignore below: a play action carries its cards)
            if action.kind == ActionKind.PLAY and Play.parse(action.cards, game.rules).is_gouji:  # type: ignore[arg-type]
                return Decision(action, "duel", {"cards": action.cards})
        return Decision(Action(seat, ActionKind.PASS), "duel_pass")

    # -- leading ----------------------------------------------------------------------------------------

    def _lead(self, game: Game, seat: int) -> Decision:
        hand = game.hands[seat]
        whole = Action(seat, ActionKind.PLAY, format_cards(hand.cards))
        if _one_play(hand) and game.can(whole):
            only3 = hand.count(Rank.THREE) == len(hand)
            return Decision(whole, "threes_last" if only3 else "go_out", {"cards": whole.cards})
        if seat in game.burning():
            return self._lead_burning(game, seat, hand)
        if game.kaidian(seat) == KaidianState.PENDING and hand.count(Rank.FOUR):
            fours = Action(seat, ActionKind.PLAY, format_cards([c for c in hand if c.rank == Rank.FOUR]))
            if game.can(fours):
                return Decision(fours, "fasi", {"cards": fours.cards})
        opening = self._kaidian_lead(game, seat, hand)
        if opening is not None:
            return opening
        opened = game.kaidian(seat) in (KaidianState.OPEN, KaidianState.PENDING)
        fours_free = opened or game.rules.fours_before_kaidian == FoursBeforeKaidian.FREE
        for r in _lead_order(hand, fours_free):
            action = Action(seat, ActionKind.PLAY, format_cards([c for c in hand if c.rank == r]))
            if game.can(action):
                return Decision(action, "lead_four" if r == Rank.FOUR else "lead_low", {"cards": action.cards})
        action = next(a for a in game.legal_actions(seat) if a.kind == ActionKind.PLAY)
        return Decision(action, "lead_any", {"cards": action.cards})

    def _lead_burning(self, game: Game, seat: int, hand: Hand) -> Decision:
        joker = max((c for c in hand if c.rank.is_joker), key=lambda c: c.rank, default=None)
        for r in [*_groups(hand), Rank.TWO]:
            cards = [c for c in hand if c.rank == r]
            if not cards:
                continue
            action = Action(seat, ActionKind.PLAY, format_cards(cards + ([joker] if joker else [])))
            if game.can(action):
                return Decision(action, "lead_burning", {"cards": action.cards})
        action = next(a for a in game.legal_actions(seat) if a.kind == ActionKind.PLAY)
        return Decision(action, "lead_any", {"cards": action.cards})

    def _kaidian_lead(self, game: Game, seat: int, hand: Hand) -> Decision | None:
        """A 够级 lead that can 开点 because the 对头 holds too few cards to answer it."""
        if game.kaidian(seat) or game.luanchan:
            return None
        head = opposite(seat)
        head_cards = len(game.hands[head]) if game.status(head) == ACTIVE else 0
        for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
            if not hand.count(r):
                continue
            play = Play([c for c in hand if c.rank == r], game.rules)
            if not play.can_kaidian or not game.can(Action.of(seat, ActionKind.PLAY, play)):
                continue
            if head_cards < play.size:
                return Decision(Action.of(seat, ActionKind.PLAY, play),
                                "kaidian", {"cards": play.notation, "seat": head})
        return None

    # -- answering ---------------------------------------------------------------------------------------

    def _burn(self, game: Game, seat: int) -> Decision:
        top_seat, _ = game.top  # type: ignore[misc]  # asked only while a round is open: game.top is set
        plays = game.answers(seat)
        hand = game.hands[seat]
        for play in plays[:_BURN_TRIES]:
            if _can_finish_burning(hand - play.cards, game.rules):
                return Decision(Action.of(seat, ActionKind.BURN, play),
                                "burn", {"cards": play.notation, "seat": top_seat})
        return Decision(Action(seat, ActionKind.PASS), "no_burn")

    def _answer(self, game: Game, seat: int) -> Decision:
        top_seat, top_play = game.top  # type: ignore[misc]  # asked only while a round is open: game.top is set
        hand = game.hands[seat]
        pass_ = Action(seat, ActionKind.PASS)
        partner = team(top_seat) == team(seat) and top_seat not in game.burning()
        if partner and not _one_play(hand):  # it cannot go out over the partner (no need to list its answers)
            return Decision(pass_, "partner", {"seat": top_seat})
        plays = game.answers(seat)
        if game.bound_to_burn(seat):  # a burner keeps a joker for each later lead
            plays = [p for p in plays if _can_finish_burning(hand - p.cards, game.rules)]
        for play in plays:
            if play.size == len(hand) and game.can(Action.of(seat, ActionKind.PLAY, play)):
                return Decision(Action.of(seat, ActionKind.PLAY, play), "go_out", {"cards": play.notation})
        if partner:
            return Decision(pass_, "partner", {"seat": top_seat})
        duitou_gouji = top_play.is_gouji and top_seat == opposite(seat)
        if duitou_gouji:
            if plays:
                return Decision(Action.of(seat, ActionKind.PLAY, plays[0]), "answer_duitou",
                                {"cards": plays[0].notation, "seat": top_seat})
            return Decision(pass_, "duitou_none", {"seat": top_seat})
        fight = top_play.is_gouji or len(game.hands[top_seat]) <= top_play.size + self.danger
        choices = [(p, _answer_cost(p, fight)) for p in plays]
        affordable = [(p, c) for p, c in choices if fight or not (p.jokers or p.twos)]
        if affordable:
            best = min(affordable, key=lambda pc: pc[1])[0]
            return Decision(Action.of(seat, ActionKind.PLAY, best),
                            "answer_cheap", {"cards": best.notation, "seat": top_seat})
        if plays and game.can(Action(seat, ActionKind.YIELD)):
            return Decision(Action(seat, ActionKind.YIELD), "yield")
        if plays:
            return Decision(pass_, "keep_big", {"seat": top_seat})
        return Decision(pass_, "nothing")
