"""The ``gouji-teach`` command line.

Each subcommand is a ``_cmd_<name>(args) -> int`` function registered in :func:`build_parser`. Exit status:
0 for an answer (``beats``: 0 when the challenger beats, 1 when it does not), 2 for bad input, with one line
on stderr that names what is wrong and where, and no traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .rules.cards import Hand, parse_cards
from .rules.compare import beats
from .rules.errors import GoujiError, IllegalPlayError
from .rules.house import is_rule_file, template
from .rules.house import load as load_rules
from .rules.inputs import load_json, located, os_reason, read_text
from .rules.options import beating_plays
from .rules.plays import Play
from .rules.record import records_from_json
from .rules.rulesets import PRESETS, Ruleset, find_ruleset, switch_table
from .rules.settlement import PLACES_ZH, Settlement, settle_series

if TYPE_CHECKING:
    from .teach.progress import Exam, ProgressStore

__all__ = ["build_parser", "main"]


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit status 2."""


def _both(zh: str, en: str) -> str:
    """The message of one of our argument types: argparse keeps it whole and :meth:`_Parser.error` splits it at
    the line break (a value is shown by its ``repr``, which holds no line break)."""
    return f"{zh}\n{en}"


#: argparse's own messages (Python 3.11 to 3.13), matched whole, in Chinese; ``{0}`` ... are what they name.
_ARGPARSE_ZH: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.S), zh) for p, zh in (
    (r"the following arguments are required: (.*)", "缺少参数 {0}"),
    (r"unrecognized arguments: (.*)", "不认识的参数：{0}"),
    (r"one of the arguments (.*) is required", "{0} 之中要给出一个"),
    (r"ambiguous option: (\S*) could match (.*)", "选项 {0} 不明确，可能是 {1}"),
    (r"argument (.+?): invalid int value: (.*)", "参数 {0}：{1} 不是整数"),
    (r"argument (.+?): invalid float value: (.*)", "参数 {0}：{1} 不是数"),
    (r"argument (.+?): invalid (\S+) value: (.*)", "参数 {0}：{2} 不是有效的值"),
    (r"argument (.+?): invalid choice: (.*?) \(choose from (.*)\)", "参数 {0}：没有 {1} 这一项（可选：{2}）"),
    (r"argument (.+?): expected one argument", "参数 {0} 后面要跟一个值"),
    (r"argument (.+?): expected at most one argument", "参数 {0} 后面最多跟一个值"),
    (r"argument (.+?): expected at least one argument", "参数 {0} 后面至少要跟一个值"),
    (r"argument (.+?): expected (\d+) arguments?", "参数 {0} 后面要跟 {1} 个值"),
    (r"argument (.+?): not allowed with argument (.*)", "参数 {0} 不能和 {1} 一起用"),
    (r"argument (.+?): ignored explicit argument (.*)", "参数 {0} 不接受值 {1}"),
    (r"argument (.+?): conflicting option strings?: (.*)", "参数 {0} 与 {1} 冲突"),
))


def _argparse_zh(message: str) -> tuple[str, str]:
    """argparse's English ``message`` as (中文, English): its usual messages translated, ours (see :func:`_both`)
    split, any other said to be in the English half.

    >>> _argparse_zh("argument --seed: invalid int value: '1e3'")
    ("参数 --seed：'1e3' 不是整数", "argument --seed: invalid int value: '1e3'")
    >>> _argparse_zh("argument --port: 'x' 不是端口号（1 到 65535）\\n'x' is not a port number (1-65535)")
    ("参数 --port：'x' 不是端口号（1 到 65535）", "argument --port: 'x' is not a port number (1-65535)")
    """
    if m := re.fullmatch(r"argument (.+?): (.*)\n(.*)", message, re.S):
        return f"参数 {m[1]}：{m[2]}", f"argument {m[1]}: {m[3]}"
    for pattern, zh in _ARGPARSE_ZH:
        if m := pattern.fullmatch(message):
            for i, named in enumerate(m.groups()):
                zh = zh.replace(f"{{{i}}}", named)
            return zh, message
    return "命令行参数有错（原文见英文部分）", message


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        zh, en = _argparse_zh(message)
        raise UsageError(f"{self.prog}: {zh}（见 {self.prog} --help） / {en} (see {self.prog} --help)")


def _rulesets(names: Sequence[str]) -> list[Ruleset]:
    """``--rules NAME`` (given once or more): rule sets side by side; ``all`` gives the four families."""
    out: list[Ruleset] = []
    for name in names:
        out += PRESETS.values() if name.strip().lower() == "all" else [_ruleset(name)]
    return out


def _ruleset(name: str) -> Ruleset:
    """``--rules NAME``: a family, a rule set's key (``linyi+packs=6``), or a house rule file (``myclub.yaml``):
    a mistake in the file is its one line, ``file:line: 中文 / English``."""
    if is_rule_file(name):
        try:
            return load_rules(name)
        except GoujiError as e:
            raise UsageError(f"--rules: {e}") from None
    return _parse("--rules", repr(name), name, find_ruleset)


def _parse(kind: str, what: str, text: str, parse: Callable[[str], Any]) -> Any:
    try:
        return parse(text)
    except GoujiError as e:
        raise UsageError(f"{kind} {what}: {e}") from None


def _emit_json(data: object) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _by_rules(results: dict[str, Any], json_out: bool) -> None:
    """JSON output: the single result, or an object keyed by rule-set name for ``--rules all``."""
    if json_out:
        _emit_json(next(iter(results.values())) if len(results) == 1 else results)


def _plays(args: argparse.Namespace, **texts: str) -> Iterator[tuple[Ruleset, list[Play] | IllegalPlayError]]:
    """Parse the named notation arguments under each rule set of ``--rules``.

    Bad notation is a usage error. A play that is illegal under a rule set is too, unless ``--rules all``
    compares the sets: then the refusal is that set's answer.
    """
    for what, text in texts.items():
        _parse(what, repr(text), text, parse_cards)
    sets = _rulesets(args.rules or ["qingdao"])
    compare_sets = len(sets) > 1
    for rules in sets:
        plays: list[Play] = []
        for what, text in texts.items():
            try:
                plays.append(Play.parse(text, rules))
            except IllegalPlayError as e:
                if not compare_sets:
                    raise UsageError(f"{what} {text!r}: {e}") from None
                yield rules, e
                break
        else:
            yield rules, plays


def _refusal(rules: Ruleset, e: IllegalPlayError, json_out: bool) -> dict[str, Any]:
    if not json_out:
        print(f"{rules.name}: 不是合法的一手牌 not a legal play\n  {e.zh}\n  {e.en}")
    return {"legal": False, "reason_zh": e.zh, "reason_en": e.en, "rule": e.rule, "rules": rules.name}


def _cmd_beats(args: argparse.Namespace) -> int:
    results: dict[str, Any] = {}
    for rules, plays in _plays(args, CHALLENGER=args.challenger, TARGET=args.target):
        if isinstance(plays, IllegalPlayError):
            results[rules.name] = {"beats": False, **_refusal(rules, plays, args.json)}
            continue
        v = beats(*plays, rules)
        results[rules.name] = {"beats": v.ok, "reason_zh": v.reason_zh, "reason_en": v.reason_en,
                               "rule": v.rule, "rules": rules.name}
        if not args.json:
            print(f"{rules.name}: {'能大过 yes' if v else '大不过 no'}")
            print(f"  {v.reason_zh}\n  {v.reason_en}")
    _by_rules(results, args.json)
    return 0 if all(r["beats"] for r in results.values()) else 1


def _cmd_describe(args: argparse.Namespace) -> int:
    results: dict[str, Any] = {}
    for rules, plays in _plays(args, PLAY=args.play):
        if isinstance(plays, IllegalPlayError):
            results[rules.name] = _refusal(rules, plays, args.json)
            continue
        play = plays[0]
        results[rules.name] = d = play.describe()
        if not args.json:
            flags = [("够级 gouji", d["gouji"]), ("纯够级 pure", d["pure_gouji"]), ("能开点 kaidian", d["can_kaidian"])]
            print(f"{rules.name}: {play.notation} 算作 {d['text_zh']} / counts as {d['text_en']}")
            print("  " + ", ".join(f"{name}: {'yes' if ok else 'no'}" for name, ok in flags))
    _by_rules(results, args.json)
    return 0


def _cmd_options(args: argparse.Namespace) -> int:
    rules = _ruleset(args.rules)
    hand = _parse("HAND", repr(args.hand), args.hand, Hand.parse)
    target = _parse("TARGET", repr(args.target), args.target, lambda t: Play.parse(t, rules))
    plays = beating_plays(hand, target, rules)
    if args.json:
        _emit_json([{"play": p.notation, "text_zh": p.text_zh, "text_en": p.text_en} for p in plays])
        return 0
    print(f"{rules.name}: {len(plays)} 种出法大过 {target.text_zh} / {len(plays)} plays beat {target.text_en}")
    for p in plays:
        print(f"  {p.notation:<12} {p.text_zh} / {p.text_en}")
    return 0


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _table(rows: list[list[str]]) -> str:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell + " " * (w - _width(cell)) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def _cmd_rules(args: argparse.Namespace) -> int:
    if args.new is not None:
        if args.new.strip().lower() not in PRESETS:
            raise UsageError(f"rules --new {args.new!r}: 要写 {'、'.join(PRESETS)} 之一 / choose one of "
                             f"{', '.join(PRESETS)}")
        sys.stdout.write(template(args.new))
        return 0
    shown = (*PRESETS.values(), *(_ruleset(name) for name in args.rules or ()))
    rows = switch_table(shown)
    if args.json:
        _emit_json(rows)
        return 0
    names = [r.name for r in shown]
    changed = {(r.name, switch) for r in shown[len(PRESETS):] for switch in r.changes()}
    print(_table([["switch", *names]] + [[row["switch"], *(row[n] + ("*" if (n, row["switch"]) in changed else "")
                                                           for n in names)] for row in rows]))
    if changed:
        print("\n* 自家规则改过的开关 / a switch the house rules change (their note below)")
    print("\n来源 / sources (seed files in shared/seeds/; a house rule: its club's note):")
    for row in rows:
        print(f"\n{row['switch']}: {row['zh']} / {row['en']}")
        for rules in shown:
            print(f"  {rules.name:<10} {row[rules.name]:<8} {rules.source(row['switch'])}")
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from .app import AppError, serve

    house = None
    if args.rules is not None:
        if not is_rule_file(args.rules):
            raise UsageError(f"serve --rules {args.rules!r}: 要写一个规则文件（.yaml），四种规则总是都有 / "
                             "give a rule file (.yaml); the four families are always offered")
        _ruleset(args.rules)  # a mistake in the file stops here, in one line, before anything starts
        house = Path(args.rules).resolve()
    try:
        return serve(port=args.port, progress=args.progress, open_browser=args.open, class_size=args.class_size,
                     lessons=args.lessons, public_url=args.public_url, rules=house, kernels=args.kernels,
                     prerender=args.prerender)
    except AppError as e:
        raise UsageError(f"serve: {e}") from None


def _cmd_present(args: argparse.Namespace) -> int:
    import os

    from .app import AppError, check_lesson_folder
    from .teach.lessons import ENV_VAR, find_lesson, present_link

    if args.lessons is not None:
        try:
            good = check_lesson_folder(args.lessons, lambda line: print(line, file=sys.stderr))
        except AppError as e:
            raise UsageError(f"present: {e}") from None
        os.environ[ENV_VAR] = os.pathsep.join(str(p) for p in good)
    query = {"lang": args.lang} if args.lang != "zh" else {}
    if args.lesson is None:
        print(present_link("", args.url, **query))
        return 0
    lesson = _parse("SCENARIO|STAGE", repr(args.lesson), args.lesson, find_lesson)
    print(present_link(args.lesson.strip(), args.url, **query))
    print(f"{lesson.title('zh')} / {lesson.title('en')} ({lesson.path.name})")
    return 0


def _public_url(text: str) -> str:
    """``--public-url URL``: the http(s) address learners reach the app at."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(_both(f"{text!r}：要一个 http:// 或 https:// 地址",
                                               f"{text!r}: an http:// or https:// address"))
    return text.strip()


def _cmd_lab(args: argparse.Namespace) -> int:
    import importlib.util
    import subprocess

    from .app import COURSE_DIR, voila_env

    if importlib.util.find_spec("jupyterlab") is None:
        raise UsageError("lab: 没有安装 JupyterLab（pip install 'gouji-teach[lab]'） / JupyterLab is not installed: "
                         "pip install 'gouji-teach[lab]'")
    options = args.lab_options[1:] if args.lab_options[:1] == ["--"] else args.lab_options
    command = [sys.executable, "-m", "jupyterlab", str(COURSE_DIR), *([f"--port={args.port}"] if args.port else []),
               *options]
    try:
        return subprocess.call(command, env=voila_env(args.progress))
    except KeyboardInterrupt:
        return 0


def _cmd_voila_config(args: argparse.Namespace) -> int:
    from .app.deploy import install_jupyter_config, voila_settings

    if args.sys_prefix:
        args.prefix = Path(sys.prefix)
    if args.prefix is None:
        _emit_json(voila_settings())
        return 0
    try:
        written = install_jupyter_config(args.prefix.expanduser())
    except OSError as e:
        zh, en = os_reason(e)
        raise UsageError(f"voila-config --prefix {str(args.prefix)!r}: 写不进去：{zh} / cannot write there: {en}"
                         ) from None
    except GoujiError as e:  # a configuration file there that is not JSON's object
        raise UsageError(f"voila-config --prefix: {e}") from None
    for path in written:
        print(path)
    return 0


def _cmd_binder_link(args: argparse.Namespace) -> int:
    from .app.deploy import binder_link, git_origin

    remote, ref = args.remote, args.ref
    if remote is None or ref is None:
        try:
            origin, branch = git_origin(Path.cwd())
        except GoujiError as e:
            raise UsageError(f"binder-link: {e.zh}，请用 --remote 给出地址 / {e.en} (give --remote)") from None
        remote, ref = remote or origin, ref or branch
    try:
        print(binder_link(remote, ref, service=args.service))
    except GoujiError as e:
        raise UsageError(f"binder-link: {e}") from None
    return 0


def _read_json(path: str) -> Any:
    """A JSON file (``-``: standard input); unreadable or malformed input is a usage error."""
    return load_json(read_text(path), path)


def _print_settlement(s: Settlement, number: int | None) -> None:
    head = f"第{number}局 hand {number}" if number is not None else "这一局 the hand"
    print(f"{s.rules.name}: {head}" + (" (系列第一局 first of a series)" if s.record.first_hand else ""))
    if s.places is not None:
        print("  名次 places: " + ", ".join(f"{PLACES_ZH[i]} {seat}" for i, seat in enumerate(s.places.order)))
        print("  得分 scores: " + ", ".join(f"{seat}: {p:+d}" for seat, p in enumerate(s.scores.points)))
    sections = [
        ("开局进贡 paid at the start", [(f"{p.tribute.kind.zh} {p.tribute.payer} → {p.tribute.receiver}: "
                                     f"{p.tribute.count}张 cards, 进 paid "
                                     + ("?" if p.cards is None else " ".join(c.notation for c in p.cards) or "—")
                                     + (f", 回 returned {p.returned}" if p.returned else ""), p.reasons)
                                    for p in s.paid]),
        ("下一局进贡 tribute owed for the next hand", [(f"{t.kind.zh} {t.payer} → {t.receiver}: {t.count}张 cards",
                                                    [t.reason]) for t in s.tributes]),
        ("免贡 waived", [(f"{w.tribute.kind.zh} {w.tribute.payer} → {w.tribute.receiver}: {w.tribute.count}张 cards",
                          [w.tribute.reason, w.reason]) for w in s.waived]),
        ("说明 notes", [("", [r]) for r in (*(s.places.reasons if s.places else ()), *s.scores.reasons, *s.notes)]),
    ]
    for title, rows in sections:
        if rows:
            print(f"  {title}:")
        for line, reasons in rows:
            if line:
                print(f"    {line}")
            for r in reasons:
                print(f"      {r.text_zh}\n      {r.text_en}")


def _cmd_settle(args: argparse.Namespace) -> int:
    rules = None if args.rules is None else _ruleset(args.rules)
    data = _read_json(args.record)
    try:
        settled = settle_series(records_from_json(data), rules)
    except GoujiError as e:
        raise UsageError(located(args.record, 0, e.zh, e.en)) from None
    series = isinstance(data, list)
    totals = {str(seat): sum(s.scores.points[seat] for s in settled) for seat in range(6)}
    if args.json:
        if series:
            _emit_json({"rules": settled[0].rules.name, "hands": [s.to_json() for s in settled], "totals": totals})
        else:
            _emit_json(settled[0].to_json())
        return 0
    for number, s in enumerate(settled, start=1):
        _print_settlement(s, number if series else None)
    if series:
        print("合计 totals: " + ", ".join(f"{seat}: {p:+d}" for seat, p in totals.items()))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from .rules.scenario import check_file

    rules = None if args.rules is None else _ruleset(args.rules)
    problems = [p for path in args.files for p in check_file(path, rules)]
    for path in args.files:
        if not any(p.path == path for p in problems):
            print(f"{path}: ok")
    for p in problems:
        print(p, file=sys.stderr)
    return 2 if problems else 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from .rules.scenario import Scenario, replay

    scenario = Scenario.load(args.file)
    sys.stdout.write(replay(scenario if args.rules is None else scenario.with_rules(_ruleset(args.rules))))
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from .bots.players import play_hand

    game = play_hand(args.seed, _ruleset(args.rules))
    events = [e.to_dict() for e in game.events]
    _emit_json({"seed": args.seed, "events": events, "record": game.game_record().to_json()})
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    from .bots.match import play_match

    result = play_match(_ruleset(args.rules), args.seed, args.hands, team_a=args.team_a, team_b=args.team_b)
    data = result.to_json()
    if args.json:
        _emit_json(data)
        return 0
    a, b = data["teams"]["a"], data["teams"]["b"]
    print(f"{data['rules']}: {data['hands']} 局 hands from seed {data['seed']} (每副牌打两次，两队换座 each deal "
          f"twice, teams swapped), 非法 illegal actions: {data['illegal']}")
    print(f"  A {a['level']} {a['points']:+d}, B {b['level']} {b['points']:+d}; 每局领先 A's margin per hand "
          f"{data['margin_per_hand']:+.2f} ± {data['margin_stderr']:.2f} (sd of a deal {data['margin_stdev']:.2f})")
    hands = data["hands"]
    for name, c in (("A", a), ("B", b)):
        per = {key: c[key] / hands for key in ("kaidian", "men", "yields")}
        print(f"  {name} {c['level']}: 决策 decisions 中位 median {c['median_decision_ms']:.1f} ms, p95 "
              f"{c['p95_decision_ms']:.1f} ms, 最慢 slowest {c['max_decision_ms']:.1f} ms (CPU); "
              f"烧 burns {c['burns']}（成 ok {c['burns_ok']}，失败 failed {c['burns_failed']}）; "
              f"每局 per hand: 开点 {per['kaidian']:.2f}, 被闷 闷ed {per['men']:.2f}, 让牌 yields {per['yields']:.2f}")
    return 0


def _count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(_both(f"{text!r} 不是局数（1 到 100000）",
                                               f"{text!r} is not a number of hands (1-100000)"))
    return int(text)


def _whole(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (the message names the option)."""
    def parse(text: str) -> int:
        if not text.strip().isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(_both(f"{text!r}：要一个 {low} 到 {high} 的整数",
                                                   f"{text!r}: a whole number from {low} to {high}"))
        return int(text)

    parse.__name__ = name  # argparse names the type in its message
    return parse


def _store(path: Path | str | None, *, must_exist: bool) -> Any:
    """The progress store at ``--progress PATH`` or URL (default: the per-user file); a report needs an existing
    file. A database that cannot be used is a :class:`~gouji_teach.teach.progress.ProgressError` saying why."""
    from .teach.progress import ProgressStore, default_path

    where = path if path is not None else default_path()
    if isinstance(where, Path):
        where = where.expanduser()
        try:
            missing = must_exist and not where.is_file()
        except OSError as e:  # a name too long
            zh, en = os_reason(e)
            raise UsageError(located(where, 0, f"用不了这个进度文件（--progress）：{zh}",
                                     f"cannot use this progress file (--progress): {en}")) from None
        if missing:
            raise UsageError(located(where, 0, "没有这个进度文件（--progress）", "no such progress file (--progress)"))
    return ProgressStore(where)


def _roster_names(path: Path) -> list[str]:
    """The names of a roster file, one a line (blank lines and ``#`` comments skipped)."""
    try:
        text = path.expanduser().read_text(encoding="utf-8-sig")
    except OSError:
        raise UsageError(located(path, 0, "读不了名单文件（--roster）", "cannot read the roster file (--roster)")) \
            from None
    except UnicodeDecodeError:
        raise UsageError(located(path, 0, "名单文件要用 UTF-8（--roster）",
                                 "the roster file must be UTF-8 (--roster)")) from None
    names = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not names:
        raise UsageError(located(path, 0, "名单文件里没有名字（--roster）", "the roster file has no names (--roster)"))
    return names


def _print_codes(store: ProgressStore, code: str, csv_path: Path | None) -> None:
    """The roster's personal codes as a table, and (``csv_path``) as a CSV to hand out."""
    roster = store.roster(code)
    if not roster:
        print(f"考试 {code} 没有名单：谁都可以用自己的名字考 exam {code} has no roster: anyone sits under a typed name")
        return
    print(_table([["learner", "code"], *[[name, key] for name, key in roster]]))
    if csv_path is not None:
        import csv

        with csv_path.open("w", encoding="utf-8-sig", newline="") as out:  # BOM: Excel reads the names right
            writer = csv.writer(out)
            writer.writerow(["learner", "code", "exam"])
            writer.writerows([name, key, code] for name, key in roster)
        print(f"个人考试码已写入 codes written to {csv_path}")


def _cmd_exam_new(args: argparse.Namespace) -> int:
    from .teach.exam import exam_link, new_exam

    rules = _ruleset(args.rules)
    roster = _roster_names(args.roster) if args.roster else []
    store = _store(args.progress, must_exist=False)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    try:
        exam = new_exam(store, rules=rules.key, kinds=args.kinds, count=args.count, seed=seed,
                        minutes=args.minutes, release=args.release, roster=roster)
    except GoujiError as e:
        raise UsageError(f"exam new: {e}") from None
    link = exam_link(exam.code, args.url)
    if args.json:
        _emit_json({"code": exam.code, "link": link, "rules": exam.rules, "kinds": exam.kinds, "seed": exam.seed,
                    "minutes": exam.minutes, "release": exam.release, "questions": list(exam.drills),
                    "roster": dict(store.roster(exam.code)), "progress": str(store.path)})
        return 0
    limit = f"限时{exam.minutes}分钟 {exam.minutes} minutes" if exam.minutes else "不限时 no time limit"
    print(exam.code)
    print(link)
    print(f"{rules.title_zh} {rules.name}, {len(exam.drills)}题 questions, {limit}, 发布 release {exam.release}; "
          f"进度文件 progress file {store.path}")
    if roster:
        _print_codes(store, exam.code, args.codes or Path(f"exam-{exam.code}-codes.csv"))
    else:
        print("没有名单（--roster）：谁都可以用任何名字考，只适合练习 "
              "no roster (--roster): anyone can sit under any name, for practice only")
    return 0


def _cmd_exam_codes(args: argparse.Namespace) -> int:
    store = _store(args.progress, must_exist=True)
    _print_codes(store, _exam_of(store, args.id).code, args.csv)
    return 0


def _exam_of(store: ProgressStore, code: str) -> Exam:
    try:
        return store.exam(code)
    except GoujiError as e:
        raise UsageError(f"exam: {e}") from None


def _cmd_exam_life(args: argparse.Namespace) -> int:
    """``exam close|reopen|extend|reset|delete``: what the instructor changes, said in both languages."""
    from .teach.exam import close

    store = _store(args.progress, must_exist=True)
    exam = _exam_of(store, args.id)
    action = args.exam_command
    try:
        if action == "close":
            close(store, exam.code)
            print(f"考试 {exam.code} 已结束：没交卷的已按现在交卷 exam {exam.code} closed: open sittings submitted now")
        elif action == "reopen":
            store.close_exam(exam.code, closed=False)
            print(f"考试 {exam.code} 重新开放 exam {exam.code} reopened")
        elif action == "extend":
            exam = store.extend_exam(exam.code, args.minutes)
            print(f"考试 {exam.code} 延长 {args.minutes} 分钟，现在限时 {exam.minutes} 分钟 "
                  f"exam {exam.code} extended by {args.minutes} minutes, now {exam.minutes}")
        elif action == "reset":
            if not store.reset_sitting(exam.code, args.learner):
                raise UsageError(f"exam reset: {args.learner} 还没有考过 {exam.code} / "
                                 f"{args.learner} has not sat {exam.code}")
            print(f"{args.learner} 的考试 {exam.code} 已清空，可以重考 {args.learner} may sit {exam.code} again")
        else:
            store.delete_exam(exam.code)
            print(f"考试 {exam.code} 已删除（名单、作答、成绩） exam {exam.code} deleted (roster, answers, scores)")
    except GoujiError as e:
        raise UsageError(f"exam {action}: {e}") from None
    return 0


def _cmd_exam_list(args: argparse.Namespace) -> int:
    from .teach.exam import settle

    store = _store(args.progress, must_exist=True)
    rows = [["code", "rules", "questions", "minutes", "started", "submitted", "created (UTC)"]]
    for exam in store.exams():
        settle(store, exam.code)
        sittings = store.sittings(exam.code)
        rows.append([exam.code, exam.rules, str(len(exam.drills)), str(exam.minutes or "-"), str(len(sittings)),
                     str(sum(1 for s in sittings if s.submitted)), exam.created.strftime("%Y-%m-%d %H:%M")])
    print(_table(rows) if len(rows) > 1 else "还没有考试 no exams yet")
    return 0


def _cmd_keys(args: argparse.Namespace) -> int:
    """``keys``: the learners' pass keys (for a learner who lost theirs), or new ones (``--renew NAME``)."""
    from .teach.names import fold_name, format_key

    if args.renew and not args.names:
        raise UsageError("keys --renew: 要写学员的名字 name the learners whose keys to renew")
    store = _store(args.progress, must_exist=not args.renew)
    try:
        if args.renew:
            rows = [[name, format_key(store.new_key(name))] for name in args.names]
        else:
            kept, wanted = dict(store.keys()), [fold_name(name) for name in args.names]
            missing = [name for name in wanted if name not in kept]
            if missing:
                raise UsageError(f"keys: {', '.join(map(repr, missing))} 还没有口令（没在页面上用过）"
                                 f" / has no pass key yet (never used on a page)")
            rows = [[name, format_key(key)] for name, key in kept.items() if not wanted or name in wanted]
    except GoujiError as e:
        raise UsageError(f"keys: {e}") from None
    if not rows:
        print("还没有口令 no pass keys yet")
        return 0
    print(_table([["learner", "pass key"], *rows]))
    if args.renew:
        print("旧口令不再有效 the old keys open nothing any more")
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    import os

    from .teach import report as rep
    from .teach.access import TOKEN_VAR, may_read_report, refusal

    if not may_read_report(os.environ.get(TOKEN_VAR, "")):  # a learner's terminal under a hub
        raise UsageError("report: {} / {}".format(*refusal()))
    store = _store(args.progress, must_exist=True)
    report = rep.build(store, args.exam)
    if args.json:
        _emit_json(rep.to_json(report))
        return 0
    if args.csv:
        sys.stdout.write(rep.to_csv(report, args.exam))
        return 0
    if args.exam is None:
        print("每课的星 stars per stage")
        print(_table(rep.stars_table(report)) if report.learners else "还没有学员 no learners yet")
        if report.rules:
            print("\n规则掌握（答对/作答） mastery per rule (right/answers)")
            print(_table(rep.mastery_table(report)))
        if report.practice:
            print("\n练习牌桌 practice table (hands, won, points)")
            print(_table(rep.practice_table(report)))
        if report.questions:
            print("\n每道题第一次的回答 first answers per drill")
            for q in report.questions:
                print(f"  {q.drill}: " + ", ".join(f"{choice} ×{n}" for choice, n in q.counts.items()))
    for e in report.exams:
        exam = e.exam
        print(f"\n考试 exam {exam.code}: {exam.rules}, {len(exam.drills)}题 questions, "
              + (f"{exam.minutes}分钟 minutes" if exam.minutes else "不限时 no time limit") + f", {exam.kinds}")
        print(_table(rep.exam_table(e, ("✔", "✘", "·"))) if e.results else "  还没有人考 nobody has taken it")
        if e.missed:
            print("错得最多 most missed:")
            for m in e.missed[:5]:
                print(f"  q{m.number} {m.drill}: {m.missed}/{m.of}")
    return 0


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(_both(f"{text!r} 不是端口号（1 到 65535）",
                                               f"{text!r} is not a port number (1-65535)"))
    return int(text)


def _progress_path(text: str) -> Path | str:
    """``--progress PATH``: a file path, or a ``postgresql://`` URL kept as text (an empty one is a mistake, not
    the default file)."""
    from .teach.progress import is_database_url

    if not text.strip():
        raise argparse.ArgumentTypeError(_both("路径是空的（要用默认文件就不写 --progress）",
                                               "empty path (leave --progress out for the default file)"))
    return text.strip() if is_database_url(text) else Path(text)


def _class_size(text: str) -> int:
    from .app import MAX_CLASS

    if not text.isdigit() or not 1 <= int(text) <= MAX_CLASS:
        raise argparse.ArgumentTypeError(_both(f"{text!r} 不是班级人数（1 到 {MAX_CLASS}）",
                                               f"{text!r} is not a class size (1-{MAX_CLASS})"))
    return int(text)


def _prerender(text: str) -> list[str]:
    """``--prerender``: course stages by id (``compare``) or notebook (``04_compare``), or ``lesson`` (the page a
    class joins a live lesson on), comma-separated: their notebooks.

    >>> _prerender("compare,lesson")
    ['04_compare.ipynb', 'lesson.ipynb']
    """
    from .teach.course import STAGES
    from .teach.lessons import LESSON_PAGE

    pages = (*STAGES, LESSON_PAGE)
    found = []
    for name in filter(None, (x.strip() for x in text.split(","))):
        page = next((s for s in pages if name in (s.id, s.notebook, s.notebook.removesuffix(".ipynb"))), None)
        if page is None:
            ids = ", ".join(s.id for s in pages)
            raise argparse.ArgumentTypeError(_both(f"没有“{name}”这一课，可选：{ids}",
                                                   f"no stage {name!r}; stages: {ids}"))
        found.append(page.notebook)
    if not found:
        raise argparse.ArgumentTypeError(_both("要写至少一课", "name at least one stage"))
    return found


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    from .bots.match import LEVELS

    parser = _Parser(prog="gouji-teach", description="够级 rules engine and course / 够级规则引擎与教程")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")
    rules_help = ("rule set: qingdao (default), linyi, tongsu, zaozhuang, a rule file (myclub.yaml), or all; "
                  "given more than once: side by side")
    one_rules = "rule set: qingdao (default), linyi, tongsu, zaozhuang, or a house rule file (myclub.yaml)"

    cmd = sub.add_parser("beats", help="can CHALLENGER beat TARGET? (exit 0 yes, 1 no)")
    cmd.add_argument("challenger", metavar="CHALLENGER", help="the play that answers, e.g. DD999")
    cmd.add_argument("target", metavar="TARGET", help="the play on the table, e.g. XX888")
    cmd.add_argument("--rules", action="append", metavar="NAME", help=rules_help)
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_beats)

    cmd = sub.add_parser("describe", help="how a play is counted, and whether it is 够级 / can 开点")
    cmd.add_argument("play", metavar="PLAY", help="cards, e.g. DD2229999")
    cmd.add_argument("--rules", action="append", metavar="NAME", help=rules_help)
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_describe)

    cmd = sub.add_parser("options", help="every play from HAND that beats TARGET")
    cmd.add_argument("hand", metavar="HAND", help="the cards in hand, e.g. 'DX22 AAA 9999 33'")
    cmd.add_argument("target", metavar="TARGET", help="the play to beat")
    cmd.add_argument("--rules", default="qingdao", help=one_rules)
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_options)

    cmd = sub.add_parser("serve", help="start the course as a web app (Voila) and print its address")
    cmd.add_argument("--port", type=_port, help="port on 127.0.0.1 (default: the first free one from 8866)")
    cmd.add_argument("--progress", metavar="PATH", type=_progress_path,
                     help="the progress file, or a postgresql:// URL (default: a file per user)")
    cmd.add_argument("--open", action="store_true", help="open the app in a browser")
    cmd.add_argument("--class-size", type=_class_size, default=1, metavar="N",
                     help="learners who open pages together (default 1: one person); N kernels are kept ready, "
                          "about 35 MB each (forked kernels share their memory)")
    cmd.add_argument("--rules", metavar="FILE", help="a house rule file (myclub.yaml): offered beside the four "
                                                     "families, and the course's rule set until a learner switches")
    cmd.add_argument("--lessons", type=Path, metavar="DIR",
                     help="serve the scenario files in DIR as lessons (checked first: a bad file is said and left out)")
    cmd.add_argument("--public-url", type=_public_url, metavar="URL",
                     help="the address learners open (e.g. through a reverse proxy), for the live lesson's join link "
                          "and QR code (default: the address the presenter's browser uses)")
    cmd.add_argument("--prerender", type=_prerender, default=[], metavar="STAGE[,STAGE]",
                     help="stages a class will open together (e.g. compare,gouji; lesson: the page a class joins a "
                          "live lesson on): N pages of each kept built in their kernels, refilled once the class has "
                          "arrived")
    cmd.add_argument("--kernels", choices=("fork", "launch"), default="fork",
                     help="how a page's kernel starts: forked from a process that has imported the course (default: "
                          "about 0.1 s of CPU), or launched as a new interpreter (about 0.6 s)")
    cmd.set_defaults(run=_cmd_serve)

    cmd = sub.add_parser("present", help="the address of the presenter's page: a scenario, lesson or stage projected")
    cmd.add_argument("lesson", metavar="SCENARIO|STAGE", nargs="?",
                     help="a course scenario (qingdao_dagouji), a stage (dagouji) or a lesson of --lessons; "
                          "without it, the page that lists them")
    cmd.add_argument("--url", default="http://127.0.0.1:8866/", help="the app's address (as serve printed it)")
    cmd.add_argument("--lessons", type=Path, metavar="DIR", help="the folder given to serve --lessons")
    cmd.add_argument("--lang", choices=("zh", "en"), default="zh", help="the wall's language (default zh)")
    cmd.set_defaults(run=_cmd_present)

    cmd = sub.add_parser("lab", help="open the course notebooks in JupyterLab (for instructors)")
    cmd.add_argument("--port", type=_port, help="JupyterLab's port (default: JupyterLab's own choice)")
    cmd.add_argument("--progress", metavar="PATH", type=_progress_path,
                     help="the progress file the notebooks' kernels use, or a postgresql:// URL")
    cmd.add_argument("lab_options", nargs=argparse.REMAINDER, metavar="-- OPTION",
                     help="options passed on to JupyterLab, after --")
    cmd.set_defaults(run=_cmd_lab)

    cmd = sub.add_parser("voila-config", help="print the app's Voila configuration, or install it for a Jupyter "
                                              "server (Binder, JupyterHub) with --prefix")
    where = cmd.add_mutually_exclusive_group()
    where.add_argument("--sys-prefix", action="store_true",
                       help="install into this Python environment (its sys.prefix): every Jupyter server it runs")
    where.add_argument("--prefix", type=Path, metavar="DIR",
                       help="write the settings into DIR/etc/jupyter/jupyter_server_config.json and the template to "
                            "DIR/share/jupyter/voila/templates/gouji (DIR: a folder "
                            "the servers' JUPYTER_CONFIG_PATH and JUPYTER_PATH name)")
    cmd.set_defaults(run=_cmd_voila_config)

    cmd = sub.add_parser("binder-link", help="the Binder link that opens the course from this repository")
    cmd.add_argument("--remote", metavar="URL", help="the repository's public https address (default: git origin)")
    cmd.add_argument("--ref", metavar="BRANCH", help="branch, tag or commit (default: the checked-out branch)")
    cmd.add_argument("--service", default="https://mybinder.org", metavar="URL",
                     help="the BinderHub to use (default: the public one)")
    cmd.set_defaults(run=_cmd_binder_link)

    cmd = sub.add_parser("settle", help="places, scores and tribute of a finished hand, or of a series of hands")
    cmd.add_argument("record", metavar="RECORD.json",
                     help="a game record (JSON object) or a series (list of records); - reads standard input")
    cmd.add_argument("--rules", default=None, help="settle under this rule set instead of the record's own")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_settle)

    cmd = sub.add_parser("check", help="check scenario files: ok, or one line per problem (exit 2)")
    cmd.add_argument("files", metavar="FILE", nargs="+", help="scenario files (YAML)")
    cmd.add_argument("--rules", help="check under this rule set (e.g. a house rule file) instead of each file's own")
    cmd.set_defaults(run=_cmd_check)

    cmd = sub.add_parser("replay", help="replay a scenario: narrated steps and computed checkpoint answers")
    cmd.add_argument("file", metavar="FILE", help="a scenario file (YAML)")
    cmd.add_argument("--rules", help="replay under this rule set (e.g. a house rule file) instead of the file's own")
    cmd.set_defaults(run=_cmd_replay)

    cmd = sub.add_parser("selfplay", help="play a whole hand with computer players; print events and record (JSON)")
    cmd.add_argument("--seed", type=int, required=True, help="the deal's seed")
    cmd.add_argument("--rules", default="qingdao", help=one_rules)
    cmd.set_defaults(run=_cmd_selfplay)

    cmd = sub.add_parser("match", help="two levels of computer players, each deal twice with the teams swapped: "
                                       "margin, illegal actions, speed")
    cmd.add_argument("--rules", default="qingdao", help=one_rules)
    cmd.add_argument("--seed", type=int, default=0, help="seed of the first deal (the next hands: seed+1, ...)")
    cmd.add_argument("--hands", type=_count, default=20, help="how many hands (default 20)")
    cmd.add_argument("--team-a", default="team", choices=list(LEVELS), help="team A's level (default team)")
    cmd.add_argument("--team-b", default="simple", choices=list(LEVELS), help="team B's level (default simple)")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_match)


    cmd = sub.add_parser("exam", help="exams for the app: make one (exam new) and list them (exam list)")
    exam_sub = cmd.add_subparsers(dest="exam_command", required=True, parser_class=_Parser, metavar="ACTION")
    new = exam_sub.add_parser("new", help="make an exam; print its code and the link learners open")
    new.add_argument("--rules", default="qingdao", help=one_rules)
    new.add_argument("--kinds", required=True, metavar="KIND,...",
                     help="puzzle kinds taken in turn, each optionally :easy, :medium (default) or :hard, "
                          "e.g. beats,count:hard,tribute")
    new.add_argument("--count", required=True, type=_whole("--count", 1, 100), help="number of questions (1-100)")
    new.add_argument("--seed", type=_whole("--seed", 0, 10**9),
                     help="seed choosing the blueprint (default: random; each learner's variant comes from the exam's "
                          "secret, not from it)")
    new.add_argument("--roster", metavar="FILE", type=Path,
                     help="the learners who may sit it, one name (or hub user) a line; each gets a personal code")
    new.add_argument("--codes", metavar="CSV", type=Path,
                     help="where to write the personal codes (default: exam-CODE-codes.csv)")
    new.add_argument("--release", choices=("after-close", "after-deadline", "after-submit"), default="after-close",
                     help="when learners see their results and the answers (default: after-close)")
    new.add_argument("--minutes", type=_whole("--minutes", 1, 600), help="time limit of each sitting (default: none)")
    new.add_argument("--progress", metavar="PATH", type=_progress_path,
                     help="the class's progress file or postgresql:// URL (as given to serve)")
    new.add_argument("--url", default="http://127.0.0.1:8866/", help="the app's address, for the printed link")
    new.add_argument("--json", action="store_true", help="print JSON (with the questions' drill ids)")
    new.set_defaults(run=_cmd_exam_new)
    listing = exam_sub.add_parser("list", help="the exams of a progress file and how many took them")
    listing.add_argument("--progress", metavar="PATH", type=_progress_path,
                         help="the class's progress file or postgresql:// URL")
    listing.set_defaults(run=_cmd_exam_list)
    codes = exam_sub.add_parser("codes", help="print a rostered exam's personal codes again")
    codes.add_argument("id", metavar="ID", help="the exam's code")
    codes.add_argument("--csv", metavar="CSV", type=Path, help="also write them to this CSV")
    codes.add_argument("--progress", metavar="PATH", type=_progress_path,
                       help="the class's progress file or postgresql:// URL")
    codes.set_defaults(run=_cmd_exam_codes)
    for action, what in (("close", "end the exam: open sittings are submitted now, no new ones start"),
                         ("reopen", "let sittings start again after close"),
                         ("extend", "give every open sitting and those still to start MINUTES more"),
                         ("reset", "remove LEARNER's sitting and answers, so they may sit again"),
                         ("delete", "remove the exam with its roster, sittings and answers")):
        life = exam_sub.add_parser(action, help=what)
        life.add_argument("id", metavar="ID", help="the exam's code")
        if action == "extend":
            life.add_argument("minutes", metavar="MINUTES", type=_whole("MINUTES", 1, 600), help="minutes more")
        if action == "reset":
            life.add_argument("learner", metavar="LEARNER", help="the learner's name")
        life.add_argument("--progress", metavar="PATH", type=_progress_path,
                          help="the class's progress file or postgresql:// URL")
        life.set_defaults(run=_cmd_exam_life)

    cmd = sub.add_parser("keys", help="the learners' pass keys (a name's key proves it is theirs under serve); "
                                      "--renew gives a learner who lost theirs a new one")
    cmd.add_argument("names", nargs="*", metavar="NAME", help="only these learners (default: all)")
    cmd.add_argument("--renew", action="store_true", help="give each NAME a new pass key (the old one stops working)")
    cmd.add_argument("--progress", metavar="PATH", type=_progress_path,
                     help="the class's progress file or postgresql:// URL (as given to serve)")
    cmd.set_defaults(run=_cmd_keys)

    cmd = sub.add_parser("report", help="the class report: stars, mastery per rule, exam scores, most missed")
    cmd.add_argument("--progress", metavar="PATH", type=_progress_path,
                     help="the class's progress file or postgresql:// URL")
    cmd.add_argument("--exam", metavar="CODE", help="only this exam (with --csv: its gradebook)")
    output = cmd.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON")
    output.add_argument("--csv", action="store_true", help="print CSV")
    cmd.set_defaults(run=_cmd_report)

    cmd = sub.add_parser("rules", help="the switches of the four rule sets side by side, with sources; --new: a house "
                                       "rule file to start from")
    cmd.add_argument("--rules", action="append", metavar="FILE",
                     help="a house rule file shown beside the four families, its changes marked (more than once: more)")
    cmd.add_argument("--new", metavar="FAMILY", help="print a commented house rule file starting from FAMILY "
                                                     "(gouji-teach rules --new linyi > myclub.yaml)")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(run=_cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.run(args))
    except (UsageError, GoujiError) as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        return 0


if __name__ == "__main__":
    sys.exit(main())
