"""Words the rules say in English as well as Chinese: the two languages, and numbers in English words.

The message catalogue and the language switch are the pictures' and the teaching layer's
(:mod:`gouji_teach.show.i18n`); the rules core only needs these two pieces to describe plays and verdicts.
"""

from __future__ import annotations

from typing import Literal

from .errors import OptionError

__all__ = ["LANGUAGES", "Lang", "agree", "as_lang", "number_en"]

#: A language of the project: Chinese first, English alongside.
Lang = Literal["zh", "en"]
LANGUAGES: tuple[Lang, ...] = ("zh", "en")



def as_lang(lang: object) -> Lang:
    """``lang`` if it is one of the two languages (``'zh'``, ``'en'``); any other code is refused with an
    :class:`~gouji_teach.rules.errors.OptionError`, not shown in English.

    >>> as_lang("zh")
    'zh'
    """
    if lang == "zh":
        return "zh"
    if lang == "en":
        return "en"
    raise OptionError("lang", lang, "语言只能是 zh 或 en", "use 'zh' or 'en'")


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_en(n: int) -> str:
    """``3`` → ``'three'`` (words up to twelve, digits beyond).

    >>> number_en(3), number_en(13)
    ('three', '13')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def agree(subject: str, singular: str, plural: str) -> str:
    """The verb form for an English ``subject`` as plays name themselves: one thing ("a single 9", "a small joker
    with two Ks") takes ``singular``, a count ("three Js", "2 big jokers") takes ``plural``.

    >>> agree("a single 9", "is", "are"), agree("three Js", "is", "are")
    ('is', 'are')
    >>> agree("2 small jokers with three 8s", "has", "have")
    'have'
    """
    return singular if subject.startswith(("a ", "an ", "one ")) else plural
