"""The app's kernel manager: kernels follow learners, and a class finds them ready.

Voila starts one kernel per page view. :class:`ClassKernelManager` (Voila's ``multi_kernel_manager_class`` in the
app's ``voila.json``) changes three things:

* **Warm kernels.** It keeps kernels started ahead, with the course already imported, and hands one to a page the
  moment it is asked for: the page's notebook then runs at once instead of after a kernel start (a core for about
  a second). Kernels that are warm or in use together number at least ``class_size``; at least ``spare`` are warm
  while learners keep arriving. A warm kernel does not know its page's address yet: the server passes it
  (the request's ``QUERY_STRING`` …) as it does to Voila's preheated kernels, and
  :func:`gouji_teach.teach.course.start` follows it.
* **Kernels end with their page.** A kernel with no page connected for ``cull_idle_timeout`` seconds (a tab closed,
  a browser gone) is shut down; a kernel a page is connected to is never culled, however idle, and warm kernels
  are never culled. A page's kernel its page has not connected to yet is kept ``unconnected_grace`` seconds (50:
  with the culler's 10 s round, freed within a minute of its notebook's run; a plain GET that never opens the
  page's websocket holds a kernel no longer). (The page also asks for its kernel's shutdown when it closes; the
  template makes that request carry its ``_xsrf`` token.)
* **Pages waiting for their browser are capped.** At most ``max_waiting`` pages' kernels (default: twice the class
  size and its spare warm kernels, at least 4: a whole class arriving at once, each learner with a second tab)
  wait for their page's first connection; a page asked for beyond them is
  refused (503) with a line in both languages asking to reload in a minute, and starts no kernel.
* **Pages that are not for learners** (``hidden``: the lesson template for authors) are not served.

It also makes the server's own work per page smaller: Voila makes a new template environment for every page
and compiled its templates again each time (about 0.8 s of the server's single core per page, measured, most of
its work); :func:`share_compiled_templates` lets every page's environment reuse the compiled code.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

import jinja2
import jinja2.bccache
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer, List, Unicode

__all__ = ["BUSY", "ClassKernelManager", "share_compiled_templates", "spare_for", "trust_course_notebooks",
           "warm_pool_target"]

#: The refused page's message (the app's error page shows it under the status).
BUSY = ("现在打开的页面太多，服务器忙不过来：请一分钟后刷新重试 / "
        "Too many pages are opening at once: please reload this page in a minute")

#: What the server tells a page's kernel about the request (as Voila does for its preheated kernels).
_REQUEST_KEYS = ("SCRIPT_NAME", "PATH_INFO", "QUERY_STRING", "SERVER_SOFTWARE", "SERVER_PROTOCOL", "SERVER_PORT",
                 "SERVER_NAME")


def warm_pool_target(class_size: int, spare: int, in_use: int) -> int:
    """How many warm kernels to keep: enough that warm and used kernels together reach the class size, and at
    least ``spare`` for whoever arrives next.

    >>> warm_pool_target(30, 2, 0), warm_pool_target(30, 2, 25), warm_pool_target(30, 2, 40)
    (30, 5, 2)
    >>> warm_pool_target(1, 1, 3)
    1
    """
    return max(spare, class_size - in_use)


def spare_for(class_size: int) -> int:
    """Warm kernels kept however many learners are in: one per ten learners, at least one.

    >>> [spare_for(n) for n in (1, 10, 11, 30)]
    [1, 1, 2, 3]
    """
    return max(1, math.ceil(class_size / 10))


class _MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled templates kept in memory, keyed by template name and checked against the source (jinja's own
    checksum), shared by every page's template environment."""

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = self._store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()


def share_compiled_templates() -> None:
    """Every template environment nbconvert makes in this process (Voila makes one per page) reuses the templates
    compiled before (one cache per kind of environment: compiled code differs between async and sync ones)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "shares_compiled_templates", False):
        return
    caches: dict[bool, _MemoryBytecodeCache] = {}

    def shared(self: TemplateExporter) -> jinja2.Environment:
        environment = create(self)
        environment.bytecode_cache = caches.setdefault(bool(environment.is_async), _MemoryBytecodeCache())
        return environment

    shared.shares_compiled_templates = True  # type: ignore[attr-defined]  # a marker attribute on the function
    # (ignore below: the kernel's one Jinja environment replaces nbconvert's method)
    TemplateExporter._create_environment = shared  # type: ignore[method-assign]


def trust_course_notebooks(app: Any) -> None:
    """Let the server trust the notebooks the package ships, as they are, and no others: their signatures go into
    a notary of the server's own, in memory, with a secret of its own (``jupyter trust`` would write them to the
    user's Jupyter folder). Without it, every page opened logs "Notebook … is not trusted"; a notebook that is not
    the course's, or a course notebook edited, is still untrusted and still said so."""
    import secrets

    import nbformat
    from nbformat.sign import MemorySignatureStore, NotebookNotary

    from . import COURSE_DIR

    contents = getattr(app, "contents_manager", None)
    if contents is None:
        return
    notary = NotebookNotary(parent=contents, secret=secrets.token_bytes(32), store_factory=MemorySignatureStore)
    for path in sorted(COURSE_DIR.glob("*.ipynb")):
        notary.sign(nbformat.read(path, as_version=nbformat.NO_CONVERT))
    contents.notary = notary


class ClassKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager for a class: warm kernels, culling by connection, hidden pages refused."""

    class_size = Integer(1, config=True, help="Learners expected to arrive together (gouji-teach serve --class-size)")
    spare = Integer(0, config=True, help="Warm kernels kept at least (0: one per ten learners, at least one)")
    warm_imports = Unicode("import gouji_teach.teach.pages", config=True,
                           help="What a warm kernel runs when it starts (the course's imports)")
    warm_delay = Float(3, config=True, help="Seconds before replacing a warm kernel that a page took (starting a "
                                            "kernel costs a core for a second: not while the page runs)")
    warm_parallel = Integer(2, config=True, help="Warm kernels started at the same time at most")
    hidden = List(Unicode(), ["lesson_template.ipynb"], config=True, help="Notebooks not served to learners")
    unconnected_grace = Float(50, config=True, help="Seconds a page's kernel is kept idle before its page first "
                                                    "connects (a request that never connects frees it then)")
    max_waiting = Integer(0, config=True, help="Pages' kernels waiting at most for their page's first connection "
                                               "(0: twice the class size plus its spare warm kernels, at least 4)")
    prerender = List(Unicode(), [], config=True,
                     help="Pages kept pre-rendered for the class, class_size of each (serve --prerender)")
    refill_quiet = Float(10, config=True, help="Seconds without a request for a pre-rendered page before its "
                                               "pool is refilled: after a burst, never during one")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voila's pre-rendering kernel manager is made from this class (``voila_kernel_manager_factory``): its
        pools are refilled after a burst of requests, not during one (:func:`_refilled_after_bursts`)."""
        super().__init_subclass__(**kwargs)
        fill = cls.__dict__.get("fill_if_needed")
        if fill is not None:
            cls.fill_if_needed = _refilled_after_bursts(fill)  # type: ignore[attr-defined]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._warm: list[str] = []  # ready, oldest first
        self._starting = 0
        self._fill_handle: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Future[None]] = set()  # the loop keeps only weak references to its tasks
        self._started_at = time.monotonic()
        self._announced = False
        self._connected: set[str] = set()  # kernels a page has connected to at least once
        self._waiting: set[str] = set()  # pages' kernels their page has not connected to yet
        self._unconnected_since: dict[str, float] = {}  # when the culler first found a kernel with no page yet
        self._last_taken: dict[str, float] = {}  # a pre-rendered page's last request (its pool waits for quiet)
        share_compiled_templates()
        trust_course_notebooks(self.parent)
        pools = getattr(self, "kernel_pools_config", None)  # Voila's pre-rendering manager: the pages' pools
        if pools is not None and self.prerender:
            self.kernel_pools_config = {**pools, **{name: {"pool_size": self.class_size} for name in self.prerender}}
        self._schedule_fill(0)

    # -- warm kernels --------------------------------------------------------------------------------------------
    def _spare(self) -> int:
        return self.spare or spare_for(self.class_size)

    def _max_waiting(self) -> int:
        return self.max_waiting or max(4, 2 * (self.class_size + self._spare()))

    def _warm_env(self) -> dict[str, str]:
        import os

        app = self.parent
        env = dict(os.environ)
        # GOUJI_WARM: the page's request may be waiting for the kernel already (gouji_teach.teach.course.start)
        env.update({"VOILA_PREHEAT": "True", "GOUJI_WARM": "1", "VOILA_BASE_URL": getattr(app, "base_url", "/"),
                    "VOILA_SERVER_URL": getattr(app, "server_url", None) or getattr(app, "base_url", "/"),
                    "VOILA_APP_PORT": str(getattr(app, "port", ""))})
        return env

    def _schedule_fill(self, delay: float) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if self._fill_handle is not None:
            self._fill_handle.cancel()
        self._fill_handle = loop.call_later(delay, lambda: self._spawn(self._fill()))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fill(self) -> None:
        self._fill_handle = None
        in_use = len(self._kernels) - len(self._warm) - self._starting
        missing = warm_pool_target(self.class_size, self._spare(), in_use) - len(self._warm) - self._starting
        for _ in range(min(missing, self.warm_parallel - self._starting)):
            self._spawn(self._start_warm())
        if missing <= 0 and not self._starting and not self._announced:
            self._announced = True
            self.log.info("gouji: %d warm kernel(s) ready for a class of %d, %.1f s after start", len(self._warm),
                          self.class_size, time.monotonic() - self._started_at)

    async def _start_warm(self) -> None:
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(kernel_name="python3", path="", env=self._warm_env(),
                                                   extra_arguments=[f"--IPKernelApp.exec_lines={self.warm_imports}"])
        except Exception as e:  # a kernel that cannot start: pages start their own (and the log says why)
            self.log.warning("gouji: a warm kernel did not start: %s", e)
            return
        finally:
            self._starting -= 1
        self._warm.append(kernel_id)
        self.log.info("gouji: warm kernel %s ready (%d warm)", kernel_id, len(self._warm))
        self._schedule_fill(0)

    async def start_kernel(self, *, kernel_id: str | None = None, path: str | None = None,
                           **kwargs: Any) -> str:
        """A page's kernel: a warm one when there is one (told about the page's request), else a new one."""
        env = kwargs.get("env") or {}
        script = str(env.get("SCRIPT_NAME", ""))
        if any(script.endswith("/" + name) for name in self.hidden):
            raise web.HTTPError(404, f"{script} is not a page of the course")
        page = env.get("VOILA_PREHEAT") != "True"  # Voila's own preheated kernels wait for no browser
        if page and len(self._waiting) >= self._max_waiting():
            self.log.warning("gouji: %s refused: %d pages' kernels wait for their browser", script, len(self._waiting))
            raise web.HTTPError(503, BUSY)
        kernel_id = await self._start_page_kernel(kernel_id, path, script, **kwargs)
        if page:
            self._waiting.add(kernel_id)
        return kernel_id

    async def _start_page_kernel(self, kernel_id: str | None, path: str | None, script: str, **kwargs: Any) -> str:
        env = kwargs.get("env") or {}
        if kernel_id is None and self._warm and kwargs.get("kernel_name", "python3") == "python3":
            kernel_id = self._warm.pop(0)
            if kernel_id in self._kernels:
                if env.get("VOILA_PREHEAT") != "True":  # a request: its address goes to the kernel
                    from voila.request_info_handler import RequestInfoSocketHandler

                    RequestInfoSocketHandler.send_updates(
                        {"kernel_id": kernel_id, "payload": {k: str(env[k]) for k in _REQUEST_KEYS if k in env}})
                self.log.info("gouji: warm kernel %s for %s", kernel_id, script or "a preheated page")
                self._kernels[kernel_id].last_activity = _now()
                self._schedule_fill(self.warm_delay)
                return kernel_id
        self._schedule_fill(self.warm_delay)
        return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)

    def notify_connect(self, kernel_id: str) -> None:
        self._connected.add(kernel_id)
        self._waiting.discard(kernel_id)
        self._unconnected_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Warm kernels are never culled; other kernels only when no page is connected (``cull_connected`` is
        false in the app's configuration), and a page's kernel its page has not connected to yet only after
        ``unconnected_grace`` seconds, counted from its last activity *and* from the first round of the culler
        that saw it out of a pool (a tab closed before then asks for the kernel's shutdown itself).

        The second count is for Voila's pre-rendered pages: their kernel ran its notebook when the pool was
        filled, perhaps minutes before a request took it, and must not be culled while the browser that asked
        for the page is still loading its scripts (Voila keeps the culler off the kernels still in its pool)."""
        if kernel_id in self._warm:
            return
        if kernel_id not in self._connected:
            kernel = self._kernels.get(kernel_id)
            first = self._unconnected_since.setdefault(kernel_id, time.monotonic())
            last = getattr(kernel, "last_activity", None)
            if (time.monotonic() - first < self.unconnected_grace
                    or (last is not None and (_now() - last).total_seconds() < self.unconnected_grace)):
                return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        if kernel_id in self._warm:
            self._warm.remove(kernel_id)
        if not restart:
            self._connected.discard(kernel_id)
            self._waiting.discard(kernel_id)
            self._unconnected_since.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        if not restart:
            self._schedule_fill(self.warm_delay)


def _refilled_after_bursts(fill: Any) -> Any:
    """Voila's ``fill_if_needed`` with the refill after a page was taken from its pool moved to after the burst:
    the pool of a page is filled again once nobody has asked for the page for ``refill_quiet`` seconds. Voila's own
    refill (after its ``fill_delay``) started a kernel and ran the page's notebook for every page taken, while the
    class was still arriving: a page asked for after the pool was empty then waited for one of those, and every
    refill took the CPU the arriving pages needed. A page asked for once the pool is empty runs in a warm kernel
    instead (Voila's usual path). The pools' first fill (``delay=0``) is Voila's."""

    def fill_if_needed(self: Any, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict | None = None, **kwargs: Any) -> None:
        extra = extra_kernel_env_variables or {}
        if delay is not None or notebook_name is None:
            fill(self, delay=delay, notebook_name=notebook_name, extra_kernel_env_variables=extra, **kwargs)
            return
        loop = asyncio.get_event_loop()
        waiting = notebook_name in self._last_taken
        self._last_taken[notebook_name] = loop.time()
        if waiting:
            return  # a refill is waiting for this page's quiet already

        async def refill() -> None:
            while (left := self._last_taken[notebook_name] + self.refill_quiet - loop.time()) > 0:
                await asyncio.sleep(left)
            del self._last_taken[notebook_name]
            self.log.info("gouji: no request for %s in %g s: its pre-rendered pool is refilled", notebook_name,
                          self.refill_quiet)
            fill(self, delay=0, notebook_name=notebook_name, extra_kernel_env_variables=extra, **kwargs)

        self._spawn(refill())

    return fill_if_needed


def _now() -> Any:
    from jupyter_server._tz import utcnow

    return utcnow()
