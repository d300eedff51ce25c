"""The practice table: the learner at seat 0 plays whole hands and series against five computer players, with a coach.

:class:`Practice` is the table without widgets (tested without a browser): a series of hands under a rule set, dealt
from a seed (hand *k* from ``seed + k``), tribute paid before every hand but the first as the rule set says (where
it has 回牌, the learner picks the cards it gives back before the first lead), the computer players on seats 1-5 at
the level chosen (:data:`~gouji_teach.bots.match.LEVELS`: easy, normal :class:`~gouji_teach.bots.strategy.TeamPlayer`
or strong :class:`~gouji_teach.bots.search.StrongPlayer`), the coach's lines (:mod:`gouji_teach.bots.coach`),
undo of the learner's last action, the same deal again, and the finished hand as a scenario file.
:class:`PracticeTable` is its widget: the table picture, the round, the learner's hand with a button per rank,
action buttons shown only when legal, "what can I play?", the coach, the pace of the computer players, and
settlement pictures after each hand.

Other seats' cards never reach the browser: the table shows how many cards each seat holds; the computer
players' reasons that would tell what they hold are answered with a reason that does not; tribute cards are
shown only to the seats that give or get them; every seat's cards appear only in the scenario file of a
finished hand.

>>> p = Practice("linyi", seed=3, length=2)
>>> p.waiting, p.game.to_act == 0 or p.declaring
(True, True)
>>> p.finish_with_computer()                       # the computer plays seat 0 too (for tests and demos)
>>> p.game.is_over, len(p.settlements)
(True, 1)
"""

from __future__ import annotations

import base64
import dataclasses
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import yaml

from ..bots.coach import Line, advice, comment, rounds, why
from ..bots.match import LEVELS, Player
from ..bots.review import Mistake
from ..bots.review import review as weigh
from ..bots.strategy import Decision, TeamPlayer
from ..rules.cards import Card, Hand, Rank, format_cards
from ..rules.engine import Game, Phase, team
from ..rules.errors import GoujiError
from ..rules.events import Action, ActionKind, Event, EventKind
from ..rules.plays import Play
from ..rules.rulesets import Ruleset, all_rulesets, find_ruleset
from ..rules.settlement import (
    PLACES_EN,
    PLACES_ZH,
    GiveBack,
    Payment,
    SeriesState,
    Settlement,
    Tribute,
    give_back,
    pay_tributes,
    settle,
)
from ..rules.words import Lang
from ..show.i18n import counted, get_language, named_rules, pick, register, t
from ..show.markup import Element, HtmlFragment, el, html
from ..show.pictures import hand_html, play_html, round_html
from .controls import make, shared
from .course import Session
from .identity import signed_in
from .player import step_picture
from .progress import store
from .saving import Unsaved, learner_reason
from .table import round_plays
from .view import View, follow_language

__all__ = ["LEARNER", "Practice", "PracticeTable", "page", "scenario_yaml", "settlement_html"]

#: The learner's seat.
LEARNER = 0
_DECLARATIONS = frozenset({ActionKind.XUANDIAN, ActionKind.REVOLT})  # before the first lead: 宣点, 革命
_MAX_ACTIONS = 5_000  # a hand never needs more: the computer players' loop is bounded by it
_PRIVATE = frozenset({"keep_big", "nothing", "no_burn", "duitou_none", "yield"})  # reasons that tell a hand
_SHOWN = (ActionKind.PLAY, ActionKind.BURN)  # a searched pass or 让牌 would tell that the seat could have played

register({
    "practice.title": ("练习桌：你坐座位0，和两个电脑同伴对三个电脑对手",
                       "Practice table: you sit at seat 0, with two computer partners against three computer "
                       "opponents"),
    "practice.hand_no": ("第{k}局 / 共{n}局 · 规则：{rules} · 发牌种子 {seed}",
                         "hand {k} of {n} · rules: {rules} · deal seed {seed}"),
    "practice.totals": ("本系列得分：你这一帮 {mine:+d}，对方 {theirs:+d}",
                        "series score: your team {mine:+d}, the other team {theirs:+d}"),
    "practice.your_turn": ("轮到你了", "your turn"),
    "practice.wait": ("等电脑出牌…", "the computer players are playing…"),
    "practice.declare": ("开打前：可以宣点或革命，或者直接开始",
                         "before play: declare (宣点) or revolt (革命), or start"),
    "practice.over": ("这一局结束了", "the hand is over"),
    "practice.series_over": ("这个系列打完了", "the series is over"),
    "practice.play": ("出牌", "play"),
    "practice.burn": ("烧牌", "burn (烧)"),
    "practice.pass": ("过", "pass"),
    "practice.yield": ("让牌", "yield (让牌)"),
    "practice.xuandian": ("宣点", "declare (宣点)"),
    "practice.revolt": ("革命", "revolt (革命)"),
    "practice.yaotou": ("要头", "要头 (take it on)"),
    "practice.wutou": ("无头", "无头 (let it go)"),
    "practice.begin": ("开始出牌", "start play"),
    "practice.give": ("回牌", "give back"),
    "practice.giving": ("回牌：从手里选{n}张牌回给座位{p}，再按“回牌”（贡牌{cards}不能回）",
                        "give back: pick {count} from your hand for seat {p}, then press “give back” (not the "
                        "tribute cards {cards})"),
    "practice.give_first": ("先选回给座位{p}的牌", "first choose the cards to give back to seat {p}"),
    "practice.nothing_to_give": ("现在没有要回的牌", "there is nothing to give back now"),
    "practice.given_back": ("回：", "given back: "),
    "practice.clear": ("清空选择", "clear"),
    "practice.options": ("我能出什么？", "what can I play?"),
    "practice.options.none": ("现在没有能出的牌", "nothing can be played now"),
    "practice.options.head": ("能出的牌（从小到大）：", "legal plays, cheapest first:"),
    "practice.options.more": ("……还有{n}种", "… and {n} more"),
    "practice.options.advice": ("💡 打法提示：普通电脑会{what}——{why}", "💡 Tip: the normal player would {what} — "
                                "{why}"),
    "practice.trait.out": ("出完走科", "goes out"),
    "practice.trait.gouji": ("够级牌：只有对头能接", "够级: only the 对头 answers"),
    "practice.trait.money": ("用了2或花：它们留着打够级更值", "spends 2s or jokers: worth more in 够级 fights"),
    "practice.trait.plain": ("不用2和花", "no 2 or joker"),
    "practice.undo": ("悔一步", "undo my last action"),
    "practice.again": ("同一副牌再来", "same deal again"),
    "practice.next": ("下一局", "next hand"),
    "practice.new": ("新系列", "new series"),
    "practice.length": ("局数", "hands"),
    "practice.seed": ("种子", "seed"),
    "practice.pace": ("电脑出牌间隔（秒）", "computer pace (s)"),
    "practice.cite": ("显示出处", "show sources"),
    "practice.advice": ("提示更好的打法", "note stronger plays"),
    "practice.why": ("为什么这样出？", "why did they do that?"),
    "practice.why_seat": ("座位", "seat"),
    "practice.why_easy": ("座位{seat}是简单电脑，不说理由：能压就用最小的牌压，同伴的牌不压，2和花留着打够级",
                          "seat {seat} is an easy computer and keeps no reasons: it beats with its cheapest play, lets "
                          "a partner's play stand and keeps 2s and jokers for 够级 fights"),
    "practice.level": ("电脑水平", "computer level"),
    "practice.level.simple": ("简单", "easy"),
    "practice.level.team": ("普通", "normal"),
    "practice.level.strong": ("强（每步都推演，慢一些）", "strong (searches every move, slower)"),
    "practice.why_private": ("座位{seat}{what}：为什么，它不说（说了就露了手里的牌）",
                             "seat {seat} {what}: it keeps the reason to itself (it would show its cards)"),
    "practice.why_passed": ("过了", "passed"),
    "practice.save": ("存成剧本文件", "save as a scenario file"),
    "practice.review": ("复盘", "Review"),
    "practice.reviewing": ("复盘中", "reviewing"),
    "practice.review.title": ("复盘：这一局你最费分的几步（强电脑推演）",
                              "Review: your costliest decisions of this hand (the strong player's search)"),
    "practice.review.none": ("这一局没找到明显费分的一步：每一步都和强电脑推演的差不多。",
                             "No costly decision found in this hand: every move was about as good as the search's."),
    "practice.review.move": ("第{n}手", "Action {n}"),
    "practice.review.line": ("你{played}；强电脑会{better}：每局平均少得{cost}分（误差±{se}）。",
                             "You chose to {played}; the strong player would {better}: {cost} points a hand lost "
                             "on average (± {se})."),
    "practice.review.say": ("复盘：第{n}手你{played}；强电脑会{better}（每局平均多得{cost}分）。要是那样打呢？",
                            "Review: at action {n} you chose to {played}; the strong player would {better} ({cost} "
                            "points a hand more on average). What if you had?"),
    "practice.act.play": ("出{cards}", "play {cards}"),
    "practice.act.burn": ("烧{cards}", "burn with {cards}"),
    "practice.act.pass": ("过牌", "pass"),
    "practice.act.yield": ("让牌", "yield (让牌)"),
    "practice.saved": ("下载剧本文件", "download the scenario file"),
    "practice.saved_note": ("老师可以用 gouji-teach check 检查、用 gouji-teach replay 回放这一局。",
                            "An instructor can check it with gouji-teach check and replay it with gouji-teach "
                            "replay."),
    "practice.typed": ("或者输入要出的牌，按回车：", "or type the cards and press Enter:"),
    "practice.typed.placeholder": ("例如 999", "e.g. 999"),
    "practice.refused": ("不行：{why}", "not allowed: {why}"),
    "practice.coach": ("教练", "Coach"),
    "practice.note": ("💡 打法提示：{note}", "💡 Tip: {note}"),
    "practice.round": ("第{n}轮", "Round {n}"),
    "practice.undone": ("悔了一步", "your last action is taken back"),
    "practice.nothing_to_undo": ("没有可以悔的一步", "nothing to undo"),
    "practice.bad_seed": ("种子要写整数：{text}", "the seed must be a whole number: {text}"),
    "practice.places": ("名次和得分", "Places and scores"),
    "practice.tributes": ("下一局要进的贡", "Tribute owed for the next hand"),
    "practice.paid": ("这一局开始前进的贡", "Tribute paid before this hand"),
    "practice.no_tribute": ("不进贡", "no tribute"),
    "practice.pays": ("座位{p} → 座位{r}：{kind} {n}张", "seat {p} → seat {r}: {n} × {kind}"),
    "practice.you": ("（你）", " (you)"),
    "practice.points": ("{p:+d}分", "{points}"),
    "practice.hidden": ("（牌不给别人看）", "(cards not shown to others)"),
    "practice.start": ("入座，开始练习", "sit down and start"),
    "practice.save_failed": ("成绩没存上：{why}", "the result was not saved: {why}"),
})

_BUTTONS = ("play", "burn", "pass", "yield", "xuandian", "revolt", "yaotou", "wutou", "begin", "give")


def scenario_yaml(game: Game, seed: int, hands: tuple[Hand, ...], leader: int, title: tuple[str, str],
                  comments: Sequence[str] = (), review: Sequence[Mistake] = ()) -> str:
    """A hand as a scenario file (``docs/scenarios.md``): the hands it started from, its leader, and every
    action as a ``do`` step, so that ``gouji-teach check`` accepts it and ``replay`` narrates it. ``comments``
    head the file as YAML comments (the practice table's: the tribute paid and the cards given back). Each
    decision of a ``review`` becomes a checkpoint before the step it weighed: ``what if`` the better action was
    taken instead, saying what the review found."""
    steps: list[dict[str, Any]] = [{"do": str(a)} for a in game.history]
    for m in sorted(review, key=lambda m: -m.at):  # from the end, so that each index still points at its step
        steps.insert(m.at, {"ask": f"what if {m.better} instead", "say": {
            lang: t("practice.review.say", lang, n=m.at + 1, played=_named(m.played, lang),
                    better=_named(m.better, lang), cost=f"{m.cost:.1f}") for lang in ("zh", "en")}})
    data = {
        "title": {"zh": title[0], "en": title[1]},
        "rules": game.rules.to_json(),  # a family by name; any other rule set with its switches
        "seed": seed,
        "leader": leader,
        "prelude": True,
        "hands": {s: format_cards(hands[s].cards, sep=" ") for s in range(6)},
        "steps": steps,
    }
    head = "".join(f"# {line}\n" for line in comments)
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


@dataclass(frozen=True, slots=True)
class _Mark:
    """Where the learner acted: the history length before it and the coach lines then."""

    history: int
    lines: int


class Practice:
    """A series at the practice table, without widgets (see the module docstring). ``on_step`` is called
    after every computer action (the widget redraws and waits ``pace`` seconds there)."""

    def __init__(self, rules: Ruleset | str = "qingdao", *, seed: int = 1, length: int = 4, level: str = "team",
                 on_step: Callable[[], None] | None = None) -> None:
        self.rules = find_ruleset(rules)
        self.seed = int(seed)
        self.length = max(1, int(length))
        self.on_step = on_step
        self.level = level
        self.player: Player = LEVELS[level]()
        self.settlements: list[Settlement] = []
        self._state = SeriesState()
        self._start(0)

    # -- a hand ---------------------------------------------------------------------------------------------

    @property
    def hand_seed(self) -> int:
        """The seed of the hand being played."""
        return self.seed + self.number

    def _start(self, number: int) -> None:
        self.number = number
        dealt = Game.deal(self.seed + number, self.rules).initial_hands
        owed = self._state.owed if number else ()
        self.paid: tuple[Payment, ...] = pay_tributes(owed, dict(enumerate(dealt)), self.rules) if owed else ()
        self.dealt = dealt
        self._given: dict[int, tuple[Card, ...]] = {}  # the learner's 回牌: payment index -> the cards
        self._tribute()

    def _tribute(self) -> None:
        """The hands after the tribute, with the learner's 回牌 chosen so far; the hand starts, or waits for the
        learner's next 回牌 (:attr:`giving_back`)."""
        self.start_hands, self.returned, pending = _after_tribute(self.dealt, self.paid, self.rules, self._given)
        self._pending = pending
        self._new_game()

    @property
    def giving_back(self) -> GiveBack | None:
        """What the learner gives back now (before the hand's first lead), or ``None``."""
        return None if self._pending is None else self._pending[1]

    def _new_game(self) -> None:
        # while the learner gives back, a game only to draw the table from (nobody acts in it)
        giving = self._pending is not None
        self.game = Game.from_hands(dict(enumerate(self.start_hands)), self.rules, seed=self.hand_seed,
                                    prelude=not giving, first_hand=self.number == 0)
        self.leader = next((e.seat for e in self.game.events if e.kind == EventKind.FIRST_LEADER), 0)
        self.player = LEVELS[self.level]()
        self.lines: list[Line] = [] if giving else [comment(e, self.game) for e in self.game.events]
        self._marks: list[_Mark] = []
        self.refusal: GoujiError | None = None
        self.note: tuple[str, str] | None = None
        self.declaring = False
        if giving:
            return
        for seat in range(1, 6):
            action = self.player.declare(self.game, seat)
            if action is not None and self.game.can(action):
                self._apply(action)
        kinds = {a.kind for a in self.game.legal_actions(LEARNER)}
        self.declaring = bool(kinds & _DECLARATIONS) and self.game.phase == Phase.START
        if not self.declaring:
            self.run_computers()

    def same_deal(self) -> None:
        """Play the current hand again from its start (same cards, same tribute, the same cards given back;
        :meth:`undo` then takes the 回牌 back)."""
        self._new_game()

    def next_hand(self) -> None:
        """After a settled hand: the next hand of the series (tribute paid first)."""
        if self.game.is_over and len(self.settlements) == self.number + 1 and self.number + 1 < self.length:
            self._start(self.number + 1)

    @property
    def series_over(self) -> bool:
        return len(self.settlements) >= self.length

    @property
    def waiting(self) -> bool:
        """Whether the table waits for the learner (to act, or to give back)."""
        if self._pending is not None:
            return True
        return not self.game.is_over and (self.declaring or self.game.to_act == LEARNER)

    def legal(self) -> list[Action]:
        """The learner's legal actions now (plays cheapest first; none while the learner gives back)."""
        if not self.waiting or self._pending is not None:
            return []
        actions = self.game.legal_actions(LEARNER)
        if self.declaring:
            return [a for a in actions if a.kind in _DECLARATIONS]
        return actions

    def options(self) -> list[Play]:
        """"What can I play?": the learner's legal plays (or burns) now, cheapest first."""
        return [Play.parse(a.cards, self.rules) for a in self.legal() if a.cards]

    def suggestion(self) -> Decision | None:
        """What the normal computer player would do in the learner's seat now, and why (it reads only the learner's
        own hand and what the table shows); ``None`` when it is not the learner's turn."""
        if not self.waiting or self.declaring:
            return None
        return TeamPlayer().decide(self.game, LEARNER)

    # -- acting ---------------------------------------------------------------------------------------------

    def act(self, action: Action | str, *, with_advice: bool = True) -> bool:
        """The learner's action (seat 0). A refused one is kept in :attr:`refusal` (the engine's explanation)
        and changes nothing; a legal one is applied, the coach comments, and the computer players play on."""
        self.refusal, self.note = None, None
        try:
            action = action if isinstance(action, Action) else Action.parse(action)
            if self._pending is not None:
                p = self._pending[1].payment.tribute.payer
                raise GoujiError(*(t("practice.give_first", lang, p=p) for lang in ("zh", "en")))
            if action.seat != LEARNER or not self.waiting:
                raise self.game.why_not(action) or GoujiError("现在不是你出牌", "it is not your turn")
            self.game.verify(action)
        except GoujiError as e:
            self.refusal = e
            return False
        if with_advice and not self.declaring:
            self.note = advice(self.game, action)
        self._marks.append(_Mark(len(self.game.history), len(self.lines)))
        self._apply(action)
        if self.declaring and (action.kind is ActionKind.REVOLT or self.game.phase != Phase.START
                               or not {a.kind for a in self.game.legal_actions(LEARNER)} & _DECLARATIONS):
            self.declaring = False
        self.run_computers()
        return True

    def give_back(self, cards: str | Iterable[Card]) -> bool:
        """The learner's 回牌 (:attr:`giving_back`): ``cards`` (notation, or cards; a card without a suit is any
        copy of its rank the learner may give) go back to the payer. A refused choice is kept in :attr:`refusal`
        (why, naming the rule) and changes nothing; a legal one is kept, and the hand starts (or the next 回牌
        is asked)."""
        self.refusal, self.note = None, None
        try:
            if self._pending is None:
                raise GoujiError(t("practice.nothing_to_give", "zh"), t("practice.nothing_to_give", "en"))
            index, choice = self._pending
            back = choice.take(cards)
        except GoujiError as e:
            self.refusal = e
            return False
        self._given[index] = back
        self._tribute()
        return True

    def begin(self) -> None:
        """End the declarations (宣点, 革命) and let play begin."""
        self.declaring = False
        self.run_computers()

    def _apply(self, action: Action) -> tuple[Event, ...]:
        events = self.game.apply(action)
        self.lines += [comment(e, self.game) for e in events]
        if self.game.is_over and len(self.settlements) == self.number:
            self._settle()
        return events

    def run_computers(self, seat0: bool = False) -> None:
        """Let the computer players act until it is the learner's turn or the hand is over (``seat0``: the
        computer plays the learner's seat too)."""
        for _ in range(_MAX_ACTIONS):
            if self.game.is_over or self.declaring or (self.game.to_act == LEARNER and not seat0):
                return
            seat = self.game.to_act
            # (ignore below: asked only while the hand goes on: a seat is to act)
            self._apply(self.player.choose(self.game, seat))  # type: ignore[arg-type]
            if self.on_step is not None and not self.game.is_over and self.game.to_act != LEARNER:
                self.on_step()
        raise RuntimeError(f"hand {self.hand_seed} did not end within {_MAX_ACTIONS} actions")

    def finish_with_computer(self) -> None:
        """The computer plays the rest of the hand, the learner's seat included (and gives its 回牌)."""
        while self._pending is not None:
            self.give_back(_cheapest(self._pending[1]))
        self.declaring = False
        self.run_computers(seat0=True)

    @property
    def can_undo(self) -> bool:
        """Whether the learner has something to take back: an action, or else a 回牌 of this hand."""
        return bool(self._marks or self._given)

    def undo(self) -> bool:
        """Take back the learner's last action and what the computer players did after it; with no action left
        to take back, the learner's last 回牌 (the hand starts again from it)."""
        self.refusal, self.note = None, None
        if not self._marks:
            if not self._given:
                return False
            self._given.popitem()
            self._unsettle()
            self._tribute()
            return True
        mark = self._marks.pop()
        while len(self.game.history) > mark.history:
            self.game.undo()
        del self.lines[mark.lines:]
        self._unsettle()
        return True

    def _unsettle(self) -> None:
        """Forget this hand's settlement (after an undo)."""
        if len(self.settlements) > self.number:
            self.settlements.pop()
            self._state = self.settlements[-1].state if self.settlements else SeriesState()

    def set_level(self, level: str) -> None:
        """The computer players' level (:data:`~gouji_teach.bots.match.LEVELS`) from their next action on."""
        self.level, self.player = level, LEVELS[level]()

    def why(self, seat: int, lang: Lang) -> str:
        """"Why did seat N do that?" from the computer player's own reason (one that tells no cards)."""
        last: dict[int, Decision] | None = getattr(self.player, "last", None)
        if last is None:  # the easy players keep no reasons: what they always do
            return t("practice.why_easy", lang, seat=seat)
        d = last.get(seat)
        if d is not None and (d.key in _PRIVATE or (d.key == "search" and d.action.kind not in _SHOWN)):
            what = t("practice.yield", lang) if d.action.kind == ActionKind.YIELD else t("practice.why_passed", lang)
            return t("practice.why_private", lang, seat=seat, what=what)
        return why(d, seat, lang)

    # -- the end of a hand ---------------------------------------------------------------------------------

    def _settle(self) -> None:
        record = dataclasses.replace(self.game.game_record(), hands=dict(enumerate(self.dealt)))
        settled = settle(record, self.rules, self._state)
        self.settlements.append(settled)
        self._state = settled.state

    def totals(self) -> tuple[int, int]:
        """The series' points so far: the learner's team (seats 0, 2, 4), the other team (each a seat's)."""
        mine = sum(s.scores.points[LEARNER] for s in self.settlements)
        theirs = sum(s.scores.points[1] for s in self.settlements)
        return mine, theirs

    def scenario(self, review: Sequence[Mistake] = ()) -> str:
        """The hand as a scenario file (every seat's cards: only once the hand is over), with the ``review``'s
        decisions as checkpoints (:func:`scenario_yaml`)."""
        if not self.game.is_over:
            raise GoujiError("这一局还没打完", "the hand is not over yet")
        title = (f"练习桌：{self.rules.title_zh}，种子{self.hand_seed}",
                 f"Practice table: {self.rules.title_en}, seed {self.hand_seed}")
        return scenario_yaml(self.game, self.hand_seed, self.start_hands, self.leader, title,
                             _tribute_comments(self.paid, self.returned), review)


def _cheapest(choice: GiveBack) -> tuple[Card, ...]:
    """A computer's 回牌: the smallest cards it may give back."""
    return choice.allowed.cards[len(choice.allowed) - choice.count:]


def _after_tribute(dealt: tuple[Hand, ...], paid: tuple[Payment, ...], rules: Ruleset,
                   given: Mapping[int, tuple[Card, ...]]
                   ) -> tuple[tuple[Hand, ...], dict[int, tuple[Card, ...]], tuple[int, GiveBack] | None]:
    """The hands after the tribute, payment by payment: the payer's cards go to the receiver, who gives back
    what 回牌 asks where the rule set has it (:func:`~gouji_teach.rules.settlement.give_back`, never a tribute
    card): the learner the cards it chose (``given``: payment index -> cards), a computer its smallest. Also
    the cards given back (payment index -> cards) and, at the learner's first 回牌 not chosen yet, where it
    stops: the hands so far and (the payment's index, what the learner may give back)."""
    hands = list(dealt)
    tribute: list[list[Card]] = [[] for _ in hands]  # the tribute cards each seat holds
    returned: dict[int, tuple[Card, ...]] = {}
    for i, p in enumerate(paid):
        if not p.cards:
            continue
        payer, receiver = p.tribute.payer, p.tribute.receiver
        hands[payer] = hands[payer] - p.cards
        for card in p.cards:  # a tribute card paid on is the next receiver's
            if card in tribute[payer]:
                tribute[payer].remove(card)
        hands[receiver] = Hand((*hands[receiver].cards, *p.cards))
        tribute[receiver] += p.cards
        if not p.returned:
            continue
        choice = give_back(p, hands[receiver], rules, tribute=tribute[receiver])
        if receiver == LEARNER and i not in given:
            return tuple(hands), returned, (i, choice)
        back = given[i] if receiver == LEARNER else _cheapest(choice)
        hands[receiver] = hands[receiver] - back
        hands[payer] = Hand((*hands[payer].cards, *back))
        returned[i] = back
    return tuple(hands), returned, None


def _tribute_comments(paid: tuple[Payment, ...], returned: Mapping[int, tuple[Card, ...]]) -> list[str]:
    """The tribute paid before a hand and the cards given back, as the saved hand's comment lines."""
    if not any(p.cards for p in paid):
        return []
    lines = ["这一局开始前进的贡（hands 是进贡、回牌以后的牌） / tribute paid before this hand (the hands are "
             "after tribute and 回牌):"]
    for i, p in enumerate(paid):
        if not p.cards:
            continue
        tr, cards = p.tribute, format_cards(p.cards, sep=" ")
        back = format_cards(returned.get(i, ()), sep=" ") or "—"
        lines.append(f"座位{tr.payer} → 座位{tr.receiver} {tr.kind.zh}：{cards}，回：{back} / seat {tr.payer} → "
                     f"seat {tr.receiver} {tr.kind.en}: {cards}, given back: {back}")
    return lines


# -- pictures --------------------------------------------------------------------------------------------------

_TEAM_COLOURS = ("#b03a2e", "#1f5f9e")  # the teams' colours of the table picture


def _chip(seat: int, lang: Lang) -> Element:
    colour = _TEAM_COLOURS[team(seat)]
    shape = "50%" if team(seat) == 0 else "0"
    you = t("practice.you", lang) if seat == LEARNER else ""
    badge = el("span", str(seat), aria_hidden="true",
               style=f"display:inline-block;width:18px;height:18px;border-radius:{shape};background:{colour};"
                     "color:#fff;text-align:center;line-height:18px;font-size:11px")
    return el("span", badge, t("table.seat_toggle", lang, n=seat) + you, cls="gj-seat-chip",
              style=f"display:inline-flex;align-items:center;gap:4px;color:{colour};font-weight:bold")


def _pays(tr: Tribute, lang: Lang) -> Element:
    """The head of a tribute line: payer → receiver and what is paid."""
    return el("span", _chip(tr.payer, lang), " → ", _chip(tr.receiver, lang), " ",
              t("practice.pays", lang, p=tr.payer, r=tr.receiver, kind=pick(tr.kind.zh, tr.kind.en, lang),
                n=tr.count))


def _payment_html(p: Payment, back: tuple[Card, ...], lang: Lang) -> Element:
    """A tribute paid, with the cards given back (``back``); the cards only where the learner gives or gets them."""
    tr = p.tribute
    if p.cards and LEARNER in (tr.payer, tr.receiver):
        cards: object = hand_html(Hand(p.cards), scale=0.45, lang=lang)
        given = (el("br"), t("practice.given_back", lang), hand_html(Hand(back), scale=0.45, lang=lang)) if back \
            else ()
    else:
        cards, given = el("small", t("practice.hidden", lang)), ()
    why = " ".join(named_rules(pick(r.text_zh, r.text_en, lang), lang) for r in p.reasons)
    return el("li", _pays(tr, lang), " ", cards, *given, el("br"), el("small", why))


def _named(action: Action, lang: Lang) -> str:
    """An action of the learner's as the review names it."""
    key = f"practice.act.{action.kind}"
    return t(key if action.kind in ("play", "burn", "yield") else "practice.act.pass", lang, cards=action.cards or "")


def _traits(play: Play, left: int, lang: Lang) -> list[str]:
    """What a legal play of the learner's does, under its picture in "what can I play?"."""
    keys = ["out"] if play.size == left else []
    keys += ["gouji"] if play.is_gouji else []
    keys += ["money" if play.jokers or play.twos else "plain"]
    return [t(f"practice.trait.{k}", lang) for k in keys]


def _levels(lang: Lang) -> list[tuple[str, str]]:
    """The computer players' levels as a dropdown offers them, in ``lang``."""
    return [(t(f"practice.level.{level}", lang), level) for level in LEVELS]


def _titled(rulesets: Iterable[Ruleset], lang: Lang) -> list[tuple[str, str]]:
    """A rule-set menu's options: each set's title in ``lang``, its reference as the value."""
    return [(pick(r.title_zh, r.title_en, lang), r.ref) for r in rulesets]


def settlement_html(settled: Settlement, *, lang: Lang | None = None) -> HtmlFragment:
    """A settled hand as pictures: places from 头科 to 大落 with each seat's points (the teams' colours and
    badges of the table picture), then the tribute owed for the next hand with its reasons."""
    lang = lang or get_language()
    places = settled.places
    ranked = (el("li", el("b", pick(PLACES_ZH[i], PLACES_EN[i], lang), style="min-width:5em"), _chip(seat, lang),
                 el("span", t("practice.points", lang, p=settled.scores.points[seat],
                               points=counted(settled.scores.points[seat], "point", sign=True))),
                 style="display:flex;flex-wrap:wrap;gap:8px;align-items:center")
              for i, seat in enumerate(places.order if places else ()))
    tributes = [el("li", _pays(tr, lang), el("br"),
                   el("small", named_rules(pick(tr.reason.text_zh, tr.reason.text_en, lang), lang)))
                for tr in settled.tributes] or [el("li", t("practice.no_tribute", lang))]
    return html(el("div", el("h4", t("practice.places", lang)),
                   el("ol", ranked, cls="gj-places",
                      style="padding-left:0;list-style:none;display:flex;flex-direction:column;gap:4px"),
                   el("h4", t("practice.tributes", lang)), el("ul", tributes, cls="gj-tributes"),
                   cls="gj-settlement", style="max-width:100%;font-family:sans-serif"))


# -- the widget ------------------------------------------------------------------------------------------------

_WRAP = {"flex_flow": "row wrap", "align_items": "center"}
_AUTO = {"width": "auto"}


def _layout(shown: bool) -> w.Layout:
    """The shared layout of a control shown or hidden (a hidden one takes no room)."""
    return shared(w.Layout, width="auto") if shown else shared(w.Layout, width="auto", display="none")


class PracticeTable(View):
    """The practice table as a widget (see the module docstring). ``on_hand_end(practice)`` is called when
    a hand is settled (the course page saves the result in the learner's progress)."""

    def __init__(self, rules: Ruleset | str = "qingdao", *, seed: int = 1, length: int = 4, pace: float = 0.6,
                 level: str = "team", on_hand_end: Callable[[Practice], None] | None = None) -> None:
        self._on_hand_end = on_hand_end
        self._selected: dict[Rank, int] = {}
        self._reported = 0
        self.info = make(w.HTML)
        self.table = make(w.HTML)
        self.round = make(w.HTML)
        self.hand = make(w.HTML)
        self.ranks = make(w.HBox, layout=_WRAP)
        self.message = make(w.HTML)
        self.buttons = {kind: make(w.Button, layout=_AUTO) for kind in _BUTTONS}
        self.buttons["play"].button_style = "primary"
        self.buttons["burn"].button_style = "danger"
        for kind, button in self.buttons.items():
            button.on_click(lambda _b, kind=kind: self.do(kind))
        self.clear = make(w.Button, layout=_AUTO)
        self.clear.on_click(lambda _b: self._select({}))
        self.typed_label = make(w.Label)
        self.typed = make(w.Text, continuous_update=False, layout={"width": "8em"})
        self.typed.observe(self._on_typed, names="value")
        self.options_button = make(w.Button, layout=_AUTO, icon="question")
        self.options_button.on_click(lambda _b: self.show_options())
        self.options = make(w.HTML)
        self.coach = make(w.HTML)
        self.cite = make(w.Checkbox, value=False, indent=False, layout=_AUTO)
        self.advice = make(w.Checkbox, value=True, indent=False, layout=_AUTO)
        self.cite.observe(lambda _c: self._render(), names="value")
        self.why_seat = make(w.Dropdown, options=[1, 2, 3, 4, 5], value=3, layout={"width": "5em"})
        self.why_button = make(w.Button, layout=_AUTO)
        self.why_button.on_click(lambda _b: self.ask_why(int(self.why_seat.value)))
        self.why_text = make(w.HTML)
        self.pace = make(w.FloatSlider, min=0.0, max=2.0, step=0.1, value=float(pace), readout=True,
                         layout={"width": "min(100%, 320px)"}, style=shared(w.SliderStyle, description_width="initial"))
        self.undo_button = make(w.Button, layout=_AUTO, icon="undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.again_button = make(w.Button, layout=_AUTO, icon="repeat")
        self.again_button.on_click(lambda _b: self.same_deal())
        self.next_button = make(w.Button, layout=_AUTO, button_style="success")
        self.next_button.on_click(lambda _b: self.next_hand())
        chosen = find_ruleset(rules)
        self._offered = [*all_rulesets()]  # the families, and the app's house rules, by title in the page's language
        if chosen.ref not in [r.ref for r in self._offered]:
            self._offered.append(chosen)
        self.rules = make(w.Dropdown, options=_titled(self._offered, get_language()), value=chosen.ref,
                          layout={"width": "auto"})
        self.level_label = make(w.Label)
        self.level = make(w.Dropdown, options=_levels(get_language()), value=level, layout={"width": "auto"})
        self.level.observe(lambda c: self.practice.set_level(c["new"]), names="value")
        self.seed = make(w.Text, value=str(seed), layout={"width": "7em"})
        self.length = make(w.Dropdown, options=[1, 2, 4, 6, 8], value=length if length in (1, 2, 4, 6, 8) else 4,
                           layout={"width": "5em"})
        self.new_button = make(w.Button, layout=_AUTO)
        self.new_button.on_click(lambda _b: self.new_series())
        self.save_button = make(w.Button, layout=_AUTO, icon="download")
        self.save_button.on_click(lambda _b: self.save())
        self.saved = make(w.HTML)
        self.review_button = make(w.Button, layout=_AUTO, icon="search")
        self.review_button.on_click(lambda _b: self.review())
        self.review_progress = make(w.IntProgress, min=0, max=1, value=0, layout={"width": "auto", "display": "none"})
        self.review_box = make(w.HTML)
        self._reviewed: tuple[tuple[Action, ...], list[Mistake]] | None = None
        self.settlement = make(w.HTML)
        self.seed_label = make(w.Label)
        self.length_label = make(w.Label)
        self._setup = make(w.HBox, layout=_WRAP, children=[self.rules, self.seed_label, self.seed,
                                                           self.length_label, self.length, self.new_button])
        self.box = make(w.VBox, layout={"max_width": "100%"}, children=[
            self.info, self.table, self.round, self.message, self.hand, self.ranks,
            make(w.HBox, children=[*self.buttons.values(), self.clear], layout=_WRAP),
            make(w.HBox, children=[self.typed_label, self.typed, self.options_button], layout=_WRAP),
            self.options,
            make(w.HBox, children=[self.undo_button, self.again_button, self.next_button, self.save_button,
                                   self.review_button], layout=_WRAP),
            self.saved, self.review_progress, self.review_box, self.settlement, self.coach,
            make(w.HBox, children=[self.cite, self.advice, self.why_seat, self.why_button], layout=_WRAP),
            self.why_text, self.pace, make(w.HBox, children=[self.level_label, self.level], layout=_WRAP), self._setup,
        ])
        self.box.add_class("gouji-practice")
        self.practice = Practice(rules, seed=seed, length=length, level=level)  # no pause before it is shown
        self.practice.on_step = self._step
        follow_language(self.box, self._render)
        self._render()

    # -- actions ---------------------------------------------------------------------------------------------

    def _step(self) -> None:
        if self.pace.value > 0 or self.practice.level == "strong":  # a strong player thinks: show each move
            self._render(busy=True)
            time.sleep(min(float(self.pace.value), 2.0))

    def _chosen(self) -> str:
        return "".join(rank.notation * n for rank, n in sorted(self._selected.items(), reverse=True) if n)

    def do(self, kind: str) -> None:
        """A button: ``play``/``burn`` the selected cards, or ``pass``, ``yield``, ``xuandian``, ``revolt``,
        ``yaotou``, ``wutou``, ``begin``; ``give`` gives the selected cards back (回牌)."""
        p = self.practice
        self.options.value = ""
        if kind == "begin":
            p.begin()
        elif kind == "give":
            if p.give_back(self._chosen()):
                self._selected = {}
        elif kind in (ActionKind.PLAY, ActionKind.BURN):
            cards = self._chosen()
            if not cards:
                p.refusal = GoujiError("先选要出的牌", "pick the cards first")
            elif p.act(f"seat {LEARNER} {kind}s {cards}", with_advice=self.advice.value):
                self._selected = {}
        else:
            p.act(Action(LEARNER, kind), with_advice=self.advice.value)
        self._after()

    def _on_typed(self, change: dict[str, object]) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        p = self.practice
        verb = "burns" if any(a.kind is ActionKind.BURN for a in p.legal()) else "plays"
        if p.giving_back is not None:
            done = p.give_back(text[:60])
        else:
            done = p.act(f"seat {LEARNER} {verb} {text[:60]}", with_advice=self.advice.value)
        if done:
            self._selected = {}
        self.typed.value = ""
        self._after()

    def _select(self, selected: dict[Rank, int]) -> None:
        self._selected = selected
        self._render()

    def _pickable(self) -> Hand:
        """The cards the learner may pick: those it may give back while it gives back, else its hand."""
        choice = self.practice.giving_back
        return self.practice.game.hands[LEARNER] if choice is None else choice.allowed

    def _bump(self, rank: Rank) -> None:
        n = self._pickable().count(rank)
        self._select({**self._selected, rank: (self._selected.get(rank, 0) + 1) % (n + 1)})

    def show_options(self) -> None:
        """"What can I play?": the legal plays, cheapest first (the first twelve as pictures)."""
        lang = get_language()
        plays = self.practice.options()
        if not plays:
            self.options.value = html(el("p", t("practice.options.none", lang)))
            return
        left = len(self.practice.game.hands[LEARNER])
        shown = [el("li", play_html(p, scale=0.45, lang=lang),
                    el("div", t("render.sep", lang).join(_traits(p, left, lang)), cls="gj-option-note",
                       style="font-size:12px;color:#555;max-width:9em"))
                 for p in plays[:12]]
        more = el("li", t("practice.options.more", lang, n=len(plays) - 12)) if len(plays) > 12 else None
        d = self.practice.suggestion()
        why = el("p", t("practice.options.advice", lang, what=_named(d.action, lang), why=pick(d.zh, d.en, lang)),
                 cls="gj-suggestion") if d is not None else None
        self.options.value = html(why, el("p", t("practice.options.head", lang)),
                                  el("ul", shown, more, cls="gj-options",
                                     style="display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0"))

    def ask_why(self, seat: int) -> None:
        self.why_text.value = html(el("p", self.practice.why(seat, get_language()), cls="gj-why"))

    def undo(self) -> None:
        p = self.practice
        done = p.undo()
        self._selected = {}
        self._render(message=t("practice.undone" if done else "practice.nothing_to_undo"))

    def same_deal(self) -> None:
        self.practice.same_deal()
        self._selected = {}
        self._after()

    def next_hand(self) -> None:
        self.practice.next_hand()
        self._selected = {}
        self.saved.value = ""
        self._after()

    def new_series(self) -> None:
        text = self.seed.value.strip()
        if not text.lstrip("-").isdigit() or len(text) > 12:
            self._render(message=t("practice.bad_seed", text=text[:20]))
            return
        self.practice = Practice(self.rules.value, seed=int(text), length=int(self.length.value),
                                 level=self.level.value, on_step=self._step)
        self._reported = 0
        self._selected = {}
        self.saved.value = ""
        self._after()

    def save(self) -> None:
        """The finished hand as a scenario file: a download link and the text."""
        lang = get_language()
        try:
            text = self.practice.scenario(self._review_of_this_hand() or ())
        except GoujiError as e:
            self.saved.value = html(el("p", pick(e.zh, e.en, lang), role="alert"))
            return
        data = base64.b64encode(text.encode()).decode()
        name = f"practice_{self.practice.rules.ref}_{self.practice.hand_seed}.yaml"
        self.saved.value = html(el("p", el("a", f"{t('practice.saved', lang)}: {name}", download=name,
                                           href=f"data:text/yaml;base64,{data}"),
                                   el("br"), el("small", t("practice.saved_note", lang))))

    def review(self) -> None:
        """复盘: the learner's decisions of the finished hand weighed by the strong player's search
        (:func:`~gouji_teach.bots.review.review`), with a progress bar; the three costliest are drawn."""
        game = self.practice.game
        if not game.is_over:
            return
        bar = self.review_progress
        bar.value, bar.max, bar.layout = 0, 1, _layout(True)
        bar.description = t("practice.reviewing", get_language())

        def progress(done: int, total: int) -> None:
            bar.max, bar.value = max(total, 1), done

        try:
            self._reviewed = (game.history, weigh(game, LEARNER, on_progress=progress))
        finally:
            bar.layout = _layout(False)
        self._render()

    def _review_of_this_hand(self) -> list[Mistake] | None:
        """The review's findings, if the review was of the hand on the table as it stands (``None``: not asked
        for, or of a hand since taken back or dealt again)."""
        if self._reviewed is None or self._reviewed[0] != self.practice.game.history:
            return None
        return self._reviewed[1]

    def _review_html(self, lang: Lang) -> HtmlFragment:
        """The review of the hand on the table, if it was asked for: each costly decision with the table then."""
        game = self.practice.game
        mistakes = self._review_of_this_hand()
        if mistakes is None or not game.is_over:
            return html()
        if not mistakes:
            return html(el("h4", t("practice.review.title", lang)), el("p", t("practice.review.none", lang)))
        items = []
        for m in mistakes:
            then = m.position(game)
            items.append(el("li", el("p", el("b", t("practice.review.move", lang, n=m.at + 1)), " ",
                                     t("practice.review.line", lang, played=_named(m.played, lang),
                                       better=_named(m.better, lang), cost=f"{m.cost:.1f}", se=f"{m.stderr:.1f}")),
                            step_picture(then, viewer=LEARNER, lang=lang),
                            hand_html(then.hands[LEARNER], scale=0.45, lang=lang),
                            el("p", "💡 " + pick(*m.idea, lang))))
        return html(el("h4", t("practice.review.title", lang)),
                    el("ol", items, cls="gj-review", style="padding-left:1.4em"))

    def _after(self) -> None:
        p = self.practice
        if self._on_hand_end is not None:
            while self._reported < len(p.settlements):
                self._reported += 1
                self._on_hand_end(p)
        self._render()

    # -- drawing -----------------------------------------------------------------------------------------------

    def _labels(self, lang: Lang) -> None:
        for kind, button in self.buttons.items():
            button.description = t(f"practice.{kind}", lang)
        self.clear.description = t("practice.clear", lang)
        self.typed_label.value = t("practice.typed", lang)
        self.typed.placeholder = t("practice.typed.placeholder", lang)
        self.options_button.description = t("practice.options", lang)
        self.cite.description = t("practice.cite", lang)
        self.advice.description = t("practice.advice", lang)
        self.why_button.description = t("practice.why", lang)
        self.pace.description = t("practice.pace", lang)
        self.undo_button.description = t("practice.undo", lang)
        self.again_button.description = t("practice.again", lang)
        self.next_button.description = t("practice.next", lang)
        self.new_button.description = t("practice.new", lang)
        self.save_button.description = t("practice.save", lang)
        self.review_button.description = t("practice.review", lang)
        self.seed_label.value = t("practice.seed", lang)
        self.length_label.value = t("practice.length", lang)
        self.level_label.value = t("practice.level", lang)
        level = self.level.value
        self.level.options = _levels(lang)
        self.level.value = level
        chosen = self.rules.value
        self.rules.options = _titled(self._offered, lang)
        self.rules.value = chosen

    def _render(self, *, busy: bool = False, message: str | None = None) -> None:
        lang = get_language()
        p, game = self.practice, self.practice.game
        self._labels(lang)
        mine, theirs = p.totals()
        status = ("practice.series_over" if p.series_over else "practice.over") if game.is_over else (
            "practice.declare" if p.declaring else "practice.your_turn" if p.waiting and not busy else "practice.wait")
        hand_no = t("practice.hand_no", lang, k=p.number + 1, n=p.length, seed=p.hand_seed,
                    rules=pick(p.rules.title_zh, p.rules.title_en, lang))
        giving = p.giving_back
        said = t(status, lang) if giving is None else t(
            "practice.giving", lang, n=giving.count, count=counted(giving.count, "card"),
            p=giving.payment.tribute.payer, cards=format_cards(giving.tribute, sep=" "))
        self.info.value = html(el("h3", t("practice.title", lang), style="margin:4px 0"),
                               el("p", hand_no, el("br"), t("practice.totals", lang, mine=mine, theirs=theirs),
                                  el("br"), el("b", said, role="status")))
        self.table.value = step_picture(game, viewer=LEARNER, lang=lang)
        self.round.value = round_html(round_plays(game), lang=lang, scale=0.45)
        hand, pickable, choice = game.hands[LEARNER], self._pickable(), p.giving_back
        self._selected = {r: n for r, n in self._selected.items() if 0 < n <= pickable.count(r)}
        picked, seen = [], dict.fromkeys(self._selected, 0)
        kept = list(choice.tribute) if choice is not None else []  # tribute cards: never picked to give back
        for i, c in enumerate(hand.cards):
            if c in kept:
                kept.remove(c)
            elif seen.get(c.rank, -1) >= 0 and seen[c.rank] < self._selected[c.rank]:
                seen[c.rank] += 1
                picked.append(i)
        self.hand.value = hand_html(hand, scale=0.7, lang=lang, selectable=True, selected=picked)
        ranks = sorted({c.rank for c in pickable}, reverse=True)
        if [b.tooltip for b in self.ranks.children] != [r.notation for r in ranks]:
            buttons = []
            for r in ranks:
                b = make(w.Button, layout=_AUTO, tooltip=r.notation)
                b.on_click(lambda _b, r=r: self._bump(r))
                buttons.append(b)
            old, self.ranks.children = self.ranks.children, buttons
            for b in old:
                b.close()
        for b, r in zip(self.ranks.children, ranks, strict=True):
            k = self._selected.get(r, 0)
            b.description = f"{pick(r.zh, r.en, lang)} {k}/{pickable.count(r)}"
            b.button_style = "info" if k else ""
        kinds: set[str] = {a.kind for a in p.legal()} if not busy else set()
        if p.declaring and not busy:
            kinds.add("begin")
        if choice is not None:
            kinds.add("give")
        for kind, button in self.buttons.items():
            button.layout = _layout(kind in kinds)
        self.clear.layout = _layout(bool(self._selected))
        self.undo_button.disabled = busy or not p.can_undo
        self.next_button.layout = _layout(game.is_over and not p.series_over)
        self.save_button.layout = _layout(game.is_over)
        self.review_button.layout = _layout(game.is_over)
        self.review_button.disabled = busy
        self.review_box.value = self._review_html(lang)
        refusal = None if p.refusal is None else t("practice.refused", lang,
                                                   why=named_rules(pick(p.refusal.zh, p.refusal.en, lang), lang))
        self.message.value = html(
            el("p", message, role="status") if message else None,
            el("p", refusal, role="alert", cls="gj-refusal", style="color:#b03a2e") if refusal is not None else None,
            el("p", t("practice.note", lang, note=pick(*p.note, lang)), cls="gj-note") if p.note is not None else None)
        self.coach.value = html(el("h4", t("practice.coach", lang), style="margin:4px 0"),
                                _coach_log(p.lines, lang, cite=bool(self.cite.value)))
        paid = [el("h4", t("practice.paid", lang)),
                el("ul", (_payment_html(x, p.returned.get(i, ()), lang) for i, x in enumerate(p.paid)))] if p.paid \
            else []
        over = game.is_over and len(p.settlements) > p.number
        self.settlement.value = html(paid, settlement_html(p.settlements[p.number], lang=lang) if over else None)


def _coach_log(lines: Sequence[Line], lang: Lang, *, cite: bool) -> Element:
    """The coach's whole log, round by round (:func:`~gouji_teach.bots.coach.rounds`), in a box that scrolls and
    opens at its newest line (a reversed column keeps the scroll at the bottom as lines come); the lines are
    numbered through the hand, with room for three digits."""
    groups, number = [], 1
    for n, group in enumerate(rounds(lines), start=1):
        groups.append(el("section", el("h5", t("practice.round", lang, n=n), style="margin:6px 0 2px"),
                         el("ol", (el("li", x.text(lang, cite=cite)) for x in group), start=number,
                            style="padding-left:2.6em;margin:0")))
        number += len(group)
    return el("div", el("div", groups), cls="gj-coach", data_count=len(lines), role="log",
              style="max-height:20em;overflow-y:auto;display:flex;flex-direction:column-reverse;"
                    "border:1px solid #ddd;border-radius:4px;padding:0 6px")


# -- the course page -------------------------------------------------------------------------------------------


def page(session: Session, *, seed: int = 1, length: int = 4) -> w.Widget:
    """The course's practice stage: a "start" button that sits the learner at a table under the session's rule
    set (built on click, so that the page itself stays light); a new series starts when the rule set changes.
    Every settled hand goes into the learner's progress (a win: the learner's team scored more), so the landing
    page shows the stage's stars."""
    status = make(w.HTML)
    start = make(w.Button, button_style="primary", icon="play", layout={"width": "auto"})
    box = make(w.VBox, children=[start, status], layout={"max_width": "100%"})
    tables: list[PracticeTable] = []
    unsaved = Unsaved(lambda: setattr(status, "value", unsaved.html(get_language())))

    def record(p: Practice) -> None:
        if not session.learner:
            return
        stage_id, rules = session.stage.id, session.stage.rules
        hand, points = f"practice/{p.rules.key}/{p.hand_seed}", p.settlements[-1].scores.points[LEARNER]
        try:
            unsaved.save(hand, lambda: store().record_attempt(signed_in(session, store()), stage_id, hand,
                                                              rules=rules, correct=points > 0, answer=f"{points:+d}",
                                                              source="table"))
        except GoujiError as e:
            status.value = html(el("small", t("practice.save_failed", why=learner_reason(e)), role="alert"))

    def begin(_button: object = None) -> None:
        if not tables:
            tables.append(PracticeTable(session.rules, seed=seed, length=length, on_hand_end=record))
            box.children = [tables[0].box, status]
            start.close()

    def follow(changed: set[str]) -> None:
        if "rules" in changed and tables:
            if session.rules.ref not in tables[0].rules.options:
                tables[0].rules.options = (*tables[0].rules.options, session.rules.ref)
            tables[0].rules.value = session.rules.ref
            tables[0].new_series()

    def label() -> None:
        start.description = t("practice.start")

    start.on_click(begin)
    follow_language(start, label)
    label()
    session.follow(follow)
    return box
