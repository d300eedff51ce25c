"""A walk of the course as a newcomer reads it (issue 26, "Done when"): every stage page under a rule set and in a
language, at phone width (390 px) and at desktop width (1280 px), and what a reader would call a defect on it.

:func:`defects` looks at one open page and names each defect in one line. It reads what the learner sees (the
page's text as shown, its widgets, its boxes), not the kernel: a page passes only if chromium shows it right.

* a widget that failed to draw ("model not found"), an uncaught error;
* the page's rule set not reaching a part of it: a scenario's or a table's "规则：…" label, a "按…：" head of
  printed lines or a "【…】" line naming another rule set than the page's (stage 15 compares the four: there every
  one may be named);
* the other language: on a Chinese page three English words in a row; on an English page a Chinese sentence
  (Chinese terms, names and card faces are the course's vocabulary on English pages);
* the engine's identifiers: a rule's id (``compare.rank``), a rule set's id (``tongsu``), a drill's id;
* doubled text: a prefix said twice ("答案：答案："), a rule named twice in a row, a bracket repeated;
* at phone width: a page wider than the window, text under 11 px, a label or button whose text is cut off, a
  comparison table's answer column squeezed;
* the feedback of the page's first drill answered by buttons, answered wrongly and then shown (看答案): the same
  text checks, and the feedback must be there.

``bench/walk_course.py`` walks every stage × 4 rule sets × 2 languages × both widths; ``test_walk.py`` a sample
that covers every stage, every rule set and both languages, in CI.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pagekit import (
    answered_by_buttons,
    choice_button,
    choice_keys,
    puzzle_box,
    quiz_puzzles,
    render_path,
    wait_for_page,
)

from gouji_teach import PRESETS
from gouji_teach.rules.rulebook import RULES
from gouji_teach.teach.course import Stage

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: The stage that compares the rule sets: every rule set is named on its page.
COMPARES = "rulesets"

#: Every shown text smaller than 11 CSS pixels: an SVG's text by its size on the screen. The glyphs on a card's face
#: are the card (its name is in its label); words under and beside cards, captions and tables are text.
SMALL_TEXT = r"""() => { const out = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim(), el = n.parentElement;
    if (!text || !el || el.closest('svg.gj-card')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) size *= el.getScreenCTM().a;
    if (size < 10.95) out.push([Math.round(size * 10) / 10, el.tagName, text.slice(0, 30)]);
  }
  return out; }"""
#: Text a control cuts off (a Label or a button is one line, its end hidden where it does not fit).
CUT_TEXT = """() => Array.from(document.querySelectorAll('.widget-label, .widget-button, .widget-toggle-button,'
  + ' .widget-dropdown select'), e => [e, e.scrollWidth - e.clientWidth])
  .filter(([e, over]) => over > 1 && e.getBoundingClientRect().width > 0)
  .map(([e, over]) => [over, e.textContent.trim().slice(0, 60)])"""
#: The widths of a page against its window, and of its main column against what it shows.
WIDTHS = """() => { const main = document.querySelector('#rendered_cells') || document.body;
  return {doc: document.documentElement.scrollWidth, inner: window.innerWidth,
          main: main.scrollWidth, mainClient: main.clientWidth}; }"""
#: The header widths of every comparison table (its answer column is the second).
COMPARE_COLUMNS = """() => Array.from(document.querySelectorAll('table.gj-compare'),
  t => Array.from(t.querySelectorAll('thead th'), th => Math.round(th.getBoundingClientRect().width)))"""
#: What a widget that failed to draw shows.
WIDGET_ERRORS = """() => Array.from(document.querySelectorAll('.widget-error, .jupyter-widgets-error-widget'),
  e => e.innerText.slice(0, 200))"""
#: The page's text as shown (or an element's, given one), but for the glossary and the faces of cards (a joker's face
#: says 大 or 小); the learner's name is taken out of it by :func:`defects`.
SHOWN_TEXT = """(main) => { main = main || document.querySelector('#rendered_cells') || document.body;
  const copy = main.cloneNode(true); copy.querySelectorAll('svg.gj-card, table.gj-glossary').forEach(e => e.remove());
  document.body.appendChild(copy); copy.style.position = 'absolute'; copy.style.left = '-99999px';
  const text = copy.innerText; copy.remove(); return text; }"""


#: The Chinese terms the page's glossary explains.
GLOSSARY = """() => Array.from(document.querySelectorAll('table.gj-glossary tbody th'), th => th.textContent.trim())"""
#: Chinese an English page may show without explaining it: the language switch.
_UNEXPLAINED = {"中文"}


@dataclass(frozen=True)
class Walked:
    """One page of the walk: a stage under a rule set in a language."""

    stage: Stage
    rules: str
    lang: str

    @property
    def learner(self) -> str:
        """The page's learner: one of its own (a name another tab saved under would not save here)."""
        return f"walker-{self.stage.id}-{self.rules}-{self.lang}"

    @property
    def path(self) -> str:
        return render_path(self.stage, learner=self.learner, rules=self.rules, lang=self.lang)

    def __str__(self) -> str:
        return f"{self.stage.id}/{self.rules}/{self.lang}"


def _titles(lang: str) -> dict[str, str]:
    return {(r.title_zh if lang == "zh" else r.title_en): key for key, r in PRESETS.items()}


def _named_rule_sets(text: str, lang: str) -> list[str]:
    """The rule sets the page's labels name: "规则：T", "按T：", "【T】" (English: "rules: T", "Under T:", "[T]")."""
    titles = _titles(lang)
    alternatives = "|".join(re.escape(t) for t in sorted(titles, key=len, reverse=True))
    if lang == "zh":
        label = rf"规则：({alternatives})|按({alternatives})：|^【({alternatives})】"
    else:
        label = rf"[Rr]ules: ({alternatives})|Under ({alternatives}):|^\[({alternatives})\]"
    return [titles[next(g for g in m.groups() if g)] for m in re.finditer(label, text, re.MULTILINE)]


#: On a Chinese page, English a reader would have to read: three words in a row (the language switch's "English"
#: is one word; card notation like DX55555 is no word).
_ENGLISH = re.compile(r"\b[A-Za-z][a-z]+(?:[ ,'’-]+[A-Za-z][a-z]+){2,}\b")
#: On an English page, a Chinese sentence: Chinese with a comma or a full stop in it (terms stand alone).
_CHINESE_SENTENCE = re.compile(r"[\u4e00-\u9fff][\u4e00-\u9fff“”]*[，。][\u4e00-\u9fff“”，。]*[\u4e00-\u9fff]")
#: A rule's id as the engine writes it (``compare.rank``); one-word ids ("buy") are English words too.
_RULE_IDS = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(r) for r in sorted(RULES, key=len, reverse=True)
                                                     if "." in r or "_" in r)
                       + r")(?![\w.])")
_RULESET_IDS = re.compile(r"\b(?:" + "|".join(PRESETS) + r")\b")
_DRILL_IDS = re.compile(r"\b[a-z_]+/(?:" + "|".join(PRESETS) + r")/[a-z]+/\d+")
#: Text said twice: a prefix ("答案：答案："), the same bracket twice in a row, a word twice ("the the", "规则规则").
_DOUBLED = re.compile(r"([\u4e00-\u9fff]{2,6}：)\1|（([^（）]{2,})）（\2|\(([^()]{2,})\) ?\(\3"
                     r"|\b([A-Za-z]{2,}) \4\b|(规则)\5")


def text_defects(text: str, walked: Walked, glossary: Iterable[str] = ()) -> list[str]:
    """The defects of a page's shown text (:func:`defects` reads it), and on an English page, of its ``glossary``
    (the terms its table explains, ``对家（对头、对门）`` for 对家, 对头 and 对门): a Chinese word it does not explain.

    >>> from gouji_teach.teach.course import stage
    >>> text_defects("规则：青岛够级\\n答案：答案：座位2", Walked(stage("kaidian"), "tongsu", "zh"))
    ['rule set: names qingdao on a tongsu page: 规则：青岛够级', 'doubled: 答案：答案：']
    >>> text_defects("a 挂花 play must be beaten by the 对头", Walked(stage("compare"), "linyi", "en"), ["挂花"])
    ['unexplained: 对头 is not in the glossary']
    """
    found = []
    if walked.stage.id != COMPARES:
        for named in _named_rule_sets(text, walked.lang):
            if named != walked.rules:
                title = next(t for t, k in _titles(walked.lang).items() if k == named)
                found.append(f"rule set: names {named} on a {walked.rules} page: {_line_with(text, title)}")
    other = _ENGLISH if walked.lang == "zh" else _CHINESE_SENTENCE
    found += [f"other language: {m.group(0)[:60]}" for m in other.finditer(text)]
    found += [f"identifier: {m.group(0)}" for regex in (_RULE_IDS, _RULESET_IDS, _DRILL_IDS)
              for m in regex.finditer(text)]
    found += [f"doubled: {m.group(0)[:60]}" for m in _DOUBLED.finditer(text)]
    if walked.lang == "en":
        explained = {name for term in glossary for name in re.split(r"[（）、]", term) if name} | _UNEXPLAINED
        found += [f"unexplained: {word} is not in the glossary"
                  for word in dict.fromkeys(re.findall(r"[\u4e00-\u9fff]+", text)) if word not in explained]
    return found


def _line_with(text: str, title: str) -> str:
    """The first line of ``text`` that names ``title``, as a defect quotes it."""
    return next((x for x in text.splitlines() if title in x), title).strip()[:60]


def defects(page: Any, walked: Walked, *, phone: bool) -> list[str]:
    """Every defect of the open page ``page`` (:data:`walked` says what it should be), at the width it is open at
    (``phone``: the phone checks too). The page is read as it is: open it and wait for it first (:func:`visit`)."""
    found = [f"widget error: {e}" for e in page.evaluate(WIDGET_ERRORS)]
    found += [f"uncaught: {str(e)[:200]}" for e in page.page_errors()]
    shown = page.evaluate(SHOWN_TEXT).replace(walked.learner, "")  # the name is the learner's, not the page's
    found += text_defects(shown, walked, page.evaluate(GLOSSARY))
    if phone:
        w = page.evaluate(WIDTHS)
        if w["doc"] > w["inner"] + 1 or w["main"] > w["mainClient"] + 1:
            found.append(f"overflow: page {w['doc']} px in a {w['inner']} px window, content {w['main']} px")
        found += [f"small text: {size} px {tag} {text!r}" for size, tag, text in page.evaluate(SMALL_TEXT)]
        found += [f"cut text: {text!r} ({over} px hidden)" for over, text in page.evaluate(CUT_TEXT)]
        found += [f"squeezed column: {columns} px" for columns in page.evaluate(COMPARE_COLUMNS)
                  if len(columns) == 3 and columns[1] < 60]
    return found


def open_tab(browser: Any, base_url: str, walked: Walked) -> Any:
    """A new tab, in a browser context of its own, at phone width, asking for ``walked`` (it loads meanwhile)."""
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    page.goto(walked.path, wait_until="commit")
    return page


def feedback_defects(page: Any, walked: Walked) -> list[str]:
    """Answer the page's first drill answered by buttons wrongly, then ask for its answer (看答案): the defects of
    what its box says each time (none if the page has no such drill)."""
    puzzle = next((p for p in quiz_puzzles(walked.stage, walked.rules) if answered_by_buttons(p)), None)
    if puzzle is None:
        return []
    box, found = puzzle_box(page, puzzle), []
    _right, wrong = choice_keys(puzzle)
    for label, act, shown in (("wrong answer", choice_button(page, puzzle, wrong, walked.lang), ".gouji-feedback"),
                              ("shown answer", box.locator("button", has_text="看答案" if walked.lang == "zh"
                                                           else "Show answer"), ".gouji-solution")):
        act.click()
        try:
            box.locator(shown).first.wait_for(timeout=30_000)
        except Exception:
            found.append(f"{label}: no {shown} in {puzzle.puzzle_id}'s box")
            continue
        found += [f"{label}: {d}" for d in text_defects(box.evaluate(SHOWN_TEXT), walked, page.evaluate(GLOSSARY))]
    return found


def read_tab(page: Any, walked: Walked) -> dict[str, list[str]]:
    """Wait until ``page`` (:func:`open_tab`) shows every widget and puzzle, then its defects at phone width, its
    first drill's feedback (:func:`feedback_defects`) and its defects at desktop width, by width; its context is
    closed after."""
    try:
        wait_for_page(page, walked.stage, walked.rules)
        page.wait_for_timeout(300)  # late state updates
        seen = {"390": defects(page, walked, phone=True)}
        seen["feedback"] = feedback_defects(page, walked)
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(150)
        seen["1280"] = defects(page, walked, phone=False)
        return seen
    finally:
        page.context.close()
