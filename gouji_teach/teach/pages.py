"""Page furniture for the course notebooks: the landing page, a stage's header and footer, and quizzes that
save progress. A notebook composes these; it holds no logic of its own.

    from gouji_teach.teach import course, pages
    session = course.start("compare")
    pages.header(session)
    ...
    pages.quiz(session, [("beats", "easy"), ("beats", "hard")])
    pages.footer(session)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as w

from ..compare import beats
from ..errors import GoujiError
from ..plays import Play
from ..rulesets import PRESETS, Ruleset, find_ruleset
from ..verdicts import RULES, cite
from .controls import defaults, make
from .course import GLOSSARY, HOME, STAGES, Session, stage
from .drills import make_drill
from .i18n import get_language, pick, register, set_language, subscribe, t
from .player import ScenarioPlayer
from .progress import ProgressStore
from .puzzles import Puzzle
from .render import play_html
from .table import puzzle_widget
from .widgets import Attempt, PuzzleWidget, RulesetComparison

__all__ = ["example", "footer", "glossary", "header", "landing", "picture", "quiz", "rulesets_view", "scenario",
           "store", "verdict_line"]

register({
    "page.course": ("够级教学", "Learn 够级"),
    "page.stage": ("第{n}课", "Stage {n}"),
    "page.goal": ("本课目标：", "Goal: "),
    "page.rules": ("规则：", "Rules: "),
    "page.lang": ("语言：", "Language: "),
    "page.learner": ("学员：{name}", "Learner: {name}"),
    "page.guest": ("没有登记名字：进度不会保存。请回到首页输入名字。",
                   "No name given: progress is not saved. Go back to the start page to enter your name."),
    "page.home": ("回到首页", "Back to the start page"),
    "page.next": ("下一课：{title}", "Next: {title}"),
    "page.prev": ("上一课：{title}", "Previous: {title}"),
    "page.summary": ("本课小结", "Summary"),
    "page.covered": ("本课讲到的规则：", "Rules covered:"),
    "page.quiz": ("练习", "Practice"),
    "page.saved": ("已保存", "saved"),
    "page.save_failed": ("进度没有保存：{why}", "Progress not saved: {why}"),
    "page.name": ("你的名字", "Your name"),
    "page.start": ("开始学习", "Start"),
    "page.stars": ("星", "stars"),
    "page.title": ("称号：{title}（{points}分）", "Title: {title} ({points} points)"),
    "page.stages": ("课程", "Stages"),
    "page.glossary": ("术语表", "Glossary"),
    "page.col.term": ("术语", "Term"),
    "page.col.pinyin": ("拼音", "Pinyin"),
    "page.col.en": ("英文", "English"),
    "page.col.stage": ("在哪一课", "Stage"),
    "page.compare": ("四种规则对照", "The four rule sets side by side"),
})

_STORE: list[ProgressStore] = []


def store() -> ProgressStore:
    """The progress store of this kernel (the file ``gouji-teach serve --progress`` names, or the default)."""
    if not _STORE:
        _STORE.append(ProgressStore())
    return _STORE[0]


def _link(href: str, text: str, *, current: bool = False) -> str:
    label = html.escape(text)
    return f"<b aria-current='page'>{label}</b>" if current else f"<a href='{html.escape(href)}'>{label}</a>"


def _switches(session: Session, lang: str) -> str:
    """Links to the same page in the other language and under the other rule sets (a reload keeps all)."""
    here = session.stage
    langs = " | ".join(_link(session.link(here, lang=code), name, current=code == lang)
                       for code, name in _LANGUAGE_NAMES)
    rules = " | ".join(_link(session.link(here, rules=r.name), pick(r.title_zh, r.title_en, lang),
                             current=r.name == session.rules.name) for r in PRESETS.values())
    return (f"<div class='gj-switches'>{html.escape(t('page.lang', lang))}{langs}<br>"
            f"{html.escape(t('page.rules', lang))}{rules}</div>")


_LANGUAGE_NAMES = (("zh", "中文"), ("en", "English"))


def _switch_controls(session: Session) -> w.Widget:
    """The page's language and rule-set switches: buttons that change its session in place. Everything on the
    page that follows the session redraws itself (puzzles are made again under the new rule set), and the page's
    address follows (the header's ``gj-state``), so a reload keeps the choice."""
    langs = {code: make(w.Button, description=name) for code, name in _LANGUAGE_NAMES}
    rules = {name: make(w.Button) for name in PRESETS}
    labels = {"page.lang": make(w.HTML), "page.rules": make(w.HTML)}

    def mark(_changed: object = None) -> None:
        lang = get_language()
        for key, label in labels.items():
            label.value = f"<span>{html.escape(t(key, lang))}</span>"
        for name, button in rules.items():
            button.description = pick(PRESETS[name].title_zh, PRESETS[name].title_en, lang)
        for buttons, current in ((langs, session.lang), (rules, session.rules.name)):
            for value, button in buttons.items():
                (button.add_class if value == current else button.remove_class)("gj-current")
                button.button_style = "info" if value == current else ""

    for code, button in langs.items():
        button.on_click(lambda _b, code=code: session.apply(session.query(lang=code)))
    for name, button in rules.items():
        button.on_click(lambda _b, name=name: session.apply(session.query(rules=name)))
    subscribe(mark)
    session.follow(mark)
    mark()
    row = {"flex_flow": "row wrap", "align_items": "center"}
    box = make(w.VBox, children=[make(w.HBox, children=[labels["page.lang"], *langs.values()], layout=row),
                                 make(w.HBox, children=[labels["page.rules"], *rules.values()], layout=row)])
    box.add_class("gj-switches")
    return box


class _Live(w.HTML):
    """An HTML widget that re-renders itself when the language changes, and when its session (if any) does."""

    def __init__(self, render: Callable[[str], str], session: Session | None = None) -> None:
        super().__init__(**defaults(w.HTML))
        self._render = render
        self.value = render(get_language())
        self._unsubscribe = subscribe(lambda lang: setattr(self, "value", self._render(lang)))
        if session is not None:
            session.follow(lambda _changed: setattr(self, "value", self._render(get_language())))


def header(session: Session) -> w.Widget:
    """The stage's title, goal, learner, and the language and rule-set switches (they change the page in place)."""
    number = STAGES.index(session.stage) + 1

    def render(lang: str) -> str:
        who = (html.escape(t("page.learner", lang, name=session.learner)) if session.learner
               else f"<span role='note'>⚠ {html.escape(t('page.guest', lang))}</span>")
        return (f"<header class='gj-header'><small>{html.escape(t('page.course', lang))} · "
                f"{html.escape(t('page.stage', lang, n=number))}</small>"
                f"<h2>{html.escape(session.stage.title(lang))}</h2>"
                f"<p><b>{html.escape(t('page.goal', lang))}</b>{html.escape(session.stage.goal(lang))}</p>"
                f"<p>{who} · {_link(session.link(HOME, lang=lang), t('page.home', lang))}</p>"
                f"<span class='gj-state' hidden data-query='{html.escape(session.query())}'></span></header>")

    return _Header(_Live(render, session), _switch_controls(session))


class _Header(w.VBox):
    """A stage's header: its text (``value``, the HTML as it is now) above the page's switches."""

    def __init__(self, text: w.HTML, switches: w.Widget) -> None:
        super().__init__(children=[text, switches], **defaults(w.VBox))
        self.add_class("gj-header-box")

    @property
    def value(self) -> str:
        return self.children[0].value


def _record(session: Session, attempt: Attempt, status: w.HTML) -> None:
    if not session.learner:
        return
    try:
        store().record_attempt(session.learner, session.stage.id, attempt.puzzle.puzzle_id,
                               rules=attempt.feedback.rule_ids, correct=attempt.feedback.correct,
                               answer=attempt.answer[:200])
    except GoujiError as e:  # the answer still counts on the page; say why it was not saved
        status.value = f"<small role='alert'>{html.escape(t('page.save_failed', why=pick(e.zh, e.en)))}</small>"


def quiz(session: Session, drills: Sequence[tuple[str, str] | tuple[str, str, int]], *,
         presenter: bool = False) -> w.Widget:
    """Puzzles for this stage under the session's rule set: ``(kind, level)`` or ``(kind, level, number)``.

    Without a number, drills are numbered 1, 2, … per kind and level on this stage, so the page is the same for
    everyone and an instructor can name "drill 2" aloud. Every answer is saved for the session's learner. When
    the session's rule set changes, the quiz shows the same drills made under it.
    """
    status = make(w.HTML)
    title = _Live(lambda lang: f"<h3>{html.escape(t('page.quiz', lang))}</h3>")

    def puzzles() -> list[Puzzle]:
        counters: dict[tuple[str, str], int] = {}
        made = []
        for spec in drills:
            kind, level = spec[0], spec[1]
            counters[kind, level] = counters.get((kind, level), 0) + 1
            number = spec[2] if len(spec) > 2 else counters[kind, level]  # type: ignore[misc]
            made.append(make_drill(kind, number, level=level, rules=session.rules))
        return made

    def widget(puzzle: Puzzle) -> PuzzleWidget:
        return puzzle_widget(puzzle, presenter=presenter, on_attempt=lambda a: _record(session, a, status))

    shown = [widget(puzzle) for puzzle in puzzles()]
    box = make(w.VBox, children=[title, *(x.box for x in shown), status])

    def follow(changed: set[str]) -> None:
        if "rules" not in changed:
            return
        for i, puzzle in enumerate(puzzles()):
            if not shown[i].show(puzzle):  # answered with other controls: a widget of its own
                shown[i].close()
                shown[i] = widget(puzzle)
        box.children = [title, *(x.box for x in shown), status]

    session.follow(follow)
    return box


def footer(session: Session) -> w.Widget:
    """Summary of the rules the stage covered (with seed citations under the session's rule set) and links to
    the previous and next stages."""
    index = STAGES.index(session.stage)

    def render(lang: str) -> str:
        items = "".join(
            f"<li>{html.escape(pick(RULES[r].zh, RULES[r].en, lang))} "
            f"<small>[{html.escape(r)}, {html.escape(cite(r, session.rules))}]</small></li>"
            for r in session.stage.rules)
        covered = (f"<p>{html.escape(t('page.covered', lang))}</p><ul>{items}</ul>" if items else "")
        nav = []
        if index > 0:
            prev = STAGES[index - 1]
            nav.append(_link(session.link(prev, lang=lang), t("page.prev", lang, title=prev.title(lang))))
        if index + 1 < len(STAGES):
            nxt = STAGES[index + 1]
            nav.append(_link(session.link(nxt, lang=lang), t("page.next", lang, title=nxt.title(lang))))
        return (f"<footer class='gj-footer'><h3>{html.escape(t('page.summary', lang))}</h3>{covered}"
                f"<nav>{' · '.join(nav)}</nav></footer>")

    return _Live(render, session)


def example(challenger: str, target: str, session: Session) -> w.Widget:
    """Two plays as pictures and the engine's verdict under the session's rule set, explained."""

    def render(lang: str) -> str:
        rules = session.rules
        ch, tg = Play.parse(challenger, rules), Play.parse(target, rules)
        verdict = beats(ch, tg, rules)
        mark = "✔" if verdict else "✘"
        return (f"<figure class='gj-example'>{play_html(ch, lang=lang)}<span aria-hidden='true'> ⟶ </span>"
                f"{play_html(tg, lang=lang)}<figcaption>{mark} "
                f"{html.escape(pick(verdict.reason_zh, verdict.reason_en, lang))}</figcaption></figure>")

    return _Live(render, session)


def picture(session: Session, draw: Callable[[Session], str]) -> w.Widget:
    """A picture that follows the session: ``draw(session)`` (e.g. a :mod:`.render` drawing under
    ``session.rules``) is drawn again when the rule set or the language changes.

        pages.picture(session, lambda s: render.play_html(Play.parse("XX888", s.rules)))
    """
    return _Live(lambda _lang: str(draw(session)), session)


def scenario(session: Session, name: str | Path, *, presenter: bool = False) -> ScenarioPlayer:
    """The page's scenario player: it opens at the step of the page's address (``?step=N``) and goes there
    when the address arrives; the session (and so the address) follows the step the learner is at."""
    player = ScenarioPlayer(name, presenter=presenter, start_step=session.step)
    session.follow(lambda changed: player.go(session.step) if "step" in changed else None)
    player.step.observe(lambda change: session.apply(session.query(step=int(change["new"]))), names="value")
    return player


def verdict_line(challenger: str, target: str, rules: Ruleset | str) -> str:
    """The verdict in both languages as text (for printed examples that nbval checks)."""
    rules = find_ruleset(rules)
    v = beats(Play.parse(challenger, rules), Play.parse(target, rules), rules)
    return f"{challenger} → {target}: {'✔' if v else '✘'} {v.reason_zh}\n    {v.reason_en}"


def glossary(stage_id: str | None = None) -> w.Widget:
    """The glossary (of one stage, or all of it) as a table."""
    terms = [term for term in GLOSSARY if stage_id is None or term.stage == stage_id]

    def render(lang: str) -> str:
        head = "".join(f"<th scope='col'>{html.escape(t(k, lang))}</th>"
                       for k in ("page.col.term", "page.col.pinyin", "page.col.en", "page.col.stage"))
        rows = "".join(f"<tr><th scope='row' lang='zh'>{html.escape(x.zh)}</th><td>{html.escape(x.pinyin)}</td>"
                       f"<td>{html.escape(x.en)}</td><td>{html.escape(stage(x.stage).title(lang))}</td></tr>"
                       for x in terms)
        return (f"<table class='gj-glossary'><caption>{html.escape(t('page.glossary', lang))}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")

    return _Live(render)


def rulesets_view(challenger: str = "DD", target: str = "D") -> w.Widget:
    """The four rule sets side by side for plays the learner types."""
    view = RulesetComparison(challenger, target)
    title = _Live(lambda lang: f"<h3>{html.escape(t('page.compare', lang))}</h3>")
    return make(w.VBox, children=[title, view.box])


def landing(session: Session) -> w.Widget:
    """The start page: the learner's name, stars per stage and title, language and rule-set choice, links."""
    name = make(w.Text, value=session.learner, placeholder=t("page.name"), continuous_update=False)
    go = make(w.HTML)
    stages = make(w.HTML)

    def refresh(lang: str | None = None) -> None:
        lang = lang or get_language()
        learner = name.value.strip()[:200]
        current = Session(session.stage, learner, session.rules, lang)
        stars: dict[str, int] = {}
        heading = ""
        if learner:
            try:
                record = store().learner(learner)
                stars = store().stage_stars(record)
                title_zh, title_en = store().title(record)
                heading = (f"<p>{html.escape(t('page.learner', lang, name=learner))} · "
                           f"{html.escape(t('page.title', lang, title=pick(title_zh, title_en, lang), points=store().points(record)))}</p>")  # noqa: E501
            except GoujiError as e:
                heading = f"<p role='alert'>⚠ {html.escape(pick(e.zh, e.en, lang))}</p>"
        else:
            heading = f"<p role='note'>{html.escape(t('page.guest', lang))}</p>"
        rows = "".join(
            f"<li>{_link(current.link(s), f'{i}. ' + s.title(lang))} "
            f"<span class='gj-stage-stars' aria-label='{stars.get(s.id, 0)} {t('page.stars', lang)}'>"
            f"{'★ ' + str(stars[s.id]) if stars.get(s.id) else ''}</span></li>"
            for i, s in enumerate(STAGES, start=1))
        stages.value = (f"{heading}{_switches(current, lang)}"
                        f"<h3>{html.escape(t('page.stages', lang))}</h3><ol class='gj-stages'>{rows}</ol>")
        first = current.link(STAGES[0])
        go.value = f"<a class='gj-start' href='{html.escape(first)}'>{html.escape(t('page.start', lang))} →</a>"
        name.placeholder = t("page.name", lang)

    def follow(_changed: set[str]) -> None:
        if name.value != session.learner:
            name.value = session.learner  # which refreshes
        else:
            refresh()

    name.observe(lambda _c: refresh(), names="value")
    subscribe(refresh)
    session.follow(follow)
    set_language(session.lang)
    refresh()
    return make(w.VBox, children=[make(w.HBox, children=[name, go], layout={"flex_flow": "row wrap"}), stages,
                                  glossary()])

