"""The course pages: nothing a learner is about to be asked is on the page before they answer; every shipped
scenario obeys the rules it teaches and is a possible deal; each language whole on every stage under every
rule set; footers list only the rules in force; the rule book."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from widget_state import answers_of, fresh_widgets, synced_state

from gouji_teach.rules.cards import Rank, build_deck, parse_cards
from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.scenario import Scenario, check_file, gives_away, run, shipped
from gouji_teach.show.i18n import MESSAGES, set_language
from gouji_teach.teach import course, pages
from gouji_teach.teach.book import book_html, in_force, summary
from gouji_teach.teach.player import ScenarioPlayer, frames

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "gouji_teach" / "course"
STAGE_IDS = [s.id for s in course.STAGES]


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def _cells(stage: course.Stage) -> list[dict]:
    return json.loads((COURSE / stage.notebook).read_text(encoding="utf-8"))["cells"]


def _scenarios_on(stage: course.Stage) -> list[str]:
    code = "".join("".join(c["source"]) for c in _cells(stage) if c["cell_type"] == "code")
    return re.findall(r"""(?:pages\.scenario\(session, |ScenarioPlayer\()"(\w+)\"""", code)


# -- nothing given away -------------------------------------------------------------------------------------------
def _answers(name: str) -> list[str]:
    """The checkpoint answers of a scenario long enough to be recognised (a bare "seat 0, seat 1" is also any
    sentence about those seats)."""
    return [text for step, result in run(Scenario.load(name)) if step.kind == "ask"
            for text in (result.zh, result.en) if len(text) > 12]


@pytest.mark.parametrize("stage", course.STAGES, ids=lambda s: s.id)
def test_no_page_shows_a_checkpoint_answer(stage):
    """No transcript on a learner's page: no code prints a replay, and no stored output holds an answer of the
    scenarios the page steps through."""
    cells = _cells(stage)
    code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "replay(" not in code
    shown = "".join(json.dumps(c.get("outputs", []), ensure_ascii=False) for c in cells)
    for name in _scenarios_on(stage):
        for answer in _answers(name):
            assert json.dumps(answer, ensure_ascii=False)[1:-1] not in shown, (stage.id, name, answer)


@pytest.mark.parametrize("name", shipped())
def test_narration_before_a_checkpoint_never_states_its_answer(name):
    """What the player shows at a checkpoint (the question, the narration, the table) holds no answer text, and
    the check's own give-away rule passes."""
    scenario = Scenario.load(name)
    player = ScenarioPlayer(scenario)
    for frame in frames(scenario)[1:]:
        if frame.answer is None:
            continue
        assert gives_away(frame.step, frame.answer) is None
        before = " ".join(x for step in scenario.steps[:frame.number] for x in (step.say_zh, step.say_en))
        assert not [text for text in (frame.answer.zh, frame.answer.en) if len(text) > 12 and text in before]
        for lang in ("zh", "en"):
            set_language(lang)
            player.go(frame.number)
            shown = player.narration.value + player.title.value + player.table.value
            for text in (frame.answer.zh, frame.answer.en):
                if len(text) > 6:
                    assert html.escape(text, quote=False) not in shown, (name, frame.number, text)  # as el writes text
    player.close()


# -- scenarios obey the rules they teach -------------------------------------------------------------------------
@pytest.mark.parametrize("name", shipped())
def test_shipped_scenarios_check_and_are_possible_deals(name):
    assert check_file(ROOT / "scenarios" / f"{name}.yaml") == []
    scenario = Scenario.load(name)
    rules = scenario.rules
    keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
    deck = Counter(c.rank for c in build_deck(rules.packs, suits=False, keep=keep))
    held = Counter(c.rank for hand in scenario.hands.values() for c in parse_cards(hand))
    assert all(held[rank] <= deck[rank] for rank in held), (held, deck)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_refuses_going_out_without_threes_under_biesan(tmp_path):
    text = 'rules: qingdao\nleader: 0\nhands: {0: "K", 1: "5 3"}\nsteps:\n  - do: seat 0 plays K\n'
    [problem] = check_file(_write(tmp_path, text))
    assert problem.line == 5 and "biesan" in problem.en and "goes out with K" in problem.en
    assert check_file(_write(tmp_path, text.replace('"K"', '"3"').replace("plays K", "plays 3"))) == []


@pytest.mark.parametrize(("ask", "say", "word"), [
    ("who may act", "Next comes seat 1.", "names seat 1"),
    ("can seat 1 play 7", "Seat 1 may answer with its 7.", "question mark"),
])
def test_check_refuses_narration_that_gives_a_checkpoint_away(tmp_path, ask, say, word):
    text = (f'rules: qingdao\nleader: 0\nhands: {{0: "5 6 3", 1: "7 8 3"}}\nsteps:\n  - do: seat 0 plays 5\n'
            f'  - ask: {ask}\n    say: {{zh: "{say}", en: "{say}"}}\n')
    [problem] = check_file(_write(tmp_path, text))
    assert problem.line == 6 and word in problem.en


# -- each language whole -----------------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[^}]*\}")
_CJK = re.compile(r"[\u4e00-\u9fff]+")


def _fragments(text: str, lang: str) -> list[str]:
    """The literal pieces of a catalogue text long enough to be recognised on a page."""
    pieces = [p.strip(" :：,，.。()（）") for p in _PLACEHOLDER.split(text)]
    if lang == "en":
        return [p for p in pieces if len(p) >= 6 and not _CJK.search(p)]
    return [p for p in pieces if len(p) >= 3 and _CJK.fullmatch(p.replace("，", "").replace("、", ""))]


#: Game terms an English page writes in Chinese (the glossary's terms and their other names).
_TERMS = {name for term in course.GLOSSARY for name in re.split(r"[（）、]", term.zh) if name}


def _shown_rule_ids(text: str) -> set[str]:
    """The rule ids a page shows: pages name rules in words and keep ids for hover (``title``)."""
    dotted = {r for r in RULES if "." in r and re.search(rf"(?<![\w.]){re.escape(r)}(?![\w.])", text)}
    return dotted | {r for r in RULES if re.search(rf"[【\[]{re.escape(r)}[,，\]】]", text)}


def _other_language(text: str, lang: str) -> list[str]:
    other = "en" if lang == "zh" else "zh"
    found = []
    for key, (zh, en) in MESSAGES.items():
        own = zh if lang == "zh" else en
        for piece in _fragments(en if other == "en" else zh, other):
            if piece in text and piece not in own and piece not in _TERMS:
                found.append(f"{key}: {piece}")
    return found


def _page_text(stage: course.Stage, rules: str, lang: str) -> str:
    session = course.start(stage.id, f"rules={rules}&lang={lang}")
    parts = [pages.header(session).value, pages.footer(session).value, pages.glossary(stage.id).value]
    for name in _scenarios_on(stage):
        player = ScenarioPlayer(name)
        player.switch_rules(rules)
        for number in range(len(player._frames)):
            player.go(number)
            parts += [player.title.value, player.narration.value, player.position.value, player.changes.value,
                      player.table.value]
        player.try_action("座位9出AA" if lang == "zh" else "seat 9 plays AA")  # unreadable: the syntax help
        parts.append(player.branch.value)
        parts += [player.what_if.placeholder, player.back.description, player.forward.description]
        player.close()
    page = "\n".join(parts).replace(">English<", "><").replace(">中文<", "><")  # the language switch names both
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("stage", course.STAGES, ids=lambda s: s.id)
def test_each_language_whole(stage, rules, lang):
    """Header, footer, glossary and the stage's scenario players show no rule id and no catalogue text of the
    other language, and in Chinese no English word outside card notation."""
    text = _page_text(stage, rules, lang)
    assert _shown_rule_ids(text) == set()
    assert _other_language(text, lang) == []
    if lang == "zh":
        bare = re.sub(r"\[[^\]]*\]|【[^】]*】|rules=\S+|\w+\.ipynb\S*", " ", text)
        words = set(re.findall(r"\b[A-Za-z]{4,}\b", bare))
        assert not words, sorted(words)


#: Game terms an English page may write in Chinese beyond the glossary's (the names of places, tributes and
#: moves that the stages gloss where they teach them), and the joker pictures' 大/小.
_ALLOWED_TERMS = _TERMS | {
    "大", "小", "点", "落", "圈", "闷", "烧", "头科", "二科", "三科", "四科", "二落", "大落", "买三", "要三", "买四",
    "要四", "点贡", "烧贡", "闷贡", "落贡", "圈贡", "宣点", "革命", "要头", "无头", "有头", "冲点", "接风", "够死级",
    "四户乱缠", "先清为落", "串三户", "通俗规则", "憋三发四", "憋三",
}


def _widget_texts() -> list[str]:
    """Every text the browser can show of the live widgets: values, descriptions, placeholders, tooltips."""
    states = json.loads(synced_state()).values()
    return [v for st in states for k in ("value", "description", "placeholder", "tooltip")
            if isinstance(v := st.get(k), str) and v]


def _quiz_text(stage: course.Stage, rules: str, lang: str) -> str:
    """The stage's quiz as a learner meets it: each drill as shown, after a wrong answer, with the hint, after
    show-answer."""
    session = course.start(stage.id, f"rules={rules}&lang={lang}")
    box = pages.quiz(session)
    parts = _widget_texts()
    for widget in box.puzzle_widgets:
        puzzle = widget.puzzle
        wrong = next((a for a in answers_of(puzzle) if not puzzle.check(a).correct), None)
        if wrong is not None:
            widget.answer(wrong)
            parts += _widget_texts()
        widget.show_hint()
        parts += _widget_texts()
        widget.show_answer()
        parts += _widget_texts()
    box.close()
    return html.unescape(re.sub(r"<[^>]+>", " ", "\n".join(parts)))


_CARDS = re.compile(r"^(?:[DX2-9AKQJ]|10)+$")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("stage", [s for s in course.STAGES if s.drills], ids=lambda s: s.id)
def test_quiz_widgets_each_language_whole(stage, rules, lang):
    """The rendered quiz widgets (questions, choices, feedback after a wrong answer, hints, answers shown) hold
    no rule id and no catalogue text of the other language; in Chinese no English word outside card notation and
    drill ids; in English no Chinese outside game terms (:data:`_ALLOWED_TERMS`) and seed citations."""
    text = re.sub(r"\b\w+/\w+/\w+/(?:\w+\.)?\d+\b", " ", _quiz_text(stage, rules, lang))  # drill ids are names
    assert _shown_rule_ids(text) == set()
    assert _other_language(text, lang) == []
    if lang == "zh":
        words = {x for x in re.findall(r"\b[A-Za-z0-9]*[A-Za-z]{3,}[A-Za-z0-9]*\b", text)
                 if not _CARDS.match(x)}
        assert not words, sorted(words)
    else:  # English that agrees: "three 9s beat", never "1 cards"
        assert not re.search(r"(?<!seat )\b1 (?:cards|points|times|seats|hands|plays|jokers|big jokers|small jokers)\b",
                             text)
        assert not re.search(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]) (?:\w+ ){0,4}?\w+s "
                             r"(?:beats|does not beat)\b", text)
        text = re.sub(r"\[[^\]]*\]", " ", text)  # [rule id, seed citation]: a seed's sections have Chinese names
        text = re.sub(r"\b00[023](?: part \d)? (?:§\S+|第\d+条)", " ", text)
        chinese = set(re.findall(r"[\u4e00-\u9fff]+", text)) - _ALLOWED_TERMS
        assert not chinese, sorted(chinese)


# -- rule summaries and the rule book -------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_footers_list_only_rules_in_force(rules):
    for stage in course.STAGES:
        listed = {rule for rule, _, _ in summary(stage.rules, rules, "en")}
        assert listed == {r for r in stage.rules if in_force(r, rules)}
    # the rules the issue found wrongly listed under qingdao are gone
    if rules.name == "qingdao":
        assert not {"burn.kaidian", "fasi", "compare.cover"} & {r for s in course.STAGES for r in s.rules
                                                               if in_force(r, rules)}


def test_the_rules_of_buying_and_of_a_burners_jokers_say_what_the_engine_does():
    """buy.twos holds everywhere: under tongsu it is the rule itself (2s only, 000 第7条), not a rule "that holds
    elsewhere"; where a joker may pay, it says so. A burner's closing 3s need no joker under 憋三."""
    tongsu, qingdao, zaozhuang = PRESETS["tongsu"], PRESETS["qingdao"], PRESETS["zaozhuang"]
    [(_, words, cited)] = summary(["buy.twos"], tongsu, "en")
    assert "2s only" in words and "article 7" in cited
    [(_, words, _)] = summary(["buy.twos"], qingdao, "en")
    assert "with a 2 or a joker" in words  # 002 §5: 一张2或王, no order (which first is buy.order, a default)
    [(_, words, _)] = summary(["burn.joker"], zaozhuang, "en")
    assert "the closing 3s need none" in words and "course's own" in words


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_every_rule_cites_its_own_familys_seed_or_is_marked_a_default(rules):
    """Each rule (with a switch or not) names the section of the rule set's own seed text that says it; a rule
    taken from another family's text, or chosen where the texts are silent, is a default, and said to be one in
    both languages: in the footers and the rule book, in verdicts and in refusals."""
    from gouji_teach.rules.verdicts import cite, source_of
    from gouji_teach.teach.book import citation, own_text, text_of

    own = own_text(rules)
    for rule_id in RULES:
        source = source_of(rule_id, rules)
        if not source.is_default:
            assert text_of(source) == own, f"{rules.name} {rule_id}: {source.cite()} is not {own}"
            continue
        assert citation(rule_id, rules, "zh").startswith("默认") and cite(rule_id, rules, "zh").startswith("默认")
        assert citation(rule_id, rules, "en").startswith("default") and cite(rule_id, rules).startswith("default")
        zh = cite(rule_id, rules, "zh")
        assert not re.search(r"[A-Za-z]{3,}", zh), zh  # said in Chinese, parts of 000 too


def test_a_borrowed_rule_is_a_default_and_an_own_rule_is_not():
    from gouji_teach.rules.verdicts import cite

    assert cite("burn.lifted", PRESETS["tongsu"]) == "000 part 3, article 30"  # the family's own article
    assert cite("turn.order", PRESETS["zaozhuang"]).startswith("default: 003 does not say")  # 003 §三 does not
    assert cite("turn.order", PRESETS["zaozhuang"], "zh") == "默认（这套规则的原文没写，参照 002 §5 上牌）"
    assert cite("turn.order", PRESETS["tongsu"]) == "000 part 3, article 1"


def test_citations_mark_defaults_and_never_cite_000_part_2():
    for rules in PRESETS.values():
        for rule_id in RULES:
            for lang, word in (("zh", "默认"), ("en", "default")):
                cites = [c for _, _, c in summary([rule_id], rules, lang)]
                assert all(not c.startswith("000 part 2") for c in cites)
                if cites and "part 2" in cites[0]:
                    assert word in cites[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_rule_book_is_whole_and_in_one_language(rules, lang):
    page = book_html(rules, lang)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert _other_language(text, lang) == []
    for rule_id in RULES:
        if in_force(rule_id, rules) and rule_id != "action.syntax":
            [(_, sentence, _)] = summary([rule_id], rules, lang)
            assert sentence in text, rule_id


def test_landing_links_the_rule_book_and_numbers_once():
    session = course.start("index", "rules=linyi&lang=en")
    box = pages.landing(session)
    stages = box.children[1].value
    assert "rulebook.ipynb?" in stages and "rules=linyi" in stages
    assert "1. " not in stages and "Enter your name above" in stages


def _solved(stage_id: str, rules: str = "qingdao", stars: int = 3, kinds: tuple[str, ...] | None = None
            ) -> dict[tuple[str, str], int]:
    """Best stars per (stage, drill id), as the store keeps them, for the stage's drills (of ``kinds``) solved."""
    return {(stage_id, f"{d.kind}/{rules}/{d.level}/{d.number}"): stars for d in course.stage(stage_id).drills
            if kinds is None or d.kind in kinds}


def test_the_landing_page_is_a_map_of_the_course_with_stars_and_the_next_stage():
    """The landing page draws the course as parts of tiles (lichess style): every stage once, in course order,
    with its number, the stars earned of the most its quiz gives, and the stage to go on with marked."""
    kept = {**_solved("table"), ("cards", "card/qingdao/easy/cards.1"): 3, ("cards", "card/qingdao/medium/cards.1"): 2,
            **_solved("cards", rules="linyi")}  # another rule set's stars are not this map's
    for lang, flag, done in (("zh", "下一课", "学完了"), ("en", "Next", "done")):
        shown = html.unescape(str(pages._stage_map(course.Session(course.stage("index")), kept, lang)))
        tiles = re.findall(r'<li class="gj-tile[^"]*"', shown)
        assert len(tiles) == len(course.STAGES)
        links = re.findall(r'href="([0-9]{2}_[a-z]+)\.ipynb', shown)
        assert links == [s.notebook.removesuffix(".ipynb") for s in course.STAGES]
        assert shown.count('class="gj-tile gj-next"') == 1 and shown.count(flag) == 1
        next_tile = shown.split('class="gj-tile gj-next"')[1].split("</li>")[0]
        assert course.stage("cards").title(lang) in next_tile and f"★ 5/{pages.stage_most('cards')}" in next_tile
        first = shown.split('class="gj-tile gj-done"')[1].split("</li>")[0]
        assert course.stage("table").title(lang) in first and done in first
    assert pages.next_stage({}) == "table"
    assert pages.next_stage({s.id: pages.stage_most(s.id) for s in course.STAGES}) == "practice"


def test_the_map_opens_the_next_stage_at_its_next_level():
    """A stage's stars are its levels' (each full at three a drill: retries of one kind do not fill another), and
    the tile of the stage to go on with links to its first level not full and names it."""
    before = {k: v for s in ("table", "cards", "plays") for k, v in _solved(s).items()}
    retries = {("compare", f"beats/qingdao/easy/compare.{n}"): 3 for n in range(1001, 1010)}
    kept = {**before, **_solved("compare", kinds=("beats",)), **retries}
    assert pages.stage_stars(kept, "qingdao")["compare"] == 9  # the beats level, full; the pick level, empty
    assert pages.next_level("compare", kept, "qingdao").kind == "pick"
    shown = html.unescape(str(pages._stage_map(course.Session(course.stage("index")), kept, "zh")))
    next_tile = shown.split('class="gj-tile gj-next"')[1].split("</li>")[0]
    assert re.search(r'href="04_compare\.ipynb\?[^"]*#level-2"', next_tile), next_tile
    assert "下一课 · 第2关" in next_tile
    assert pages.next_level("compare", {**kept, **_solved("compare")}, "qingdao") is None


@pytest.mark.parametrize("family", list(PRESETS))
@pytest.mark.parametrize("stage_id", ["scores", "jingong"])
def test_settlement_and_tribute_are_told_by_pictures_with_few_lines_under_them(stage_id, family):
    """Stages 13 and 14 explain settlement and tribute by pictures: under every rule set, no block of printed lines
    longer than five is shown unfolded (the whole record is folded under a title, for whoever wants every step)."""
    from test_course_paths import _shown, _text

    from gouji_teach.teach.printed import Printed

    shown = [x.html("zh") if isinstance(x, Printed) else _text(x) for x in _shown(stage_id, f"rules={family}&lang=zh")]
    printed = [x for x in shown if "gj-printed" in x]
    for block in printed:
        if not block.startswith("<details"):
            assert block.count('<div lang="zh">') <= 5, block[:200]
    assert any(block.startswith("<details") for block in printed)


def test_a_hands_picture_says_its_settlement_in_at_most_five_lines():
    from gouji_teach.rules.record import GameRecord
    from gouji_teach.teach.printed import hands_figure

    hands = [GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 4, 1, 3, 5)),
             GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 1, 4, 5), revolution=(3,))]
    for lang in ("zh", "en"):
        captions = re.findall(r"<figcaption>(.*?)</figcaption>", hands_figure(hands, lang), re.S)
        assert len(captions) == 2
        for caption in captions:
            lines = re.findall(r"<div[^>]*>(.*?)</div>", caption)
            assert 2 <= len(lines) <= 4 and "place.order" not in caption and "【" not in caption
            assert not any(line[0].islower() for line in lines)  # English sentences start capitalised
        assert ("串三户" in captions[0]) and (("革命" if lang == "zh" else "revolted") in captions[1])


# -- the prose of the notebooks: one half per language -------------------------------------------------------------
#: A side note of the prose for some families only (gouji.js shows it as the text on their pages, set apart on the
#: others'): the only markup a half holds.
_ASIDE = re.compile(r'\n\n<div class="gj-aside" data-rules="(?P<rules>[a-z ]+)">\n\n'
                    r'(?P<text>(?:(?!<div).)*?)\n\n</div>', re.S)
_HALVES = re.compile(r'\A<div lang="zh">\n\n(?P<zh>.*?)\n\n</div>\n<div lang="en">\n\n(?P<en>.*?)\n\n</div>\Z', re.S)
#: A Chinese sentence: a run of five Chinese characters or more, or Chinese sentence punctuation.
_CHINESE_SENTENCE = re.compile(r"[\u4e00-\u9fff“”]{5,}|[，。；：（）]")
#: An English phrase: three English words in a row (names such as Voila or a file name stay single words).
#: A seed section numbered the Chinese way (§八, 第15条), which the English half writes as en_citation does.
_CHINESE_CITATION = re.compile(r"§[一二三四五六七八九十]+|第[0-9一二三四五六七八九十]+条")
_ENGLISH_PHRASE = re.compile(r"\b[A-Za-z]+\W+[A-Za-z]+\W+[A-Za-z]{2,}\b")


def _prose(notebook: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("notebook", sorted(COURSE.glob("*.ipynb")), ids=lambda p: p.stem)
def test_prose_is_written_once_per_language_and_each_half_is_whole(notebook):
    """Every markdown cell of the course is a Chinese half and an English half (``<div lang="zh">`` then
    ``<div lang="en">``; the page shows the half of its language): the English half holds no Chinese sentence
    (game terms such as 开点 aside), the Chinese half no English phrase (card notation, code and names aside).
    A half holds no markup but side notes for some families, the same in both halves."""
    for text in _prose(notebook):
        halves = _HALVES.match(text)
        assert halves, f"not written as a Chinese and an English half: {text[:80]!r}"
        asides = [[m["rules"] for m in _ASIDE.finditer(halves[lang])] for lang in ("zh", "en")]
        assert asides[0] == asides[1] and all(set(r.split()) <= set(PRESETS) for r in asides[0]), asides
        halves = {lang: _ASIDE.sub(lambda m: "\n\n" + m["text"], halves[lang]) for lang in ("zh", "en")}
        english = re.sub(r"`[^`]*`", " ", halves["en"])
        assert not _CHINESE_SENTENCE.findall(english), (english[:200], _CHINESE_SENTENCE.findall(english))
        assert not _CHINESE_CITATION.findall(english), _CHINESE_CITATION.findall(english)  # 003 §8, article 15
        chinese = re.sub(r"`[^`]*`|\([^)]*\)", " ", halves["zh"])
        assert not _ENGLISH_PHRASE.findall(chinese), _ENGLISH_PHRASE.findall(chinese)
        for half in (halves["zh"], halves["en"]):
            assert "</div>" not in half and "<div" not in half  # one level: the page hides a whole half


def test_the_page_shows_the_prose_of_its_language_only():
    """The course page's script hides the other language's half of every markdown cell, and the <html> element's
    language follows the session (its ``lang`` query), also when the learner switches in place."""
    script = (ROOT / "gouji_teach" / "app" / "jupyter" / "voila" / "templates" / "gouji" / "static" /
              "gouji.js").read_text(encoding="utf-8")
    for lang, other in (("zh", "en"), ("en", "zh")):
        assert f'html[data-gj-lang="{lang}"] :is(.jp-MarkdownOutput, .gj-printed) [lang="{other}"]' in script
    follow = script[script.index("function follow()"):]
    assert "showLanguage(new URLSearchParams(query).get(\"lang\"))" in follow[:follow.index("\n  }\n")]


@pytest.mark.parametrize("rules", list(PRESETS))
def test_luanchan_solutions_name_the_rule_in_words(rules):
    """Stage 12's who-may-act drills: a solution decided by 四户乱缠 (or 接风) says that rule in words in both
    languages, not only its id and citation (a page shows the name once, no id), and every English
    sentence of it starts with a capital."""
    from gouji_teach.teach.drills import make_drill

    decided = Counter()
    for level in ("easy", "medium", "hard"):
        for number in range(1, 7):
            puzzle = make_drill("luanchan", number, level=level, rules=rules)
            solution = puzzle.solution()
            for rule_id in set(puzzle.rule_ids()) & {"luanchan", "jiefeng"}:
                decided[rule_id] += 1
                zh, en = RULES[rule_id].zh, RULES[rule_id].en
                assert f"（{zh}）【{rule_id}," in solution.zh and f" ({en}) [{rule_id}," in solution.en
                shown = solution.text("zh"), solution.text("en")  # as a page shows it: named once, then the source
                assert f"（{zh}）【" in shown[0] and f" ({en}) [" in shown[1], shown
                assert f"【{rule_id}" not in shown[0] and f"[{rule_id}" not in shown[1], shown
            assert not re.search(r"[.?] [a-z]", re.sub(r"\[[^\]]*\]|\([^)]*\)", "", solution.text("en")))
            assert not re.search(r"[.?] [a-z]", puzzle.question()[1])
    assert decided["luanchan"] and decided["jiefeng"], decided


@pytest.mark.parametrize("notebook", sorted(COURSE.glob("*.ipynb")), ids=lambda p: p.stem)
def test_printed_examples_show_each_language_on_its_own_page(notebook):
    """A stored example output is one language per line in its HTML (``pages.printed``: the page hides the other
    language's lines), never a printed stream of Chinese and English lines that both pages would show."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("text", ""))
            assert not (_CHINESE_SENTENCE.search(text) and _ENGLISH_PHRASE.search(text)), text[:200]
            page = "".join(output.get("data", {}).get("text/html", ""))
            for lang, line in re.findall(r'<div lang="(zh|en)">(.*?)</div>', page):
                line = re.sub(r"【[^】]*】|\[[^\]]*\]", "", html.unescape(line))  # citations name seed sections
                if lang == "en":
                    assert not re.search(r"[\u4e00-\u9fff“”]{5,}|[，。；（）]", line), line
                else:
                    assert not _ENGLISH_PHRASE.search(line), line


#: The sections each seed has: 002 §1-§6, 003 §一-§十四 (§1-§14 in English), 000 articles 1-50 (its part 3).
_SEED_SECTIONS = {"002": {str(n) for n in range(1, 7)},
                  "003": {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四"}
                  | {str(n) for n in range(1, 15)}}


@pytest.mark.parametrize("notebook", sorted(COURSE.glob("*.ipynb")), ids=lambda p: p.stem)
def test_prose_cites_sections_the_seeds_have(notebook):
    """Every seed section the prose cites exists: 002 §1-§6, 003 §一-§十四 (§1-§14), 000 articles 1-50; the prose never
    credits a seed with 接风, which only 000 names (003 and 002 are silent: the course's default follows 000)."""
    for text in _prose(notebook):
        for seed, sections in re.findall(r"(00[23])((?:\s*[,，、;；]?\s*§[0-9一二三四五六七八九十]+)+)", text):
            for section in re.findall(r"§([0-9一二三四五六七八九十]+)", sections):
                assert section in _SEED_SECTIONS[seed], f"{seed} §{section}"
        for first, last in re.findall(r"(?:第|articles? )(\d+)(?:[–-](\d+))?", text):
            assert 1 <= int(first) <= 50 and (not last or int(first) < int(last) <= 50), (first, last)
        assert not re.search(r"接风\**[（(]00[23]", text)


def test_contradictions_quote_no_chinese_in_english():
    """The footers' note on a seed that contradicts itself: its English says the seed's words in English (game
    terms and section names such as 002 §5 打够级牌 aside), its Chinese has no English phrase."""
    from gouji_teach.teach.book import CONTRADICTIONS

    for note in CONTRADICTIONS:
        english = re.sub(r"00[023] (§\d+ )?\S+", " ", note.en)  # a citation names the seed's section
        assert not _CHINESE_SENTENCE.search(english), _CHINESE_SENTENCE.findall(english)
        assert not _ENGLISH_PHRASE.search(note.zh)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_rule_sentences_in_english_have_no_chinese_sentence(rules):
    """Each rule in force as the footers and the rule book say it in English: game terms in Chinese (头科, 点贡)
    but no Chinese sentence or list (Chinese punctuation), and in Chinese no English phrase."""
    for rule_id in RULES:
        for _, english, _ in summary([rule_id], rules, "en"):
            assert not _CHINESE_SENTENCE.search(english) and "、" not in english, (rule_id, english)
        for _, chinese, _ in summary([rule_id], rules, "zh"):
            assert not _ENGLISH_PHRASE.search(chinese), (rule_id, chinese)


def test_rule_set_buttons_show_their_whole_title():
    """The header's rule-set buttons size to their titles (a fixed width cut "Shandong standard rules (通俗规则)"
    to "Shandong standard…" at 390 px)."""
    import ipywidgets as w

    def buttons(widget):
        if isinstance(widget, w.Button):
            yield widget
        for child in getattr(widget, "children", ()):
            yield from buttons(child)

    titles = {r.title_en for r in PRESETS.values()}
    header = pages.header(course.start("cards", "lang=en"))
    found = [b for b in buttons(header) if b.description in titles]
    assert len(found) == len(titles)
    assert all(b.layout.width == "auto" for b in found)


@pytest.mark.parametrize("notebook", sorted(COURSE.glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_cell_prints(notebook):
    """A course cell shows text through the page's widgets or ``pages.printed`` (one language at a time), never
    with ``print``, whose stream both language pages would show (stage 15 printed its 56 switches in both
    languages, a wall of 280 lines)."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            assert "print(" not in "".join(cell["source"])
            assert all(o["output_type"] != "stream" for o in cell.get("outputs", []))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_switch_differences_table_is_in_one_language(lang):
    """Stage 15's table of the switches the rule sets disagree on: every rule and every value in the page's
    language (no switch ids such as suit_fours on the Chinese page, no Chinese sentence on the English one)."""
    from gouji_teach.teach.printed import switch_differences

    table = switch_differences(lang)
    cells = [html.unescape(c) for c in re.findall(r"<t[hd](?: [^>]*)?>(.*?)</t[hd]>", table)]
    assert len(cells) > 5 * 20  # twenty switches or more differ, in five columns
    for cell in cells:
        if lang == "zh":
            assert not re.search(r"[a-z]{3,}", cell), cell
        else:
            assert not _CHINESE_SENTENCE.search(cell.replace("（", "(").replace("）", ")")), cell


@pytest.mark.parametrize("stage", course.STAGES, ids=lambda s: s.id)
def test_a_stages_choice_drills_do_not_always_have_the_same_answer(stage):
    """Over many drill numbers, a stage's drills of one kind answered by a choice do not always have the same
    right choice (stage 8 asked only hard 够级 questions, all plays with a joker: always "够级, cannot open")."""
    from gouji_teach.teach.drills import make_drill

    for kind in {kind for kind, *_ in stage.drills}:
        rights = Counter()
        for level in {level for k, level, *_ in stage.drills if k == kind}:
            for number in range(1, 16):
                puzzle = make_drill(kind, number, level=level, rules="qingdao")
                if puzzle.choices and puzzle.choices[0].key in ("yes", "not", "no"):  # a fixed set of choices
                    rights[next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)] += 1
        assert len(rights) != 1, (kind, rights)


@pytest.mark.parametrize("stage", [s for s in course.STAGES if '"' + s.id + '"' in "".join(
    "".join(c["source"]) for c in _cells(s) if c["cell_type"] == "code" and "pages.glossary(" in "".join(c["source"]))],
    ids=lambda s: s.id)
def test_an_english_pages_glossary_has_every_chinese_term_the_page_writes(stage):
    """Every run of Chinese an English page's text writes is in the page's glossary (as a term, or a part of one:
    乱缠 of 四户乱缠), with its pinyin and English, whichever stage teaches it; rule-set titles aside."""
    set_language("en")
    shown = html.unescape(pages.glossary(stage.id).value)
    names = set(re.findall(r'<th scope="row" lang="zh">(.*?)</th>', shown))
    names = {name for entry in names for name in re.split(r"[（）、]", entry) if name}
    titles = " ".join(r.title_en for r in PRESETS.values())
    english = " ".join(part for c in _cells(stage) if c["cell_type"] == "markdown"
                       for part in re.findall(r'<div lang="en">(.*?)</div>', "".join(c["source"]), re.S))
    written = set(re.findall(r"[\u4e00-\u9fff]+", english))
    missing = sorted(x for x in written if x not in titles and not any(x in name for name in names))
    assert not missing, f"{stage.notebook}: Chinese on the English page without a glossary entry: {missing}"
