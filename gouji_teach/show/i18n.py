"""Languages: every string the pictures and the teaching layer show comes from a message catalogue, in Chinese
and English.

Chinese is the default; :func:`set_language` switches at run time and tells every subscriber (widgets
re-render themselves). Catalogues are plain dicts ``key -> (zh, en)``; :mod:`gouji_teach.show.pictures` and each
module of the teaching layer register their own with :func:`register`, and a test checks that every message
exists in both languages. Plain Python, beside the rules core: no Jupyter import.

>>> register({"demo.hello": ("你好，{name}", "Hello, {name}")})
>>> t("demo.hello", name="小明")
'你好，小明'
>>> t("demo.hello", lang="en", name="Ming")
'Hello, Ming'
>>> pick("大", "big", lang="en")
'big'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from ..rules.rulebook import RULES
from ..rules.verdicts import zh_citation, zh_parts
from ..rules.words import LANGUAGES, Lang, as_lang, number_en

__all__ = ["LANGUAGES", "MESSAGES", "Lang", "capital", "counted", "get_language", "named_rules", "number_en", "pick",
           "register", "said", "set_language", "subscribe", "t"]


#: Every message: key -> (Chinese, English).
MESSAGES: dict[str, tuple[str, str]] = {}

_current: list[Lang] = ["zh"]
_subscribers: list[Callable[[Lang], None]] = []


def register(messages: Mapping[str, tuple[str, str]]) -> None:
    """Add messages to the catalogue; a key may be registered once only, and both texts must be non-empty."""
    for key, texts in messages.items():
        if key in MESSAGES and MESSAGES[key] != tuple(texts):
            raise KeyError(f"message {key!r} registered twice with different texts")
        if len(texts) != 2 or not all(isinstance(x, str) and x.strip() for x in texts):
            raise ValueError(f"message {key!r} needs a Chinese and an English text")
        MESSAGES[key] = (texts[0], texts[1])


def get_language() -> Lang:
    return _current[0]


def set_language(lang: Lang) -> None:
    """Switch the language of everything shown from now on, and tell the subscribers (a code other than the two
    languages is refused: :func:`~gouji_teach.rules.words.as_lang`)."""
    _current[0] = chosen = as_lang(lang)
    for callback in list(_subscribers):
        callback(chosen)


def subscribe(callback: Callable[[Lang], None]) -> Callable[[], None]:
    """Call ``callback(lang)`` on every language switch; returns a function that unsubscribes."""
    _subscribers.append(callback)

    def unsubscribe() -> None:
        if callback in _subscribers:
            _subscribers.remove(callback)

    return unsubscribe


def pick(zh: str, en: str, lang: Lang | None = None) -> str:
    """The text of a bilingual pair (e.g. a verdict's ``reason_zh``/``reason_en``) in ``lang`` (default: the current
    language); a code other than the two languages is refused, not answered in English.

    >>> pick("红桃", "hearts", "en")
    'hearts'
    """
    return zh if (_current[0] if lang is None else as_lang(lang)) == "zh" else en


def t(key: str, lang: Lang | None = None, **values: object) -> str:
    """The message ``key`` in ``lang`` (default: the current language), formatted with ``values``."""
    zh, en = MESSAGES[key]
    return pick(zh, en, lang).format(**values)


_DEFAULT = re.compile(r"default: [^】\]]*")


def said(zh: str, en: str, lang: Lang | None = None) -> str:
    """An engine text (a verdict, an event, a refusal) in ``lang``; in Chinese its citations of the parts of
    seed 000, and of defaults, are said in Chinese too.

    >>> said("不许贴钱（000 part 3 第3条）", "no 贴钱 (000 part 3 第3条)", "zh")
    '不许贴钱（000 第三部分 第3条）'
    >>> said("大落【place.order, default: 003 is silent; as 002 §6 游戏名次】", "", "zh")
    '大落【名次按走完的先后：默认（这套规则的原文没写，参照 002 §6 游戏名次）】'
    """
    text = pick(zh, en, lang)
    if (lang or _current[0]) == "zh":
        text = _DEFAULT.sub(lambda m: zh_citation(m.group(0)), text)
        text = zh_parts(text)
    return named_rules(text, lang)


#: A rule's id where an engine text cites it: 【compare.rank, …】 or [compare.rank, …].
_CITED_RULE = re.compile(r"(?P<open>【|\[)(?P<id>[a-z_]+(?:\.[a-z_0-9]+)*)(?P<sep>, |】|\])")


def named_rules(text: str, lang: Lang | None = None) -> str:
    """An engine text as a page shows it: a cited rule by its name in ``lang``, not its id (the CLI and the
    scenario files keep the ids).

    >>> named_rules("2比A大【compare.rank, 002 §3】", "zh"), named_rules("2 beats A [compare.rank, 002 §3]", "en")
    ('2比A大【张数相同，点数大的大：002 §3】', '2 beats A [same size: the higher rank wins; 002 §3]')
    >>> named_rules("一手牌：除2和花外点数相同【play.shape, 003 §四】", "zh")  # named already: only the source
    '一手牌：除2和花外点数相同【003 §四】'
    >>> named_rules("【no.such, 002】", "zh")
    '【no.such, 002】'
    """
    zh = (lang or _current[0]) == "zh"

    def name(m: re.Match[str]) -> str:
        rule = RULES.get(m.group("id"))
        if rule is None:
            return m.group(0)
        called, sep = (rule.zh if zh else rule.en).replace("'", "’"), m.group("sep")  # quotes as the texts have them
        if called in m.string[:m.start()] and sep == ", ":  # the text has just said it: only the source
            return m.group("open")
        return m.group("open") + called + (("：" if zh else "; ") if sep == ", " else sep)

    return _CITED_RULE.sub(name, text)


def counted(n: int, noun: str, *, sign: bool = False) -> str:
    """``n`` English ``noun``s, singular for one (``sign`` writes ``+1``/``-2``).

    >>> counted(1, "card"), counted(3, "question"), counted(-1, "point", sign=True), counted(2, "point", sign=True)
    ('1 card', '3 questions', '-1 point', '+2 points')
    """
    number = f"{n:+d}" if sign else str(n)
    return f"{number} {noun}{'' if abs(n) == 1 else 's'}"


def capital(text: str) -> str:
    """``text`` with its first letter capitalised, to start a sentence (the engine's English starts lowercase).

    >>> capital("seat 4 revolted"), capital("座位4革命")
    ('Seat 4 revolted', '座位4革命')
    """
    return text[:1].upper() + text[1:]
