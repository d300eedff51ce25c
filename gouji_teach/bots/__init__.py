"""Computer players and the coach: :mod:`~gouji_teach.bots.players` (the simple player and whole hands played
by computers), :mod:`~gouji_teach.bots.strategy` (the practice table's team player and matches) and
:mod:`~gouji_teach.bots.coach` (what the practice table says of each event). They see only what a seat at the
table sees, and play through :mod:`gouji_teach.rules`.
"""
