"""Pictures: cards, hands, counted plays, the table of six seats and a round, as SVG/HTML strings.

Pure functions beside the rules core, in the manner of python-chess's ``chess.svg``: each returns a ``str``
subclass that Jupyter displays (:class:`~gouji_teach.show.markup.SvgImage` has ``_repr_svg_``,
:class:`~gouji_teach.show.markup.HtmlFragment` has ``_repr_html_``), built with the element builder of
:mod:`gouji_teach.show.markup`, with semantic CSS classes (``gj-card``, ``gj-hand``, ``gj-seat``, ...) and inline
presentation attributes so that they look right without a stylesheet. No Jupyter import here, and no import of
the card and play modules either (they import this module to show themselves): cards and plays are read
through their public attributes only.

Accessibility (``shared/notes/teaching.md``): every card carries ``role="img"``, an ``aria-label`` and a
``<title>`` with its readable name (:attr:`Card.name_zh` / :attr:`Card.name_en`); colour is never the only
signal (red suits have their own symbol shapes, the jokers differ in text and shape, marks carry a text badge,
teams differ in badge shape and label, the turn is a ring and a text). Every user-visible text comes from the
message catalogue (keys ``render.*``), in the current language unless ``lang`` says otherwise.
``scale`` enlarges everything (presenter mode uses :data:`PRESENTER_SCALE`).

>>> from gouji_teach import Card, Rank, Suit
>>> svg = card_svg(Card(Rank.TEN, Suit.HEARTS), lang="en")
>>> 'aria-label="10 of hearts"' in svg, svg._repr_svg_() == svg
(True, True)
>>> 'aria-label="大花"' in card_svg(Card(Rank.BIG_JOKER), lang="zh")
True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import groupby
from typing import Literal, Protocol

from ..rules.errors import GoujiError, OptionError, SetupError
from ..rules.rulesets import TributeKind, find_ruleset
from ..rules.words import Lang
from .i18n import counted, number_en, pick, register, t
from .markup import Element, HtmlFragment, SvgImage, el

__all__ = [
    "PRESENTER_SCALE",
    "CardLike",
    "HandLike",
    "Mark",
    "PlayLike",
    "RankLike",
    "SeatView",
    "SuitLike",
    "TableView",
    "card_svg",
    "finish_svg",
    "hand_html",
    "hand_label",
    "notation_html",
    "play_html",
    "round_html",
    "table_svg",
    "tribute_svg",
]

register({
    "render.card.face_down": ("背面朝上的牌", "face-down card"),
    "render.card.marked": ("{name}（{mark}）", "{name} ({mark})"),
    "render.joker.big": ("大花", "BIG"),
    "render.joker.small": ("小花", "SMALL"),
    "render.mark.guahua": ("挂花", "attached"),
    "render.mark.tieqian": ("贴钱", "filler"),
    "render.mark.selected": ("已选", "picked"),
    "render.mark.guahua.long": ("挂花：挂在这手牌上的花", "挂花: a joker attached to the set"),
    "render.mark.tieqian.long": ("贴钱：这张2按这手牌的点数算", "贴钱: this 2 counts as the rank of the set"),
    "render.mark.selected.long": ("已选中", "picked"),
    "render.sep": ("，", ", "),
    "render.stop": ("。", ". "),
    "render.group.one": ("1张{rank}", "one {rank}"),
    "render.group.many": ("{n}张{rank}", "{words} {rank}s"),
    "render.group.count": ("{n}张", "×{n}"),
    "render.hand.label": ("手牌{n}张：{groups}", "hand of {cards}: {groups}"),
    "render.hand.empty": ("没有牌", "no cards"),
    "render.play.counts_as": ("算作", "counts as"),
    "render.notation.label": ("牌的写法：每种点数一张，下面是它的写法",
                              "How cards are written: one card of each rank, its letters below"),
    "render.play.downgraded": ("规则：大花和小花一起出，大花按小花算",  # a rule fact, labelled as one
                               "Rule: big and small jokers played together all count as small"),
    "render.seat": ("座位{n}", "seat {n}"),
    "render.tribute.none": ("不进贡", "no tribute"),
    "render.tribute.arrow": ("座位{payer}→座位{receiver}：{kind}{n}张", "seat {payer} → seat {receiver}: {n} × {kind}"),
    "render.finish.label": ("这一局怎么结束的", "How the hand ended"),
    "render.finish.out": ("第{n}个走", "out {nth}"),
    "render.finish.men": ("被闷", "闷ed"),
    "render.finish.failed": ("烧失败", "burn failed"),
    "render.finish.revolt": ("革命", "revolted"),
    "render.finish.kaidian": ("开点", "开点"),
    "render.finish.burn": ("座位{burner}烧座位{victim}", "seat {burner} burned seat {victim}"),
    "render.finish.asked": ("问的是这个座位", "the seat asked about"),
    "render.team.a": ("甲队", "Team A"),
    "render.team.b": ("乙队", "Team B"),
    "render.rel.self": ("我", "me"),
    "render.rel.xiajia": ("下家", "下家 (next)"),
    "render.rel.shangjia": ("上家", "上家 (before)"),
    "render.rel.duijia": ("对家", "对家 (opposite)"),
    "render.rel.mate": ("队友", "teammate"),
    "render.seat.duijia": ("对家：座位{n}", "opposite: seat {n}"),
    "render.seat.cards_left": ("剩{n}张", "{n} left"),
    "render.seat.to_act": ("轮到出牌", "to act"),
    "render.seat.kaidian": ("开点", "开点 opened"),
    "render.seat.revolution": ("革命", "revolution"),
    "render.table.label": ("够级牌桌：六个座位", "Gouji table: six seats"),
    "render.table.rules": ("规则：{name}", "rules: {name}"),
    "render.table.on_table": ("桌上：{text}", "on the table: {text}"),
    "render.table.empty": ("桌上没有牌", "nothing on the table"),
    "render.table.viewer": ("你坐{seat}（在下方）", "you sit at {seat} (at the bottom)"),
    "render.table.desc_seat": ("{seat}{name}（{team}，{duijia}）：剩{n}张",
                               "{seat}{name} ({team}, {duijia}): cards left: {n}"),
    "render.table.desc_last": ("上一手：{text}", "last: {text}"),
    "render.table.desc_to_act": ("轮到{seat}出牌", "{seat} to act"),
    "render.table.order": ("出牌顺序：逆时针，座位0→1→…→5", "order of play: counter-clockwise, seat 0 → 1 → … → 5"),
    "render.round.label": ("这一轮的出牌", "plays of this round"),
    "render.round.pass": ("过", "pass"),
    "render.round.yield": ("让牌", "让牌 (yield to the next two)"),
})

# What the pictures read of cards, hands and plays: their public attributes. The card and play modules import
# this one (lazily) to show themselves in Jupyter, so this one does not import them: no circle.


class RankLike(Protocol):
    """A rank (:class:`~gouji_teach.rules.cards.Rank`): its notation (``"D"`` big joker, ``"X"`` small joker) and
    names."""

    @property
    def notation(self) -> str: ...
    @property
    def zh(self) -> str: ...
    @property
    def en(self) -> str: ...
    @property
    def is_joker(self) -> bool: ...


class SuitLike(Protocol):
    """A suit (:class:`~gouji_teach.rules.cards.Suit`)."""

    @property
    def name(self) -> str: ...
    @property
    def is_red(self) -> bool: ...


class CardLike(Protocol):
    """A card (:class:`~gouji_teach.rules.cards.Card`)."""

    @property
    def rank(self) -> RankLike: ...
    @property
    def suit(self) -> SuitLike | None: ...
    @property
    def name_zh(self) -> str: ...
    @property
    def name_en(self) -> str: ...


class HandLike(Protocol):
    """A hand (:class:`~gouji_teach.rules.cards.Hand`): its cards, strongest first."""

    @property
    def cards(self) -> Sequence[CardLike]: ...


class PlayLike(Protocol):
    """A counted play (:class:`~gouji_teach.rules.plays.Play`)."""

    @property
    def cards(self) -> Sequence[CardLike]: ...
    @property
    def kind(self) -> Enum: ...
    @property
    def rank(self) -> RankLike | None: ...
    @property
    def size(self) -> int: ...
    @property
    def twos(self) -> int: ...
    @property
    def big_jokers(self) -> int: ...
    @property
    def text_zh(self) -> str: ...
    @property
    def text_en(self) -> str: ...


#: A card's role in a play, shown by a text badge: an attached joker, a 2 used as filler, a picked card.
Mark = Literal["guahua", "tieqian", "selected"]

#: The ``scale`` of presenter mode (big cards for a projector).
PRESENTER_SCALE = 1.75

_W, _H = 60, 84  # card size in user units (pixels at scale 1)
_FONT = "system-ui,-apple-system,'Segoe UI','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif"
_RED, _DARK, _GOLD = "#c8102e", "#1a1a1a", "#e0a100"
_MARK_COLOURS: dict[str, str] = {"guahua": "#6a1b9a", "tieqian": "#00695c", "selected": "#1b5e20"}
_MARK_SIGNS: dict[str, str] = {"guahua": "+", "tieqian": "=", "selected": "✓"}
_TEAMS = {  # colour, light fill, corner radius of the seat box: the radius and badge shape are the non-colour cue
    "a": ("#1f5fbf", "#e8f0fc", 12),
    "b": ("#b35900", "#fcefe1", 1),
}

# The notation of the ranks drawn in their own way.
_BIG, _SMALL, _TWO = "D", "X", "2"

# Shapes in a 10x10 box (suits by their names).
_SUIT_PATHS = {
    "HEARTS": "M5,9.6C3.4,8.2 0,5.8 0,3.1A2.6,2.6 0 0 1 5,2.1A2.6,2.6 0 0 1 10,3.1C10,5.8 6.6,8.2 5,9.6Z",
    "DIAMONDS": "M5,0L9,5L5,10L1,5Z",
    "SPADES": "M5,0.3C6.6,2 10,4.2 10,6.6A2.4,2.4 0 0 1 5.7,7.9L6.6,10H3.4L4.3,7.9A2.4,2.4 0 0 1 0,6.6"
                 "C0,4.2 3.4,2 5,0.3Z",
    "CLUBS": "M5,0.4A2.3,2.3 0 0 1 6.9,4.3A2.3,2.3 0 1 1 5.6,7.7L6.6,10H3.4L4.4,7.7A2.3,2.3 0 1 1 3.1,4.3"
                "A2.3,2.3 0 0 1 5,0.4Z",
}
_CROWN = "M0,9.5L0,2.5L2.5,6L5,0.5L7.5,6L10,2.5L10,9.5Z"
_STAR = "5.0,0.3 6.2,3.6 9.8,3.8 7.0,5.9 7.9,9.3 5.0,7.4 2.1,9.3 3.0,5.9 0.2,3.8 3.8,3.6"


def _sub(parent: Element, tag: str, *children: object, **attrs: object) -> Element:
    """A child element of ``parent``, built by :func:`~gouji_teach.show.markup.el`."""
    child = el(tag, *children, **attrs)
    parent.append(child)
    return child


#: The smallest text a page shows, in CSS pixels: words under cards shrink with the cards down to this.
MIN_TEXT_PX = 11


def _px(size: float) -> str:
    """A CSS font size of ``size`` pixels, but never below :data:`MIN_TEXT_PX`."""
    return f"max({MIN_TEXT_PX}px,{size:g}px)"


def _svg_root(width: float, height: float, scale: float, cls: str, label: str, desc: str) -> Element:
    root = el("svg", xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width:g} {height:g}",
              width=float(width * scale), height=float(height * scale), cls=cls, role="img",
              aria_label=label, font_family=_FONT)
    _sub(root, "title", label)
    _sub(root, "desc", desc)
    return root


def _width_estimate(text: str, size: float) -> float:
    return sum(size if ord(ch) >= 0x2E80 else 0.6 * size for ch in text)


def _text(parent: Element, text: str, x: float, y: float, size: float, *, max_width: float | None = None,
          **attrs: object) -> Element:
    """A text; squeezed to ``max_width`` when it would be wider (SVG text does not wrap)."""
    fit = max_width is not None and _width_estimate(text, size) > max_width
    return _sub(parent, "text", text, x=float(x), y=float(y), font_size=float(size),
                textLength=float(max_width) if fit and max_width is not None else None,
                lengthAdjust="spacingAndGlyphs" if fit else None,
                **attrs)


def _shape(parent: Element, d: str, x: float, y: float, size: float, **attrs: object) -> Element:
    """A 10x10 shape (a path, or a polygon when ``d`` is a point list) placed at ``x, y`` with side ``size``."""
    g = _sub(parent, "g", transform=f"translate({x:g},{y:g}) scale({size / 10:g})")
    if d[0] == "M":
        return _sub(g, "path", d=d, **attrs)
    return _sub(g, "polygon", points=d, **attrs)


# Cards ------------------------------------------------------------------------------------------------------


def _card_label(card: CardLike, face_down: bool, marked: Mark | None, lang: Lang | None) -> tuple[str, str]:
    """The readable name (aria-label, title) and the longer description of a card."""
    if face_down:
        name = t("render.card.face_down", lang)
        return name, name
    name = pick(card.name_zh, card.name_en, lang)
    if marked is None:
        return name, name
    label = t("render.card.marked", lang, name=name, mark=t(f"render.mark.{marked}", lang))
    return label, f"{name}. {t(f'render.mark.{marked}.long', lang)}"


def _card(card: CardLike, *, scale: float, face_down: bool, marked: Mark | None, lang: Lang | None,
          x: float | None = None, y: float | None = None) -> Element:
    """The ``<svg>`` element of one card (nested in a table picture when ``x, y`` are given)."""
    if marked is not None and marked not in _MARK_COLOURS:
        marks = sorted(_MARK_COLOURS)
        raise OptionError("marked", marked, f"没有这种标记，可选：{'、'.join(marks)}",
                          f"no such mark, choose one of {', '.join(marks)}")
    label, desc = _card_label(card, face_down, marked, lang)
    rank = card.rank
    if face_down:  # nothing about the card, not even in a class name
        cls = "gj-card gj-back"
    elif rank.is_joker:
        cls = f"gj-card gj-rank-{rank.notation} gj-joker gj-{'big' if rank.notation == _BIG else 'small'}-joker"
    else:
        cls = f"gj-card gj-rank-{rank.notation} gj-suit-{card.suit.name.lower() if card.suit else 'none'}"
    cls += f" gj-mark-{marked}" if marked else ""
    root = _svg_root(_W, _H, scale, cls, label, desc)
    if x is not None:
        root.set("x", f"{x:g}")
        root.set("y", f"{y:g}")
    if face_down:
        _sub(root, "rect", x=1, y=1, width=58, height=82, rx=5, fill="#24477a", stroke="#0d2447")
        _sub(root, "rect", x=6, y=6, width=48, height=72, rx=3, fill="none", stroke="#ffffff", stroke_width=1.5)
        _shape(root, "M5,0L10,5L5,10L0,5Z", 20, 32, 20, fill="#ffffff", fill_opacity=0.35)
    elif rank.notation == _BIG:
        _draw_joker(root, rank.zh[0], t("render.joker.big", lang), _RED, "#fff4d1", _CROWN, fill=_GOLD, stroke=_RED)
        _sub(root, "rect", x=4, y=4, width=52, height=76, rx=3, fill="none", stroke=_GOLD, stroke_width=1.5)
    elif rank.notation == _SMALL:
        _draw_joker(root, rank.zh[0], t("render.joker.small", lang), _DARK, "#e6e6e6", _STAR, fill="#ffffff",
                    stroke=_DARK, stroke_width=1.4)
    else:
        _draw_plain(root, card)
    if marked:
        colour = _MARK_COLOURS[marked]
        _sub(root, "rect", x=1.5, y=1.5, width=57, height=81, rx=5, fill="none", stroke=colour, stroke_width=3)
        _sub(root, "rect", x=1.5, y=67, width=57, height=15.5, fill=colour, cls="gj-badge")
        _text(root, f"{_MARK_SIGNS[marked]} {t(f'render.mark.{marked}', lang)}", 4, 79, 10.5, max_width=52,
              fill="#ffffff", font_weight="bold")
    return root


def _draw_plain(root: Element, card: CardLike) -> None:
    colour = _RED if card.suit and card.suit.is_red else _DARK
    _sub(root, "rect", x=1, y=1, width=58, height=82, rx=5, fill="#ffffff", stroke="#555555")
    notation = card.rank.notation
    narrow = len(notation) > 1  # "10"
    corner = _sub(root, "g", fill=colour, cls="gj-index")  # the part that shows when cards overlap
    _text(corner, notation, 3 if narrow else 4.5, 17, 13 if narrow else 16, font_weight="bold",
          letter_spacing=-1 if narrow else None)
    _text(root, notation, 30, 50, 24, fill=colour, font_weight="bold", text_anchor="middle")
    if card.suit:
        _shape(corner, _SUIT_PATHS[card.suit.name], 4.5, 21, 10)
        _shape(root, _SUIT_PATHS[card.suit.name], 23, 55, 14, fill=colour)
        _shape(root, _SUIT_PATHS[card.suit.name], 45, 70, 9, fill=colour)


def _draw_joker(root: Element, glyph: str, word: str, colour: str, background: str, shape: str,
                **shape_attrs: object) -> None:
    _sub(root, "rect", x=1, y=1, width=58, height=82, rx=5, fill=background, stroke=colour, stroke_width=1.5)
    _text(root, glyph, 4, 19, 15, fill=colour, font_weight="bold", cls="gj-index")
    _shape(root, shape, 5, 23, 11, **shape_attrs)
    _shape(root, shape, 19, 22, 26, **shape_attrs)
    _text(root, word, 31, 62, 12, max_width=44, fill=colour, font_weight="bold", text_anchor="middle")


def card_svg(card: CardLike, *, scale: float = 1.0, face_down: bool = False, marked: Mark | None = None,
             lang: Lang | None = None) -> SvgImage:
    """One card as SVG: rank in the corner and the centre, the suit's symbol where known; 大花 (gold crown,
    red 大) and 小花 (grey, black star outline, 小) look unmistakably different. ``marked`` adds a text badge
    for the card's role in a play; ``face_down`` shows the back and hides the name.

    >>> from gouji_teach import Card, Rank
    >>> svg = card_svg(Card(Rank.SMALL_JOKER), marked="guahua", lang="en")
    >>> 'aria-label="small joker (attached)"' in svg, "gj-badge" in svg
    (True, True)
    >>> "大花" in card_svg(Card(Rank.BIG_JOKER), face_down=True, lang="zh")
    False
    """
    return SvgImage(str(_card(card, scale=scale, face_down=face_down, marked=marked, lang=lang)))


# Hands and plays --------------------------------------------------------------------------------------------


def _rank_count(rank: RankLike, n: int, lang: Lang | None) -> str:
    """``3张9`` / ``three 9s``."""
    if n == 1:
        return t("render.group.one", lang, rank=pick(rank.zh, rank.en, lang))
    return t("render.group.many", lang, n=n, words=number_en(n), rank=pick(rank.zh, rank.en, lang))


def hand_label(hand: HandLike, lang: Lang | None = None) -> str:
    """What a screen reader says of a hand (the ``aria-label`` of :func:`hand_html`): its cards, counted by rank.

    >>> from gouji_teach import Hand
    >>> hand_label(Hand.parse("9 9 9 D D 3"), lang="en")
    'hand of 6 cards: two big jokers, three 9s, one 3'
    """
    cards = hand.cards
    summary = t("render.sep", lang).join(_rank_count(rank, len(list(cs)), lang)
                                         for rank, cs in groupby(cards, key=lambda c: c.rank))
    return (t("render.hand.label", lang, n=len(cards), cards=counted(len(cards), "card"), groups=summary)
            if cards else t("render.hand.empty", lang))


def hand_html(hand: HandLike, *, scale: float = 1.0, lang: Lang | None = None,
              selectable: bool = False, selected: Collection[int] = ()) -> HtmlFragment:
    """A :class:`~gouji_teach.rules.cards.Hand`, strongest first, grouped by rank: the cards of a rank overlap,
    groups stand apart with their count, and the groups wrap on narrow screens. The ``aria-label`` lists the
    hand.

    ``selectable`` gives every card ``data-index`` (its position, strongest first) for a widget to wire;
    the cards at the ``selected`` positions are raised and carry a "picked" badge.

    >>> from gouji_teach import Hand
    >>> html = hand_html(Hand.parse("9 9 9 D D 3"), lang="en")
    >>> 'aria-label="hand of 6 cards: two big jokers, three 9s, one 3"' in html
    True
    >>> html.count('class="gj-group"')
    3
    """
    cards = hand.cards
    groups = [(rank, list(cs)) for rank, cs in groupby(enumerate(cards), key=lambda ic: ic[1].rank)]
    root = el("div", cls="gj-hand", role="group", aria_label=hand_label(hand, lang),
              style=f"display:flex;flex-wrap:wrap;align-items:flex-end;gap:{6 * scale:g}px {12 * scale:g}px;"
                    f"max-width:100%;padding-top:{10 * scale:g}px;font-family:{_FONT}")
    overlap = 36 * scale
    for rank, indexed in groups:
        group = _sub(root, "div", cls="gj-group", data_rank=rank.notation,
                     style="display:flex;flex-direction:column;align-items:center")
        row = _sub(group, "div", cls="gj-group-cards", style="display:flex")
        for k, (index, card) in enumerate(indexed):
            picked = selectable and index in selected
            picture = _card(card, scale=scale, face_down=False, marked="selected" if picked else None, lang=lang)
            style = f"flex:none;display:block;position:relative;z-index:{k}"  # a raised card stays under the next
            if k:
                style += f";margin-left:-{overlap:g}px"
            if picked:
                style += f";transform:translateY(-{10 * scale:g}px)"
            picture.set("style", style)
            if selectable:
                picture.set("data-index", str(index))
            row.append(picture)
        _sub(group, "span", t("render.group.count", lang, n=len(indexed)), cls="gj-count", aria_hidden="true",
             style=f"font-size:{_px(12 * scale)};color:#444")
    return HtmlFragment(str(root))


def notation_html(cards: Iterable[CardLike], *, scale: float = 1.0, lang: Lang | None = None) -> HtmlFragment:
    """How the course writes cards: each of ``cards`` (one of each rank, say) with what writes it under it (D for
    大花, X for 小花, 10 or T, …: the notation of ``Hand.parse`` and ``Play.parse``).

    >>> from gouji_teach import Hand
    >>> html = notation_html(Hand.parse("D X 2 10 3").cards, lang="en")
    >>> html.count('class="gj-notation-card"'), ">10 / T</code>" in html, ">D</code>" in html
    (5, True, True)
    """
    root = el("div", cls="gj-notation", role="group", aria_label=t("render.notation.label", lang),
              style=f"display:flex;flex-wrap:wrap;gap:{6 * scale:g}px;font-family:{_FONT}")
    for card in cards:
        cell = _sub(root, "div", cls="gj-notation-card", style="display:flex;flex-direction:column;align-items:center")
        picture = _card(card, scale=scale, face_down=False, marked=None, lang=lang)
        picture.set("style", "flex:none;display:block")
        cell.append(picture)
        written = card.rank.notation
        _sub(cell, "code", "10 / T" if written == "10" else written,
             style=f"font-size:{_px(15 * scale)};font-weight:bold;margin-top:2px")
    return HtmlFragment(str(root))


def _play_marks(play: PlayLike) -> list[Mark | None]:
    """挂花 on the jokers of a set that has other cards, 贴钱 on 2s that fill a set of another rank."""
    attached = play.kind.value == "guahua"
    filler = play.twos > 0 and play.rank is not None and play.rank.notation != _TWO
    marks: list[Mark | None] = []
    for card in play.cards:
        if attached and card.rank.is_joker:
            marks.append("guahua")
        elif filler and card.rank.notation == _TWO:
            marks.append("tieqian")
        else:
            marks.append(None)
    return marks


def _play_figure(play: PlayLike, scale: float, lang: Lang | None) -> Element:
    root = el("figure", cls=f"gj-play gj-kind-{play.kind.value}",
              style=f"margin:0;display:inline-block;max-width:100%;font-family:{_FONT}")
    row = _sub(root, "div", cls="gj-play-cards", style=f"display:flex;flex-wrap:wrap;gap:{4 * scale:g}px")
    for card, mark in zip(play.cards, _play_marks(play), strict=True):
        picture = _card(card, scale=scale, face_down=False, marked=mark, lang=lang)
        picture.set("style", "flex:none;display:block")
        row.append(picture)
    caption = _sub(root, "figcaption", t("render.play.counts_as", lang) + " ", cls="gj-caption",
                   style=f"margin-top:{4 * scale:g}px;font-size:{_px(14 * scale)}")
    _sub(caption, "strong", pick(play.text_zh, play.text_en, lang))
    if play.big_jokers == 0 and any(c.rank.notation == _BIG for c in play.cards):
        _sub(caption, "div", t("render.play.downgraded", lang), cls="gj-note",
             style=f"font-size:{_px(12 * scale)};color:#444")
    return root


def play_html(play: PlayLike, *, scale: float = 1.0, lang: Lang | None = None) -> HtmlFragment:
    """The cards of a counted play, its 挂花 jokers and 贴钱 2s marked, with a caption saying what it counts as.

    >>> from gouji_teach import Play
    >>> html = play_html(Play.parse("DD2229999"), lang="zh")
    >>> html.count("gj-mark-guahua"), html.count("gj-mark-tieqian")
    (2, 3)
    >>> "算作 <strong>2个大花带7个9</strong>" in html
    True
    """
    return HtmlFragment(str(_play_figure(play, scale, lang)))


# The table --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """What the table picture shows of one seat (independent of the engine, which builds these).

    ``last_action`` is a text ("过", "2个大花带7个9"), ``finished`` the place text once out ("头科").
    """

    seat: int
    name: str = ""
    cards_left: int = 0
    last_action: str | None = None
    kaidian: bool = False
    finished: str | None = None
    is_revolution: bool = False

    def __post_init__(self) -> None:
        _check_seat("seat", self.seat)
        if self.cards_left < 0:
            raise SetupError(f"剩下的牌数（cards_left）不能是负数：{self.cards_left}",
                             f"cards_left cannot be negative: {self.cards_left}")


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """The table of six seats: ``seats[s]`` is seat ``s``; ``viewer`` (the learner) is drawn at the bottom;
    ``rules`` is a rule-set name (a preset's title is shown) or any text.

    >>> TableView(seats=tuple(SeatView(seat=s, cards_left=36) for s in range(6)), to_act=2).to_act
    2
    """

    seats: tuple[SeatView, ...]
    to_act: int | None = None
    viewer: int | None = None
    current_play: PlayLike | None = None
    rules: str | None = None

    def __post_init__(self) -> None:
        if tuple(s.seat for s in self.seats) != tuple(range(6)):
            raise SetupError("一张牌桌要有座位0到5的六个 SeatView，按顺序",
                             "a table needs six SeatViews for seats 0 to 5, in order")
        for field in ("to_act", "viewer"):
            value = getattr(self, field)
            if value is not None:
                _check_seat(field, value)


def _check_seat(field: str, seat: object) -> None:
    """A :class:`SetupError` naming ``field`` unless ``seat`` is a seat 0-5."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 6:
        raise SetupError(f"{field} 是座位0到5，不能是 {seat!r}", f"{field} must be a seat 0 to 5, not {seat!r}")


def _team(seat: int) -> str:
    """``'a'`` for seats 0, 2, 4 and ``'b'`` for 1, 3, 5."""
    return "a" if seat % 2 == 0 else "b"


def _seat_name(seat: int, lang: Lang | None) -> str:
    return t("render.seat", lang, n=seat)


def _relation(seat: int, viewer: int) -> str:
    return ("self", "xiajia", "mate", "duijia", "mate", "shangjia")[(seat - viewer) % 6]


# The table is portrait, for phones: a column of two seats on each side, one seat at the top and at the bottom.
_TW, _TH = 372, 520  # picture size
_BW, _BH = 116, 88  # seat box
_CX, _CY = _TW / 2, 262  # centre of the table
_LEFT, _RIGHT, _UPPER, _LOWER = 64, _TW - 64, 190, 332  # seat columns and rows at the sides
_RULES_Y = 14  # the rules line, above the top seat's markers
#: Seat centres, counter-clockwise on screen from the bottom: 下家 at the lower right, 上家 at the lower left.
_SLOTS = ((_CX, _TH - 62), (_RIGHT, _LOWER), (_RIGHT, _UPPER), (_CX, 76), (_LEFT, _UPPER), (_LEFT, _LOWER))


def _seat_centre(seat: int, bottom: int) -> tuple[float, float]:
    return _SLOTS[(seat - bottom) % 6]


def _badge(parent: Element, seat: int, x: float, y: float, r: float) -> None:
    """The team badge with the seat number: a circle for team A, a square for team B."""
    colour = _TEAMS[_team(seat)][0]
    if _team(seat) == "a":
        _sub(parent, "circle", cx=float(x), cy=float(y), r=float(r), fill=colour, cls="gj-badge-circle")
    else:
        _sub(parent, "rect", x=float(x - r), y=float(y - r), width=float(2 * r), height=float(2 * r), fill=colour,
             cls="gj-badge-square")
    _text(parent, str(seat), x, y + r * 0.45, r * 1.45, fill="#ffffff", font_weight="bold", text_anchor="middle")


def _pill_width(text: str) -> float:
    return _width_estimate(text, 13) + 10


def _pill(parent: Element, text: str, x_right: float, y: float, colour: str, cls: str) -> float:
    """A marker with text, right-aligned at ``x_right``; returns its left edge."""
    width = _pill_width(text)
    g = _sub(parent, "g", cls=cls)
    _sub(g, "rect", x=float(x_right - width), y=float(y - 9), width=float(width), height=18, rx=9, fill=colour,
         stroke="#ffffff", stroke_width=1)
    _text(g, text, x_right - width / 2, y + 4.5, 13, fill="#ffffff", font_weight="bold", text_anchor="middle")
    return x_right - width


def _seat(root: Element, view: SeatView, table: TableView, bottom: int, lang: Lang | None) -> None:
    s = view.seat
    team = _team(s)
    colour, fill, radius = _TEAMS[team]
    cx, cy = _seat_centre(s, bottom)
    x0, y0 = cx - _BW / 2, cy - _BH / 2
    acting = table.to_act == s
    g = _sub(root, "g", cls=f"gj-seat gj-team-{team}" + (" gj-to-act" if acting else ""), data_seat=s)
    if acting:
        _sub(g, "rect", x=float(x0 - 5), y=float(y0 - 5), width=_BW + 10, height=_BH + 10, rx=radius + 4,
             fill="none", stroke=_DARK, stroke_width=3, stroke_dasharray="8 3", cls="gj-turn-ring")
    _sub(g, "rect", x=float(x0), y=float(y0), width=_BW, height=_BH, rx=radius, fill=fill, stroke=colour,
         stroke_width=2 if acting else 1.5)
    _badge(g, s, x0 + 13, y0 + 14, 9)
    _text(g, view.name or _seat_name(s, lang), x0 + 27, y0 + 19, 13, max_width=_BW - 31, font_weight="bold",
          fill=_DARK, cls="gj-name")
    team_text = t(f"render.team.{team}", lang)
    if table.viewer is not None:
        team_text += " · " + t(f"render.rel.{_relation(s, table.viewer)}", lang)
    _text(g, team_text, x0 + 6, y0 + 36, 13, max_width=_BW - 12, fill=colour, font_weight="bold", cls="gj-team")
    _text(g, t("render.seat.duijia", lang, n=(s + 3) % 6), x0 + 6, y0 + 51, 13, max_width=_BW - 12,
          fill="#333333", cls="gj-duijia")
    _sub(g, "rect", x=float(x0 + 6), y=float(y0 + 56), width=8, height=11, rx=1.5, fill="#24477a")
    _text(g, t("render.seat.cards_left", lang, n=view.cards_left), x0 + 18, y0 + 66, 13, max_width=_BW - 24,
          fill="#333333", cls="gj-cards-left")
    if view.last_action:
        _text(g, "“" + view.last_action + "”", x0 + 6, y0 + 80, 13, max_width=_BW - 12, fill=_DARK,
              font_style="italic", cls="gj-last-action")
    if acting:  # below the box
        _pill(g, "▶ " + t("render.seat.to_act", lang), x0 + _BW - 4, y0 + _BH + 4, _DARK, "gj-marker gj-to-act-marker")
    # The other markers above the box, right to left: each a pill with text.
    markers = []
    if view.finished:
        markers.append((view.finished, "#2e7d32", "gj-finished"))
    if view.kaidian:
        markers.append((t("render.seat.kaidian", lang), "#c62828", "gj-kaidian"))
    if view.is_revolution:
        markers.append((t("render.seat.revolution", lang), "#6a1b9a", "gj-revolution"))
    gap = 3
    row = sum(_pill_width(text) + gap for text, _, _ in markers) - gap
    right = min(max(x0 + _BW - 4, row + 2), _TW - 2)  # the row kept inside the picture (seats at the left edge)
    for text, pill_colour, cls in markers:
        right = _pill(g, text, right, y0, pill_colour, f"gj-marker {cls}") - gap


def _table_desc(table: TableView, lang: Lang | None) -> str:
    sep = t("render.sep", lang)
    parts = []
    if table.rules:
        parts.append(_rules_text(table.rules, lang))
    if table.viewer is not None:
        parts.append(t("render.table.viewer", lang, seat=_seat_name(table.viewer, lang)))
    parts.append(t("render.table.order", lang))
    for view in table.seats:
        s = view.seat
        bits = [t("render.table.desc_seat", lang, seat=_seat_name(s, lang),
                  name=f" {view.name}" if view.name else "", team=t(f"render.team.{_team(s)}", lang),
                  duijia=t("render.seat.duijia", lang, n=(s + 3) % 6),
                  n=view.cards_left)]
        if view.last_action:
            bits.append(t("render.table.desc_last", lang, text=view.last_action))
        bits += [t(key, lang) for on, key in ((view.kaidian, "render.seat.kaidian"),
                                              (view.is_revolution, "render.seat.revolution")) if on]
        if view.finished:
            bits.append(view.finished)
        parts.append(sep.join(bits))
    if table.current_play is not None:
        parts.append(t("render.table.on_table", lang, text=pick(table.current_play.text_zh,
                                                                  table.current_play.text_en, lang)))
    if table.to_act is not None:
        parts.append(t("render.table.desc_to_act", lang, seat=_seat_name(table.to_act, lang)))
    stop = t("render.stop", lang)
    return "".join(part + stop for part in parts).strip()


def _rules_text(rules: str, lang: Lang | None) -> str:
    try:
        known = find_ruleset(rules)  # a family, or a house rule set made known by its name
    except GoujiError:
        return t("render.table.rules", lang, name=rules)
    return t("render.table.rules", lang, name=pick(known.title_zh, known.title_en, lang))


def table_svg(view: TableView, *, lang: Lang | None = None, scale: float = 1.0) -> SvgImage:
    """The table of six seats in counter-clockwise play order, the ``viewer`` at the bottom (seat 0 when
    there is none). Teams {0, 2, 4} and {1, 3, 5} differ in colour, badge shape (circle, square), box corners
    and a team label; each seat names its 对家 (opposite pairs are also joined by dashed lines) and, with a
    viewer, its relation to the viewer (下家, 上家, 对家, 队友). The seat to act has a ring and a "to act"
    marker; 开点, 革命 and finished places are text markers; the current play lies in the middle. The
    picture scales to the width of a phone; ``<desc>`` says it all in words.

    >>> seats = tuple(SeatView(seat=s, cards_left=36 - s) for s in range(6))
    >>> svg = table_svg(TableView(seats=seats, to_act=1, viewer=0), lang="en")
    >>> svg.count('class="gj-seat'), "seat 1 to act" in svg
    (6, True)
    """
    bottom = view.viewer if view.viewer is not None else 0
    desc = _table_desc(view, lang)
    root = _svg_root(_TW, _TH, scale, "gj-table", t("render.table.label", lang), desc)
    root.set("style", f"width:100%;max-width:{1.45 * _TW * scale:g}px;height:auto")
    _sub(root, "rect", x=_CX - 62, y=124, width=124, height=288, rx=40, fill="#2e6b3f", fill_opacity=0.15,
         stroke="#2e6b3f", stroke_opacity=0.5, cls="gj-felt")
    for s in range(3):
        (x1, y1), (x2, y2) = _seat_centre(s, bottom), _seat_centre(s + 3, bottom)
        _sub(root, "line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke="#777777",
             stroke_dasharray="2 5", stroke_width=1.2, cls="gj-duijia-line")
    if view.rules:
        _text(root, _rules_text(view.rules, lang), 6, _RULES_Y, 13, max_width=_TW - 12, fill="#333333", cls="gj-rules")
    _draw_current_play(root, view.current_play, lang)
    for seat in view.seats:
        _seat(root, seat, view, bottom, lang)
    return SvgImage(str(root))


def _draw_current_play(root: Element, play: PlayLike | None, lang: Lang | None) -> None:
    """The play on the table, in rows of up to five overlapping cards, with what it counts as."""
    g = _sub(root, "g", cls="gj-current-play")
    width = _RIGHT - _LEFT - _BW - 16  # between the side columns
    if play is None:
        _text(g, t("render.table.empty", lang), _CX, _CY + 4, 13, max_width=width, fill="#555555",
              text_anchor="middle")
        return
    scale, per_row = 0.6, 5
    card_w, card_h = _W * scale, _H * scale
    rows = -(-play.size // per_row)
    per_row = -(-play.size // rows)  # balanced rows
    step = min(card_w + 2, (width - card_w) / max(per_row - 1, 1))
    top = _CY - (rows * (card_h + 4) + 14) / 2
    marks = _play_marks(play)
    for i, card in enumerate(play.cards):
        row, col = divmod(i, per_row)
        in_row = min(per_row, play.size - row * per_row)
        left = _CX - (card_w + step * (in_row - 1)) / 2
        g.append(_card(card, scale=scale, face_down=False, marked=marks[i], lang=lang, x=left + col * step,
                       y=top + row * (card_h + 4)))
    _text(g, pick(play.text_zh, play.text_en, lang), _CX, top + rows * (card_h + 4) + 12, 13, max_width=width,
          fill=_DARK, font_weight="bold", text_anchor="middle")


# A round ----------------------------------------------------------------------------------------------------

# The words of a pass and of 让牌 (the engine's action verbs), shown in the chosen language.
_PASS_WORDS = dict.fromkeys(("pass", "passes", "过", "过牌", "不要"), "render.round.pass") | dict.fromkeys(
    ("yield", "yields", "让", "让牌"), "render.round.yield")


def _seat_chip(seat: int, lang: Lang | None) -> Element:
    colour = _TEAMS[_team(seat)][0]
    chip = el("span", cls=f"gj-seat-chip gj-team-{_team(seat)}",
              style=f"display:inline-flex;align-items:center;gap:4px;min-width:96px;font-size:13px;"
                    f"color:{colour};font-weight:bold")
    shape = "50%" if _team(seat) == "a" else "0"
    _sub(chip, "span", str(seat), cls="gj-badge", aria_hidden="true",
         style=f"display:inline-block;width:18px;height:18px;border-radius:{shape};background:{colour};"
               "color:#fff;text-align:center;line-height:18px;font-size:11px")
    _sub(chip, "span", f"{_seat_name(seat, lang)} · {t(f'render.team.{_team(seat)}', lang)}")
    return chip


def round_html(plays: Sequence[tuple[int, PlayLike | str]], *, lang: Lang | None = None,
               scale: float = 0.6) -> HtmlFragment:
    """A round in progress: each ``(seat, action)`` in order, the action a :class:`Play` (its cards, marks and
    caption) or a text; "pass"/"过" and "让牌" are shown in the chosen language, other texts as given.

    >>> from gouji_teach import Play
    >>> html = round_html([(0, Play.parse("999")), (1, "pass"), (2, "让牌")], lang="en")
    >>> html.count("<li"), "seat 1" in html, ">pass<" in html
    (3, True, True)
    """
    root = el("ol", cls="gj-round", aria_label=t("render.round.label", lang),
              style=f"list-style:none;margin:0;padding:0;display:flex;flex-direction:column;"
                    f"gap:8px;font-family:{_FONT}")
    for seat, action in plays:
        _check_seat("seat", seat)
        item = _sub(root, "li", cls="gj-turn-entry", style="display:flex;flex-wrap:wrap;align-items:center;gap:8px")
        item.append(_seat_chip(seat, lang))
        if isinstance(action, str):
            key = _PASS_WORDS.get(action.strip().lower())
            _sub(item, "span", t(key, lang) if key else action, cls="gj-pass", style="font-style:italic;color:#444")
        else:
            item.append(_play_figure(action, scale, lang))
    return HtmlFragment(str(root))


# -- tribute (a row a payment) and finishes (the six seats in a ring) ------------------------------------------

_RW = _RH = 180  # a ring picture: small enough for two side by side on a 390 px phone
_RING = 62  # radius of the ring of seats
_SEAT_R = 12  # half the side of a seat's badge
_LABEL = 12.5  # font size of an arrow's label: at least 11 px down to 88% of the picture's full 180 px (a 360 px phone)
_ROW = 26  # a tribute picture's row: one payment
_KIND_COLOURS = {TributeKind.DIAN: "#1f5fbf", TributeKind.LUO: "#5d4037", TributeKind.MEN: "#6a1b9a",
                 TributeKind.SHAO: "#c8102e", TributeKind.ZHASHAO: "#c8102e", TributeKind.QUAN: "#2e7d32"}
_NTH_EN = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _marker(kind: TributeKind) -> int:
    """The arrowhead (one per colour, the same ids in every picture) of a kind of tribute."""
    return list(_KIND_COLOURS).index(kind)


def _ring_centre(seat: int) -> tuple[float, float]:
    """Seat ``seat`` on the ring: seat 0 at the bottom, then counter-clockwise on screen, as on the table."""
    angle = math.radians(90 - 60 * seat)
    return _RW / 2 + _RING * math.cos(angle), _RH / 2 + _RING * math.sin(angle)


def _ring_seats(root: Element, r: float = _SEAT_R) -> None:
    for seat in range(6):
        _badge(root, seat, *_ring_centre(seat), r)


def tribute_svg(transfers: Iterable[tuple[TributeKind | str, int, int, int]], *, lang: Lang | None = None,
                label: str | None = None, scale: float = 1.0) -> SvgImage:
    """Tribute as a picture: a row for each ``(kind, payer, receiver, cards)`` (``kind`` a
    :class:`~gouji_teach.rules.rulesets.TributeKind`, its id or its Chinese name), the payer's team badge on the
    left, an arrow to the receiver's on the right, labelled in the middle with the kind and the number of cards
    (colour is not the only signal). Rows are ordered by payer, then receiver: no arrow crosses another and every
    label sits on its own arrow. ``label`` names the picture for screen readers (default: the arrows in words).
    180 wide: two fit side by side on a phone, labels in 11 px type.

    >>> svg = tribute_svg([("落贡", 5, 0, 2), ("点贡", 4, 1, 1)], lang="en")
    >>> svg.count('class="gj-arrow"'), svg.count('class="gj-arrow-label"'), "seat 5 → seat 0: 2 × 落贡" in svg
    (2, 2, True)
    """
    arrows = sorted(((TributeKind(k), p, r, n) for k, p, r, n in transfers), key=lambda x: (x[1], x[2], x[0].zh))
    words = [t("render.tribute.arrow", lang, payer=p, receiver=r, kind=pick(k.zh, k.en, lang), n=n)
             for k, p, r, n in arrows]
    desc = t("render.sep", lang).join(words) or t("render.tribute.none", lang)
    height = _ROW * max(len(arrows), 1) + 8
    root = _svg_root(_RW, height, scale, "gj-tribute", label or desc, desc)
    root.set("style", f"width:100%;max-width:{_RW * scale:g}px;height:auto")
    defs = _sub(root, "defs")
    for i, colour in enumerate(_KIND_COLOURS.values()):
        marker = _sub(defs, "marker", id=f"gj-head-{i}", viewBox="0 0 10 10", refX=9, refY=5,
                      markerWidth=5, markerHeight=5, orient="auto-start-reverse")
        _sub(marker, "path", d="M0,0L10,5L0,10Z", fill=colour)
    left, right = _SEAT_R + 3, _RW - _SEAT_R - 3  # the badges' centres
    for row, ((kind, payer, receiver, n), word) in enumerate(zip(arrows, words, strict=True)):
        y = 4 + _ROW * row + _ROW / 2
        _badge(root, payer, left, y, _SEAT_R - 2)
        _badge(root, receiver, right, y, _SEAT_R - 2)
        colour, x0, x1 = _KIND_COLOURS[kind], left + _SEAT_R, right - _SEAT_R
        g = _sub(root, "g", cls="gj-arrow")
        _sub(g, "title", word)
        _sub(g, "path", d=f"M{x0:.1f},{y:.1f}Q{(x0 + x1) / 2:.1f},{y:.1f} {x1:.1f},{y:.1f}", fill="none",
             stroke=colour, stroke_width=1.8, marker_end=f"url(#gj-head-{_marker(kind)})")
        tag = f"{kind.zh} ×{n}"  # 点贡 ×1, 落贡 ×2 …
        width = _width_estimate(tag, _LABEL) + 8
        g = _sub(root, "g", cls="gj-arrow-label")  # over its arrow: no line runs through a label
        _sub(g, "title", word)
        _sub(g, "rect", x=round(_RW / 2 - width / 2, 1), y=round(y - _LABEL / 2 - 3, 1), width=round(width, 1),
             height=_LABEL + 6, rx=3, fill="#ffffff", stroke=colour, stroke_width=0.8)
        _text(g, tag, _RW / 2, round(y + _LABEL * 0.38, 1), _LABEL, fill=colour, font_weight="bold",
              text_anchor="middle")
    if not arrows:
        _text(root, t("render.tribute.none", lang), _RW / 2, height / 2 + 4, 12, fill="#333333", text_anchor="middle")
    return SvgImage(str(root))


def finish_svg(order: Sequence[int], *, men: Iterable[tuple[int, int]] = (), failed: Iterable[int] = (),
               revolution: Iterable[int] = (), kaidian: Iterable[int] = (), burns: Iterable[tuple[int, int]] = (),
               asked: int | None = None, lang: Lang | None = None, scale: float = 1.0) -> SvgImage:
    """How a hand ended, as a picture: the six seats in a ring, each with the order in which it went out
    (``order``: the seats that went out, first first) or what kept it from going out (闷ed by whom, a failed
    burn, 革命), 开点 seats marked, burns as dashed arrows, and the ``asked`` seat ringed. It shows what
    happened, not the places (which a places question asks).

    >>> svg = finish_svg((1, 0, 3, 4), men=[(2, 3)], kaidian=[1], asked=2, lang="en")
    >>> "out 1st" in svg, "闷ed" in svg, 'class="gj-asked' in svg
    (True, True, True)
    """
    men_by: dict[int, int] = dict(men)
    failed, revolution, kaidian = set(failed), set(revolution), set(kaidian)
    notes = {}
    for seat in range(6):
        if seat in men_by:
            notes[seat] = t("render.finish.men", lang)
        elif seat in failed:
            notes[seat] = t("render.finish.failed", lang)
        elif seat in revolution:
            notes[seat] = t("render.finish.revolt", lang)
        if seat in order and seat not in men_by and seat not in failed:  # a seat can revolt and still go out
            nth = t("render.finish.out", lang, n=order.index(seat) + 1, nth=_NTH_EN[order.index(seat)])
            notes[seat] = f"{notes[seat]} · {nth}" if seat in notes else nth
    words = [f"{t('render.seat', lang, n=s)}: {notes.get(s, '')}" for s in range(6)]
    words += [t("render.finish.burn", lang, burner=b, victim=v) for b, v in burns]
    words += [f"{t('render.seat', lang, n=s)}: {t('render.finish.kaidian', lang)}" for s in sorted(kaidian)]
    root = _svg_root(_RW * 1.9, _RH * 1.3, scale, "gj-finish", t("render.finish.label", lang),
                     t("render.sep", lang).join(words))
    root.set("style", f"width:100%;max-width:{_RW * 1.9 * scale:g}px;height:auto")
    g = _sub(root, "g", transform=f"translate({_RW * 0.45:g},{_RH * 0.15:g})")
    for burner, victim in burns:
        (x1, y1), (x2, y2) = _ring_centre(burner), _ring_centre(victim)
        _sub(g, "line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=_RED, stroke_width=1.5,
             stroke_dasharray="4 3", cls="gj-burn")
    for seat in range(6):
        x, y = _ring_centre(seat)
        if seat == asked:
            _sub(g, "circle", cx=float(x), cy=float(y), r=17, fill="none", stroke=_DARK, stroke_width=2.5,
                 stroke_dasharray="5 2", cls="gj-asked")
        _badge(g, seat, x, y, 12)
        note = notes.get(seat, "")
        right = x >= _RW / 2 + 1
        _text(g, note, x + (18 if right else -18), y + 4, 13, max_width=_RW * 0.45 - 4, fill=_DARK,
              font_weight="bold", text_anchor="start" if right else "end", cls="gj-finish-note")
        if seat in kaidian:
            _pill(g, t("render.finish.kaidian", lang), x + 20, y - 21, "#c62828", "gj-kaidian")
    return SvgImage(str(root))
