"""Cards, ranks, the notation, hands and decks.

Notation (a public contract, see ``shared/notes/rules.md``): ranks ``3 4 5 6 7 8 9 10 J Q K A 2`` (``T`` is
``10``, letters in any case), ``X`` for 小花 (the small joker) and ``D`` for 大花 (the big joker), with the
Chinese aliases 小/小花/小王 and 大/大花/大王. A suit symbol (♠ ♥ ♣ ♦) may follow a rank; suits never matter in
play. Spaces and commas between cards are optional.

>>> parse_cards("DD 2 t9")
(D, D, 2, 10, 9)
>>> parse_cards("大花小王Q♠")
(D, X, Q♠)
>>> Hand.parse("9 9 D 3 10 10 2")
Hand('D 2 10 10 9 9 3')
>>> parse_cards("9 1 9")
Traceback (most recent call last):
...
gouji_teach.rules.errors.NotationError: 第3个字符处的“1”不是牌：... / bad card '1' at position 3 of '9 1 9': ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import ArgumentTypeError, CardError, DeckLimitError, NotationError
from .verdicts import cite, cite_source

if TYPE_CHECKING:
    from .rulesets import Ruleset

__all__ = [
    "CARD_RANKS",
    "Card",
    "Hand",
    "Rank",
    "Suit",
    "build_deck",
    "check_deck",
    "deck_limits",
    "format_cards",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks; the value is the strength (大花 > 小花 > 2 > A > ... > 3)."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    SMALL_JOKER = 16
    BIG_JOKER = 17

    @property
    def notation(self) -> str:
        """The rank as written in the notation: ``'10'``, ``'J'``, ``'2'``, ``'X'``, ``'D'``."""
        return _NOTATION[self]

    @property
    def zh(self) -> str:
        """The rank as players say it in Chinese: ``'10'``, ``'J'``, ``'2'``, ``'小花'``, ``'大花'``."""
        return {Rank.SMALL_JOKER: "小花", Rank.BIG_JOKER: "大花"}.get(self, _NOTATION[self])

    @property
    def en(self) -> str:
        """The rank in English: ``'10'``, ``'J'``, ``'small joker'``, ``'big joker'``."""
        return {Rank.SMALL_JOKER: "small joker", Rank.BIG_JOKER: "big joker"}.get(self, _NOTATION[self])

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_NOTATION = {r: (str(r.value) if r.value <= 10 else "JQKA2XD"[r.value - 11]) for r in Rank}

#: Ranks that can be the base of a set (3 to A): not 2s, not jokers.
BASE_RANKS = tuple(r for r in Rank if r < Rank.TWO)
#: All ranks, weakest first.
CARD_RANKS = tuple(Rank)


class Suit(Enum):
    """Suits (they matter for 上班 and for drawing, never for comparing plays)."""

    SPADES = "♠"
    HEARTS = "♥"
    CLUBS = "♣"
    DIAMONDS = "♦"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card: a rank and, optionally, a suit (jokers have none).

    >>> Card(Rank.TEN, Suit.HEARTS)
    10♥
    >>> Card.parse("q♠") == Card(Rank.QUEEN, Suit.SPADES)
    True
    """

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.suit is not None and self.rank.is_joker:
            raise CardError(f"王没有花色：{self.rank.notation}{self.suit.value}",
                            f"a joker has no suit: {self.rank.notation}{self.suit.value}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """One card from its notation."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise NotationError(text, text, 0, "这里只能写一张牌", "exactly one card expected")
        return cards[0]

    @property
    def notation(self) -> str:
        return self.rank.notation + (self.suit.value if self.suit else "")

    @property
    def name_zh(self) -> str:
        """A readable name, e.g. for screen readers: ``'红桃10'``, ``'大花'``."""
        suit = {"♠": "黑桃", "♥": "红桃", "♣": "梅花", "♦": "方块"}.get(self.suit.value, "") if self.suit else ""
        return suit + self.rank.zh

    @property
    def name_en(self) -> str:
        """A readable name: ``'10 of hearts'``, ``'big joker'``."""
        return self.rank.en + (f" of {self.suit.name.lower()}" if self.suit else "")

    def __repr__(self) -> str:
        return self.notation

    def _repr_html_(self) -> str:
        from ..show.pictures import card_svg  # lazily: a picture is drawn only when one is shown

        return card_svg(self)


#: One shared suitless card per rank (cards are values; sharing saves time and memory).
_PLAIN = {r: Card(r) for r in Rank}
_SUITED = {(r, s): Card(r, s) for r in Rank if not r.is_joker for s in Suit}

_SINGLE: dict[str, Rank] = {str(v): Rank(v) for v in range(3, 10)}
_SINGLE.update({"2": Rank.TWO, "T": Rank.TEN, "t": Rank.TEN})
for _ch, _rank in (("J", Rank.JACK), ("Q", Rank.QUEEN), ("K", Rank.KING), ("A", Rank.ACE),
                   ("X", Rank.SMALL_JOKER), ("D", Rank.BIG_JOKER)):
    _SINGLE[_ch] = _SINGLE[_ch.lower()] = _rank
_SUITS = {s.value: s for s in Suit} | {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS}
_CHINESE_JOKERS = {"小": Rank.SMALL_JOKER, "大": Rank.BIG_JOKER}
_SEPARATORS = frozenset(" ,，、;\t\n")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse card notation into cards, in the order written. Raises :class:`NotationError` on any bad token."""
    if not isinstance(text, str):
        raise ArgumentTypeError("牌的写法", "card notation", text)
    out: list[Card] = []
    i, n = 0, len(text)
    single, plain = _SINGLE, _PLAIN
    while i < n:
        ch = text[i]
        rank = single.get(ch)
        start = i
        if rank is not None:
            i += 1
        elif ch == "1":
            if i + 1 < n and text[i + 1] == "0":
                rank = Rank.TEN
                i += 2
            else:
                raise NotationError(text, "1", i, "“1”后面要跟“0”（10）", "'1' must be followed by '0' (10)")
        elif ch in _CHINESE_JOKERS:
            rank = _CHINESE_JOKERS[ch]
            i += 1
            if i < n and text[i] in "花王":
                i += 1
        elif ch in _SEPARATORS:
            i += 1
            continue
        elif ch in _SUITS:
            raise NotationError(text, ch, i, "花色要写在点数后面", "a suit must follow a rank")
        else:
            raise NotationError(text, ch, i, *_hint(ch))
        if i < n and text[i] in _SUITS:
            if rank.is_joker:
                raise NotationError(text, text[start : i + 1], start, "大小花没有花色", "jokers have no suit")
            out.append(_SUITED[rank, _SUITS[text[i]]])
            i += 1
        else:
            out.append(plain[rank])
    if not out:
        raise NotationError(text, text, 0, "没有写牌", "no cards given")
    return tuple(out)


_USE = ("可用：3-10 J Q K A 2 X(小花) D(大花)", "use 3-10 J Q K A 2, X (small joker), D (big joker)")
#: Words of the seeds that are not notation, and what to write instead.
_SEED_WORDS = {
    "钱": ("“钱”就是2，请写2", "钱 is the 2: write 2"),
    "王": ("请写大王或小王（D或X）", "write 大王 or 小王 (D or X)"),
    "花": ("请写大花或小花（D或X）", "write 大花 or 小花 (D or X)"),
}


def _hint(ch: str) -> tuple[str, str]:
    """What to write instead of ``ch``, which is not notation (zh, en)."""
    if ch in _SEED_WORDS:
        zh, en = _SEED_WORDS[ch]
        return f"{zh}；{_USE[0]}", f"{en}; {_USE[1]}"
    import unicodedata  # only for the hint on a bad character: not at import

    half = unicodedata.normalize("NFKC", ch)
    if half != ch and (half in _SINGLE or half in "10"):
        return f"这是全角字符，请写半角的“{half}”", f"a full-width character: write {half!r}"
    return _USE


def format_cards(cards: Iterable[Card], *, sep: str = "") -> str:
    """Cards in notation, strongest first (``sep`` between cards; the default writes them together).

    >>> format_cards(parse_cards("9 D 2 X 9"))
    'DX299'
    >>> format_cards(parse_cards("2TTT"))                 # 10s stand apart so that they stay readable
    '2 10 10 10'
    >>> format_cards(parse_cards("9♥ 10♠ J"))
    'J 10♠ 9♥'
    """
    notes = [c.notation for c in sorted(cards, key=_strength_key)]
    if sep:
        return sep.join(notes)
    # a 10 (with its suit, if any) stands apart: the space must not split "10♠" into "10" and "♠"
    return " ".join("".join(f" {n} " if n[0] == "1" else n for n in notes).split())


def _strength_key(card: Card) -> tuple[int, int]:
    return (-card.rank, _SUIT_ORDER[card.suit])


_SUIT_ORDER = {None: 4, Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


class Hand:
    """A hand: a multiset of cards (several packs make identical cards normal). Immutable.

    >>> h = Hand.parse("DX22 AAA 999 3")
    >>> len(h), h.count(Rank.NINE), h.count(Rank.TWO)
    (11, 3, 2)
    >>> h - parse_cards("D 99")
    Hand('X 2 2 A A A 9 3')
    """

    __slots__ = ("_cards", "_counts")

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self._cards = tuple(sorted(cards, key=_strength_key))
        counts = [0] * 18
        for c in self._cards:
            counts[c.rank] += 1
        self._counts = tuple(counts)

    @classmethod
    def parse(cls, text: str) -> Hand:
        return cls(parse_cards(text))

    @classmethod
    def from_counts(cls, counts: Mapping[Rank, int]) -> Hand:
        """A suitless hand from a count per rank."""
        return cls(_PLAIN[r] for r, k in counts.items() for _ in range(k))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, strongest first."""
        return self._cards

    @property
    def counts(self) -> tuple[int, ...]:
        """Count per rank, indexed by rank value (``counts[Rank.NINE]``); indices 0-2 are unused zeros."""
        return self._counts

    def count(self, rank: Rank) -> int:
        return self._counts[rank]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def contains(self, cards: Iterable[Card]) -> bool:
        """Whether the hand holds all these cards (a suitless card matches any suit of its rank)."""
        try:
            self - cards
        except ValueError:
            return False
        return True

    def __sub__(self, cards: Iterable[Card]) -> Hand:
        """The hand without ``cards``; a suitless card takes any copy of its rank. Raises ``ValueError``."""
        left, counts = list(self._cards), list(self._counts)
        wanted = sorted(cards, key=lambda c: c.suit is None)  # exact suits first, then any copy
        for card in wanted:
            if card.suit is not None and card in left:
                left.remove(card)
            else:
                for j in range(len(left) - 1, -1, -1):
                    if left[j].rank == card.rank and (card.suit is None or left[j].suit == card.suit):
                        del left[j]
                        break
                else:
                    raise CardError(f"手里没有{card.notation}", f"the hand has no {card.notation} left to take")
            counts[card.rank] -= 1
        new = object.__new__(Hand)  # what is left of a sorted hand stays sorted: no sort, no count again
        new._cards, new._counts = tuple(left), tuple(counts)
        return new

    def __repr__(self) -> str:
        return f"Hand({format_cards(self._cards, sep=' ')!r})"

    def _repr_html_(self) -> str:
        from ..show.pictures import hand_html  # lazily: a picture is drawn only when one is shown

        return hand_html(self)


def build_deck(packs: int = 4, *, suits: bool = True, keep: Mapping[Rank, int] | None = None) -> list[Card]:
    """All cards of ``packs`` packs (54 cards each: 52 and two jokers), strongest first.

    ``suits=False`` gives suitless cards. ``keep`` limits some ranks, e.g. ``{Rank.THREE: 6}`` for the 枣庄
    deck that keeps only six 3s (``003`` §五).

    >>> len(build_deck(4)), len(build_deck(6, keep={Rank.THREE: 6}))
    (216, 306)
    """
    if packs < 1:
        raise CardError(f"一副牌都没有：packs={packs}", f"a deck needs at least one pack, not {packs}")
    cards: list[Card] = []
    for rank in reversed(CARD_RANKS):
        if rank.is_joker or not suits:
            copies = [_PLAIN[rank]] * (packs if rank.is_joker else 4 * packs)
        else:
            copies = [_SUITED[rank, s] for _ in range(packs) for s in Suit]
        limit = (keep or {}).get(rank)
        cards.extend(copies[:limit] if limit is not None else copies)
    return cards


@lru_cache(maxsize=16)
def deck_limits(packs: int, keep_threes: int = 0) -> tuple[int, ...]:
    """How many cards of each rank a deck of ``packs`` packs holds, indexed by rank value (as
    :attr:`Hand.counts`); ``keep_threes`` limits the 3s (0: all of them), as :func:`build_deck` does.

    >>> limits = deck_limits(4)
    >>> limits[Rank.BIG_JOKER], limits[Rank.NINE], deck_limits(6, 6)[Rank.THREE]
    (4, 16, 6)
    """
    limits = [0] * 18
    for rank in Rank:
        limits[rank] = packs if rank.is_joker else 4 * packs
    if keep_threes:
        limits[Rank.THREE] = min(keep_threes, limits[Rank.THREE])
    return tuple(limits)


def check_deck(cards: Hand | Iterable[Card], rules: Ruleset, what: str = "") -> None:
    """Raise :class:`~gouji_teach.rules.errors.DeckLimitError` if ``cards`` hold more copies of a card than the
    packs of ``rules`` hold: of a rank, or of one suit of a rank (each pack has one). ``what`` (``'hand'``,
    ``'hands'`` or ``''`` for a play) only words the message.

    >>> from gouji_teach.rules.rulesets import QINGDAO
    >>> check_deck(parse_cards("DDDD 2222"), QINGDAO)
    >>> check_deck(parse_cards("DDDDDDD"), QINGDAO)
    Traceback (most recent call last):
    ...
    gouji_teach.rules.errors.DeckLimitError: 有7张大花，可是4副牌只有4张【deck.limit, 002 §1 基本规则】 / ...
    """
    if isinstance(cards, Hand):
        counts: Sequence[int] = cards.counts
    else:
        cards = tuple(cards)
        counts = [0] * 18
        for c in cards:
            counts[c.rank] += 1
    limits = deck_limits(rules.packs, rules.keep_threes)
    for rank, n in enumerate(counts):
        if n > limits[rank]:
            r = Rank(rank)
            kept = None
            if r == Rank.THREE and limits[rank] < 4 * rules.packs:  # the deck keeps fewer 3s (003 §五)
                kept = (cite_source(rules.source("keep_threes"), "zh"), cite_source(rules.source("keep_threes")))
            raise DeckLimitError(r.notation, r.zh, r.en, n, limits[rank], rules.packs, what, kept=kept,
                                 cited=_deck_citation(rules))
    if any(n > rules.packs for n in counts):  # only a rank with more cards than packs can hold a suit too often
        per_suit: dict[Card, int] = {}
        for c in cards:
            if c.suit is not None and counts[c.rank] > rules.packs:
                per_suit[c] = per_suit.get(c, 0) + 1
        for c, n in per_suit.items():
            if n > rules.packs:
                raise DeckLimitError(c.notation, c.name_zh, c.name_en, n, rules.packs, rules.packs, what,
                                     cited=_deck_citation(rules))


def _deck_citation(rules: Ruleset) -> tuple[str, str]:
    """Where the rule set takes its deck from (the ``deck.limit`` rule), in Chinese and English."""
    return cite("deck.limit", rules, "zh"), cite("deck.limit", rules)


def shuffled_deck(
    packs: int = 4, *, seed: int, suits: bool = True, keep: Mapping[Rank, int] | None = None
) -> list[Card]:
    """A deck shuffled reproducibly from ``seed``."""
    deck = build_deck(packs, suits=suits, keep=keep)
    random.Random(seed).shuffle(deck)
    return deck
