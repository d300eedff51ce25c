"""Puzzles about what happens between the deal and the first lead: 买三 (a seat dealt no 3 buys one, or is given
one) and 革命 (a seat dealt no 2 and no joker revolts, perhaps plays its 冲点). The engine plays the position under
the puzzle's rule set and under the others, so the wrong choices are other rule sets' answers and slips.

``revolution`` (革命, stage 11)
    A seat revolts (革命), perhaps plays its 冲点, perhaps another seat revolts too: what follows (who has opened,
    the 对头's head, a void hand)? Levels: ``easy`` one revolution and nothing else; ``medium`` a 冲点 whose
    plays are all answered or all not, or (where there is no 冲点) two revolutions; ``hard`` a 冲点 with some
    plays answered and some not, or (where there is no 冲点) the 对头's 要头/无头 choice and its first 够级 play.
``buy`` (买三, stage 10)
    A seat was dealt no 3: who sells it one, and what does it pay? ``easy`` its 对家 sells for a 2;
    ``medium`` another opponent sells, or it pays with a joker; ``hard`` no opponent can sell or it has
    nothing to pay with: a teammate gives one (要三).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import partial

from ...bots.players import SimplePlayer
from ...rules.cards import BASE_RANKS, Card, Hand, Rank, build_deck, format_cards
from ...rules.engine import Game, Phase, opposite, team
from ...rules.errors import GoujiError, SetupError
from ...rules.events import Action, ActionKind, EventKind
from ...rules.plays import Play
from ...rules.rulebook import RULES
from ...rules.rulesets import Ruleset, find_ruleset
from ...rules.words import Lang
from ...show.i18n import register, t
from ...show.markup import HtmlFragment, el, html
from ...show.pictures import hand_html
from .base import SEP_EN, SEP_ZH, both, seat_names, tagged
from .choices import Candidate, ChoicePuzzle, draw_options, elsewhere, variants
from .kinds import declare

__all__ = ["BuyPuzzle", "RevolutionPuzzle", "buy_puzzle", "revolution_puzzle"]

register({
    "sit.seat": ("座位{n}", "seat {n}"),
    "sit.rev.q": ("{story}接下来的局面是什么？", "{story}What is the situation now?"),
    "sit.rev.story.revolt": ("座位{r}革命。", "Seat {r} revolts (革命). "),
    "sit.rev.story.duel": ("冲点：{plays}。", "冲点: {plays}. "),
    "sit.rev.story.lead": ("座位{r}发第{n}手：{play}", "seat {r} plays {play}"),
    "sit.rev.story.kill": ("座位{h}打掉：{play}", "seat {h} kills it with {play}"),
    "sit.rev.story.let": ("座位{h}不打", "seat {h} lets it pass"),
    "sit.rev.story.nochong": ("座位{r}不冲点。", "Seat {r} does not 冲点. "),
    "sit.rev.story.second": ("座位{s}也革命。", "Seat {s} revolts too. "),
    "sit.rev.story.head": ("座位{h}选{choice}，然后发牌：{play}。", "Seat {h} chooses {choice}, then leads {play}. "),
    "sit.rev.void": ("这局作废", "the hand is void"),
    "sit.rev.opened": ("开点：{seats}", "开点: {seats}"),
    "sit.rev.choosing": ("座位{h}要选要头还是无头", "seat {h} must choose 要头 or 无头"),
    "sit.rev.duel": ("座位{r}要向对头座位{h}出三手够级牌",
                     "seat {r} must now play three 够级 plays to its 对头, seat {h}"),
    "sit.rev.wutou": ("座位{h}无头", "seat {h} is 无头"),
    "sit.rev.youtou": ("革命失败，座位{h}有头", "the revolution failed and seat {h} keeps its head (有头)"),
    "sit.rev.answer": ("{seats}能接这手牌", "{seats} may answer this play"),
    "sit.rev.burnonly": ("没人能接，{seats}能烧", "nobody may answer it; {seats} may burn it"),
    "sit.rev.noone": ("没人能接也没人能烧", "nobody may answer or burn it"),
    "sit.rev.confused": ("“{choice}”把座位{k}当成了座位{r}的对头；对头是正对面的座位{h}",
                         "“{choice}” takes seat {k} for seat {r}'s 对头; the 对头 sits opposite: seat {h}"),
    "sit.buy.q": ("发牌后座位{s}手里没有3（手牌：{hand}）。按买三的规矩，谁给它一张3，它付什么？",
                  "After the deal seat {s} holds no 3 (its hand: {hand}). Under 买三, who gives it a 3, and "
                  "what does it pay?"),
    "sit.buy.sell": ("座位{k}卖，付一张{pay}", "seat {k} sells, for a {pay}"),
    "sit.buy.give": ("同帮座位{k}送，不付钱", "teammate seat {k} gives one, for nothing"),
    "sit.buy.none": ("没人给，它没有3", "nobody: it stays without a 3"),
    "sit.buy.answer": ("{what}。{why}", "{what}. {why}"),
    "sit.buy.order": ("“{choice}”：先问对家，再问下家、上家，最后隔一家的对手；座位{k}排在后面",
                      "“{choice}”: the 对家 is asked first, then the next and the previous seat, then the far "
                      "opponents; seat {k} comes later"),
    "sit.buy.only": ("“{choice}”：座位{k}只有一张3，自己要留着，不卖",
                     "“{choice}”: seat {k} holds a single 3, which it keeps"),
    "sit.buy.paywrong": ("“{choice}”：买三先付2，没有2才付小花，再没有才付大花",
                         "“{choice}”: a 3 is paid with a 2; with no 2, a 小花; with neither, a 大花"),
    "sit.buy.twosonly": ("“{choice}”：这套规则买三只能用钱（2），花不能买", "“{choice}”: under these rules a 3 is "
                         "bought with a 2 only, never with a joker"),
    "sit.buy.paymissing": ("“{choice}”：座位{s}手里没有{pay}", "“{choice}”: seat {s} holds no {pay}"),
    "sit.buy.friend": ("“{choice}”：同帮送三是最后的办法，只有对手卖不了或者没钱买时才要三",
                       "“{choice}”: a teammate gives a 3 only when no opponent can sell one or there is "
                       "nothing to pay with (要三)"),
    "sit.buy.free": ("“{choice}”：对手不白送，买三要付钱", "“{choice}”: an opponent does not give a 3 away; "
                     "it is bought"),
    "sit.buy.nobody": ("“{choice}”：没有3的人一定要买三或要三", "“{choice}”: a seat without a 3 must buy or "
                       "ask for one"),
})


class RevolutionPuzzle(ChoicePuzzle, kind="revolution",
                       hint=("先看有没有冲点、冲点的三手牌有没有被打掉，再看对头能不能选要头。",
                             "Is there a 冲点, and were its plays killed? Then: may the 对头 choose 要头?")):
    """What follows a revolution (革命): who has opened, the 对头's head, a void hand."""


class BuyPuzzle(ChoicePuzzle, kind="buy", hint=("先问对家，有两张以上3才卖；付钱先用2。",
                                               "Ask the 对家 first; only a seat with two 3s or more sells; pay with "
                                               "a 2 first.")):
    """Who sells a seat dealt no 3 one (买三), and for what."""


# -- 革命 ------------------------------------------------------------------------------------------------------

_REVOLUTION_SWITCHES = ("revolution_duel", "revolution_head_choice", "revolution_concedes_point",
                        "revolution_lead", "failed_revolution_last")


@dataclass(frozen=True)
class _RevScript:
    """What happens in a revolution drill, as actions the engine replays under any rule set."""

    hands: tuple[Hand, ...]
    leader: int
    actions: tuple[Action, ...]


def _revolution_state(script: _RevScript, rules: Ruleset) -> tuple[Game, int] | None:
    """The game after replaying the script under ``rules`` (``None`` if its revolution is not allowed there, or
    its deal is not one the rule set's packs hold: zaozhuang keeps six 3s), and how many of its actions were legal
    (the rest are not played)."""
    try:
        game = Game.from_hands(list(script.hands), rules, leader=script.leader)
    except GoujiError:
        return None
    done = 0
    for action in script.actions:
        if not game.can(action):
            if done == 0:
                return None
            break
        game.apply(action)
        done += 1
    return game, done


def _revolution_outcome(game: Game, r: int) -> tuple[Hashable, tuple[str, str]]:
    """The situation after a revolution by ``r``: (value, text)."""
    h = opposite(r)
    if game.phase == Phase.VOID:
        return ("void",), both("sit.rev.void")
    opened = tuple(game.kaidian_seats())
    names = seat_names(opened)
    parts = [(t("sit.rev.opened", "zh", seats=names[0]), t("sit.rev.opened", "en", seats=names[1]))]
    if game.phase == Phase.DUEL:
        head = "duel"
        parts.append(both("sit.rev.duel", r=r, h=h))
    elif game.phase == Phase.HEAD:
        head = "choosing"
        parts.append(both("sit.rev.choosing", h=h))
    elif game.top is not None and game.top[0] == h:
        kinds = game.may_act()
        answer = tuple(sorted(s for s, k in kinds.items() if ActionKind.PLAY in k))
        burn = tuple(sorted(s for s, k in kinds.items() if ActionKind.BURN in k))
        head = ("lead", answer, burn)
        if answer:
            names = seat_names(answer)
            parts.append((t("sit.rev.answer", "zh", seats=names[0]), t("sit.rev.answer", "en", seats=names[1])))
        elif burn:
            names = seat_names(burn)
            parts.append((t("sit.rev.burnonly", "zh", seats=names[0]), t("sit.rev.burnonly", "en", seats=names[1])))
        else:
            parts.append(both("sit.rev.noone"))
    elif r in game.game_record().revolution_failed:
        head = "youtou"
        parts.append(both("sit.rev.youtou", h=h))
    else:
        head = "wutou"
        parts.append(both("sit.rev.wutou", h=h))
    return (opened, head), (SEP_ZH.join(p[0] for p in parts), SEP_EN.join(p[1] for p in parts))


def _revolution_story(game: Game, r: int) -> tuple[str, str]:
    """The revolution drill's events in words, up to the question (the outcome itself is not told)."""
    zh, en = both("sit.rev.story.revolt", r=r)
    plays: list[tuple[str, str]] = []
    h = opposite(r)
    for e in game.events:
        if e.rule != "revolt.duel" or e.kind not in (EventKind.LEAD, EventKind.PLAY, EventKind.PASS):
            continue
        if e.kind == EventKind.LEAD:
            play = Play.parse(e.cards, game.rules)
            plays.append((f"座位{r}出{play.text_zh}", f"seat {r} plays {play.text_en}"))
        elif e.kind == EventKind.PLAY:
            play = Play.parse(e.cards, game.rules)
            plays.append((t("sit.rev.story.kill", "zh", h=h, play=play.text_zh),
                          t("sit.rev.story.kill", "en", h=h, play=play.text_en)))
        else:
            plays.append(both("sit.rev.story.let", h=h))
    if plays:
        zh += t("sit.rev.story.duel", "zh", plays="，".join(p[0] for p in plays))
        en += t("sit.rev.story.duel", "en", plays=", ".join(p[1] for p in plays))
    if any(e.kind == EventKind.NO_CHONGDIAN for e in game.events):
        more = both("sit.rev.story.nochong", r=r)
        zh, en = zh + more[0], en + more[1]
    for e in game.events:
        if e.kind == EventKind.REVOLT and e.seat != r:
            more = both("sit.rev.story.second", s=e.seat)
            zh, en = zh + more[0], en + more[1]
        if e.kind in (EventKind.YAOTOU, EventKind.WUTOU) and e.rule == "head.choice":
            lead = next((x for x in game.events
                         if x.kind == EventKind.LEAD and x.seat == h and x.rule != "revolt.duel"), None)
            if lead is not None:
                play = Play.parse(lead.cards, game.rules)
                choice = ("要头", "要头") if e.kind == EventKind.YAOTOU else ("无头", "无头")
                zh += t("sit.rev.story.head", "zh", h=h, choice=choice[0], play=play.text_zh)
                en += t("sit.rev.story.head", "en", h=h, choice=choice[1], play=play.text_en)
    return zh, en


def _revolution_hands(rng: random.Random, rules: Ruleset, r: int, *, second: int | None) -> tuple[Hand, ...]:
    """Eight to ten cards a seat: ``r`` (and ``second``) without 2s and jokers, ``r`` with three pure 够级 sets
    where the rule set plays a 冲点; the others from the rest of the deck (the rule set's deck: zaozhuang keeps six
    3s)."""
    deck = build_deck(rules.packs, suits=False, keep={Rank.THREE: rules.keep_threes} if rules.keep_threes else None)
    rng.shuffle(deck)
    pool = list(deck)

    def take(rank: Rank, n: int) -> list[Card]:
        out = []
        for c in list(pool):
            if c.rank == rank and len(out) < n:
                pool.remove(c)
                out.append(c)
        return out

    hands: dict[int, list[Card]] = {}
    sets = rng.sample([(Rank.ACE, 2), (Rank.KING, 2), (Rank.QUEEN, 3), (Rank.JACK, 4)], 3)
    hands[r] = [c for rank, n in sets for c in take(rank, n)] + take(Rank.THREE, 1)
    plain = [c for c in pool if c.rank in BASE_RANKS and c.rank not in (Rank.THREE,)]
    for seat in ([second] if second is not None else []):
        cards = rng.sample(plain, 8)
        for c in cards:
            pool.remove(c)
            plain.remove(c)
        hands[seat] = cards + take(Rank.THREE, 1)
    h = opposite(r)
    if h not in hands:  # the 对头 gets a joker or 2s to answer with, and a 够级 play of its own
        hands[h] = take(rng.choice((Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)), 1) + take(Rank.TWO, 2) \
            + take(rng.choice((Rank.ACE, Rank.KING)), 2) + take(Rank.THREE, 1)
    size = max(len(x) for x in hands.values()) + 1
    for seat in range(6):
        cards = hands.setdefault(seat, [])
        while len(cards) < size:
            cards.append(pool.pop())
    return tuple(Hand(hands[s]) for s in range(6))


def _revolution_script(rng: random.Random, level: str, rules: Ruleset) -> _RevScript | None:
    r = rng.randrange(6)
    h = opposite(r)
    second = rng.choice([s for s in range(6) if s not in (r, h)]) if level == "medium" else None
    hands = _revolution_hands(rng, rules, r, second=second)
    leader = rng.randrange(6)
    game = Game.from_hands(list(hands), rules, leader=leader)
    actions = [Action(r, "revolt")]
    if not game.can(actions[0]):
        return None
    game.apply(actions[0])
    kill = {"easy": None, "medium": rng.choice((True, False)), "hard": None}[level]
    plan = rng.sample([True, True, False], 3) if rng.random() < 0.5 else rng.sample([True, False, False], 3)
    if level != "easy" and game.phase == Phase.DUEL:
        for n in range(3):
            lead = SimplePlayer().choose(game, r)
            if lead.kind != ActionKind.PLAY:
                return None
            game.apply(lead)
            actions.append(lead)
            want = kill if kill is not None else plan[n]
            answers = game.answers(h) if want else []
            reply = Action.of(h, "play", answers[0]) if answers else Action(h, "pass")
            if not game.can(reply):
                reply = Action(h, "pass")
            game.apply(reply)
            actions.append(reply)
    elif level == "medium" and second is not None:
        actions.append(Action(second, "revolt"))
        if not game.can(actions[-1]):
            return None
        game.apply(actions[-1])
    elif level == "hard":
        if game.phase == Phase.HEAD:
            actions.append(Action(h, rng.choice(("yaotou", "wutou"))))
            game.apply(actions[-1])
        if game.to_act != h or game.phase not in (Phase.START, Phase.PLAY):
            return None
        gouji = [p for p in (Play.parse(a.cards, rules) for a in game.legal_actions(h) if a.kind is ActionKind.PLAY)
                 if p.is_gouji]
        if not gouji:
            return None
        actions.append(Action.of(h, "play", gouji[0]))
        if not game.can(actions[-1]):
            return None
    return _RevScript(hands, leader, tuple(actions))


def _revolution(rng: random.Random, level: str, rules: Ruleset) -> RevolutionPuzzle:
    for _ in range(60):
        script = _revolution_script(rng, level, rules)
        if script is None:
            continue
        done = _revolution_state(script, rules)
        if done is None or done[1] != len(script.actions) or _revolution_level(done[0]) != level:
            continue
        return _revolution_puzzle(rng, script, rules)
    raise RuntimeError(f"no revolution drill at level {level} under {rules.name}")


def revolution_puzzle(hands: Sequence[Hand | str], leader: int, actions: Sequence[Action | str],
                      rules: Ruleset | str | None = None, *, seed: int = 0) -> RevolutionPuzzle:
    """The revolution question for hands, a leader and the actions from the revolution on (the first action is
    the revolution); ``seed`` draws the wrong choices and their order."""
    rules = find_ruleset(rules)
    script = _RevScript(tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in hands), leader,
                        tuple(a if isinstance(a, Action) else Action.parse(a) for a in actions))
    if not script.actions or script.actions[0].kind != ActionKind.REVOLT:
        raise SetupError("革命题的第一步要是一家革命（例如 seat 3 revolts）",
                         "the first action of a revolution question is a revolt (e.g. seat 3 revolts)")
    game = Game.from_hands(list(script.hands), rules, leader=leader)
    for n, action in enumerate(script.actions, 1):
        try:
            game.apply(action)
        except GoujiError as e:
            raise SetupError(f"革命题的第{n}步（{action}）不合规则：{e.zh}",
                             f"step {n} of the revolution question ({action}) is not legal: {e.en}") from None
    return _revolution_puzzle(random.Random(seed), script, rules)


def _revolution_puzzle(rng: random.Random, script: _RevScript, rules: Ruleset) -> RevolutionPuzzle:
    done = _revolution_state(script, rules)
    if done is None or done[1] != len(script.actions):
        raise ValueError("the actions of a revolution question must all be legal under its rule set")
    game = done[0]
    r = script.actions[0].seat
    value, text = _revolution_outcome(game, r)
    pool: list[Candidate] = []
    for other, label in variants(rules, _REVOLUTION_SWITCHES):
        replayed = _revolution_state(script, other)
        if replayed is None:
            continue
        v, txt = _revolution_outcome(replayed[0], r)
        pool.append((v, txt, elsewhere(txt, rules, other, label, _REVOLUTION_SWITCHES)))
    h = opposite(r)
    outcomes = {v: txt for v, txt, _ in pool} | {value: text}
    for v, txt in outcomes.items():  # any of them with the 上家 or the 下家 taken for the 对头
        for k in ((r + 1) % 6, (r + 5) % 6):
            swapped = (txt[0].replace(f"座位{h}", f"座位{k}"), txt[1].replace(f"seat {h}", f"seat {k}"))
            if swapped == txt:
                continue
            pool.append(((v, "confused", k), swapped,
                         (t("sit.rev.confused", "zh", choice=swapped[0], k=k, r=r, h=h),
                          t("sit.rev.confused", "en", choice=swapped[1], k=k, r=r, h=h), "head.choice")))
    pool.sort(key=lambda c: repr(c[0]))
    explain = [e for e in game.events if e.rule and e.kind not in (EventKind.FIRST_LEADER,)]
    rule_ids = tuple(dict.fromkeys(e.rule for e in explain if e.rule in RULES)) or ("revolt.cards",)
    lines = [tagged(e.zh, e.en, e.rule, rules) for e in explain if e.rule in RULES]
    story = _revolution_story(game, r)
    return RevolutionPuzzle(
        *(t("sit.rev.q", lang, story=story[i]) for i, lang in enumerate(("zh", "en"))),
        draw_options(rng, (value, text), pool),
        f"{text[0]}。" + SEP_ZH.join(x[0] for x in lines),
        f"{text[1]}. " + SEP_EN.join(x[1] for x in lines),
        rule_ids, level=_revolution_level(game), rules=rules,
        draw=partial(_hands_picture, game, (r, opposite(r))))


def _revolution_level(game: Game) -> str:
    duel = [e for e in game.events
            if e.rule == "revolt.duel" and e.kind in (EventKind.PLAY, EventKind.PASS) and e.seat is not None
            and e.seat != (game.game_record().revolution or (None,))[0]]
    if duel:
        killed = {e.kind for e in duel}
        return "hard" if len(killed) > 1 else "medium"
    if game.phase == Phase.VOID:
        return "medium"
    if any(e.kind in (EventKind.YAOTOU, EventKind.WUTOU) and e.rule == "head.choice" for e in game.events) or (
            game.top is not None):
        return "hard"
    return "easy"


def _hands_picture(game: Game, seats: Sequence[int], lang: Lang | None, scale: float) -> HtmlFragment:
    """The hands of some seats as they were dealt, as small card pictures with the seat names."""
    return html(el("div", [el("div", el("b", t("sit.seat", lang, n=s)),
                              hand_html(game.initial_hands[s], scale=0.5 * scale, lang=lang), cls="gj-seat-hand")
                           for s in seats], cls="gj-hands"))



# -- 买三 ------------------------------------------------------------------------------------------------------

_PAY_ORDER = (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)


def _buy_text(value: tuple[int | None, Rank | None]) -> tuple[str, str]:
    seller, pay = value
    if seller is None:
        return both("sit.buy.none")
    if pay is None:
        return both("sit.buy.give", k=seller)
    return (t("sit.buy.sell", "zh", k=seller, pay=pay.zh), t("sit.buy.sell", "en", k=seller, pay=pay.en))


def _buy_hands(rng: random.Random, rules: Ruleset, level: str, s: int) -> list[Hand]:
    """Eight cards a seat; ``s`` without a 3, every other seat with at least one; who holds two and what ``s``
    pays with as the level asks for (the engine then decides)."""
    keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
    deck = build_deck(rules.packs, suits=False, keep=keep)
    threes = [c for c in deck if c.rank == Rank.THREE]
    money = {r: [c for c in deck if c.rank == r] for r in _PAY_ORDER}
    rest = [c for c in deck if c.rank not in (Rank.THREE, *_PAY_ORDER)]
    rng.shuffle(rest)
    h = opposite(s)
    counts = {k: 1 for k in range(6) if k != s}
    spare = len(threes) - 5
    opponents = [k for k in range(6) if team(k) != team(s)]
    if level == "easy":
        sellers = [h]
    elif level == "medium":
        sellers = [rng.choice([k for k in opponents if k != h])]
    else:
        sellers = rng.sample([k for k in range(6) if team(k) == team(s) and k != s], 1)
    for k in sellers:
        counts[k] += min(rng.randint(1, 3), max(spare, 0))
    pays: list[Card] = []
    if level == "easy" or (level == "medium" and rng.random() < 0.5):
        pays = money[Rank.TWO][:1]
    elif level == "medium":
        pays = money[rng.choice((Rank.SMALL_JOKER, Rank.BIG_JOKER))][:1]
    elif rng.random() < 0.5:
        pays = money[Rank.TWO][:1]
    hands: dict[int, list[Card]] = {k: [threes.pop() for _ in range(n)] for k, n in counts.items()}
    hands[s] = list(pays)
    for rank in _PAY_ORDER:  # the rest of the 2s and jokers go to the others
        for c in money[rank]:
            if c not in pays and rng.random() < 0.15:
                hands[rng.choice([k for k in range(6) if k != s])].append(c)
    for k in range(6):
        cards = hands.setdefault(k, [])
        while len(cards) < 8:
            cards.append(rest.pop())
    return [Hand(hands[k]) for k in range(6)]


def _buy_result(before: Sequence[Hand], game: Game, s: int) -> tuple[int | None, Rank | None]:
    event = next((e for e in game.events if e.kind == EventKind.BUY and e.seat == s and e.cards == Rank.THREE.notation),
                 None)
    if event is None:
        return None, None
    seller = event.other
    paid = [r for r in _PAY_ORDER if game.initial_hands[seller].count(r) > before[seller].count(r)]
    return seller, (paid[0] if paid and team(seller) != team(s) else None)


def _buy_level(value: tuple[int | None, Rank | None], s: int) -> str:
    seller, pay = value
    if seller is None or pay is None:
        return "hard"
    return "easy" if seller == opposite(s) and pay == Rank.TWO else "medium"


def _buy(rng: random.Random, level: str, rules: Ruleset) -> BuyPuzzle:
    for _ in range(100):
        s = rng.randrange(6)
        before = _buy_hands(rng, rules, level, s)
        game = Game.from_hands(before, rules, leader=0, prelude=True)
        value = _buy_result(before, game, s)
        if _buy_level(value, s) == level:
            break
    return _buy_puzzle(rng, before, s, rules)


def buy_puzzle(hands: Sequence[Hand | str], seat: int, rules: Ruleset | str | None = None, *,
               seed: int = 0) -> BuyPuzzle:
    """The 买三 question for hands as dealt (``seat`` holds no 3); ``seed`` draws the wrong choices."""
    before = [h if isinstance(h, Hand) else Hand.parse(h) for h in hands]
    return _buy_puzzle(random.Random(seed), before, seat, find_ruleset(rules))


def _buy_puzzle(rng: random.Random, before: Sequence[Hand], s: int, rules: Ruleset) -> BuyPuzzle:
    game = Game.from_hands(list(before), rules, leader=0, prelude=True)
    value = _buy_result(before, game, s)
    hand = before[s]
    pays = [r for r in _PAY_ORDER if hand.count(r)]
    order = [opposite(s), (s + 1) % 6, (s + 5) % 6, (s + 2) % 6, (s + 4) % 6]
    threes = {k: before[k].count(Rank.THREE) for k in range(6)}
    pool: list[Candidate] = []

    def add(v: tuple[int | None, Rank | None], key: str, rule: str = "buy", **kw: object) -> None:
        text = _buy_text(v)
        pool.append((v, text, (t(key, "zh", choice=text[0], **_zh(kw)), t(key, "en", choice=text[1], **_en(kw)),
                               rule)))

    for k in order:
        for pay in (*_PAY_ORDER, None):
            v = (k, pay if team(k) != team(s) else None) if pay is not None else (k, None)
            if v == value:
                continue
            if pay is not None and pay.is_joker and team(k) != team(s) and not rules.buy_with_jokers:
                add(v, "sit.buy.twosonly", "buy.twos")  # 000 part 3 第7条
            elif pay is not None and team(k) != team(s) and not hand.count(pay):
                add(v, "sit.buy.paymissing", s=s, pay=pay)
            elif team(k) != team(s) and threes[k] < 2:
                add(v, "sit.buy.only", k=k)
            elif team(k) != team(s) and pay is None:
                add(v, "sit.buy.free")
            elif team(k) == team(s) and value[1] is not None:
                add(v, "sit.buy.friend")
            elif team(k) != team(s) and pays and pay != pays[0]:
                add(v, "sit.buy.paywrong", "buy.order")  # 2 first: 000 part 1, 003 §五; a default under qingdao
            elif value[0] in order and order.index(k) > order.index(value[0]):
                add(v, "sit.buy.order", k=k)
    if value != (None, None):
        add((None, None), "sit.buy.nobody")
    event = next((e for e in game.events if e.kind == EventKind.BUY and e.seat == s), None)
    what = _buy_text(value)
    why = tagged(event.zh, event.en, "buy", rules) if event else tagged(*what, "buy", rules)
    cards = format_cards(hand.cards, sep=" ")
    q = t("sit.buy.q", "zh", s=s, hand=cards), t("sit.buy.q", "en", s=s, hand=cards)
    # (ignore below: the options are (value, what) pairs)
    return BuyPuzzle(*q, draw_options(rng, (value, what), pool, like=lambda v: v[1] == value[1]),  # type: ignore[index]  # the options are (value, what) pairs
                     t("sit.buy.answer", "zh", what=what[0], why=why[0]),
                     t("sit.buy.answer", "en", what=what[1], why=why[1]),
                     ("buy",), level=_buy_level(value, s), rules=rules,
                     draw=lambda lang, scale: hand_html(hand, scale=0.6 * scale, lang=lang))


def _zh(values: dict[str, object]) -> dict[str, object]:
    return {k: (v.zh if isinstance(v, Rank) else v) for k, v in values.items()}


def _en(values: dict[str, object]) -> dict[str, object]:
    return {k: (v.en if isinstance(v, Rank) else v) for k, v in values.items()}


declare(RevolutionPuzzle, _revolution, level=lambda p: p.level, redraw=False,
        stages={"geming": ("easy", "medium", "hard", "hard"), "quiz": ("medium",)})
declare(BuyPuzzle, _buy, level=lambda p: p.level, redraw=False,
        stages={"biesan": ("easy", "medium", "hard"), "quiz": ("medium",)})
