"""Examples a course notebook shows: printed lines (verdicts, counted plays, settlements), each in its language,
the picture of a hand's tribute under several rule sets, and the table of the switches the rule sets disagree on.

A line is language-neutral (``"[qingdao]"``) or a pair ``(Chinese, English)``. The page shows each pair in the
page's language only: the HTML holds a ``lang="zh"`` and a ``lang="en"`` line, and the course page's script hides
the other language's lines as it hides the other half of the prose. The plain text (what nbval compares, and
what a notebook without the course's page shows) holds both.

>>> lines = printed(["[qingdao]", ("2是够级牌", "a 2 is 够级")])
>>> print(repr(lines))
[qingdao]
2是够级牌
    a 2 is 够级
>>> str(lines._repr_html_())
'<div class="gj-printed"><div>[qingdao]</div><div lang="zh">2是够级牌</div><div lang="en">a 2 is 够级</div></div>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.record import GameRecord
from ..rules.rulesets import PRESETS, SwitchChoice, TributeKind, all_rulesets, describe, find_ruleset, switches
from ..rules.settlement import settle
from ..rules.verdicts import cite_source, en_citation, zh_citation
from ..rules.words import Lang
from ..show.i18n import capital, get_language, named_rules, pick, register, t
from ..show.markup import HtmlFragment, el, html
from ..show.pictures import finish_svg, tribute_svg

__all__ = ["Printed", "hands_figure", "printed", "switch_differences", "tribute_figure"]

register({
    "printed.differ": ("四种规则不一样的地方", "Where the four rule sets differ"),
    "printed.differ.house": ("各种规则不一样的地方（* 自家规则改的，附俱乐部的说明）",
                             "Where the rule sets differ (* a house rule's change, with the club's note)"),
    "printed.switch": ("规则", "Rule"),
    "printed.table": ("见规则书", "see the rule book"),
})

Line = str | tuple[str, str]


@dataclass(frozen=True)
class Printed:
    """Printed example lines: plain text with both languages, HTML with one line per language; ``folded`` (a
    title in Chinese and English) shows them folded under that title, for the reader who wants every step."""

    lines: tuple[Line, ...]
    folded: tuple[str, str] | None = None

    def __repr__(self) -> str:
        return "\n".join(line if isinstance(line, str) else f"{line[0]}\n    {line[1]}" for line in self.lines)

    def _repr_html_(self) -> HtmlFragment:
        return self.html()

    def html(self, lang: Lang | None = None) -> HtmlFragment:
        """The lines as HTML: each pair as its two halves (the page hides the other language's), or, for ``lang``,
        that language's half only.

        >>> str(printed(["[qingdao]", ("2是够级牌", "a 2 is 够级")]).html("en"))
        '<div class="gj-printed"><div>[qingdao]</div><div lang="en">a 2 is 够级</div></div>'
        """
        rows = [_line(line, lang=lang) for line in self.lines]
        if self.folded is None:
            return html(el("div", *rows, cls="gj-printed"))
        return html(el("details", el("summary", _line(self.folded, "span", lang)), *rows, cls="gj-printed"))


def _line(line: Line, tag: str = "div", lang: Lang | None = None) -> tuple[object, ...]:
    """A line as the page shows it: a pair as its two halves (or its half in ``lang``), their cited rules by
    name."""
    if isinstance(line, str):
        return (el(tag, line),)
    halves = {"zh": el(tag, named_rules(line[0], "zh"), lang="zh"),
              "en": el(tag, named_rules(line[1], "en"), lang="en")}
    return (halves[lang],) if lang else (halves["zh"], halves["en"])


def printed(lines: Iterable[Line], folded: tuple[str, str] | None = None) -> Printed:
    """Example lines for a notebook cell to show (its last expression), each pair in the page's language; with
    ``folded``, folded under that title.

    >>> shown = str(printed(["a"], folded=("每一步", "every step"))._repr_html_())
    >>> shown.startswith('<details class="gj-printed"><summary><span lang="zh">每一步</span>'), shown.endswith(
    ...     '<span lang="en">every step</span></summary><div>a</div></details>')
    (True, True)
    """
    return Printed(tuple(lines), folded)


def tribute_figure(record: GameRecord, rule_sets: Sequence[str], lang: Lang | None = None) -> HtmlFragment:
    """How a hand ended (:func:`~gouji_teach.show.pictures.finish_svg`: who went out when, 闷, burns, 开点) and the
    tribute it costs under ``rule_sets`` (:func:`~gouji_teach.show.pictures.tribute_svg`): one picture for each
    different tribute, captioned with the rule sets that owe it, side by side where the screen is wide enough.

    >>> from gouji_teach.rules.record import Men
    >>> same = tribute_figure(GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4),
    ...                                  men=(Men(by=2, victim=5),)), ["qingdao", "zaozhuang"], lang="en")
    >>> same.count("<figcaption>"), "<figcaption>Qingdao, Zaozhuang</figcaption>" in same
    (1, True)
    >>> "seat 5 → seat 2: 1 × 闷贡" in same
    True
    >>> swept = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 4, 1, 3, 5))  # 串三户
    >>> tribute_figure(swept, ["qingdao", "zaozhuang"], lang="en").count("<figcaption>")
    2
    """
    finish = finish_svg(record.finish_order, men=[(m.victim, m.by) for m in record.men], lang=lang,
                        burns=[(b.burner, b.victim) for b in record.burns], kaidian=record.kaidian)
    owed: dict[tuple[tuple[TributeKind, int, int, int], ...], list[str]] = {}
    for name in rule_sets:
        rules = find_ruleset(name)
        tributes = settle(record, rules).tributes
        transfers = tuple(sorted((x.kind, x.payer, x.receiver, x.count) for x in tributes))
        owed.setdefault(transfers, []).append(pick(rules.title_zh, rules.title_en, lang))
    scale = 1.0 if len(owed) > 1 else 1.6  # drawn at its own width (labels in 11 px type); one alone larger
    tables = [el("figure", tribute_svg(transfers, lang=lang, scale=scale),
                el("figcaption", pick("、", ", ", lang).join(titles)),
                style=f"display:inline-block;vertical-align:top;width:{180 * scale:g}px;max-width:100%;"
                      "margin:0 12px 12px 0")
             for transfers, titles in owed.items()]
    return html(el("div", el("div", finish, style="max-width:360px"), el("div", *tables), cls="gj-tribute-figure"))


def hands_figure(records: Sequence[GameRecord], lang: Lang | None = None) -> HtmlFragment:
    """Hands as pictures: how each ended (:func:`~gouji_teach.show.pictures.finish_svg`: who went out when, who
    revolted), captioned with its rule set and every seat's points, side by side where the screen is wide enough.

    >>> figure = hands_figure([GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 4, 1, 3, 5))], "en")
    >>> "<figcaption><b>Qingdao</b>" in figure, "out 1st" in figure, "double, to 12 and -12" in figure
    (True, True, True)
    """
    figures = []
    for record in records:
        rules, result = find_ruleset(record.rules), settle(record)
        # the picture shows the order: the caption says the rest of the settlement, a line a step (≤ 4)
        steps = [r for r in (*result.places.reasons, *result.scores.reasons) if r.rule != "place.order"]
        caption = [el("b", pick(rules.title_zh, rules.title_en, lang)),
                   *(el("div", pick(r.zh, capital(r.en), lang),
                        title=pick(zh_citation(r.source), en_citation(r.source), lang)) for r in steps)]
        figures.append(el("figure", finish_svg(record.finish_order, revolution=record.revolution, lang=lang),
                          el("figcaption", caption),
                          style="display:inline-block;vertical-align:top;width:300px;margin:0 16px 16px 0"))
    return html(el("div", *figures, cls="gj-hands-figure"))


#: The values of the choice switches in words (the switch's meaning lists them).


def _value(value: Any, lang: Lang | None) -> str:
    """A switch's value in a table cell: ✔ or — for yes and no, kinds of tribute in order, numbers, names."""
    if isinstance(value, bool):
        return "✔" if value else "—"
    if isinstance(value, Mapping):
        return t("printed.table", lang)
    if isinstance(value, tuple):
        return " > ".join(v.zh for v in value) if all(isinstance(v, TributeKind) for v in value) else \
            ", ".join(str(v) for v in value)
    if isinstance(value, TributeKind):
        return value.zh
    if isinstance(value, SwitchChoice):
        return pick(value.zh, value.en, lang)
    return str(value) if value not in (None, "") else "—"


def switch_differences(lang: Lang | None = None) -> HtmlFragment:
    """The switches on which the four rule sets (and the app's house rule sets, beside them) disagree, one row
    each: what it decides, in ``lang``, and each rule set's value (✔ yes, — no), with the seed section it comes
    from on hover; a house rule's change is marked * with its club's note under it. Wider than a phone, it scrolls
    sideways in its box.

    >>> table = switch_differences("en")
    >>> "Where the four rule sets differ" in table, "2s may fill a set" in table, "number of packs" in table
    (True, True, True)
    """
    lang = lang or get_language()
    rules = all_rulesets()
    house = {(r.name, s) for r in rules[len(PRESETS):] for s in r.changes()}
    head = el("tr", el("th", t("printed.switch", lang), scope="col"),
              (el("th", pick(r.title_zh, r.title_en, lang), scope="col") for r in rules))
    body = []
    for name in switches():
        values = [getattr(r, name) for r in rules]
        if len({repr(v) for v in values}) > 1:
            meaning = pick(*describe(name, ids=False), lang)  # the values in words, as the cells say them
            body.append(el("tr", el("th", meaning, scope="row"),
                           (el("td", _value(v, lang), ["*", el("br"), el("small", cite_source(r.source(name), lang))]
                               if (r.name, name) in house else None, title=cite_source(r.source(name), lang))
                            for r, v in zip(rules, values, strict=True))))
    caption = t("printed.differ.house" if len(rules) > len(PRESETS) else "printed.differ", lang)
    table = el("table", el("caption", caption), el("thead", head), el("tbody", body),
               cls="gj-differences")
    return html(el("div", table, style="overflow-x:auto;max-width:calc(100vw - 2em)"))
