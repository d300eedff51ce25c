"""Every command-line error is one line, Chinese first then English (issue 22, item 10): the fuzz corpus
``cli_fuzz_corpus.json`` (argument lists made from the parser: every subcommand and option with a missing, empty,
malformed, too long or unusable value, unknown options and extra words) run in process.

In the corpus, ``{tmp}`` is a fresh folder (holding ``dir/`` and a broken ``bad.yaml``) and ``{long}`` a file name of
300 bytes (over the system's 255)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gouji_teach.cli import main

CORPUS = json.loads((Path(__file__).parent / "cli_fuzz_corpus.json").read_text(encoding="utf-8"))
#: argparse's and the system's English, which must stay out of the Chinese half.
ENGLISH = re.compile(r"argument|invalid|expected|required|unrecognized|choose from|not allowed|No such|"
                     r"Permission|too long|Is a directory|is not a")
CJK = re.compile(r"[\u4e00-\u9fff]")


def _bilingual(line: str) -> str | None:
    """What is wrong with one line of an error (``None``: nothing): ``place: 中文 / English``."""
    if "Traceback" in line or " / " not in line:
        return "not two halves"
    zh, en = line.split(" / ", 1)
    if not CJK.search(zh):
        return "no Chinese in the first half"
    if ENGLISH.search(re.sub(r"'[^']*'|\S*x{20,}\S*", "", zh)):  # values and paths quoted are the user's
        return "English words in the Chinese half"
    if not re.search(r"[A-Za-z]{3,}", en):
        return "no English in the second half"
    return None


def test_the_corpus_covers_the_reported_cases() -> None:
    """The runs issue 22 names are in the corpus."""
    for argv in (["selfplay", "--seed", "1e3"], ["serve", "--port", "x"], ["serve", "--class-size", "0"],
                 ["match", "--hands", "0"], ["report", "--progress", "{long}"],
                 ["exam", "list", "--progress", "{long}"],
                 ["exam", "new", "--kinds", "beats", "--count", "1", "--seed", "1", "--progress", "{long}"],
                 ["check", "{tmp}/dir"]):
        assert argv in CORPUS, argv
    assert len(CORPUS) > 500


def test_every_cli_error_in_the_corpus_is_one_bilingual_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    import gouji_teach.app as app

    def started(*args: object, **kwargs: object) -> int:
        raise AssertionError("a corpus entry started the app")

    monkeypatch.setattr(app, "serve", started)
    monkeypatch.setattr(subprocess, "call", started)
    (tmp_path / "dir").mkdir()
    (tmp_path / "bad.yaml").write_text("a: [\n")
    monkeypatch.chdir(tmp_path)
    failures = []
    for argv in CORPUS:
        real = [a.replace("{tmp}", str(tmp_path)).replace("{long}", "x" * 300) for a in argv]
        try:
            code = main(real)
        except SystemExit as e:  # argparse's own exit: only --help would, and no entry asks for it
            code = f"SystemExit({e.code})"
        except Exception as e:  # reported with its entry
            code = f"{type(e).__name__}: {e}"
        err = capsys.readouterr().err
        lines = err.splitlines()
        several = argv[:1] == ["check"] and len(argv) > 2  # check says one line per file
        why = (f"exit {code}" if code != 2 else "no line" if not lines
               else "more than one line" if len(lines) > 1 and not several
               else next(filter(None, map(_bilingual, lines)), None))
        if why:
            failures.append(f"{argv}: {why}: {err[:300]}")
    assert not failures, "\n".join(failures[:20])


@pytest.mark.parametrize(("argv", "zh", "en"), [
    (["selfplay", "--seed", "1e3"],
     "gouji-teach selfplay: 参数 --seed：'1e3' 不是整数（见 gouji-teach selfplay --help）",
     "argument --seed: invalid int value: '1e3' (see gouji-teach selfplay --help)"),
    (["selfplay"], "缺少参数 --seed", "the following arguments are required: --seed"),
    (["rules", "--new"], "参数 --new 后面要跟一个值", "argument --new: expected one argument"),
    (["beats", "99", "88", "--colour"], "不认识的参数：--colour", "unrecognized arguments: --colour"),
    (["present", "--lang", "fr"], "参数 --lang：没有 'fr' 这一项（可选：'zh', 'en'）",
     "argument --lang: invalid choice: 'fr'"),
    (["report", "--json", "--csv"], "参数 --csv 不能和 --json 一起用",
     "argument --csv: not allowed with argument --json"),
    (["serve", "--port", "x"], "参数 --port：'x' 不是端口号（1 到 65535）",
     "argument --port: 'x' is not a port number"),
    (["serve", "--class-size", "0"], "参数 --class-size：'0' 不是班级人数", "'0' is not a class size"),
    (["match", "--hands", "0"], "参数 --hands：'0' 不是局数（1 到 100000）", "'0' is not a number of hands"),
    (["serve", "--port", "a / b"], "参数 --port：'a / b' 不是端口号", "argument --port: 'a / b' is not a port number"),
    (["check", "{long}.yaml"], "读不了文件：文件名太长（一段最多255字节）", "cannot read: File name too long"),
    (["report", "--progress", "{long}"], "用不了这个进度文件（--progress）：文件名太长",
     "cannot use this progress file (--progress): File name too long"),
    (["exam", "new", "--kinds", "beats", "--count", "1", "--seed", "1", "--progress", "{long}"],
     "无法使用进度文件", "File name too long"),
])
def test_argparse_and_os_reasons_are_said_in_chinese_first(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                           zh: str, en: str) -> None:
    assert main([a.replace("{long}", "x" * 300) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert zh in err and en in err, err
    assert err.index(zh) < err.index(en), err
