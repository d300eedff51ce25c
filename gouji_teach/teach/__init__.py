"""The teaching layer: pictures, puzzles, drills, the scenario player and saved progress.

It imports the rules core; the core never imports it (objects of the core import the renderers lazily for
their ``_repr_html_``). Pictures are pure functions returning SVG/HTML strings; widgets only wire pure checks.
"""
