"""Files a user hands to gouji_teach (scenario files, game records), read defensively.

Every problem becomes one :class:`InputError` that names the file (and the line where there is one) in Chinese
and English: a file too large to be a scenario or a record (``/dev/zero`` is refused after :data:`MAX_BYTES`
bytes, not read until memory runs out), bytes that are not UTF-8, YAML or JSON nested too deeply, YAML aliases
that expand to too many values (an alias bomb), numbers too long to be numbers, tags that would build Python
objects, keys given twice. The usual YAML and JSON mistakes are said in our own words in both languages (the
parser's English sentence is kept, in the English half only, for the rare ones). Every command prints a problem
of a file as one line, :func:`located`: ``file:line: 中文 / English``.

>>> load_yaml("a: 1\\nb: [2, 3]\\n", "s.yaml")[1]
{'a': 1, 'b': [2, 3]}
>>> try:
...     load_yaml("steps: [1]\\nsteps: [1, 2]\\n", "s.yaml")
... except InputError as e:
...     print(e.en)
s.yaml:2: key 'steps' is given twice (first on line 1)
>>> load_yaml("hands:\\n  0: 9\\n 1: 8\\n", "s.yaml")
Traceback (most recent call last):
  ...
gouji_teach.rules.inputs.InputError: s.yaml:3: 缩进不对（第2列） / the indentation is wrong (column 2)
>>> load_json("[" * 100_000, "r.json")
Traceback (most recent call last):
  ...
gouji_teach.rules.inputs.InputError: r.json: 嵌套太深 / nested too deeply
"""

from __future__ import annotations

import errno
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from .errors import GoujiError

__all__ = ["MAX_ALIAS_VALUES", "MAX_BYTES", "InputError", "load_json", "load_yaml", "located", "os_reason", "read_text"]

#: The largest file read (4 MiB): a scenario of a whole hand is a few KB, a record of a long series a few hundred.
MAX_BYTES = 4 * 1024 * 1024
#: The most values a YAML document may gain by its aliases (``*name``) written out: a scenario names an anchor a
#: few times, an alias bomb millions.
MAX_ALIAS_VALUES = 10_000


def located(path: str | Path, line: int, zh: str, en: str) -> str:
    """The one line every command prints for a problem of a file: ``file:line: 中文 / English``, the line left out
    where it is not known (0).

    >>> located("s.yaml", 3, "缺少冒号“:”", "a ':' is missing")
    "s.yaml:3: 缺少冒号“:” / a ':' is missing"
    >>> located("r.json", 0, "嵌套太深", "nested too deeply")
    'r.json: 嵌套太深 / nested too deeply'
    """
    where = f"{path}:{line}" if line else str(path)
    return f"{where}: {zh} / {en}"


class InputError(GoujiError):
    """A file that cannot be used as input; ``path`` names it, ``line`` is 1-based (0: no line). ``zh`` and ``en``
    each start with the place (each language whole); ``str()`` is the :func:`located` line."""

    def __init__(self, path: str, line: int, zh: str, en: str, *, rule: str | None = None) -> None:
        self.path, self.line, self.detail_zh, self.detail_en = path, line, zh, en
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {zh}", f"{where}: {en}", rule=rule)

    def __str__(self) -> str:
        return located(self.path, self.line, self.detail_zh, self.detail_en)


#: The system's usual reasons a file cannot be used, in Chinese (its English words stay in the English half).
_OS_ZH = {errno.ENOENT: "没有这个文件", errno.EACCES: "没有权限", errno.EPERM: "不允许这样操作",
          errno.EISDIR: "这是一个文件夹，不是文件", errno.ENOTDIR: "路径里有一段不是文件夹",
          errno.ELOOP: "符号链接绕成了圈", errno.ENAMETOOLONG: "文件名太长（一段最多255字节）",
          errno.EEXIST: "已经有这个文件", errno.EROFS: "文件系统是只读的", errno.ENOSPC: "磁盘满了",
          errno.EBUSY: "文件正在被占用", errno.EMFILE: "打开的文件太多", errno.ENXIO: "没有这个设备",
          errno.EINVAL: "参数无效"}


def os_reason(e: OSError) -> tuple[str, str]:
    """Why the system refused, in Chinese and in its own English words (an unusual reason: its English only in
    the English half).

    >>> os_reason(FileNotFoundError(2, "No such file or directory"))
    ('没有这个文件', 'No such file or directory')
    >>> os_reason(OSError(36, "File name too long"))[0]
    '文件名太长（一段最多255字节）'
    """
    return _OS_ZH.get(e.errno or 0, "系统报错（原文见英文部分）"), e.strerror or str(e)


def read_text(path: str | Path, *, limit: int = MAX_BYTES) -> str:
    """The text of a file (``-``: standard input), at most ``limit`` bytes of UTF-8."""
    name = str(path)
    try:
        if name == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)  # a text stream where stdin was replaced
            data = stream.read(limit + 1)
            if isinstance(data, str):
                data = data.encode("utf-8", "surrogatepass")
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except OSError as e:
        zh, en = os_reason(e)
        raise InputError(name, 0, f"读不了文件：{zh}", f"cannot read: {en}") from None
    except ValueError:  # a NUL byte in the name
        raise InputError(name.replace("\0", "\\0"), 0, "文件名里有空字符（\\0）",
                         "the file name holds a NUL character (\\0)") from None
    if len(data) > limit:
        raise InputError(name, 0, f"文件太大（超过{limit}字节）", f"file too large (over {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError(name, line, f"第{e.start + 1}个字节不是UTF-8编码",
                         f"not UTF-8 at byte {e.start + 1}") from None


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _nodes(root: yaml.Node) -> Iterator[yaml.Node]:
    """Every node of a composed document once, in document order (a loop, not recursion: the document may be
    nested deeply; an alias is the node of its anchor, which is visited once however often it is named)."""
    todo, seen = [root], set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        todo.extend(reversed(_children(node)))


def _expanded_size(root: yaml.Node) -> int:
    """How many values the document holds once every alias is written out (an alias bomb: a few hundred bytes
    that name an anchor nine times, nine levels deep, hold 9⁹ values), counted without writing them out."""
    size: dict[int, int] = {}
    todo = [(root, False)]
    while todo:
        node, done = todo.pop()
        if id(node) in size:
            continue
        if done:
            size[id(node)] = 1 + sum(size[id(child)] for child in _children(node))
        else:
            todo.append((node, True))
            todo.extend((child, False) for child in _children(node) if id(child) not in size)
    return size[id(root)]


def _duplicate_key(root: yaml.Node) -> tuple[str, int, int] | None:
    """The first key given twice in any mapping of the document: (key, its line, the earlier line)."""
    for node in _nodes(root):
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key, _ in node.value:
                if isinstance(key, yaml.ScalarNode):
                    line = key.start_mark.line + 1
                    if key.value in seen:
                        return key.value, line, seen[key.value]
                    seen[key.value] = line
    return None


def _digit_limit() -> int:
    """How many digits Python turns into an integer (0: no limit)."""
    return sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0


def _too_long(limit: int) -> tuple[str, str]:
    return f"数字太长（超过{limit}位）", f"number too long (over {limit} digits)"


def _long_number(root: yaml.Node) -> int | None:
    """The line of the first integer of the document too long to be read (``None``: there is none)."""
    limit = _digit_limit()
    for node in _nodes(root):
        if limit and node.tag == "tag:yaml.org,2002:int" and len(node.value.lstrip("+-").replace("_", "")) > limit:
            return node.start_mark.line + 1
    return None


#: The usual YAML mistakes (PyYAML's problem, matched at its start) in our own words; ``{0}`` is what it names.
_YAML_PROBLEMS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple((re.compile(p), zh, en) for p, zh, en in (
    (r"found character '\\t' that cannot start|found a tab character", "这里有Tab：YAML 的缩进只能用空格",
     "a tab here: YAML indents with spaces only"),
    (r"found character (.+) that cannot start any token", "字符{0}不能放在这里（要用引号把这个值括起来）",
     "the character {0} cannot stand here (put the value in quotes)"),
    (r"mapping values are not allowed here", "这里不能有“键: 值”（冒号放错了地方，或者含“: ”的值要加引号）",
     "a 'key: value' is not allowed here (a misplaced colon, or a value holding ': ' needs quotes)"),
    (r"could not find expected ':'", "缺少冒号“:”", "a ':' is missing"),
    (r"found unexpected end of stream", "文件提前结束了：有引号没有配对",
     "the file ends too early: a quote is not closed"),
    (r"expected ',' or '\]'", "方括号列表 [ … ] 没有写完：缺少“,”或“]”",
     "a [ … ] list is not finished: a ',' or ']' is missing"),
    (r"expected ',' or '\}'", "花括号 { … } 没有写完：缺少“,”或“}”",
     "a { … } mapping is not finished: a ',' or '}' is missing"),
    (r"expected <block end>|did not find expected key|did not find expected '-' indicator", "缩进不对",
     "the indentation is wrong"),
    (r"found undefined alias (.+)", "别名 *{0} 没有定义（要先写 &{0}）",
     "the alias *{0} is not defined (write &{0} first)"),
    (r"expected the node content|did not find expected node content", "这里缺一个值", "a value is expected here"),
    (r"sequence entries are not allowed here", "这里不能有列表项“- ”（要换一行并缩进）",
     "a '- ' list item is not allowed here (start it on a new, indented line)"),
    (r"found unhashable key", "键只能是一个值，不能是列表或映射", "a key is a single value, not a list or a mapping"),
    (r"could not determine a constructor for the tag '(.+)'", "不能用标签 {0}：这里只读普通的 YAML 值",
     "the tag {0} is not allowed: only plain YAML values are read"),
    (r"but found another document", "一个文件只能有一个 YAML 文档（多了“---”）",
     "a file holds one YAML document only (there is a second '---')"),
    (r"expected '<document start>'", "这个值后面多了内容", "there is more text after the value"),
    (r"second occurrence", "锚点 & 的名字用了两次", "an & anchor's name is used twice"),
))


def _yaml_problem(e: yaml.YAMLError, path: str) -> InputError:
    """One :class:`InputError` for PyYAML's error: our words for the usual mistakes, its line and column."""
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    problem = getattr(e, "problem", None) or str(e).splitlines()[0]
    zh, en = "YAML 写法有错", f"not valid YAML: {problem}"
    for pattern, our_zh, our_en in _YAML_PROBLEMS:
        if m := pattern.match(problem):
            named = m.group(1).strip("'") if m.groups() else ""
            if named.startswith("tag:yaml.org,2002:"):  # written !!name
                named = "!!" + named.removeprefix("tag:yaml.org,2002:")
            zh, en = our_zh.replace("{0}", named), our_en.replace("{0}", named)
            break
    if mark is None:
        return InputError(path, 0, zh, en)
    return InputError(path, mark.line + 1, f"{zh}（第{mark.column + 1}列）", f"{en} (column {mark.column + 1})")


def load_yaml(text: str, path: str) -> tuple[yaml.Node | None, Any]:
    """A YAML document as its composed node (which knows line numbers) and its data, with SafeLoader's types only."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None and (gained := _expanded_size(node) - sum(1 for _ in _nodes(node))) > MAX_ALIAS_VALUES:
            raise InputError(path, 0, f"别名（*名字）展开后多出{gained}个值，超过上限{MAX_ALIAS_VALUES}",
                             f"the aliases (*name) expand to {gained} more values, over the limit of "
                             f"{MAX_ALIAS_VALUES}")
        if node is not None and (duplicate := _duplicate_key(node)):
            key, line, first = duplicate
            raise InputError(path, line, f"键“{key}”写了两次（第{first}行已有）",
                             f"key {key!r} is given twice (first on line {first})")
        if node is not None and (long_line := _long_number(node)):
            raise InputError(path, long_line, *_too_long(_digit_limit()))
        data = yaml.SafeLoader(text).get_single_data()
    except yaml.YAMLError as e:
        raise _yaml_problem(e, path) from None
    except RecursionError:
        raise InputError(path, 0, "嵌套太深", "nested too deeply") from None
    except ValueError as e:  # a value the constructors cannot build (a long number is found above)
        if isinstance(e, GoujiError):
            raise
        raise InputError(path, 0, "有一个值读不了", f"a value cannot be read: {e}") from None
    return node, data


#: JSON's usual mistakes (the decoder's message, matched at its start) in our own words.
_JSON_PROBLEMS = (
    ("Expecting value", "这里缺一个值", "a value is expected here"),
    ("Expecting property name enclosed in double quotes", "这里要一个用双引号括起来的键",
     "a key in double quotes is expected here"),
    ("Expecting ',' delimiter", "缺少逗号“,”", "a ',' is missing"),
    ("Expecting ':' delimiter", "缺少冒号“:”", "a ':' is missing"),
    ("Unterminated string", "字符串没有结束：缺少右边的双引号", "a string is not closed: a '\"' is missing"),
    ("Invalid control character", "字符串里有控制字符（换行要写成 \\n）",
     "a control character inside a string (write a line break as \\n)"),
    ("Invalid \\", "字符串里的反斜杠转义不对", "a bad backslash escape in a string"),
    ("Extra data", "JSON 值后面多了内容", "there is more text after the JSON value"),
)


def load_json(text: str, path: str) -> Any:
    """A JSON document.

    >>> try:
    ...     load_json('{"a": 1,}', "r.json")
    ... except InputError as e:
    ...     print(e.zh)
    ...     print(e.en)
    r.json:1: 这里要一个用双引号括起来的键（第9列）
    r.json:1: a key in double quotes is expected here (column 9)
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(path, 0, "嵌套太深", "nested too deeply") from None
    except json.JSONDecodeError as e:
        zh, en = next(((zh, en) for msg, zh, en in _JSON_PROBLEMS if e.msg.startswith(msg)),
                      ("不是 JSON", f"not JSON: {e.msg}"))
        raise InputError(path, e.lineno, f"{zh}（第{e.colno}列）", f"{en} (column {e.colno})") from None
    except ValueError:  # an integer longer than Python reads
        limit = _digit_limit()
        long = re.search(rf"\d{{{limit + 1},}}", text)
        raise InputError(path, text.count("\n", 0, long.start()) + 1 if long else 0, *_too_long(limit)) from None
