"""Page furniture for the course notebooks: the landing page, a stage's header and footer, and quizzes that
save progress. A notebook composes these; it holds no logic of its own.

    from gouji_teach.teach import course, pages
    session = course.start("compare")
    pages.header(session)
    ...
    pages.quiz(session)          # the stage's own drills (course.STAGES)
    pages.footer(session)
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import ipywidgets as w

from ..rules.compare import beats
from ..rules.errors import GoujiError
from ..rules.plays import Play
from ..rules.rulesets import Ruleset, all_rulesets, find_ruleset
from ..rules.verdicts import Verdict
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, said, set_language, t
from ..show.markup import Element, HtmlFragment, el, html, joined
from ..show.pictures import play_html
from .book import book_html, cited_items, contradictions
from .compare_view import across_rulesets, across_rulesets_html, compare_title
from .controls import defaults, make, whole
from .course import GLOSSARY, HOME, RULEBOOK, STAGES, Session, Term, hub_user, names, stage, step_key
from .drills import Level, levels_of, make_drill, next_drill, number_drills
from .exam import exam_link
from .identity import signed_in
from .lessons import (
    LESSON_PAGE,
    family_scenarios,
    family_step_keys,
    instructor_lessons,
    lesson_link,
    page_terms,
    present_link,
    stage_scenarios,
)
from .names import format_key, normal_key
from .player import ScenarioPlayer
from .printed import Line, Printed
from .printed import printed as _printed
from .progress import Learner, NameTaken, ProgressError, store
from .puzzles import Puzzle
from .report import learner_map, rule_stage, rule_title
from .saving import Unsaved, learner_reason
from .table import puzzle_widget
from .view import follow_language
from .widgets import Attempt, Kept, OpenDrills, PuzzleWidget, RulesetComparison

__all__ = ["compared", "count_line", "example", "family_example", "footer", "glossary", "header", "judged_line",
           "landing", "next_level", "next_stage", "open_drills", "picture", "play_picture", "printed", "quiz",
           "rule_book", "rulesets_view", "scenario", "stage_most", "stage_stars", "store", "verdict_line"]

register({
    "page.course": ("够级教学", "Learn 够级"),
    "page.family_example": ("{rules}自己的例子", "Examples only {rules} has"),
    "page.lines_under": ("按{rules}：", "Under {rules}:"),
    "page.refused_play": ("✘ {cards}：{why}", "✘ {cards}: {why}"),
    "page.stage": ("第{n}课", "Stage {n}"),
    "page.goal": ("本课目标：", "Goal: "),
    "page.rules": ("规则：", "Rules: "),
    "page.lang": ("语言：", "Language: "),
    "page.learner": ("学员：{name}", "Learner: {name}"),
    "page.guest": ("没有登记名字：进度不会保存。请回到首页输入名字。",
                   "No name given: progress is not saved. Go back to the start page to enter your name."),
    "page.home": ("回到首页", "Back to the start page"),
    "page.guest.home": ("没有登记名字：进度不会保存。在上面输入你的名字。",
                        "No name given: progress is not saved. Enter your name above."),
    "page.rulebook": ("{rules}的完整规则书（可打印）", "The whole rule book of {rules} (printable)"),
    "page.contradiction": ("规则书自相矛盾：", "A seed contradicts itself: "),
    "page.next": ("下一课：{title}", "Next: {title}"),
    "page.prev": ("上一课：{title}", "Previous: {title}"),
    "page.summary": ("本课小结", "Summary"),
    "page.covered": ("本课讲到的规则：", "Rules covered:"),
    "page.quiz": ("练习", "Practice"),
    "page.saved": ("已保存", "saved"),
    "page.save_failed": ("进度没有保存：{why}", "Progress not saved: {why}"),
    "page.name": ("你的名字", "Your name"),
    "page.start": ("开始学习", "Start"),
    "page.title": ("称号：{title}（{points}分）", "Title: {title} (points: {points})"),
    "page.stages": ("课程", "Stages"),
    "page.glossary": ("术语表", "Glossary"),
    "page.glossary.others": ("其他课的术语", "Terms of the other stages"),
    "page.col.term": ("术语", "Term"),
    "page.col.pinyin": ("拼音", "Pinyin"),
    "page.col.en": ("英文", "English"),
    "page.col.stage": ("在哪一课", "Stage"),
    "page.compare": ("四种规则对照", "The four rule sets side by side"),
    "level.n": ("第{n}关", "Level {n}"),
    "level.all": ("这一课的关", "The levels of this stage"),
    "level.title": ("第{n}关：{goal}", "Level {n}: {goal}"),
    "level.par": ("标准：{n}道题，每道第一次就答对", "Par: {n} puzzles, each right at the first try"),
    "level.par1": ("标准：1道题，第一次就答对", "Par: 1 puzzle, right at the first try"),
    "level.done": ("过关", "passed"),
})


def _link(href: str, text: str, *, current: bool = False) -> Element:
    return el("b", text, aria_current="page") if current else el("a", text, href=href)


def _switches(session: Session, lang: Lang) -> Element:
    """Links to the same page in the other language and under the other rule sets (a reload keeps all)."""
    here = session.stage
    langs = joined(" | ", (_link(session.link(here, lang=code), name, current=code == lang)
                           for code, name in _LANGUAGE_NAMES))
    rules = joined(" | ", (_link(session.link(here, rules=r.ref), pick(r.title_zh, r.title_en, lang),
                                 current=r.ref == session.rules.ref) for r in all_rulesets()))
    return el("div", t("page.lang", lang), langs, el("br"), t("page.rules", lang), rules, cls="gj-switches")


_LANGUAGE_NAMES = (("zh", "中文"), ("en", "English"))


def _switch_controls(session: Session) -> w.Widget:
    """The page's language and rule-set switches: buttons that change its session in place. Everything on the
    page that follows the session redraws itself (puzzles are made again under the new rule set), and the page's
    address follows (the header's ``gj-state``), so a reload keeps the choice."""
    langs = {code: make(w.Button, description=name) for code, name in _LANGUAGE_NAMES}
    offered = {r.ref: r for r in all_rulesets()}  # the families, and the app's house rules
    rules = {ref: make(w.Button, layout={"width": "auto"}) for ref in offered}  # whole titles, even at 390 px
    labels = {"page.lang": make(w.HTML), "page.rules": make(w.HTML)}

    def mark(_changed: object = None) -> None:
        lang = get_language()
        for key, label in labels.items():
            label.value = html(el("span", t(key, lang)))
        for ref, button in rules.items():
            button.description = pick(offered[ref].title_zh, offered[ref].title_en, lang)
        for buttons, current in ((langs, session.lang), (rules, session.rules.ref)):
            for value, button in buttons.items():
                (button.add_class if value == current else button.remove_class)("gj-current")
                button.button_style = "info" if value == current else ""

    for code, button in langs.items():
        button.on_click(lambda _b, code=code: session.apply(session.query(lang=code)))
    for name, button in rules.items():
        button.on_click(lambda _b, name=name: session.apply(session.query(rules=name)))
    session.follow(mark)
    mark()
    row = {"flex_flow": "row wrap", "align_items": "center"}
    box = make(w.VBox, children=[make(w.HBox, children=[labels["page.lang"], *langs.values()], layout=row),
                                 make(w.HBox, children=[labels["page.rules"], *rules.values()], layout=row)])
    box.add_class("gj-switches")
    follow_language(box, mark)
    return box


class _Live(w.HTML):
    """An HTML widget that re-renders itself when the language changes, and when its session (if any) does."""

    def __init__(self, render: Callable[[str], str], session: Session | None = None) -> None:
        super().__init__(**defaults(w.HTML))
        self._render = render
        self.value = render(get_language())
        follow_language(self, self._redraw)
        if session is not None:
            session.follow(lambda _changed: self._redraw())

    def _redraw(self) -> None:
        self.value = self._render(get_language())


@whole
def header(session: Session) -> w.Widget:
    """The stage's title, goal, learner, and the language and rule-set switches (they change the page in place)."""
    number = STAGES.index(session.stage) + 1

    refused: list[GoujiError] = []  # the store's refusal of the session's name (without its pass key)

    def sign_in(changed: set[str]) -> None:
        if changed & {"learner", "passkey"}:
            refused[:] = _refusal(session)

    def render(lang: Lang) -> HtmlFragment:
        return html(el("header", el("small", f"{t('page.course', lang)} · {t('page.stage', lang, n=number)}"),
                       el("h2", session.stage.title(lang)),
                       el("p", el("b", t("page.goal", lang)), session.stage.goal(lang)),
                       el("p", _who(session, refused, lang), " · ",
                          _link(session.link(HOME, lang=lang), t("page.home", lang))),
                       el("span", cls="gj-state", hidden=True, data_query=session.query()), cls="gj-header"))

    # the name's pass key, typed here when the name is taken (the learner on another computer): the page's session
    # takes it, the header signs in again and the address and every link carry it; hidden while not refused
    key = make(w.Text, placeholder=t("passkey.box"), continuous_update=False)
    key.layout = w.Layout(width="12em")  # its own: shown and hidden (a shared layout would hide others)
    key.add_class("gj-key")

    def show_key(_changed: object = None) -> None:
        key.layout.display = None if any(isinstance(e, NameTaken) for e in refused) else "none"
        key.placeholder = t("passkey.box", get_language())

    def typed(change: dict) -> None:
        if normal_key(change["new"]) and normal_key(change["new"]) != session.passkey:
            session.apply(session.query(passkey=normal_key(change["new"])))

    session.follow(sign_in)  # before the header's own follower: it redraws with the verdict
    sign_in({"learner"})
    text = _Live(render, session)
    session.follow(show_key)
    show_key()
    key.observe(typed, names="value")
    follow_language(key, show_key)
    return _Header(text, key, _switch_controls(session))


def _refusal(session: Session) -> list[GoujiError]:
    """Sign the session's learner in (a new name gets its pass key); the store's refusal, if it refuses the name
    (nothing for a store out of reach: its answers wait, and the page says so then)."""
    if not session.learner:
        return []
    try:
        signed_in(session, store())
    except ProgressError:
        return []
    except GoujiError as e:
        return [e]
    return []


def _who(session: Session, refused: Sequence[GoujiError], lang: Lang) -> Element:
    """The header's learner: the name and its pass key, or why nothing is saved."""
    if not session.learner:
        return el("span", "⚠ " + t("page.guest", lang), role="note")
    if refused:
        return el("span", "⚠ " + learner_reason(refused[0], lang), role="alert", cls="gj-refused")
    key = el("span", " · " + t("passkey.shown", lang, code=format_key(session.passkey)), cls="gj-passkey") \
        if session.passkey else None
    return el("span", t("page.learner", lang, name=session.learner), key)


class _Header(w.VBox):
    """A stage's header: its text (``value``, the HTML as it is now) above the page's switches."""

    def __init__(self, text: w.HTML, *controls: w.Widget) -> None:
        super().__init__(children=[text, *controls], **defaults(w.VBox))
        self.add_class("gj-header-box")

    @property
    def value(self) -> str:
        return self.children[0].value


class _Saving:
    """A quiz's status line: what the store refused, or the answers waiting for it (:class:`~.saving.Unsaved`)."""

    def __init__(self) -> None:
        self.status = make(w.HTML)
        self.unsaved = Unsaved(self.draw)
        self._refused: GoujiError | None = None
        self._writes = itertools.count()

    def save(self, write: Callable[[], object], key: object = None) -> bool:
        """Run ``write`` through :attr:`unsaved` (each write waits on its own, unless a ``key`` says it replaces
        one); ``True`` if it is saved now."""
        try:
            saved = self.unsaved.save(next(self._writes) if key is None else key, write)
        except GoujiError as e:  # the answer still counts on the page; say why it was not saved
            self._refused = e
            saved = False
        else:
            self._refused = None
        self.draw()
        return saved

    def draw(self) -> None:
        lang = get_language()
        if self._refused is not None:
            why = learner_reason(self._refused, lang)
            self.status.value = html(el("small", t("page.save_failed", lang, why=why), role="alert"))
        else:
            self.status.value = self.unsaved.html(lang)


def _record(session: Session, attempt: Attempt, saving: _Saving) -> Kept | None:
    """Save an answer (or a shown answer) for the session's learner; return what the store keeps for the drill
    (the stars of its first solve, from its history there), which the widget shows, or ``None`` if nothing is
    saved (yet: while the store is out of reach it waits, and the page says so)."""
    if not session.learner:
        return None
    puzzle_id, stage_id = attempt.puzzle.puzzle_id, session.stage.id
    done: dict[str, object] = {}

    def write() -> None:  # tried again while the store is out of reach: each step once
        if "learner" not in done:
            done["learner"] = signed_in(session, store())
        learner = done["learner"]
        if attempt.answer and "attempt" not in done:
            done["attempt"] = store().record_attempt(learner, stage_id, puzzle_id, rules=attempt.feedback.rule_ids,
                                                     correct=attempt.feedback.correct, answer=attempt.answer[:200],
                                                     choices=len(attempt.puzzle.choices))
        if attempt.shown and "shown" not in done:
            done["shown"] = store().record_shown(learner, stage_id, puzzle_id)
        done["result"] = store().drill_result(learner, stage_id, puzzle_id)

    if not saving.save(write):
        return None
    result, stored = done["result"], done.get("attempt")
    if result is None:
        return None
    now = stored is not None and result.attempt_id == stored.id
    return Kept(result.stars, result.attempt if now else None, result.hinted)


def _record_hint(session: Session, puzzle: Puzzle, saving: _Saving) -> None:
    """Keep that the session's learner asked for the drill's hint (its first solve earns a star less)."""
    if session.learner and puzzle.puzzle_id:
        stage_id, puzzle_id = session.stage.id, puzzle.puzzle_id
        saving.save(lambda: store().record_hint(signed_in(session, store()), stage_id, puzzle_id),
                    key=("hint", puzzle_id))


#: How many drills the quiz tries for one that the page does not print (:func:`printed`).
_REDRAWS = 20
_OPEN: dict[int, OpenDrills] = {}  # each page's open drills, by its session (dropped with the session)


def open_drills(session: Session) -> OpenDrills:
    """The drills the page of ``session`` asks (its :func:`quiz` shows them there), which the page's tools
    (:func:`rulesets_view`, :func:`compared`) do not answer while they are open."""
    key = id(session)
    if key not in _OPEN:
        _OPEN[key] = OpenDrills()
        weakref.finalize(session, _OPEN.pop, key, None)
    return _OPEN[key]


def _heading(key: str) -> w.Widget:
    """A section's heading (the message ``key``), in the page's language."""
    return _Live(lambda lang: html(el("h3", t(key, lang))))


def _kept_stars(session: Session) -> dict[tuple[str, str], int] | None:
    """The session's learner's best stars on its stage as the store keeps them (:meth:`~.progress.ProgressStore.stars`):
    empty for a guest, ``None`` when the store cannot say (a name taken, the store out of reach)."""
    if not session.learner:
        return {}
    try:
        return store().stars(signed_in(session, store()), session.stage.id)
    except GoujiError:
        return None


def _levels_html(levels: Sequence[Level], kept: dict[tuple[str, str], int], rules: str, lang: Lang) -> HtmlFragment:
    """The row of a quiz's levels (lichess style): each a link to its place on the page with its stars, the first
    not yet full marked as the next."""
    upcoming = next((lv for lv in levels if lv.stars(kept, rules) < lv.most), None)

    def pill(lv: Level) -> Element:
        got, done, nxt = lv.stars(kept, rules), lv.stars(kept, rules) >= lv.most, lv is upcoming
        colour = "#2e7d32" if done else ("#c62828" if nxt else "#607d8b")
        return el("a", t("level.n", lang, n=lv.number), " ", el("span", ("★ " if got else "☆ ") + f"{got}/{lv.most}",
                                                                aria_label=t("page.stars_of", lang, n=got,
                                                                             most=lv.most)),
                  " ✔" if done else "", href=f"#{lv.anchor}", title=lv.goal(lang),
                  cls="gj-level-link" + (" gj-level-next" if nxt else "") + (" gj-level-done" if done else ""),
                  style=f"display:inline-block;padding:4px 10px;margin:0 6px 6px 0;border-radius:14px;font-size:15px;"
                        f"text-decoration:none;color:{colour};border:{'2px' if nxt else '1px'} solid {colour}")

    return html(el("nav", (pill(lv) for lv in levels), cls="gj-levels", aria_label=t("level.all", lang)))


def _level_html(level: Level, kept: dict[tuple[str, str], int], rules: str, lang: Lang) -> HtmlFragment:
    """A level's heading: its number and goal line (its place on the page, for a link), its par and its stars."""
    got = level.stars(kept, rules)
    return html(el("h4", t("level.title", lang, n=level.number, goal=level.goal(lang)), id=level.anchor,
                   cls="gj-level", style="margin:16px 0 2px;font-size:17px;scroll-margin-top:8px"),
                el("p", t("level.par" if len(level.drills) > 1 else "level.par1", lang, n=len(level.drills)), " · ",
                   el("b", ("★ " if got else "☆ ") + t("page.stars_of", lang, n=got, most=level.most)),
                   " ✔ " + t("level.done", lang) if got >= level.most else "",
                   cls="gj-level-par", style="margin:0 0 6px;color:#455a64"))


@whole
def quiz(session: Session, drills: Sequence[tuple[str, str]] | None = None, *, presenter: bool = False) -> w.Widget:
    """Puzzles for this stage under the session's rule set: ``(kind, level)`` pairs, by default the stage's own
    drills (:attr:`~gouji_teach.teach.course.Stage.drills`), as a short sequence of levels, one idea each
    (:func:`~.drills.levels_of`: a goal line, a par, the stars the store keeps for the learner, a link
    ``#level-N``; a row of them on top marks the next).

    Drills are numbered by the stage, ``<stage id>.1``, ``.2``, … per kind and level (:func:`~.drills.number_drills`),
    so the page is the same for everyone and an instructor can name "drill 2" aloud. Every answer is saved for the
    session's learner, and each drill shows the stars the store keeps for it (its first solve). When the session's
    rule set changes, the quiz shows the same drills made under it. The box's ``puzzle_widgets`` are its
    PuzzleWidgets, in the page's order.

    The page's tools know its drills (:func:`open_drills`): they answer none while it is open. A drill whose answer
    the page prints above it (:func:`printed`) gives way to the next drill of its kind and level (``.1001``).
    """
    levels = levels_of(session.stage.id, number_drills(session.stage.id, [
        (spec[0], spec[1]) for spec in (session.stage.drills if drills is None else drills)]),
        review=session.stage.review)
    numbered = [d for lv in levels for d in lv.drills]
    saving = _Saving()
    status = saving.status
    title = _heading("page.quiz")
    page = open_drills(session)
    kept: dict[tuple[str, str], int] = {}

    def unprinted(puzzle: Puzzle) -> Puzzle:
        """The drill, or (if the page prints its answer above: :func:`printed`) the next of its kind and level
        that the page does not print."""
        for _ in range(_REDRAWS):
            if not page.printed(puzzle):
                break
            puzzle = next_drill(puzzle) or puzzle
        return puzzle

    def puzzles() -> list[Puzzle]:
        return [unprinted(make_drill(kind, number, level=level, rules=session.rules))
                for kind, level, number in numbered]

    def stars_from_store() -> None:
        """The stars the store keeps now (kept as they were while it cannot say), drawn on every level."""
        now = _kept_stars(session)
        if now is not None:
            kept.clear()
            kept.update(now)
        for widget in heads:
            widget._redraw()

    def attempted(attempt: Attempt) -> Kept | None:
        result = _record(session, attempt, saving)
        stars_from_store()
        return result

    def widget(puzzle: Puzzle) -> PuzzleWidget:
        return puzzle_widget(puzzle, presenter=presenter, on_attempt=attempted,
                             on_hint=lambda p: _record_hint(session, p, saving))

    strip = _Live(lambda lang: _levels_html(levels, kept, session.rules.key, lang) if len(levels) > 1 else "")
    heads = [strip, *(_Live(lambda lang, lv=lv: _level_html(lv, kept, session.rules.key, lang)) for lv in levels)]
    shown = [widget(puzzle) for puzzle in puzzles()]

    def children() -> list[w.Widget]:
        at = iter(shown)
        return [title, strip, *itertools.chain.from_iterable(
            (head, *(next(at).box for _ in lv.drills)) for head, lv in zip(heads[1:], levels, strict=True)), status]

    box = make(w.VBox, children=children())
    box.puzzle_widgets = shown  # the PuzzleWidgets, in order (a plain attribute: never synced to the browser)
    box.unsaved = saving.unsaved  # the answers waiting for the store (also a plain attribute)
    page.show(shown)  # the page's tools answer none of them while they are open
    stars_from_store()

    def follow(changed: set[str]) -> None:
        if "learner" in changed or "passkey" in changed:
            stars_from_store()
        if "rules" not in changed:
            return
        for i, puzzle in enumerate(puzzles()):
            if not shown[i].show(puzzle):  # answered with other controls: a widget of its own
                shown[i].close()
                shown[i] = widget(puzzle)
        box.children = children()
        page.show(shown)
        stars_from_store()

    session.follow(follow)
    return box


@whole
def footer(session: Session) -> w.Widget:
    """Summary of the rules the stage covered (with seed citations under the session's rule set) and links to
    the previous and next stages."""
    index = STAGES.index(session.stage)

    def render(lang: Lang) -> HtmlFragment:
        items = cited_items(session.stage.rules, session.rules, lang)
        covered = [el("p", t("page.covered", lang)), el("ul", items)] if items else []
        warnings = [el("p", "⚠ " + t("page.contradiction", lang) + pick(c.zh, c.en, lang), cls="gj-contradiction")
                    for c in contradictions(session.stage.rules)]
        rules_title = pick(session.rules.title_zh, session.rules.title_en, lang)
        book = el("p", _link(session.link(RULEBOOK, lang=lang), t("page.rulebook", lang, rules=rules_title)))
        nav = []
        if index > 0:
            prev = STAGES[index - 1]
            nav.append(_link(session.link(prev, lang=lang), t("page.prev", lang, title=prev.title(lang))))
        if index + 1 < len(STAGES):
            nxt = STAGES[index + 1]
            nav.append(_link(session.link(nxt, lang=lang), t("page.next", lang, title=nxt.title(lang))))
        return html(el("footer", el("h3", t("page.summary", lang)), covered, warnings, book,
                       el("nav", joined(" · ", nav)), cls="gj-footer"))

    return _Live(render, session)


@whole
def example(challenger: str, target: str, session: Session) -> w.Widget:
    """Two plays as pictures and the engine's verdict under the session's rule set, explained."""

    def render(lang: Lang) -> HtmlFragment:
        rules = session.rules
        ch, tg = Play.parse(challenger, rules), Play.parse(target, rules)
        verdict = beats(ch, tg, rules)
        mark = "✔" if verdict else "✘"
        return html(el("figure", play_html(ch, lang=lang), el("span", " ⟶ ", aria_hidden="true"),
                       play_html(tg, lang=lang),
                       el("figcaption", f"{mark} {said(verdict.reason_zh, verdict.reason_en, lang)}"),
                       cls="gj-example"))

    return _Live(render, session)


@whole
def picture(session: Session, draw: Callable[[Session], str]) -> w.Widget:
    """A picture that follows the session: ``draw(session)`` (e.g. a :mod:`gouji_teach.show.pictures` drawing under
    ``session.rules``) is drawn again when the rule set or the language changes.

        pages.picture(session, lambda s: pictures.play_html(Play.parse("XX888", s.rules)))
    """
    return _Live(lambda _lang: str(draw(session)), session)


@whole
def play_picture(session: Session, cards: str) -> w.Widget:
    """The play ``cards`` drawn as the learner's rule set counts it, or, where that rule set does not allow it
    (贴钱 under the standard rules), why not; drawn again when the rule set or the language changes."""

    def render(lang: Lang) -> HtmlFragment:
        try:
            play = Play.parse(cards, session.rules)
        except GoujiError as e:
            return html(el("p", t("page.refused_play", lang, cards=cards, why=said(e.zh, e.en, lang)),
                           cls="gj-refused", role="note"))
        return play_html(play, lang=lang)

    return _Live(render, session)


@whole
def scenario(session: Session, name: str | Path, *, presenter: bool = False) -> ScenarioPlayer:
    """The page's scenario player: it opens at its step of the page's address and goes there when the address
    arrives; the session (and so the address) follows the step the learner is at. Each course scenario of a
    stage has its own address key, in the order the page shows them (:func:`~.course.step_key`: ``?step=N`` for
    the first, ``step2`` for the second …), so that stepping one player moves no other.

    On a course stage the player plays under the learner's rule set: the stage's scenario replayed under it, which
    says so and marks the steps that go otherwise (or says why it cannot be); a rule-set switch follows at once.
    Where the family has a scenario of its own, :func:`family_example` shows it below. An instructor's lesson keeps
    its own rule set."""
    shown = stage_scenarios(session.stage)
    course = isinstance(name, str) and name in shown
    key = step_key(shown.index(name)) if course else "step"
    player = ScenarioPlayer(name, presenter=presenter, start_step=session.steps.get(key, 0))
    if course:
        player.switch_rules(session.rules.ref)

    def follow(changed: set[str]) -> None:
        if "rules" in changed and course:
            player.switch_rules(session.rules.ref)
        if key in changed:
            player.go(session.steps.get(key, 0))

    session.follow(follow)
    player.step.observe(lambda change: session.apply(session.query(**{key: int(change["new"])})), names="value")
    return player


@whole
def family_example(session: Session, name: str) -> w.Widget:
    """Below a stage's scenario ``name``: the learner's family's own scenarios for the same lesson, where it has
    some (:data:`~.lessons.FAMILY_SCENARIOS`), under a heading that says whose they are; nothing under the other
    families. Each has its own step in the address (:func:`~.lessons.family_step_keys`). It follows the page's
    rule set."""
    box = make(w.VBox, layout={"max_width": "100%"})
    shown: list[ScenarioPlayer] = []
    box.players = shown  # the players shown (a plain attribute: never synced to the browser)
    names: list[str] = []  # the scenarios of the players shown
    keys = family_step_keys(session.stage, name)

    def stepped(key: str) -> Callable[[dict], None]:
        return lambda change: session.apply(session.query(**{key: int(change["new"])}))

    def draw(lang: Lang | None = None) -> None:
        lang = lang or get_language()
        wanted = list(family_scenarios(session.stage, name, session.rules.base))
        if wanted != names:
            for player in shown:
                player.close()
            shown.clear()
            names[:] = wanted
            for own, key in zip(wanted, keys, strict=False):
                player = ScenarioPlayer(own, start_step=session.steps.get(key, 0))
                player.step.observe(stepped(key), names="value")
                shown.append(player)
        rules = session.rules
        heading = make(w.HTML, value=html(el("h3", t("page.family_example", lang,
                                                   rules=pick(rules.title_zh, rules.title_en, lang)))))
        box.children = [heading, *(player.box for player in shown)] if shown else []

    def follow(changed: set[str]) -> None:
        if "rules" in changed:
            draw()
        for player, key in zip(shown, keys, strict=False):
            if key in changed:
                player.go(session.steps.get(key, 0))

    session.follow(follow)
    follow_language(box, draw)
    draw()
    return box


@whole
def compared(session: Session, challenger: str, target: str | None = None) -> w.Widget:
    """The table of the four rule sets' answers on ``challenger`` against ``target`` (or on ``challenger`` alone:
    its count, 够级 and 开点), as the page shows it; while a drill of the page asks that very question, the table
    waits (the message names the drill) and comes when the drill is answered."""

    def render(lang: Lang) -> HtmlFragment:
        refused = open_drills(session).refusal(challenger, target, lang)
        if refused is not None:
            return html(el("p", "⚠ " + refused, cls="gj-waits", role="note"))
        return across_rulesets_html(across_rulesets(challenger, target), title=compare_title(challenger, target, lang),
                                    lang=lang)

    live = _Live(render, session)
    open_drills(session).follow(live._redraw)
    return live


def printed(lines: Iterable[Line] | Callable[[Ruleset], Iterable[Line]], session: Session | None = None,
            about: Iterable[str | tuple[str, str]] = (), folded: tuple[str, str] | None = None) -> Printed | w.Widget:
    """Example lines for a notebook cell to show (:func:`.printed.printed`; ``folded``: under that title, folded).
    ``lines`` may be a function of a rule set: then the lines are the page's session's (under a line naming the
    rule set), drawn again when the learner's rule set or the language changes. ``about`` names what they answer:
    plays (their count, 够级, 开点) or ``(challenger, target)`` pairs; with the page's ``session``, its quiz asks
    none of them (it takes the next drill of the same kind and level, :func:`quiz`): a learner does not read a
    drill's answer printed above it."""
    if session is not None:
        for x in about:
            open_drills(session).shows(*((x, None) if isinstance(x, str) else x))
    if not callable(lines):
        return _printed(lines, folded)
    if session is None:
        raise TypeError("lines made under a rule set need the page's session")
    return _lines_of(session, lines, folded)


@whole
def _lines_of(session: Session, lines: Callable[[Ruleset], Iterable[Line]],
              folded: tuple[str, str] | None) -> w.Widget:
    def render(lang: Lang) -> HtmlFragment:
        rules = session.rules
        under = t("page.lines_under", lang, rules=pick(rules.title_zh, rules.title_en, lang))
        return _printed([under, *lines(rules)], folded).html(lang)

    return _Live(render, session)


def verdict_line(challenger: str, target: str, rules: Ruleset | str) -> tuple[str, str]:
    """The verdict as an example line in Chinese and English (for :func:`printed`: stages 02 and 04 print them
    under the page's rule set); a play the rule set refuses says why.

    >>> verdict_line("222 8", "999", "tongsu")[1]
    '222 8 → 999: ✘ Shandong standard rules (通俗规则) forbid 贴钱: 2s cannot fill a set of 8s [play.tieqian, ...]'
    """
    rules = find_ruleset(rules)
    try:
        v = beats(Play.parse(challenger, rules), Play.parse(target, rules), rules)
    except GoujiError as e:  # a play the rule set does not allow
        mark, zh, en = "✘", e.zh, e.en
    else:
        mark, zh, en = "✔" if v else "✘", v.reason_zh, v.reason_en
    head = f"{challenger} → {target}: {mark} "
    return head + zh, head + en


def count_line(cards: str, rules: Ruleset | str) -> tuple[str, str]:
    """How ``cards`` count as a play under ``rules``, as an example line (or why the rule set refuses them).

    >>> count_line("22333", "qingdao")[1], count_line("22333", "tongsu")[1][:47]
    ('22333: five 3s (two of them 2s)', '22333: Shandong standard rules (通俗规则) forbid 贴钱')
    """
    return _line_or_refusal(cards, rules, lambda play: (f"{cards}：{play.text_zh}", f"{cards}: {play.text_en}"))


def judged_line(judge: Callable[[Play, Ruleset], Verdict], cards: str, rules: Ruleset | str) -> tuple[str, str]:
    """The verdict of ``judge`` (:func:`~gouji_teach.is_gouji`, :func:`~gouji_teach.can_kaidian`) on the play
    ``cards`` under ``rules``, as an example line; or, where the rule set refuses the play, why.

    >>> from gouji_teach import can_kaidian, is_gouji
    >>> judged_line(can_kaidian, "22", "qingdao")[1].split(" [")[0]
    'two 2s open a point (开点) if nobody answers'
    >>> judged_line(can_kaidian, "22", "linyi")[1].split(":")[0]
    'two 2s are 够级 but cannot 开点'
    >>> judged_line(is_gouji, "22 10 10 10", "tongsu")[1].split(":")[:2]
    ['22 10 10 10', ' Shandong standard rules (通俗规则) forbid 贴钱']
    """
    def line(play: Play) -> tuple[str, str]:
        verdict = judge(play, play.rules)
        return verdict.reason_zh, verdict.reason_en

    return _line_or_refusal(cards, rules, line)


def _line_or_refusal(cards: str, rules: Ruleset | str, line: Callable[[Play], tuple[str, str]]) -> tuple[str, str]:
    """``line`` of the play ``cards`` under ``rules``, or, where the rule set refuses the play, why."""
    try:
        play = Play.parse(cards, find_ruleset(rules))
    except GoujiError as e:
        return f"{cards}：{e.zh}", f"{cards}: {e.en}"
    return line(play)


@whole
def glossary(stage_id: str | None = None, session: Session | None = None) -> w.Widget:
    """The glossary (of one stage's page: :func:`~.lessons.page_terms`; or all of it) as a table. With the page's
    ``session``, also every term its drills write in Chinese on their English side (questions, choices, hints and
    solutions, under the page's rule set), drawn again when the drills change. The other stages' terms follow,
    folded: a picture or a feedback may use one of them too, and every word a page writes in Chinese is explained
    on it."""

    def terms() -> tuple[Term, ...]:
        if stage_id is None:
            return GLOSSARY
        shown = page_terms(stage_id)
        if session is None:
            return shown
        english = "\n".join(_english_of(puzzle) for puzzle in open_drills(session).puzzles)
        return shown + tuple(term for term in GLOSSARY
                             if term not in shown and any(name in english for name in names(term)))

    def table(caption: str, shown: Iterable[Term], lang: Lang) -> HtmlFragment:
        columns = ("page.col.term", "page.col.pinyin", *(("page.col.en",) if lang == "en" else ()), "page.col.stage")
        head = [el("th", t(k, lang), scope="col") for k in columns]
        rows = [el("tr", el("th", x.zh, scope="row", lang="zh"), el("td", x.pinyin),
                   el("td", x.en) if lang == "en" else None, el("td", stage(x.stage).title(lang)))
                for x in shown]
        return el("table", el("caption", caption), el("thead", el("tr", head)), el("tbody", rows), cls="gj-glossary")

    def render(lang: Lang) -> HtmlFragment:  # in Chinese the English column would be the only English on the page
        mine = terms()
        rest = [term for term in GLOSSARY if term not in mine]
        others = t("page.glossary.others", lang)
        folded = el("details", el("summary", others), table(others, rest, lang), cls="gj-glossary-others")
        return html(table(t("page.glossary", lang), mine, lang), folded if rest else None)

    live = _Live(render, session)
    if session is not None:
        open_drills(session).follow(live._redraw)
    return live


def _english_of(puzzle: Puzzle) -> str:
    """What a drill can show in English: its question, choices, hint and solution."""
    solution = puzzle.solution()
    return "\n".join((puzzle.question()[1], puzzle.hint()[1], solution.en, solution.counter_en,
                      *(choice.en for choice in puzzle.choices)))


@whole
def rulesets_view(session: Session, challenger: str = "DD", target: str = "D") -> w.Widget:
    """The four rule sets side by side for plays the learner types; the question of a drill of the page that is
    still open is refused, naming the drill (:func:`open_drills`)."""
    view = RulesetComparison(challenger, target, drills=open_drills(session))
    title = _heading("page.compare")
    return make(w.VBox, children=[title, view.box])


@whole
def rule_book(session: Session) -> w.Widget:
    """The rule book page: the whole rules of the session's rule set in its language (:func:`.book.book_html`),
    with the language and rule-set switches and a link home; printable as it is (no widgets inside)."""

    def render(lang: Lang) -> HtmlFragment:
        return html(el("header", el("p", _link(session.link(HOME, lang=lang), t("page.home", lang))),
                       _switches(session, lang), cls="gj-header"), book_html(session.rules, lang))

    return _Live(render, session)


register({
    "page.continue": ("接着上次学：{title}", "Continue where I left off: {title}"),
    "page.exam_open": ("接着考试 {code}（还没交卷）", "Back to the exam {code} (not submitted yet)"),
    "page.missed": ("你最常错的规则", "The rules you miss most"),
    "page.missed_row": ("错了 {missed}/{answers} 次", "missed: {missed} of {answers}"),
})


def _continue(href: str, text: str) -> Element:
    """A link onwards on the learner's map."""
    return el("p", _link(href, text + " →"), cls="gj-continue")


def _learner_map(current: Session, record: Learner, lang: Lang) -> Element | None:
    """The learner's own map: a link to the stage of their latest answer, and the rules they miss most, each
    with the stage that teaches it (``None``: nothing to show yet)."""
    missed, last = learner_map(store(), record)
    parts = [_continue(exam_link(code, learner=record.name, lang=lang), t("page.exam_open", lang, code=code))
             for code in store().open_exams(record)]
    if last is not None and last in {s.id for s in STAGES}:
        parts.append(_continue(current.link(last), t("page.continue", lang, title=stage(last).title(lang))))
    if missed:
        items = []
        for rule, wrong, answers in missed:
            taught = rule_stage(rule)
            where = [" · ", _link(current.link(taught), taught.title(lang))] if taught is not None else None
            items.append(el("li", rule_title(rule, lang), " ",
                            el("small", f"({t('page.missed_row', lang, missed=wrong, answers=answers)})"), where))
        parts.append(el("div", el("h4", t("page.missed", lang)), el("ul", items), cls="gj-missed"))
    return el("section", parts, cls="gj-map") if parts else None


register({
    "page.join": ("参加课堂：输入老师给的代码", "Join a live lesson: the code your teacher shows"),
    "page.join.go": ("加入", "Join"),
    "page.join.code": ("课堂代码", "code"),
    "page.lessons": ("老师的课", "Your teacher's lessons"),
    "page.teacher": ("给老师：", "For instructors: "),
    "page.present": ("投影一个场景、开课堂", "project a scenario, run a live lesson"),
})


def _join_form(current: Session, lang: Lang) -> Element:
    """The join box of the live lessons: a plain form that opens the lesson page of the code typed, with the
    learner's session (no kernel round trip: the lesson page says if the code is unknown)."""
    hidden = [el("input", type="hidden", name=name, value=value)
              for name, value in (("learner", current.learner), ("rules", current.rules.ref), ("lang", lang),
                                  ("pass", current.passkey)) if value]
    return el("form", el("label", t("page.join", lang), " ",
                         el("input", name="live", required=True, maxlength=20, size=8, autocomplete="off",
                            placeholder=t("page.join.code", lang), aria_label=t("page.join.code", lang),
                            style="font-size:1.2em;text-transform:uppercase;letter-spacing:0.1em")),
              " ", el("button", t("page.join.go", lang), type="submit"), *hidden,
              action=LESSON_PAGE.notebook, method="get", cls="gj-join-form")


def _lesson_list(current: Session, lang: Lang) -> Element | None:
    """The instructor's own lessons (``serve --lessons``), under their titles."""
    lessons = instructor_lessons()
    if not lessons:
        return None
    mine = {"pass": current.passkey} if current.passkey else {}
    items = [el("li", _link(lesson_link(x.name, learner=current.learner, rules=current.rules.ref, lang=lang, **mine),
                            x.title(lang))) for x in lessons]
    return el("section", el("h3", t("page.lessons", lang)), el("ul", items, cls="gj-lessons"), cls="gj-lesson-list")


def _instructor_links(current: Session, lang: Lang) -> Element:
    """The landing page's link for instructors: the presenter's page."""
    return el("p", t("page.teacher", lang), _link(present_link(lang=lang), t("page.present", lang)),
              cls="gj-instructor-links")


def _spelled(name: str) -> str:
    """A name quoted, with its code points where it is not plain ASCII (look-alike letters differ there)."""
    return repr(name) if name.isascii() else f"{name!r} ({ascii(name)[1:-1]})"


def _lookalikes(learner: Learner, lang: Lang) -> Element | None:
    """A warning if other learners' names read like this one's (another script's look-alike letters)."""
    others = store().lookalikes(learner)
    if not others:
        return None
    text = t("progress.name_lookalike", lang, name=_spelled(learner.name),
             others=", ".join(_spelled(x.name) for x in others))
    return el("p", "⚠ " + text, cls="gj-lookalike", role="alert")


#: The course's parts on the landing page's map: a title and the stages in it (in course order).
_PARTS = (
    (("牌桌和牌", "The table and the cards"), ("table", "cards", "plays", "compare")),
    (("够级和开点", "够级 and 开点"), ("gouji", "turns", "dagouji", "kaidian")),
    (("烧牌、憋三和革命", "Burning, 憋三 and revolution"), ("shao", "biesan", "geming", "luanchan")),
    (("一局打完", "After the hand"), ("scores", "jingong")),
    (("对照、测验、整局", "Side by side, the quiz, whole hands"), ("rulesets", "quiz", "practice")),
)

register({
    "page.next_stage": ("下一课", "Next"),
    "page.stage_done": ("学完了", "done"),
    "page.stars_of": ("{n}/{most} 星", "{n} of {most} stars"),
    "page.no_stars": ("整局练习，不计星", "whole hands, no stars"),
})


def stage_most(stage_id: str) -> int:
    """The most stars a stage's quiz gives (three a drill; 0 for a stage without a quiz).

    >>> stage_most("cards"), stage_most("practice")
    (12, 0)
    """
    return 3 * len(stage(stage_id).drills)


def stage_stars(kept: dict[tuple[str, str], int], rules: str) -> dict[str, int]:
    """Stars per stage under the rule set ``rules`` from a learner's best stars per ``(stage, drill id)`` (what
    the store keeps): the stars of its levels (:meth:`~.drills.Level.stars`), each full at three a drill.

    >>> stage_stars({("cards", "card/qingdao/easy/cards.1"): 3, ("cards", "card/qingdao/easy/cards.1001"): 3},
    ...             "qingdao")["cards"]
    6
    """
    return {s.id: sum(lv.stars(kept, rules) for lv in s.levels) for s in STAGES}


def next_level(s_id: str, kept: dict[tuple[str, str], int], rules: str) -> Level | None:
    """The level of the stage ``s_id`` a learner with ``kept`` goes on with: its first not full (``None``: none)."""
    return next((lv for lv in stage(s_id).levels if lv.stars(kept, rules) < lv.most), None)


def next_stage(stars: dict[str, int]) -> str:
    """The stage a learner with ``stars`` (per stage) goes on with: the first whose quiz is not full, else the
    practice table.

    >>> next_stage({}), next_stage({"table": 6, "cards": 5})
    ('table', 'cards')
    """
    return next((s.id for s in STAGES if stars.get(s.id, 0) < stage_most(s.id)), STAGES[-1].id)


def _stage_map(current: Session, kept: dict[tuple[str, str], int], lang: Lang) -> Element:
    """The course as a map (lichess style): its parts, each a row of tiles, a tile per stage with its number,
    title, the stars earned of the most its quiz gives (a bar) and, on the stage to go on with, "下一课" and its
    next level, which its link opens."""
    stars = stage_stars(kept, current.rules.key)
    upcoming = next_stage(stars)
    level = next_level(upcoming, kept, current.rules.key)

    def tile(number: int, s_id: str) -> Element:
        s, got, most = stage(s_id), stars.get(s_id, 0), stage_most(s_id)
        done, nxt = bool(most) and got >= most, s_id == upcoming
        colour = "#2e7d32" if done else ("#c62828" if nxt else "#90a4ae")
        bar = el("span", el("span", style=f"display:block;height:100%;width:{100 * min(got, most) // most}%;"
                                          f"background:{colour}"),
                 style="display:block;height:6px;background:#eceff1;border-radius:3px;overflow:hidden;"
                       "margin-top:4px") if most else None
        count = (el("span", ("★ " if got else "☆ ") + f"{got}/{most}", cls="gj-stage-stars",
                    aria_label=t("page.stars_of", lang, n=got, most=most)) if most
                 else el("small", t("page.no_stars", lang)))
        flag = (el("b", t("page.next_stage", lang),
                   f" · {t('level.n', lang, n=level.number)}" if level and len(s.levels) > 1 else "",
                   cls="gj-next-stage", style="color:#c62828;font-size:13px")
                if nxt else el("small", "✔ " + t("page.stage_done", lang), style="color:#2e7d32") if done else None)
        return el("li", el("span", str(number), style=f"display:inline-block;min-width:1.8em;height:1.8em;"
                                                      f"line-height:1.8em;text-align:center;border-radius:50%;"
                                                      f"color:white;background:{colour};margin-right:6px"),
                  _link(current.link(s) + (f"#{level.anchor}" if nxt and level and level.number > 1 else ""),
                        s.title(lang)), el("br"), count, " ", flag, bar,
                  cls="gj-tile" + (" gj-next" if nxt else "") + (" gj-done" if done else ""),
                  style=f"list-style:none;flex:1 1 200px;max-width:320px;padding:8px 10px;font-size:15px;"
                        f"border:{'3px' if nxt else '1px'} solid {colour};border-radius:8px;background:white")

    numbers = {s.id: i for i, s in enumerate(STAGES, start=1)}
    return el("div", (el("section", el("h4", pick(*title, lang), style="margin:10px 0 4px"),
                         el("ol", (tile(numbers[s_id], s_id) for s_id in ids), cls="gj-stages",
                            start=numbers[ids[0]], style="display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:0"))
                      for title, ids in _PARTS), cls="gj-stage-map")


@whole
def landing(session: Session) -> w.Widget:
    """The start page: the learner's name, stars per stage and title, their own map (where to continue, the
    rules they miss most), language and rule-set choice, links."""
    hub = hub_user()  # under JupyterHub the learner is the hub's user: no name to type
    name = make(w.Text, value=session.learner, placeholder=t("page.name"), continuous_update=False, disabled=bool(hub))
    name.add_class("gj-name")  # the page's script reads it when 开始学习 is clicked before Enter
    # a name's pass key, typed where the name is taken (another computer); hidden until then
    key = make(w.Text, value=format_key(session.passkey), placeholder=t("passkey.box"), continuous_update=False,
               layout={"display": "none", "width": "12em"})
    go = make(w.HTML)
    stages = make(w.HTML)
    quiet: list[bool] = []  # set while the page itself puts a new name's pass key into the box
    given: dict[str, str] = {}  # the pass keys this page gave new names: it says so while it shows them

    def refresh(lang: Lang | None = None) -> None:
        if quiet:
            return
        lang = lang or get_language()
        learner = hub or name.value.strip()  # a disabled box's value can still be set by the browser
        current = Session(session.stage, learner, session.rules, lang, passkey=normal_key(key.value))
        kept: dict[tuple[str, str], int] = {}
        heading: list[Element | None]
        taken = False
        if learner:
            try:
                record = signed_in(current, store())  # a new name gets its pass key now: the box keeps it
                if current.passkey != normal_key(key.value):
                    given[learner] = current.passkey
                    quiet.append(True)
                    key.value = format_key(current.passkey)
                    quiet.clear()
                kept = store().stars(record)  # stars are kept per rule set: the map shows the session's
                title_zh, title_en = store().title(record)
                title = t("page.title", lang, title=pick(title_zh, title_en, lang), points=store().points(record))
                heading = [el("p", _who(current, (), lang), f" · {title}"),
                           el("p", t("passkey.new", lang, code=format_key(current.passkey)), role="status",
                              cls="gj-passkey-new") if given.get(learner) == current.passkey else None,
                           _lookalikes(record, lang), _learner_map(current, record, lang)]
            except ProgressError as e:
                heading = [el("p", "⚠ " + learner_reason(e, lang), role="alert")]
            except GoujiError as e:  # a name taken (without its pass key), or one the store refuses
                heading = [el("p", "⚠ " + learner_reason(e, lang), role="alert")]
                taken = isinstance(e, NameTaken)
        else:
            heading = [el("p", t("page.guest.home", lang), role="note")]
        key.layout.display = None if taken else "none"
        key.placeholder = t("passkey.box", lang)
        rules_title = pick(current.rules.title_zh, current.rules.title_en, lang)
        book = _link(current.link(RULEBOOK), t("page.rulebook", lang, rules=rules_title))
        stages.value = html(heading, el("span", cls="gj-state", hidden=True, data_query=current.query()),
                            _switches(current, lang), _join_form(current, lang),
                            el("h3", t("page.stages", lang)), _stage_map(current, kept, lang),
                            _lesson_list(current, lang), el("p", book, cls="gj-rulebook-link"),
                            _instructor_links(current, lang))
        first = current.link(STAGES[0])
        go.value = html(el("a", t("page.start", lang) + " →", cls="gj-start", href=first))
        name.placeholder = t("page.name", lang)

    def follow(_changed: set[str]) -> None:  # the page's address arrived (a preheated kernel): name and key
        quiet.append(True)
        name.value, key.value = session.learner, format_key(session.passkey)
        quiet.clear()
        refresh()

    name.observe(lambda _c: refresh(), names="value")
    key.observe(lambda _c: refresh(), names="value")
    follow_language(stages, refresh)
    session.follow(follow)
    set_language(session.lang)
    refresh()
    return make(w.VBox, children=[make(w.HBox, children=[name, key, go], layout={"flex_flow": "row wrap"}), stages,
                                  glossary()])

