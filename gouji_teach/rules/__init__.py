"""The rules of 够级, under four regional rule sets: cards and notation, plays and how they count, comparison,
够级 and 开点, the rule sets and the rule table, verdicts, the engine for a whole hand with its events and its
record, settlement and 进贡, and the readers of scenario and record files.

This folder imports only itself (a card or a play draws its picture from :mod:`gouji_teach.show` lazily, when
Jupyter shows it, as ``chess.svg`` is to python-chess). The names most users need are re-exported by
:mod:`gouji_teach`.
"""
