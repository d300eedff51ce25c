"""Deprecated name of :mod:`gouji_teach.teach.book`, the rules in prose (the rule table is
:mod:`gouji_teach.rules.rulebook`: two modules of one name were one too many). Importing it warns; it goes in the
release after next."""

import warnings

from .book import *  # noqa: F403 (the old path keeps working for one release)
from .book import __all__  # noqa: F401

warnings.warn("gouji_teach.teach.rulebook is now gouji_teach.teach.book", DeprecationWarning, stacklevel=2)
