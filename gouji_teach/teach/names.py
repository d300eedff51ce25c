"""Learners' names as the progress store keeps them: folded, so that a name typed with invisible characters or in
another width is the same learner, and compared by their look, so that a new name that reads like an existing one
is noticed.

* :func:`fold_name`: Unicode NFKC (full-width ``ａｌｉｃｅ`` is ``alice``, the ideographic space a space), invisible
  characters removed (zero-width spaces and joiners, the word joiner, soft hyphens, variation selectors, fillers
  that draw nothing; an emoji sequence's joiners are kept), runs of spaces made one, the ends trimmed. What is
  left may be empty: the store refuses it.
* :func:`normal_key`, :func:`format_key`: a learner's pass key (:meth:`~.progress.ProgressStore.sign_in`) as typed
  and as shown.
* :func:`skeleton`: what a name looks like, for comparison only (never stored or shown): letters that look alike
  in other scripts (Cyrillic ``а``, Greek ``ο``) as the Latin ones, accents dropped, case folded, ``0``/``1`` as
  ``o``/``l``. Two different names with one skeleton are confusable.

>>> fold_name("  alice\\u200b "), fold_name("ａｌｉｃｅ"), fold_name("小\\u3000明"), fold_name("\\u200b\\u2060")
('alice', 'alice', '小 明', '')
>>> skeleton("аlice") == skeleton("alice") == skeleton("ALICE") == skeleton("a1ice")
True
>>> skeleton("小明") == skeleton("小红")
False
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["INVISIBLE", "fold_name", "format_key", "normal_key", "skeleton"]

#: Characters that draw nothing, other than format characters (Unicode category Cf, all removed): the
#: combining grapheme joiner, Hangul fillers, the braille blank, the Mongolian vowel separator.
INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0\u2800\u180e")

#: Letters of other scripts that look like a Latin letter (or digit), with it.
_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m", "н": "h",
    "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "ь": "b", "г": "r", "п": "n",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "ω": "w", "ς": "c", "γ": "y",
    # Latin look-alikes and digits
    "ı": "i", "ɩ": "i", "ɑ": "a", "ɡ": "g", "0": "o", "1": "l",
})


def fold_name(name: str) -> str:
    """The name as the store keeps it (see the module): NFKC, invisible characters removed, spaces made one and
    trimmed."""
    folded = unicodedata.normalize("NFKC", name)
    kept = "".join(ch for i, ch in enumerate(folded) if _visible(folded, i))
    return " ".join(kept.split())


def _visible(text: str, i: int) -> bool:
    """Whether ``text[i]`` draws something: not a format character or another invisible one, except a zero-width
    joiner between two symbols (the joiner of an emoji sequence such as a family, 👨‍👩‍👧)."""
    ch = text[i]
    if ch == _ZWJ:
        return 0 < i < len(text) - 1 and unicodedata.category(text[i - 1]) == unicodedata.category(text[i + 1]) \
            == "So"
    return unicodedata.category(ch) != "Cf" and ch not in INVISIBLE and not 0xFE00 <= ord(ch) <= 0xFE0F \
        and not 0xE0100 <= ord(ch) <= 0xE01EF


_ZWJ = "\u200d"


def skeleton(name: str) -> str:
    """What ``name`` looks like, for finding confusable names (see the module)."""
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", fold_name(name)) if not unicodedata.combining(ch))
    return bare.casefold().translate(_LOOKALIKES).replace("rn", "m")


def normal_key(key: object) -> str:
    """A pass key or personal code as typed: letters in upper case, without the spaces and dashes around them.

    >>> normal_key(" k7q2-mx9p "), normal_key(None)
    ('K7Q2MX9P', '')
    """
    return re.sub(r"[\s\-]", "", str(key or "")).upper()[:64]


def format_key(key: str) -> str:
    """A pass key as the page shows it, in two groups that are easy to copy: ``'K7Q2-MX9P'``."""
    return f"{key[:4]}-{key[4:]}" if len(key) > 4 else key
