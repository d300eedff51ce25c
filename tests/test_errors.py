"""Every error a user can cause is a :class:`~gouji_teach.rules.errors.GoujiError` with a message in both languages,
exported from ``gouji_teach``; the old built-in types still catch them where callers relied on them."""

from __future__ import annotations

import inspect
import pickle

import pytest

import gouji_teach
from gouji_teach.app.deploy import binder_link, git_origin, install_jupyter_config
from gouji_teach.rules import errors
from gouji_teach.rules.cards import Card, Hand, Rank, Suit, build_deck, parse_cards
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Action
from gouji_teach.rules.plays import Play
from gouji_teach.rules.record import GameRecord
from gouji_teach.show.i18n import pick, set_language
from gouji_teach.show.pictures import SeatView, TableView, card_svg, round_html
from gouji_teach.teach.course import stage
from gouji_teach.teach.puzzles import ChoicePuzzle, CountPuzzle, Option, PlacesPuzzle, RulesetsPuzzle, revolution_puzzle


def test_every_error_class_is_exported_from_the_package():
    classes = {name for name, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, errors.GoujiError)}
    assert classes == set(errors.__all__)
    assert classes <= set(gouji_teach.__all__)
    assert all(getattr(gouji_teach, name) is getattr(errors, name) for name in classes)


_RECORD = GameRecord(rules="tongsu", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5))
_REVOLT_HANDS = ["KK QQQ JJJJ 3 9", "2 2 A 5 6 7 8 9 10 3", "5 6 7 8 9 10 J Q 3 3",
                 "X 2 2 AA 5 6 7 3", "5 6 7 8 9 10 J Q K 3", "D 9 9 8 8 7 7 6 3"]


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
    (lambda: pick("红桃", "hearts", "fr"), errors.OptionError, ValueError),  # type: ignore[arg-type]  # a bad code
    (lambda: pick("红桃", "hearts", ""), errors.OptionError, ValueError),  # type: ignore[arg-type]  # a bad code
    # pictures an instructor draws
    (lambda: SeatView(seat=6), errors.SetupError, ValueError),
    (lambda: SeatView(seat=0, cards_left=-1), errors.SetupError, ValueError),
    (lambda: TableView(seats=(SeatView(seat=0),)), errors.SetupError, ValueError),
    (lambda: TableView(seats=tuple(SeatView(seat=s) for s in range(6)), to_act=7), errors.SetupError, ValueError),
    (lambda: round_html([(9, "pass")]), errors.SetupError, ValueError),
    # (ignore below: a wrong value on purpose)
    (lambda: card_svg(Card(Rank.KING), marked="gold"), errors.OptionError, ValueError),  # type: ignore[arg-type]
    # the Binder link
    (lambda: binder_link("git@example.org:school/gouji.git", "main"), errors.OptionError, ValueError),
    (lambda: binder_link("https://example.org/school/gouji.git", "my branch"), errors.OptionError, ValueError),
    # puzzles an instructor writes
    (lambda: CountPuzzle(Play.parse("999"), (Play.parse("888"),)), errors.SetupError, ValueError),
    (lambda: PlacesPuzzle(_RECORD, ask="score", seat=0), errors.OptionError, ValueError),
    (lambda: PlacesPuzzle(_RECORD, ask="place", seat=6), errors.SetupError, ValueError),
    (lambda: ChoicePuzzle("?", "?", (Option("a", "甲", "A"), Option("a", "乙", "B", right=True)), "", "", (),
                          rules="qingdao"), errors.SetupError, ValueError),
    (lambda: ChoicePuzzle("?", "?", (Option("a", "甲", "A", right=True),), "", "", ()), errors.SetupError,
     ValueError),
    (lambda: RulesetsPuzzle("count", ("2", ""), rules="linyi"), errors.OptionError, ValueError),
    (lambda: revolution_puzzle(_REVOLT_HANDS, 0, ["seat 0 plays KK"], "qingdao"), errors.SetupError, ValueError),
])
def test_a_user_error_says_what_is_wrong_in_both_languages(call, kind, builtin):
    with pytest.raises(kind) as info:
        call()
    assert isinstance(info.value, builtin)
    _both(info.value)


def test_a_revolution_question_names_its_illegal_step():
    with pytest.raises(errors.SetupError) as info:
        revolution_puzzle(_REVOLT_HANDS, 0, ["seat 0 revolts", "seat 0 plays 9"], "tongsu")
    assert info.value.zh.startswith("革命题的第2步（seat 0 plays 9）不合规则：")
    assert info.value.en.startswith("step 2 of the revolution question (seat 0 plays 9) is not legal: ")


@pytest.mark.parametrize(("text", "kind"), [
    ("[]", errors.DeployError),  # JSON, but not an object
    ('{"VoilaConfiguration": 3}', errors.DeployError),  # a section that is not an object (was a TypeError)
    ("{not json", errors.GoujiError),
    ("\udcff", errors.GoujiError),
])
def test_a_jupyter_configuration_that_cannot_be_used_is_one_message(tmp_path, capsys, text, kind):
    from gouji_teach import cli

    config = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    config.parent.mkdir(parents=True)
    config.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(kind) as info:
        install_jupyter_config(tmp_path)
    assert str(config) in info.value.zh and str(config) in info.value.en
    assert cli.main(["voila-config", "--prefix", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(config) in err


def test_a_folder_with_no_git_origin_is_one_message(tmp_path, capsys, monkeypatch):
    from gouji_teach import cli

    with pytest.raises(errors.DeployError) as info:
        git_origin(tmp_path)
    assert str(tmp_path) in str(info.value)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["binder-link"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--remote" in err


@pytest.mark.parametrize("make", [
    lambda: Game.from_hands({0: "KK 5", 3: "6"}, leader=0).act("seat 3 plays 6"),  # IllegalActionError
    lambda: parse_cards("9 Z"),  # NotationError (its own arguments)
    lambda: Play.parse("DDDDD", "qingdao"),  # DeckLimitError
])
def test_an_error_crosses_a_process_boundary_whole(make):
    """An error raised in a worker process (bench_match's, the level tests' pool) reaches the parent with its class
    and both messages: pickle rebuilt it from the message alone and failed ("missing 1 required positional
    argument: 'en'"), which hid the error."""
    with pytest.raises(errors.GoujiError) as caught:
        make()
    e = caught.value
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is type(e) and (back.zh, back.en, back.rule, str(back)) == (e.zh, e.en, e.rule, str(e))
    assert back.__dict__ == e.__dict__
