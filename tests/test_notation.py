"""Card notation (rules.md "Card notation"): every rank and alias, suits, separators, bad input; decks."""

from __future__ import annotations

from collections import Counter

import pytest

from gouji_teach import (
    Card,
    GoujiError,
    Hand,
    NotationError,
    Play,
    Rank,
    Suit,
    build_deck,
    format_cards,
    parse_cards,
)
from gouji_teach.rules.cards import shuffled_deck

# -- ranks and aliases ------------------------------------------------------------------------------------

NOTATION = {
    Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8",
    Rank.NINE: "9", Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A",
    Rank.TWO: "2", Rank.SMALL_JOKER: "X", Rank.BIG_JOKER: "D",
}

ALIASES = [
    ("T", Rank.TEN), ("t", Rank.TEN), ("10", Rank.TEN),
    ("j", Rank.JACK), ("q", Rank.QUEEN), ("k", Rank.KING), ("a", Rank.ACE),
    ("x", Rank.SMALL_JOKER), ("d", Rank.BIG_JOKER),
    ("小", Rank.SMALL_JOKER), ("小花", Rank.SMALL_JOKER), ("小王", Rank.SMALL_JOKER),
    ("大", Rank.BIG_JOKER), ("大花", Rank.BIG_JOKER), ("大王", Rank.BIG_JOKER),
]


def test_every_rank_has_a_notation():
    assert set(NOTATION) == set(Rank)
    for rank, text in NOTATION.items():
        assert rank.notation == text


@pytest.mark.parametrize(("text", "rank"), [(t, r) for r, t in NOTATION.items()])
def test_parse_and_format_every_rank(text, rank):
    assert parse_cards(text) == (Card(rank),)
    assert Card.parse(text) == Card(rank)
    assert format_cards(parse_cards(text)) == text
    assert repr(Card(rank)) == text


@pytest.mark.parametrize(("text", "rank"), ALIASES)
def test_parse_alias(text, rank):
    assert parse_cards(text) == (Card(rank),)
    assert format_cards(parse_cards(text)) == rank.notation


def test_chinese_aliases_run_together():
    assert parse_cards("大花小王大小花") == tuple(Card(r) for r in (
        Rank.BIG_JOKER, Rank.SMALL_JOKER, Rank.BIG_JOKER, Rank.SMALL_JOKER))
    assert parse_cards("大花 小 大王") == tuple(Card(r) for r in (Rank.BIG_JOKER, Rank.SMALL_JOKER, Rank.BIG_JOKER))


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("rank", [r for r in NOTATION if not r.is_joker])
def test_suit_after_a_rank(rank, suit):
    text = NOTATION[rank] + suit.value
    assert parse_cards(text) == (Card(rank, suit),)
    assert format_cards(parse_cards(text)) == text
    lower = {"J": "j", "Q": "q", "K": "k", "A": "a", "10": "t"}.get(NOTATION[rank], NOTATION[rank])
    assert parse_cards(lower + suit.value) == (Card(rank, suit),)


@pytest.mark.parametrize(("alt", "suit"), [("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♧", Suit.CLUBS),
                                           ("♢", Suit.DIAMONDS)])
def test_outline_suit_symbols_are_accepted(alt, suit):
    assert parse_cards("Q" + alt) == (Card(Rank.QUEEN, suit),)


def test_suits_never_matter_in_play():
    a, b = Play.parse("9♠9♥9♣"), Play.parse("999")
    assert (a.kind, a.rank, a.count) == (b.kind, b.rank, b.count)
    assert a.describe() | {"play": None} == b.describe() | {"play": None}


def test_format_cards_strongest_first_and_sep():
    cards = parse_cards("3 9 D 2 X 10 A")
    assert format_cards(cards) == "DX2A 10 93"
    assert format_cards(cards, sep=" ") == "D X 2 A 10 9 3"
    assert format_cards(cards, sep=",") == "D,X,2,A,10,9,3"


# -- separators -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "DD2229999", "D D 2 2 2 9 9 9 9", "D,D,2,2,2,9,9,9,9", "DD 222 9999", "D，D、2 2,2 9999",
    "dd2229999", "大花大王2 2 2 9999", "  DD2229999  ", "D\tD\n2229999", "D;D;2229999",
])
def test_separators_are_optional(text):
    assert Counter(parse_cards(text)) == Counter(parse_cards("DD2229999"))
    assert Play.parse(text) == Play.parse("DD2229999")


def test_ten_written_three_ways():
    assert parse_cards("10Tt") == (Card(Rank.TEN),) * 3
    assert parse_cards("1010") == (Card(Rank.TEN),) * 2


# -- bad input ----------------------------------------------------------------------------------------------

BAD = [
    # text, token, 0-based position, kind
    ("9 1 9", "1", 2, "a 1 without 0"),
    ("91", "1", 1, "a 1 at the end"),
    ("1", "1", 0, "a lone 1"),
    ("11 0", "1", 0, "1 followed by another 1"),
    ("♠9", "♠", 0, "a suit before a rank"),
    ("99 ♥Q", "♥", 3, "a suit before a rank, later"),
    ("9♠♠", "♠", 2, "a second suit"),
    ("D♠", "D♠", 0, "a big joker with a suit"),
    ("99x♦", "x♦", 2, "a small joker with a suit"),
    ("99 大花♥", "大花♥", 3, "a Chinese joker with a suit"),
    ("小王♣", "小王♣", 0, "a Chinese small joker with a suit"),
    ("B", "B", 0, "an unknown letter"),
    ("99Z99", "Z", 2, "an unknown letter inside"),
    ("0", "0", 0, "a 0 alone"),
    ("QQ 1O", "1", 3, "the letter O for a zero"),
    ("王", "王", 0, "王 without 大 or 小"),
    ("大王王", "王", 2, "a second 王"),
    ("花", "花", 0, "花 without 大 or 小"),
    ("J-Q", "-", 1, "a dash"),
    ("", "", 0, "empty text"),
    ("   ", "   ", 0, "only spaces"),
    (" , ", " , ", 0, "only separators"),
]


@pytest.mark.parametrize(("text", "token", "position", "kind"), BAD, ids=[b[3] for b in BAD])
def test_bad_token(text, token, position, kind):
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, GoujiError)
    assert e.text == text
    assert e.token == token
    assert e.position == position
    # the message names the token and where it is (counted from 1 for people: "第3个字符", "position 3")
    assert f"“{token}”" in e.zh and f"第{position + 1}个字符" in e.zh
    assert repr(token) in e.en and f"position {position + 1}" in e.en
    assert str(e) == f"{e.zh} / {e.en}"
    assert "\n" not in str(e)


@pytest.mark.parametrize(("text", "token", "position", "kind"), BAD, ids=[b[3] for b in BAD])
def test_bad_token_everywhere_notation_is_read(text, token, position, kind):
    for parse in (Hand.parse, Play.parse, Card.parse):
        with pytest.raises(NotationError) as info:
            parse(text)
        assert (info.value.token, info.value.position) == (token, position)


def test_card_parse_wants_exactly_one_card():
    with pytest.raises(NotationError) as info:
        Card.parse("99")
    assert info.value.token == "99" and info.value.position == 0


def test_notation_must_be_a_string():
    with pytest.raises(TypeError):
        parse_cards(None)  # type: ignore[arg-type]  # a wrong type on purpose
    with pytest.raises(TypeError):
        parse_cards(["9"])  # type: ignore[arg-type]  # a wrong type on purpose


def test_a_joker_card_has_no_suit():
    with pytest.raises(ValueError, match="no suit"):
        Card(Rank.BIG_JOKER, Suit.HEARTS)


# -- hands ---------------------------------------------------------------------------------------------------


def test_hand_is_a_multiset_strongest_first():
    h = Hand.parse("9 9 D 3 10 10 2 9")
    assert len(h) == 8
    assert h.count(Rank.NINE) == 3 and h.count(Rank.TEN) == 2 and h.count(Rank.FOUR) == 0
    assert [c.rank for c in h] == sorted((c.rank for c in h), reverse=True)
    assert Hand.parse(format_cards(h.cards)) == h
    assert repr(h) == "Hand('D 2 10 10 9 9 9 3')"


# -- decks --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("packs", [1, 2, 4, 6])
@pytest.mark.parametrize("suits", [True, False])
def test_deck_has_54_cards_per_pack(packs, suits):
    deck = build_deck(packs, suits=suits)
    assert len(deck) == 54 * packs
    counts = Counter(c.rank for c in deck)
    for rank in Rank:
        assert counts[rank] == (packs if rank.is_joker else 4 * packs)
    if suits:
        by_card = Counter(deck)
        assert all(c.suit is not None for c in deck if not c.rank.is_joker)
        assert all(by_card[Card(r, s)] == packs for r in Rank if not r.is_joker for s in Suit)
    else:
        assert all(c.suit is None for c in deck)


def test_four_packs_make_216():
    assert len(build_deck(4)) == 216
    assert len(build_deck()) == 216


def test_deck_keeping_six_threes():
    deck = build_deck(4, keep={Rank.THREE: 6})
    assert len(deck) == 216 - 16 + 6
    assert sum(c.rank == Rank.THREE for c in deck) == 6
    deck6 = build_deck(6, keep={Rank.THREE: 6}, suits=False)  # 003 §五: six packs, six 3s
    assert len(deck6) == 6 * 54 - 24 + 6
    assert Counter(c.rank for c in deck6)[Rank.THREE] == 6


def test_deck_needs_a_pack():
    with pytest.raises(ValueError):
        build_deck(0)


def test_shuffled_deck_is_reproducible_and_complete():
    a = shuffled_deck(4, seed=7)
    assert a == shuffled_deck(4, seed=7)
    assert a != shuffled_deck(4, seed=8)
    assert Counter(a) == Counter(build_deck(4))
