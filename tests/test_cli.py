"""The ``gouji-teach`` command line: answers, JSON shapes, the switch table, and bad input (exit 2, one line)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sysconfig

import pytest

from gouji_teach import PRESETS, Play, beating_plays, beats
from gouji_teach.cli import main
from gouji_teach.rules.rulesets import switches
from gouji_teach.rules.verdicts import en_citation, zh_parts

ALL = list(PRESETS)
DESCRIBE_KEYS = {"size", "rank", "count", "big_jokers", "small_jokers", "kind", "gouji", "pure_gouji",
                 "can_kaidian", "text_zh", "text_en"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str):
    code, out, err = run(capsys, *argv, "--json")
    assert err == ""
    return code, json.loads(out)


# -- beats ----------------------------------------------------------------------------------------------------


def test_beats_yes_exits_0(capsys):
    code, out, err = run(capsys, "beats", "DD999", "XX888")
    assert code == 0 and err == ""
    assert "qingdao" in out and "yes" in out
    assert "2个大花带3个9" in out and "2 big jokers with three 9s" in out
    assert "compare.aspects" in out and "002 §3" in out


def test_beats_no_exits_1(capsys):
    code, out, err = run(capsys, "beats", "XX888", "DD999")
    assert code == 1 and err == ""
    assert "no" in out and "compare.aspects" in out


def test_beats_different_sizes_is_an_answer_not_an_error(capsys):
    code, data = run_json(capsys, "beats", "99999", "8888")
    assert code == 1
    assert data["beats"] is False and data["rule"] == "compare.size"


@pytest.mark.parametrize(("argv", "ok", "rule", "cited"), [
    (["DD999", "XX888"], True, "compare.aspects", "002 §3"),
    (["XX888", "DD999"], False, "compare.aspects", "002 §3"),
    (["99999", "22888"], True, "compare.rank", "002 §3"),
    (["DX", "XX", "--rules", "zaozhuang"], False, "compare.cover", "003 §三"),
    (["DD", "D", "--rules", "linyi"], True, "compare.kill", "000 part 1"),
    (["DD", "D", "--rules", "TongSu"], True, "compare.kill", "000 part 3 第4条"),
    (["DDDD", "DD", "--rules", "zaozhuang"], True, "compare.kill", "003 §三"),
])
def test_beats_json(capsys, argv, ok, rule, cited):
    code, data = run_json(capsys, "beats", *argv)
    assert code == (0 if ok else 1)
    assert {"beats", "reason_zh", "reason_en", "rule"} <= set(data)
    assert data["beats"] is ok
    assert data["rule"] == rule
    assert zh_parts(cited) in data["reason_zh"] and en_citation(cited) in data["reason_en"]  # 000 第一部分, 003 §3
    rules = argv[argv.index("--rules") + 1].lower() if "--rules" in argv else "qingdao"
    v = beats(argv[0], argv[1], rules)
    assert (data["reason_zh"], data["reason_en"]) == (v.reason_zh, v.reason_en)


def test_beats_rules_all_compares_the_four_sets(capsys):
    code, data = run_json(capsys, "beats", "XXX99", "XX888", "--rules", "all")
    assert code == 1  # one of the four says no
    assert list(data) == ALL
    assert {name: d["beats"] for name, d in data.items()} == {
        "qingdao": True, "linyi": True, "tongsu": True, "zaozhuang": False}
    assert data["zaozhuang"]["rule"] == "compare.cover"
    for d in data.values():
        assert {"beats", "reason_zh", "reason_en", "rule"} <= set(d)

    code, out, err = run(capsys, "beats", "DD999", "XX888", "--rules", "all")
    assert code == 0 and err == ""
    for name in ALL:
        assert f"{name}:" in out


def test_beats_rules_all_reports_a_play_illegal_in_one_set_as_that_sets_answer(capsys):
    code, data = run_json(capsys, "beats", "44444", "22333", "--rules", "all")
    assert code == 1
    assert [data[n]["beats"] for n in ALL] == [True, True, False, True]
    assert data["tongsu"]["rule"] == "play.tieqian"
    assert "贴钱" in data["tongsu"]["reason_zh"]


# -- describe -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("play", "rules", "expected"), [
    ("DD2229999", "qingdao", {"size": 9, "rank": "9", "count": 7, "big_jokers": 2, "small_jokers": 0,
                              "kind": "guahua", "gouji": True, "pure_gouji": False, "can_kaidian": False,
                              "text_zh": "2个大花带7个9", "text_en": "2 big jokers with seven 9s"}),
    ("22TTT", "qingdao", {"size": 5, "rank": "10", "count": 5, "kind": "tieqian", "gouji": True,
                          "pure_gouji": False, "can_kaidian": True}),
    ("22TTT", "linyi", {"rank": "10", "count": 5, "gouji": True, "can_kaidian": False}),
    ("TTTTT", "tongsu", {"rank": "10", "count": 5, "kind": "set", "gouji": True, "pure_gouji": True,
                         "can_kaidian": True}),
    ("22", "tongsu", {"size": 2, "rank": "2", "count": 2, "kind": "set", "gouji": True, "can_kaidian": False}),
    ("2", "tongsu", {"rank": "2", "count": 1, "kind": "single", "gouji": False}),
    ("XX", "qingdao", {"size": 2, "rank": None, "count": 0, "small_jokers": 2, "kind": "jokers", "gouji": True}),
    ("DX225555", "qingdao", {"rank": "5", "count": 6, "big_jokers": 0, "small_jokers": 2,
                             "text_zh": "2个小花带6个5"}),
    ("DX225555", "zaozhuang", {"rank": "5", "count": 6, "big_jokers": 1, "small_jokers": 1}),
])
def test_describe_json(capsys, play, rules, expected):
    code, data = run_json(capsys, "describe", play, "--rules", rules)
    assert code == 0
    assert set(data) >= DESCRIBE_KEYS
    for key, value in expected.items():
        assert data[key] == value, key


def test_describe_text(capsys):
    code, out, err = run(capsys, "describe", "22333")
    assert code == 0 and err == ""
    assert "5个3" in out and "five 3s" in out


def test_describe_rules_all(capsys):
    code, data = run_json(capsys, "describe", "2", "--rules", "all")
    assert code == 0
    assert list(data) == ALL
    assert {n: d["gouji"] for n, d in data.items()} == {
        "qingdao": True, "linyi": True, "tongsu": False, "zaozhuang": True}
    code, data = run_json(capsys, "describe", "22333", "--rules", "all")
    assert code == 0
    assert data["tongsu"]["rule"] == "play.tieqian"
    assert data["qingdao"]["count"] == 5


# -- options --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "target", "rules"), [
    ("DX22 AAA 9999 33", "X888", "linyi"),
    ("DX 2 KK 99 5", "88", "qingdao"),
    ("DDDD X 22 AA", "DD", "zaozhuang"),
    ("DD X 9999", "D99", "tongsu"),
])
def test_options_json(capsys, hand, target, rules):
    code, data = run_json(capsys, "options", hand, target, "--rules", rules)
    assert code == 0
    assert isinstance(data, list) and data
    expected = [p.notation for p in beating_plays(hand, target, rules)]
    assert [d["play"] for d in data] == expected
    for d in data:
        assert {"play", "text_zh", "text_en"} <= set(d)
        p = Play.parse(d["play"], rules)
        assert beats(p, target, rules)
        assert (d["text_zh"], d["text_en"]) == (p.text_zh, p.text_en)


def test_options_text(capsys):
    code, out, err = run(capsys, "options", "DX 2 KK 99 5", "88")
    assert code == 0 and err == ""
    assert "11" in out  # 11 plays beat 88 (see the options module's doctest)
    assert "KK" in out


def test_options_none(capsys):
    code, data = run_json(capsys, "options", "3 4 5", "AA")
    assert code == 0 and data == []


# -- rules ----------------------------------------------------------------------------------------------------


def test_rules_table_shows_four_presets_and_a_source_per_switch(capsys):
    code, out, err = run(capsys, "rules")
    assert code == 0 and err == ""
    header = out.splitlines()[0]
    for name in ALL:
        assert name in header
    for switch in switches():
        assert switch in out
        for name, rules in PRESETS.items():
            assert f"  {name:<10}" in out
            assert str(rules.source(switch)) in out, (name, switch)
    for seed in ("002_7f7cb6e6f3a2271d.txt", "000_a25df5c604da1d59.txt", "003_40c309e126def456.txt"):
        assert seed in out


def test_rules_json(capsys):
    code, rows = run_json(capsys, "rules")
    assert code == 0
    assert [r["switch"] for r in rows] == list(switches())
    for row in rows:
        for name in ALL:
            assert isinstance(row[name], str)
            assert row[f"{name} source"].strip()
    tieqian = next(r for r in rows if r["switch"] == "tieqian")
    assert [tieqian[n] for n in ALL] == ["yes", "yes", "no", "yes"]
    assert tieqian["tongsu source"] == "000 part 3 第3条"


# -- bad input ------------------------------------------------------------------------------------------------

BAD = [
    (["beats", "9 1 9", "99"], ["CHALLENGER", "“1”", "第3个字符", "'1'", "position 3"]),
    (["beats", "99", "♠9"], ["TARGET", "♠", "position 1"]),
    (["beats", "99", "88Z"], ["TARGET", "'Z'", "position 3"]),
    (["describe", "D♠"], ["PLAY", "D♠", "jokers have no suit"]),
    (["describe", ""], ["PLAY", "no cards given"]),
    (["describe", "99 大王♥"], ["大王♥", "position 4"]),
    (["options", "99 Z", "88"], ["HAND", "'Z'", "position 4"]),
    (["options", "99", "8 8 1"], ["TARGET", "'1'", "position 5"]),
    (["beats", "98", "88"], ["98", "is not a play"]),
    (["beats", "22333", "44444", "--rules", "tongsu"], ["22333", "贴钱"]),
    (["describe", "2 9 9", "--rules", "tongsu", "--json"], ["贴钱"]),
    (["beats", "99", "88", "--rules", "bogus"], ["--rules", "bogus", "unknown rule set"]),
    (["options", "99", "88", "--rules", "all"], ["--rules", "all"]),
    (["beats", "99"], ["TARGET"]),
    (["beats", "99", "88", "--colour"], ["--colour"]),
    (["frobnicate"], ["frobnicate"]),
    ([], ["COMMAND"]),
    (["beats", "99", "8 8 1", "--json"], ["TARGET", "'1'"]),
    # more copies of a card than the packs hold: four packs hold four 大花 and sixteen of a rank
    (["describe", "DDDDDDD"], ["PLAY", "7", "大花", "big joker", "4"]),
    (["describe", "DDDDDDD", "--rules", "zaozhuang"], ["7", "big joker", "6 packs"]),
    (["describe", "9" * 17], ["17", "9", "16"]),
    (["beats", "DDDDD", "XXXXX"], ["CHALLENGER", "5", "big joker"]),
    (["options", "9" * 10_000, "8"], ["10000", "9", "16"]),
]


@pytest.mark.parametrize(("argv", "mentions"), BAD, ids=[" ".join(a) or "(nothing)" for a, _ in BAD])
def test_bad_input_exits_2_with_one_line(capsys, argv, mentions):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for m in mentions:
        assert m in err, (m, err)


def test_describe_rules_all_answers_a_play_beyond_the_packs_per_rule_set(capsys):
    """Five 大花: more than four packs hold, so refused by three sets; six packs (zaozhuang) hold them."""
    code, out, err = run(capsys, "describe", "DDDDD", "--rules", "all", "--json")
    assert code == 0 and err == ""
    answers = json.loads(out)
    assert {name for name, a in answers.items() if a.get("legal") is False} == {"qingdao", "linyi", "tongsu"}
    assert all(answers[n]["rule"] == "deck.limit" for n in ("qingdao", "linyi", "tongsu"))
    assert answers["zaozhuang"]["gouji"] is True


def test_check_reports_an_impossible_deal_with_file_and_line(capsys, tmp_path):
    path = tmp_path / "too_many.yaml"
    path.write_text(
        "title:\n  zh: 太多大花\n  en: too many big jokers\nrules: qingdao\nleader: 0\nhands:\n"
        '  0: "DDD 5"\n  1: "DD 6"\n  2: "7"\n  3: "8"\n  4: "9"\n  5: "10"\nsteps:\n  - do: seat 0 plays 5\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "check", str(path))
    text = out + err
    assert code == 2 and "Traceback" not in text
    assert f"{path}:6:" in text and "5 × big joker" in text and "大花" in text


# -- the installed console script ------------------------------------------------------------------------------


def _script() -> str:
    name = "gouji-teach.exe" if os.name == "nt" else "gouji-teach"
    beside = os.path.join(sysconfig.get_path("scripts"), name)
    found = beside if os.path.exists(beside) else shutil.which("gouji-teach")
    assert found, "the gouji-teach console script is not installed (pip install -e .)"
    return found


def test_installed_console_script():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([_script(), "beats", "DD999", "XX888", "--json"], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rule"] == "compare.aspects"
    bad = subprocess.run([_script(), "beats", "9 1", "99"], capture_output=True, text=True, encoding="utf-8",
                         env=env, timeout=60, check=False)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr and "'1'" in bad.stderr


# -- serve: Voila dying while the app runs ---------------------------------------------------------------------

#: A stand-in for Voila: answers every request with 200, then ends as told (killed by a signal, or an exit status).
FAKE_VOILA = """
import http.server, os, signal, sys, threading
port, end = int(sys.argv[1]), sys.argv[2]
def stop():
    if end == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    os._exit(int(end))
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        threading.Timer(0.3, stop).start()
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", port), Answer).serve_forever()
"""


@pytest.mark.parametrize(("end", "status", "words"), [
    ("kill", 128 + 9, ("SIGKILL", "killed by signal")),
    ("3", 3, ("退出码 3", "exit status 3")),
    ("0", 1, ("退出码 0", "exit status 0")),
])
def test_serve_says_in_one_line_that_voila_stopped_and_exits_non_zero(monkeypatch, capsys, end, status, words):
    import sys

    from gouji_teach import app

    monkeypatch.setattr(app, "voila_command", lambda port, *_: [sys.executable, "-c", FAKE_VOILA, str(port), end])
    code, out, err = run(capsys, "serve", "--port", str(app.free_port(18700)))
    assert code == status
    assert "gouji_teach is running" in out
    [line] = err.strip().splitlines()
    assert all(w in line for w in words) and "Voila" in line and "应用已停止" in line and "Traceback" not in line
