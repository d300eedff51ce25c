"""Puzzles about a position of the engine, answered by a set of seats: who may act now (after a play, a 让牌, a
seat going out, in 四户乱缠), who has 开点ed and who is 闷ed after a round; and whether one seat may do one thing
(a scenario's checkpoint). The engine's answer (:meth:`~gouji_teach.rules.engine.Game.may_act`, ...) is the answer.

The drills come from small seeded deals played by computer players. Their levels: a plain turn, a 够级 play, a
burn window (who may act); a round that opens, any, a 发四 still due or a 认点 (who opened); one 闷, several (who
is 闷ed); 接风, a seat just gone out with its last play on the table, a play in 四户乱缠 (luanchan); just after a
让牌, the first seat after it passed, or played (yield).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...bots.players import SimplePlayer
from ...rules.cards import Hand, Rank
from ...rules.engine import Game, KaidianState, Phase, SeatStatus, opposite
from ...rules.errors import GoujiError, SetupError
from ...rules.events import ACTION_KINDS, Action, ActionKind, Event, EventKind
from ...rules.gouji import can_kaidian
from ...rules.plays import Play
from ...rules.rulebook import RULES
from ...rules.rulesets import FoursBeforeKaidian, Ruleset
from ...rules.scenario import instead
from ...rules.words import Lang
from ...show.i18n import capital, register, t
from ...show.markup import HtmlFragment, el, html
from ...show.pictures import hand_html
from ..dealing import small_deal
from .base import SEP_EN, SEP_ZH, AnsweredBy, Choice, Feedback, Puzzle, both, feedback, seat_names, tagged
from .kinds import declare
from .plays import HandPuzzle, picked_play

__all__ = ["CanActPuzzle", "GamePuzzle", "LuanchanPuzzle", "OpenByPlayPuzzle", "PositionPuzzle", "SeatsPuzzle",
           "WhoIsMenPuzzle",
           "WhoMayActPuzzle", "WhoOpenedPuzzle", "YieldPuzzle", "parse_seats", "seats_key"]

register({
    "puzzle.seats.answer": ("{seats}。", "{seats}. "),
    "puzzle.seats.missing": ("还少了座位。", "A seat is missing. "),
    "puzzle.seats.not_in": ("座位{seat}不在其中", "seat {seat} does not belong"),
    "puzzle.seats.bad": ("请选座位0到5（例如 1,4）：{answer}", "Pick seats 0 to 5 (e.g. 1,4): {answer}"),
    "puzzle.who_may_act.q": ("现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                             "Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "puzzle.who_opened.q": ("这一轮之后，哪些座位开点了？", "After this round, which seats have 开点ed?"),
    "puzzle.who_is_men.q": ("这一轮之后，谁被闷了？", "After this round, who is 闷ed?"),
    "puzzle.may.kinds": ("座位{seat}可以：{kinds}", "seat {seat} may: {kinds}"),
    "puzzle.may.example": ("比如座位{seat}{action}：{events}", "For example seat {seat} {action}: {events}"),
    "puzzle.may.other": ("能行动的是{seats}。", "The seats that may act: {seats}. "),
    "puzzle.open.not": ("座位{seat}还没开点：它还没有一手够级牌没人接、赢下一轮",
                        "seat {seat} has not 开点ed: no 够级 play of its has gone unanswered and won a round"),
    "puzzle.open.pending": ("座位{seat}开了点，但还没发四：要发了四才算开点",
                            "seat {seat} opened but has not led its 4s yet: the point stands only after 发四"),
    "puzzle.men.not": ("座位{seat}没有被闷：{why}", "seat {seat} is not 闷ed: {why}"),
    "puzzle.men.active": ("它手里还有3以外的牌，或者它最后那手牌没被压住",
                          "it still holds cards other than 3s, or its last play was not beaten"),
    "puzzle.men.gone": ("它已经不出牌了（走了、革命或烧失败）",
                        "it plays no more (it went out, revolted or failed a burn)"),
    "puzzle.can.q": ("座位{seat}现在能{action}吗？", "May seat {seat} {action} now?"),
    "puzzle.can.yes": ("能", "Yes, it may"),
    "puzzle.can.no": ("不能", "No, it may not"),
    "puzzle.can.legal": ("能：{action}。接下来：{events}", "Yes: {action}. Then: {events}"),
    "puzzle.can.instead": ("座位{seat}能做的比如：{action}", "What seat {seat} may do instead: {action}"),
    "sit.luan.q": ("{story}现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                   "{story}Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "sit.luan.out": ("座位{s}刚走科。", "Seat {s} has just gone out. "),
    "sit.luan.jiefeng": ("座位{s}走科后这一轮结束了。", "Seat {s} went out and the round is over. "),
    "sit.luan.chan": ("已经走了两家：四户乱缠。", "Two seats are gone: 四户乱缠. "),
    "sit.played": ("座位{s}出了{play}", "seat {s} played {play}"),
    "sit.passes": ("座位{s}过牌", "seat {s} passed"),
    "sit.yield.q": ("{story}现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                    "{story}Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "sit.yield.did": ("座位{s}让牌。", "Seat {s} yields (让牌). "),
    "sit.yield.then": ("座位{s}让牌，然后{then}。", "Seat {s} yields (让牌); then {then}. "),
    "sit.luan.top": ("{played}。", "{played}. "),
    "sit.seats.cannot": ("座位{seat}现在不能行动：{why}", "seat {seat} may not act now: {why}"),
    "sit.seats.missing": ("你的答案漏了能行动的座位：想想“{title}”。",
                          "Your answer leaves out a seat that may act: think of “{title}”."),
    "sit.seats.answer": ("能行动的：{seats}。{whys}", "The seats that may act: {seats}. {whys}"),
    "puzzle.open.q": ("你是座位0，轮到你先出。从手里出一手牌让自己开点（另外五家的牌亮在下面）。",
                      "You are seat 0 and lead. Play from your hand so that you 开点 (the other five hands are "
                      "shown below)."),
    "puzzle.open.answered": ("座位{seat}能用{play}接住它", "seat {seat} can answer it with {play}"),
    "puzzle.open.burned": ("座位{seat}能用{play}烧它", "seat {seat} can burn it with {play}"),
    "puzzle.open.round": ("这一轮没人接，但没有开点", "nobody answers, yet no 开点 follows"),
    "puzzle.open.played": ("出{play}：{events}", "Play {play}: {events}"),
    "puzzle.open.hand": ("座位{seat}{duitou}的牌", "seat {seat}{duitou}'s hand"),
    "puzzle.open.duitou": ("（对头）", " (the 对头)"),
})

_SEAT_LIST = re.compile(r"[0-5](?:\s*[,，、;；\s]\s*[0-5])*")


def parse_seats(answer: str) -> frozenset[int] | None:
    """The seats of a learner's answer such as ``"1,4"`` (``"-"`` or nothing: no seat), or ``None`` when the
    answer is not a list of seats 0-5 (browser values are untrusted input).

    >>> sorted(parse_seats("4, 1"))
    [1, 4]
    >>> parse_seats("-"), parse_seats("7"), parse_seats("1; drop")
    (frozenset(), None, None)
    """
    text = str(answer).strip()
    if text in ("", "-"):
        return frozenset()
    if len(text) > 40 or not _SEAT_LIST.fullmatch(text):
        return None
    return frozenset(int(c) for c in text if c.isdigit())


def seats_key(seats: Iterable[int]) -> str:
    """The answer text of a set of seats, as the seat-picking widget sends it: ``"1,4"``, or ``"-"`` for none."""
    return ",".join(str(s) for s in sorted(set(seats))) or "-"



def _narrate(events: Iterable[Event]) -> tuple[str, str]:
    events = list(events)
    return SEP_ZH.join(e.zh for e in events), SEP_EN.join(e.en for e in events)


def _action_words(action: Action, *, base: bool = False) -> tuple[str, str]:
    """How an action reads after "seat N": (``出 AA``, ``plays AA``; with ``base``, ``play AA``)."""
    verbs = ACTION_KINDS[action.kind]
    zh = next(v for v in verbs if not v.isascii())
    en = verbs[1] if base and verbs[1].isascii() else verbs[0]
    cards = f" {action.cards}" if action.cards else ""
    return zh + cards, en + cards


def _last_round_start(game: Game) -> Game:
    """A copy of ``game`` as it stood when its last round began (before its lead), or the game itself if no
    play has been made."""
    before = game.copy()
    if before.history:
        before.undo()
        while before.top is not None and before.history:
            before.undo()
    return before


@dataclass(frozen=True)
class GamePuzzle(Puzzle):
    """Base of the puzzles about a position of the engine. The puzzle keeps its own copy of ``game``;
    ``position`` (the hands when play began and the actions since) makes puzzles about the same position
    compare equal."""

    game: Game = field(compare=False, repr=False)
    position: tuple[str, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", self.game.copy())
        object.__setattr__(self, "position", (*(str(h) for h in self.game.initial_hands), "|",
                                              *(str(a) for a in self.game.history)))
        super().__post_init__()

    def _own_rules(self) -> Ruleset:
        return self.game.rules


@dataclass(frozen=True)
class SeatsPuzzle(Puzzle, answered_by=AnsweredBy.SEATS):
    """Base of the puzzles answered by a set of seats (``"1,4"``; ``"-"`` for nobody), picked on the table: about a
    position of the engine (:class:`PositionPuzzle`) or a finished hand (:class:`~.results.TributeToPuzzle`).
    ``check`` accepts any set, as the seat-picking widget sends it, and treats it as untrusted input; a wrong set
    is told why its first wrong seat is wrong, or that a seat is missing and the rule to think of, never which."""

    #: The rule a question of this kind is about (when no seat's explanation names another).
    rule = "turn.order"

    def answer_seats(self) -> frozenset[int]:
        """The engine's answer."""
        raise NotImplementedError

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        """Why ``seat`` belongs to the answer: (zh, en, rule id)."""
        raise NotImplementedError

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        """Why ``seat`` does not belong to the answer: (zh, en, rule id)."""
        raise NotImplementedError

    def rule_ids(self) -> tuple[str, ...]:
        ids = [self._why_in(s)[2] for s in sorted(self.answer_seats())]
        return tuple(dict.fromkeys(ids)) or (self.rule,)

    def check(self, answer: str) -> Feedback:
        seats = parse_seats(answer)
        if seats is None:
            return feedback(False, *both("puzzle.seats.bad", answer=str(answer)[:40]), valid=False)
        right = self.answer_seats()
        if seats == right:
            return self.solution()
        return self._wrong_seats(seats, sorted(seats - right), sorted(right - seats))

    def _wrong_seats(self, seats: frozenset[int], extra: list[int], missing: list[int]) -> Feedback:
        """Why the seats picked are not the answer: why the first seat picked wrongly may not act (``extra``), or
        else that a seat is ``missing`` and the rule to think of."""
        chosen = seat_names(seats)
        if extra:  # why that seat is wrong: its own story if it names no seat left out, else the rule's words
            seat = extra[0]
            zh, en, rule = self._why_out(seat)
            line = self._rule_line(rule)
            if any(n[1] in en or n[0] in zh for n in (seat_names([s]) for s in missing)):
                zh, en = both("puzzle.seats.not_in", seat=seat)
            why = (f"{zh}。{line[0]}", f"{en}. {line[1]}") if f"{rule}," not in en else (zh, en)
            return self._wrong(chosen, rule=rule, why=why)
        rule = self._why_in(missing[0])[2]
        why = self._rule_line(rule)
        lead = both("puzzle.seats.missing")
        return self._wrong(chosen, rule=rule, why=(lead[0] + why[0], lead[1] + why[1]))

    def solution(self) -> Feedback:
        right = sorted(self.answer_seats())
        names = seat_names(right)
        whys = [self._why_in(s) for s in right]
        zh = t("puzzle.seats.answer", "zh", seats=names[0]) + SEP_ZH.join(w[0] for w in whys)
        en = t("puzzle.seats.answer", "en", seats=names[1]) + SEP_EN.join(w[1] for w in whys)
        return feedback(True, *self._cited(zh, en), rule_ids=self.rule_ids())


@dataclass(frozen=True)
class PositionPuzzle(SeatsPuzzle, GamePuzzle):
    """Base of the puzzles about a position of the engine answered by seats: the table picture shows it."""

    @property
    def play(self) -> Play | None:
        """The play on the table, or else the last play made (what the question is about), if any."""
        return self.game.top[1] if self.game.top is not None else _last_play(self.game)

    def before(self) -> Game:
        """The position the question shows: by default the game as it stands."""
        return self.game


_PLAY_EVENTS = frozenset({EventKind.LEAD, EventKind.PLAY, EventKind.BURN, EventKind.COUNTER_BURN})


def _last_play(game: Game) -> Play | None:
    """The last play made in ``game`` (``None`` before the first lead)."""
    cards = next((e.cards for e in reversed(game.events) if e.cards and e.kind in _PLAY_EVENTS), None)
    return None if cards is None else Play.parse(cards, game.rules)

_KIND_WORDS = {"play": ("出牌", "play"), "pass": ("过", "pass"), "yield": ("让牌", "yield (让牌)"),
               "burn": ("烧", "burn"), "revolt": ("革命", "revolt"), "xuandian": ("宣点", "declare 宣点"),
               "yaotou": ("要头", "要头"), "wutou": ("无头", "无头")}


def _tried_action(game: Game, seat: int) -> Action:
    """What a seat would most likely try now: its cheapest play over the table (or its lowest card to lead),
    else a pass."""
    hand = game.hands[seat]
    if game.top is None:
        return Action(seat, "play", hand.cards[-1].notation) if hand else Action(seat, "pass")
    answers = game.answers(seat)
    return Action.of(seat, "play", answers[0]) if answers else Action(seat, "pass")


def _try(game: Game, action: Action) -> tuple[str, str]:
    """What ``action`` would cause, played on a copy of ``game``."""
    return _narrate(game.copy().apply(action))


@dataclass(frozen=True)
class WhoMayActPuzzle(PositionPuzzle, kind="who_may_act",
                      hint=("先看桌上的牌是不是够级牌、谁是对头，再看谁已经过牌、谁能烧。",
                            "Is the play on the table 够级? Who is its 对头? Who passed, who may burn?")):
    """Who may act now? The engine's answer: every seat with a legal action (:meth:`Game.may_act`).

    >>> from gouji_teach.rules.engine import Game
    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> _ = g.act("seat 0 plays KK")
    >>> p = WhoMayActPuzzle(g)
    >>> p.check("3").correct
    True
    >>> fb = p.check("1,3")
    >>> fb.en.split(" [")[0]
    '“seat 1, seat 3” is not it. Only the 对头 (seat 3) answers a 够级 play; seat 1 may only burn it'
    >>> p.check("1").en.split(" [")[0]  # seat 1's refusal would name seat 3, left out: the rule instead
    '“seat 1” is not it. Seat 1 does not belong. The rule that decides: a 够级 play is answered by the 对头 only'
    """

    def answer_seats(self) -> frozenset[int]:
        return frozenset(self.game.may_act())

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        game = self.game
        kinds = game.may_act()[seat]
        zh = t("puzzle.may.kinds", "zh", seat=seat, kinds="、".join(_KIND_WORDS[k][0] for k in kinds))
        en = t("puzzle.may.kinds", "en", seat=seat, kinds=", ".join(_KIND_WORDS[k][1] for k in kinds))
        rule = self._deciding_rule(seat, kinds)
        title = RULES[rule]
        return f"{zh}（{title.zh}）", f"{en} ({title.en})", rule

    def _deciding_rule(self, seat: int, kinds: list[str]) -> str:
        """The id of the rule that lets ``seat`` take the actions ``kinds`` now."""
        game = self.game
        top = game.top
        if ActionKind.BURN in kinds:
            return "burn.priority"
        if top is not None and top[1].is_gouji and seat == opposite(top[0]) and not game.luanchan:
            return "gouji.duitou"
        if ActionKind.PLAY not in kinds and ActionKind.PASS not in kinds:  # before the first lead: the rule the
            # engine names for the seat's first action (要头/无头: head.choice, 革命: revolt.cards, 宣点 ...)
            first = game.legal_actions(seat)[0]
            return next((e.rule for e in game.copy().apply(first) if e.rule in RULES), "xuandian.when")
        return "lead.must" if top is None else "turn.order"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        refusal = self.game.why_not(_tried_action(self.game, seat))
        if refusal is None:  # not reached: a seat with a legal action is in the answer
            raise AssertionError(f"seat {seat} may act")
        return refusal.zh, refusal.en, refusal.rule or self.rule

    def question(self) -> tuple[str, str]:
        return both("puzzle.who_may_act.q")


@dataclass(frozen=True)
class WhoOpenedPuzzle(PositionPuzzle, kind="who_opened", hint=("够级牌没人接、自己赢下这一轮，才开点。",
                                                          "A seat 开点s when its 够级 play wins the round "
                                                          "unanswered.")):
    """After a round: which seats have 开点ed (:meth:`Game.kaidian_seats`: where a 开点 lapses without 发四, a
    seat whose 4s are still due has not yet)? The question shows the table as the round began and the round's plays."""

    rule = "kaidian"

    def answer_seats(self) -> frozenset[int]:
        return frozenset(self.game.kaidian_seats())

    def before(self) -> Game:
        return _last_round_start(self.game)

    def _last_event(self, seat: int, kinds: tuple[str, ...]) -> Event | None:
        return next((e for e in reversed(self.game.events) if e.seat == seat and e.kind in kinds), None)

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        event = self._last_event(seat, (EventKind.KAIDIAN, EventKind.FASI, EventKind.NATURAL_POINT))
        if event is None:
            return *seat_names([seat]), "kaidian"
        return event.zh, event.en, event.rule or "kaidian"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        state = self.game.kaidian(seat)
        if state is KaidianState.PENDING:
            return *both("puzzle.open.pending", seat=seat), "fasi"
        event = self._last_event(seat, (EventKind.CONCEDE, EventKind.KAIDIAN_LAPSED, EventKind.POINT_CLOSED))
        if event is not None and state is not KaidianState.OPEN:
            return event.zh, event.en, event.rule or "kaidian"
        return *both("puzzle.open.not", seat=seat), "kaidian"

    def question(self) -> tuple[str, str]:
        return both("puzzle.who_opened.q")


@dataclass(frozen=True)
class WhoIsMenPuzzle(PositionPuzzle, kind="who_is_men", hint=("只剩3的人，最后那手牌被人压住，就被闷了。",
                                                         "A seat left with only 3s whose last play is beaten is "
                                                         "闷ed.")):
    """After a round: which seats are 闷ed (left with only 3s, their last play beaten)? The explanation names
    who 闷ed each. The question shows the table as the round began and the round's plays."""

    rule = "men"

    def answer_seats(self) -> frozenset[int]:
        return frozenset(v for v, _ in self.game.men())

    def before(self) -> Game:
        return _last_round_start(self.game)

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        event = next(e for e in self.game.events if e.kind == EventKind.MEN and e.seat == seat)
        return event.zh, event.en, "men"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        why = "puzzle.men.active" if self.game.status(seat) is SeatStatus.ACTIVE else "puzzle.men.gone"
        zh, en = both(why)
        return t("puzzle.men.not", "zh", seat=seat, why=zh), t("puzzle.men.not", "en", seat=seat, why=en), "men"

    def question(self) -> tuple[str, str]:
        return both("puzzle.who_is_men.q")


#: The seat that leads in an :class:`OpenByPlayPuzzle`: the learner's.
_LEADER = 0


@dataclass(frozen=True)
class OpenByPlayPuzzle(HandPuzzle, GamePuzzle, kind="open_by_play",
                       hint=("要够级牌，还要对头接不住、别人也烧不了：先看对头手里有什么。",
                             "It must be 够级, the 对头 must have no answer and nobody a burn: look at the 对头's "
                             "cards first.")):
    """开点 by playing: seat 0 leads; pick from its hand a play that 开点s. The engine decides: the play is led on
    a copy of the position, the seats that may only pass pass, and a 开点 for seat 0 is the answer; a seat that
    may answer or burn it, or a play that cannot 开点, is told. The other seats' hands are shown (a teaching
    table). Answered like a pick puzzle, by the cards of ``hand``.

    >>> from gouji_teach.rules.engine import Game
    >>> g = Game.from_hands({0: "KK QQQ 5", 1: "6 7", 2: "6 8", 3: "AA 9", 4: "7 9", 5: "6 9"}, leader=0)
    >>> p = OpenByPlayPuzzle(g)
    >>> [x.notation for x in p.right_plays()], p.check("QQQ").correct, p.check("KK").correct
    (['QQQ'], True, False)
    >>> p.check("KK").en.split(" [")[0]
    '“two Ks” is not it. Seat 3 can answer it with AA'
    """

    @property
    def hand(self) -> Hand:
        """The learner's hand (seat 0's)."""
        return self.game.hands[_LEADER]

    def _tried(self, play: Play) -> tuple[bool, str, str, str]:
        """What leading ``play`` does: (whether seat 0 开点s, why in Chinese and English, the rule that decides)."""
        verdict = can_kaidian(play, self.rules)
        if not verdict.ok:
            return False, verdict.reason_zh, verdict.reason_en, verdict.rule
        game = self.game.copy()
        lead = Action.of(_LEADER, ActionKind.PLAY, play)
        refusal = game.why_not(lead)
        if refusal is not None:
            return False, refusal.zh, refusal.en, refusal.rule or "lead.must"
        game.apply(lead)
        for _ in range(6):  # each seat passes at most once before the round ends
            may = game.may_act()
            other = next((seat for seat, kinds in sorted(may.items()) if seat != _LEADER
                          and set(kinds) - {ActionKind.PASS}), None)
            if other is not None:
                burn = ActionKind.BURN in may[other]
                over = game.answers(other)[0].notation
                zh, en = both("puzzle.open.burned" if burn else "puzzle.open.answered", seat=other, play=over)
                return False, zh, en, "burn.gouji" if burn else "gouji.duitou"
            passer = next((seat for seat in sorted(may) if seat != _LEADER), None)
            if passer is None:
                break
            events = game.apply(Action(passer, ActionKind.PASS))
            opened = next((e for e in events if e.kind == EventKind.KAIDIAN and e.seat == _LEADER), None)
            if opened is not None:
                return True, opened.zh, opened.en, opened.rule or "kaidian"
        return False, *both("puzzle.open.round"), "kaidian"

    def right_plays(self) -> list[Play]:
        """Every play seat 0 may lead that 开点s, cheapest first."""
        leads = [a for a in self.game.legal_actions(_LEADER) if a.kind is ActionKind.PLAY and a.cards]
        plays = (Play.parse(a.cards, self.rules) for a in leads)
        return [p for p in plays if self._tried(p)[0]]

    def question(self) -> tuple[str, str]:
        return both("puzzle.open.q")

    def rule_ids(self) -> tuple[str, ...]:
        return "kaidian", "gouji.duitou"

    def check(self, answer: str) -> Feedback:
        play = picked_play(self.hand, answer, self.rules)
        if isinstance(play, Feedback):
            return play
        opens, zh, en, rule = self._tried(play)
        if opens:
            played = (t("puzzle.open.played", "zh", play=play.notation, events=zh),
                      t("puzzle.open.played", "en", play=play.notation, events=en))
            return feedback(True, *self._cited(*played), rule_ids=self.rule_ids())
        why = (zh, en) if f"[{rule}," in en else tagged(zh, en, rule, self.rules)
        return self._wrong((play.text_zh, play.text_en), rule=rule, why=why)

    def solution(self) -> Feedback:
        example = self.example()
        if example is None:
            return feedback(True, "", "", rule_ids=self.rule_ids())
        return self.check(example.notation)

    def picture(self, lang: Lang | None = None, scale: float = 1.0) -> HtmlFragment:
        """The five other hands, the 对头's first."""
        duitou = opposite(_LEADER)
        seats = [duitou, *(s for s in range(6) if s not in (_LEADER, duitou))]
        return html(el("div", el("b", t("puzzle.open.hand", lang, seat=s,
                                        duitou=t("puzzle.open.duitou", lang) if s == duitou else "")),
                       hand_html(self.game.hands[s], scale=0.6 * scale, lang=lang), cls="gj-seat-hand")
                    for s in seats)


@dataclass(frozen=True)
class CanActPuzzle(GamePuzzle, kind="can_act", hint=("想想轮到谁、桌上是什么牌、这一步合不合规矩。",
                                                  "Whose turn is it, what is on the table, and is this move "
                                                  "allowed?")):
    """May this seat do this now (a scenario's "can seat N ..." or "what if ..." checkpoint)? Answer ``'yes'`` or
    ``'no'``; the explanation is the engine's refusal naming the rule, or what the action would cause.

    >>> from gouji_teach.rules.engine import Game
    >>> from gouji_teach.rules.events import Action
    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> _ = g.act("seat 0 plays KK")
    >>> p = CanActPuzzle(g, Action.parse("seat 1 plays QQ"))
    >>> p.check("no").correct, p.solution().rule_ids
    (True, ('gouji.duitou',))
    """

    action: Action

    @property
    def play(self) -> Play | None:
        """The play on the table, if any."""
        return self.game.top[1] if self.game.top is not None else None

    @property
    def choices(self) -> tuple[Choice, ...]:
        return Choice("yes", *both("puzzle.can.yes")), Choice("no", *both("puzzle.can.no"))

    def question(self) -> tuple[str, str]:
        seat = self.action.seat
        return (t("puzzle.can.q", "zh", seat=seat, action=_action_words(self.action)[0]),
                t("puzzle.can.q", "en", seat=seat, action=_action_words(self.action, base=True)[1]))

    def rule_ids(self) -> tuple[str, ...]:
        """The rule the engine names for this action: its refusal's, else that of the first event it causes
        (an answer: ``answer.beat``, a 够级 answer: ``gouji.duitou``, a yield: ``yield.when``, 4s led after 开点:
        ``fasi`` ...), so that a wrong "no" is told the rule that allows it, not the turn order."""
        refusal = self.game.why_not(self.action)
        if refusal is not None:
            return (refusal.rule or "turn.order",)
        caused = (e.rule for e in self.game.copy().apply(self.action) if e.rule in RULES)
        return (next(caused, "turn.order"),)

    def solution(self) -> Feedback:
        refusal = self.game.why_not(self.action)
        if refusal is not None:
            return feedback(True, refusal.zh, refusal.en, rule_ids=self.rule_ids())
        zh, en = _try(self.game, self.action)
        zh, en = tagged(t("puzzle.can.legal", "zh", action=_action_words(self.action)[0], events=zh),
                        t("puzzle.can.legal", "en", action=str(self.action), events=en), self.rule_ids()[0], self.rules)
        return feedback(True, zh, en, rule_ids=self.rule_ids())

    def check(self, answer: str) -> Feedback:
        if answer not in ("yes", "no"):
            return self._bad(answer)
        legal = self.game.why_not(self.action) is None
        if (answer == "yes") == legal:
            return self.solution()
        counter = ("", "")
        seat = self.action.seat
        other = instead(self.game, self.action)  # "yes" for a refused move: what the seat may do instead
        if other is not None:  # (gouji-teach check makes sure it answers no later checkpoint of a scenario)
            zh, en = _action_words(other)
            counter = (t("puzzle.can.instead", "zh", seat=seat, action=zh),
                       t("puzzle.can.instead", "en", seat=seat, action=en))
        return self._wrong(self._chosen(answer), counter=counter)



# -- positions of the engine and finished hands -----------------------------------------------------------------

#: Cards per seat in the small deals of the engine-based drills (an endgame: quick to play, easy to read).
_DEAL_SIZE = {"easy": 6, "medium": 8, "hard": 10}


def played_position(rng: random.Random, rules: Ruleset, level: str, wanted: tuple[Callable[[Game], bool], ...]) -> Game:
    """A position reached by computer players (:class:`~gouji_teach.bots.players.SimplePlayer`) from small seeded
    deals where the first of ``wanted`` holds (or, after a few deals without one, the best test that some position
    passed): the first, second or third such position, as the seed decides. The last test must be one that some
    position of every deal passes."""
    player = SimplePlayer()
    found: list[list[Game]] = [[] for _ in wanted]
    enough = rng.randint(1, 3)  # stop at the first, second or third position that fits best
    for deal in range(6):
        game = small_deal(rng, rules, _DEAL_SIZE[level])
        moved = False  # whether an action has been applied to this deal (the game's history, without building it)
        while len(found[0]) < enough:
            if moved:
                for i, test in enumerate(wanted):
                    if test(game):
                        found[i].append(game.copy())
                        break
            if game.is_over:
                break
            # (ignore below: the loop runs while the hand goes on: a seat is to act)
            game.apply(player.choose(game, game.to_act))  # type: ignore[arg-type]
            moved = True
        if found[0] or (deal >= 2 and any(found)):
            break
    return found[0][-1] if found[0] else rng.choice(next(games for games in found if games))


def _round_over(game: Game) -> bool:
    return game.top is None and game.phase in (Phase.PLAY, Phase.OVER)


def _who_may_act(rng: random.Random, level: str, rules: Ruleset) -> WhoMayActPuzzle:
    def answering(g: Game) -> bool:
        return g.top is not None and not g.top[1].is_gouji

    def gouji(g: Game) -> bool:
        return g.top is not None and g.top[1].is_gouji and not g.luanchan

    def several(g: Game) -> bool:  # someone may burn: the burners and the 对头 may act
        return bool(g.burn_candidates())

    def anything(g: Game) -> bool:
        return not g.is_over

    tests = {"easy": (answering, anything), "medium": (gouji, answering, anything),
             "hard": (several, gouji, anything)}[level]
    return WhoMayActPuzzle(played_position(rng, rules, level, tests), rules=rules)


def _who_opened(rng: random.Random, level: str, rules: Ruleset) -> WhoOpenedPuzzle:
    def opened_now(g: Game) -> bool:
        return _round_over(g) and any(e.kind in (EventKind.KAIDIAN, EventKind.FASI) for e in g.events[-3:])

    def pending(g: Game) -> bool:
        return _round_over(g) and any(g.kaidian(s) in (KaidianState.PENDING, KaidianState.CONCEDED) for s in range(6))

    def some(g: Game) -> bool:
        return _round_over(g) and bool(g.kaidian_seats())

    tests = {"easy": (opened_now, _round_over), "medium": (some, _round_over),
             "hard": (pending, some, _round_over)}[level]
    return WhoOpenedPuzzle(played_position(rng, rules, level, tests), rules=rules)


def _gouji_sets(hand: Hand, rules: Ruleset) -> int:
    """How many ranks of ``hand`` make a 够级 play that can 开点 on their own."""
    ranks = sorted({c.rank for c in hand.cards})
    return sum(can_kaidian(Play([c for c in hand.cards if c.rank == r], rules), rules).ok for r in ranks
               if r not in (Rank.BIG_JOKER, Rank.SMALL_JOKER))


#: The smallest 够级 set of each rank seat 0's hand may hold, in every family.
_GOUJI_COUNT = {Rank.TEN: 5, Rank.JACK: 4, Rank.QUEEN: 3, Rank.KING: 2, Rank.ACE: 2}


def _open_by_play(rng: random.Random, level: str, rules: Ruleset) -> OpenByPlayPuzzle:
    """Seat 0 holds 够级 sets of two ranks (``easy``) or three (``medium``) and two small cards; the 对头 beats
    all but some of them; the other seats hold small singles (nothing to answer or burn with)."""
    sets = 2 if level == "easy" else 3
    small = [Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE]
    for _ in range(200):
        ranks = rng.sample(sorted(_GOUJI_COUNT), sets)
        spared = rng.sample(ranks, rng.randint(1, sets - 1))  # the sets the 对头 cannot beat
        own = [f"{r.notation} " * _GOUJI_COUNT[r] for r in ranks]
        duitou = [f"{Rank(r + 1).notation if r < Rank.ACE else '2'} " * _GOUJI_COUNT[r] for r in ranks
                  if r not in spared]
        hands = {0: "".join(own) + " ".join(rng.choice(small).notation for _ in range(2)),
                 3: "".join(duitou) + rng.choice(small).notation}
        for seat in (1, 2, 4, 5):
            hands[seat] = " ".join(rng.choice(small).notation for _ in range(3))
        try:
            puzzle = OpenByPlayPuzzle(Game.from_hands(hands, rules, leader=_LEADER), rules=rules)
        except GoujiError:  # a hand the rule set refuses (its deck): another
            continue
        right = {p.rank for p in puzzle.right_plays()}
        if right and right != set(ranks) and _gouji_sets(puzzle.hand, rules) == sets:
            return puzzle
    raise SetupError("找不到能开点的一手牌", "no hand with a play that 开点s was found")


def _who_is_men(rng: random.Random, level: str, rules: Ruleset) -> WhoIsMenPuzzle:
    def men_now(g: Game) -> bool:
        return _round_over(g) and any(e.kind == EventKind.MEN for e in g.events[-6:])

    def two(g: Game) -> bool:
        return _round_over(g) and len(g.men()) > 1

    def some(g: Game) -> bool:
        return _round_over(g) and bool(g.men())

    tests = {"easy": (men_now, some, _round_over), "medium": (some, _round_over),
             "hard": (two, some, _round_over)}[level]
    return WhoIsMenPuzzle(played_position(rng, rules, level, tests), rules=rules)



# -- 四户乱缠 and 接风; 让牌: who may act ---------------------------------------------------------------------------


class _SeatsSituation(WhoMayActPuzzle):
    """Who may act in a situation of the stage's topic: the engine's :meth:`Game.may_act`. A wrong answer names
    why a seat picked wrongly may not act, or that a seat is missing and the rule to think of, never the
    answer; the solution lists every seat that may act with the rule and its seed citation."""

    def _story(self) -> tuple[str, str]:
        raise NotImplementedError

    def _wrong_seats(self, seats: frozenset[int], extra: list[int], missing: list[int]) -> Feedback:
        if extra:
            seat = extra[0]
            zh, en, rule = self._why_out(seat)
            if {int(n) for n in re.findall(r"座位(\d)", zh)} - {seat}:  # it names another seat: maybe the answer
                title = RULES.get(rule)
                zh, en = (t("sit.seats.cannot", "zh", seat=seat, why=title.zh if title else ""),
                          t("sit.seats.cannot", "en", seat=seat, why=title.en if title else ""))
            zh, en = tagged(zh.replace("'", "’"), en.replace("'", "’"), rule, self.rules)
            return Feedback(False, zh, en, rule_ids=(rule,))
        rule = self._why_in(missing[0])[2]
        title = RULES[rule]
        return Feedback(False, t("sit.seats.missing", "zh", title=title.zh), t("sit.seats.missing", "en",
                                                                               title=title.en), rule_ids=(rule,))

    def solution(self) -> Feedback:
        right = sorted(self.answer_seats())
        names = seat_names(right)
        whys = [(self._why_in(s), s) for s in right]
        lines = [tagged(w[0], w[1], w[2], self.rules) for w, _ in whys]
        context = [tagged(e.zh, e.en, e.rule, self.rules) for e in self._context_events()]
        zh = t("sit.seats.answer", "zh", seats=names[0], whys=SEP_ZH.join(x[0] for x in context + lines))
        en = t("sit.seats.answer", "en", seats=names[1], whys=capital(SEP_EN.join(x[1] for x in context + lines)))
        return Feedback(True, zh.replace("'", "’"), en.replace("'", "’"), rule_ids=self.rule_ids())

    def _context_events(self) -> list:
        return []

    def question(self) -> tuple[str, str]:
        story = self._story()
        return (t(f"sit.{self._qkey}.q", "zh", story=story[0]), t(f"sit.{self._qkey}.q", "en", story=story[1]))

    _qkey = "luan"


def _played(seat: int, play: Play) -> tuple[str, str]:
    """"Seat N played …" with nothing of what follows from it (the engine's narration would tell the answer)."""
    return t("sit.played", "zh", s=seat, play=play.text_zh), t("sit.played", "en", s=seat, play=play.text_en)


def _last_out(game: Game) -> int | None:
    return next((e.seat for e in reversed(game.events) if e.kind == EventKind.OUT), None)


@dataclass(frozen=True)
class LuanchanPuzzle(_SeatsSituation, kind="luanchan",
                     hint=("走了两家以后就是四户乱缠；走科那手牌没人要，下家接风。",
                           "Two seats gone: 四户乱缠. If nobody beats a seat's last play, the next seat leads "
                           "(接风).")):
    """Who may act after a seat went out: 接风, its last play still on the table, or 四户乱缠."""

    rule = "luanchan"

    def _story(self) -> tuple[str, str]:
        game, out = self.game, _last_out(self.game)
        zh = en = ""
        if game.luanchan:
            zh, en = both("sit.luan.chan")
        if game.top is not None and game.top[0] != out:
            played = _played(game.top[0], game.top[1])
            more = t("sit.luan.top", "zh", played=played[0]), t("sit.luan.top", "en", played=capital(played[1]))
        elif out is not None:
            more = both("sit.luan.out" if game.top is not None else "sit.luan.jiefeng", s=out)
        else:
            more = ("", "")
        return zh + more[0], en + more[1]

    def _deciding_rule(self, seat: int, kinds: list[str]) -> str:
        """As for any position, but the rule that decides (named in words, not only by its citation) is 接风
        right after a seat went out, and 四户乱缠 once two seats are gone."""
        rule = super()._deciding_rule(seat, kinds)
        game = self.game
        if game.top is None and any(e.kind == EventKind.JIEFENG for e in game.events[-3:]):
            return "jiefeng"
        if game.luanchan and rule in ("turn.order", "gouji.duitou"):
            return "luanchan"
        return rule

    def _context_events(self) -> list:
        return [e for e in self.game.events[-4:]
                if e.kind in (EventKind.JIEFENG, EventKind.LUANCHAN, EventKind.OUT) and e.rule in RULES]


@dataclass(frozen=True)
class YieldPuzzle(_SeatsSituation, kind="yield", hint=("让牌后先问下两家；有人上了牌，看它的对头。",
                                                    "After a 让牌 the next two seats answer first; if one plays, "
                                                    "look at its 对头.")):
    """Who may act after a 让牌 (and what the first seat after it did)."""

    rule = "yield.when"
    _qkey = "yield"

    def _story(self) -> tuple[str, str]:
        events = self.game.events
        i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
        yielder = events[i].seat
        after = [e for e in events[i + 1:] if e.kind in (EventKind.PASS, EventKind.PLAY)]
        if not after:
            return both("sit.yield.did", s=yielder)
        e = after[0]
        then = _played(e.seat, Play.parse(e.cards, self.game.rules)) if e.cards else both("sit.passes", s=e.seat)
        return (t("sit.yield.then", "zh", s=yielder, then=then[0]),
                t("sit.yield.then", "en", s=yielder, then=then[1]))

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        zh, en, rule = super()._why_in(seat)
        if rule == "turn.order":
            rule = "yield.duitou" if self.game.events[-1].rule == "yield.duitou" or any(
                e.rule == "yield.duitou" for e in self.game.events[-2:]) else "yield.when"
        return zh, en, rule

    def _context_events(self) -> list:
        events = self.game.events
        i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
        return [e for e in events[i:] if e.rule in RULES]


def _walk(rng: random.Random, rules: Ruleset, sizes: tuple[int, ...], found: Callable[[Game], Game | None],
          what: str, level: str) -> Game:
    """Play small seeded deals (eight of each of ``sizes`` cards a seat, in turn) with computer players and return
    the first, second or third position (as the seed decides) of a deal size that ``found`` turns into a puzzle
    position (``found`` gets a copy and returns the position, or ``None``)."""
    for size in sizes:
        player = SimplePlayer()
        skip = rng.randint(0, 2)
        for _ in range(8):
            game = small_deal(rng, rules, size)
            while not game.is_over:
                if game.history:
                    position = found(game.copy())
                    if position is not None:
                        if skip == 0:
                            return position
                        skip -= 1
                # (ignore below: the loop runs while the hand goes on: a seat is to act)
                game.apply(player.choose(game, game.to_act))  # type: ignore[arg-type]
    raise RuntimeError(f"no {what} drill at level {level} under {rules.name}")


def _luanchan_level(game: Game) -> str:
    if game.top is None:
        return "easy"
    return "medium" if game.top[0] == _last_out(game) else "hard"


def _luanchan(rng: random.Random, level: str, rules: Ruleset) -> LuanchanPuzzle:
    def found(g: Game) -> Game | None:
        recent = g.events[-3:]
        if level == "easy":
            ok = g.top is None and any(e.kind == EventKind.JIEFENG for e in recent)
        elif level == "medium":
            ok = (g.top is not None and g.events[-1].kind in (EventKind.OUT, EventKind.LUANCHAN)
                  and _last_out(g) == g.top[0])
        else:
            ok = g.luanchan and g.top is not None and g.events[-1].kind in (EventKind.PLAY, EventKind.LEAD)
        return g if ok and not g.is_over and _luanchan_level(g) == level else None

    return LuanchanPuzzle(_walk(rng, rules, (6, 8, 5), found, "四户乱缠", level), rules=rules)


def _yield_level(game: Game) -> str:
    events = game.events
    i = max(i for i, e in enumerate(events) if e.kind == EventKind.YIELD)
    after = [e.kind for e in events[i + 1:] if e.kind in (EventKind.PASS, EventKind.PLAY)]
    return "easy" if not after else "medium" if after[0] == EventKind.PASS else "hard"


def _yield(rng: random.Random, level: str, rules: Ruleset) -> YieldPuzzle:
    def found(g: Game) -> Game | None:
        seat = g.to_act
        if seat is None or not g.can(Action(seat, "yield")):
            return None
        g.apply(Action(seat, "yield"))
        if level != "easy":
            nxt = g.to_act
            if nxt is None or nxt == seat:
                return None
            answers = g.answers(nxt)
            if level == "medium":
                g.apply(Action(nxt, "pass"))
            elif answers and g.can(Action.of(nxt, "play", answers[0])):
                g.apply(Action.of(nxt, "play", answers[0]))
            else:
                return None
        return g if not g.is_over and _yield_level(g) == level else None

    return YieldPuzzle(_walk(rng, rules, (8, 10, 6), found, "让牌", level), rules=rules)


def _who_is_men_level(puzzle: WhoIsMenPuzzle) -> str:
    """``hard`` two seats or more 闷ed; ``easy`` one, in the round just played; ``medium`` otherwise."""
    game = puzzle.game
    men = game.men()
    if len(men) >= 2:
        return "hard"
    return "easy" if men and any(e.kind == EventKind.MEN for e in game.events[-6:]) else "medium"


def _who_opened_level(puzzle: WhoOpenedPuzzle) -> str:
    """``hard`` a 发四 still due or a 认点 (where the rule set has neither: two seats or more opened);
    ``medium`` a seat had opened before the round shown (its marker is on the table); ``easy`` otherwise
    (nobody opened, or only in the round shown)."""
    game = puzzle.game
    rules = game.rules
    if any(game.kaidian(s) in (KaidianState.PENDING, KaidianState.CONCEDED) for s in range(6)):
        return "hard"
    if not rules.fasi and rules.fours_before_kaidian == FoursBeforeKaidian.FREE and len(game.kaidian_seats()) >= 2:
        return "hard"
    return "medium" if puzzle.before().kaidian_seats() else "easy"


def _who_may_act_level(puzzle: WhoMayActPuzzle) -> str:
    game = puzzle.game
    if game.burn_candidates():
        return "hard"
    return "medium" if game.top is not None and game.top[1].is_gouji else "easy"


declare(WhoMayActPuzzle, _who_may_act, level=_who_may_act_level,
        stages={"table": ("easy", "easy"), "turns": ("easy",), "dagouji": ("medium", "medium"),
                "shao": ("hard", "hard"), "quiz": ("medium",)})
declare(OpenByPlayPuzzle, _open_by_play, level=lambda p: "easy" if _gouji_sets(p.hand, p.rules) < 3 else "medium",
        stages={"kaidian": ("easy", "medium")})
declare(WhoOpenedPuzzle, _who_opened, level=_who_opened_level,
        stages={"kaidian": ("easy", "medium", "hard"), "quiz": ("medium",)})
declare(WhoIsMenPuzzle, _who_is_men, level=_who_is_men_level, stages={"biesan": ("easy", "medium"), "quiz": ("hard",)})
declare(LuanchanPuzzle, _luanchan, level=lambda p: _luanchan_level(p.game), redraw=False,
        stages={"luanchan": ("easy", "medium", "hard"), "quiz": ("hard",)})
declare(YieldPuzzle, _yield, level=lambda p: _yield_level(p.game), redraw=False,
        stages={"turns": ("easy", "medium", "hard"), "quiz": ("medium",)})
