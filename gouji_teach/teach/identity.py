"""Whose answers a page records (issue 22: nobody records under another learner's name).

* **Under JupyterHub** the hub's user (:func:`~.course.hub_user`): the address and the name box change nothing.
* **Under** ``gouji-teach serve`` a typed name is the only identity, so each name has a *pass key*: the first page
  that saves for a new name gives it one (:meth:`~.progress.ProgressStore.sign_in`), shows it to the learner and
  carries it in the page's address (``?pass=…``) and in every link, so reloads and the next stages keep it. On
  another computer the learner types it on the start page; the instructor can look a key up or renew it
  (``gouji-teach keys``). Whoever types a name without its key is told so, and nothing is saved under it: no
  answers, hints, shown answers or live answers, and neither stars nor title are shown.

>>> import os, pathlib, tempfile
>>> from gouji_teach.teach.course import Session, stage
>>> from gouji_teach.teach.progress import ProgressStore
>>> folder = tempfile.TemporaryDirectory()
>>> shared = ProgressStore(pathlib.Path(folder.name) / "class.sqlite3")
>>> mine = Session(stage("cards"), "小明")
>>> signed_in(mine, shared).name, len(mine.passkey)      # the first save: the name gets its key
('小明', 8)
>>> signed_in(Session(stage("cards"), "小明"), shared)    # somebody else typing the name
Traceback (most recent call last):
...
gouji_teach.teach.progress.NameTaken: 名字 '小明' 已经有人用了：没有它的口令，进度不会保存（口令规则）...
>>> os.environ["JUPYTERHUB_USER"] = "小明"; signed_in(Session(stage("cards")), shared).name
'小明'
>>> del os.environ["JUPYTERHUB_USER"]; folder.cleanup()
"""

from __future__ import annotations

from ..show.i18n import register
from .course import Session, hub_user
from .progress import Learner, ProgressStore

__all__ = ["signed_in"]

register({
    "passkey.box": ("口令", "Pass key"),
    "passkey.new": ("这个名字的口令是 {code}：请记下来。在别的电脑或浏览器上用这个名字，要在名字旁边输入它"
                    "（这个页面的地址和课程的链接已经带上了）。",
                    "Your name's pass key is {code}: write it down. On another computer or browser, enter it beside"
                    " your name (this page's address and the course's links carry it already)."),
    "passkey.shown": ("口令 {code}（换电脑或浏览器时要输入它）", "pass key {code} (you need it on another computer)"),
})


def signed_in(session: Session, store: ProgressStore) -> Learner:
    """The learner the page of ``session`` records for: the hub's user, else the session's name if its pass key
    is the name's (a name without a key gets one, which the session takes: :meth:`~.course.Session.keyed`).
    Raises :class:`~.progress.NameTaken` for a name without its key, a
    :class:`~gouji_teach.rules.errors.GoujiError` for a name the store refuses, and
    :class:`~.progress.ProgressError` while the store is out of reach."""
    if user := hub_user():
        return store.learner(user)
    learner, new = store.sign_in(session.learner, session.passkey)
    if new:
        session.keyed(new)
    return learner
