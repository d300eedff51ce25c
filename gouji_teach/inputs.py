"""Files a user hands to gouji_teach (scenario files, game records), read defensively.

Every problem becomes one :class:`InputError` that names the file (and the line where there is one) in Chinese
and English: a file too large to be a scenario or a record (``/dev/zero`` is refused after :data:`MAX_BYTES`
bytes, not read until memory runs out), bytes that are not UTF-8, YAML or JSON nested too deeply, numbers too long
to be numbers, tags that would build Python objects, keys given twice.

>>> load_yaml("a: 1\\nb: [2, 3]\\n", "s.yaml")[1]
{'a': 1, 'b': [2, 3]}
>>> try:
...     load_yaml("steps: [1]\\nsteps: [1, 2]\\n", "s.yaml")
... except InputError as e:
...     print(e.en)
s.yaml:2: key 'steps' is given twice (first on line 1)
>>> load_json("[" * 100_000, "r.json")
Traceback (most recent call last):
  ...
gouji_teach.inputs.InputError: r.json: 嵌套太深 / r.json: nested too deeply
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from .errors import GoujiError

__all__ = ["MAX_BYTES", "InputError", "load_json", "load_yaml", "read_text"]

#: The largest file read (4 MiB): a scenario of a whole hand is a few KB, a record of a long series a few hundred.
MAX_BYTES = 4 * 1024 * 1024


class InputError(GoujiError):
    """A file that cannot be used as input; ``path`` names it, ``line`` is 1-based (0: no line)."""

    def __init__(self, path: str, line: int, zh: str, en: str) -> None:
        self.path, self.line, self.detail_zh, self.detail_en = path, line, zh, en
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {zh}", f"{where}: {en}")


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
        raise InputError(name, 0, f"读不了文件：{e.strerror}", f"cannot read: {e.strerror}") from None
    if len(data) > limit:
        raise InputError(name, 0, f"文件太大（超过{limit}字节）", f"file too large (over {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError(name, line, f"第{e.start + 1}个字节不是UTF-8编码",
                         f"not UTF-8 at byte {e.start + 1}") from None


def _duplicate_key(root: yaml.Node) -> tuple[str, int, int] | None:
    """The first key given twice in any mapping of the document: (key, its line, the earlier line)."""
    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    line = key.start_mark.line + 1
                    if key.value in seen:
                        return key.value, line, seen[key.value]
                    seen[key.value] = line
                todo.extend((key, value))
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
    return None


def load_yaml(text: str, path: str) -> tuple[yaml.Node | None, Any]:
    """A YAML document as its composed node (which knows line numbers) and its data, with SafeLoader's types only."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None and (duplicate := _duplicate_key(node)):
            key, line, first = duplicate
            raise InputError(path, line, f"键“{key}”写了两次（第{first}行已有）",
                             f"key {key!r} is given twice (first on line {first})")
        data = yaml.SafeLoader(text).get_single_data()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        what = getattr(e, "problem", None) or str(e).splitlines()[0]
        col = f", column {mark.column + 1}" if mark else ""
        raise InputError(path, mark.line + 1 if mark else 0, f"不是合法的YAML：{what}{col}",
                         f"not valid YAML: {what}{col}") from None
    except RecursionError:
        raise InputError(path, 0, "嵌套太深", "nested too deeply") from None
    except ValueError as e:  # an integer of thousands of digits
        if isinstance(e, GoujiError):
            raise
        raise InputError(path, 0, f"有一个值读不了：{e}", f"a value cannot be read: {e}") from None
    return node, data


def load_json(text: str, path: str) -> Any:
    """A JSON document."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(path, 0, "嵌套太深", "nested too deeply") from None
    except json.JSONDecodeError as e:
        raise InputError(path, e.lineno, f"不是JSON：{e.msg}，第{e.colno}列",
                         f"not JSON: {e.msg}, column {e.colno}") from None
    except ValueError as e:  # an integer of thousands of digits
        raise InputError(path, 0, f"不是能用的JSON：{e}", f"unusable JSON: {e}") from None
