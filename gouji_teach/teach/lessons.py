"""Lessons: the scenarios an instructor can project (:mod:`.present`) or run as a lesson page (:mod:`.live`).

A lesson is a scenario file: one of the course's (``gouji_teach/scenarios/``, each used by a stage of the course or
not), or one of an instructor's own, served with ``gouji-teach serve --lessons DIR``. The server checks the files
of ``DIR`` when it starts (:func:`check_lessons`: a bad file is one line naming file and line, and is left out),
and hands the good ones to every page's kernel in :data:`ENV_VAR`. Pages name a lesson by its file name without
the extension (``lesson.ipynb?scenario=NAME``); :func:`find_lesson` finds it.

>>> find_lesson("qingdao_dagouji").stage, find_lesson("dagouji").name   # a stage's id names its scenario
('dagouji', 'qingdao_dagouji')
>>> find_lesson("nosuch")
Traceback (most recent call last):
...
gouji_teach.rules.errors.OptionError: ...
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from ..rules.errors import GoujiError, OptionError
from ..rules.rulesets import PRESETS
from ..rules.scenario import SCENARIO_DIR, Problem, Scenario, check_file, replay, shipped
from ..rules.words import Lang
from ..show.i18n import pick
from .course import GLOSSARY, STAGES, Stage, Term, names, stage, step_key

__all__ = ["ENV_VAR", "FAMILY_SCENARIOS", "LESSON_PAGE", "LESSON_STAGE", "PRESENT_PAGE", "Lesson", "check_lessons",
           "course_lessons", "family_scenarios", "family_step_keys", "find_lesson", "instructor_lessons", "join_link",
           "lesson_files", "lesson_link", "page_terms", "present_link", "stage_scenarios"]

#: The generic lesson page: a scenario stepped through, or a live lesson followed (:mod:`.live`).
LESSON_PAGE = Stage("lesson", "lesson.ipynb", "课堂", "Lesson", "跟着场景一步一步学", "Learn a scenario step by step")
#: The presenter's page: a scenario projected for a class, and the live lesson it runs (:mod:`.present`).
PRESENT_PAGE = Stage("present", "present.ipynb", "投影", "Present", "把场景投影给全班看，开一堂课堂互动",
                     "Project a scenario for a class and run a live lesson")
#: The checked lesson files of ``serve --lessons DIR`` for the pages' kernels (paths joined by ``os.pathsep``).
ENV_VAR = "GOUJI_TEACH_LESSONS"
#: Where the attempts of a lesson that belongs to no course stage count.
LESSON_STAGE = "lesson"
#: The course's notebooks (stage pages name their scenarios there).
_COURSE_DIR = Path(__file__).resolve().parent.parent / "course"
#: The endings of scenario files.
_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Lesson:
    """A scenario a page can show: ``name`` (what an address calls it), its file, its titles, the stage whose
    progress its checkpoints count in (a course stage's id, or :data:`LESSON_STAGE`), and whether it is an
    instructor's own (``serve --lessons``) rather than the course's."""

    name: str
    path: Path
    title_zh: str
    title_en: str
    stage: str
    own: bool = False

    def title(self, lang: Lang | None = None) -> str:
        return pick(self.title_zh, self.title_en, lang) or self.name

    def load(self) -> Scenario:
        """The scenario (read again: an instructor may have fixed the file since)."""
        return Scenario.load(self.path)


#: Where a family has scenarios of its own for what a stage's scenario teaches: (stage id, the scenario its page
#: names) → {family: that family's scenarios, in order}. A learner under that family (or a house rule set based on
#: it) steps through the family's own below the page's scenario (:func:`~.pages.family_example`); no other family
#: is shown them. The page's scenario itself is replayed under the learner's rules.
FAMILY_SCENARIOS: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("turns", "qingdao_guopai_rang"): {"tongsu": ("tongsu_guopai_fours",), "zaozhuang": ("zaozhuang_free_answering",)},
    ("kaidian", "qingdao_kaidian_twos"): {"linyi": ("linyi_kaidian_fasi", "linyi_rendian")},
    ("shao", "qingdao_shaopai"): {"zaozhuang": ("zaozhuang_burn_joker",)},
    ("geming", "qingdao_geming_yaotou"): {"linyi": ("linyi_chongdian",), "tongsu": ("tongsu_geming_three_plays",)},
}


def family_scenarios(stage: Stage, name: str, family: str) -> tuple[str, ...]:
    """The scenarios of ``family`` (a rule set's ``base``) that a stage's page shows below its scenario ``name``
    (:data:`FAMILY_SCENARIOS`): none where the family has no scenario of its own for it.

    >>> kaidian = STAGES[7]
    >>> [family_scenarios(kaidian, "qingdao_kaidian_twos", family) for family in ("linyi", "tongsu")]
    [('linyi_kaidian_fasi', 'linyi_rendian'), ()]
    """
    return FAMILY_SCENARIOS.get((stage.id, name), {}).get(family, ())


def family_step_keys(stage: Stage, name: str) -> tuple[str, ...]:
    """The address keys of the players :func:`~.pages.family_example` shows below the stage's scenario ``name``:
    after the keys of the stage's own players, one for each place below each of its scenarios, in page order
    (as many places as the family with the most scenarios there has). Only one family's are shown at a time, so
    the families share them.

    >>> [family_step_keys(STAGES[7], "qingdao_kaidian_twos"), family_step_keys(STAGES[8], "qingdao_shaopai")]
    [('step2', 'step3'), ('step3',)]
    """
    names = stage_scenarios(stage)
    if name not in names:
        return ()

    def places(scenario: str) -> int:
        return max(map(len, FAMILY_SCENARIOS.get((stage.id, scenario), {}).values()), default=0)

    first = len(names) + sum(places(before) for before in names[:names.index(name)])
    return tuple(step_key(first + j) for j in range(places(name)))


@functools.cache
def stage_scenarios(stage: Stage) -> tuple[str, ...]:
    """The course scenarios a stage's page steps through (its ``pages.scenario(session, "NAME")`` calls), in order.

    >>> stage_scenarios(STAGES[6])
    ('qingdao_dagouji',)
    """
    path = _COURSE_DIR / stage.notebook
    if not path.is_file():
        return ()
    names: list[str] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "scenario"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and isinstance(node.args[1].value, str)):
                names.append(node.args[1].value)
    return tuple(names)


@functools.cache
def page_terms(stage_id: str) -> tuple[Term, ...]:
    """The glossary of a stage's page: the terms the stage teaches, then every term taught elsewhere that the
    page writes in Chinese on its English side: its prose, its scenarios (every family's: their titles, narration
    and the engine's events), the rule sets' titles in its switches and the titles of the stages it links to (an
    English reader meets 对头 on stage 4 too). Its drills' terms are added by the page (:func:`~.pages.glossary`).

    >>> [t.zh for t in page_terms("compare")][:3]
    ['够级', '对家（对头、对门）', '大花（大王）']
    >>> [t.zh for t in page_terms("luanchan") if t.stage == "rulesets"]
    ['通俗规则', '憋三发四']
    """
    page = stage(stage_id)
    path = _COURSE_DIR / page.notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"] if path.is_file() else []
    english = [part for cell in cells if cell["cell_type"] == "markdown"
               for part in re.findall(r'<div lang="en">(.*?)</div>', "".join(cell["source"]), re.S)]
    english += [rules.title_en for rules in PRESETS.values()]
    at = STAGES.index(page) if page in STAGES else -1
    english += [s.title_en for s in STAGES[max(at - 1, 0):at + 2] if at >= 0]  # its own, the previous, the next
    for name in stage_scenarios(page):
        for scenario in (name, *(own for by_family in FAMILY_SCENARIOS.get((stage_id, name), {}).values()
                                 for own in by_family)):
            english += [line for line in replay(Scenario.load(scenario)).splitlines() if _ENGLISH_LINE.search(line)]
    text = "\n".join(english)
    own = tuple(term for term in GLOSSARY if term.stage == stage_id)
    return own + tuple(term for term in GLOSSARY
                       if term.stage != stage_id and any(name in text for name in names(term)))


#: A line of a replay's transcript in English (the Chinese lines have no Latin words).
_ENGLISH_LINE = re.compile(r"[A-Za-z]{3,}")


def _stage_of(name: str) -> str:
    """The stage whose page shows the scenario ``name`` (for some family), else :data:`LESSON_STAGE`."""
    return next((s.id for s in STAGES if name in stage_scenarios(s)
                 or any(name in own for (sid, _n), by_family in FAMILY_SCENARIOS.items() if sid == s.id
                        for own in by_family.values())),
                LESSON_STAGE)


def _titles(path: Path) -> tuple[str, str]:
    """A scenario file's titles, or none if it cannot be read now (the page that opens it says why)."""
    try:
        scenario = Scenario.load(path)
    except GoujiError:
        return "", ""
    return scenario.title_zh, scenario.title_en


def _lesson(path: Path, *, own: bool, stage: str | None = None) -> Lesson:
    stage = stage or (LESSON_STAGE if own else _stage_of(path.stem))
    return Lesson(path.stem, path, *_titles(path), stage, own)


def course_lessons() -> list[Lesson]:
    """Every scenario of the course, by name."""
    return [_lesson(SCENARIO_DIR / f"{name}.yaml", own=False) for name in shipped()]


def lesson_files() -> list[Path]:
    """The instructor's lesson files this server was started with (``serve --lessons``), checked at its start."""
    return [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p.strip()]


def instructor_lessons() -> list[Lesson]:
    """The instructor's own lessons (``serve --lessons DIR``), by name."""
    return sorted((_lesson(path, own=True) for path in lesson_files()), key=lambda lesson: lesson.name)


def find_lesson(name: str) -> Lesson:
    """The lesson an address names: an instructor's lesson or a course scenario by name, or a course stage by its
    id (its first scenario). Raises :class:`~gouji_teach.rules.errors.OptionError` for any other name."""
    name = str(name).strip()
    path = next((p for p in lesson_files() if p.stem == name), None)
    if path is not None:
        return _lesson(path, own=True)
    if name in shipped():
        return _lesson(SCENARIO_DIR / f"{name}.yaml", own=False)
    stage = next((s for s in STAGES if s.id == name and stage_scenarios(s)), None)
    if stage is not None:
        return _lesson(SCENARIO_DIR / f"{stage_scenarios(stage)[0]}.yaml", own=False, stage=stage.id)
    raise OptionError("scenario", name[:60],
                      "没有这个场景、课或课程（写场景的文件名或课程的名字，例如 qingdao_dagouji、dagouji）",
                      "no such scenario, lesson or stage (name a scenario file or a stage, e.g. qingdao_dagouji, "
                      "dagouji)")


def check_lessons(folder: Path) -> tuple[list[Path], list[Problem]]:
    """The scenario files of ``folder`` (``*.yaml``, ``*.yml``) that ``gouji-teach check`` accepts, and one
    problem per file it refuses (its first: file and line). A file named like a course scenario, or like another
    file of the folder, is refused too: an address could not tell them apart."""
    good: list[Path] = []
    problems: list[Problem] = []
    seen: set[str] = set(shipped())
    for path in sorted(p for p in folder.iterdir() if p.suffix.lower() in _SUFFIXES and p.is_file()):
        found = check_file(path)
        if found:
            problems.append(found[0])
        elif path.stem in seen:
            problems.append(Problem(str(path), 0, f"和另一个场景同名（{path.stem}）：请改个文件名",
                                    f"has the name of another scenario ({path.stem}): rename the file"))
        else:
            seen.add(path.stem)
            good.append(path.resolve())
    return good, problems


def lesson_link(name: str, **query: str) -> str:
    """The relative address of the lesson page of the lesson ``name``.

    >>> lesson_link("my_lesson", lang="en")
    'lesson.ipynb?scenario=my_lesson&lang=en'
    """
    return f"{LESSON_PAGE.notebook}?{urlencode({'scenario': name, **query})}"


def present_link(name: str = "", base: str = "", **query: str) -> str:
    """The address of the presenter's page (of the lesson ``name``; without one, its list of lessons), relative
    or under the app's address ``base``.

    >>> present_link("dagouji", "http://127.0.0.1:8866/")
    'http://127.0.0.1:8866/voila/render/present.ipynb?scenario=dagouji'
    """
    values = {"scenario": name, **query} if name else query
    path = PRESENT_PAGE.notebook + (f"?{urlencode(values)}" if values else "")
    return f"{base.rstrip('/')}/voila/render/{path}" if base else path


def join_link(code: str, base: str = "") -> str:
    """The address a learner opens to join the live lesson ``code`` (relative, or under the app's address ``base``).

    >>> join_link("AB12C", "http://127.0.0.1:8866/")
    'http://127.0.0.1:8866/voila/render/lesson.ipynb?live=AB12C'
    """
    path = f"{LESSON_PAGE.notebook}?{urlencode({'live': code})}"
    return f"{base.rstrip('/')}/voila/render/{path}" if base else path
