"""The instructor's classroom in chromium: the presenter's wall on a projector's screen, a clicker's keys, a live
lesson with a presenter and three learners on their own browsers (contexts), a late joiner, and ``serve
--lessons`` with one good and one bad file.

The app under test is its own ``gouji-teach serve --lessons DIR`` (module fixture ``classroom``), with a progress
file of its own; the screenshots of docs/instructors.md are made here (``ARTIFACTS/classroom-*.png``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pagekit import ARTIFACTS, WIDGET_TIMEOUT_MS
from playwright.sync_api import Browser, Page, expect

from conftest import _default_sigint, _stop
from gouji_teach.app import free_port, responds
from gouji_teach.rules.scenario import SCENARIO_DIR, Scenario, frames
from gouji_teach.teach.player import checkpoint_puzzle
from gouji_teach.teach.progress import ProgressStore

#: Step 2 asks who may act (seats, a long answer), step 3 whether seat 1 may play AA (yes / no).
DAGOUJI = "qingdao_dagouji"
BAD = 'rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "AA 7"}\nsteps:\n  - do: seat 0 plays KK\n' \
      "  - do: seat 9 plays AA\n"
SCREENS = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720}}


@pytest.fixture(scope="module")
def classroom(chromium: str, tmp_path_factory: pytest.TempPathFactory, screenshots: Path) -> Iterator[dict[str, Any]]:
    """``gouji-teach serve --lessons DIR`` (DIR: ``my_lesson.yaml``, good, and ``broken.yaml``, bad) on a free port:
    its address, progress file and log. (``screenshots``: the git-ignored folder this module's screenshots go to.)"""
    root = tmp_path_factory.mktemp("classroom")
    lessons = root / "lessons"
    lessons.mkdir()
    (lessons / "my_lesson.yaml").write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8")
                                            .replace("打够级：", "我的课：").replace("打够级:", "My lesson:"),
                                            encoding="utf-8")
    (lessons / "broken.yaml").write_text(BAD, encoding="utf-8")
    progress, log_path = root / "progress.sqlite", root / "serve.log"
    port = free_port(19866)
    url = f"http://127.0.0.1:{port}/"
    with log_path.open("wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "gouji_teach", "serve", "--port", str(port), "--progress",
                                    str(progress), "--lessons", str(lessons), "--class-size", "3"],
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                   preexec_fn=_default_sigint)
        try:
            deadline = time.monotonic() + 120
            while not responds(url + "voila/tree"):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"serve --lessons did not answer: {log_path.read_text(encoding='utf-8')}")
                time.sleep(0.25)
            yield {"url": url, "progress": progress, "log": log_path, "lessons": lessons}
        finally:
            _stop(process)


def _page(browser: Browser, url: str, viewport: dict[str, int] | None = None) -> Page:
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800})
    context.set_default_navigation_timeout(WIDGET_TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    return page


def _wall(browser: Browser, classroom: dict[str, Any], query: str, screen: str = "1280x720") -> Page:
    page = _page(browser, classroom["url"] + f"voila/render/present.ipynb?{query}", SCREENS[screen])
    page.wait_for_selector(".gj-wall .gj-narration", timeout=WIDGET_TIMEOUT_MS)
    return page


def _solution(step: int) -> Any:
    frame = frames(Scenario.load(DAGOUJI))[step]
    return checkpoint_puzzle(frame.game, frame.step.text).solution()


_BOXES = """(selectors) => selectors.map((s) => { const e = document.querySelector(s); if (!e) return [s, null];
  const b = e.getBoundingClientRect(); return [s, [b.left, b.top, b.right, b.bottom, parseFloat(getComputedStyle(e)
  .fontSize)]]; })"""
#: The smallest type of the wall's text outside its pictures (SVG), and where it is.
_SMALLEST_TEXT = """() => {
  let least = [1000, ''];
  const walk = document.createTreeWalker(document.querySelector('.gj-wall'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, e = node.parentElement;
    if (!node.textContent.trim() || e.closest('svg') || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < least[0]) least = [size, node.textContent.trim()];
  }
  return least; }"""
#: The wall's parts that must be in view: table, narration, question, reveal, and the controls.
PARTS = [".gj-wall-table svg.gj-table", ".gj-wall .gj-narration", ".gj-wall .gj-ask", ".gj-wall .gj-reveal",
         ".gj-wall-controls", ".gj-wall-header"]


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_wall_fits_one_screen_with_everything_in_view(browser: Browser, classroom: dict[str, Any], screen: str,
                                                          lang: str) -> None:
    page = _wall(browser, classroom, f"scenario=qingdao_shaopai&step=2&lang={lang}", screen)
    page.keyboard.press("r")
    page.wait_for_selector(".gj-wall .gj-reveal")
    width, height = SCREENS[screen]["width"], SCREENS[screen]["height"]
    for selector, box in page.evaluate(_BOXES, PARTS):
        assert box is not None, selector
        left, top, right, bottom, size = box
        assert left >= 0 and right <= width and top >= 0 and bottom <= height, (selector, box)
        if screen == "1920x1080" and "svg" not in selector:
            assert size >= 24, (selector, size)  # the wall's type at 1080p
    if screen == "1920x1080":  # every text of the wall but the table picture's labels
        smallest = page.evaluate(_SMALLEST_TEXT)
        assert smallest[0] >= 24, smallest
    scroll = page.evaluate("() => [document.scrollingElement.scrollHeight, window.innerHeight,"
                           " document.querySelector('.gj-wall-text').scrollHeight,"
                           " document.querySelector('.gj-wall-text').clientHeight]")
    assert scroll[0] <= scroll[1] and scroll[2] <= scroll[3], scroll  # nothing to scroll to
    text = page.locator(".gj-wall").inner_text()
    assert text.count("答案：" if lang == "zh" else "Answer:") == 1
    for word in ("看答案", "再来一次", "Show answer", "Retry", "给老师", "For instructors"):
        assert word not in text
    assert page.locator(".gj-wall .gouji-puzzle").count() == 0
    other = "Step 2" if lang == "zh" else "第2步"
    assert other not in text  # one language
    page.screenshot(path=str(ARTIFACTS / f"classroom-wall-{screen}-{lang}.png"))
    page.context.close()


def test_a_clicker_steps_the_wall_and_answers_stay_hidden_until_revealed(browser: Browser,
                                                                          classroom: dict[str, Any]) -> None:
    page = _wall(browser, classroom, f"scenario={DAGOUJI}")
    for key, step in (("ArrowRight", 1), ("PageDown", 2), ("ArrowLeft", 1), (" ", 2)):
        page.keyboard.press(key)
        expect(page.locator(".gj-wall-step")).to_contain_text(f"第{step}步")
    page.wait_for_function("() => location.search.includes('step=2')")
    solution = _solution(2)
    assert solution.zh[:12] not in page.content()  # not on the page before the reveal
    page.keyboard.press("R")
    expect(page.locator(".gj-wall .gj-reveal")).to_contain_text(solution.zh[:12])
    page.keyboard.press("b")
    page.wait_for_function("() => document.querySelector('.gj-wall').classList.contains('gj-blank')")
    page.keyboard.press("b")
    page.wait_for_function("() => !document.querySelector('.gj-wall').classList.contains('gj-blank')")
    page.reload()  # ?step=2 kept
    expect(page.locator(".gj-wall-step")).to_contain_text("第2步", timeout=WIDGET_TIMEOUT_MS)
    page.context.close()


def _join_from_landing(browser: Browser, classroom: dict[str, Any], name: str, code: str) -> Page:
    page = _page(browser, classroom["url"] + f"voila/render/index.ipynb?learner={name}", {"width": 390, "height": 800})
    form = page.locator("form.gj-join-form")
    form.wait_for(timeout=WIDGET_TIMEOUT_MS)
    form.locator("input[name=live]").fill(code)
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".gj-live .gj-narration", timeout=WIDGET_TIMEOUT_MS)
    return page


def _join_by_link(browser: Browser, classroom: dict[str, Any], name: str, code: str) -> Page:
    page = _page(browser, classroom["url"] + f"voila/render/lesson.ipynb?live={code}&learner={name}",
                 {"width": 390, "height": 800})
    page.wait_for_selector(".gj-live .gj-narration", timeout=WIDGET_TIMEOUT_MS)
    return page


def test_a_live_lesson_with_a_presenter_and_three_learners(browser: Browser, classroom: dict[str, Any]) -> None:
    wall = _wall(browser, classroom, f"scenario={DAGOUJI}", "1920x1080")
    wall.locator("button.gj-wall-live").click()
    code = wall.locator(".gj-code").inner_text(timeout=WIDGET_TIMEOUT_MS).strip()
    assert len(code) == 5 and wall.locator(".gj-qr svg").count() == 1
    wall.wait_for_function("() => location.search.includes('key=')")
    learners = {"live-甲": _join_from_landing(browser, classroom, "live-甲", code),
                "live-乙": _join_by_link(browser, classroom, "live-乙", code),
                "live-丙": _join_by_link(browser, classroom, "live-丙", code)}
    expect(wall.locator(".gj-joined")).to_contain_text("已加入 3 人")
    for _ in range(3):
        wall.keyboard.press("ArrowRight")  # step 3: may seat 1 play AA? (no)
    for page in learners.values():  # each learner's page follows the presenter
        expect(page.locator(".gj-live .gj-narration")).to_contain_text("第3步")
    answers = {"live-甲": "不能", "live-乙": "不能", "live-丙": "能"}
    for name, page in learners.items():
        page.locator(".gj-live .gouji-puzzle").get_by_role("button", name=answers[name], exact=True).click()
        expect(page.locator(".gj-live .gj-exam-chosen")).to_contain_text("揭晓前可以改")
    expect(wall.locator(".gj-answered")).to_contain_text("已作答 3/3")
    bars = wall.locator(".gj-bar-row")
    expect(bars).to_have_count(2)
    assert "✔" not in wall.locator(".gj-tally").inner_text()  # not marked before the reveal
    assert [int(x) for x in wall.locator(".gj-bar-count").all_inner_texts()] == [2, 1]
    wall.screenshot(path=str(ARTIFACTS / "classroom-live-wall.png"))
    for page in learners.values():
        assert "答对了" not in page.content() and "答错了" not in page.content()
    wall.keyboard.press("r")
    expect(wall.locator(".gj-bar-row.gj-right")).to_contain_text("✔ 不能")
    for name, page in learners.items():
        verdict = "答错了" if name == "live-丙" else "答对了"
        expect(page.locator(".gj-live .gouji-feedback")).to_contain_text(verdict)
    learners["live-丙"].screenshot(path=str(ARTIFACTS / "classroom-live-learner.png"), full_page=True)
    attempts = {(a.learner.name, a.correct, a.puzzle_id) for a in ProgressStore(classroom["progress"]).attempts()
                if a.learner.name in learners}
    assert attempts == {(name, name != "live-丙", "live/qingdao/qingdao_dagouji/3") for name in learners}
    wall.keyboard.press("ArrowRight")  # a late joiner lands on the current step
    late = _join_by_link(browser, classroom, "live-迟到", code)
    expect(late.locator(".gj-live .gj-narration")).to_contain_text("第4步")
    wall.reload()  # the presenter's page resumes the lesson
    expect(wall.locator(".gj-code")).to_have_text(code, timeout=WIDGET_TIMEOUT_MS)
    expect(wall.locator(".gj-wall-step")).to_contain_text("第4步")
    wall.keyboard.press("ArrowRight")
    expect(late.locator(".gj-live .gj-narration")).to_contain_text("第5步")
    for page in [wall, late, *learners.values()]:
        page.context.close()


def test_serve_lessons_serves_the_good_file_and_names_the_bad_one(browser: Browser,
                                                                   classroom: dict[str, Any]) -> None:
    log = classroom["log"].read_text(encoding="utf-8")
    bad = [line for line in log.splitlines() if "broken.yaml" in line]
    assert len(bad) == 1 and "broken.yaml:6:" in bad[0], log  # one line: file and line
    assert "课 lessons (1): my_lesson" in log
    home = _page(browser, classroom["url"] + "voila/render/index.ipynb?learner=lessons-test")
    link = home.locator(".gj-lesson-list a", has_text="我的课")
    link.wait_for(timeout=WIDGET_TIMEOUT_MS)
    home.set_viewport_size({"width": 1280, "height": 1000})
    home.screenshot(path=str(ARTIFACTS / "classroom-landing.png"))
    listed = home.locator(".gj-lesson-list li").all_inner_texts()
    assert len(listed) == 1 and "broken" not in " ".join(home.locator(".gj-lesson-list").all_inner_texts())
    link.click()
    home.wait_for_selector(".gouji-scenario-player", timeout=WIDGET_TIMEOUT_MS)
    assert "scenario=my_lesson" in home.url
    home.context.close()
    wall = _wall(browser, classroom, "scenario=my_lesson&step=3")
    expect(wall.locator(".gj-wall-title")).to_contain_text("我的课")
    wall.context.close()
