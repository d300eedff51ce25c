"""Who may read the class report (issue 22, item 8): the instructor only.

* **Under JupyterHub** the hub's user decides: a hub admin, a member of the instructor group
  (``GOUJI_TEACH_INSTRUCTOR_GROUP``, default ``instructors``; asked of the hub's API with the server's own token), or
  a user named in ``GOUJI_TEACH_INSTRUCTORS`` (names separated by commas, for a hub whose API does not say groups).
* **Under** ``gouji-teach serve`` the server makes a token and prints the report's address with it
  (``report.ipynb?token=…``); the report page asks for it when the address does not carry it. The kernels know it
  from ``GOUJI_TEACH_REPORT_TOKEN``; it never goes to a browser that did not bring it.
* **Elsewhere** (the instructor's own ``gouji-teach report``, ``gouji-teach lab``) the report is the file owner's.

>>> import os
>>> os.environ[TOKEN_VAR] = "s3cret"
>>> may_read_report("s3cret"), may_read_report(""), may_read_report("guess")
(True, False, False)
>>> del os.environ[TOKEN_VAR]
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import urllib.request

__all__ = ["GROUP_VAR", "INSTRUCTORS_VAR", "TOKEN_VAR", "hub_instructor", "may_read_report", "new_token",
           "refusal"]

TOKEN_VAR = "GOUJI_TEACH_REPORT_TOKEN"
INSTRUCTORS_VAR = "GOUJI_TEACH_INSTRUCTORS"
GROUP_VAR = "GOUJI_TEACH_INSTRUCTOR_GROUP"


def new_token() -> str:
    """A token for the report's address: 128 random bits."""
    return secrets.token_urlsafe(16)


def _hub_model() -> dict[str, object]:
    """The hub's model of this server's user (admin, groups), or ``{}`` where the hub does not say."""
    url, token = os.environ.get("JUPYTERHUB_API_URL", ""), os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not url or not token:
        return {}
    request = urllib.request.Request(url.rstrip("/") + "/user", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=3) as response:
            model = json.loads(response.read())
    except (OSError, ValueError):
        return {}
    return model if isinstance(model, dict) else {}


def hub_instructor(user: str) -> bool:
    """Whether the hub ``user`` is an instructor: named in ``GOUJI_TEACH_INSTRUCTORS``, or the hub says they are
    an admin or in the instructor group."""
    named = {n.strip() for n in os.environ.get(INSTRUCTORS_VAR, "").split(",") if n.strip()}
    if user in named:
        return True
    model = _hub_model()
    groups = model.get("groups")
    return model.get("name") == user and (model.get("admin") is True or (
        isinstance(groups, list) and os.environ.get(GROUP_VAR, "instructors") in groups))


def may_read_report(token: str = "") -> bool:
    """Whether this kernel or command may show the class report: the hub's instructor under a hub, else the
    right ``token`` where the server made one, else (no server token: the file owner's own tools) yes."""
    from .course import hub_user

    if user := hub_user():
        return hub_instructor(user)
    expected = os.environ.get(TOKEN_VAR, "")
    return not expected or hmac.compare_digest(token.encode(), expected.encode())


def refusal() -> tuple[str, str]:
    """What a learner who asks for the report is told (Chinese, English), naming what decides."""
    from .course import hub_user

    if hub_user():
        group = os.environ.get(GROUP_VAR, "instructors")
        return (f"班级报告只给老师看：JupyterHub 的管理员或 {group} 组的用户才能打开",
                f"the class report is for the instructor: only the hub's admins or the {group} group open it")
    return ("班级报告只给老师看：请输入 gouji-teach serve 启动时打印的口令",
            "the class report is for the instructor: enter the token gouji-teach serve printed when it started")
