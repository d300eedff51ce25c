"""gouji_teach: learn 够级 (Gouji), the Shandong card game for six players in two teams of three.

The rules core (cards, plays, rule sets, comparison, 够级 and 开点, the engine for a whole hand, settlement)
imports no Jupyter code; the teaching layer (:mod:`gouji_teach.teach`) builds on it.

>>> import gouji_teach as gj
>>> bool(gj.beats("DD999", "XX888"))
True
>>> gj.Play.parse("DD2229999").text_en
'2 big jokers with seven 9s'
"""

from . import _compat
from .rules.cards import Card, Hand, Rank, Suit, build_deck, format_cards, parse_cards
from .rules.compare import beats
from .rules.engine import Game, KaidianState, Phase, SeatStatus
from .rules.errors import (
    ArgumentTypeError,
    CardError,
    DeckLimitError,
    DeployError,
    GoujiError,
    IllegalPlayError,
    NotationError,
    NothingToUndoError,
    OptionError,
    RecordError,
    RulesetError,
    SetupError,
    UnknownRulesetError,
)
from .rules.events import Action, ActionKind, EventKind, IllegalActionError
from .rules.gouji import can_kaidian, is_gouji, is_pure_gouji
from .rules.options import beating_plays, possible_plays
from .rules.plays import Play, PlayKind
from .rules.record import BurnOutcome, GameRecord
from .rules.rulesets import LINYI, PRESETS, QINGDAO, TONGSU, ZAOZHUANG, Ruleset, TributeKind, find_ruleset, switch_table
from .rules.verdicts import Verdict

__version__ = "0.1.0"

#: Names imported on first use (PEP 562, as python-chess does with ``chess.svg``): settlement and its tables are
#: not needed to compare plays or play a hand, so ``import gouji_teach`` does not pay for them.
_LAZY = {"settle": "settlement", "settle_series": "settlement"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".rules.{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


_compat.install()  # the module paths of 0.1 (gouji_teach.engine, ...) still import, with a warning

__all__ = [
    "LINYI",
    "PRESETS",
    "QINGDAO",
    "TONGSU",
    "ZAOZHUANG",
    "Action",
    "ActionKind",
    "ArgumentTypeError",
    "BurnOutcome",
    "Card",
    "CardError",
    "DeckLimitError",
    "DeployError",
    "EventKind",
    "Game",
    "GameRecord",
    "GoujiError",
    "Hand",
    "IllegalActionError",
    "IllegalPlayError",
    "KaidianState",
    "NotationError",
    "NothingToUndoError",
    "OptionError",
    "Phase",
    "Play",
    "PlayKind",
    "Rank",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SeatStatus",
    "SetupError",
    "Suit",
    "TributeKind",
    "UnknownRulesetError",
    "Verdict",
    "beating_plays",
    "beats",
    "build_deck",
    "can_kaidian",
    "find_ruleset",
    "format_cards",
    "is_gouji",
    "is_pure_gouji",
    "parse_cards",
    "possible_plays",
    "settle",
    "settle_series",
    "switch_table",
]
