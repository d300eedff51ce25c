"""Verdicts that explain themselves, and the rule book they cite.

A :class:`Verdict` is truthy when the answer is yes. It carries the id of the rule that decided it; its reason
in Chinese and English is built only when asked (comparison must stay fast), from a builder registered for
that rule id with :func:`explains`. Every reason ends with the seed citation of the deciding rule under the
verdict's rule set.

>>> from gouji_teach.rules.compare import beats
>>> v = beats("99999", "88888")
>>> bool(v), v.rule
(True, 'compare.rank')
>>> v.reason_en
'five 9s beat five 8s: same number of cards and 9 is higher than 8 [compare.rank, 002 §3 Comparing singles and sets]'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from .rulebook import RULES as _RULES
from .rulesets import Ruleset, Source, en_citation
from .words import Lang

__all__ = ["Verdict", "cite", "cite_source", "en_citation", "explains", "source_of", "zh_citation", "zh_parts"]


def __getattr__(name: str) -> object:
    """``RULES`` and ``Rule`` have one home, :mod:`gouji_teach.rules.rulebook`; taken from here they still work for
    one release, with a :class:`DeprecationWarning`."""
    if name in ("RULES", "Rule"):
        import warnings

        from . import rulebook

        warnings.warn(f"gouji_teach.rules.verdicts.{name} is gouji_teach.rules.rulebook.{name}; the old path goes "
                      "in the next release", DeprecationWarning, stacklevel=2)
        return getattr(rulebook, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def source_of(rule_id: str, rules: Ruleset) -> Source:
    """Where a rule set takes a rule from: its switch's source, else the family's own citation of the rule, else
    the rule book's."""
    rule = _RULES[rule_id]
    if rule.switch is not None:
        return rules.source(rule.switch)
    source = rules.citations.get(rule_id, rule.source)
    assert source is not None, rule_id
    return source


@cache
def _seed_ref() -> re.Pattern[str]:
    """A seed section named inside a default's reason: ``002 §5 上牌``, ``000 part 3 第15条`` (compiled on first
    use, not at import)."""
    return re.compile(r"\b00[023](?: part \d)? (?:§[^\s;,:)]+(?: [\u4e00-\u9fff/]+)?|第\d+(?:[-–]\d+)?条)")


@cache
def _part() -> re.Pattern[str]:
    return re.compile(r"\b000 part ([123])")


def zh_parts(text: str) -> str:
    """``text`` with the parts of seed 000 named in Chinese: ``000 part 3`` -> ``000 第三部分``."""
    return _part().sub(lambda m: f"000 第{'一二三'[int(m.group(1)) - 1]}部分", text)


def zh_citation(citation: str) -> str:
    """A citation as :meth:`Source.cite` writes it, said in Chinese: a default by the seed sections it follows,
    the parts of seed 000 by their Chinese names.

    >>> zh_citation("default: 003 is silent on it; as 002 §5 上牌")
    '默认（这套规则的原文没写，参照 002 §5 上牌）'
    >>> zh_citation("000 part 3 第30条"), zh_citation("default: no rule of the game")
    ('000 第三部分 第30条', '默认（这套规则的原文没写）')
    """
    if citation.startswith("default: "):
        refs = "、".join(dict.fromkeys(_seed_ref().findall(citation)))
        citation = f"默认（这套规则的原文没写，参照 {refs}）" if refs else "默认（这套规则的原文没写）"
    return zh_parts(citation)


@lru_cache(maxsize=4096)  # a refused action cites its rule; a search refuses thousands (sources are frozen)
def cite_source(source: Source, lang: Lang = "en") -> str:
    """A source as a citation in ``lang``: the seed section, or a default said to be one (in English with the
    reason, in Chinese with the seed sections it follows); a house rule by its club's note in that language."""
    if source.club:
        return f"{source.club}：{source.section}" if lang == "zh" else f"{source.club}: {source.quote}"
    return zh_citation(source.cite()) if lang == "zh" else en_citation(source.cite())


def cite(rule_id: str, rules: Ruleset, lang: Lang = "en") -> str:
    """The seed citation of a rule under a rule set in ``lang``; a rule the family's own seed does not state is
    cited as a default.

    >>> from gouji_teach.rules.rulesets import PRESETS
    >>> cite("compare.aspects", PRESETS["qingdao"], "zh"), cite("compare.aspects", PRESETS["qingdao"])
    ('002 §3 挂花的大小比较', '002 §3 Comparing 挂花 plays')
    >>> cite("play.tieqian", PRESETS["tongsu"], "zh"), cite("play.tieqian", PRESETS["tongsu"])
    ('000 第三部分 第3条', '000 part 3, article 3')
    """
    return cite_source(source_of(rule_id, rules), lang)


_Builder = Callable[..., tuple[str, str]]
_BUILDERS: dict[str, _Builder] = {}


def explains(*rule_ids: str) -> Callable[[_Builder], _Builder]:
    """Register the reason builder of some rule ids: ``builder(verdict, *args) -> (zh, en)``."""

    def register(builder: _Builder) -> _Builder:
        for rule_id in rule_ids:
            if rule_id not in _RULES:
                raise KeyError(f"unknown rule id {rule_id!r}")
            _BUILDERS[rule_id] = builder
        return builder

    return register


class Verdict:
    """An answer that explains itself: truthy for yes, with ``rule`` (the deciding rule id) and reasons."""

    __slots__ = ("_args", "_text", "ok", "rule", "rules")

    def __init__(self, ok: bool, rule: str, rules: Ruleset, args: tuple[Any, ...] = ()) -> None:
        self.ok = ok
        self.rule = rule
        self.rules = rules
        self._args = args
        # ``_text`` (the reasons in both languages) stays unset until asked for: a verdict is made millions of
        # times a second by the enumerator and the bots, its reasons seldom read.

    def __bool__(self) -> bool:
        return self.ok

    def _reasons(self) -> tuple[str, str]:
        try:
            return self._text
        except AttributeError:
            zh, en = _BUILDERS[self.rule](self, *self._args)
            self._text: tuple[str, str] = (f"{zh}【{self.rule}, {cite(self.rule, self.rules, 'zh')}】",
                                           f"{en} [{self.rule}, {cite(self.rule, self.rules)}]")
            return self._text

    @property
    def reason_zh(self) -> str:
        return self._reasons()[0]

    @property
    def reason_en(self) -> str:
        return self._reasons()[1]

    @property
    def rule_title(self) -> tuple[str, str]:
        """The deciding rule's title in Chinese and English."""
        rule = _RULES[self.rule]
        return rule.zh, rule.en

    def to_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "rule": self.rule, "reason_zh": self.reason_zh, "reason_en": self.reason_en,
                "rules": self.rules.name}

    def __repr__(self) -> str:
        return f"<Verdict {'yes' if self.ok else 'no'} {self.rule}: {self.reason_en}>"
