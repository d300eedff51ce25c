"""The progress store's two databases, for its tests: the fixture ``where`` runs a test once on a new SQLite file
and once on a new schema of a PostgreSQL database (a test module imports ``where_fixture`` to use it).

The PostgreSQL database is the one ``$GOUJI_TEST_POSTGRES`` names (a ``postgresql://`` URL of a role that may create
schemas there); ``.ci/run`` starts Debian's server and sets it. Without it, or without a server answering there,
the PostgreSQL runs are skipped, saying why.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

#: The environment variable naming the test database.
POSTGRES_ENV = "GOUJI_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")


def postgres_url() -> str:
    """The test database's URL; skips the test if there is none, or no server answers there."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        pytest.skip(f"no PostgreSQL server to test against: set {POSTGRES_ENV}=postgresql://user:password@host/db "
                    "(.ci/run starts one and sets it)")
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed: pip install -e '.[postgres]'")
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as exc:
        pytest.skip(f"the PostgreSQL server of {POSTGRES_ENV} does not answer: {' '.join(str(exc).split())}")
    return url


def with_schema(url: str, schema: str) -> str:
    """``url`` with its connections' tables in ``schema``."""
    return url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"


@contextmanager
def new_schema() -> Iterator[str]:
    """The URL of a new, empty schema of the test database, dropped afterwards."""
    url = postgres_url()  # skips, saying why, before psycopg is needed
    import psycopg

    schema = f"gouji_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(url, schema)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=BACKENDS, name="where")
def where_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    """Where the test's class store lives: a new SQLite file (in a folder not made yet), or a new PostgreSQL
    schema, as ``--progress`` would name it."""
    if request.param == "sqlite":
        yield tmp_path / "class" / "progress.sqlite3"
    else:
        with new_schema() as url:
            yield url


@pytest.fixture(name="store")
def store_fixture(where: Path | str) -> Any:
    """The test's class store at ``where`` (a module imports ``store_fixture`` to use it)."""
    from gouji_teach.teach.progress import ProgressStore

    return ProgressStore(where)


@pytest.fixture(name="store")
def kernel_store_fixture(where: Path | str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The test's class store at ``where``, also the kernel's (the one every page uses), as ``store`` (a module
    imports ``kernel_store_fixture`` to use it)."""
    from gouji_teach.teach import progress

    opened = progress.ProgressStore(where)
    monkeypatch.setattr(progress, "_STORE", [opened])
    return opened


def run_sql(where: Path | str, statement: str) -> list[tuple[Any, ...]]:
    """Run one statement on the store's database directly, as another program would; its rows."""
    if isinstance(where, Path):
        import sqlite3
        from contextlib import closing

        with closing(sqlite3.connect(where)) as connection, connection:
            return connection.execute(statement).fetchall()
    import psycopg

    with psycopg.connect(where, autocommit=True) as connection:
        cursor = connection.execute(statement)
        return cursor.fetchall() if cursor.description else []


def tables(where: Path | str) -> set[str]:
    """The names of the tables in the store's database."""
    query = ("SELECT name FROM sqlite_schema WHERE type = 'table'" if isinstance(where, Path) else
             "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
    return {name for (name,) in run_sql(where, query)}


class Outage:
    """A stand-in for the test database's server that can go away: a TCP relay to it on a port of its own.
    :meth:`down` is what a store sees when PostgreSQL stops (every connection cut, new ones refused); :meth:`up`
    is the server started again. The real server goes on serving the other tests meanwhile.

    ``url`` is ``server_url`` (a ``postgresql://`` URL of the test database) pointed at the relay."""

    def __init__(self, server_url: str) -> None:
        parts = urlsplit(server_url)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        netloc = parts.netloc.rsplit("@", 1)
        where = f"127.0.0.1:{self.port}"
        self.url = urlunsplit(parts._replace(netloc=f"{netloc[0]}@{where}" if len(netloc) == 2 else where))
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self.up()

    def up(self) -> None:
        """Accept connections again (the server is back)."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        """Cut every connection and refuse new ones (the server has stopped)."""
        with self._lock:
            listener, self._listener = self._listener, None
            cut, self._open = self._open, []
        for sock in ([listener] if listener else []) + cut:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    close = down

    def _accept(self, listener: Any) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:  # the listener closed: down()
                return
            try:
                server = socket.create_connection(self._target)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    server.close()
                    return
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: Any, sink: Any) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                sink.shutdown(2)
