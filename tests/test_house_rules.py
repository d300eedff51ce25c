"""A rule set travels with what was played under it (item 2 of issue 27), and a club's own rules work end to end
(item 3): a record, a scenario file, a drill id and a page's address carry the rule set's switches (a family's
name plus the changes), so a hand settles under the rules that were played; a house rule file (``base: linyi`` and
changes with the club's notes) is accepted wherever a rule set is, and its mistakes are one line naming the file,
the line and what is allowed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from gouji_teach import QINGDAO, GameRecord, Play, beats, settle
from gouji_teach.bots.players import play_hand
from gouji_teach.cli import main
from gouji_teach.rules import rulesets
from gouji_teach.rules.errors import GoujiError, RecordError, RulesetError
from gouji_teach.rules.house import parse, template
from gouji_teach.rules.inputs import InputError
from gouji_teach.rules.rulesets import (
    CHOICES,
    PRESETS,
    TributeKind,
    all_rulesets,
    find_ruleset,
    ruleset_from_json,
    switches,
)
from gouji_teach.rules.scenario import Scenario
from gouji_teach.teach import course
from gouji_teach.teach.drills import drill, make_drill

CLUB = """\
base: linyi
name: myclub
title_zh: 我们俱乐部的规则
title_en: Our club's rules
big_joker_kill:
  value: false
  note: {zh: 我们俱乐部不许两个大花灭一个大花。, en: Our club lets no two 大花 kill one.}
place_points:
  value: [8, 4, 0, 0, -4, -8]
  note: {zh: 俱乐部的名次分加倍。, en: The club doubles the place points.}
"""


@pytest.fixture(autouse=True)
def _no_house_rules_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts, and leaves the process, with no house rule set known (a rule file a test loads is made
    known to the whole process)."""
    monkeypatch.setattr(rulesets, "_HOUSE", {})


@pytest.fixture
def club_file(tmp_path: Path) -> Path:
    path = tmp_path / "myclub.yaml"
    path.write_text(CLUB, encoding="utf-8")
    return path


def _swept(rules) -> GameRecord:
    """A hand that one team swept (串三户): its scores depend on the place points."""
    return GameRecord(rules=rules, first_hand=False, finish_order=(0, 2, 4, 1, 3, 5))


# -- item 2: the record carries its rule set ------------------------------------------------------------------------

def test_a_custom_rule_set_round_trips_record_json_settle() -> None:
    mine = QINGDAO.replace(place_points=(8, 4, 0, 0, -4, -8))
    game = play_hand(5, mine)
    record = game.game_record()
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record and again.rules == mine
    assert settle(again).scores == settle(record, mine).scores
    swept = GameRecord.from_json(json.loads(json.dumps(_swept(mine).to_json())))
    assert settle(swept).scores.points == settle(_swept(mine), mine).scores.points
    assert settle(swept).scores.points != settle(_swept(QINGDAO)).scores.points  # the change is not lost
    assert max(settle(swept).scores.points) == 2 * max(settle(_swept(QINGDAO)).scores.points)


def test_a_rule_set_renamed_plays_a_whole_hand_and_keeps_its_name() -> None:
    mine = dataclasses.replace(QINGDAO, name="mine")
    record = play_hand(2, mine).game_record()  # 0.1: RecordError: unknown rule set 'mine'
    assert record.to_json()["rules"]["name"] == "mine"
    assert GameRecord.from_json(record.to_json()).rules.name == "mine"


def test_a_changed_family_gets_a_name_of_its_own() -> None:
    changed = QINGDAO.replace(place_points=(8, 4, 0, 0, -4, -8), tieqian=False)
    assert changed.name == "qingdao+2 changes" and changed.base == "qingdao"
    assert changed.title_en == "Qingdao + 2 changes" and "改了2条" in changed.title_zh
    assert changed.key == "qingdao+tieqian=no+place_points=8,4,0,0,-4,-8"
    assert QINGDAO.replace(tieqian=True) is QINGDAO  # no change: the family itself


def test_a_record_naming_a_rule_set_it_does_not_carry_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    data = {**_swept(QINGDAO).to_json(), "rules": "mine"}
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(data)
    assert "does not carry its switches" in caught.value.en and "\n" not in str(caught.value)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["settle", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{path}: rules") and "'mine'" in err


def _other_value(switch: str, value):
    """A value of ``switch`` other than ``value`` that the switch allows."""
    others = [getattr(r, switch) for r in PRESETS.values() if getattr(r, switch) != value]
    if others:
        return others[0]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if switch in CHOICES:
        return next(v for v in CHOICES[switch] if v != value)
    if switch == "tribute_order":
        return tuple(reversed(value))
    if switch == "failed_burn_tribute":
        return None if value is not None else TributeKind.SHAO
    if isinstance(value, tuple):
        return tuple(v + 1 for v in value)
    return {**value, "XK/XK": 3}  # dian_table


@pytest.mark.parametrize("family", list(PRESETS))
@pytest.mark.parametrize("switch", list(switches()))
def test_every_switch_changed_travels_in_a_key_and_in_json(family: str, switch: str) -> None:
    base = PRESETS[family]
    changed = base.replace(**{switch: _other_value(switch, getattr(base, switch))})
    assert list(changed.changes()) == [switch]
    assert "/" not in changed.key  # a drill id's parts are split at "/"
    assert find_ruleset(changed.key).changes() == changed.changes()
    assert ruleset_from_json(json.loads(json.dumps(changed.to_json()))) == changed


def test_a_drill_id_carries_the_rule_set_it_was_asked_under() -> None:
    mine = PRESETS["linyi"].replace(big_joker_kill=False)
    puzzle = make_drill("beats", "compare.3", level="hard", rules=mine)
    assert puzzle.puzzle_id == "beats/linyi+big_joker_kill=no/hard/compare.3"
    again = drill(puzzle.puzzle_id)  # in another kernel: the id is all it takes
    assert again == puzzle and again.rules.changes() == {"big_joker_kill": False}
    assert make_drill("beats", "compare.3", level="hard", rules="linyi").puzzle_id == "beats/linyi/hard/compare.3"


def test_a_scenario_file_carries_its_rule_set_and_a_practice_hand_keeps_it() -> None:
    from gouji_teach.teach.practice import scenario_yaml

    scenario = Scenario.from_text("rules: {base: linyi, changes: {big_joker_kill: false}}\nleader: 0\n"
                                  "hands: {0: DD9999 3, 1: D8888 3, 2: '5', 3: D7777 3, 4: '6', 5: '7'}\n"
                                  "steps:\n  - do: seat 1 plays D8888\n  - ask: can seat 0 play DD9999\n")
    assert scenario.rules.changes() == {"big_joker_kill": False}
    mine = PRESETS["zaozhuang"].replace(pass_rule="free")
    game = play_hand(1, mine)
    text = scenario_yaml(game, 1, tuple(game.initial_hands), 0, ("练习", "practice"))
    assert Scenario.from_text(text).rules == mine


def test_a_page_address_carries_any_rule_set() -> None:
    mine = PRESETS["tongsu"].replace(gouji_min_twos=1)
    session = course.start("compare", course.query_string("", mine.ref, "en"))
    assert session.rules == mine and "rules=tongsu%2Bgouji_min_twos%3D1" in session.query()
    assert course.start("compare", "rules=tongsu+gouji_min_twos=1").rules == mine  # "+" left unencoded
    assert course.parse_query("rules=nonsense+x=1")["rules"] == "qingdao"  # not a rule set: the default


# -- item 3: house rules -------------------------------------------------------------------------------------------

def test_a_rule_file_is_a_family_and_the_clubs_changes_with_their_notes() -> None:
    club = parse(CLUB, "myclub.yaml")
    assert (club.name, club.base, club.title_en) == ("myclub", "linyi", "Our club's rules")
    assert club.changes() == {"big_joker_kill": False, "place_points": (8, 4, 0, 0, -4, -8)}
    verdict = beats("DD99999", "D8888", club)
    assert not verdict and verdict.rule == "compare.size"
    reasons = settle(_swept(club)).scores.reasons  # the place points' reason cites the club's note
    assert any(r.source == "myclub: The club doubles the place points." for r in reasons), reasons
    from gouji_teach.rules.verdicts import cite

    assert cite("compare.kill", club) == "myclub: Our club lets no two 大花 kill one."
    assert cite("compare.kill", club, "zh") == "myclub：我们俱乐部不许两个大花灭一个大花。"
    assert cite("compare.kill", PRESETS["linyi"]) != cite("compare.kill", club)


@pytest.mark.parametrize(("text", "line", "zh", "en"), [
    ("base: beijing\n", 1, "qingdao、linyi", "choose one of qingdao, linyi, tongsu, zaozhuang"),
    ("name: x\n", 1, "缺少 base", "base is missing"),
    ("base: linyi\n\npakcs:\n  value: 6\n  note: x\n", 3, "是不是 packs", "did you mean packs?); the switches: packs"),
    ("base: linyi\npass_rule:\n  note: x\n  value: fre\n", 4, "可选 final", "choose from final, except_duitou, free"),
    ("base: linyi\npacks:\n  value: 0\n  note: x\n", 3, "不小于1", "a whole number of at least 1"),
    ("base: linyi\nplace_points: {value: [1, 2], note: x}\n", 2, "6个整数", "a list of 6 whole numbers"),
    ("base: linyi\npacks: 6\n", 2, "value:", "write value: the new value, and note:"),
    ("base: linyi\npacks:\n  value: 6\n", 2, "缺少 note", "the note is missing"),
    ("base: linyi\nname: linyi\n", 2, "自己的名字", "a name of the club's own"),
    ("base: [linyi\n", 2, "方括号", "a [ … ] list is not finished"),
])
def test_a_mistake_in_a_rule_file_is_one_line_naming_file_line_and_what_is_allowed(text, line, zh, en) -> None:
    with pytest.raises(InputError) as caught:
        parse(text, "myclub.yaml")
    e = caught.value
    assert (e.path, e.line) == ("myclub.yaml", line), str(e)
    assert zh in e.zh and en in e.en and "\n" not in str(e)
    assert str(e).startswith(f"myclub.yaml:{line}: ")


@pytest.mark.parametrize("family", list(PRESETS))
def test_rules_new_writes_a_commented_starting_file(family: str, capsys, tmp_path: Path) -> None:
    assert main(["rules", "--new", family]) == 0
    text = capsys.readouterr().out
    assert text == template(family) and parse(text, "myclub.yaml").changes() == {}
    assert f"base: {family}" in text and "# packs:\n#   value:" in text
    assert all(f"# {switch}:" in text for switch in switches())
    # uncomment one change, as a club would: it is taken, with its note as the citation
    start = text.index("# tieqian:\n")
    block = text[start:text.index("\n\n", start)].splitlines()
    edited = text.replace("\n".join(block), "\n".join(line[2:] for line in block)).replace(
        f"value: {'true' if PRESETS[family].tieqian else 'false'}\n  note: {{zh: 我们俱乐部……",
        f"value: {'false' if PRESETS[family].tieqian else 'true'}\n  note: {{zh: 我们俱乐部……")
    club = parse(edited, "myclub.yaml")
    assert club.changes() == {"tieqian": not PRESETS[family].tieqian}
    assert club.source("tieqian").club == "myclub"
    assert main(["rules", "--new", "beijing"]) == 2 and "choose one of" in capsys.readouterr().err


def test_a_house_rule_file_through_the_command_line(club_file: Path, tmp_path: Path, capsys) -> None:
    rules = ["--rules", str(club_file)]

    def run(*argv: str) -> tuple[int, str, str]:
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    status, out, _ = run("beats", "DD9999", "D8888", "--rules", "linyi", *rules)
    assert status == 1 and out.startswith("linyi: 能大过 yes") and "myclub: 大不过 no" in out
    status, out, _ = run("describe", "22", *rules)
    assert status == 0 and out.startswith("myclub: 22 算作")
    status, out, _ = run("options", "DD 9999 KK", "88", *rules)
    assert status == 0 and out.startswith("myclub: ")
    status, out, _ = run("rules", *rules)
    assert "myclub" in out.splitlines()[0] and "(8, 4, 0, 0, -4, -8)*" in out
    assert "myclub     no       myclub: Our club lets no two 大花 kill one." in out
    status, out, _ = run("selfplay", "--seed", "3", *rules)
    record = json.loads(out)["record"]
    assert record["rules"]["name"] == "myclub" and record["rules"]["notes"]["place_points"]["en"]
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({**_swept(QINGDAO).to_json(), "rules": record["rules"]}), encoding="utf-8")
    status, out, _ = run("settle", str(hand), "--json")
    assert status == 0 and json.loads(out)["rules"] == "myclub" and max(json.loads(out)["scores"].values()) == 24
    status, out, _ = run("settle", str(hand), "--json", "--rules", "linyi")
    assert max(json.loads(out)["scores"].values()) == 12
    scenario = str(Path(course.__file__).parent.parent / "scenarios" / "qingdao_dagouji.yaml")
    assert run("check", scenario, *rules)[:2] == (0, f"{scenario}: ok\n")
    status, out, _ = run("replay", scenario, *rules)
    assert status == 0 and "rules: myclub (我们俱乐部的规则)" in out
    status, out, _ = run("match", "--hands", "1", *rules)
    assert status == 0 and out.startswith("myclub: 1 局 hands")
    status, out, _ = run("exam", "new", "--kinds", "beats", "--count", "2", "--seed", "1", "--progress",
                         str(tmp_path / "class.sqlite3"), "--json", *rules)
    exam = json.loads(out)
    assert exam["rules"] == "linyi+big_joker_kill=no+place_points=8,4,0,0,-4,-8"
    assert all(drill(q).rules.name == "myclub" for q in exam["questions"])  # the club's notes, as its rules


def test_a_bad_rule_file_stops_every_command_in_one_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("base: linyi\npakcs: {value: 6, note: x}\n", encoding="utf-8")
    for argv in (["describe", "22"], ["selfplay", "--seed", "1"], ["serve"], ["rules"]):
        assert main([*argv, "--rules", str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{bad}:2: pakcs" in err and "did you mean packs?" in err
    assert main(["describe", "22", "--rules", str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err
    assert "没有这个文件" in err and "No such file" in err.split(" / ")[1]
    assert main(["serve", "--rules", "linyi"]) == 2 and "give a rule file" in capsys.readouterr().err


def test_the_app_offers_the_house_rules_beside_the_families(club_file: Path) -> None:
    from gouji_teach.rules.house import load
    from gouji_teach.teach import book, pages, printed

    club = load(club_file)
    assert all_rulesets() == (*PRESETS.values(), club) and course.default_rules() is club
    assert course.parse_query("")["rules"] == "myclub"
    session = course.start("compare", "rules=myclub&lang=en")
    assert session.rules is club
    quiz = pages.quiz(session)
    assert quiz.puzzle_widgets[0].puzzle.puzzle_id.startswith(f"beats/{club.key}/")
    quiz.close()
    header = pages.header(session)
    assert "rules=myclub" in header.value and "Our club's rules" in repr(header.children[-1])
    page = book.book_html(club, "en")
    assert "These are house rules: 2 change(s) to Linyi (憋三发四)," in page  # not "the Linyi (…) rules"
    assert "myclub: The club doubles the place points." in page
    table = printed.switch_differences("en")
    assert "Our club's rules" in table and "Where the rule sets differ" in table
    assert table.count("*<br><small>myclub: ") == 2  # its two changes, each with the club's note
    zh = printed.switch_differences("zh")
    assert "*<br><small>myclub：俱乐部的名次分加倍。</small>" in zh


def test_a_rule_set_from_json_names_what_is_wrong() -> None:
    for data, words in (({"base": "linyi", "changes": {"pakcs": 6}}, "did you mean packs?"),
                        ({"base": "beijing"}, "not a family"),
                        ({"changes": {"packs": 6}}, "without a family every switch is given"),
                        ({"base": "linyi", "colour": 1}, "unknown key"),
                        ({"base": "linyi", "changes": {"packs": "six"}}, "a whole number of at least 1"),
                        ({"base": "linyi", "changes": {"packs": 6}, "notes": {"packs": 3}}, "must be a note")):
        with pytest.raises(RulesetError, match=words):
            ruleset_from_json(data)
    with pytest.raises(GoujiError, match="unknown rule set"):
        find_ruleset("myclub")  # not loaded in this process


def test_a_play_counted_under_a_house_rule_set_knows_it() -> None:
    club = parse(CLUB, "myclub.yaml")
    assert Play.parse("DD9999", club).rules is club
