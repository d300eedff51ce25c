"""``gouji-teach settle RECORD.json [--rules NAME] [--json]``."""

from __future__ import annotations

import io
import json

import pytest

from gouji_teach.cli import main


def record(rules: str = "qingdao", **kw) -> dict:
    data = {"rules": rules, "first_hand": False, "finish_order": [0, 1, 2, 3, 4, 5], "revolution": [],
            "kaidian": [0, 1, 2, 3, 4, 5], "xuandian": [], "burns": [], "men": []}
    data.update(kw)
    return data


def run(tmp_path, capsys, data, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    status = main(["settle", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def settled(tmp_path, capsys, data, *args: str) -> dict:
    status, out, err = run(tmp_path, capsys, data, "--json", *args)
    assert status == 0 and err == ""
    return json.loads(out)


def transfers(result: dict) -> list[tuple]:
    return [(t["kind_zh"], t["from"], t["to"], t["cards"]) for t in result["tributes"]]


def test_json_has_places_scores_and_tributes_keyed_by_seat_strings(tmp_path, capsys):
    result = settled(tmp_path, capsys, record(kaidian=[0, 1, 2, 3]))
    assert result["places"] == {"0": "头科", "1": "二科", "2": "三科", "3": "四科", "4": "二落", "5": "大落"}
    assert result["scores"] == {"0": 2, "1": -2, "2": 2, "3": -2, "4": 2, "5": -2}  # 002 §6's example
    assert transfers(result) == [("点贡", 4, 1, 1), ("点贡", 5, 2, 1), ("落贡", 5, 0, 2), ("落贡", 4, 1, 1)]
    for t in result["tributes"]:
        assert t["rule"].startswith("tribute.") and t["reason_zh"] and t["reason_en"] and t["source"]


def test_seed_002_s4_xuandian_own_kaidian_duijia_pays_three(tmp_path, capsys):
    result = settled(tmp_path, capsys, record(xuandian=[0], kaidian=[0, 1, 2, 4, 5]))
    [dian] = [t for t in result["tributes"] if t["kind"] == "dian" and t["kind_zh"] == "点贡"]
    assert (dian["from"], dian["to"], dian["cards"]) == (3, 0, 3) and "002 §4" in dian["source"]


def test_seed_003_s11_fanshao_pays_two(tmp_path, capsys):
    burns = [{"burner": 0, "victim": 1, "outcome": "counter"}, {"burner": 1, "victim": 0, "outcome": "success"}]
    result = settled(tmp_path, capsys, record("zaozhuang", burns=burns))
    assert ("烧贡", 0, 1, 2) in transfers(result)


def test_seed_000_part1_chuansanhu_losers_pay_one_dian_each(tmp_path, capsys):
    result = settled(tmp_path, capsys, record("linyi", finish_order=[0, 2, 4, 1, 3, 5]))
    assert [t for t in transfers(result) if t[0] == "点贡"] == [("点贡", 1, 4, 1), ("点贡", 3, 0, 1), ("点贡", 5, 2, 1)]
    assert result["sweep"] == [0, 2, 4]


def test_rules_option_overrides_the_record(tmp_path, capsys):
    result = settled(tmp_path, capsys, record(finish_order=[0, 2, 4, 1, 3, 5]), "--rules", "tongsu")
    assert result["rules"] == "tongsu" and [t[0] for t in transfers(result)] == ["圈贡"] * 3  # 000 part 3 第43条


def test_a_series_carries_state_and_pays_from_the_dealt_hands(tmp_path, capsys):
    series = [record("zaozhuang", first_hand=True, kaidian=[0, 1, 2, 4, 5]),
              record("zaozhuang", kaidian=[0, 1, 2, 4, 5], hands={"3": "D 2 9", "4": "K", "5": "2 2 A"})]
    result = settled(tmp_path, capsys, series)
    first, second = result["hands"]
    assert first["paid"] == [] and ("点贡", 3, 0, 1) in transfers(first)
    assert ("点贡", 3, 0, 2) in transfers(second)  # 003 §六: the second hand in a row costs two
    assert [(p["kind_zh"], p["from"], p["paid"]) for p in second["paid"]] == [
        ("点贡", 3, "D"), ("落贡", 5, "2 2"), ("落贡", 4, "K")]
    assert result["totals"] == {str(s): first["scores"][str(s)] + second["scores"][str(s)] for s in range(6)}


def test_text_output_names_places_and_reasons(tmp_path, capsys):
    status, out, _ = run(tmp_path, capsys, [record(first_hand=True), record()])
    assert status == 0
    assert "头科 0" in out and "落贡 5 → 0" in out and "【tribute.luo, 002 §4 进贡/落贡】" in out
    assert "第2局 hand 2" in out and "合计 totals" in out


def test_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record())))
    assert main(["settle", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["places"]["5"] == "大落"


BAD = [
    ("seat out of range", record(finish_order=[0, 1, 2, 3, 4, 9]), "finish_order[5]"),
    ("unknown outcome", record(burns=[{"burner": 0, "victim": 1, "outcome": "won"}]), "burns[0].outcome"),
    ("missing key", {k: v for k, v in record().items() if k != "kaidian"}, "kaidian"),
    ("series record", [record(first_hand=True), record(men=[{"by": 1}])], "[1].men[0].victim"),
    ("unordered seats", record(finish_order=[0, 1]), "finish_order"),
]


@pytest.mark.parametrize(("case", "data", "field"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_record_exits_2_with_one_line_naming_the_field(tmp_path, capsys, case, data, field):
    status, out, err = run(tmp_path, capsys, data)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"{field}：" in err and f"{field}: " in err
    assert "Traceback" not in err


def test_unreadable_or_malformed_input_exits_2(tmp_path, capsys):
    assert main(["settle", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main(["settle", str(tmp_path / "broken.json")]) == 2
    assert capsys.readouterr().err == (f"{tmp_path / 'broken.json'}:1: 这里要一个用双引号括起来的键（第2列） / "
                                       "a key in double quotes is expected here (column 2)\n")


def test_unknown_rule_set_exits_2(tmp_path, capsys):
    status, _, err = run(tmp_path, capsys, record(), "--rules", "beijing")
    assert status == 2 and "beijing" in err
