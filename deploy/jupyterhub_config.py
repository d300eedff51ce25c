"""JupyterHub for a gouji_teach class on one machine: every learner logs in with their account and lands on the
course; the hub's user is the learner (no name to type); all answers go to one class progress store.

Prepare the machine once as docs/deploy.md shows (the class folder, `gouji-teach voila-config --prefix`), then run
`jupyterhub -f deploy/jupyterhub_config.py` as root. tests/test_deploy.py loads this file and starts a hub from it.
"""

import os

c = get_config()  # noqa: F821  (JupyterHub provides get_config)

# The class folder: tutorials/ (a link to the installed course), progress/ and jupyter/ (the app's Voila settings).
CLASS_DIR = os.environ.get("GOUJI_CLASS_DIR", "/srv/gouji")

c.JupyterHub.bind_url = "http://:8000"
c.JupyterHub.authenticator_class = "pam"  # the machine's accounts; "dummy" for a trial run
c.Authenticator.allow_all = True  # every account of the machine may log in (or list them: allowed_users)

# Each learner's server starts in the class folder and opens the landing page in Voila.
c.Spawner.notebook_dir = CLASS_DIR
c.Spawner.default_url = "/voila/render/tutorials/index.ipynb"
c.Spawner.environment = {
    # The class's progress store: every learner's kernels write to it, each under their hub user's name
    # (instructors read it with `gouji-teach report`). A postgresql://… address works here too.
    "GOUJI_TEACH_PROGRESS": os.environ.get("GOUJI_TEACH_PROGRESS", f"{CLASS_DIR}/progress/class.sqlite"),
    # The app's one Voila configuration (the file `gouji-teach serve` uses) and its template, written there by
    # `gouji-teach voila-config --prefix {CLASS_DIR}/jupyter`.
    "JUPYTER_CONFIG_PATH": f"{CLASS_DIR}/jupyter/etc/jupyter",
    "JUPYTER_PATH": f"{CLASS_DIR}/jupyter/share/jupyter",
}

# One systemd unit per learner's server (pip install jupyterhub-systemdspawner): systemd enforces its memory and
# CPU limits. JupyterHub's default LocalProcessSpawner ignores mem_limit altogether.
c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
c.SystemdSpawner.mem_limit = "1G"  # a learner with a few pages open needs a few hundred MB
c.SystemdSpawner.cpu_limit = 1.0
c.SystemdSpawner.isolate_tmp = True
c.SystemdSpawner.disable_user_sudo = True
