"""Plays and how they are counted (算作).

A play is one card, or two or more cards whose non-joker, non-2 cards all share one rank (the *base*).
2s with a base are fillers (贴钱) that count as the base rank; 2s without a base are the set itself.
Jokers attached to a set are 挂花; where the rule set says so, a play mixing 大花 and 小花 counts all its
jokers as 小花.

>>> p = Play.parse("DD2229999")
>>> p.kind, p.rank, p.count, p.big_jokers
(<PlayKind.GUAHUA: 'guahua'>, Rank.NINE, 7, 2)
>>> p.text_zh, p.text_en
('2个大花带7个9', '2 big jokers with seven 9s')
>>> Play.parse("DX225555").text_zh                    # qingdao: a mixed play counts its 大花 as 小花
'2个小花带6个5'
>>> Play.parse("22333", "tongsu")
Traceback (most recent call last):
...
gouji_teach.rules.errors.IllegalPlayError: 山东够级通俗规则不许贴钱：... / ... forbid 贴钱: ...
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from operator import attrgetter

from .cards import Card, Rank, _strength_key, check_deck, deck_limits, format_cards, parse_cards
from .errors import IllegalPlayError
from .rulesets import Ruleset, find_ruleset
from .verdicts import cite
from .words import number_en

__all__ = ["GOUJI_THRESHOLDS", "JOKERS_ONLY_RANK", "Play", "PlayKind", "as_play"]

#: Internal strength of a jokers-only play's "rest": higher than any base rank.
JOKERS_ONLY_RANK = 18


class PlayKind(Enum):
    """The shape of a play."""

    SINGLE = "single"  # 单张
    SET = "set"  # 一手牌
    TIEQIAN = "tieqian"  # 贴钱: a set with 2s as fillers
    GUAHUA = "guahua"  # 挂花: jokers attached to a set (or to 2s)
    JOKERS = "jokers"  # jokers only, two or more

    @property
    def zh(self) -> str:
        return {"single": "单张", "set": "一手牌", "tieqian": "贴钱", "guahua": "挂花", "jokers": "花"}[self.value]

    @property
    def en(self) -> str:
        return {"single": "single", "set": "set", "tieqian": "set with 2s as fillers",
                "guahua": "set with jokers attached", "jokers": "jokers only"}[self.value]


#: The smallest 够级 count of each base rank (2s: the rule set's ``gouji_min_twos``; 002 §2).
GOUJI_THRESHOLDS: dict[Rank, int] = {Rank.TEN: 5, Rank.JACK: 4, Rank.QUEEN: 3, Rank.KING: 2, Rank.ACE: 2}

_CARD = {r: Card(r) for r in Rank}
_SUIT_OF = attrgetter("suit")  # a suit is truthy, None is not


class Play:
    """A counted play under a rule set. Immutable and hashable; ``repr`` gives the notation back.

    ``rank`` is the counted base rank (``Rank.TWO`` when the 2s are the set itself, ``None`` for jokers only);
    ``count`` the number of cards counted at that rank, fillers included; ``big_jokers`` and
    ``small_jokers`` are counted after the mixed-joker downgrade; ``twos`` is the number of 2s in the play.
    """

    _notation: str  # written on first use (:attr:`notation`)
    _r: int  # the rank as a number (jokers only: JOKERS_ONLY_RANK), for fast comparison
    big_jokers: int
    cards: tuple[Card, ...]
    count: int
    kind: PlayKind
    rank: Rank | None
    rules: Ruleset
    size: int
    small_jokers: int
    twos: int

    __slots__ = ("_notation", "_r", "big_jokers", "cards", "count", "kind", "rank", "rules", "size", "small_jokers",
                 "twos")

    def __init__(self, cards: Iterable[Card], rules: Ruleset | str | None = None) -> None:
        rules = find_ruleset(rules)
        cards = tuple(sorted(cards, key=_strength_key))  # the order format_cards writes: repr round-trips
        if not cards:
            raise IllegalPlayError(f"一手牌至少要有一张牌【play.shape, {cite('play.shape', rules, 'zh')}】",
                                   f"a play needs at least one card [play.shape, {cite('play.shape', rules)}]",
                                   rule="play.shape")
        base = None
        big = small = twos = 0
        for c in cards:
            r = c.rank
            if r == Rank.BIG_JOKER:
                big += 1
            elif r == Rank.SMALL_JOKER:
                small += 1
            elif r == Rank.TWO:
                twos += 1
            elif base is None:
                base = r
            elif r != base:
                raise IllegalPlayError(
                    f"{format_cards(cards)}不是一手牌：{base.zh}和{r.zh}点数不同（除2和花以外必须同点）"
                    f"【play.shape, {cite('play.shape', rules, 'zh')}】",
                    f"{format_cards(cards)} is not a play: {base.en} and {r.en} differ "
                    f"(all cards but 2s and jokers must share one rank) [play.shape, {cite('play.shape', rules)}]",
                    rule="play.shape",
                )
        if base is not None and twos and not rules.tieqian:
            raise IllegalPlayError(
                f"{rules.title_zh}不许贴钱：2不能凑张数当{base.zh}用"
                f"【play.tieqian, {cite('play.tieqian', rules, 'zh')}】",
                f"{rules.title_en} forbid 贴钱: 2s cannot fill a set of {base.en}s "
                f"[play.tieqian, {cite('play.tieqian', rules)}]",
                rule="play.tieqian",
            )
        packs = rules.packs
        n_base = len(cards) - big - small - twos
        least = min(packs, rules.keep_threes) if rules.keep_threes else packs  # the fewest copies of any card
        if (big > packs or small > packs or twos > packs or n_base > least) and (
            big > packs
            or small > packs
            or twos > 4 * packs
            or (base is not None and n_base > deck_limits(packs, rules.keep_threes)[base])
            or any(map(_SUIT_OF, cards))  # one suit of a rank exceeds the packs only where the rank does
        ):
            check_deck(cards, rules)  # more copies of a card than the packs hold: raises, naming it
        self._set(cards, rules, base, twos, big, small)

    def _set(self, cards: tuple[Card, ...], rules: Ruleset, base: Rank | None, twos: int, big: int, small: int) -> None:
        setattr_ = object.__setattr__
        size = len(cards)
        if big and small and rules.downgrade_mixed_jokers:
            big, small = 0, big + small
        rank = base if base is not None else (Rank.TWO if twos else None)
        jokers = big + small
        if size == 1:
            kind = PlayKind.SINGLE
        elif jokers == size:
            kind = PlayKind.JOKERS
        elif jokers:
            kind = PlayKind.GUAHUA
        elif twos and base is not None:
            kind = PlayKind.TIEQIAN
        else:
            kind = PlayKind.SET
        setattr_(self, "cards", cards)
        setattr_(self, "rules", rules)
        setattr_(self, "size", size)
        setattr_(self, "rank", rank)
        setattr_(self, "count", size - jokers)
        setattr_(self, "big_jokers", big)
        setattr_(self, "small_jokers", small)
        setattr_(self, "twos", twos)
        setattr_(self, "kind", kind)
        setattr_(self, "_r", JOKERS_ONLY_RANK if rank is None else int(rank))

    @classmethod
    def parse(cls, text: str, rules: Ruleset | str | None = None) -> Play:
        """A play from notation. Raises :class:`NotationError` or :class:`IllegalPlayError` (a
        :class:`~gouji_teach.rules.errors.DeckLimitError` when the rule set's packs cannot hold the cards).

        >>> Play.parse("DDDDD")
        Traceback (most recent call last):
        ...
        gouji_teach.rules.errors.DeckLimitError: 有5张大花，可是4副牌只有4张【deck.limit, 002 §1 基本规则】 / ...
        >>> Play.parse("DDDDD", "zaozhuang").text_en
        '5 big jokers'
        """
        return cls(parse_cards(text), rules)

    @classmethod
    def from_counts(
        cls, rank: Rank | None, base: int, twos: int, big: int, small: int, rules: Ruleset
    ) -> Play:
        """A suitless play from its composition (``base`` cards of ``rank``, then 2s and jokers), unchecked.

        Used by the enumerator, which only builds legal compositions.
        """
        self = object.__new__(cls)
        cards = (_CARD[Rank.BIG_JOKER],) * big + (_CARD[Rank.SMALL_JOKER],) * small + (_CARD[Rank.TWO],) * twos
        if base:
            cards += (_CARD[rank],) * base  # type: ignore[index]  # base cards come with their rank
        self._set(cards, rules, rank if base else None, twos, big, small)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Play is immutable")

    @property
    def jokers(self) -> int:
        return self.big_jokers + self.small_jokers

    @property
    def notation(self) -> str:
        try:
            return self._notation
        except AttributeError:  # written once, on first use (a search asks a shared play thousands of times)
            text = format_cards(self.cards)
            object.__setattr__(self, "_notation", text)
            return text

    def __repr__(self) -> str:
        return self.notation

    def _repr_html_(self) -> str:
        from ..show.pictures import play_html  # lazily: a picture is drawn only when one is shown

        return play_html(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.cards == other.cards and self.rules == other.rules

    def __hash__(self) -> int:
        return hash((self.cards, self.rules.name))

    def _jokers_zh(self) -> str:
        parts = []
        if self.big_jokers:
            parts.append(f"{self.big_jokers}个大花")
        if self.small_jokers:
            parts.append(f"{self.small_jokers}个小花")
        return "".join(parts)

    def _jokers_en(self) -> str:
        parts = []
        for n, name in ((self.big_jokers, "big joker"), (self.small_jokers, "small joker")):
            if n:
                parts.append(f"{n} {name}s" if n > 1 else f"a {name}")
        return " and ".join(parts)

    @property
    def text_zh(self) -> str:
        """How players say it, counted: ``'2个大花带7个9'``, ``'5个3（贴2个钱）'``, ``'单张大花'``."""
        kind, rank = self.kind, self.rank
        if kind is PlayKind.SINGLE:
            return "单张" + self.cards[0].rank.zh
        if kind is PlayKind.JOKERS:
            return self._jokers_zh()
        rest = f"{self.count}个{rank.zh}"  # type: ignore[union-attr]  # only singles and joker plays lack a base rank
        if kind is PlayKind.GUAHUA:
            return f"{self._jokers_zh()}带{rest}"
        if kind is PlayKind.TIEQIAN:
            return f"{rest}（贴{self.twos}个钱）"
        return rest

    @property
    def text_en(self) -> str:
        """How players say it, counted: ``'2 big jokers with seven 9s'``, ``'five 3s (two of them 2s)'``."""
        kind, rank = self.kind, self.rank
        if kind is PlayKind.SINGLE:
            return "a single " + self.cards[0].rank.en
        if kind is PlayKind.JOKERS:
            return self._jokers_en()
        # (ignore below: only singles and joker plays lack a base rank)
        rest = f"{number_en(self.count)} {rank.en}" + ("s" if self.count > 1 else "")  # type: ignore[union-attr]
        if kind is PlayKind.GUAHUA:
            return f"{self._jokers_en()} with {rest}"
        if kind is PlayKind.TIEQIAN:
            return f"{rest} (" + ("one of them a 2)" if self.twos == 1 else f"{number_en(self.twos)} of them 2s)")
        return rest

    @property
    def gouji_threshold(self) -> int | None:
        """The smallest count of this play's base rank that is 够级 under its rule set (``None``: never)."""
        if self.rank == Rank.TWO:
            return self.rules.gouji_min_twos
        # (ignore below: a play of jokers only has no rank: get(None) is None)
        return GOUJI_THRESHOLDS.get(self.rank)  # type: ignore[arg-type]

    @property
    def is_gouji(self) -> bool:
        """Whether this is a 够级 play under its rule set (:func:`gouji_teach.rules.gouji.is_gouji` explains it)."""
        need = self.gouji_threshold
        return bool(self.jokers) or (need is not None and self.count >= need)

    @property
    def is_pure_gouji(self) -> bool:
        """够级 with a base of 10 to A, no 2 and no joker (:func:`gouji_teach.rules.gouji.is_pure_gouji`)."""
        # (ignore below: a play of jokers only has no rank: get(None) is None)
        need = GOUJI_THRESHOLDS.get(self.rank)  # type: ignore[arg-type]
        return not self.jokers and not self.twos and need is not None and self.count >= need

    @property
    def can_kaidian(self) -> bool:
        """Whether this play, left unanswered, opens a point (:func:`gouji_teach.rules.gouji.can_kaidian`)."""
        if not self.is_gouji:
            return False
        if self.rules.kaidian_pure_only:
            return self.is_pure_gouji
        return not self.jokers and not (self.size == 1 and self.rank == Rank.TWO)

    def describe(self) -> dict[str, object]:
        """A plain dict describing the play (the CLI's ``describe --json``)."""
        return {
            "play": self.notation,
            "size": self.size,
            "rank": self.rank.notation if self.rank is not None else None,
            "count": self.count,
            "big_jokers": self.big_jokers,
            "small_jokers": self.small_jokers,
            "twos": self.twos,
            "kind": self.kind.value,
            "gouji": self.is_gouji,
            "pure_gouji": self.is_pure_gouji,
            "can_kaidian": self.can_kaidian,
            "text_zh": self.text_zh,
            "text_en": self.text_en,
            "rules": self.rules.name,
        }


def as_play(play: Play | str, rules: Ruleset) -> Play:
    """``play`` counted under ``rules`` (notation is parsed; a play counted under other rules is recounted).

    >>> as_play("22333", find_ruleset("qingdao")).text_en
    'five 3s (two of them 2s)'
    >>> as_play(Play.parse("22333"), find_ruleset("linyi")).rules.name
    'linyi'
    """
    if isinstance(play, Play):
        if play.rules is rules or play.rules == rules:
            return play
        return Play(play.cards, rules)
    return Play.parse(play, rules)
