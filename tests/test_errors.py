"""Every error a user can cause is a :class:`~gouji_teach.errors.GoujiError` with a message in both languages,
exported from ``gouji_teach``; the old built-in types still catch them where callers relied on them."""

from __future__ import annotations

import inspect

import pytest

import gouji_teach
from gouji_teach import errors
from gouji_teach.cards import Card, Hand, Rank, Suit, build_deck, parse_cards
from gouji_teach.engine import Game
from gouji_teach.events import Action
from gouji_teach.i18n import set_language
from gouji_teach.teach.course import stage


def test_every_error_class_is_exported_from_the_package():
    classes = {name for name, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, errors.GoujiError)}
    assert classes == set(errors.__all__)
    assert classes <= set(gouji_teach.__all__)
    assert all(getattr(gouji_teach, name) is getattr(errors, name) for name in classes)


def _both(e: errors.GoujiError) -> None:
    assert e.zh and e.en and str(e) == f"{e.zh} / {e.en}"
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in e.en.replace("够级", ""))


@pytest.mark.parametrize(("call", "kind", "builtin"), [
    (lambda: Card(Rank.BIG_JOKER, Suit.HEARTS), errors.CardError, ValueError),
    (lambda: Hand.parse("99") - [Card(Rank.KING)], errors.CardError, ValueError),
    (lambda: build_deck(0), errors.CardError, ValueError),
    (lambda: parse_cards(99), errors.ArgumentTypeError, TypeError),
    (lambda: Game.from_hands({6: "9"}), errors.SetupError, ValueError),
    (lambda: Game.from_hands({0: "9"}, leader=7), errors.SetupError, ValueError),
    (lambda: Game([Hand.parse("9")] * 5, leader=0), errors.SetupError, ValueError),
    (lambda: Game.from_hands({0: "9"}, leader=0).undo(), errors.NothingToUndoError, IndexError),
    (lambda: Action(0, "fly"), gouji_teach.IllegalActionError, ValueError),
    (lambda: Action(9, "pass"), gouji_teach.IllegalActionError, ValueError),
    (lambda: Action(0, "pass", "99"), gouji_teach.IllegalActionError, ValueError),
    (lambda: stage("no-such-stage"), errors.OptionError, ValueError),
    (lambda: set_language("fr"), errors.OptionError, ValueError),
])
def test_a_user_error_says_what_is_wrong_in_both_languages(call, kind, builtin):
    with pytest.raises(kind) as info:
        call()
    assert isinstance(info.value, builtin)
    _both(info.value)
