"""A computer burns only when it can lead every later play with a joker: under 憋三 the closing 3s are the one
lead without a joker, and the rule set's last-lead exemption is not added on top of them."""

from __future__ import annotations

from gouji_teach import PRESETS
from gouji_teach.bots.players import _can_finish_burning
from gouji_teach.rules.cards import Hand


def _rules(bie_san: bool, last_exempt: bool):
    return next(iter(PRESETS.values())).replace(bie_san=bie_san, burn_last_exempt=last_exempt)


def test_closing_threes_and_last_lead_are_not_both_exempt() -> None:
    rest = Hand.parse("8 8 3 3")  # two later leads (the 8s, then the 3s) and no joker
    assert not _can_finish_burning(rest, _rules(bie_san=True, last_exempt=True))
    assert _can_finish_burning(Hand.parse("8 8 3 3 D"), _rules(bie_san=True, last_exempt=True))


def test_last_lead_exempt_without_threes() -> None:
    assert _can_finish_burning(Hand.parse("8 8"), _rules(bie_san=True, last_exempt=True))
    assert not _can_finish_burning(Hand.parse("8 8"), _rules(bie_san=True, last_exempt=False))
