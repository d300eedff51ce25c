"""The app's Voila server: Voila, with static files a browser keeps (``python -m gouji_teach.app.server``).

Voila serves its page script (``/voila/static/voila.js`` and the ~60 chunks it loads) with no ``Cache-Control`` and
the widget bundles (``/voila/labextensions/…``) with ``no-cache``: a learner's every page asked for them again. Here
they are served under a content hash as well, ``/voila/bundle/<digest>/static/…`` and
``/voila/bundle/<digest>/labextensions/…`` (:class:`Bundle`: one SHA-256 over every file those folders hold), and
the page names them there (the page configuration's ``fullStaticUrl`` and ``fullLabextensionsUrl``, from which the
page script loads its chunks and the widget bundles). Those addresses, and the template's static files that Voila
names with their own content hash (``?v=…``), are answered ``Cache-Control: public, max-age=31536000, immutable``:
a browser's second page fetches none of them. A digest or ``v`` that is not the content's (a page from before an
upgrade) gets no such promise (a stale digest is not found; reloading the page, never cached, names the new one).

This applies to ``gouji-teach serve``. Under Binder and JupyterHub, Voila runs inside a Jupyter server (its server
extension, not this application): there the static files keep Voila's own caching.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado import web
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler

__all__ = ["IMMUTABLE", "Bundle", "BundleHandler", "GoujiVoila", "VersionedTemplateHandler", "main"]

#: The caching of a file whose address carries its content's hash.
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Bundle:
    """The files served under one content hash: address (``static/…``, ``labextensions/…``) → file."""

    files: dict[str, str]
    digest: str

    @classmethod
    def collect(cls, folders: dict[str, Iterable[str]]) -> Bundle:
        """The files under each address prefix's folders, the first folder holding a path winning (as Voila's
        handlers look them up), and the digest of their addresses and contents.

        >>> import tempfile
        >>> root = Path(tempfile.mkdtemp())
        >>> _ = (root / "voila.js").write_text("1")
        >>> one = Bundle.collect({"static": [str(root)]})
        >>> sorted(one.files), len(one.digest)
        (['static/voila.js'], 20)
        >>> _ = (root / "voila.js").write_text("2")
        >>> Bundle.collect({"static": [str(root)]}).digest != one.digest
        True
        """
        files: dict[str, str] = {}
        for prefix, roots in folders.items():
            for root in roots:
                for folder, _dirs, names in os.walk(root):
                    for name in names:
                        path = os.path.join(folder, name)
                        files.setdefault(f"{prefix}/{Path(path).relative_to(root).as_posix()}", path)
        digest = hashlib.sha256()
        for address in sorted(files):
            digest.update(address.encode() + b"\0" + Path(files[address]).read_bytes() + b"\0")
        return cls(files, digest.hexdigest()[:20])

    def page_config(self, page_config: dict[str, Any], *, base_url: str, **_: Any) -> dict[str, Any]:
        """Voila's ``page_config_hook``: the page loads its script and the widget bundles from the bundle."""
        prefix = url_path_join(base_url, "voila", "bundle", self.digest)
        return {**page_config, "fullStaticUrl": url_path_join(prefix, "static"),
                "fullLabextensionsUrl": url_path_join(prefix, "labextensions")}


class BundleHandler(web.StaticFileHandler):
    """``/voila/bundle/<digest>/<address>``: a file of the bundle, kept by the browser; another digest, or an
    address the bundle does not hold, is not found."""

    def initialize(self, bundle: Bundle) -> None:  # type: ignore[override]  # tornado passes the route's arguments
        self.bundle = bundle
        super().initialize(path=os.sep)

    def parse_url_path(self, url_path: str) -> str:
        digest, _, address = url_path.partition("/")
        if digest != self.bundle.digest or address not in self.bundle.files:
            raise web.HTTPError(404)
        return self.bundle.files[address]

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        return absolute_path  # a path of the bundle's own list (parse_url_path)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", IMMUTABLE)


class VersionedTemplateHandler(TemplateStaticFileHandler):
    """Voila's handler of the template's static files, whose ``?v=`` is the content's hash: with the right one,
    kept by the browser; without it (or with another), as Voila serves them."""

    def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
        return 0  # the header is set below, for the right version only

    def set_extra_headers(self, path: str) -> None:
        if self.get_query_argument("v", None) == (self.compute_etag() or "").strip('"'):
            self.set_header("Cache-Control", IMMUTABLE)


class GoujiVoila(Voila):
    """Voila with :class:`Bundle`: the page script, the widget bundles and the template's files cached."""

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.bundle = Bundle.collect({"static": self.static_paths, "labextensions": self.labextensions_path})
        self.voila_configuration.page_config_hook = self.bundle.page_config

    def init_handlers(self) -> list[Any]:
        handlers = [(route[0], VersionedTemplateHandler, *route[2:]) if route[1] is TemplateStaticFileHandler
                    else route for route in super().init_handlers()]
        bundle = (url_path_join(self.server_url, r"/voila/bundle/(.*)"), BundleHandler, {"bundle": self.bundle})
        return [bundle, *handlers]


def main() -> None:
    """Run the app's Voila (the command line of :func:`gouji_teach.app.voila_command`)."""
    GoujiVoila.launch_instance()


if __name__ == "__main__":
    main()
