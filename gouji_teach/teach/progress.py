"""Saved progress: learners, attempts, stars, points and titles, in one SQLite file or a PostgreSQL database.

Every answer a learner gives is written at once (lichess lost progress when it waited), so progress survives kernel
restarts, and a class can share one file: an instructor points every kernel at the same path (``gouji-teach serve
--progress PATH`` sets :data:`ENV_VAR` for its kernels), and several kernels, that is several processes, write at
once without losing an attempt.

* **Where**: :func:`default_path` — ``$GOUJI_TEACH_PROGRESS``, else ``$XDG_DATA_HOME/gouji_teach/progress.sqlite3``,
  else ``~/.local/share/gouji_teach/progress.sqlite3``. Parent folders are created.
* **PostgreSQL**, for a class that outgrows one file or one machine: a ``postgresql://user@host/database`` URL in
  place of the path (psycopg 3, the ``postgres`` extra) keeps the same tables, in the connection's current schema,
  with the same guarantees: every answer written at once, writers taking turns, nothing lost.
* **Attempts**: each answer to a puzzle (``puzzle_id`` such as ``"beats/drill-4711"``) in a stage (a chapter of the
  course), tagged with the ids of the rules the question exercises, numbered within its *run*: a run starts with the
  first answer and after every correct answer, so a learner who retries a solved puzzle starts again at 1.
* **Stars** are those of a drill's *first solve*: 3 on the 1st attempt, 2 on the 2nd, 1 on the 3rd, one less if
  the learner asked for a hint (:meth:`ProgressStore.record_hint`; never below 1). The store derives them from the
  drill's history (:func:`stars_for` of its own attempt count), never from its caller, so a reload, a second tab,
  a rule-set switch or a replayed message cannot raise them. Solving the drill again later changes nothing, and a
  drill whose answer was shown (:meth:`ProgressStore.record_shown`: "show answer", or its third miss) before it was
  solved keeps 0.
  Stars belong to a learner, a stage and a puzzle: the same drill in two stages is earned in each; a drill's id
  names its rule set (``beats/linyi/hard/4711``), so stars are kept per rule set (:meth:`ProgressStore.stage_stars`
  with ``rules``).
* **Points** are all of a learner's stars added up (one star, one point); the title is the 临沂 ladder's
  (农民 … 主席) for those points, from :func:`gouji_teach.rules.titles.title_for`.
* **Mastery**: per rule id, how many of the learner's answers to questions exercising it were right, out of how many.

Names are arbitrary text (quotes, HTML, emoji), stored folded (:func:`~gouji_teach.teach.names.fold_name`: NFKC,
invisible characters removed, spaces trimmed), so that ``alice`` typed with a zero-width space or in full width is
the same learner; a name that is empty once folded is refused, and the names that read like another (Cyrillic ``а``
for ``a``) are found by :meth:`ProgressStore.lookalikes` (the start page warns). :func:`display_name` escapes names
for HTML.

>>> import pathlib, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(pathlib.Path(folder.name) / "class.sqlite3")
>>> ming = store.learner("小明")
>>> first = store.record_attempt(ming, "comparing", "beats/drill-4711", rules=("compare.count",), correct=False,
...                              answer="KK")
>>> second = store.record_attempt(ming, "comparing", "beats/drill-4711", rules=("compare.count",), correct=True,
...                               answer="AA")
>>> (first.number, first.stars), (second.number, second.stars)
((1, 0), (2, 2))
>>> store.stage_stars(ming), store.points(ming)
({'comparing': 2}, 2)
>>> store.mastery(ming)
{'compare.count': (1, 2)}
>>> ProgressStore(store.path).stars(ming)  # another kernel, the same file
{('comparing', 'beats/drill-4711'): 2}
>>> folder.cleanup()
"""

from __future__ import annotations

import itertools
import os
import random
import re
import secrets
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from gouji_teach.rules.errors import ArgumentTypeError, GoujiError
from gouji_teach.rules.inputs import os_reason
from gouji_teach.show.i18n import register, t
from gouji_teach.show.markup import HtmlFragment, html
from gouji_teach.teach.migrations import STEPS
from gouji_teach.teach.names import fold_name, normal_key, skeleton
from gouji_teach.teach.scoring import MISSES_SHOWN, stars_for

__all__ = [
    "ANSWER_MAX",
    "BUSY_TIMEOUT",
    "ENV_VAR",
    "MISSES_SHOWN",
    "NAME_MAX",
    "PERSONAL_CODE_LENGTH",
    "RELEASES",
    "SCHEMA_VERSION",
    "SOURCES",
    "WRITE_TIMEOUT",
    "DrillResult",
    "Exam",
    "ExamSitting",
    "Learner",
    "LearnerReport",
    "LiveAnswer",
    "LiveLesson",
    "LiveTally",
    "NameTaken",
    "ProgressError",
    "ProgressStore",
    "StoredAttempt",
    "default_path",
    "display_name",
    "exam_code",
    "is_database_url",
    "stars_for",
    "store",
]

#: Environment variable naming the progress file (``gouji-teach serve --progress PATH`` sets it).
ENV_VAR = "GOUJI_TEACH_PROGRESS"
#: The schema this module writes; a file with a newer version is refused, an older one brought up to it
#: (:data:`~gouji_teach.teach.migrations.STEPS`: version 2 keys a stage's drills by the stage's id; and
#: :data:`_NEW_TABLES`: version 3 adds the live lessons; version 4 adds the hints asked, each attempt's source and
#: chosen answer, and derives every drill's stars again from its history; version 5 gives exams a secret, a
#: roster, a release and a lifecycle, its columns coming with the exam tables, :meth:`ProgressStore._define_exams`;
#: version 6 gives each learner's name its pass key, :meth:`ProgressStore.sign_in`).
SCHEMA_VERSION = 6
#: Where an attempt was given: a page's drill, a live lesson's checkpoint, an exam, a practice-table hand.
SOURCES = ("practice", "live", "exam", "table")
#: Longest learner name, in characters (code points).
NAME_MAX = 200
#: Longest answer text kept with an attempt, in characters.
ANSWER_MAX = 2000
#: How long one statement waits for a lock held by another connection (SQLite's busy timeout), in seconds.
BUSY_TIMEOUT = 5.0
#: How long a write waits for other writers before giving up, in seconds.
WRITE_TIMEOUT = 60.0

register(
    {
        "progress.name_empty": ("名字不能为空", "a learner's name cannot be empty"),
        "progress.name_invisible": (
            "名字去掉看不见的字符和多余的空格以后是空的",
            "a learner's name is empty once its invisible characters and extra spaces are removed",
        ),
        "progress.name_lookalike": (
            "名字 {name} 和学员 {others} 的名字看起来一样：如果是同一个人，请用原来的名字",
            "the name {name} reads like that of the learner {others}: if it is the same person, use the name they"
            " had",
        ),
        "progress.name_long": (
            "名字太长：{length} 个字符，最多 {limit} 个",
            "a learner's name is too long: {length} characters, at most {limit}",
        ),
        "progress.name_control": (
            "名字里不能有控制字符（如换行、改变文字方向的字符）：第 {position} 个字符",
            "a learner's name cannot contain control characters (such as a line break or a text-direction"
            " override): character {position}",
        ),
        "progress.field_empty": ("{field} 不能为空", "{field} cannot be empty"),
        "progress.source": ("不是作答来源：{source}（可以是 {known}）",
                            "not a source of attempts: {source} (one of {known})"),
        "progress.answer_long": (
            "答案太长：{length} 个字符，最多 {limit} 个",
            "the answer is too long: {length} characters, at most {limit}",
        ),
        "progress.unknown_learner": (
            "进度文件 {path} 里没有学员 {name}",
            "there is no learner {name} in the progress file {path}",
        ),
        "progress.bad_path": (
            "无法使用进度文件 {path}：{reason}",
            "cannot use the progress file {path}: {reason}",
        ),
        "progress.is_directory": ("这是一个文件夹，不是文件", "it is a folder, not a file"),
        "progress.not_a_folder": ("{folder} 不是文件夹", "{folder} is not a folder"),
        "progress.folder_unwritable": (
            "不能在文件夹 {folder} 里写入（SQLite 要在那里建日志文件）",
            "cannot write in the folder {folder} (SQLite keeps its log files there)",
        ),
        "progress.file_unwritable": ("文件不可读写", "the file cannot be read and written"),
        "progress.not_ours": (
            "这个 SQLite 文件不是 gouji_teach 的进度文件",
            "this SQLite file is not a gouji_teach progress file",
        ),
        "progress.too_new": (
            "文件的格式版本是 {found}，本程序只认识到 {known}；请升级 gouji_teach",
            "the file has schema version {found} and this program knows up to {known}; upgrade gouji_teach",
        ),
        "progress.bad_database": (
            "无法使用进度数据库 {path}：{reason}",
            "cannot use the progress database {path}: {reason}",
        ),
        "progress.no_psycopg": (
            "要用 PostgreSQL，请安装 psycopg：pip install 'gouji-teach[postgres]'",
            "PostgreSQL needs psycopg: pip install 'gouji-teach[postgres]'",
        ),
        "progress.not_ours_database": (
            "数据库（连接的当前模式）里已经有别的表，但没有 gouji_teach 的进度表",
            "the database (the connection's current schema) holds other tables, and not gouji_teach's",
        ),
        "progress.busy": (
            "等了 {seconds} 秒，其他程序仍在写入",
            "other programs were still writing after {seconds} seconds",
        ),
    }
)

_SCHEMA = """
CREATE TABLE schema_version (
    version INTEGER NOT NULL
);
CREATE TABLE learners (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE attempts (
    id        INTEGER PRIMARY KEY,
    learner   INTEGER NOT NULL REFERENCES learners (id),
    stage     TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    number    INTEGER NOT NULL CHECK (number >= 1),
    correct   INTEGER NOT NULL CHECK (correct IN (0, 1)),
    answer    TEXT NOT NULL,
    at        TEXT NOT NULL,
    source    TEXT NOT NULL DEFAULT 'practice',
    choice    TEXT
);
CREATE INDEX attempts_by_puzzle ON attempts (learner, stage, puzzle_id, id);
CREATE TABLE attempt_rules (
    attempt INTEGER NOT NULL REFERENCES attempts (id),
    rule_id TEXT NOT NULL,
    PRIMARY KEY (attempt, rule_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS shown (
    learner   INTEGER NOT NULL REFERENCES learners (id),
    stage     TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    at        TEXT NOT NULL,
    PRIMARY KEY (learner, stage, puzzle_id)
) WITHOUT ROWID;
CREATE TABLE stars (
    learner   INTEGER NOT NULL REFERENCES learners (id),
    stage     TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    stars     INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
    attempt   INTEGER NOT NULL REFERENCES attempts (id),
    PRIMARY KEY (learner, stage, puzzle_id)
) WITHOUT ROWID;
"""

#: The drills whose answer was shown before they were solved (they keep 0 stars).
_SHOWN = _SCHEMA[_SCHEMA.index("CREATE TABLE IF NOT EXISTS shown"):_SCHEMA.index("CREATE TABLE stars")].strip(" ;\n")

_T = TypeVar("_T")


class NameTaken(GoujiError):
    """A learner's name typed without its pass key (:meth:`ProgressStore.sign_in`): nothing is saved under it."""


class ProgressError(GoujiError):
    """The progress file or database cannot be used (``path`` names it: a database by its URL, password left
    out), or a write waited too long for other writers."""

    def __init__(self, path: Path | str, zh: str, en: str) -> None:
        self.path = path
        super().__init__(zh, en)


#: The database's and the system's usual English reasons, in Chinese.
_LIBRARY_ZH = (
    ("file is not a database", "这不是 SQLite 数据库文件"),
    ("database disk image is malformed", "数据库文件损坏了"),
    ("unable to open database file", "打不开数据库文件"),
    ("attempt to write a readonly database", "数据库是只读的"),
    ("disk I/O error", "磁盘读写出错"),
    ("Permission denied", "没有权限"),
    ("No such file or directory", "没有这个文件或文件夹"),
    ("Read-only file system", "文件系统是只读的"),
    ("No space left on device", "磁盘满了"),
)


def _library_zh(reason: str) -> str:
    """A library's English reason in Chinese: a usual one translated (what follows it, a path, kept), any other
    said to come from the database or the system, its English left to the English half.

    >>> _library_zh("Permission denied (/srv/class)"), _library_zh("connection refused")
    ('没有权限 (/srv/class)', '数据库或系统报错（原文见英文部分）')
    """
    for en, zh in _LIBRARY_ZH:
        if reason.startswith(en):
            return zh + reason[len(en):]
    return "数据库或系统报错（原文见英文部分）"


@dataclass(frozen=True, slots=True)
class Learner:
    """A learner of one progress file: ``name`` as the store keeps it (folded), ``id`` its key in that file."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class StoredAttempt:
    """One answer to a puzzle, as stored.

    ``number`` counts the answers in the current run (1 for the first answer and after a correct one); ``stars`` is
    what this answer earned (the stars of the drill's first solve if it is that solve, else 0); ``at`` is the time
    in UTC; ``source`` where it was given (:data:`SOURCES`); ``choice`` the answer as chosen (``None``: a
    practice-table hand, or an attempt stored before version 4 without an answer).
    """

    id: int
    learner: Learner
    stage: str
    puzzle_id: str
    rules: tuple[str, ...]
    correct: bool
    number: int
    answer: str
    at: datetime
    stars: int
    source: str = "practice"
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class DrillResult:
    """What the store keeps for a finished drill, from its history: ``stars`` (0: its answer was shown first), the
    attempt number of its first solve as the store counted it (``None``: shown first), whether a hint was asked
    before it, and the id of that solving attempt."""

    stars: int
    attempt: int | None
    hinted: bool
    attempt_id: int | None


@dataclass(frozen=True, slots=True)
class LearnerReport:
    """One line of :meth:`ProgressStore.class_report`."""

    learner: Learner
    attempts: int
    correct: int
    stars: int
    points: int
    title_zh: str
    title_en: str
    last_seen: datetime | None


def default_path() -> Path | str:
    """The progress file used when none is given: ``$GOUJI_TEACH_PROGRESS`` (a path, or a PostgreSQL URL, kept as
    text), else the user's data folder.

    >>> import os
    >>> os.environ[ENV_VAR] = "/srv/class/progress.sqlite3"
    >>> default_path()
    PosixPath('/srv/class/progress.sqlite3')
    >>> del os.environ[ENV_VAR]
    """
    configured = os.environ.get(ENV_VAR)
    if configured:
        return configured.strip() if is_database_url(configured) else Path(configured).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME")
    base = Path(data_home) if data_home and Path(data_home).is_absolute() else Path.home() / ".local" / "share"
    return base / "gouji_teach" / "progress.sqlite3"


def display_name(learner: Learner | str) -> HtmlFragment:
    """The learner's name as HTML text, escaped by the element builder (:func:`gouji_teach.show.markup.el`) that
    writes every page; in an attribute, pass the plain name to ``el``, which escapes attribute values itself.

    >>> display_name(Learner(1, '<script>alert("hi")</script>'))
    '&lt;script&gt;alert("hi")&lt;/script&gt;'
    """
    return html(learner.name if isinstance(learner, Learner) else learner)


def _os_failure(exc: OSError, where: object) -> tuple[str, str]:
    """The system's reason, in both languages, and the path it names."""
    zh, en = os_reason(exc)
    return f"{zh} ({where})", f"{en} ({where})"


def _error(key: str, **values: object) -> tuple[str, str]:
    return t(key, lang="zh", **values), t(key, lang="en", **values)


def _invalid(key: str, **values: object) -> GoujiError:
    return GoujiError(*_error(key, **values))


#: Characters that reorder the text around them: a name holding them can pass for another in a report.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _check_name(name: object) -> str:
    """The name as the store keeps it (:func:`~.names.fold_name`), or a clear refusal: not text, empty once folded,
    too long, or holding a control character (a line break, a text-direction override)."""
    if not isinstance(name, str):
        raise ArgumentTypeError("学习者的名字", "a learner's name", name)
    if not name.strip():
        raise _invalid("progress.name_empty")
    for position, char in enumerate(name, start=1):
        if ord(char) < 32 or 127 <= ord(char) < 160 or 0xD800 <= ord(char) <= 0xDFFF or char in _BIDI_CONTROLS:
            raise _invalid("progress.name_control", position=position)
    folded = fold_name(name)
    if not folded:
        raise _invalid("progress.name_invisible")
    if len(folded) > NAME_MAX:
        raise _invalid("progress.name_long", length=len(folded), limit=NAME_MAX)
    return folded


def _check_text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _invalid("progress.field_empty", field=field)
    return value


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


# -- the two databases -------------------------------------------------------------------------------------------
# The store writes its SQL once, in SQLite's dialect (``?`` and ``?N`` placeholders). A backend runs it: SQLite
# as written (so files stay exactly as before), PostgreSQL translated (placeholders, column types, the one
# aggregate that differs), with a lock that makes its writers take turns as SQLite's do.

#: How a ``--progress`` value naming a PostgreSQL database begins (anything else is a file path).
_DATABASE_SCHEMES = ("postgresql://", "postgres://")


def is_database_url(where: object) -> bool:
    """Whether ``where`` (a ``--progress`` value) names a PostgreSQL database rather than a file.

    >>> is_database_url("postgresql://teacher@db.example/class"), is_database_url("class/progress.sqlite3")
    (True, False)
    """
    return isinstance(where, str) and where.strip().lower().startswith(_DATABASE_SCHEMES)


#: Where a URL may hold a password: after the user name, and as a ``password`` parameter.
_PASSWORDS = (re.compile(r"^[a-z]+://[^/@:]*:([^/@]*)@", re.IGNORECASE), re.compile(r"[?&]password=([^&]*)"))


def _without_password(url: str) -> str:
    """The database URL as messages show it: its password replaced by ``***``.

    >>> _without_password("postgresql://teacher:s3cret@db/class?sslmode=require&password=x")
    'postgresql://teacher:***@db/class?sslmode=require&password=***'
    >>> _without_password("postgresql://gouji:gouji@db/class")
    'postgresql://gouji:***@db/class'
    """
    for pattern in _PASSWORDS:
        url = pattern.sub(lambda m: m.string[m.start(0):m.start(1)] + "***" + m.string[m.end(1):m.end(0)], url)
    return url


def _passwords(url: str) -> list[str]:
    """The passwords in a database URL that libpq's messages might repeat (those of 4 characters or more: a
    shorter one is blanked in the URL shown, not in every word of the message)."""
    return [m.group(1) for pattern in _PASSWORDS for m in pattern.finditer(url) if len(m.group(1)) >= 4]


_PLACEHOLDER = re.compile(r"\?(\d*)")


def _postgres_sql(sql: str) -> tuple[str, tuple[int, ...] | None]:
    """SQLite's statement for psycopg: each ``?`` or ``?N`` becomes ``%s``; the second item says which value goes
    where (``None``: the statement takes none).

    >>> _postgres_sql("SELECT a FROM t WHERE ?1 IS NULL OR (a = ?1 AND b LIKE '%x' AND c = ?2)")
    ("SELECT a FROM t WHERE %s IS NULL OR (a = %s AND b LIKE '%%x' AND c = %s)", (0, 0, 1))
    >>> _postgres_sql("INSERT INTO t (a, b) VALUES (?, ?)")
    ('INSERT INTO t (a, b) VALUES (%s, %s)', (0, 1))
    """
    if "?" not in sql:
        return sql, None
    order: list[int] = []
    unnumbered = itertools.count()

    def placeholder(match: re.Match[str]) -> str:
        order.append(int(match.group(1)) - 1 if match.group(1) else next(unnumbered))
        return "%s"

    return _PLACEHOLDER.sub(placeholder, sql.replace("%", "%%")), tuple(order)


def _postgres_ddl(statement: str) -> str:
    """SQLite's table definition for PostgreSQL: 64-bit integers as in SQLite, ids numbered by the database, text
    compared and sorted by code point as SQLite does (collation ``"C"``), no ``WITHOUT ROWID``.

    >>> print(_postgres_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, name TEXT) WITHOUT ROWID"))
    CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, n BIGINT NOT NULL, name TEXT COLLATE "C")
    """
    statement = statement.replace(" WITHOUT ROWID", "")
    statement = statement.replace("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    statement = re.sub(r"\bINTEGER\b", "BIGINT", statement)
    return re.sub(r"\bTEXT\b", 'TEXT COLLATE "C"', statement)


class _Connection:
    """An open connection to the store's database, taking SQLite's SQL; this one is SQLite's own."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[object] = ()) -> Any:
        return self.raw.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        self.raw.executemany(sql, rows)

    def insert(self, sql: str, params: Sequence[object]) -> int:
        """Run an ``INSERT`` into a table with an ``id`` column; the new row's id."""
        return self.raw.execute(sql, params).lastrowid

    def rollback(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("ROLLBACK")


class _PostgresConnection(_Connection):
    """A psycopg connection (autocommit: the store says where transactions begin), taking SQLite's SQL."""

    def __init__(self, raw: Any) -> None:
        super().__init__(raw)
        self.pid = os.getpid()

    def execute(self, sql: str, params: Sequence[object] = ()) -> Any:
        text, order = _postgres_sql(sql)
        return self.raw.execute(text, None if order is None else [params[i] for i in order])

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        text, order = _postgres_sql(sql)
        with self.raw.cursor() as cursor:
            cursor.executemany(text, [[row[i] for i in order or ()] for row in rows])

    def insert(self, sql: str, params: Sequence[object]) -> int:
        return self.execute(sql + " RETURNING id", params).fetchone()[0]

    def rollback(self) -> None:
        if not self.raw.broken and self.raw.info.transaction_status != self.raw.info.transaction_status.IDLE:
            self.raw.execute("ROLLBACK")


class _Stale(Exception):
    """A kept PostgreSQL connection turned out closed by the server (restarted, or idle too long): try again."""


class _SQLite:
    """The store in one SQLite file: the SQL runs as written."""

    errors: type[Exception] = sqlite3.DatabaseError
    connect_errors: type[Exception] = sqlite3.Error
    begin_read = "BEGIN"
    bad_key = "progress.bad_path"
    not_ours_key = "progress.not_ours"
    tables = "SELECT name FROM sqlite_schema WHERE type = 'table'"
    #: The rule ids of the attempt ``a``, in order, separated by U+001F.
    rule_ids = ("(SELECT group_concat(rule_id, char(31)) FROM"
                " (SELECT rule_id FROM attempt_rules WHERE attempt = a.id ORDER BY rule_id))")

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def connect(self) -> Iterator[_Connection]:
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        with closing(connection):
            connection.execute("PRAGMA foreign_keys = ON")
            yield _Connection(connection)

    @staticmethod
    def ddl(statement: str) -> str:
        return statement

    @staticmethod
    def begin_write(connection: _Connection) -> None:
        connection.execute("BEGIN IMMEDIATE")

    @staticmethod
    def is_busy(exc: Exception) -> bool:
        return isinstance(exc, sqlite3.OperationalError) and _is_busy(exc)


class _Postgres:
    """The store in a PostgreSQL database (tables in the connection's current schema), through psycopg 3.

    Each thread keeps one connection between calls (opening one costs tens of milliseconds); a forked process
    opens its own. Writers take turns, as in SQLite: every write transaction first takes an advisory lock of the
    schema, waiting up to :data:`BUSY_TIMEOUT` seconds for it before the store retries."""

    begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    bad_key = "progress.bad_database"
    not_ours_key = "progress.not_ours_database"
    tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    rule_ids = ("(SELECT string_agg(rule_id, chr(31) ORDER BY rule_id) FROM attempt_rules"
                " WHERE attempt = a.id)")
    #: SQLSTATEs worth waiting out: lock timeout, serialization failure, deadlock, too many connections, the
    #: server starting up.
    busy_states = frozenset({"55P03", "40001", "40P01", "53300", "57P03"})
    ddl = staticmethod(_postgres_ddl)

    def __init__(self, url: str) -> None:
        import psycopg  # raises ImportError without the postgres extra

        self._psycopg = psycopg
        self.errors, self.connect_errors = psycopg.DatabaseError, psycopg.Error
        self.url = url
        self._kept = threading.local()

    @contextmanager
    def connect(self) -> Iterator[_Connection]:
        connection: _PostgresConnection | None = getattr(self._kept, "connection", None)
        self._kept.connection = None
        reused = connection is not None and connection.pid == os.getpid() and not connection.raw.closed
        if not reused:  # (a connection a forked process inherited is its parent's: psycopg leaves it open)
            options = {} if "connect_timeout" in self.url else {"connect_timeout": 10}
            connection = _PostgresConnection(self._psycopg.connect(
                self.url, autocommit=True, cursor_factory=self._psycopg.ClientCursor, **options))
        assert connection is not None
        try:
            yield connection
        except self._psycopg.OperationalError as exc:
            if reused and connection.raw.broken:
                raise _Stale from exc
            raise
        finally:
            if connection.raw.broken or connection.raw.info.transaction_status != \
                    connection.raw.info.transaction_status.IDLE:
                connection.raw.close()
            else:
                self._kept.connection = connection

    @staticmethod
    def begin_write(connection: _Connection) -> None:
        connection.execute(  # one round trip
            f"BEGIN; SET LOCAL lock_timeout = {int(BUSY_TIMEOUT * 1000)};"
            " SELECT pg_advisory_xact_lock(hashtext('gouji_teach'), hashtext(current_schema()))")

    def is_busy(self, exc: Exception) -> bool:
        return isinstance(exc, _Stale) or getattr(exc, "sqlstate", None) in self.busy_states


class ProgressStore:
    """Learners, attempts and stars in the SQLite file ``path`` (default: :func:`default_path`), or in the
    PostgreSQL database a ``postgresql://`` URL names (:func:`is_database_url`).

    Each call opens its own SQLite connection, so a store can be used from forked processes and threads alike.
    Writes run in ``BEGIN IMMEDIATE`` transactions in WAL mode, waiting for other writers (busy timeout, then
    retries with backoff for up to :data:`WRITE_TIMEOUT` seconds) rather than failing. WAL needs every writer on
    the same machine: do not share one file over a network file system. In PostgreSQL, writers take turns the same
    way (a lock per schema), from any number of machines.

    A file that cannot be used (a folder, an unwritable place, not a progress file) raises :class:`ProgressError`
    naming the path, here rather than at the first answer.

    >>> import pathlib, tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = ProgressStore(pathlib.Path(folder.name) / "progress.sqlite3")
    >>> hong = store.learner("<b>小红</b> 🃏")
    >>> hong.name, display_name(hong)
    ('<b>小红</b> 🃏', '&lt;b&gt;小红&lt;/b&gt; 🃏')
    >>> store.learner("")
    Traceback (most recent call last):
    ...
    gouji_teach.rules.errors.GoujiError: 名字不能为空 / a learner's name cannot be empty
    >>> [a.stars for a in (store.record_attempt(hong, "cards", "rank/1", correct=c) for c in (True, False, True))]
    [3, 0, 0]
    >>> store.stars(hong)  # the first solve counts
    {('cards', 'rank/1'): 3}
    >>> ProgressStore(folder.name)
    Traceback (most recent call last):
    ...
    gouji_teach.teach.progress.ProgressError: 无法使用进度文件 ... / cannot use ...: it is a folder, not a file
    >>> folder.cleanup()
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        where = path if path is not None else default_path()
        if is_database_url(where):
            url = str(where).strip()
            scheme, rest = url.split("://", 1)
            url = f"{scheme.lower()}://{rest}"  # libpq knows the scheme in lower case only
            self.path: Path | str = _without_password(url)
            self._secrets = _passwords(url)
            self._db: _SQLite | _Postgres
            try:
                self._db = _Postgres(url)
            except ImportError as exc:
                raise self._fail(_error("progress.no_psycopg")) from exc
            self._write(self._init_schema)
        else:
            self.path = Path(where).expanduser()
            self._secrets = []
            self._db = _SQLite(self.path)
            self._open_file()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    # ----------------------------------------------------------------------------------------- connection, schema

    def _fail(self, reason: str | tuple[str, str]) -> ProgressError:
        """The error for ``reason``: ours in both languages, or the database's or the system's English words
        (said in Chinese where they are usual ones, else only in the English half)."""
        zh_reason, en_reason = reason if isinstance(reason, tuple) else (_library_zh(reason), reason)
        for secret in self._secrets:
            zh_reason, en_reason = zh_reason.replace(secret, "***"), en_reason.replace(secret, "***")
        key = self._db.bad_key if hasattr(self, "_db") else "progress.bad_database"
        zh, en = (
            t(key, "zh", path=self.path, reason=" ".join(zh_reason.split())),
            t(key, "en", path=self.path, reason=" ".join(en_reason.split())),
        )
        return ProgressError(self.path, zh, en)

    def _open_file(self) -> None:
        try:
            if self.path.is_dir():
                raise self._fail(_error("progress.is_directory"))
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError as exc:
            raise self._fail(_error("progress.not_a_folder", folder=self.path.parent)) from exc
        except OSError as exc:  # a name too long, a folder without permission ...
            raise self._fail(_os_failure(exc, exc.filename or self.path.parent)) from exc
        if not os.access(self.path.parent, os.W_OK | os.X_OK):
            raise self._fail(_error("progress.folder_unwritable", folder=self.path.parent))
        if self.path.exists() and not os.access(self.path, os.R_OK | os.W_OK):
            raise self._fail(_error("progress.file_unwritable"))
        self._create_shared()
        self._retry(self._use_wal)
        self._write(self._init_schema)

    def _create_shared(self) -> None:
        """Create the file, if it is new, writable by everyone its folder lets write: a class folder shared by
        several system users (mode 1777, or a group folder) gives a file every learner's kernel can write, whatever
        the first kernel's umask. SQLite gives its WAL and shared-memory files the same permissions."""
        folder = self.path.parent.stat().st_mode
        mode = 0o600 | (0o060 if folder & stat.S_IWGRP else 0) | (0o006 if folder & stat.S_IWOTH else 0)
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return
        except OSError as exc:
            raise self._fail(_os_failure(exc, self.path)) from exc
        try:
            os.fchmod(descriptor, mode)  # not masked by the umask, unlike the mode given to open
        finally:
            os.close(descriptor)

    @contextmanager
    def _connect(self) -> Iterator[_Connection]:
        with ExitStack() as stack:
            try:
                connection = stack.enter_context(self._db.connect())
            except self._db.connect_errors as exc:
                raise self._fail(str(exc)) from exc
            yield connection

    def _retry(self, step: Callable[[], _T]) -> _T:
        """Run ``step``, again after a growing random pause while other writers hold the store (the database says
        busy)."""
        deadline = time.monotonic() + WRITE_TIMEOUT
        delay = 0.005
        while True:
            try:
                return step()
            except (_Stale, self._db.errors) as exc:
                if not self._db.is_busy(exc):
                    raise self._fail(str(exc)) from exc
                if time.monotonic() > deadline:
                    raise self._fail(_error("progress.busy", seconds=int(WRITE_TIMEOUT))) from exc
                time.sleep(delay * (1 + random.random()))
                delay = min(delay * 2, 0.5)

    def _use_wal(self) -> None:
        with self._connect() as connection:
            connection.execute("PRAGMA journal_mode = WAL")

    def _write(self, work: Callable[[_Connection], _T]) -> _T:
        """Run ``work`` in one write transaction (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: under the schema's
        writer lock), retrying while other writers hold the store."""

        def step() -> _T:
            with self._connect() as connection:
                self._db.begin_write(connection)
                try:
                    result = work(connection)
                    connection.execute("COMMIT")
                except BaseException:
                    connection.rollback()
                    raise
                return result

        return self._retry(step)

    def _read(self, work: Callable[[_Connection], _T]) -> _T:
        """Run ``work`` in one read transaction (a consistent snapshot)."""

        def step() -> _T:
            with self._connect() as connection:
                connection.execute(self._db.begin_read)
                try:
                    return work(connection)
                finally:
                    connection.execute("COMMIT")

        return self._retry(step)

    def _init_schema(self, connection: _Connection) -> None:
        tables = {row[0] for row in connection.execute(self._db.tables)}
        if "schema_version" not in tables:
            if tables:
                raise self._fail(_error(self._db.not_ours_key))
            for tables in (_SCHEMA, *_NEW_TABLES.values()):
                self._define(connection, tables)
            connection.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
        else:
            (found,) = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()
            if found is None or found > SCHEMA_VERSION:
                raise self._fail(_error("progress.too_new", found=found, known=SCHEMA_VERSION))
            connection.execute(self._db.ddl(_SHOWN))  # added to version 1 files: older programs ignore it
            for version in range(found + 1, SCHEMA_VERSION + 1):  # an older file: each step up, in this transaction
                if version in _NEW_TABLES:
                    self._define(connection, _NEW_TABLES[version])
                if version in STEPS:
                    STEPS[version](connection)
                connection.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def _define(self, connection: _Connection, tables: str) -> None:
        """Create the tables of ``tables`` (SQLite's definitions, translated for PostgreSQL)."""
        for statement in tables.split(";"):
            if statement.strip():
                connection.execute(self._db.ddl(statement))

    # ------------------------------------------------------------------------------------------------- learners

    def learner(self, name: str) -> Learner:
        """The learner called ``name``, added on first use; the name is kept folded (:func:`~.names.fold_name`).

        Raises :class:`~gouji_teach.rules.errors.GoujiError` (in Chinese and English) for an empty name (also once
        folded), one longer than :data:`NAME_MAX` characters, or one with control characters such as a line break.
        """
        name = _check_name(name)
        return self._write(lambda connection: self._learner_row(connection, name))

    @staticmethod
    def _learner_row(connection: _Connection, name: str) -> Learner:
        """The learner of the (checked) ``name``, added if new, in the transaction of ``connection``."""
        connection.execute(
            "INSERT INTO learners (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", (name, _now())
        )
        (learner_id,) = connection.execute("SELECT id FROM learners WHERE name = ?", (name,)).fetchone()
        return Learner(learner_id, name)

    def lookalikes(self, name: str | Learner) -> list[Learner]:
        """The other learners whose names read like ``name`` (one :func:`~.names.skeleton`), by name.

        >>> import pathlib, tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = ProgressStore(pathlib.Path(folder.name) / "class.sqlite3")
        >>> alice = store.learner("alice")
        >>> store.learner("alice\u200b") == alice, store.lookalikes("\u0430lice"), store.lookalikes(alice)
        (True, [Learner(id=1, name='alice')], [])
        >>> folder.cleanup()
        """
        name = name.name if isinstance(name, Learner) else fold_name(str(name))
        look = skeleton(name)
        return [x for x in self.learners() if x.name != name and skeleton(x.name) == look]

    def sign_in(self, name: str, key: str = "") -> tuple[Learner, str]:
        """The learner called ``name``, for a page where the typed name is the only identity (no hub): ``(learner,
        "")`` if ``key`` is the name's pass key. A name without one (new, or kept from before pass keys) gets one
        now: ``(learner, new key)``, which the page shows its learner and carries in its address. Anyone else
        who types the name is refused (:class:`~gouji_teach.rules.errors.GoujiError`, naming the pass key rule),
        so nobody records answers, hints or shown answers, nor joins a live lesson, under another's name.

        >>> import pathlib, tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = ProgressStore(pathlib.Path(folder.name) / "class.sqlite3")
        >>> hong, key = store.sign_in("小红")
        >>> len(key), store.sign_in("小红", key.lower()) == (hong, ""), store.sign_in("小红", f" {key[:4]}-{key[4:]}")
        (8, True, (Learner(id=1, name='小红'), ''))
        >>> store.sign_in("小红", "")
        Traceback (most recent call last):
        ...
        gouji_teach.teach.progress.NameTaken: 名字 '小红' 已经有人用了：没有它的口令，进度不会保存（口令规则）...
        >>> folder.cleanup()
        """
        name, given = _check_name(name), normal_key(key)

        def work(connection: _Connection) -> tuple[Learner, str]:
            learner = self._learner_row(connection, name)
            row = connection.execute("SELECT key FROM learner_keys WHERE learner = ?", (learner.id,)).fetchone()
            if row is None:
                new = exam_code(PERSONAL_CODE_LENGTH)
                connection.execute("INSERT INTO learner_keys (learner, key, created) VALUES (?, ?, ?)",
                                   (learner.id, new, _now()))
                return learner, new
            if not secrets.compare_digest(row[0], given):
                raise NameTaken(*_error("progress.learner_key", name=repr(name)))
            return learner, ""

        return self._write(work)

    def keys(self) -> list[tuple[str, str]]:
        """Every learner's ``(name, pass key)``, by name (a learner who never used a page without a hub has none)."""
        return list(self._read(lambda c: c.execute(
            "SELECT l.name, k.key FROM learner_keys k JOIN learners l ON l.id = k.learner ORDER BY l.name").fetchall()))

    def new_key(self, name: str) -> str:
        """Give the learner ``name`` a new pass key (the instructor's, for a learner who lost theirs): the old one
        opens nothing any more."""
        name = _check_name(name)

        def work(connection: _Connection) -> str:
            learner, key = self._learner_row(connection, name), exam_code(PERSONAL_CODE_LENGTH)
            connection.execute("INSERT INTO learner_keys (learner, key, created) VALUES (?, ?, ?) ON CONFLICT"
                               " (learner) DO UPDATE SET key = excluded.key, created = excluded.created",
                               (learner.id, key, _now()))
            return key

        return self._write(work)

    def learners(self) -> list[Learner]:
        """Every learner of the file, by name."""
        rows = self._read(lambda c: c.execute("SELECT id, name FROM learners ORDER BY name, id").fetchall())
        return [Learner(learner_id, name) for learner_id, name in rows]

    def _resolve(self, learner: Learner | str) -> Learner:
        return learner if isinstance(learner, Learner) else self.learner(learner)

    def _check_learner(self, connection: _Connection, learner: Learner) -> None:
        row = connection.execute("SELECT name FROM learners WHERE id = ?", (learner.id,)).fetchone()
        if row is None or row[0] != learner.name:
            raise _invalid("progress.unknown_learner", name=repr(learner.name), path=self.path)

    # ------------------------------------------------------------------------------------------------- attempts

    def record_attempt(
        self,
        learner: Learner | str,
        stage: str,
        puzzle_id: str,
        *,
        rules: Iterable[str] = (),
        correct: bool,
        answer: str = "",
        choice: str | None = None,
        source: str = "practice",
        choices: int = 0,
    ) -> StoredAttempt:
        """Store one answer at once and return it with its attempt number and the stars it earned.

        ``learner`` is a :class:`Learner` of this file or a name; ``rules`` are the ids of the rules the question
        exercises (for :meth:`mastery`); ``answer`` is the learner's answer as text (at most :data:`ANSWER_MAX`
        characters); ``choice`` the answer as chosen (a choice's key; by default ``answer``, none for a
        practice-table hand), which the report counts per question; ``source`` where it was given (one of
        :data:`SOURCES`); ``choices`` how many answers the drill offers (the kernel's drill says, never the page: 0
        for a drill answered otherwise).

        The stars are the store's, from the drill's history, never the caller's: a correct answer that is the
        drill's first solve, its answer not shown before (:meth:`record_shown`, or three misses), earns
        :func:`stars_for` its attempt number as the store counts it (every answer since the first, across pages,
        reloads and tabs), one less if a hint was asked before it (:meth:`record_hint`), one if every other choice
        was missed before it. The drill keeps them:
        later solves earn nothing (:meth:`drill_result` says what it keeps).
        """
        stage = _check_text(stage, "stage")
        puzzle_id = _check_text(puzzle_id, "puzzle_id")
        rule_ids = tuple(sorted({_check_text(rule, "rule id") for rule in _as_tuple(rules)}))
        if not isinstance(answer, str):
            raise ArgumentTypeError("答案", "an answer", answer)
        if len(answer) > ANSWER_MAX:
            raise _invalid("progress.answer_long", length=len(answer), limit=ANSWER_MAX)
        if source not in SOURCES:
            raise _invalid("progress.source", source=repr(source), known=", ".join(SOURCES))
        if choice is None:
            choice = answer if answer and source != "table" else None
        elif not isinstance(choice, str) or len(choice) > ANSWER_MAX:
            raise ArgumentTypeError("选择", "a choice", choice)
        learner = self._resolve(learner)
        correct = bool(correct)

        def work(connection: _Connection) -> StoredAttempt:
            self._check_learner(connection, learner)
            key = (learner.id, stage, puzzle_id)
            last = connection.execute(
                "SELECT number, correct FROM attempts WHERE learner = ? AND stage = ? AND puzzle_id = ?"
                " ORDER BY id DESC LIMIT 1", key).fetchone()
            number = 1 if last is None or last[1] else last[0] + 1
            at = _now()
            attempt_id = connection.insert(
                "INSERT INTO attempts (learner, stage, puzzle_id, number, correct, answer, at, source, choice)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*key, number, int(correct), answer, at, source, choice),
            )
            connection.executemany(
                "INSERT INTO attempt_rules (attempt, rule_id) VALUES (?, ?)", [(attempt_id, r) for r in rule_ids]
            )
            earned = 0
            if not self._done(connection, learner, stage, puzzle_id):
                if correct:  # the first solve
                    earned = stars_for(number, hinted=self._hinted(connection, key), choices=choices)
                    connection.execute(
                        "INSERT INTO stars (learner, stage, puzzle_id, stars, attempt) VALUES (?, ?, ?, ?, ?)",
                        (*key, earned, attempt_id),
                    )
                elif number >= MISSES_SHOWN:  # the page shows the answer at the third miss
                    connection.execute("INSERT INTO shown (learner, stage, puzzle_id, at) VALUES (?, ?, ?, ?)",
                                       (*key, at))
            assert attempt_id is not None
            return StoredAttempt(
                attempt_id,
                learner,
                stage,
                puzzle_id,
                rule_ids,
                correct,
                number,
                answer,
                datetime.fromisoformat(at),
                earned,
                source,
                choice,
            )

        return self._write(work)

    @staticmethod
    def _hinted(connection: _Connection, key: tuple[int, str, str]) -> bool:
        return connection.execute("SELECT 1 FROM hints WHERE learner = ? AND stage = ? AND puzzle_id = ?",
                                  key).fetchone() is not None

    def record_hint(self, learner: Learner | str, stage: str, puzzle_id: str) -> None:
        """Note that the learner asked for the drill's hint: unless it was solved or its answer shown before, its
        first solve earns one star less (:func:`stars_for`), whatever page or tab it comes from."""
        stage = _check_text(stage, "stage")
        puzzle_id = _check_text(puzzle_id, "puzzle_id")
        learner = self._resolve(learner)

        def work(connection: _Connection) -> None:
            self._check_learner(connection, learner)
            if not self._done(connection, learner, stage, puzzle_id):
                connection.execute("INSERT INTO hints (learner, stage, puzzle_id, at) VALUES (?, ?, ?, ?)"
                                   " ON CONFLICT (learner, stage, puzzle_id) DO NOTHING",
                                   (learner.id, stage, puzzle_id, _now()))

        self._write(work)

    @staticmethod
    def _done(connection: _Connection, learner: Learner, stage: str, puzzle_id: str) -> bool:
        """Whether the drill was solved, or its answer shown, already."""
        return connection.execute(
            "SELECT 1 FROM stars WHERE learner = ?1 AND stage = ?2 AND puzzle_id = ?3"
            " UNION ALL SELECT 1 FROM shown WHERE learner = ?1 AND stage = ?2 AND puzzle_id = ?3",
            (learner.id, stage, puzzle_id),
        ).fetchone() is not None

    def record_shown(self, learner: Learner | str, stage: str, puzzle_id: str) -> None:
        """Note that the drill's answer was shown (asked for, or after three misses): unless it was solved before,
        it keeps 0 stars, whatever comes later."""
        stage = _check_text(stage, "stage")
        puzzle_id = _check_text(puzzle_id, "puzzle_id")
        learner = self._resolve(learner)

        def work(connection: _Connection) -> None:
            self._check_learner(connection, learner)
            if not self._done(connection, learner, stage, puzzle_id):
                connection.execute("INSERT INTO shown (learner, stage, puzzle_id, at) VALUES (?, ?, ?, ?)",
                                   (learner.id, stage, puzzle_id, _now()))

        self._write(work)

    def drill_result(self, learner: Learner, stage: str, puzzle_id: str) -> DrillResult | None:
        """What a drill keeps (:class:`DrillResult`: the stars of its first solve, or 0 if its answer was shown
        first), or ``None`` if the learner has not finished it."""
        def work(connection: _Connection) -> DrillResult | None:
            key = (learner.id, stage, puzzle_id)
            row = connection.execute(
                "SELECT s.stars, a.number, s.attempt FROM stars s JOIN attempts a ON a.id = s.attempt"
                " WHERE s.learner = ? AND s.stage = ? AND s.puzzle_id = ?", key).fetchone()
            if row is not None:
                return DrillResult(int(row[0]), int(row[1]), self._hinted(connection, key), int(row[2]))
            shown = connection.execute("SELECT 1 FROM shown WHERE learner = ? AND stage = ? AND puzzle_id = ?",
                                       key).fetchone()
            return None if shown is None else DrillResult(0, None, self._hinted(connection, key), None)

        return self._read(work)

    def drill_stars(self, learner: Learner, stage: str, puzzle_id: str) -> int | None:
        """The stars a drill keeps (:meth:`drill_result`), or ``None`` if the learner has not finished it."""
        result = self.drill_result(learner, stage, puzzle_id)
        return None if result is None else result.stars

    def attempts(self, learner: Learner | None = None, *, stage: str | None = None) -> list[StoredAttempt]:
        """The stored attempts, oldest first: all of them, or one learner's, or one stage's (a teacher's log)."""

        def work(connection: _Connection) -> list[tuple]:
            return connection.execute(
                "SELECT a.id, l.id, l.name, a.stage, a.puzzle_id, a.correct, a.number, a.answer, a.at, "
                + self._db.rule_ids + ","
                " COALESCE((SELECT stars FROM stars WHERE attempt = a.id), 0), a.source, a.choice"
                " FROM attempts a JOIN learners l ON l.id = a.learner"
                " WHERE (?1 IS NULL OR a.learner = ?1) AND (?2 IS NULL OR a.stage = ?2) ORDER BY a.id",
                (learner.id if learner is not None else None, stage),
            ).fetchall()

        rows = self._read(work)
        return [
            StoredAttempt(
                attempt_id,
                Learner(learner_id, name),
                row_stage,
                puzzle_id,
                tuple(rules.split("\x1f")) if rules else (),
                bool(correct),
                number,
                answer,
                datetime.fromisoformat(at),
                earned,
                source,
                choice,
            )
            for (attempt_id, learner_id, name, row_stage, puzzle_id, correct, number, answer, at, rules, earned,
                 source, choice) in rows
        ]

    # ------------------------------------------------------------------------------------------ stars and points

    def stars(self, learner: Learner, stage: str | None = None) -> dict[tuple[str, str], int]:
        """Best stars per ``(stage, puzzle_id)`` the learner has solved, in all stages or in ``stage``."""
        rows = self._read(
            lambda c: c.execute(
                "SELECT stage, puzzle_id, stars FROM stars WHERE learner = ? AND (?2 IS NULL OR stage = ?2)"
                " ORDER BY stage, puzzle_id",
                (learner.id, stage),
            ).fetchall()
        )
        return {(row_stage, puzzle_id): stars for row_stage, puzzle_id, stars in rows}

    def stage_stars(self, learner: Learner, rules: str | None = None) -> dict[str, int]:
        """Total stars per stage (stages with none are absent): what the landing page shows; with ``rules`` (a
        rule set's name), only the drills asked under that rule set (its name is the second part of a drill id).
        """
        rows = self._read(
            lambda c: c.execute(
                "SELECT stage, puzzle_id, stars FROM stars WHERE learner = ? ORDER BY stage", (learner.id,)
            ).fetchall()
        )
        totals: dict[str, int] = {}
        for stage, puzzle_id, stars in rows:
            if rules is None or puzzle_id.split("/")[1:2] == [rules]:
                totals[stage] = totals.get(stage, 0) + stars
        return totals

    def points(self, learner: Learner) -> int:
        """The learner's points on the title ladder: all best stars added up."""
        return sum(self.stage_stars(learner).values())

    def title(self, learner: Learner) -> tuple[str, str]:
        """The learner's title on the 临沂 ladder for :meth:`points`, as ``(Chinese, English)``."""
        return _title(self.points(learner))

    def mastery(self, learner: Learner) -> dict[str, tuple[int, int]]:
        """Per rule id: ``(correct answers, answers)`` over the learner's answers to questions exercising it (a
        practice-table hand, won or lost, answers no question: it is not counted)."""
        rows = self._read(
            lambda c: c.execute(
                "SELECT r.rule_id, SUM(a.correct), COUNT(*) FROM attempt_rules r JOIN attempts a ON a.id = r.attempt"
                " WHERE a.learner = ? AND a.source <> 'table' GROUP BY r.rule_id ORDER BY r.rule_id",
                (learner.id,),
            ).fetchall()
        )
        return {rule_id: (int(correct), total) for rule_id, correct, total in rows}

    def class_report(self) -> list[LearnerReport]:
        """For instructors: per learner (by name), attempts, correct answers, stars, points, title and last answer."""

        def work(connection: _Connection) -> list[tuple[int, str, int, int, int, str | None]]:
            return connection.execute(
                "SELECT l.id, l.name,"
                " (SELECT COUNT(*) FROM attempts WHERE learner = l.id),"
                " (SELECT COALESCE(SUM(correct), 0) FROM attempts WHERE learner = l.id),"
                " (SELECT COALESCE(SUM(stars), 0) FROM stars WHERE learner = l.id),"
                " (SELECT MAX(at) FROM attempts WHERE learner = l.id)"
                " FROM learners l ORDER BY l.name, l.id"
            ).fetchall()

        report = []
        for learner_id, name, attempts, correct, stars, last in self._read(work):
            attempts, correct, stars = int(attempts), int(correct), int(stars)  # PostgreSQL sums are decimals
            title_zh, title_en = _title(stars)
            report.append(
                LearnerReport(
                    Learner(learner_id, name),
                    attempts,
                    correct,
                    stars,
                    stars,
                    title_zh,
                    title_en,
                    datetime.fromisoformat(last) if last else None,
                )
            )
        return report

    # ------------------------------------------------------------------------------------------------------ exams
    # An exam is a fixed list of drills (ids such as ``beats/linyi/medium/4711``) under one rule set, with an
    # optional time limit. A learner's *sitting* starts when they open it, keeps one answer per question (the
    # last one given before submitting) and ends at submission, when the kernel stores each answer's verdict.
    # The tables are added to a file on first use, so files written before exams existed keep working.

    def _exam_schema(self) -> None:
        if not getattr(self, "_exam_tables", False):
            self._write(self._define_exams)
            self._exam_tables = True

    def _define_exams(self, connection: _Connection) -> None:
        """The exam tables, and the columns schema version 5 added to tables an older release made."""
        self._define(connection, _EXAM_SCHEMA)
        for table, columns in _EXAM_V5_COLUMNS.items():
            have = {d[0] for d in connection.execute(f"SELECT * FROM {table} WHERE 1 = 0").description}
            for column, definition in columns.items():
                if column not in have:
                    connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def create_exam(self, rules: str, drills: Sequence[str], *, kinds: str, seed: int,
                    minutes: int | None = None, release: str = "after-close") -> Exam:
        """Store a new exam of ``drills`` (drill ids, in order) under ``rules`` and return it with its new code.

        ``kinds`` and ``seed`` are kept to say how the blueprint's drills were chosen; ``minutes`` is the time limit
        of each sitting (``None``: no limit); ``release`` says when learners see their results (one of
        :data:`RELEASES`). The exam gets a new 128-bit secret, from which each learner's variant is drawn."""
        drills = tuple(_check_text(d, "drill id") for d in drills)
        if not drills:
            raise _invalid("progress.field_empty", field="drills")
        if release not in RELEASES:
            raise _invalid("progress.exam_release", release=repr(release), releases=", ".join(RELEASES))
        self._exam_schema()
        secret = secrets.token_bytes(16)

        def work(connection: _Connection) -> Exam:
            while True:
                code = exam_code()
                if connection.execute("SELECT 1 FROM exams WHERE code = ?", (code,)).fetchone() is None:
                    break
            created = _now()
            connection.execute(
                "INSERT INTO exams (code, rules, kinds, seed, minutes, created, secret, release)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (code, rules, kinds, seed, minutes, created, secret.hex(), release))
            connection.executemany("INSERT INTO exam_questions (exam, number, drill) VALUES (?, ?, ?)",
                                   [(code, n, d) for n, d in enumerate(drills, start=1)])
            return Exam(code, rules, kinds, seed, minutes, datetime.fromisoformat(created), drills, secret, release)

        return self._write(work)

    def _exam_rows(self, connection: _Connection, code: str | None) -> list[Exam]:
        rows = connection.execute(
            "SELECT code, rules, kinds, seed, minutes, created, secret, release, closed FROM exams"
            " WHERE ?1 IS NULL OR code = ?1 ORDER BY created, code", (code,)).fetchall()
        exams = []
        for row_code, rules, kinds, seed, minutes, created, secret, release, closed in rows:
            drills = tuple(d for (d,) in connection.execute(
                "SELECT drill FROM exam_questions WHERE exam = ? ORDER BY number", (row_code,)))
            # an exam made before version 5 has no secret: its variants come from its code (as guessable as before)
            key = bytes.fromhex(secret) if secret else row_code.encode()
            exams.append(Exam(row_code, rules, kinds, seed, minutes, datetime.fromisoformat(created), drills, key,
                              release, datetime.fromisoformat(closed) if closed else None))
        return exams

    def exams(self) -> list[Exam]:
        """Every exam of the file, oldest first."""
        self._exam_schema()
        return self._read(lambda c: self._exam_rows(c, None))

    def exam(self, code: str) -> Exam:
        """The exam with this code (case and surrounding spaces do not matter); a clear error if there is none."""
        self._exam_schema()
        code = str(code).strip().upper()
        found = self._read(lambda c: self._exam_rows(c, code))
        if not found:
            raise _invalid("progress.exam_unknown", code=repr(code), path=self.path)
        return found[0]

    def _sitting_rows(self, connection: _Connection, code: str, learner_id: int | None) -> list[ExamSitting]:
        rows = connection.execute(
            "SELECT l.id, l.name, s.started, s.deadline, s.submitted, s.expired FROM exam_sittings s"
            " JOIN learners l ON l.id = s.learner WHERE s.exam = ?1 AND (?2 IS NULL OR s.learner = ?2)"
            " ORDER BY l.name, l.id", (code, learner_id)).fetchall()
        sittings = []
        for lid, name, started, deadline, submitted, expired in rows:
            answers = connection.execute(
                "SELECT number, answer, correct, rules FROM exam_answers WHERE exam = ? AND learner = ?"
                " ORDER BY number",
                (code, lid)).fetchall()
            sittings.append(ExamSitting(
                code, Learner(lid, name), datetime.fromisoformat(started),
                datetime.fromisoformat(deadline) if deadline else None,
                datetime.fromisoformat(submitted) if submitted else None,
                {n: a for n, a, _c, _r in answers if a is not None},
                {n: bool(c) for n, _a, c, _r in answers if c is not None},
                {n: tuple(r.split("\x1f")) if r else () for n, _a, _c, r in answers}, bool(expired)))
        return sittings

    def sittings(self, code: str) -> list[ExamSitting]:
        """Every learner's sitting of the exam ``code``, by name."""
        exam = self.exam(code)
        return self._read(lambda c: self._sitting_rows(c, exam.code, None))

    def sitting(self, code: str, learner: Learner | str) -> ExamSitting | None:
        """The learner's sitting of the exam ``code``, or ``None`` if they have not started it."""
        exam, learner = self.exam(code), self._resolve(learner)
        found = self._read(lambda c: self._sitting_rows(c, exam.code, learner.id))
        return found[0] if found else None

    def start_exam(self, code: str, learner: Learner | str, key: str | None = None) -> ExamSitting:
        """Start the learner's sitting now (its deadline is now plus the exam's minutes), or return the sitting
        they already started: reopening the page neither restarts the clock nor clears an answer.

        An exam with a roster admits only its learners, each with their personal ``key`` (``None``: the caller
        vouches for who the learner is, as the hub does for its user). A closed exam starts no new sitting."""
        exam, learner = self.exam(code), self._resolve(learner)

        def work(connection: _Connection) -> None:
            self._check_learner(connection, learner)
            self._admit(connection, exam, learner, key)
            if exam.closed is not None and not self._sitting_rows(connection, exam.code, learner.id):
                raise _invalid("progress.exam_closed", code=exam.code)  # one already started can still be read
            now = datetime.now(UTC)
            deadline = (now + timedelta(minutes=exam.minutes)).isoformat(timespec="microseconds") \
                if exam.minutes else None
            connection.execute(
                "INSERT INTO exam_sittings (exam, learner, started, deadline) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (exam, learner) DO NOTHING",
                (exam.code, learner.id, now.isoformat(timespec="microseconds"), deadline))

        self._write(work)
        # (ignore below: the sitting was just written, so it is found)
        return self.sitting(exam.code, learner)  # type: ignore[return-value]

    def admit(self, code: str, learner: Learner | str, key: str | None = None) -> Learner:
        """The learner, if they may open the exam ``code`` (on its roster, with their personal ``key`` unless it
        is ``None``); else the refusal, which says neither whether the name nor the key was wrong."""
        exam, learner = self.exam(code), self._resolve(learner)
        self._read(lambda c: self._admit(c, exam, learner, key))
        return learner

    def _admit(self, connection: _Connection, exam: Exam, learner: Learner, key: str | None) -> None:
        if connection.execute("SELECT 1 FROM exam_roster WHERE exam = ?", (exam.code,)).fetchone() is None:
            return  # an exam without a roster: names are as typed
        row = connection.execute("SELECT code FROM exam_roster WHERE exam = ? AND learner = ?",
                                 (exam.code, learner.id)).fetchone()
        if row is None:
            raise _invalid("progress.exam_not_rostered", name=repr(learner.name), code=exam.code)
        if key is not None and not secrets.compare_digest(row[0], str(key).strip().upper()):
            raise _invalid("progress.exam_bad_key", name=repr(learner.name), code=exam.code)

    def set_roster(self, code: str, names: Iterable[str]) -> list[tuple[str, str]]:
        """Put ``names`` on the exam's roster, each with a new personal code; every ``(name, code)`` of the roster."""
        exam = self.exam(code)
        learners = [self.learner(name) for name in names]

        def work(connection: _Connection) -> None:
            for learner in learners:
                connection.execute("INSERT INTO exam_roster (exam, learner, code) VALUES (?, ?, ?)"
                                   " ON CONFLICT (exam, learner) DO NOTHING",
                                   (exam.code, learner.id, exam_code(PERSONAL_CODE_LENGTH)))

        self._write(work)
        return self.roster(exam.code)

    def roster(self, code: str) -> list[tuple[str, str]]:
        """The exam's roster: ``(name, personal code)`` by name (empty: anyone may sit under a typed name)."""
        exam = self.exam(code)
        return [(name, key) for name, key in self._read(lambda c: c.execute(
            "SELECT l.name, r.code FROM exam_roster r JOIN learners l ON l.id = r.learner WHERE r.exam = ?"
            " ORDER BY l.name", (exam.code,)).fetchall())]

    def close_exam(self, code: str, closed: bool = True) -> Exam:
        """Close the exam (no sitting starts, no answer is kept; released ``after-close`` results show), or
        reopen it."""
        exam = self.exam(code)
        self._write(lambda c: c.execute("UPDATE exams SET closed = ? WHERE code = ?",
                                        (_now() if closed else None, exam.code)))
        return self.exam(exam.code)

    def extend_exam(self, code: str, minutes: int) -> Exam:
        """Give ``minutes`` more: to the time limit of sittings still to start, and to every open sitting."""
        exam = self.exam(code)
        if not isinstance(minutes, int) or not 1 <= minutes <= 600 or exam.minutes is None:
            raise _invalid("progress.exam_extend", code=exam.code, minutes=minutes)

        def work(connection: _Connection) -> None:
            connection.execute("UPDATE exams SET minutes = minutes + ? WHERE code = ?", (minutes, exam.code))
            for learner_id, deadline in connection.execute(
                    "SELECT learner, deadline FROM exam_sittings WHERE exam = ? AND submitted IS NULL",
                    (exam.code,)).fetchall():
                later = datetime.fromisoformat(deadline) + timedelta(minutes=minutes)
                connection.execute("UPDATE exam_sittings SET deadline = ? WHERE exam = ? AND learner = ?",
                                   (later.isoformat(timespec="microseconds"), exam.code, learner_id))

        self._write(work)
        return self.exam(exam.code)

    def reset_sitting(self, code: str, learner: Learner | str) -> bool:
        """Remove the learner's sitting and answers (they may sit again); ``False`` if they had none."""
        exam, learner = self.exam(code), self._resolve(learner)

        def work(connection: _Connection) -> bool:
            connection.execute("DELETE FROM exam_answers WHERE exam = ? AND learner = ?", (exam.code, learner.id))
            cursor = connection.execute("DELETE FROM exam_sittings WHERE exam = ? AND learner = ?",
                                        (exam.code, learner.id))
            return cursor.rowcount > 0

        return self._write(work)

    def delete_exam(self, code: str) -> None:
        """Remove the exam with its roster, sittings and answers."""
        exam = self.exam(code)

        def work(connection: _Connection) -> None:
            for table in ("exam_answers", "exam_sittings", "exam_roster", "exam_questions"):
                connection.execute(f"DELETE FROM {table} WHERE exam = ?", (exam.code,))
            connection.execute("DELETE FROM exams WHERE code = ?", (exam.code,))

        self._write(work)

    def save_exam_answer(self, code: str, learner: Learner | str, number: int, answer: str) -> None:
        """Keep the learner's answer to question ``number`` (1, 2, …), replacing an earlier one. No verdict is
        computed or stored here. Refused once the learner has submitted, and after the sitting's deadline."""
        exam, learner = self.exam(code), self._resolve(learner)
        if not isinstance(answer, str):
            raise ArgumentTypeError("答案", "an answer", answer)
        if len(answer) > ANSWER_MAX:
            raise _invalid("progress.answer_long", length=len(answer), limit=ANSWER_MAX)
        if not isinstance(number, int) or not 1 <= number <= len(exam.drills):
            raise _invalid("progress.exam_question", code=exam.code, number=number, count=len(exam.drills))

        def work(connection: _Connection) -> None:
            sitting = self._open_sitting(connection, exam, learner)
            if exam.closed is not None:
                raise _invalid("progress.exam_closed", code=exam.code)
            at = datetime.now(UTC)
            if sitting.deadline is not None and at > sitting.deadline:
                raise _invalid("progress.exam_time_up", deadline=sitting.deadline.strftime("%H:%M:%S"))
            connection.execute(
                "INSERT INTO exam_answers (exam, learner, number, answer, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (exam, learner, number) DO UPDATE SET answer = excluded.answer, at = excluded.at",
                (exam.code, learner.id, number, answer, at.isoformat(timespec="microseconds")))

        self._write(work)

    def _open_sitting(self, connection: _Connection, exam: Exam, learner: Learner) -> ExamSitting:
        self._check_learner(connection, learner)
        found = self._sitting_rows(connection, exam.code, learner.id)
        if not found:
            raise _invalid("progress.exam_not_started", name=repr(learner.name), code=exam.code)
        if found[0].submitted is not None:
            raise _invalid("progress.exam_submitted", name=repr(learner.name))
        return found[0]

    def submit_exam(self, code: str, learner: Learner | str,
                    verdicts: Mapping[int, tuple[bool, Iterable[str]]], *, expired: bool = False) -> ExamSitting:
        """End the learner's sitting: store, for every question, whether the kept answer was right and the ids of
        the rules it exercises (``verdicts[number] = (correct, rule ids)``, computed by the kernel; a question
        without an answer counts as wrong). Refused if already submitted. ``expired``: the time was up, and the
        sitting is submitted at its deadline (whenever this runs)."""
        exam, learner = self.exam(code), self._resolve(learner)

        def work(connection: _Connection) -> None:
            sitting = self._open_sitting(connection, exam, learner)
            at = sitting.deadline.isoformat(timespec="microseconds") if expired and sitting.deadline else _now()
            for number in range(1, len(exam.drills) + 1):
                correct, rules = verdicts.get(number, (False, ()))
                rule_text = "\x1f".join(sorted({_check_text(r, "rule id") for r in _as_tuple(rules)}))
                connection.execute(
                    "INSERT INTO exam_answers (exam, learner, number, answer, at, correct, rules)"
                    " VALUES (?, ?, ?, NULL, NULL, ?, ?) ON CONFLICT (exam, learner, number) DO UPDATE"
                    " SET correct = excluded.correct, rules = excluded.rules",
                    (exam.code, learner.id, number, int(bool(correct)), rule_text))
            connection.execute("UPDATE exam_sittings SET submitted = ?, expired = ? WHERE exam = ? AND learner = ?",
                               (at, int(expired), exam.code, learner.id))

        self._write(work)
        # (ignore below: the sitting was just written, so it is found)
        return self.sitting(exam.code, learner)  # type: ignore[return-value]

    def exam_mastery(self, learner: Learner) -> dict[str, tuple[int, int]]:
        """Per rule id: ``(right answers, questions answered)`` over the learner's submitted exam questions (one left
        unanswered says nothing of a rule: it is not counted)."""
        self._exam_schema()
        rows = self._read(lambda c: c.execute(
            "SELECT a.correct, a.rules FROM exam_answers a JOIN exam_sittings s"
            " ON s.exam = a.exam AND s.learner = a.learner WHERE a.learner = ? AND s.submitted IS NOT NULL"
            " AND a.answer IS NOT NULL",
            (learner.id,)).fetchall())
        out: dict[str, tuple[int, int]] = {}
        for correct, rules in rows:
            for rule in filter(None, (rules or "").split("\x1f")):
                right, total = out.get(rule, (0, 0))
                out[rule] = (right + int(bool(correct)), total + 1)
        return dict(sorted(out.items()))

    def open_exams(self, learner: Learner) -> list[str]:
        """The codes of the exams the learner started and has not submitted, latest first."""
        self._exam_schema()
        rows = self._read(lambda c: c.execute(
            "SELECT exam FROM exam_sittings WHERE learner = ? AND submitted IS NULL ORDER BY started DESC",
            (learner.id,)).fetchall())
        return [code for (code,) in rows]

    def last_stage(self, learner: Learner) -> str | None:
        """The stage of the learner's latest answer (where to continue), or ``None`` before their first."""
        row = self._read(lambda c: c.execute(
            "SELECT stage FROM attempts WHERE learner = ? ORDER BY id DESC LIMIT 1", (learner.id,)).fetchone())
        return row[0] if row else None


    # ------------------------------------------------------------------------------------------------ live lessons
    # A live lesson: a presenter steps through a scenario on the wall, the learners' pages follow, and at a
    # checkpoint each learner answers on their own device. Every kernel involved (the presenter's, and one per
    # learner's page, on one machine or on many) shares the lesson through these tables, polled: ``seq`` grows at
    # every move of the presenter, so a page reads one row to know whether anything changed.

    def open_live(self, scenario: str, *, stage: str, rules: str) -> tuple[LiveLesson, str]:
        """Open a live lesson of ``scenario`` (a course scenario's or a lesson's name) that counts its attempts
        in the stage ``stage``, under ``rules``. Returns the lesson, with its new join code, and the presenter's
        key: only a page that holds the key moves the lesson on (:meth:`live_control`)."""
        scenario, stage, rules = (_check_text(v, f) for v, f in ((scenario, "scenario"), (stage, "stage"),
                                                                  (rules, "rules")))
        key = secrets.token_hex(16)

        def work(connection: _Connection) -> str:
            while True:
                code = exam_code(LIVE_CODE_LENGTH)
                if connection.execute("SELECT 1 FROM live_lessons WHERE code = ?", (code,)).fetchone() is None:
                    break
            now = _now()
            connection.execute(
                "INSERT INTO live_lessons (code, key, scenario, stage, rules, step, seq, created, changed)"
                " VALUES (?, ?, ?, ?, ?, 0, 1, ?, ?)", (code, key, scenario, stage, rules, now, now))
            return code

        return self.live(self._write(work)), key

    def _live_row(self, connection: _Connection, code: str) -> LiveLesson | None:
        row = connection.execute(
            "SELECT code, scenario, stage, rules, step, seq, created FROM live_lessons WHERE code = ?",
            (code,)).fetchone()
        if row is None:
            return None
        revealed = frozenset(step for (step,) in connection.execute(
            "SELECT step FROM live_reveals WHERE code = ?", (code,)))
        code, scenario, stage, rules, step, seq, created = row
        return LiveLesson(code, scenario, stage, rules, int(step), revealed, int(seq), datetime.fromisoformat(created))

    @staticmethod
    def _live_code(code: object) -> str:
        return str(code).strip().upper()[:20]

    def _live_or_fail(self, connection: _Connection, code: str) -> LiveLesson:
        lesson = self._live_row(connection, code)
        if lesson is None:
            raise _invalid("progress.live_unknown", code=repr(code))
        return lesson

    def live(self, code: str) -> LiveLesson:
        """The live lesson with this join code as it is now (case and spaces do not matter); a clear error if
        there is none."""
        code = self._live_code(code)
        return self._read(lambda c: self._live_or_fail(c, code))

    def live_control(self, code: str, key: str, *, step: int | None = None, reveal: bool = False) -> LiveLesson:
        """The presenter's move: go to ``step`` (0 is the start), or reveal the checkpoint at the lesson's step
        (learners' answers to it are closed). Refused without the lesson's ``key``."""
        code = self._live_code(code)
        if step is not None and (not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= 10_000):
            raise _invalid("progress.live_step", step=step)

        def work(connection: _Connection) -> LiveLesson:
            self._live_or_fail(connection, code)
            (stored,) = connection.execute("SELECT key FROM live_lessons WHERE code = ?", (code,)).fetchone()
            if not secrets.compare_digest(str(key), stored):
                raise _invalid("progress.live_key", code=code)
            if step is not None:
                connection.execute("UPDATE live_lessons SET step = ?, seq = seq + 1, changed = ? WHERE code = ?",
                                   (step, _now(), code))
            if reveal:
                connection.execute(
                    "INSERT INTO live_reveals (code, step, at) SELECT code, step, ? FROM live_lessons"
                    " WHERE code = ? ON CONFLICT (code, step) DO NOTHING", (_now(), code))
                connection.execute("UPDATE live_lessons SET seq = seq + 1, changed = ? WHERE code = ?",
                                   (_now(), code))
            return self._live_or_fail(connection, code)

        return self._write(work)

    def join_live(self, code: str, learner: Learner | str) -> LiveLesson:
        """The learner joins the live lesson (joining again changes nothing): the lesson as it is now, so that a
        late joiner lands on its current step."""
        code, learner = self._live_code(code), self._resolve(learner)

        def work(connection: _Connection) -> LiveLesson:
            lesson = self._live_or_fail(connection, code)
            self._check_learner(connection, learner)
            connection.execute("INSERT INTO live_members (code, learner, joined) VALUES (?, ?, ?)"
                               " ON CONFLICT (code, learner) DO NOTHING", (code, learner.id, _now()))
            return lesson

        return self._write(work)

    def answer_live(self, code: str, learner: Learner | str, step: int, answer: str) -> None:
        """Keep the learner's answer to the checkpoint at ``step`` (the last one given counts). Refused unless
        the learner joined, the lesson is at that step and its answer is not revealed yet. No verdict is
        computed or stored here."""
        code, learner = self._live_code(code), self._resolve(learner)
        if not isinstance(answer, str) or not answer.strip():
            raise _invalid("progress.field_empty", field="answer")
        if len(answer) > ANSWER_MAX:
            raise _invalid("progress.answer_long", length=len(answer), limit=ANSWER_MAX)

        def work(connection: _Connection) -> None:
            lesson = self._live_or_fail(connection, code)
            self._check_learner(connection, learner)
            if connection.execute("SELECT 1 FROM live_members WHERE code = ? AND learner = ?",
                                  (code, learner.id)).fetchone() is None:
                raise _invalid("progress.live_not_joined", name=repr(learner.name), code=code)
            if step != lesson.step or step in lesson.revealed:
                raise _invalid("progress.live_closed", step=step)
            connection.execute(
                "INSERT INTO live_answers (code, step, learner, answer, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (code, step, learner) DO UPDATE SET answer = excluded.answer, at = excluded.at",
                (code, step, learner.id, answer, _now()))

        self._write(work)

    def live_answers(self, code: str, step: int) -> list[LiveAnswer]:
        """Every learner's kept answer to the checkpoint at ``step``, by name, with the attempt it was recorded
        as once revealed (``None`` before)."""
        code = self._live_code(code)
        rows = self._read(lambda c: c.execute(
            "SELECT l.id, l.name, a.answer, a.attempt FROM live_answers a JOIN learners l ON l.id = a.learner"
            " WHERE a.code = ? AND a.step = ? ORDER BY l.name, l.id", (code, step)).fetchall())
        return [LiveAnswer(Learner(lid, name), answer, attempt) for lid, name, answer, attempt in rows]

    def live_tally(self, code: str, step: int) -> LiveTally:
        """What the wall shows of a checkpoint: how many joined, how many answered, and how many chose each
        answer (no names)."""
        code = self._live_code(code)

        def work(connection: _Connection) -> LiveTally:
            (joined,) = connection.execute("SELECT COUNT(*) FROM live_members WHERE code = ?", (code,)).fetchone()
            counts = connection.execute(
                "SELECT answer, COUNT(*) FROM live_answers WHERE code = ? AND step = ? GROUP BY answer"
                " ORDER BY COUNT(*) DESC, answer", (code, step)).fetchall()
            return LiveTally(int(joined), sum(int(n) for _a, n in counts), {a: int(n) for a, n in counts})

        return self._read(work)

    def link_live_attempt(self, code: str, step: int, learner: Learner, attempt: int) -> None:
        """Note that the learner's live answer at ``step`` was recorded as the attempt ``attempt``."""
        code = self._live_code(code)
        self._write(lambda c: c.execute(
            "UPDATE live_answers SET attempt = ? WHERE code = ? AND step = ? AND learner = ? AND attempt IS NULL",
            (attempt, code, step, learner.id)))

    def live_lessons(self) -> list[LiveLesson]:
        """Every live lesson of the store, oldest first."""
        return self._read(lambda c: [self._live_or_fail(c, code) for (code,) in c.execute(
            "SELECT code FROM live_lessons ORDER BY created, code").fetchall()])

    def live_members(self, code: str) -> list[Learner]:
        """The learners who joined the live lesson, by name."""
        code = self._live_code(code)
        rows = self._read(lambda c: c.execute(
            "SELECT l.id, l.name FROM live_members m JOIN learners l ON l.id = m.learner WHERE m.code = ?"
            " ORDER BY l.name, l.id", (code,)).fetchall())
        return [Learner(lid, name) for lid, name in rows]


#: The store of this kernel, opened at first use (a list, so that tests can put theirs in its place).
_STORE: list[ProgressStore] = []


def store() -> ProgressStore:
    """The progress store of this kernel (the file ``gouji-teach serve --progress`` names, or the default): the
    one the course pages, the practice table, exams and the report share."""
    if not _STORE:
        _STORE.append(ProgressStore())
    return _STORE[0]


def _as_tuple(rules: Iterable[str]) -> tuple[str, ...]:
    return (rules,) if isinstance(rules, str) else tuple(rules)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    text = str(exc)
    return "locked" in text or "busy" in text


def _title(points: int) -> tuple[str, str]:
    """The ladder's title for ``points`` as ``(Chinese, English)``, from :func:`gouji_teach.rules.titles.title_for`.

    Imported on first use, so that saving progress never depends on the ladder module.
    """
    from gouji_teach.rules.titles import title_for

    title = title_for(points)
    return title.zh, title.en


# -- exams -------------------------------------------------------------------------------------------------------

_EXAM_SCHEMA = """
CREATE TABLE IF NOT EXISTS exams (
    code    TEXT PRIMARY KEY,
    rules   TEXT NOT NULL,
    kinds   TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    minutes INTEGER CHECK (minutes IS NULL OR minutes >= 1),
    created TEXT NOT NULL,
    secret  TEXT,
    release TEXT NOT NULL DEFAULT 'after-close',
    closed  TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exam_questions (
    exam   TEXT NOT NULL REFERENCES exams (code),
    number INTEGER NOT NULL CHECK (number >= 1),
    drill  TEXT NOT NULL,
    PRIMARY KEY (exam, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exam_sittings (
    exam      TEXT NOT NULL REFERENCES exams (code),
    learner   INTEGER NOT NULL REFERENCES learners (id),
    started   TEXT NOT NULL,
    deadline  TEXT,
    submitted TEXT,
    expired   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (exam, learner)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exam_roster (
    exam    TEXT NOT NULL REFERENCES exams (code),
    learner INTEGER NOT NULL REFERENCES learners (id),
    code    TEXT NOT NULL,
    PRIMARY KEY (exam, learner)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS exam_answers (
    exam    TEXT NOT NULL REFERENCES exams (code),
    learner INTEGER NOT NULL REFERENCES learners (id),
    number  INTEGER NOT NULL,
    answer  TEXT,
    at      TEXT,
    correct INTEGER CHECK (correct IS NULL OR correct IN (0, 1)),
    rules   TEXT,
    PRIMARY KEY (exam, learner, number)
) WITHOUT ROWID;
"""

#: The columns schema version 5 added to exam tables made before it (a secret per exam, when its results are
#: released, when it was closed; whether a sitting ended at its deadline).
_EXAM_V5_COLUMNS = {
    "exams": {"secret": "TEXT", "release": "TEXT NOT NULL DEFAULT 'after-close'", "closed": "TEXT"},
    "exam_sittings": {"expired": "INTEGER NOT NULL DEFAULT 0"},
}

#: When an exam's results (answers and explanations) reach its learners: once the instructor closes it, once the
#: learner's time is up, or as soon as they submit.
RELEASES = ("after-close", "after-deadline", "after-submit")
#: Letters in a learner's personal code for a rostered exam.
PERSONAL_CODE_LENGTH = 8

#: The letters of exam codes: no 0/O, 1/I/L, so a code read aloud or copied from a projector is unambiguous.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def exam_code(length: int = 6) -> str:
    """A new random exam code such as ``'K7Q2MX'``.

    >>> code = exam_code()
    >>> len(code), set(code) <= set(_CODE_LETTERS)
    (6, True)
    """
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(length))


@dataclass(frozen=True, slots=True)
class Exam:
    """An exam: its ``code``, rule set, how its drills were chosen (``kinds``, ``seed``), time limit in
    ``minutes`` (``None``: none) and its questions as drill ids, in order (question 1 first)."""

    code: str
    rules: str
    kinds: str
    seed: int
    minutes: int | None
    created: datetime
    drills: tuple[str, ...]
    secret: bytes = field(default=b"", repr=False, compare=False)  # 128 bits: each learner's variant is drawn from it
    release: str = "after-close"  # when learners see their results: one of RELEASES
    closed: datetime | None = None


@dataclass(frozen=True, slots=True)
class ExamSitting:
    """One learner's sitting of an exam: when it started, its deadline (UTC, ``None`` without a time limit),
    when it was submitted (``None`` while open), the kept answers by question number, and, once submitted,
    which were right and the rules each question exercises."""

    exam: str
    learner: Learner
    started: datetime
    deadline: datetime | None
    submitted: datetime | None
    answers: dict[int, str]
    correct: dict[int, bool]
    rules: dict[int, tuple[str, ...]]
    expired: bool = False  # submitted at its deadline by the clock, not by the learner

    @property
    def score(self) -> int:
        """Right answers (0 before submission)."""
        return sum(self.correct.values())


register(
    {
        "progress.exam_unknown": (
            "进度文件 {path} 里没有考试 {code}",
            "there is no exam {code} in the progress file {path}",
        ),
        "progress.exam_submitted": (
            "{name} 已经交卷了，不能再改答案",
            "{name} has already submitted: answers cannot change",
        ),
        "progress.exam_not_started": ("{name} 还没有开始考试 {code}", "{name} has not started the exam {code}"),
        "progress.exam_time_up": (
            "时间到了（{deadline} UTC）：答案没有保存",
            "time is up ({deadline} UTC): the answer was not saved",
        ),
        "progress.exam_release": ("没有发布方式 {release}：可以用 {releases}", "no release {release}: use {releases}"),
        "progress.exam_not_rostered": (
            "{name} 不在考试 {code} 的名单上，不能参加（名单规则）",
            "{name} is not on the roster of the exam {code} and cannot sit it (roster rule)",
        ),
        "progress.learner_key": (
            "名字 {name} 已经有人用了：没有它的口令，进度不会保存（口令规则）。请输入第一次用这个名字时页面给的口令，"
            "忘了请问老师；或者换一个名字",
            "the name {name} is taken: without its pass key nothing is saved (pass key rule). Enter the key the page"
            " gave when the name was first used (your instructor can look it up), or choose another name",
        ),
        "progress.exam_bad_key": (
            "{name} 的个人考试码不对：请用老师发的码（名单规则）",
            "the personal code for {name} is wrong: use the one your instructor gave you (roster rule)",
        ),
        "progress.exam_closed": ("考试 {code} 已经结束，不能再作答", "the exam {code} is closed: no more answers"),
        "progress.exam_extend": (
            "考试 {code} 不能延长 {minutes} 分钟：要有时间限制，延长 1 到 600 分钟",
            "the exam {code} cannot be extended by {minutes} minutes: it needs a time limit, and 1 to 600 minutes",
        ),
        "progress.exam_question": (
            "考试 {code} 没有第 {number} 题（共 {count} 题）",
            "the exam {code} has no question {number} (it has {count})",
        ),
    }
)


# -- live lessons ------------------------------------------------------------------------------------------------
# Schema version 3 adds the live lessons (a presenter, a join code, the learners who joined, their answers at each
# checkpoint, which checkpoints were revealed).

_LIVE_SCHEMA = """
CREATE TABLE IF NOT EXISTS live_lessons (
    code     TEXT PRIMARY KEY,
    key      TEXT NOT NULL,
    scenario TEXT NOT NULL,
    stage    TEXT NOT NULL,
    rules    TEXT NOT NULL,
    step     INTEGER NOT NULL CHECK (step >= 0),
    seq      INTEGER NOT NULL,
    created  TEXT NOT NULL,
    changed  TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS live_reveals (
    code TEXT NOT NULL REFERENCES live_lessons (code),
    step INTEGER NOT NULL,
    at   TEXT NOT NULL,
    PRIMARY KEY (code, step)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS live_members (
    code    TEXT NOT NULL REFERENCES live_lessons (code),
    learner INTEGER NOT NULL REFERENCES learners (id),
    joined  TEXT NOT NULL,
    PRIMARY KEY (code, learner)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS live_answers (
    code    TEXT NOT NULL REFERENCES live_lessons (code),
    step    INTEGER NOT NULL,
    learner INTEGER NOT NULL REFERENCES learners (id),
    answer  TEXT NOT NULL,
    at      TEXT NOT NULL,
    attempt INTEGER REFERENCES attempts (id),
    PRIMARY KEY (code, step, learner)
) WITHOUT ROWID;
"""

# Schema version 4 keeps the hints a learner asked for (a drill's stars are derived from its history: attempts,
# hints asked and answers shown), and each attempt's source and chosen answer (migration 4 adds the columns).

_HINTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS hints (
    learner   INTEGER NOT NULL REFERENCES learners (id),
    stage     TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    at        TEXT NOT NULL,
    PRIMARY KEY (learner, stage, puzzle_id)
) WITHOUT ROWID;
"""

#: Each learner's pass key (:meth:`ProgressStore.sign_in`), kept readable so that the instructor can hand a
#: forgotten one out again (``gouji-teach keys``), as an exam's personal codes are.
_KEYS_SCHEMA = """
CREATE TABLE IF NOT EXISTS learner_keys (
    learner INTEGER NOT NULL PRIMARY KEY REFERENCES learners (id),
    key     TEXT NOT NULL,
    created TEXT NOT NULL
);
"""

#: The schema versions that add tables (defined before the version's step in
#: :data:`~gouji_teach.teach.migrations.STEPS`, if it has one).
_NEW_TABLES = {3: _LIVE_SCHEMA, 4: _HINTS_SCHEMA, 6: _KEYS_SCHEMA}

#: Letters in a live lesson's join code (from the exam codes' unambiguous letters).
LIVE_CODE_LENGTH = 5


@dataclass(frozen=True, slots=True)
class LiveLesson:
    """A live lesson as the store holds it: its join ``code``, the scenario and the stage its attempts count in,
    the rule set, the step the presenter is at, the steps whose checkpoint was revealed, and ``seq``, which grows
    at every move of the presenter (a page that polls compares it)."""

    code: str
    scenario: str
    stage: str
    rules: str
    step: int
    revealed: frozenset[int]
    seq: int
    created: datetime


@dataclass(frozen=True, slots=True)
class LiveAnswer:
    """One learner's kept answer at a checkpoint of a live lesson; ``attempt``: the attempt it was recorded as
    once revealed."""

    learner: Learner
    answer: str
    attempt: int | None


@dataclass(frozen=True, slots=True)
class LiveTally:
    """A checkpoint of a live lesson as the wall shows it: learners joined, answers given, and how many gave
    each answer."""

    joined: int
    answered: int
    counts: dict[str, int]


register(
    {
        "progress.live_unknown": ("没有课堂 {code}", "there is no live lesson {code}"),
        "progress.live_key": ("只有开课的老师能控制课堂 {code}",
                              "only the presenter who opened it controls the live lesson {code}"),
        "progress.live_step": ("不是一个步骤：{step}", "not a step: {step}"),
        "progress.live_not_joined": ("{name} 还没有加入课堂 {code}", "{name} has not joined the live lesson {code}"),
        "progress.live_closed": (
            "第{step}步现在不能作答（老师已经走到别的步骤，或已经揭晓）",
            "step {step} takes no answer now (the presenter has moved on, or revealed it)",
        ),
    }
)
