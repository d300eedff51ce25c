"""Laws of the rules core, checked on random and on exhaustive inputs under all four rule sets.

* notation round trips: ``Play.parse(repr(p), rules) == p`` and ``parse_cards(format_cards(cards))``;
* ``beats`` is irreflexive and asymmetric, and transitive among plays of one size (the 大花 kill rule makes
  plays of different sizes compare, and across sizes transitivity fails by design: see
  :func:`test_kill_rule_is_not_transitive_across_sizes`);
* the enumerators: every play of ``beating_plays`` beats the target, and on small hands ``beating_plays`` and
  ``possible_plays`` equal a brute-force enumeration over all sub-multisets of the hand.

Hypothesis runs derandomized (a fixed seed) with explicit example counts so that the file stays fast.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gouji_teach import (
    PRESETS,
    Card,
    DeckLimitError,
    Game,
    Hand,
    IllegalPlayError,
    Play,
    Rank,
    Suit,
    beating_plays,
    beats,
    format_cards,
    parse_cards,
    possible_plays,
)
from gouji_teach.rules.cards import BASE_RANKS, deck_limits
from gouji_teach.rules.options import composition_notation, possible_compositions

RULESETS = list(PRESETS.values())
RULE_IDS = [r.name for r in RULESETS]

SETTINGS = settings(
    max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

# -- strategies ---------------------------------------------------------------------------------------

suits = st.one_of(st.none(), st.sampled_from(list(Suit)))


@st.composite
def cards_of(draw: st.DrawFn, rank: Rank, n: int) -> list[Card]:
    """``n`` cards of ``rank``, each with a random suit or none (jokers never have one), no suit more often than
    the four packs hold it (a card drawn a fifth time in one suit has none)."""
    if rank.is_joker:
        return [Card(rank)] * n
    drawn = [draw(suits) for _ in range(n)]
    return [Card(rank, suit if suit is None or drawn[:i].count(suit) < 4 else None) for i, suit in enumerate(drawn)]


@st.composite
def plays(draw: st.DrawFn, rules, size: int | None = None, max_size: int = 9) -> Play:
    """A random legal play under ``rules``: a base (or none), with 2s and jokers attached at random."""
    n = size if size is not None else draw(st.integers(1, max_size))
    big = draw(st.integers(0, min(n, rules.packs)))  # no more copies than the packs hold
    small = draw(st.integers(0, min(n - big, rules.packs)))
    rest = n - big - small
    twos = draw(st.integers(0, rest))
    base = rest - twos
    if base and twos and not rules.tieqian:  # rule sets without 贴钱: 2s only as the set itself
        if draw(st.booleans()):
            base, twos = rest, 0
        else:
            base, twos = 0, rest
    cards = draw(cards_of(Rank.BIG_JOKER, big)) + draw(cards_of(Rank.SMALL_JOKER, small))
    cards += draw(cards_of(Rank.TWO, twos))
    if base:
        limits = deck_limits(rules.packs, rules.keep_threes)
        cards += draw(cards_of(draw(st.sampled_from([r for r in BASE_RANKS if limits[r] >= base])), base))
    cards = draw(st.permutations(cards))
    return Play(cards, rules)


#: Ranks for small random hands, weighted so that 2s, jokers and the kill rule show up often.
HAND_RANKS = [Rank.BIG_JOKER] * 4 + [Rank.SMALL_JOKER] * 3 + [Rank.TWO] * 3 + list(BASE_RANKS[4:]) + [Rank.THREE]


@st.composite
def small_hands(draw: st.DrawFn, max_cards: int = 8) -> Hand:
    ranks = draw(st.lists(st.sampled_from(HAND_RANKS), min_size=1, max_size=max_cards))
    kept = [r for i, r in enumerate(ranks) if ranks[:i].count(r) < 4]  # four packs hold four jokers
    return Hand(Card(r) for r in kept)


# -- brute force ------------------------------------------------------------------------------------


def key(play: Play) -> tuple[Rank, ...]:
    """A play as a rank multiset (which physical copy is played does not matter)."""
    return tuple(sorted(c.rank for c in play.cards))


def sub_multisets(hand: Hand):
    """Every non-empty sub-multiset of ``hand``, as suitless cards, each rank multiset once."""
    ranks = [r for r in Rank if hand.count(r)]
    for counts in itertools.product(*(range(hand.count(r) + 1) for r in ranks)):
        cards = [Card(r) for r, k in zip(ranks, counts, strict=True) for _ in range(k)]
        if cards:
            yield cards


def brute_plays(hand: Hand, rules) -> dict[tuple[Rank, ...], Play]:
    out = {}
    for cards in sub_multisets(hand):
        try:
            p = Play(cards, rules)
        except IllegalPlayError:
            continue
        out[key(p)] = p
    return out


# -- notation round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@SETTINGS
@given(data=st.data())
def test_play_notation_round_trip(rules, data):
    p = data.draw(plays(rules))
    again = Play.parse(repr(p), rules)
    assert again == p
    assert hash(again) == hash(p)
    assert (again.kind, again.rank, again.count, again.big_jokers, again.small_jokers) == (
        p.kind, p.rank, p.count, p.big_jokers, p.small_jokers)


@SETTINGS
@given(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=20).flatmap(
    lambda ranks: st.tuples(*(cards_of(r, 1) for r in ranks))))
def test_cards_notation_round_trip_as_multisets(groups):
    cards = [c for group in groups for c in group]
    text = format_cards(cards)
    assert Counter(parse_cards(text)) == Counter(cards)
    spaced = format_cards(cards, sep=" ")
    assert Counter(parse_cards(spaced)) == Counter(cards)
    assert Counter(Hand.parse(text)) == Counter(cards)


def test_play_round_trip_keeps_suits_of_one_rank():
    # Regression: Play kept suited cards of one rank in the written order while repr sorted them by suit.
    p = Play.parse("9♥9♠2♣")
    assert repr(p) == "2♣9♠9♥"
    assert Play.parse(repr(p)) == p
    # and a 10 keeps its suit when format_cards sets 10s apart with spaces
    p = Play.parse("10♦10♣ X")
    assert repr(p) == "X 10♣ 10♦"
    assert Play.parse(repr(p)) == p


# -- beats: irreflexive, asymmetric, transitive -------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@SETTINGS
@given(data=st.data())
def test_beats_irreflexive_and_asymmetric(rules, data):
    a = data.draw(plays(rules))
    # a challenger of the same size, or one or two cards longer (the kill rule)
    b = data.draw(plays(rules, size=a.size + data.draw(st.sampled_from([0, 0, 1, 2]))))
    assert not beats(a, a, rules)
    assert not (beats(a, b, rules) and beats(b, a, rules))
    assert not (beats(b, a, rules) and beats(a, b, rules))


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@SETTINGS
@given(data=st.data())
def test_beats_transitive_among_same_size_plays(rules, data):
    size = data.draw(st.integers(1, 9))
    group = data.draw(st.lists(plays(rules, size=size), min_size=3, max_size=8))
    wins = {(i, j) for i, a in enumerate(group) for j, b in enumerate(group) if beats(a, b, rules)}
    for (i, j), (j2, k) in itertools.product(wins, wins):
        if j == j2:
            assert (i, k) in wins, (group[i], group[j], group[k])


ALL_CARDS = Hand.parse("DDDD XXXX 2222 " + " ".join(r.notation * 4 for r in BASE_RANKS))


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_beats_laws_exhaustive_on_small_sizes(rules, size):
    """Every counted play of ``size`` cards: irreflexive, asymmetric, transitive."""
    group = possible_plays(ALL_CARDS, rules, size=size)
    assert len(group) > 10
    beaten = [{j for j, b in enumerate(group) if beats(a, b, rules)} for a in group]
    for i, wins in enumerate(beaten):
        assert i not in wins, group[i]
        for j in wins:
            assert i not in beaten[j], (group[i], group[j])
            assert beaten[j] <= wins, (group[i], group[j], [group[k] for k in beaten[j] - wins])


def test_kill_rule_is_not_transitive_across_sizes():
    """By design (rules.md): two 大花 kill a 大花, so a longer play beats; it never beats a target without 大花."""
    for name in ("linyi", "tongsu", "zaozhuang"):
        assert beats("DDTT", "D99", name)
        assert beats("D99", "X88", name)
        assert not beats("DDTT", "X88", name)
        assert beats("DDTT", "X88", name).rule == "compare.size"


# -- the enumerators ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@settings(max_examples=120, deadline=None, derandomize=True)
@given(data=st.data())
def test_beating_plays_equal_brute_force(rules, data):
    hand = data.draw(small_hands())
    target = data.draw(plays(rules, max_size=6))
    found = beating_plays(hand, target, rules)
    keys = [key(p) for p in found]
    assert len(keys) == len(set(keys)), "duplicates"
    for p in found:
        assert beats(p, target, rules), (p, target)
        assert Counter(key(p)) <= Counter(c.rank for c in hand)
    expected = {k for k, p in brute_plays(hand, rules).items() if beats(p, target, rules)}
    assert set(keys) == expected


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@settings(max_examples=100, deadline=None, derandomize=True)
@given(data=st.data())
def test_beating_plays_kill_rule_cases_equal_brute_force(rules, data):
    """Hands rich in 大花 against targets that carry 大花."""
    extra = data.draw(st.lists(st.sampled_from([Rank.BIG_JOKER, Rank.BIG_JOKER, Rank.SMALL_JOKER, Rank.TWO,
                                                 Rank.ACE, Rank.NINE]), min_size=2, max_size=6))
    ranks = [Rank.BIG_JOKER, Rank.BIG_JOKER, *extra]
    hand = Hand(Card(r) for i, r in enumerate(ranks) if ranks[:i].count(r) < rules.packs)  # what packs hold
    n_big = data.draw(st.integers(1, 2))
    rest = data.draw(plays(rules, max_size=3))
    assume(n_big + sum(c.rank == Rank.BIG_JOKER for c in rest.cards) <= rules.packs)
    target = Play([Card(Rank.BIG_JOKER)] * n_big + list(rest.cards), rules)
    found = {key(p) for p in beating_plays(hand, target, rules)}
    expected = {k for k, p in brute_plays(hand, rules).items() if beats(p, target, rules)}
    assert found == expected
    for p in beating_plays(hand, target, rules):
        assert beats(p, target, rules)


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@settings(max_examples=100, deadline=None, derandomize=True)
@given(hand=small_hands())
def test_possible_plays_equal_brute_force(rules, hand):
    found = possible_plays(hand, rules)
    keys = [key(p) for p in found]
    assert len(keys) == len(set(keys)), "duplicates"
    assert set(keys) == set(brute_plays(hand, rules))
    for p in found:
        assert p == Play(p.cards, rules)  # counted exactly as the public constructor counts


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@settings(max_examples=50, deadline=None, derandomize=True)
@given(hand=small_hands())
def test_compositions_are_the_possible_plays_without_building_them(rules, hand):
    """The engine lists leads from compositions: same plays, same order, same notation as ``possible_plays``."""
    comps = possible_compositions(hand, rules)
    assert [composition_notation(c) for c in comps] == [p.notation for p in possible_plays(hand, rules)]
    for size in (1, 2, 5):
        assert [composition_notation(c) for c in possible_compositions(hand, rules, size)] == [
            p.notation for p in possible_plays(hand, rules, size)]


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_beating_plays_from_a_dealt_hand_all_beat(rules):
    """A 36-card hand dealt from a seeded deck, against several targets: every play found beats."""
    from gouji_teach.rules.cards import shuffled_deck

    deck = shuffled_deck(rules.packs, seed=2026, suits=False)
    hand = Hand(deck[:36])
    total = 0
    for text in ("88888", "X888", "D99", "DD", "2", "XX", "TTTT"):
        try:
            target = Play.parse(text, rules)
        except IllegalPlayError:
            continue
        found = beating_plays(hand, target, rules)
        total += len(found)
        for p in found:
            assert beats(p, target, rules), (p, text)
            assert hand.contains(p.cards)
    assert total > 10


# -- the deck: nothing accepted holds more copies of a card than the packs ------------------------------------------


@st.composite
def rank_counts(draw: st.DrawFn, rules) -> dict[Rank, int]:
    """A count per rank for a few ranks, around the limit of the rule set's packs (some just over it)."""
    limits = deck_limits(rules.packs, rules.keep_threes)
    ranks = draw(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=3, unique=True))
    return {r: draw(st.integers(max(1, limits[r] - 2), limits[r] + 2)) for r in ranks}


def _within(counts: dict[Rank, int], rules) -> bool:
    limits = deck_limits(rules.packs, rules.keep_threes)
    return all(n <= limits[r] for r, n in counts.items())


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
@SETTINGS
@given(data=st.data())
def test_no_accepted_play_or_hand_exceeds_the_packs(rules, data):
    counts = data.draw(rank_counts(rules))
    cards = [Card(r) for r, n in counts.items() for _ in range(n)]
    try:
        Play(cards, rules)
    except DeckLimitError as e:
        assert not _within(counts, rules) and e.count > e.limit and e.card in format_cards(cards)
    except IllegalPlayError:
        pass  # not one play (ranks differ, or 贴钱 where it is forbidden)
    else:
        assert _within(counts, rules)
    hand = Hand(cards)
    try:
        beating_plays(hand, "3", rules)
        possible_plays(hand, rules, size=1)
    except DeckLimitError:
        assert not _within(counts, rules)
    else:
        assert _within(counts, rules)
    try:
        Game.from_hands({0: hand}, rules, leader=0)
    except DeckLimitError as e:
        assert not _within(counts, rules) and "hands" in e.en
    else:
        assert _within(counts, rules)


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_a_play_one_suit_beyond_the_packs_is_refused(rules):
    """Each pack has one 9♠: one more than the packs is refused, naming the card."""
    with pytest.raises(DeckLimitError) as info:
        Play.parse("9♠" * (rules.packs + 1), rules)
    assert info.value.card == "9♠" and info.value.count == rules.packs + 1
    assert Play.parse("9♠" * rules.packs, rules).size == rules.packs
