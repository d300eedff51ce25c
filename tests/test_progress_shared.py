"""One class progress file, written by several system users (as JupyterHub runs each learner's kernel under
their own account). The tests run as root: each learner is a forked process that drops to a uid of its own."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from gouji_teach.teach.progress import ProgressStore

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or os.geteuid() != 0,
                                reason="needs root, to act as other system users")

CLASS_GROUP = 40_000


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder other users can reach (pytest's own is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="gouji-class-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def as_user(uid: int, groups: list[int], path: Path, name: str) -> None:
    """In a child process running as ``uid`` with umask 022 (the usual), record one attempt in ``path``."""
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        status = 1
        try:
            os.setgroups(groups)
            os.setgid(groups[0] if groups else uid)
            os.setuid(uid)
            os.umask(0o022)
            ProgressStore(path).record_attempt(name, "cards", "rank/1", correct=True)
            status = 0
        except BaseException as exc:  # reported through the exit status
            os.write(2, f"{name}: {exc}\n".encode())
        finally:
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, f"{name} (uid {uid}) could not record"


@pytest.mark.parametrize(("folder_mode", "groups", "file_bits"), [
    (0o1777, [], 0o666),                          # docs/deploy.md's class folder: anyone may write
    (0o2770, [CLASS_GROUP], 0o660),               # a folder of the class's group, setgid
], ids=["world-writable-folder", "group-folder"])
def test_two_system_users_share_one_file(open_tmp: Path, folder_mode: int, groups: list[int],
                                         file_bits: int) -> None:
    folder = open_tmp / "class"
    folder.mkdir()
    os.chown(folder, 0, CLASS_GROUP)
    folder.chmod(folder_mode)
    path = folder / "progress.sqlite3"
    as_user(40_001, groups, path, "first")
    assert stat.S_IMODE(path.stat().st_mode) == file_bits
    as_user(40_002, groups, path, "second")  # failed with "attempt to write a readonly database" before
    as_user(40_001, groups, path, "first")
    store = ProgressStore(path)
    assert sorted(learner.name for learner in store.learners()) == ["first", "second"]
    assert len(store.attempts()) == 3


def test_a_private_folder_keeps_the_file_private(tmp_path: Path) -> None:
    tmp_path.chmod(0o700)
    ProgressStore(tmp_path / "progress.sqlite3")
    assert stat.S_IMODE((tmp_path / "progress.sqlite3").stat().st_mode) == 0o600
