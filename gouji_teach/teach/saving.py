"""Saves that wait for the store: when the class's progress store is out of reach (PostgreSQL stopped, the network
gone, the file locked too long), what a learner did stays on the page and is saved as soon as the store is back.

A page passes each write to :meth:`Unsaved.save`. A write that fails with :class:`~.progress.ProgressError` is kept,
in order behind any others waiting, and tried again on the kernel's event loop after a growing pause (2 s, 5 s,
10 s, then every 30 s while the page is open), and at the page's next write. ``changed`` is called whenever what
waits changes, so the page can say "not saved yet" and clear it once saved. A later write with the same key
replaces one still waiting (an exam question's latest answer is the one to keep); writes with their own keys are
all kept (every attempt counts).

What the learner reads names no database, host or user: where the store is, is the server's business
(:func:`learner_reason`).

>>> from gouji_teach.teach.progress import ProgressError
>>> down = True
>>> saved = []
>>> def answer(text):
...     if down:
...         raise ProgressError("postgresql://teacher@db:5432/class", "连不上", "cannot connect")
...     saved.append(text)
>>> unsaved = Unsaved(lambda: None)
>>> unsaved.save("q1", lambda: answer("A")), unsaved.save("q1", lambda: answer("B")), len(unsaved)
(False, False, 1)
>>> down = False
>>> unsaved.retry(), saved, len(unsaved)
(True, ['B'], 0)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Hashable

from ..rules.errors import GoujiError
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, t
from ..show.markup import HtmlFragment, el, html
from .progress import ProgressError

__all__ = ["Unsaved", "learner_reason"]

register({
    "saving.down": ("还没保存：现在连不上班级的进度库。你的答案留在页面上，连上以后会自动保存。",
                    "Not saved yet: the class's progress store cannot be reached now. Your answer stays on the page "
                    "and is saved as soon as the store is back."),
    "saving.saved": ("刚才没保存的答案现在都保存了。", "The answers that were not saved are saved now."),
    "saving.store_down": ("现在连不上班级的进度库，请告诉老师。",
                          "The class's progress store cannot be reached now: tell your teacher."),
})

#: The pauses before each new try, in seconds; the last one repeats.
DELAYS = (2.0, 5.0, 10.0, 30.0)


def learner_reason(error: GoujiError, lang: Lang | None = None) -> str:
    """What a learner is told of ``error``: its own words, except that a store out of reach is said without its
    address (a database URL names the host, the port and the user)."""
    if isinstance(error, ProgressError):
        return t("saving.store_down", lang or get_language())
    return pick(error.zh, error.en, lang)


class Unsaved:
    """The writes of one page that wait for the store (see the module's text)."""

    def __init__(self, changed: Callable[[], None]) -> None:
        self._changed = changed
        self._waiting: dict[Hashable, Callable[[], object]] = {}
        self._tries = 0
        self._handle: asyncio.TimerHandle | None = None
        self.recovered = False  # something waited and all of it is saved now (the page may say so)

    def __len__(self) -> int:
        return len(self._waiting)

    def __contains__(self, key: object) -> bool:
        return key in self._waiting

    def save(self, key: Hashable, write: Callable[[], object]) -> bool:
        """Run ``write`` (after whatever still waits, so the store receives the writes in order). ``True`` if it
        is saved now; ``False`` if the store is out of reach and it waits. Any other refusal of the store (a
        :class:`GoujiError`: the time is up, no such learner) is raised, and nothing waits for it."""
        self._waiting.pop(key, None)
        if self._waiting and not self.retry():
            self._waiting[key] = write
            return False
        try:
            write()
        except ProgressError:
            self._waiting[key] = write
            self._later()
            self._changed()
            return False
        self.recovered = False
        return True

    def retry(self) -> bool:
        """Try what waits, in order; ``True`` once nothing waits. A write the store now refuses for another reason
        than being out of reach is dropped (it would be refused again)."""
        if not self._waiting:
            return True
        for key, write in list(self._waiting.items()):
            try:
                write()
            except ProgressError:
                self._later()
                self._changed()
                return False
            except GoujiError:
                pass
            self._waiting.pop(key, None)
        self._tries, self.recovered = 0, True
        self._cancel()
        self._changed()
        return True

    def message(self, lang: Lang) -> str:
        """"Not saved yet" while something waits, "saved now" once it is (until the next write), else ``""``."""
        if self._waiting:
            return t("saving.down", lang)
        return t("saving.saved", lang) if self.recovered else ""

    def html(self, lang: Lang) -> HtmlFragment:
        """:meth:`message` as a line of the page (an alert while something waits); empty if there is none."""
        text = self.message(lang)
        if not text:
            return html()
        waiting = bool(self._waiting)
        return html(el("p", ("⚠ " if waiting else "✓ ") + text, role="alert" if waiting else "status",
                       cls="gj-saving"))

    def stop(self) -> None:
        """No more tries on the event loop (the page closed); what waits is tried at the next write."""
        self._cancel()

    def _later(self) -> None:
        if self._handle is not None:
            return
        delay = DELAYS[min(self._tries, len(DELAYS) - 1)]
        self._tries += 1
        with contextlib.suppress(RuntimeError):  # no event loop (a test): tried again at the next write or retry()
            self._handle = asyncio.get_running_loop().call_later(delay, self._tick)

    def _tick(self) -> None:
        self._handle = None
        self.retry()

    def _cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
