"""Puzzles whose answers the engine computes, checked by pure functions, one module per thing they ask about:

* :mod:`.base`: what every puzzle is (:class:`Puzzle`, :class:`Choice`, :class:`Feedback`, how it is answered);
* :mod:`.plays`: cards and plays: does this beat that (``card``, ``beats``), how does it count (``count``), is it
  够级 (``gouji``), which play of a hand beats the table (``pick``);
* :mod:`.positions`: a position of the engine, answered by seats: who may act (``who_may_act``, ``luanchan``,
  ``yield``), who opened (``who_opened``), who is 闷ed (``who_is_men``), may this seat do this (scenarios);
* :mod:`.prelude`: between the deal and the first lead: 买三 (``buy``) and 革命 (``revolution``);
* :mod:`.results`: a finished hand: places and scores (``places``), tribute (``tribute``; whom one seat pays:
  ``tribute_to``, answered by seats), 点贡 after 宣点 (``xuandian``);
* :mod:`.rulesets`: the rule sets side by side (``rulesets``);
* :mod:`.choices`: choice puzzles whose wrong choices are other rule sets' answers and learners' slips;
* :mod:`.kinds`: the registry every kind of drill is declared in (:data:`REGISTRY`), beside its puzzle class.

A new kind of drill is one class, one generator and one :func:`declare` call in the module of its subject (a
module of a new subject is imported below): its stages, the drills and exams, its level's measure and its
widget follow from the declaration.
"""

from .base import AnsweredBy, Choice, Feedback, Puzzle
from .choices import ChoicePuzzle, Option
from .kinds import REGISTRY, Kind, Registry, declare
from .plays import BeatsPuzzle, CountPuzzle, GoujiPuzzle, HandPuzzle, PickPuzzle, nearest_play
from .positions import (
    CanActPuzzle,
    GamePuzzle,
    LuanchanPuzzle,
    OpenByPlayPuzzle,
    PositionPuzzle,
    SeatsPuzzle,
    WhoIsMenPuzzle,
    WhoMayActPuzzle,
    WhoOpenedPuzzle,
    YieldPuzzle,
    parse_seats,
    seats_key,
)
from .prelude import BuyPuzzle, RevolutionPuzzle, buy_puzzle, revolution_puzzle
from .results import (
    PlacesPuzzle,
    RecordPuzzle,
    TributePuzzle,
    TributeToPuzzle,
    XuandianPuzzle,
    result_text,
    xuandian_puzzle,
)
from .rulesets import RulesetsPuzzle, parse_rulesets

__all__ = [
    "REGISTRY",
    "AnsweredBy",
    "BeatsPuzzle",
    "BuyPuzzle",
    "CanActPuzzle",
    "Choice",
    "ChoicePuzzle",
    "CountPuzzle",
    "Feedback",
    "GamePuzzle",
    "GoujiPuzzle",
    "HandPuzzle",
    "Kind",
    "LuanchanPuzzle",
    "OpenByPlayPuzzle",
    "Option",
    "PickPuzzle",
    "PlacesPuzzle",
    "PositionPuzzle",
    "Puzzle",
    "RecordPuzzle",
    "Registry",
    "RevolutionPuzzle",
    "RulesetsPuzzle",
    "SeatsPuzzle",
    "TributePuzzle",
    "TributeToPuzzle",
    "WhoIsMenPuzzle",
    "WhoMayActPuzzle",
    "WhoOpenedPuzzle",
    "XuandianPuzzle",
    "YieldPuzzle",
    "buy_puzzle",
    "declare",
    "nearest_play",
    "parse_rulesets",
    "parse_seats",
    "result_text",
    "revolution_puzzle",
    "seats_key",
    "xuandian_puzzle",
]
