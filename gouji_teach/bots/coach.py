"""The coach of the practice table: a running commentary that names the rule of every event.

:func:`comment` turns an engine :class:`~gouji_teach.rules.events.Event` into a :class:`Line`: a short headline
(开点！, 烧牌, 闷, 四户乱缠 …), the engine's own sentence, the name of the rule the event illustrates and, on
request, its seed citation, in Chinese or English. :func:`why` answers "why did seat 3 do that?" from the
computer player's own :class:`~gouji_teach.bots.strategy.Decision`; :func:`advice` says, after a learner's action,
when a stronger play existed.

>>> from gouji_teach.rules.engine import Game
>>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
>>> _ = g.act("seat 0 plays KK")
>>> line = comment(g.act("seat 3 passes")[-1], g)
>>> line.headline, line.rule, line.citation
(('开点！', 'a point opened (开点)!'), 'kaidian', '002 §5 开点')
>>> line.text("en", cite=True).endswith("[开点: a 够级 play nobody answers wins the lead, 002 §5 开点]")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..rules.engine import Game, opposite, team
from ..rules.events import Action, ActionKind, Event, EventKind
from ..rules.options import beating_plays
from ..rules.plays import Play
from ..rules.rulebook import RULES
from ..rules.rulesets import Ruleset
from ..rules.settlement import PLACES_EN, PLACES_ZH
from ..rules.verdicts import en_citation, source_of, zh_citation
from ..rules.words import Lang
from .strategy import Decision, TeamPlayer

__all__ = ["HEADLINES", "Line", "advice", "comment", "rounds", "why"]

#: A headline for every kind of engine event (``None``: the engine's sentence says it all).
HEADLINES: dict[EventKind, tuple[str, str] | None] = {
    EventKind.PEACE: ("和平局", "a peaceful hand (和平局)"),
    EventKind.FIRST_LEADER: ("谁先出牌", "who leads first"),
    EventKind.BUY: ("买牌", "buying cards"),
    EventKind.NATURAL_POINT: ("自然点", "a natural point (自然点)"),
    EventKind.AUTO_REVOLT: ("自动革命", "automatic 革命"),
    EventKind.HAND_OVER: ("革命交钱交花", "2s and jokers handed over for 革命"),
    EventKind.POINT_CLOSED: ("三手牌定了开不开点", "the three plays decided the 开点"),
    EventKind.REVOLT: ("革命！", "a revolt (革命)!"),
    EventKind.DUEL: ("革命的较量", "the revolution's duel"),
    EventKind.NO_CHONGDIAN: ("不冲点", "no 冲点"),
    EventKind.DUEL_END: ("革命见分晓", "the revolution is decided"),
    EventKind.REVOLT_LEAD: ("革命后发牌", "the lead after 革命"),
    EventKind.YAOTOU: ("要头", "the head is claimed (要头)"),
    EventKind.WUTOU: ("无头", "no head (无头)"),
    EventKind.YOUTOU: ("有头", "a head stands (有头)"),
    EventKind.XUANDIAN: ("宣点", "a declaration (宣点)"),
    EventKind.LEAD: None,
    EventKind.PLAY: None,
    EventKind.PASS: None,
    EventKind.YIELD: ("让牌", "a yield (让牌)"),
    EventKind.BURN: ("烧牌！", "烧牌 (a burn)!"),
    EventKind.COUNTER_BURN: ("反烧！", "反烧 (a counter-burn)!"),
    EventKind.JIESHAO: ("解烧", "解烧 (the burn is lifted)"),
    EventKind.BURN_RESUMED: ("解烧失败，烧牌继续", "the 解烧 fails, the burn goes on"),
    EventKind.BURN_SUCCESS: ("烧成了", "the burn succeeds"),
    EventKind.BURN_FAILED: ("烧失败", "the burn fails"),
    EventKind.KAIDIAN: ("开点！", "a point opened (开点)!"),
    EventKind.FASI: ("发四", "4s led after 开点 (发四)"),
    EventKind.KAIDIAN_LAPSED: ("开点作废", "the 开点 lapses"),
    EventKind.CONCEDE: ("认点", "the point conceded (认点)"),
    EventKind.DUITOU_LEADS: ("对头发牌", "the 对头 leads"),
    EventKind.ROUND: ("一轮结束", "the round ends"),
    EventKind.OUT: ("走科", "going out (走科)"),
    EventKind.JIEFENG: ("接风", "taking over the lead (接风)"),
    EventKind.MEN: ("闷！", "shut in (闷)!"),
    EventKind.LUANCHAN: ("四户乱缠开始", "四户乱缠 begins"),
    EventKind.DISCARD_FOURS: ("扔4", "4s thrown away"),
    EventKind.VOID: ("这一局作废", "the hand is void"),
    EventKind.END: None,  # "本局结束 …" says it
}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of commentary: headline, the event's sentence, the rule's name and its seed citation."""

    kind: str
    seat: int | None
    headline: tuple[str, str] | None
    sentence: tuple[str, str]
    rule: str | None
    rule_name: tuple[str, str] | None
    citation: str | None

    def text(self, lang: Lang, *, cite: bool = False) -> str:
        """The line in ``lang`` (``zh`` or ``en``), the seed citation added when ``cite``."""
        i = 0 if lang == "zh" else 1
        head = ""
        if self.headline:  # set off from the sentence (which may hold a colon of its own) by a dash
            head = self.headline[i] + ("" if self.headline[i][-1] in "！!" else "——" if i == 0 else " —")
            head += "" if i == 0 else " "
        tag = ""
        if self.rule_name is not None:
            name = self.rule_name[i]
            where = (zh_citation if i == 0 else en_citation)(self.citation) if cite and self.citation else ""
            tag = f"【{name}{'，' + where if where else ''}】" if i == 0 else (
                f" [{name}{', ' + where if where else ''}]")
        if i == 0:
            return f"{head}{self.sentence[i]}{tag}"
        sentence = self.sentence[i]  # an English line is a sentence, and so is what follows "…!"
        sentence = sentence[0].upper() + sentence[1:] if not head or head.endswith("! ") else sentence
        return f"{head[:1].upper()}{head[1:]}{sentence}{tag}"


#: The places nothing later can change: settlement puts a revolutionary, or a seat a 诈烧 闷ed, at 三科 or 四科
#: at best (:func:`~gouji_teach.rules.settlement.place_seats`), so only the first two seats out are sure of theirs
#: while such a seat may still come.
_SURE = 2
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _out_headline(game: Game, seat: int | None) -> tuple[str, str] | None:
    """走科's headline: the place, where settlement cannot change it any more; else the order of going out."""
    order = game.finish_order()
    if seat not in order:
        return None
    n = order.index(seat)
    moved = game.rules.zhashao_men_free or any(e.kind in (EventKind.REVOLT, EventKind.AUTO_REVOLT)
                                                for e in game.events)
    if n < _SURE or not moved:
        return f"走科：{PLACES_ZH[n]}", f"going out as {PLACES_EN[n]}"
    return (f"走科：第{n + 1}个出完（名次看结算）",
            f"going out {_ORDINALS[n]} (the place comes with the settlement)")


def comment(event: Event, game: Game) -> Line:
    """The coach's line for ``event`` of ``game`` (taken right after the event: 走科 names the place, where
    settlement cannot change it any more)."""
    headline = HEADLINES.get(event.kind)
    if event.kind == EventKind.OUT:
        headline = _out_headline(game, event.seat) or headline
    rule = event.rule if event.rule in RULES else None
    name = (RULES[rule].zh, RULES[rule].en) if rule else None
    return Line(event.kind, event.seat, headline, (event.zh, event.en), rule, name,
                _citation(rule, game.rules) if rule else None)


#: A run of passes one after another is one line of the log: its sentence for several seats, by the rule.
_FOLDED = {"burn.priority": ("{seats}不烧", "{seats} do not burn"),
           "pass.rule": ("{seats}过牌", "{seats} pass"),
           "revolt.duel": ("{seats}不打", "{seats} let it pass")}


def rounds(lines: Iterable[Line]) -> list[list[Line]]:
    """The coach's log as the table shows it: one list of lines a round (a round ends with its 一轮结束 line),
    a run of passes under the same rule folded into one line naming every seat.

    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> events = g.act("seat 0 plays 5") + sum((g.act(f"seat {s} passes") for s in range(1, 6)), ())
    >>> for r in rounds(comment(e, g) for e in events + g.act("seat 0 plays KK")):
    ...     print(*(x.text("zh").split("【")[0] for x in r), sep=" | ")
    座位0发牌：单张5 | 座位1、2、3、4、5过牌 | 一轮结束——没人再要：座位0的单张5赢了这一轮
    座位0发牌：2个K：够级，只有对头座位3能上（或有人烧） | 走科：头科——座位0走科（第1个出完）
    """
    log: list[list[Line]] = [[]]
    run: list[Line] = []

    def close_run() -> None:
        if len(run) == 1:
            log[-1].append(run[0])
        elif run:
            zh, en = _FOLDED[run[0].rule or ""]
            seats = [x.seat for x in run]
            log[-1].append(replace(run[0], seat=None, sentence=(
                zh.format(seats="座位" + "、".join(str(s) for s in seats)),
                en.format(seats="seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"))))
        run.clear()

    for line in lines:
        folds = line.kind == EventKind.PASS and line.rule in _FOLDED
        if not (folds and run and run[0].rule == line.rule):
            close_run()
        if folds:
            run.append(line)
            continue
        log[-1].append(line)
        if line.kind == EventKind.ROUND:
            log.append([])
    close_run()
    return [r for r in log if r]


def _citation(rule: str, rules: Ruleset) -> str | None:
    try:
        return source_of(rule, rules).cite()
    except (AssertionError, KeyError):
        return None


def why(decision: Decision | None, seat: int, lang: Lang) -> str:
    """"Why did seat N do that?": the computer player's own reason for its last decision."""
    if decision is None:
        return f"座位{seat}还没有出过牌" if lang == "zh" else f"seat {seat} has not acted yet"
    reason = decision.zh if lang == "zh" else decision.en
    return f"座位{seat}：{reason}" if lang == "zh" else f"seat {seat}: {reason}"


_ADVICE = {
    "answer_duitou": ("对头的够级牌能上却没上：它会开点。", "You could have answered your 对头's 够级 play: now it "
                      "开点s."),
    "partner": ("压了同伴的牌：同伴的牌让它走就好。", "You beat your partner's play: let a partner's play stand."),
    "go_out": ("这一手可以出完走科。", "This play could have taken you out (走科)."),
    "kaidian": ("对头的牌不够接，这时出够级牌能开点。", "Your 对头 holds too few cards to answer: a 够级 lead "
                "would 开点 here."),
    "cheaper": ("有更小的牌能大过：{cards}，2和花留着打够级。", "A cheaper play also beats it: {cards}; keep 2s "
                "and jokers for 够级 fights."),
}


def advice(game: Game, action: Action) -> tuple[str, str] | None:
    """Before ``action`` is applied to ``game``: a note ``(zh, en)`` when a stronger play existed, else
    ``None``. The coach compares with what :class:`~gouji_teach.bots.strategy.TeamPlayer` would do, and with the
    cheapest play that beats the play on top.

    >>> g = Game.from_hands({0: "KK 5", 1: "5 6", 2: "5 6", 3: "AA 6 7", 4: "5 6", 5: "5 6"}, leader=0)
    >>> _ = g.act("seat 0 plays KK")
    >>> advice(g, Action(3, "pass"))[1]
    "You could have answered your 对头's 够级 play: now it 开点s."
    """
    best = TeamPlayer().decide(game, action.seat)
    if best.action == action:
        return None
    key = best.key
    top = game.top
    if key in ("answer_duitou", "go_out", "kaidian") and action.kind != ActionKind.BURN:
        return _ADVICE[key]
    if (top is not None and action.kind == ActionKind.PLAY and team(top[0]) == team(action.seat)
            and top[0] != action.seat):
        hand = game.hands[action.seat]
        if action.cards is not None and len(Play.parse(action.cards, game.rules).cards) < len(hand):
            return _ADVICE["partner"]
    if top is not None and action.kind == ActionKind.PLAY and action.cards is not None:
        mine = Play.parse(action.cards, game.rules)
        if mine.jokers or mine.twos:
            hand = game.hands[action.seat]
            plain = [p for p in beating_plays(hand, top[1], game.rules) if not (p.jokers or p.twos)]
            if plain and not (top[1].is_gouji and top[0] == opposite(action.seat)):
                zh, en = _ADVICE["cheaper"]
                return zh.format(cards=plain[0].notation), en.format(cards=plain[0].notation)
    return None
