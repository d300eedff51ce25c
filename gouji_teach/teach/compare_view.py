"""The four rule sets side by side: one view with each set's verdict on a pair of plays (or on one play's
count, 够级 and 开点), the reason for each, and the sets that disagree marked.

>>> rows = across_rulesets("DD", "D")
>>> [(r.rules.name, r.ok) for r in rows]
[('qingdao', False), ('linyi', True), ('tongsu', True), ('zaozhuang', True)]
>>> rows[0].rule, rows[1].rule
('compare.size', 'compare.kill')
>>> [r.ok for r in across_rulesets("22333", "99999")]          # 贴钱 is refused under tongsu: None
[False, False, None, False]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.cards import parse_cards
from ..rules.compare import beats
from ..rules.errors import IllegalPlayError
from ..rules.gouji import can_kaidian, is_gouji
from ..rules.plays import Play
from ..rules.rulesets import Ruleset, all_rulesets
from ..rules.words import Lang
from ..show.i18n import pick, register, said, t
from ..show.markup import HtmlFragment, el, html

__all__ = ["RulesetAnswer", "across_rulesets", "across_rulesets_html", "compare_title"]

register({
    "compare.title.beats": ("{ch} 对 {tg}：四种规则", "{ch} against {tg}: the four rule sets"),
    "compare.title.play": ("{cards}：四种规则", "{cards}: the four rule sets"),
    "compare.col.rules": ("规则", "Rule set"),
    "compare.col.answer": ("结论", "Answer"),
    "compare.col.why": ("理由", "Why"),
    "compare.yes": ("能大过", "beats"),
    "compare.no": ("大不过", "does not beat"),
    "compare.illegal": ("不合规", "not a legal play"),
    "compare.differs": ("规则之间结论不同", "the rule sets disagree"),
    "compare.same": ("四种规则结论相同", "all four rule sets agree"),
    "compare.same.house": ("各种规则结论相同", "all the rule sets agree"),
    "compare.title.beats.house": ("{ch} 对 {tg}：各种规则", "{ch} against {tg}: the rule sets side by side"),
    "compare.title.play.house": ("{cards}：各种规则", "{cards}: the rule sets side by side"),
    "compare.play.answer": ("算作{text}；{gouji}；{kaidian}", "counts as {text}; {gouji}; {kaidian}"),
    "compare.gouji.yes": ("够级", "is 够级"),
    "compare.gouji.no": ("不够级", "not 够级"),
    "compare.kaidian.yes": ("能开点", "can 开点"),
    "compare.kaidian.no": ("不能开点", "cannot 开点"),
})


@dataclass(frozen=True, slots=True)
class RulesetAnswer:
    """One rule set's answer: ``ok`` is True/False, or None when a play is not legal under that set.

    For a single play, ``ok`` says whether it can 开点 and ``summary_zh``/``summary_en`` give its count."""

    rules: Ruleset
    ok: bool | None
    rule: str
    reason_zh: str
    reason_en: str
    summary_zh: str = ""
    summary_en: str = ""


def across_rulesets(challenger: str | Play, target: str | Play | None = None,
                    rulesets: tuple[Ruleset, ...] | None = None) -> list[RulesetAnswer]:
    """Each rule set's answer to "does ``challenger`` beat ``target``?" or, without a target, to "how does
    this play count, is it 够级, can it 开点?". Bad notation raises :class:`NotationError` (nothing to compare);
    a play that one set forbids is that set's answer (``ok=None``)."""
    texts = [x if isinstance(x, str) else x.notation for x in (challenger, target) if x is not None]
    for text in texts:
        parse_cards(text)
    answers = []
    for rules in rulesets or all_rulesets():
        try:
            plays = [Play.parse(text, rules) for text in texts]
        except IllegalPlayError as e:
            answers.append(RulesetAnswer(rules, None, e.rule or "play.shape", e.zh, e.en))
            continue
        if len(plays) == 2:
            v = beats(plays[0], plays[1], rules)
            answers.append(RulesetAnswer(rules, v.ok, v.rule, v.reason_zh, v.reason_en))
            continue
        play = plays[0]
        gouji, kaidian = is_gouji(play), can_kaidian(play)
        summary = [t("compare.play.answer", lang, text=pick(play.text_zh, play.text_en, lang),
                     gouji=t(f"compare.gouji.{'yes' if gouji else 'no'}", lang),
                     kaidian=t(f"compare.kaidian.{'yes' if kaidian else 'no'}", lang)) for lang in ("zh", "en")]
        answers.append(RulesetAnswer(rules, kaidian.ok, kaidian.rule, kaidian.reason_zh, kaidian.reason_en,
                                     summary[0], summary[1]))
    return answers


def across_rulesets_html(answers: list[RulesetAnswer], *, title: str = "", lang: Lang | None = None) -> HtmlFragment:
    """A table of the answers; rows whose answer differs from the first set's are marked with ◆ and a label,
    not only a colour.

    >>> table = across_rulesets_html(across_rulesets("DD", "D"), title="DD / D", lang="en")
    >>> table.count("<tr"), table.count("◆"), "<caption>DD / D — the rule sets disagree</caption>" in table
    (5, 3, True)
    """
    base = answers[0].ok if answers else None
    differs = any(a.ok != base for a in answers)
    rows = []
    for a in answers:
        if a.summary_zh:
            answer = pick(a.summary_zh, a.summary_en, lang)
        else:
            answer = t("compare.illegal" if a.ok is None else ("compare.yes" if a.ok else "compare.no"), lang)
        mark = "◆ " if a.ok != base else ""
        symbol = "—" if a.ok is None else ("✔" if a.ok else "✘")
        rows.append(el("tr", el("th", mark + pick(a.rules.title_zh, a.rules.title_en, lang), scope="row"),
                       el("td", f"{symbol} {answer}", style="min-width:5em"),  # kept readable on a phone
                       el("td", said(a.reason_zh, a.reason_en, lang)),
                       style="background:#fff3cd" if a.ok != base else None))
    head = el("tr", (el("th", t(k, lang), scope="col") for k in ("compare.col.rules", "compare.col.answer",
                                                                  "compare.col.why")))
    note = t("compare.differs" if differs else ("compare.same" if len(answers) == 4 else "compare.same.house"), lang)
    return html(el("table", el("caption", title + (" — " if title else "") + note), el("thead", head),
                   el("tbody", rows), cls="gj-compare", style="border-collapse:collapse;max-width:100%"))


def compare_title(challenger: str, target: str | None, lang: Lang | None = None) -> str:
    """The title of a comparison: ``'DD 对 D：四种规则'`` (with the app's house rules beside them, "各种规则")."""
    more = ".house" if len(all_rulesets()) > 4 else ""
    if target is None:
        return t(f"compare.title.play{more}", lang, cards=challenger)
    return t(f"compare.title.beats{more}", lang, ch=challenger, tg=target)

