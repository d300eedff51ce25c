"""The play engine: one hand of 够级 from the deal to the end, under a rule set.

Seats 0-5 play counter-clockwise; teams are {0, 2, 4} and {1, 3, 5}; the 对头 of seat s is s+3. A
:class:`Game` holds the hands, whose turn it is, the current round (the play on top, who passed, a pending
让牌, the seats that may burn a 够级 play), each seat's 开点, the seats that went out, were 闷ed, revolted or
failed a burn, and the event log. Every action goes through :meth:`Game.verify` (raises
:class:`~gouji_teach.rules.events.IllegalActionError` naming the rule), :meth:`Game.can` and :meth:`Game.apply`
(returns the new events). :meth:`Game.undo` and :meth:`Game.copy` make what-if questions cheap.

>>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
>>> [e.en for e in g.act("seat 0 plays KK")]
['seat 0 leads two Ks: 够级, only its 对头 seat 3 may answer (or someone burns)']
>>> g.to_act
3
>>> g.act("seat 1 plays QQ")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gouji_teach.rules.events.IllegalActionError: 够级牌只有对头（座位3）能上，座位1只能烧...
>>> [e.kind for e in g.act("seat 3 passes")]
[<EventKind.PASS: 'pass'>, <EventKind.ROUND: 'round'>, <EventKind.KAIDIAN: 'kaidian'>]
>>> g.kaidian_seats()
[0]

Where the seeds are thin or disagree, the engine decides as follows (each rule set's switches carry the rest):

* A round is won by the last seat that played; it leads next, also after an unanswered 够级 play (000 part 3
  第9条 "对家如不响应，则玩家发牌"; 002 §5 发牌 and 开点 "使得自己获得出牌权"). 002 §5 打够级牌 says the
  opposite ("如果对头过牌……由对头发牌"): that reading is the switch ``duitou_pass_leads`` (off in every preset;
  the seat still 开点s).
* Burns are declarations out of turn: after a 够级 play the seats that may burn it are asked first, one at a
  time in 烧 priority (002 §5 烧牌: a seat later in the order burns only once those before it decline; it may
  decline early), then its 对头; the 对头 answering or passing ends the chance to burn. Declining a burn
  is not a 过牌. A burn is the burner's play over the 够级 play; every later lead of the burner must carry a
  joker (the last one exempt where ``burn_last_exempt``) until it goes out (烧成功) or its play is beaten
  (解烧; by the victim: 反烧). Under 憋三 the closing 3s are exempt in every rule set: the last play must be
  all 3s (000 part 3 第5条, 003 §五), so no joker can go with it, and without the exemption no burn could ever
  succeed where every lead needs a joker (000 part 3 第29条, 003 §八). A lead that breaks this is 烧失败.
  Where ``failed_burn_last`` (002 §5 "本局不能再出牌", 000 part 3 第32条) the burner plays no more and is
  placed last; otherwise (zaozhuang: 003 §八 only has the failed burner pay the seat it burned) it owes that
  tribute and plays on.
* 让牌 follows 000 part 3 第12条: the next two seats answer first; if either plays, the yielder has passed.
  Where ``yield_duitou_only`` (002 §5 让牌 "对让牌人顺的牌，唯有对头才有上牌权"), such a play, made in the
  yielder's place, is answered only by the 对头 of the seat that made it (对头 as in 002 §5 打够级牌), or by a
  无头 seat; it cannot be burned.
* 够死级 has a second case where ``sisi_last_play`` (002 §5 够死级): the 对头 of 头科 or 二科 that answers the
  够级 play that seat went out with makes that answer 够死级 (nobody answers it; before 四户乱缠 one may burn it).
  It holds in 四户乱缠 too, since in 002 二科 going out always begins it; a burn of that last play takes the
  chance away (除非这时有人烧牌).
* A failed revolution (000 part 3 第47条, 第49条) leaves its 对头 有头: the 对头's 够级 plays wait for the failed
  revolutionary, who never answers, so others may only burn them; and it may only burn other 够级 plays.
* Where ``counter_burn_at_once`` (003 §十一 注 "若被烧人在刚刚被烧的情况下不能解烧，在之后的过程中对烧牌人发的牌
  实行烧牌……定性为烧牌"), only the victim's burn of the burning play itself is a 反烧; its burn of a later play
  of the burner is an ordinary burn (worth one card) that lifts the first.
* Where ``counter_burn_by_others`` (000 part 3 第31条 "除对家外，被烧牌的玩家和其他未过牌的玩家都可以……反烧"),
  any seat but the burner's 对家 that burns the burner's play makes a 反烧, as the victim does: the burn it
  answers is ``counter`` and the 烧贡 grows by ``counter_burn_growth``; elsewhere such a burn lifts the first
  (解烧, 002 §5 烧牌) and starts a burn of its own.
* Where ``jieshao_recover`` (000 part 3 第30条 "所出解烧的牌又被玩家继续盖过，则解烧失败，烧牌成功"), a burner
  that beats, in the same round, the play that lifted its burn takes the burn up again (event ``burn_resumed``);
  a round won by the lifting play, or another seat's play over it, lets the 解烧 stand.
* 特殊解烧 where ``special_jieshao`` (003 §十): over a burner's play the victim is asked first (反烧); then a
  teammate of the victim beating it only lifts the burn (no burn of its own), and a teammate of the burner
  lifts it and burns the victim in the burner's place. Both act through the out-of-turn ``burn`` action.
* Where ``discard_dead_fours`` (000 part 3 第6条), when 四户乱缠 ends 开点 every seat that has not opened throws
  its 4s away: the engine always takes this 优惠 (a hand of nothing but 4s keeps them to go out with).
* 四户乱缠 begins when two seats are gone (out, or revolted, a failed revolution excepted); from then on no
  够级 answering, pass rule, 让牌, burning or 开点. A 闷ed seat or a failed burner is not gone, though it plays
  no more (002 §5 四户乱缠 also says "剩下少于等于四人在打牌", which would count them; its first sentence, 头科、
  二科产生后, is taken). A burn under way when 四户乱缠 begins keeps its joker rule until it ends: the seeds stop
  new burns (000 part 3 第34条) and say nothing of one already made.
* A seat is 闷ed when it holds only 3s and its play is beaten; it plays no more and is placed after the seats
  that went out (the first 闷ed last where ``men_first_is_daluo``).
* Where ``revolution_lead`` (000 part 3 第48条), after the three plays a successful revolutionary leads its 3s
  at once (then sits out; the others answer them as a lead, and 宣点 stays open until an active seat plays) and
  its 对头 throws its 4s away; after a failure the 对头 leads, with 4s where it opened in the three plays (发四
  due). An unopened 对头 is not made to lead 4s: 第6条 keeps 4s for after 开点.
  Where ``failed_revolution_fours`` (第48条 "无论对家是否开点，皆由对家发4", written for this case and taken
  over 第6条) an unopened 对头 leads its 4s first too, and they concede nothing.
* Where ``revolution_hands_over`` (000 part 3 第46条 "手中已无大、小王和“2”的牌（如仍有，须交给对家）"), a seat
  still holding 2s or jokers may revolt: as it does, they go to its 对头 (event ``hand_over``). Where
  ``duel_decides_points`` (第47条 "对家所打三手牌中只要有一手为纯够级牌，则对家开点，否则双方都不开点"), a seat the
  three plays did not open opens no more this hand (its 开点 is ``closed``).
* 冲点 and the three plays after a revolution are played one play at a time (000 part 1 shows them together):
  an action carries one play, and 000 part 3 第47条 itself has the first play answered before the other two.
* 憋三 (``bie_san``): a play counted as 3s is the last play and is all 3s (002 §5 买三 "最后一手牌必须全是3",
  000 part 1 "牌点必须都是3"): ``X33`` and ``233`` are refused, a joker or a 2 not being a 3. A seat holding no
  3 still goes out with another play: the seeds give every seat a 3 by 买三/要三 and never say what else.
* 憋三留头 where ``men_keeps_head`` (000 part 3 第5条 "视为并未走人"): the 对头 of a 闷ed seat keeps its head,
  as after a failed revolution (others may only burn its 够级 plays, it may only burn theirs). Where
  ``kaidian_needs_duitou`` (003 §六 "对家已走"), only a 对家 that went out or revolted ends 开点: a 闷ed 对家
  "走不成了" (003 §十三) and has not gone.
* 和平局 where ``peace_first_hand`` (000 part 3 第20条), in a hand dealt with ``first_hand``: no 买三买四, and a
  seat's first pure 够级 play opens (开点) as it is played, answered or not.
* Where ``must_give_three`` (003 §五 "既没钱又没花，有3的必须给一张"), a seat with no 2 and no joker asks its
  teammates, then any seat with a 3 to spare must give it one.
* 上班 (002 §5): the most 4s of one suit under 憋三, the most 3s otherwise ("以3代替上面的4"). A tie goes to the
  lowest seat: the engine cannot know who shows first (先亮者).

Not modelled, and why (the engine plays one hand; these belong to a series, to the deal, or to talk at the
table):

* 大落 leads the next hand (000 part 3 第13条, 第23条): a hand does not know the last one; whoever plays a
  series passes the last hand's 大落 as ``leader=`` to :meth:`Game.from_hands`.
* 汇五 (第44条), the opening play of the swept team after 串三户: it needs the previous hand's result and the
  whole team's 5s before the deal is played; ``sweep_huiwu`` is recorded for settlement and the course only.
* 点手 (第27条): cards shown and handed back while dealing, before play; the engine starts from dealt hands.
* Money for buying must be dealt, not received (第7条): the engine's hands are dealt, never after 吃贡, so every
  2 and joker it pays with was dealt.
* zaozhuang's burn succeeding by winning the hand (003 §八, §十一 "赢了这场扑克"): read as going out while
  burning, as in the other families; 003 names no other end of a burn.
* The non-憋三 play of 002 §5 is the rule set with ``bie_san`` off (3s play as any rank; 上班 counts 3s).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .cards import Card, Hand, Rank, build_deck, check_deck, format_cards, shuffled_deck
from .compare import beats
from .errors import GoujiError, NothingToUndoError, SetupError
from .events import Action, ActionKind, Event, EventKind, IllegalActionError, refusal
from .gouji import GOUJI_THRESHOLDS
from .options import Composition, composition_notation, plays_beating, possible_compositions, possible_plays
from .plays import Play
from .record import Burn, BurnOutcome, GameRecord, Men, opposite, team
from .rulesets import FirstLeader, FoursBeforeKaidian, PassRule, RevolutionDuel, Ruleset, find_ruleset

__all__ = [
    "ACTIVE",
    "FAILED",
    "MEN",
    "MONEY",
    "OUT",
    "REVOLT",
    "ActionKind",
    "Game",
    "KaidianState",
    "Phase",
    "SeatStatus",
    "holds_money",
    "opposite",
    "team",
]


class Phase(StrEnum):
    """Where a hand is: :attr:`Game.phase`."""

    START = "start"  # before the first lead: 革命 and 宣点 allowed
    HEAD = "head"  # the 对头 of a revolutionary chooses 要头 or 无头
    DUEL = "duel"  # 冲点 or the three plays after a revolution
    PLAY = "play"
    OVER = "over"
    VOID = "void"  # two revolutions: the hand does not count


class SeatStatus(StrEnum):
    """Where a seat is: :meth:`Game.status`."""

    ACTIVE = "active"
    OUT = "out"  # went out
    REVOLT = "revolt"  # revolted (革命)
    MEN = "men"  # 闷ed
    FAILED = "failed"  # its burn failed (烧失败) and it plays no more


class KaidianState(StrEnum):
    """A seat's 开点: :meth:`Game.kaidian`. ``NONE`` is the empty string, so it is false."""

    NONE = ""  # not yet
    OPEN = "open"  # 开点
    PENDING = "pending"  # opened, 发四 due
    CONCEDED = "conceded"  # 认点
    CLOSED = "closed"  # the three plays after a revolution decided: no 开点 this hand (``duel_decides_points``)


#: The seat statuses by their short names.
ACTIVE, OUT, REVOLT, MEN, FAILED = SeatStatus
_PLACES_EN = ("first", "second", "third", "fourth", "fifth", "sixth")
_SISI_PLAYS = 3  # 要头: the first three 够级 plays are 够死级 (002 §5 够死级)


#: 钱 and 花: the cards that pay for a 3 and keep a seat from revolting.
MONEY = (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)


def holds_money(hand: Hand) -> bool:
    """Whether ``hand`` holds a 2 or a joker (钱 or 花)."""
    return any(hand.count(rank) for rank in MONEY)


def _holds(hand: Hand, cards: tuple[Card, ...]) -> bool:
    """Whether ``hand`` holds ``cards`` (counted per rank when the cards have no suits: fast)."""
    if any(c.suit is not None for c in cards):
        return hand.contains(cards)
    need: dict[Rank, int] = {}
    for c in cards:
        need[c.rank] = need.get(c.rank, 0) + 1
    return all(hand.count(r) >= n for r, n in need.items())


def _only_threes(hand: Hand) -> bool:
    return len(hand) > 0 and hand.count(Rank.THREE) == len(hand)


def _has_pure_gouji(hand: Hand) -> bool:
    return any(hand.count(r) >= n for r, n in GOUJI_THRESHOLDS.items())


def _pure_gouji_sets(hand: Hand) -> int:
    """How many disjoint smallest pure 够级 plays the hand holds."""
    return sum(hand.count(r) // n for r, n in GOUJI_THRESHOLDS.items())


class _State:
    """Everything :meth:`Game.undo` restores. ``clone`` copies the mutable containers."""

    after_window: int | None  # who acts when the burn window closes
    burning: dict[int, int]  # burner -> index of its burn in ``burns``
    burns: list[list[Any]]  # [burner, victim, outcome or None]
    duel: list[list[Any]]  # the revolution's plays: [play, answer or None]
    finish: list[int]
    fours_due: int | None
    fresh_burn: int | None
    hands: list[Hand]
    head_pending: int | None
    kaidian: list[KaidianState]
    leader: int | None
    lifted: dict[int, Any]
    luanchan: bool
    men: list[tuple[int, int]]
    n_events: int
    passed: set[int]
    phase: Phase
    revolution: list[int]
    revolution_failed: list[int]
    sisi: dict[int, int]
    sisi_top: bool
    status: list[SeatStatus]
    to_act: int | None
    top: tuple[int, Play] | None
    top_gouji: bool
    window: list[int]
    xuandian: list[int]
    yield_left: list[int]
    yield_top: bool
    yielder: int | None

    __slots__ = (
        "after_window",
        "burning",
        "burns",
        "duel",
        "finish",
        "fours_due",
        "fresh_burn",
        "hands",
        "head_pending",
        "kaidian",
        "leader",
        "lifted",
        "luanchan",
        "men",
        "n_events",
        "passed",
        "phase",
        "revolution",
        "revolution_failed",
        "sisi",
        "sisi_top",
        "status",
        "to_act",
        "top",
        "top_gouji",
        "window",
        "xuandian",
        "yield_left",
        "yield_top",
        "yielder",
    )

    def clone(self) -> _State:
        new = object.__new__(_State)
        for name in _VALUES:
            setattr(new, name, getattr(self, name))
        for name in _CONTAINERS:
            setattr(new, name, getattr(self, name).copy())
        new.burns = [b.copy() for b in self.burns]
        return new


_CONTAINERS = (
    "hands",
    "status",
    "kaidian",
    "finish",
    "men",
    "revolution",
    "revolution_failed",
    "xuandian",
    "burning",
    "sisi",
    "passed",
    "window",
    "yield_left",
    "duel",
    "lifted",
)
_VALUES = tuple(n for n in _State.__slots__ if n not in _CONTAINERS and n != "burns")


class Game:
    """One hand of 够级 under a rule set. Build it with :meth:`deal` or :meth:`from_hands`."""

    def __init__(
        self,
        hands: Sequence[Hand],
        rules: Ruleset | str | None = None,
        *,
        leader: int,
        first_hand: bool = False,
        events: Iterable[Event] = (),
    ) -> None:
        self.rules = find_ruleset(rules)
        self.first_hand = first_hand
        if len(hands) != 6:
            raise SetupError(f"一局够级要六家的牌，不是{len(hands)}家",
                             f"a hand of 够级 needs six seats, not {len(hands)}")
        check_deck([c for h in hands for c in h], self.rules, "hands")
        self._initial = tuple(hands)
        self._events: list[Event] = list(events)
        s = object.__new__(_State)
        s.hands = list(hands)
        s.status = [ACTIVE] * 6
        s.kaidian = [KaidianState.NONE] * 6
        s.finish, s.men, s.burns, s.revolution, s.xuandian = [], [], [], [], []
        s.revolution_failed, s.duel = [], []
        s.burning, s.sisi, s.lifted = {}, {}, {}
        s.head_pending = s.fours_due = s.fresh_burn = None
        s.phase = Phase.START
        s.luanchan = False
        s.leader = s.to_act = leader
        s.top, s.top_gouji, s.sisi_top, s.yield_top = None, False, False, False
        s.passed = set()
        s.lifted = {}
        s.window = []
        s.after_window = None
        s.yielder = None
        s.yield_left = []
        s.n_events = len(self._events)
        self._s = s
        self._history: list[tuple[_State | None, Action]] = []
        self._undo = True
        self._plays: dict[str, Play] = {}  # plays parsed or built in this game and its copies
        self._made: dict[Composition, Play] = {}

    # -- construction ----------------------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int, rules: Ruleset | str | None = None, *, first_hand: bool = False) -> Game:
        """A hand dealt from a deck shuffled by ``seed``, after 买三/买四 and 自然点 where the rule set has them.

        >>> g = Game.deal(7)
        >>> [len(h) for h in g.hands], g.rules.name
        ([36, 36, 36, 36, 36, 36], 'qingdao')
        """
        rules = find_ruleset(rules)
        keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
        deck = shuffled_deck(rules.packs, seed=seed, keep=keep)
        return cls._start([Hand(deck[i::6]) for i in range(6)], rules, deck, seed, None, True, first_hand)

    @classmethod
    def from_hands(
        cls,
        hands: Mapping[int, str | Hand | Iterable[Card]] | Sequence[str | Hand],
        rules: Ruleset | str | None = None,
        *,
        leader: int | None = None,
        seed: int | None = None,
        prelude: bool = False,
        first_hand: bool = False,
    ) -> Game:
        """A hand from explicit hands (a puzzle or a scenario). Seats left out get cards from the rest of the
        rule set's deck shuffled by ``seed`` (default 0), as many as a full deal gives. The hands are taken as
        they stand when play begins, unless ``prelude``: then 买三/买四 and 自然点 happen first, as after a
        deal. ``leader`` defaults to the rule set's first-leader rule.
        """
        rules = find_ruleset(rules)
        given = dict(enumerate(hands)) if not isinstance(hands, Mapping) else dict(hands)
        if any(not (isinstance(k, int) and 0 <= k <= 5) for k in given):
            seats = ", ".join(sorted(map(repr, given)))
            raise SetupError(f"座位只能是0到5，这里有：{seats}", f"seats are 0-5, not: {seats}")
        parsed = {
            k: (v if isinstance(v, Hand) else Hand.parse(v) if isinstance(v, str) else Hand(v))
            for k, v in given.items()
        }
        check_deck([c for h in parsed.values() for c in h], rules, "hands")
        if len(parsed) < 6:
            keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
            deck = build_deck(rules.packs, suits=False, keep=keep)
            rest = Hand(deck) - [Card(c.rank) for h in parsed.values() for c in h]
            pool = list(rest.cards)
            random.Random(seed or 0).shuffle(pool)
            size = len(deck) // 6
            for k in range(6):
                if k not in parsed:
                    parsed[k], pool = Hand(pool[:size]), pool[size:]
        if leader is not None and (isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 5):
            raise SetupError(f"先发牌的必须是座位0到5，不能是{leader!r}",
                             f"the leader must be a seat 0-5, not {leader!r}")
        return cls._start([parsed[k] for k in range(6)], rules, None, seed or 0, leader, prelude, first_hand)

    @classmethod
    def _start(
        cls,
        hands: list[Hand],
        rules: Ruleset,
        deck: list[Card] | None,
        seed: int,
        leader: int | None,
        prelude: bool,
        first_hand: bool,
    ) -> Game:
        events: list[Event] = []
        if prelude and first_hand and rules.peace_first_hand:
            events.append(
                Event(
                    EventKind.PEACE,
                    None,
                    "和平局（系列第一局）：不买三买四，对家的第一手纯够级牌直接开点",
                    "和平局 (the first hand of a series): nobody buys 3s or 4s, and a seat's first pure 够级 play "
                    "opens at once",
                    rule="kaidian.peace",
                )
            )
        elif prelude:
            hands = _buy(hands, rules, events)
        if leader is None:
            leader, why_zh, why_en = _first_leader(hands, rules, deck, seed)
            events.append(
                Event(
                    EventKind.FIRST_LEADER,
                    leader,
                    f"座位{leader}先发牌：{why_zh}",
                    f"seat {leader} leads first: {why_en}",
                    rule="first_leader",
                )
            )
        game = cls(hands, rules, leader=leader, first_hand=first_hand, events=events)
        if prelude and rules.natural_point:
            game._natural_points()
        if prelude and rules.auto_revolution:
            game._auto_revolutions()
        return game

    # -- reading the state -----------------------------------------------------------------------

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(self._s.hands)

    @property
    def initial_hands(self) -> tuple[Hand, ...]:
        """The hands when play began (after 买三/买四)."""
        return self._initial

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (``None`` once the hand is over)."""
        return self._s.to_act

    @property
    def phase(self) -> Phase:
        """``start`` (before the first lead: 革命 and 宣点 allowed), ``head`` (a 对头 chooses 要头/无头),
        ``duel`` (冲点, the three plays), ``play``, ``over`` or ``void`` (two revolutions): a :class:`Phase`."""
        return self._s.phase

    @property
    def is_over(self) -> bool:
        return self._s.phase in (Phase.OVER, Phase.VOID)

    @property
    def top(self) -> tuple[int, Play] | None:
        """The play to beat in this round and its seat, or ``None`` when the seat to act leads."""
        return self._s.top

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events[: self._s.n_events])

    @property
    def luanchan(self) -> bool:
        """Whether 四户乱缠 has begun (two seats gone)."""
        return self._s.luanchan

    def status(self, seat: int) -> SeatStatus:
        """``active``, ``out`` (went out), ``revolt``, ``men`` (闷ed) or ``failed`` (烧失败): a :class:`SeatStatus`."""
        return self._s.status[seat]

    def kaidian(self, seat: int) -> KaidianState:
        """``''`` (not yet), ``open`` (开点), ``pending`` (opened, 发四 due) or ``conceded`` (认点): a
        :class:`KaidianState`."""
        return self._s.kaidian[seat]

    def kaidian_seats(self) -> list[int]:
        """Seats that have 开点ed (发四 done where the rule set wants it)."""
        opened = (KaidianState.OPEN,) if self.rules.fasi_lapses else (KaidianState.OPEN, KaidianState.PENDING)
        return [k for k in range(6) if self._s.kaidian[k] in opened]

    def men(self) -> list[tuple[int, int]]:
        """``(victim, by)`` for each seat 闷ed so far, in order."""
        return list(self._s.men)

    def finish_order(self) -> list[int]:
        """Seats in the order they went out; once the hand is over, every seat but revolutionaries, the
        last still holding cards after those that went out, then the 闷ed (the first 闷ed last where
        ``men_first_is_daluo``), then failed burners (烧失败 counts as 大落)."""
        s = self._s
        order = list(s.finish)
        if s.phase != Phase.OVER:
            return order
        order += [k for k in range(6) if s.status[k] == ACTIVE]
        victims = [v for v, _ in s.men]
        order += victims[::-1] if self.rules.men_first_is_daluo else victims
        order += [k for k in range(6) if s.status[k] == FAILED]
        return order

    def cards_in_play(self) -> int:
        """Cards still held by the six seats."""
        return sum(len(h) for h in self._s.hands)

    def burning(self) -> dict[int, int]:
        """Open burns: burner → victim."""
        return {b: self._s.burns[i][1] for b, i in self._s.burning.items()}

    def bound_to_burn(self, seat: int) -> bool:
        """Whether ``seat``'s next play is a burner's (every lead with a joker): it burns now, or its burn was
        lifted by the play on top (解烧) and beating that play takes the burn up again (000 part 3 第30条)."""
        s = self._s
        return seat in s.burning or (s.top is not None and s.lifted.get(s.top[0], (None,))[0] == seat)

    def headless(self, seat: int) -> bool:
        """无头: the seat's 对头 is gone (out, 闷ed, failed, or revolted with no 够死级 left); a failed
        revolution leaves its 对头 有头 (000 part 3 第47条, 第49条)."""
        return not self._has_head(seat) and not self._s.sisi.get(seat)

    def burn_candidates(self) -> list[int]:
        """Seats that may still burn the 够级 play on top, in priority order (the victim's team first, then
        play order: 002 §5 烧牌)."""
        return list(self._s.window)

    # -- actions: verify / can / apply --------------------------------------------------------------

    def act(self, action: Action | str) -> tuple[Event, ...]:
        """Apply an action given as an :class:`Action` or as text (``'seat 2 plays 999'``)."""
        return self.apply(action if isinstance(action, Action) else Action.parse(action))

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` (or :class:`~gouji_teach.rules.errors.IllegalPlayError`) if the rules
        forbid ``action`` now; the message names the rule and says why."""
        self._check(action)

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self._check(action if isinstance(action, Action) else Action.parse(action))
        except GoujiError:
            return False
        return True

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply a legal action; returns the events it caused. Raises like :meth:`verify` otherwise."""
        play = self._check(action)
        before = self._s.clone() if self._undo else None
        start = self._s.n_events
        del self._events[start:]
        self._history.append((before, action))
        _DO[action.kind](self, action.seat, play)
        return tuple(self._events[start : self._s.n_events])

    def undo(self) -> Action:
        """Take back the last action; returns it."""
        state = self._history[-1][0] if self._history else None
        if state is None:  # nothing done, or done in a copy made with undo=False (it keeps no states)
            raise NothingToUndoError
        action = self._history.pop()[1]
        self._s = state.clone()  # a copy of this game may share the snapshot
        return action

    def copy(self, *, undo: bool = True) -> Game:
        """An independent copy (its own undo history). ``undo=False``: a copy whose later actions cannot be taken
        back, for playing a hand out fast (a search's rollouts); the actions before the copy still can."""
        new = object.__new__(Game)
        new.rules, new.first_hand, new._initial, new._undo = self.rules, self.first_hand, self._initial, undo
        new._events = self._events[: self._s.n_events]
        new._s = self._s.clone()
        new._history = [(st, a) for st, a in self._history]
        new._plays, new._made = self._plays, self._made
        return new

    def redealt(self, hands: Mapping[int, Hand]) -> Game:
        """A copy in which the seats of ``hands`` hold those cards instead: the same cards among them, each seat
        as many as it holds now (what a seat cannot see, laid out another way: a search samples these).

        >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
        >>> g.redealt({1: Hand.parse("Q 4 9"), 2: Hand.parse("Q")}).hands[:3]
        (Hand('K K 5'), Hand('Q 9 4'), Hand('Q'))
        >>> g.redealt({1: Hand.parse("QQQ")}).hands[1]
        Traceback (most recent call last):
        ...
        gouji_teach.rules.errors.SetupError: 重新分的牌要和这几个座位原来的牌一样多、一样的牌 / ...
        """
        before = Counter(c for k in hands for c in self._s.hands[k])
        if (Counter(c for h in hands.values() for c in h) != before
                or any(len(h) != len(self._s.hands[k]) for k, h in hands.items())):
            raise SetupError("重新分的牌要和这几个座位原来的牌一样多、一样的牌",
                             "cards dealt again must be the same cards, each seat as many as it holds")
        new = self.copy()
        for k, h in hands.items():
            new._s.hands[k] = h
        return new

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied so far."""
        return tuple(a for _, a in self._history)

    # -- what may be done now ------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the seat to act) now, plays cheapest first."""
        s = self._s
        seat = s.to_act if seat is None else seat
        if seat is None or self.is_over:
            return []
        out: list[Action] = []
        if s.phase == Phase.HEAD and seat == s.head_pending:
            return [Action(seat, ActionKind.YAOTOU), Action(seat, ActionKind.WUTOU)]
        if s.phase == Phase.DUEL:
            if seat != s.to_act:
                return []
            hand = s.hands[seat]
            plays = possible_plays(hand, self.rules) if s.top is None else self._beating(hand, s.top[1])
            candidates = [Action.of(seat, ActionKind.PLAY, p) for p in plays] + [Action(seat, ActionKind.PASS)]
            return [a for a in candidates if self.can(a)]
        if s.status[seat] == ACTIVE:
            if s.phase == Phase.START and seat not in s.xuandian:
                out.append(Action(seat, ActionKind.XUANDIAN))
            if self._may_revolt(seat):
                out.append(Action(seat, ActionKind.REVOLT))
        if s.status[seat] != ACTIVE or s.phase == Phase.HEAD:
            return out
        hand = s.hands[seat]
        if s.top is None:
            if seat == s.to_act:
                free = s.fours_due != seat  # only leads of 3s and 4s can be refused, unless 4s are due
                notation, problem, four = composition_notation, self._lead_problem, int(Rank.FOUR)
                out += Action.many(  # built from compositions: a hand of 36 cards makes hundreds of plays
                    seat,
                    ActionKind.PLAY,
                    [
                        notation(c)
                        for c in possible_compositions(hand, self.rules)
                        if (free and (c[0] > four or not c[1])) or problem(seat, c[0], sum(c[1:]), c[1]) is None
                    ],
                )
            return out
        top_play = s.top[1]
        if seat in s.window:
            if seat == s.window[0]:  # burns go in priority order (002 §5 烧牌); a later seat may decline early
                out += [Action.of(seat, ActionKind.BURN, p) for p in self._beating(hand, top_play)]
            out.append(Action(seat, ActionKind.PASS))
        elif seat == s.to_act or seat == s.after_window:
            out += [Action.of(seat, ActionKind.PLAY, p) for p in self._beating(hand, top_play)]
            out.append(Action(seat, ActionKind.PASS))
            if self._yield_problem(seat) is None:
                out.append(Action(seat, ActionKind.YIELD))
        return out

    def may_act(self) -> dict[int, list[ActionKind]]:
        """Who may act now, and how: seat → action kinds (``play``, ``pass``, ``yield``, ``burn``, ...)."""
        kinds: dict[int, list[ActionKind]] = {}
        for seat in range(6):
            ks = sorted({a.kind for a in self.legal_actions(seat)}, key=list(ActionKind).index)
            if ks:
                kinds[seat] = ks
        return kinds

    def why_not(self, action: Action | str) -> GoujiError | None:
        """``None`` if ``action`` is legal now, else the refusal it would raise (not raised: returned), whose
        ``zh`` and ``en`` say which rule forbids it and why."""
        try:
            self._check(action if isinstance(action, Action) else Action.parse(action))
        except GoujiError as e:
            return e
        return None

    # -- the record ------------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """Deprecated (goes in the next release): the record has one way in, :meth:`game_record`; its plain JSON
        is ``game_record().to_json()`` (:meth:`~gouji_teach.rules.record.GameRecord.to_json`)."""
        import warnings

        warnings.warn("Game.record() is Game.game_record().to_json(); Game.record() goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.game_record().to_json()

    def game_record(self) -> GameRecord:
        """The game record settlement reads (:class:`~gouji_teach.rules.record.GameRecord`, checked when built).

        Burns keep the outcomes ``success``, ``failed`` and ``counter`` (answered by a 反烧, which is listed as
        a burn of its own); burns lifted by 解烧 are dropped (nobody pays for them). A voided hand is ``void``.
        """
        s = self._s
        return GameRecord(
            rules=self.rules,
            first_hand=self.first_hand,
            finish_order=tuple(self.finish_order()),
            revolution=tuple(s.revolution),
            revolution_failed=tuple(s.revolution_failed),
            kaidian=frozenset(self.kaidian_seats()),
            xuandian=frozenset(s.xuandian),
            burns=tuple(Burn(b, v, o or BurnOutcome.FAILED) for b, v, o in s.burns
                        if o != BurnOutcome.CANCELLED and (o or s.phase == Phase.OVER)),
            men=tuple(Men(by, v) for v, by in s.men),
            void=s.phase == Phase.VOID,
        )

    # -- checks -----------------------------------------------------------------------------------------

    def _refuse(self, rule: str, zh: str, en: str) -> IllegalActionError:
        return refusal(rule, self.rules, zh, en)

    def _check(self, a: Action) -> Play | None:
        s, seat, kind = self._s, a.seat, a.kind
        if self.is_over:
            raise self._refuse("turn.over", "这一局已经结束", "the hand is over")
        if s.phase == Phase.DUEL:
            return self._check_duel(seat, a)
        if kind in (ActionKind.YAOTOU, ActionKind.WUTOU):
            if s.phase != Phase.HEAD or seat != s.head_pending:
                raise self._refuse(
                    "head.choice",
                    f"座位{seat}现在不能选要头/无头：只有革命者的对头在革命后选一次",
                    f"seat {seat} cannot choose 要头/无头 now: only the revolutionary's 对头 chooses, once",
                )
            return None
        if s.status[seat] != ACTIVE:
            raise self._refuse(
                "seat.gone",
                f"座位{seat}{_STATUS_ZH[s.status[seat]]}，本局不能再出牌",
                f"seat {seat} {_STATUS_EN[s.status[seat]]} and plays no more in this hand",
            )
        if kind == ActionKind.XUANDIAN:
            if s.phase != Phase.START or seat in s.xuandian:
                raise self._refuse(
                    "xuandian.when", "宣点只能在第一手牌出之前宣一次", "宣点 is declared once, before the first lead"
                )
            return None
        if s.phase == Phase.HEAD and kind != ActionKind.REVOLT:
            h = s.head_pending
            raise self._refuse("head.choice", f"先等座位{h}选要头还是无头", f"seat {h} must first choose 要头 or 无头")
        if kind == ActionKind.REVOLT:
            if s.phase not in (Phase.START, Phase.HEAD):
                raise self._refuse(
                    "revolt.when", "革命只能在第一手牌出之前", "a revolution comes before the first lead"
                )
            if not self._may_revolt(seat):
                if seat in s.revolution:
                    raise self._refuse("revolt.when", f"座位{seat}已经革命了", f"seat {seat} has already revolted")
                hand = s.hands[seat]
                handed = not holds_money(hand) or self.rules.revolution_hands_over  # the money is no obstacle
                if handed and self.rules.revolution_duel == RevolutionDuel.THREE_PLAYS:
                    raise self._refuse(
                        "revolt.duel",
                        f"座位{seat}没有三手纯够级牌，不能革命",
                        f"seat {seat} cannot play three pure 够级 plays and may not revolt",
                    )
                raise self._refuse(
                    "revolt.cards",
                    f"座位{seat}手里有钱（2）或花，不能革命",
                    f"seat {seat} holds a 2 or a joker and may not revolt",
                )
            return None
        play = None
        if kind in (ActionKind.PLAY, ActionKind.BURN):
            play = self._play(a.cards)  # type: ignore[arg-type]  # Action checks that a play or burn carries cards
            if not _holds(s.hands[seat], play.cards):
                raise self._refuse(
                    "hand.cards", f"座位{seat}手里没有{play.notation}", f"seat {seat} does not hold {play.notation}"
                )
        if s.top is None:
            if seat != s.to_act:
                raise self._refuse("turn.order", f"现在由座位{s.to_act}发牌", f"seat {s.to_act} leads now")
            if kind != ActionKind.PLAY:
                raise self._refuse("lead.must", "发牌的人必须出一手牌，不能过、让或烧", "the leader must lead a play")
            problem = self._lead_problem(
                # (ignore below: a lead is a play, parsed above)
                seat, play.rank, play.size, play.size - play.jokers - play.twos  # type: ignore[union-attr]
            )
            if problem is not None:
                raise self._refuse(*problem)
            return play
        top_play = s.top[1]
        if kind == ActionKind.BURN:
            self._check_burn(seat, play)  # type: ignore[arg-type]  # a play or burn, parsed above
            return play
        if seat in s.window:
            if kind == ActionKind.PASS:
                return None  # declines to burn
            raise self._not_turn(seat)
        if seat != s.to_act and seat != s.after_window:
            raise self._not_turn(seat)
        if kind == ActionKind.YIELD:
            refused = self._yield_problem(seat)
            if refused is not None:
                raise refused
            return None
        if kind == ActionKind.PLAY:
            self._check_beats(seat, play, top_play)  # type: ignore[arg-type]  # a play or burn, parsed above
        return play

    def _not_turn(self, seat: int) -> IllegalActionError:
        s = self._s
        top_seat = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
        if seat == top_seat:
            return self._refuse("turn.order", f"桌上是座位{seat}自己的牌", f"the play on top is seat {seat}'s own")
        if s.sisi_top:
            return self._refuse(
                "gouji.sisi",
                f"座位{top_seat}的牌是够死级：没人能接" + ("" if s.luanchan else "，只能烧"),
                f"seat {top_seat}'s play is 够死级: nobody answers it"
                + ("" if s.luanchan else ", one can only burn it"),
            )
        if self._restricted() and seat != opposite(top_seat):
            return self._refuse(
                "gouji.duitou",
                f"够级牌只有对头（座位{opposite(top_seat)}）能上，座位{seat}只能烧",
                f"only the 对头 (seat {opposite(top_seat)}) answers a 够级 play; seat {seat} may only burn it",
            )
        if s.yield_top and seat != opposite(top_seat) and not self.headless(seat):
            return self._refuse(
                "yield.duitou",
                f"座位{top_seat}是在让牌后上的牌：只有它的对头（座位{opposite(top_seat)}）能上",
                f"seat {top_seat} played after a 让牌: only its 对头 (seat {opposite(top_seat)}) may answer it",
            )
        if seat in s.passed and not self._pass_allows(seat, top_seat):
            return self._refuse(
                "pass.rule",
                f"座位{seat}这一轮已经过牌，不能再上牌",
                f"seat {seat} passed in this round and may not play again",
            )
        who = s.to_act if s.to_act is not None else "-"
        return self._refuse("turn.order", f"现在轮到座位{who}", f"it is seat {who}'s turn")

    def _check_beats(self, seat: int, play: Play, target: Play) -> None:
        verdict = beats(play, target, self.rules)
        if not verdict:
            raise IllegalActionError(verdict.reason_zh, verdict.reason_en, rule=verdict.rule)
        self._check_threes(seat, play)

    def _check_threes(self, seat: int, play: Play) -> None:
        problem = self._threes_problem(seat, play.rank, play.size, play.size - play.jokers - play.twos)
        if problem is not None:
            raise self._refuse(*problem)

    def _threes_problem(self, seat: int, rank: int | None, size: int, base: int) -> tuple[str, str, str] | None:
        """憋三 (002 §5 买三 "最后一手牌必须全是3", 000 part 1 "牌点必须都是3"): a play counted as 3s is the last
        play and holds nothing but 3s (a joker or a 2 is not a 3). The refusal as (rule, zh, en), or ``None``."""
        if not self.rules.bie_san or rank != Rank.THREE:
            return None
        if size < len(self._s.hands[seat]):
            return "biesan", "憋三：3只能作为最后一手牌出", "憋三: 3s may only go as the last play of a hand"
        if base < size:
            return (
                "biesan",
                "憋三：最后一手牌必须全是3，花和2都不是3",
                "憋三: the last play must be all 3s, and a joker or a 2 is not a 3",
            )
        return None

    def _lead_problem(self, seat: int, rank: int | None, size: int, base: int) -> tuple[str, str, str] | None:
        """Why ``seat`` may not lead ``size`` cards counted at ``rank``, ``base`` of them of that rank itself, as
        (rule, zh, en) for :meth:`_refuse`; ``None``: it may. Cheap: :meth:`legal_actions` asks it per play."""
        s, rules = self._s, self.rules
        hand = s.hands[seat]
        problem = self._threes_problem(seat, rank, size, base)
        if problem is not None:
            return problem
        if s.fours_due == seat and rank != Rank.FOUR and hand.count(Rank.FOUR) < len(hand):
            return (
                "revolt.fours",
                f"革命失败：座位{seat}要先发4",
                f"the revolution failed: seat {seat} must lead its 4s first",
            )
        if (
            rank == Rank.FOUR
            and rules.fours_before_kaidian == FoursBeforeKaidian.FORBIDDEN
            and s.fours_due != seat
            and not s.luanchan
            and s.kaidian[seat] not in (KaidianState.OPEN, KaidianState.PENDING)
            and hand.count(Rank.THREE) + hand.count(Rank.FOUR) < len(hand)
        ):
            return "fours", "没开点不能发4", "4s may not be led before 开点"
        return None

    def _yield_problem(self, seat: int) -> IllegalActionError | None:
        s = self._s
        top_seat = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
        ok = (
            not s.luanchan
            and s.yielder is None
            and seat == s.to_act
            and top_seat == opposite(seat)
            and not s.top_gouji
            and {(seat - 1) % 6, (seat - 2) % 6} <= (s.passed | self._gone())
        )
        if ok:
            return None
        return self._refuse(
            "yield.when",
            "只有对头出的非够级牌、上两家都过了时才能让牌（四户乱缠时不能）",
            "让牌 only on the 对头's non-够级 play after the two seats before passed (not in 四户乱缠)",
        )

    def _check_burn(self, seat: int, play: Play) -> None:
        s, rules = self._s, self.rules
        top_seat, top_play = s.top  # type: ignore[misc]  # a round is open here, so s.top is set
        if s.luanchan:
            raise self._refuse("luanchan", "四户乱缠时没有烧牌，直接出牌", "in 四户乱缠 nobody burns: just play")
        if not self._restricted() or seat in (top_seat, opposite(top_seat)) or self.headless(seat):
            raise self._refuse(
                "burn.gouji",
                "只能烧别人等对头回应的够级牌（对头和无头的人直接上牌）",
                "only a 够级 play waiting for its 对头 can be burned (its 对头, and 无头 seats, just answer)",
            )
        if rules.burn_needs_kaidian and s.kaidian[seat] not in (KaidianState.OPEN, KaidianState.PENDING):
            raise self._refuse(
                "burn.kaidian", f"座位{seat}还没开点，不能烧牌", f"seat {seat} has not 开点ed and may not burn"
            )
        if rules.pass_rule == PassRule.FINAL and seat in s.passed:
            raise self._refuse(
                "burn.passed", f"座位{seat}这一轮过了牌，不能烧", f"seat {seat} passed this round and may not burn"
            )
        if seat not in s.window:
            raise self._refuse(
                "burn.priority",
                f"座位{seat}已经不烧了，或者没有能烧的牌",
                f"seat {seat} has declined to burn, or holds nothing that burns this play",
            )
        if seat != s.window[0]:
            raise self._burn_wait(seat)
        self._check_beats(seat, play, top_play)

    def _burn_wait(self, seat: int) -> IllegalActionError:
        """002 §5 烧牌: the seats that may burn are asked in priority order (the 够级 player's 联邦 first, then
        play order); ``seat`` waits until the seats before it have declined."""
        first = self._s.window[0]
        return self._refuse(
            "burn.priority",
            f"座位{first}比座位{seat}先烧：发够级牌者的联邦优先，同帮按出牌顺序；等座位{first}不烧再说",
            f"seat {first} may burn before seat {seat} (the 够级 player's team first, then play order): wait until "
            f"seat {first} declines",
        )

    # -- helpers -----------------------------------------------------------------------------------------

    def _gone(self) -> set[int]:
        return {k for k in range(6) if self._s.status[k] != ACTIVE}

    def _may_revolt(self, seat: int) -> bool:
        h = self._s.hands[seat]
        return (
            self._s.phase in (Phase.START, Phase.HEAD)
            and seat not in self._s.revolution
            and (self.rules.revolution_hands_over or not holds_money(h))
            and (self.rules.revolution_duel != RevolutionDuel.THREE_PLAYS or _pure_gouji_sets(h) >= 3)
        )

    def _has_head(self, seat: int) -> bool:
        """The seat's 对头 still counts: it plays, or it failed a revolution, or it was 闷ed where
        ``men_keeps_head`` (憋三留头); in the last two cases it never answers."""
        s = self._s
        h = opposite(seat)
        return (
            s.status[h] == ACTIVE
            or h in s.revolution_failed
            or (s.status[h] == MEN and self.rules.men_keeps_head)
        )

    def _restricted(self) -> bool:
        """Whether the play on top is a 够级 play only its 对头 answers, or nobody (够死级: also in 四户乱缠, where
        the 对头 of 二科 may win one, 002 §5 够死级)."""
        s = self._s
        if s.top is None:
            return False
        return s.sisi_top or (not s.luanchan and s.top_gouji and self._has_head(s.top[0]))

    def _pass_allows(self, seat: int, top_seat: int) -> bool:
        rule = self.rules.pass_rule
        return (self._s.luanchan or rule == PassRule.FREE
                or (rule == PassRule.EXCEPT_DUITOU and top_seat == opposite(seat)))

    def _may_answer(self, seat: int) -> bool:
        s = self._s
        top_seat = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
        if s.status[seat] != ACTIVE or seat == top_seat:
            return False
        if (self._restricted() or s.yield_top) and (
            s.sisi_top or (seat != opposite(top_seat) and not self.headless(seat))
        ):
            return False
        return seat not in s.passed or self._pass_allows(seat, top_seat)

    def _play(self, notation: str) -> Play:
        play = self._plays.get(notation)
        if play is None:
            play = self._plays[notation] = Play.parse(notation, self.rules)
        return play

    def answers(self, seat: int) -> list[Play]:
        """The plays ``seat`` could put over the play on top (as an answer or a burn, whichever is its right
        now), cheapest first; 3s only when they empty the hand."""
        top = self._s.top
        return [] if top is None else self._beating(self._s.hands[seat], top[1])

    def _beating(self, hand: Hand, target: Play) -> list[Play]:
        plays = plays_beating(hand, target, self.rules, self._made)
        if self.rules.bie_san:
            n = len(hand)
            plays = [p for p in plays if p.rank != Rank.THREE or (p.size == n and not p.jokers and not p.twos)]
        return plays

    def _emit(self, kind: EventKind, seat: int | None, zh: str, en: str, **kw: Any) -> None:
        s = self._s
        del self._events[s.n_events :]
        self._events.append(Event(kind, seat, zh, en, **kw))
        s.n_events += 1

    def _auto_revolutions(self) -> None:
        for k in range(6):
            if not self._s.hands[k].count(Rank.THREE) and self._may_revolt(k) and not self.is_over:
                self._emit(
                    EventKind.AUTO_REVOLT,
                    k,
                    f"座位{k}买不到3，又没有钱和花：自动革命",
                    f"seat {k} could not get a 3 and holds no 2 or joker: it revolts automatically",
                    rule="revolt.auto",
                )
                self._do_revolt(k, None)

    def _natural_points(self) -> None:
        s = self._s
        for k in range(6):
            if not _has_pure_gouji(s.hands[k]):
                s.kaidian[k] = KaidianState.OPEN
                self._emit(
                    EventKind.NATURAL_POINT,
                    k,
                    f"座位{k}没有一手最小的纯够级牌：自然点（天开）",
                    f"seat {k} holds no pure 够级 play at all: 自然点, it has opened",
                    rule="natural_point",
                )

    # -- doing ----------------------------------------------------------------------------------------------

    def _do_xuandian(self, seat: int, play: None) -> None:
        self._s.xuandian.append(seat)
        self._emit(
            EventKind.XUANDIAN,
            seat,
            f"座位{seat}宣点：宣布对头（座位{opposite(seat)}）这局开不了点",
            f"seat {seat} declares 宣点: its 对头 (seat {opposite(seat)}) will not 开点",
            other=opposite(seat),
            rule="xuandian.when",
        )

    def _do_revolt(self, seat: int, play: None) -> None:
        s, rules = self._s, self.rules
        h = opposite(seat)
        money = tuple(c for c in s.hands[seat] if c.rank in MONEY)
        if money:  # only where revolution_hands_over (000 part 3 第46条 "如仍有，须交给对家"): _may_revolt
            s.hands[seat], s.hands[h] = s.hands[seat] - money, Hand((*s.hands[h], *money))
            cards = format_cards(money)
            self._emit(
                EventKind.HAND_OVER,
                seat,
                f"座位{seat}革命前把钱和花（{cards}）交给对家座位{h}",
                f"seat {seat} hands its 2s and jokers ({cards}) to its 对头, seat {h}, to revolt",
                other=h,
                cards=cards,
                rule="revolt.handover",
            )
        s.revolution.append(seat)
        s.status[seat] = REVOLT
        self._emit(
            EventKind.REVOLT,
            seat,
            f"座位{seat}革命：没有钱也没有花，这局不出牌",
            f"seat {seat} revolts (革命): no 2 and no joker, it sits out the hand",
            rule="revolt.cards",
        )
        if len(s.revolution) >= 2:
            s.phase, s.to_act = Phase.VOID, None
            self._emit(EventKind.VOID, None, "两家革命，这局作废", "two revolutions: the hand is void",
                       rule="revolt.two")
            return
        if rules.revolution_concedes_point and s.kaidian[h] != KaidianState.OPEN:
            s.kaidian[h] = KaidianState.OPEN
            self._emit(
                EventKind.KAIDIAN,
                h,
                f"革命算认点：座位{h}开点",
                f"a revolution concedes the point: seat {h} has opened",
                other=seat,
                rule="revolt.point",
            )
        if rules.revolution_duel != RevolutionDuel.NONE:
            s.phase, s.to_act, s.duel = Phase.DUEL, seat, []
            self._emit(
                EventKind.DUEL,
                seat,
                f"座位{seat}革命后要向对家座位{h}发三手够级牌",
                f"seat {seat} now plays three 够级 plays to its 对头, seat {h}",
                other=h,
                rule="revolt.duel",
            )
            return
        self._after_revolution(seat, choice=rules.revolution_head_choice)

    def _after_revolution(self, seat: int, *, choice: bool) -> None:
        s, h = self._s, opposite(seat)
        s.top = None
        if choice:
            s.phase, s.head_pending, s.to_act = Phase.HEAD, h, h
        else:
            s.phase = Phase.START
            if seat in s.revolution_failed:
                self._emit(
                    EventKind.YOUTOU,
                    h,
                    f"座位{h}有头：对家革命失败。它的够级牌别人只能烧，它也只能烧别人的够级牌",
                    f"seat {h} keeps its head (有头): its 对头's revolution failed. Others may only burn its 够级 "
                    "plays, and it may only burn theirs",
                    other=seat,
                    rule="head.failed",
                )
            else:
                self._emit(EventKind.WUTOU, h, f"座位{h}无头：对头革命了", f"seat {h} is 无头: its 对头 revolted",
                           rule="wutou")
            self._move_leader()
        self._check_luanchan()

    def _check_duel(self, seat: int, a: Action) -> Play | None:
        """冲点 (000 part 1) / the three plays after a revolution (000 part 3 第47条)."""
        s, rules = self._s, self.rules
        r = s.revolution[0]
        if seat != s.to_act or a.kind not in (ActionKind.PLAY, ActionKind.PASS):
            raise self._refuse(
                "revolt.duel",
                f"革命者座位{r}和对家座位{opposite(r)}在比三手够级牌：轮到座位{s.to_act}出牌或过",
                f"the revolutionary, seat {r}, and its 对头, seat {opposite(r)}, are playing the three "
                f"够级 plays: seat {s.to_act} plays or passes",
            )
        if a.kind == ActionKind.PASS:
            if seat == r and (rules.revolution_duel != RevolutionDuel.CHONGDIAN or s.duel):
                raise self._refuse("revolt.duel", "革命者要把三手够级牌出完", "the revolutionary must play all three")
            return None
        play = self._play(a.cards)  # type: ignore[arg-type]  # Action checks that a play or burn carries cards
        if not _holds(s.hands[seat], play.cards):
            raise self._refuse(
                "hand.cards", f"座位{seat}手里没有{play.notation}", f"seat {seat} does not hold {play.notation}"
            )
        if seat != r:
            self._check_beats(seat, play, s.top[1])  # type: ignore[index]  # a round is open here, so s.top is set
            return play
        pure = rules.revolution_duel == RevolutionDuel.THREE_PLAYS
        if not (play.is_pure_gouji if pure else play.is_gouji):
            kind_zh, kind_en = ("纯够级牌", "pure 够级 plays") if pure else ("够级牌", "够级 plays")
            raise self._refuse("revolt.duel", f"革命者只能出{kind_zh}", f"the revolutionary plays only {kind_en}")
        if not s.duel and _pure_gouji_sets(s.hands[seat]) < 3:
            raise self._refuse("revolt.duel", "手里要有三手够级牌才能冲点", "冲点 needs three 够级 plays in hand")
        return play

    def _duel(self, seat: int, play: Play | None) -> None:
        s, r = self._s, self._s.revolution[0]
        h = opposite(r)
        if seat == r:
            if play is None:
                self._emit(
                    EventKind.NO_CHONGDIAN,
                    r,
                    f"座位{r}不冲点：对家座位{h}无头",
                    f"seat {r} does not 冲点: seat {h} is 无头",
                    rule="revolt.duel",
                )
                self._after_revolution(r, choice=False)
                return
            s.hands[seat] = s.hands[seat] - play.cards
            s.duel.append([play, None])
            s.top, s.to_act = (r, play), h
            self._emit(
                EventKind.LEAD,
                r,
                f"座位{r}（革命）发第{len(s.duel)}手：{play.text_zh}",
                f"seat {r} (revolutionary) plays its play {len(s.duel)}: {play.text_en}",
                cards=play.notation,
                rule="revolt.duel",
            )
            return
        if play is None:
            self._emit(EventKind.PASS, h, f"座位{h}不打", f"seat {h} lets it pass", rule="revolt.duel")
        else:
            s.hands[seat] = s.hands[seat] - play.cards
            s.duel[-1][1] = play
            self._emit(
                EventKind.PLAY,
                h,
                f"座位{h}打掉：{play.text_zh}",
                f"seat {h} kills it with {play.text_en}",
                other=r,
                cards=play.notation,
                rule="revolt.duel",
            )
        if len(s.duel) < 3:
            s.top, s.to_act = None, r
            return
        self._duel_result(r)

    def _duel_result(self, r: int) -> None:
        s, rules, h = self._s, self.rules, opposite(r)
        answers = [ans for _, ans in s.duel]
        if rules.revolution_duel == RevolutionDuel.THREE_PLAYS:
            success = any(ans is None for ans in answers)
            opens = {r: success, h: any(ans is not None and ans.is_pure_gouji for ans in answers)}
        else:
            success = True
            opens = {r: not all(answers), h: all(answers)}
        for seat, ok in opens.items():
            if ok and s.kaidian[seat] != KaidianState.OPEN:
                s.kaidian[seat] = KaidianState.OPEN
                self._emit(
                    EventKind.KAIDIAN,
                    seat,
                    f"座位{seat}开点（革命后的三手牌）",
                    f"seat {seat} opens a point (the three plays after the revolution)",
                    rule="revolt.duel",
                )
            elif not ok and rules.duel_decides_points and s.kaidian[seat] == KaidianState.NONE:
                s.kaidian[seat] = KaidianState.CLOSED
                why_zh, why_en = ("革命失败", "the revolution failed") if seat == r else (
                    "三手牌里没有用纯够级牌打掉一手", "it killed none of the three with a pure 够级 play")
                self._emit(
                    EventKind.POINT_CLOSED,
                    seat,
                    f"座位{seat}这局不开点：{why_zh}",
                    f"seat {seat} does not open this hand: {why_en}",
                    rule="revolt.points",
                )
        if success:
            self._emit(
                EventKind.DUEL_END,
                r,
                f"革命成功：对家座位{h}无头",
                f"the revolution succeeds: seat {h} is 无头",
                rule="revolt.duel",
            )
        else:
            s.revolution_failed.append(r)
            self._emit(
                EventKind.DUEL_END,
                r,
                f"三手都被打掉：革命失败，座位{r}是大落",
                f"all three were killed: the revolution fails and seat {r} is 大落",
                rule="revolt.duel",
            )
        s.duel = []
        self._after_revolution(r, choice=rules.revolution_head_choice)
        if rules.revolution_lead and s.phase == Phase.START:
            self._revolution_lead(r, success)

    def _revolution_lead(self, r: int, success: bool) -> None:
        """Who leads after the three plays (000 part 3 第48条): on success the revolutionary leads its 3s (then
        sits out) and its 对头 throws its 4s away; on failure the 对头 leads, its 4s first where it opened."""
        s, h = self._s, opposite(r)
        if not success:
            s.leader = s.to_act = h
            has_fours = 0 < s.hands[h].count(Rank.FOUR) < len(s.hands[h])
            opened = s.kaidian[h] == KaidianState.OPEN
            fours = has_fours and (self.rules.failed_revolution_fours or (self.rules.fasi and opened))
            if fours and self.rules.fasi and opened:
                s.kaidian[h] = KaidianState.PENDING
            if fours and self.rules.failed_revolution_fours:
                s.fours_due = h
            self._emit(
                EventKind.REVOLT_LEAD,
                h,
                f"革命失败：对家座位{h}先发牌" + ("，先发4" if fours else ""),
                f"the revolution failed: its 对头, seat {h}, leads" + (", 4s first" if fours else ""),
                other=r,
                rule="revolt.fours" if fours and self.rules.failed_revolution_fours else "revolt.lead",
            )
            return
        self._throw_fours(h, "的对家革命成功", "faces a successful revolution", "revolt.lead")
        threes = s.hands[r].count(Rank.THREE)
        if threes:
            self._emit(
                EventKind.REVOLT_LEAD,
                r,
                f"革命成功：革命者座位{r}发3，然后不再出牌",
                f"the revolution succeeds: the revolutionary, seat {r}, leads its 3s and then sits out",
                rule="revolt.lead",
            )
            self._put(r, self._play(Rank.THREE.notation * threes), lead=True)

    def _do_yaotou(self, seat: int, play: None) -> None:
        s = self._s
        s.sisi[seat] = _SISI_PLAYS
        self._emit(
            EventKind.YAOTOU,
            seat,
            f"座位{seat}要头：前三手够级牌是够死级",
            f"seat {seat} chooses 要头: its first three 够级 plays are 够死级",
            rule="head.choice",
        )
        s.phase, s.head_pending = Phase.START, None
        self._move_leader()

    def _do_wutou(self, seat: int, play: None) -> None:
        s = self._s
        self._emit(
            EventKind.WUTOU,
            seat,
            f"座位{seat}无头：谁的牌都能接，谁都能接它的牌",
            f"seat {seat} chooses 无头: it answers anyone and anyone answers it",
            rule="head.choice",
        )
        s.phase, s.head_pending = Phase.START, None
        self._move_leader()

    def _move_leader(self) -> None:
        s = self._s
        assert s.leader is not None  # the hand's first leader, set in _start
        s.leader = s.to_act = self._next_active(s.leader - 1)

    def _next_active(self, after: int) -> int | None:
        for i in range(1, 7):
            k = (after + i) % 6
            if self._s.status[k] == ACTIVE:
                return k
        return None

    def _do_pass(self, seat: int, play: None) -> None:
        s = self._s
        if s.phase == Phase.DUEL:
            self._duel(seat, None)
            return
        if seat in s.window:
            s.window.remove(seat)
            self._emit(EventKind.PASS, seat, f"座位{seat}不烧", f"seat {seat} does not burn", rule="burn.priority")
            if s.window:
                s.to_act = s.window[0]
            elif s.after_window is not None:
                s.to_act = s.after_window
            else:
                self._end_round(s.top[0])  # type: ignore[index]  # a round is open here, so s.top is set
            return
        if seat == s.after_window:
            s.window, s.after_window = [], None
        s.passed.add(seat)
        self._emit(EventKind.PASS, seat, f"座位{seat}过牌", f"seat {seat} passes", rule="pass.rule")
        if s.yielder is not None and seat in s.yield_left:
            s.yield_left.remove(seat)
        elif s.yielder == seat:
            s.yielder, s.yield_left = -1, []
        self._advance(seat)

    def _do_yield(self, seat: int, play: None) -> None:
        s = self._s
        s.yielder = seat
        s.yield_left = [(seat + 1) % 6, (seat + 2) % 6]
        self._emit(
            EventKind.YIELD,
            seat,
            f"座位{seat}让牌：先让下两家上牌",
            f"seat {seat} yields (让牌): the next two seats answer first",
            rule="yield.when",
        )
        self._advance(seat)

    def _do_burn(self, seat: int, play: Play) -> None:
        s = self._s
        victim = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
        counter = s.burning.get(victim)
        burned = s.burns[counter][1] if counter is not None else None
        record: int | None = victim  # whose play this burn counts against (None: not a burn)
        fresh = not self.rules.counter_burn_at_once or s.fresh_burn == victim  # 003 §十一 注: only at once
        if (burned == seat and fresh) or (burned not in (None, seat) and self.rules.counter_burn_by_others):
            # (ignore below: a counter-burn: the victim's play was burned, so counter is set)
            s.burns[counter][2] = BurnOutcome.COUNTER  # type: ignore[index]
            del s.burning[victim]
            head = (
                EventKind.COUNTER_BURN,
                f"座位{seat}反烧座位{victim}：{play.text_zh}",
                f"seat {seat} burns back (反烧) seat {victim} with {play.text_en}",
                "burn.counter",
            ) if burned == seat else (
                EventKind.COUNTER_BURN,
                f"座位{seat}反烧烧牌人座位{victim}（它在烧座位{burned}）：{play.text_zh}",
                f"seat {seat} burns the burner, seat {victim} (burning seat {burned}), back (反烧) with "
                f"{play.text_en}",
                "burn.counter_any",
            )
        elif burned == seat:  # the victim burns a later play of the burner: an ordinary burn (003 §十一 注)
            head = (
                EventKind.BURN,
                f"座位{seat}烧座位{victim}后来的牌（不是刚被烧时，不算反烧）：{play.text_zh}",
                f"seat {seat} burns a later play of seat {victim} (not at once, so not a 反烧) with {play.text_en}",
                "burn.counter_late",
            )
        elif burned is not None and self.rules.special_jieshao and team(burned) != team(victim):
            if team(seat) == team(burned):  # the victim's teammate: a 解烧 only, not a burn (003 §十)
                record, head = None, (
                    EventKind.PLAY,
                    f"座位{seat}替同门座位{burned}解烧，压住烧牌人座位{victim}：{play.text_zh}（不算烧牌）",
                    f"seat {seat} lifts the burn for its teammate seat {burned} by beating the burner, seat "
                    f"{victim}, with {play.text_en} (not a burn of its own)",
                    "burn.special",
                )
            else:  # the burner's teammate: lifts the burn and burns the victim in the burner's place
                record, head = burned, (
                    EventKind.BURN,
                    f"座位{seat}压住同家座位{victim}的烧牌：解烧，并替它烧座位{burned}的牌：{play.text_zh}",
                    f"seat {seat} beats its teammate seat {victim}'s burn: the burn is lifted and seat {seat} "
                    f"burns seat {burned}'s play in its place with {play.text_en}",
                    "burn.special",
                )
        else:
            head = (
                EventKind.BURN,
                f"座位{seat}烧座位{victim}的牌：{play.text_zh}",
                f"seat {seat} burns seat {victim}'s play with {play.text_en}",
                "burn.priority",
            )
        if record is not None:
            s.burning[seat] = len(s.burns)
            s.burns.append([seat, record, None])
        s.window = []
        self._put(seat, play, lead=False, head=head)
        s.fresh_burn = seat if record is not None else None

    def _do_play(self, seat: int, play: Play) -> None:
        s = self._s
        if s.phase == Phase.DUEL:
            self._duel(seat, play)
            return
        if s.phase == Phase.START:
            s.phase = Phase.PLAY
        lead = s.top is None
        if not lead and seat == s.after_window:
            s.window, s.after_window = [], None
        if lead:
            self._on_lead(seat, play)
        if s.yielder is not None and s.yielder >= 0 and seat != s.yielder:
            s.passed.add(s.yielder)  # a play after 让牌 counts as the yielder's pass (000 part 3 第12条)
        self._put(seat, play, lead=lead)

    def _on_lead(self, seat: int, play: Play) -> None:
        s, rules = self._s, self.rules
        due = s.fours_due == seat  # 4s led because a failed revolution makes them due (000 part 3 第48条)
        if due:
            s.fours_due = None
        state = s.kaidian[seat]
        if state == KaidianState.PENDING:
            if play.rank == Rank.FOUR:
                s.kaidian[seat] = KaidianState.OPEN
                self._emit(
                    EventKind.FASI,
                    seat,
                    f"座位{seat}开点后发四，开点成立",
                    f"seat {seat} leads 4s after 开点: the point stands",
                    rule="fasi",
                )
            elif rules.fasi_lapses:
                s.kaidian[seat] = KaidianState.NONE
                self._emit(
                    EventKind.KAIDIAN_LAPSED,
                    seat,
                    f"座位{seat}开点后没发四，视为不开点，要重新开点",
                    f"seat {seat} did not lead 4s after 开点: it has not opened and must open again",
                    rule="fasi.lapse",
                )
            else:  # the point stands; the 4s may still be led later
                s.kaidian[seat] = KaidianState.OPEN
        elif (
            play.rank == Rank.FOUR and state == KaidianState.NONE and not due and not s.luanchan
            and rules.fours_before_kaidian != FoursBeforeKaidian.FREE
        ):
            s.kaidian[seat] = KaidianState.CONCEDED
            self._emit(
                EventKind.CONCEDE,
                seat,
                f"座位{seat}没开点就发四：认点，这局不再开点",
                f"seat {seat} leads 4s before 开点: it concedes the point (认点)",
                rule="fours",
            )
        if seat in s.burning and not play.jokers:
            last = play.size == len(s.hands[seat])
            closing_threes = rules.bie_san and play.rank == Rank.THREE  # 憋三: a joker never goes with the 3s
            if not ((last and rules.burn_last_exempt) or closing_threes):
                i = s.burning.pop(seat)
                s.burns[i][2] = BurnOutcome.FAILED
                if rules.failed_burn_last:
                    s.status[seat] = FAILED
                    zh, en = "，算大落，本局不能再出牌", ", it is 大落 and plays no more"
                else:
                    zh, en = "，要向被烧的人进贡，但照常出牌", ": it owes the seat it burned tribute and plays on"
                self._emit(
                    EventKind.BURN_FAILED,
                    seat,
                    f"座位{seat}烧牌后出牌没挂花：烧失败{zh}",
                    f"seat {seat} led without a joker while burning: the burn fails (烧失败){en}",
                    other=s.burns[i][1],
                    rule="burn.joker",
                )

    def _put(self, seat: int, play: Play, *, lead: bool, head: tuple[EventKind, str, str, str] | None = None) -> None:
        """Cards leave the hand and go on top; then 解烧, 闷, going out, 四户乱缠, the next turn."""
        s = self._s
        s.fresh_burn = None
        yielded = s.yielder is not None and s.yielder >= 0 and seat != s.yielder
        s.hands[seat] = s.hands[seat] - play.cards
        s.yielder, s.yield_left = None, []
        empties = not s.hands[seat] and s.status[seat] == ACTIVE
        luan_after = s.luanchan or (empties and self._gone_count() >= 1)
        h = opposite(seat)
        gouji = play.is_gouji
        sisi, yield_top, rule, zh, en = False, False, None, "", ""
        if gouji and s.sisi.get(seat) and s.status[h] == REVOLT and not luan_after:
            s.sisi[seat] -= 1
            sisi, rule = True, "gouji.sisi"
            zh, en = "：够死级，没人能接（除非烧）", ": 够死级, nobody may answer it (except by burning)"
        elif self._answers_last_gouji(seat):
            t = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
            sisi, rule = True, "gouji.sisi_last"
            zh = f"：上了座位{t}走科的够级底牌，够死级，没人能接" + ("" if luan_after else "（除非烧）")
            en = f": it beats the 够级 play seat {t} went out with, so it is 够死级: nobody may answer it" + (
                "" if luan_after else " (except by burning)"
            )
        elif gouji and not luan_after and s.status[h] == ACTIVE:
            rule = "gouji.duitou"
            zh, en = (
                f"：够级，只有对头座位{h}能上（或有人烧）",
                f": 够级, only its 对头 seat {h} may answer (or someone burns)",
            )
        elif gouji and not luan_after and h in s.revolution_failed:
            rule = "head.failed"
            zh = f"：够级，对头座位{h}革命失败不出牌，别人只能烧"
            en = f": 够级; its 对头 seat {h} failed its revolution and never answers, so others may only burn it"
        elif gouji and not luan_after and self._has_head(seat):
            rule = "head.men"
            zh = f"：够级，对头座位{h}被闷了但视为没走（憋三留头），它出不了牌，别人只能烧"
            en = (f": 够级; its 对头 seat {h} is 闷ed but counts as still there (憋三留头): it cannot answer, so "
                  "others may only burn it")
        elif yielded and self.rules.yield_duitou_only and not luan_after and s.status[h] == ACTIVE:
            yield_top, rule = True, "yield.duitou"
            zh = f"：让牌后上的牌，只有对头座位{h}能上"
            en = f": played after a 让牌, only its 对头 seat {h} may answer it"
        if lead:
            self._emit(
                EventKind.LEAD,
                seat,
                f"座位{seat}发牌：{play.text_zh}{zh}",
                f"seat {seat} leads {play.text_en}{en}",
                cards=play.notation,
                rule=rule or "lead.must",
            )
        else:
            victim = s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
            kind, zh_head, en_head, rule_head = head or (
                EventKind.PLAY,
                f"座位{seat}上牌：{play.text_zh}",
                f"seat {seat} plays {play.text_en}",
                "answer.beat",
            )
            self._emit(
                kind,
                seat,
                zh_head + zh,
                en_head + en,
                cards=play.notation,
                other=victim,
                rule=rule_head if head else rule or rule_head,
            )
            self._resume_burn(victim, seat)
            self._beaten(victim, seat)
        s.top, s.top_gouji, s.sisi_top, s.yield_top = (seat, play), gouji, sisi, yield_top
        if (
            self.first_hand
            and self.rules.peace_first_hand
            and s.kaidian[seat] == KaidianState.NONE
            and play.can_kaidian
            and not luan_after
        ):  # 和平局 (000 part 3 第20条): the first pure 够级 play of the first hand opens at once
            self._open_point(
                seat,
                f"和平局，第一局的第一手纯够级牌{play.text_zh}直接开点",
                f"和平局: its first pure 够级 play of the first hand, {play.text_en}, opens at once",
                "kaidian.peace",
            )
        if empties:
            self._go_out(seat)
        self._check_end()
        if s.phase in (Phase.OVER, Phase.VOID):
            return
        self._open_window(seat)
        self._advance(seat)

    def _open_point(self, seat: int, why_zh: str, why_en: str, rule: str) -> None:
        """``seat`` 开点s (the next lead must be 4s where the rule set has 发四 and the seat holds some)."""
        s = self._s
        if self.rules.fasi and s.status[seat] == ACTIVE and s.hands[seat].count(Rank.FOUR):
            s.kaidian[seat] = KaidianState.PENDING
            self._emit(
                EventKind.KAIDIAN,
                seat,
                f"座位{seat}开点（{why_zh}），" + ("下一手要发四" if self.rules.fasi_lapses else "接着发四"),
                f"seat {seat} opens a point (开点: {why_en}); "
                + ("its next lead must be 4s" if self.rules.fasi_lapses else "its 4s come next"),
                rule=rule,
            )
        else:
            s.kaidian[seat] = KaidianState.OPEN
            self._emit(
                EventKind.KAIDIAN,
                seat,
                f"座位{seat}开点：{why_zh}",
                f"seat {seat} opens a point (开点): {why_en}",
                rule=rule,
            )

    def _answers_last_gouji(self, seat: int) -> bool:
        """Whether ``seat`` is answering, as its 对头, the 够级 play 头科 or 二科 went out with (002 §5 够死级)."""
        s = self._s
        if not self.rules.sisi_last_play or s.top is None or not s.top_gouji:
            return False
        t = s.top[0]
        return seat == opposite(t) and s.status[t] == OUT and t in s.finish[:2]

    def _resume_burn(self, lifter: int, by: int) -> None:
        """``by`` plays over ``lifter``'s play: if ``lifter`` lifted ``by``'s burn (解烧) in this round, the 解烧
        fails and the burn goes on (``jieshao_recover``, 000 part 3 第30条); any other play over it lets it stand."""
        s = self._s
        burner, i = s.lifted.pop(lifter, (None, None))
        if burner != by or i is None or s.status[by] != ACTIVE:
            return
        s.burns[i][2] = None
        s.burning[by] = i
        self._emit(
            EventKind.BURN_RESUMED,
            by,
            f"座位{by}又盖过了座位{lifter}解烧的牌：解烧失败，烧牌继续",
            f"seat {by} beats seat {lifter}'s lifting play: the 解烧 fails and the burn goes on",
            other=lifter,
            rule="burn.resumed",
        )

    def _beaten(self, victim: int, by: int) -> None:
        """``by`` has just played over ``victim``'s play: 解烧 of a burner, 闷 of a seat left with only 3s."""
        s = self._s
        i = s.burning.pop(victim, None)
        if i is not None and s.burns[i][2] is None:
            s.burns[i][2] = BurnOutcome.CANCELLED  # lifted by 解烧: left out of the record
            if self.rules.jieshao_recover:
                s.lifted[by] = (victim, i)  # the 解烧 fails if the burner beats this play (000 part 3 第30条)
            self._emit(
                EventKind.JIESHAO,
                by,
                f"座位{by}压住烧牌人座位{victim}：解烧",
                f"seat {by} beats the burner, seat {victim}: the burn is lifted (解烧)",
                other=victim,
                rule="burn.lifted",
            )
        if self.rules.bie_san and s.status[victim] == ACTIVE and _only_threes(s.hands[victim]):
            s.status[victim] = MEN
            s.men.append((victim, by))
            self._emit(
                EventKind.MEN,
                victim,
                f"座位{victim}被座位{by}闷了：只剩3，再也出不去",
                f"seat {victim} is 闷ed by seat {by}: only 3s left, it cannot go out",
                other=by,
                rule="men",
            )
            self._check_end()

    def _go_out(self, seat: int) -> None:
        s = self._s
        s.status[seat] = OUT
        s.finish.append(seat)
        place = len(s.finish) - 1
        self._emit(
            EventKind.OUT,
            seat,
            f"座位{seat}走科（第{place + 1}个出完）",
            f"seat {seat} goes out ({_PLACES_EN[place]})",
            rule="turn.order",
        )
        i = s.burning.pop(seat, None)
        if i is not None:
            s.burns[i][2] = BurnOutcome.SUCCESS
            self._emit(
                EventKind.BURN_SUCCESS,
                seat,
                f"座位{seat}烧成功",
                f"seat {seat}'s burn succeeds",
                other=s.burns[i][1],
                rule="burn.joker",
            )
        self._check_luanchan()
        self._check_end()

    def _gone_count(self) -> int:
        """Seats gone for 四户乱缠: out, or revolted (a failed revolution does not count: 000 part 3 第25条)."""
        s = self._s
        return sum(st == OUT or (st == REVOLT and k not in s.revolution_failed) for k, st in enumerate(s.status))

    def _check_luanchan(self) -> None:
        s = self._s
        if not s.luanchan and self._gone_count() >= 2:
            s.luanchan = True
            s.window = []
            self._emit(
                EventKind.LUANCHAN,
                None,
                "走了两家：四户乱缠，不再按够级、过牌、让牌、烧牌的规矩，也不再开点",
                "two seats are gone: 四户乱缠, no more 够级, passing, 让牌 or burning rules, and no more 开点",
                rule="luanchan",
            )
            if self.rules.discard_dead_fours:
                self._discard_fours()

    def _discard_fours(self) -> None:
        """000 part 3 第6条: 4s are led only after 开点; once nobody may open, a seat that has not opened throws
        its 4s away (the engine always takes this 优惠)."""
        s = self._s
        for k in range(6):
            if s.status[k] == ACTIVE and s.kaidian[k] == KaidianState.NONE:
                self._throw_fours(k, "没开点，也不能再开点了", "has not opened and no longer can", "fours.discard")

    def _throw_fours(self, seat: int, why_zh: str, why_en: str, rule: str) -> None:
        """``seat`` throws its 4s away (a hand of nothing but 4s keeps them to go out with)."""
        s = self._s
        hand = s.hands[seat]
        fours = tuple(c for c in hand if c.rank == Rank.FOUR)
        if not fours or len(fours) == len(hand):
            return
        s.hands[seat] = hand - fours
        self._emit(
            EventKind.DISCARD_FOURS,
            seat,
            f"座位{seat}{why_zh}：{len(fours)}张4作废扔掉",
            f"seat {seat} {why_en}: it throws away its {len(fours)} 4s",
            cards=Rank.FOUR.notation * len(fours),
            rule=rule,
        )

    def _check_end(self) -> None:
        s = self._s
        if s.phase in (Phase.OVER, Phase.VOID):
            return
        if sum(st == ACTIVE for st in s.status) <= 1:
            s.phase, s.to_act = Phase.OVER, None
            order = self.finish_order()
            self._emit(
                EventKind.END,
                None,
                "本局结束，出完的顺序：" + "、".join(f"座位{k}" for k in order),
                "the hand is over; finishing order: " + ", ".join(f"seat {k}" for k in order),
                rule="turn.over",
            )

    def _open_window(self, seat: int) -> None:
        """After a 够级 play that waits for its 对头: the seats that may burn it, by priority."""
        s = self._s
        s.window, s.after_window = [], None
        if s.luanchan or not self._restricted():
            return
        rules = self.rules
        cands = []
        for k in range(6):
            if (
                s.status[k] != ACTIVE
                or k in (seat, opposite(seat))
                or self.headless(k)
                or (rules.burn_needs_kaidian and s.kaidian[k] not in (KaidianState.OPEN, KaidianState.PENDING))
                or (rules.pass_rule == PassRule.FINAL and k in s.passed)
            ):
                continue
            if self._beating(s.hands[k], s.top[1]):  # type: ignore[index]  # a round is open here, so s.top is set
                cands.append(k)
        victim = s.burns[s.burning[seat]][1] if rules.special_jieshao and seat in s.burning else None
        cands.sort(key=lambda k: (k != victim, team(k) != team(seat), (k - seat) % 6))
        s.window = cands

    def _advance(self, actor: int) -> None:
        """Whose turn now: a seat asked after 让牌, a burn candidate (then the 对头), the next seat that may
        answer, or nobody: the round is over."""
        s = self._s
        if s.yielder is not None and s.yielder >= 0:
            while s.yield_left and not self._may_answer(s.yield_left[0]):
                s.yield_left.pop(0)
            if s.yield_left:
                s.to_act = s.yield_left[0]
            else:
                s.to_act, s.yielder = s.yielder, -1  # both passed: the yielder decides (000 part 3 第12条)
            return
        nxt = self._next_answerer(actor)
        if s.window:
            s.after_window, s.to_act = nxt, s.window[0]
        elif nxt is not None:
            s.to_act = nxt
        else:
            self._end_round(s.top[0])  # type: ignore[index]  # a round is open here, so s.top is set

    def _next_answerer(self, actor: int) -> int | None:
        """The first seat after ``actor``, counter-clockwise and before the play on top, that may answer it."""
        top_seat = self._s.top[0]  # type: ignore[index]  # a round is open here, so s.top is set
        k = actor
        for _ in range(6):
            k = (k + 1) % 6
            if k == top_seat:
                return None
            if self._may_answer(k):
                return k
        return None

    def _end_round(self, winner: int) -> None:
        s, rules = self._s, self.rules
        play = s.top[1]  # type: ignore[index]  # a round is open here, so s.top is set
        self._emit(
            EventKind.ROUND,
            winner,
            f"没人再要：座位{winner}的{play.text_zh}赢了这一轮",
            f"nobody answers: seat {winner} wins the round with {play.text_en}",
            cards=play.notation,
            rule="turn.order",
        )
        if (
            s.kaidian[winner] == KaidianState.NONE
            and play.can_kaidian
            and not s.luanchan
            and not (rules.kaidian_needs_duitou and s.status[opposite(winner)] in (OUT, REVOLT))
        ):
            self._open_point(winner, f"{play.text_zh}没人接", f"nobody answered {play.text_en}", "kaidian")
        h = opposite(winner)
        duitou_leads = (
            rules.duitou_pass_leads and s.top_gouji and not s.luanchan and h in s.passed and s.status[h] == ACTIVE
        )
        s.top, s.top_gouji, s.sisi_top, s.yield_top = None, False, False, False
        s.passed = set()
        s.lifted = {}
        s.window, s.after_window = [], None
        s.yielder, s.yield_left = None, []
        if duitou_leads:  # 002 §5 打够级牌: "如果对头过牌，则新的一轮产生，由对头发牌"
            s.leader = s.to_act = h
            self._emit(
                EventKind.DUITOU_LEADS,
                h,
                f"对头座位{h}不要座位{winner}的够级牌：由对头座位{h}发牌",
                f"the 对头, seat {h}, passed seat {winner}'s 够级 play: seat {h} leads",
                other=winner,
                rule="lead.duitou",
            )
            return
        if s.status[winner] == ACTIVE:
            s.leader = s.to_act = winner
            return
        nxt = self._next_active(winner)
        s.leader = s.to_act = nxt
        if s.status[winner] == OUT:
            self._emit(
                EventKind.JIEFENG,
                nxt,
                f"座位{winner}已走，座位{nxt}接风发牌",
                f"seat {winner} has gone out: seat {nxt} takes the lead (接风)",
                other=winner,
                rule="jiefeng",
            )


#: What each kind of action does: the table :meth:`Game.apply` dispatches through.
_DO: Mapping[ActionKind, Callable[[Game, int, Any], None]] = MappingProxyType(
    {
        ActionKind.PLAY: Game._do_play,
        ActionKind.BURN: Game._do_burn,
        ActionKind.PASS: Game._do_pass,
        ActionKind.YIELD: Game._do_yield,
        ActionKind.REVOLT: Game._do_revolt,
        ActionKind.XUANDIAN: Game._do_xuandian,
        ActionKind.YAOTOU: Game._do_yaotou,
        ActionKind.WUTOU: Game._do_wutou,
    }
)
_STATUS_ZH = {OUT: "已经走了", REVOLT: "革命了", MEN: "被闷了", FAILED: "烧失败了"}
_STATUS_EN = {OUT: "has gone out", REVOLT: "has revolted", MEN: "is 闷ed", FAILED: "failed a burn"}


def _buy(hands: list[Hand], rules: Ruleset, events: list[Event]) -> list[Hand]:
    """买三/买四: a seat without a 3 (4) gets one from the 对头, then the other opponents, paying a 2 (else a
    小花, else a 大花, where ``buy_with_jokers``; 000 part 3 第7条 pays with 2s only); with nothing to pay, or
    no opponent to spare one, a teammate gives one (要三). Where ``must_give_three`` (003 §五), a seat with
    nothing to pay asks its teammates first, then any seat with a 3 to spare must give one."""
    hands = list(hands)
    for rank, on in ((Rank.THREE, rules.buy_threes), (Rank.FOUR, rules.buy_fours)):
        if not on:
            continue
        for s in range(6):
            if hands[s].count(rank):
                continue
            means = MONEY if rules.buy_with_jokers else (Rank.TWO,)
            pay = next((r for r in means if hands[s].count(r)), None)
            sellers = [opposite(s), (s + 1) % 6, (s + 5) % 6, (s + 2) % 6, (s + 4) % 6]
            given = pay is None and rank == Rank.THREE and rules.must_give_three
            if given:  # 003 §五: teammates first (索要), then anyone with a 3 must give one
                sellers = sellers[3:] + sellers[:3]
            for seller in sellers:
                if hands[seller].count(rank) < 2:
                    continue
                opponent = team(seller) != team(s)
                if opponent and pay is None and not given:
                    continue
                card = next(c for c in hands[seller] if c.rank == rank)
                hands[seller] = hands[seller] - (card,)
                hands[s] = Hand((*hands[s].cards, card))
                rule = "buy"
                if opponent and pay is None:
                    zh = f"座位{s}没有{rank.zh}，又没钱没花：座位{seller}有多的{rank.zh}，必须给一张"
                    en = (f"seat {s} has no {rank.en} and no 2 or joker to pay: seat {seller} has one to spare and "
                          "must give it")
                    rule = "buy.give"
                elif opponent and pay is not None:
                    money = next(c for c in hands[s] if c.rank == pay)
                    hands[s] = hands[s] - (money,)
                    hands[seller] = Hand((*hands[seller].cards, money))
                    zh = f"座位{s}没有{rank.zh}，用{pay.zh}向座位{seller}买一张{rank.zh}"
                    en = f"seat {s} has no {rank.en}: it buys one from seat {seller} with a {pay.en}"
                elif pay is None and not rules.buy_with_jokers and (
                    hands[s].count(Rank.SMALL_JOKER) or hands[s].count(Rank.BIG_JOKER)
                ):
                    zh = f"座位{s}没有{rank.zh}，也没有钱（花不能买）：同帮座位{seller}送一张"
                    en = (f"seat {s} has no {rank.en} and no 2 (a joker does not pay): its teammate seat {seller} "
                          "gives one")
                    rule = "buy.twos"
                else:
                    zh = f"座位{s}没有{rank.zh}，同帮座位{seller}送一张"
                    en = f"seat {s} has no {rank.en}: its teammate seat {seller} gives one"
                events.append(Event(EventKind.BUY, s, zh, en, other=seller, cards=rank.notation, rule=rule))
                break
    return hands


def _first_leader(hands: Sequence[Hand], rules: Ruleset, deck: list[Card] | None, seed: int) -> tuple[int, str, str]:
    """Who leads first, with the reason (zh, en)."""
    rng = random.Random(seed)
    if rules.first_leader == FirstLeader.SUIT_FOURS:  # 002 §5 上班: 4s under 憋三, else 3s (以3代替上面的4)
        shown = Rank.FOUR if rules.bie_san else Rank.THREE
        best, seat = 1, None
        for k in range(6):  # a tie goes to the lowest seat: the engine has no "who showed first" (先亮者)
            per_suit: dict[object, int] = {}
            for c in hands[k]:
                if c.rank == shown and c.suit is not None:
                    per_suit[c.suit] = per_suit.get(c.suit, 0) + 1
            n = max(per_suit.values(), default=0)
            if n > best:
                best, seat = n, k
        if seat is not None:
            return seat, f"同花色的{shown.zh}最多（{best}张）", f"most {shown.en}s of one suit ({best})"
        k = rng.randrange(6)
        return k, f"没人亮同花色的{shown.zh}，随机定人", f"nobody shows two {shown.en}s of a suit: drawn at random"
    if rules.first_leader == FirstLeader.FIRST_THREE:
        if deck is not None:
            i = next((i for i, c in enumerate(deck) if c.rank == Rank.THREE), None)
            if i is not None:
                return i % 6, "最先摸到3", "it drew the first 3"
        k = next((k for k in range(6) if hands[k].count(Rank.THREE)), 0)
        return k, "手里有3的第一家", "the first seat holding a 3"
    n = len(deck) if deck is not None else 6 * max(len(h) for h in hands)
    k = rng.randrange(max(n, 6)) % 6
    return k, "翻牌定人：抓到翻开那张牌的人先发", "a drawn card: the seat that draws the face-up card leads"
