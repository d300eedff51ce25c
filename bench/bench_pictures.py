"""Benchmark of the pictures: how long one picture takes to draw, in milliseconds of process CPU time.

    python bench/bench_pictures.py

A page of the practice table draws the table, a hand and the round at every action, so these times add up per
click. Each figure is the best of five windows of 200 drawings (CPU time, so other jobs sharing the machine
do not inflate it).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gouji_teach import Hand, Play
from gouji_teach.show.pictures import SeatView, TableView, card_svg, hand_html, play_html, round_html, table_svg

HAND = Hand.parse("D X 2 2 A K K Q J 10 10 9 8 7 7 6 5 4 3 3")
PLAY = Play.parse("DD2229999")
TABLE = TableView(seats=tuple(SeatView(seat=s, cards_left=30 - s, last_action="过" if s % 2 else None)
                              for s in range(6)), to_act=1, viewer=2, current_play=PLAY, rules="qingdao")
ROUND = [(0, Play.parse("KK")), (1, "pass"), (2, Play.parse("AA")), (3, "让牌")]


def best_ms(draw: Callable[[], str], n: int = 200, windows: int = 5) -> float:
    best = float("inf")
    for _ in range(windows):
        start = time.process_time()
        for _ in range(n):
            draw()
        best = min(best, (time.process_time() - start) / n)
    return 1000 * best


def main() -> None:
    cases: list[tuple[str, Callable[[], str]]] = [
        ("card_svg, one card", lambda: card_svg(HAND.cards[0], lang="en")),
        ("hand_html, 20 cards", lambda: hand_html(HAND, lang="en")),
        ("play_html, DD2229999", lambda: play_html(PLAY, lang="en")),
        ("table_svg, six seats and a play", lambda: table_svg(TABLE, lang="en")),
        ("round_html, four turns", lambda: round_html(ROUND, lang="en")),
    ]
    for name, draw in cases:
        print(f"{name:34s} {best_ms(draw):6.2f} ms")


if __name__ == "__main__":
    main()
