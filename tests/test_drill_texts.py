"""The texts every drill kind shows, under every rule set, in both languages, are written once (issue 26 item 5): no
rule set's name followed by another 规则 ("山东够级通俗规则规则下"), no rule text repeated in brackets
("（逆时针由下家上牌）（逆时针由下家上牌【turn.order…】）"), no doubled prefix ("答案：答案：", "反例：对照："), and no
English sentence that starts in lowercase. One drill per kind and rule set, its level turning with the rule set, and
every answer a learner could give it; the scenario checkpoints the stages ask are checked the same way."""

from __future__ import annotations

import re

import pytest
from widget_state import answers_of, fresh_widgets

from gouji_teach import PRESETS
from gouji_teach.rules.scenario import SCENARIO_DIR, Scenario, frames, shipped
from gouji_teach.show.i18n import set_language
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill
from gouji_teach.teach.player import checkpoint_puzzle
from gouji_teach.teach.widgets import PuzzleWidget

_PREFIXES = "答案|反例|对照|规则|Answer|Counter-example|Compare|Rule"
#: What a text shows when something was joined twice, in either language.
DOUBLED = {
    "a rule set's name with 规则 twice": re.compile(r"规则规则"),
    "a rule set's name with 'rules' twice": re.compile(r"\brules(?: \([^()]*\))? rules\b"),
    "a bracketed text twice": re.compile(r"（([^（）【】]{2,})）（\1|\(([^()\[\]]{2,})\) ?\(\2"),
    "a prefix twice": re.compile(rf"(?:{_PREFIXES})[：:] ?(?:<[^>]+>)*\s*(?:{_PREFIXES})[：:]"),
}
#: An English sentence starting in lowercase: at the start of a text or after a full stop, "!" or "?".
LOWER_START = re.compile(r"(?:^|(?<=[.!?] ))[a-z]\w*")


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def texts_of(puzzle) -> dict[str, str]:
    """Every text of a puzzle: its question, its solution, and the feedback and counter-example of every answer."""
    q_zh, q_en = puzzle.question()
    sol = puzzle.solution()
    texts = {"question zh": q_zh, "question en": q_en, "solution zh": sol.zh, "solution en": sol.en}
    for answer in answers_of(puzzle):
        fb = puzzle.check(answer)
        texts |= {f"{answer} zh": fb.zh, f"{answer} en": fb.en, f"{answer} counter zh": fb.counter_zh,
                  f"{answer} counter en": fb.counter_en}
    return texts


def defects(texts: dict[str, str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for where, text in texts.items():
        bad = [f"{name}: {m.group(0)}" for name, pattern in DOUBLED.items() for m in pattern.finditer(text)]
        if where.endswith(" en"):
            bad += [f"lowercase start: {m.group(0)}" for m in LOWER_START.finditer(text)]
        if bad:
            found[where] = bad
    return found


def test_the_patterns_see_the_defects_they_name():
    bad = {"x zh": "山东够级通俗规则规则下", "y zh": "过（逆时针由下家上牌）（逆时针由下家上牌【turn.order】）",
           "z zh": "<b>答案：</b>答案：9", "w zh": "反例：对照：5个3", "v en": "seat 3. seat 3 may play",
           "u en": "under the Shandong standard rules (通俗规则) rules"}
    assert defects(bad).keys() == bad.keys()
    assert defects({"a en": "Seat 3. Seat 3 may: play [turn.order, 002 §5 Playing on]", "b zh": "答案：5个6"}) == {}


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_drill_kind_says_each_thing_once(kind, rules):
    level = LEVELS[list(PRESETS).index(rules) % len(LEVELS)]
    puzzle = make_drill(kind, 7, level=level, rules=rules)
    texts = texts_of(puzzle)
    widget = PuzzleWidget(puzzle)  # one miss, then 看答案: what the page shows around the answer
    widget.answer(next(a for a in answers_of(puzzle) if not puzzle.check(a).correct))
    widget.show_button.click()
    for lang in ("zh", "en"):
        set_language(lang)
        texts[f"page {lang}"] = re.sub(r"<[^>]+>", "", widget.feedback.value)
    widget.close()
    assert defects(texts) == {}


@pytest.mark.parametrize("name", shipped())
def test_every_checkpoint_says_each_thing_once(name):
    found = {}
    for number, frame in enumerate(frames(Scenario.load(SCENARIO_DIR / f"{name}.yaml"))):
        puzzle = checkpoint_puzzle(frame.game, frame.step.text) if frame.step is not None and frame.step.kind == "ask" \
            else None
        if puzzle is not None:
            found |= {f"step {number} {where}": bad for where, bad in defects(texts_of(puzzle)).items()}
    assert found == {}
