"""Verdicts that explain themselves, and the rule book they cite.

A :class:`Verdict` is truthy when the answer is yes. It carries the id of the rule that decided it; its reason
in Chinese and English is built only when asked (comparison must stay fast), from a builder registered for
that rule id with :func:`explains`. Every reason ends with the seed citation of the deciding rule under the
verdict's rule set.

>>> from gouji_teach.compare import beats
>>> v = beats("99999", "88888")
>>> bool(v), v.rule
(True, 'compare.rank')
>>> v.reason_en
'five 9s beats five 8s: same number of cards and 9 is higher than 8 [compare.rank, 002 §3 单张和一手牌的大小比较]'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rulebook import RULES, Rule
from .rulesets import Ruleset

__all__ = ["RULES", "Rule", "Verdict", "cite", "explains"]


def cite(rule_id: str, rules: Ruleset) -> str:
    """The seed citation of a rule under a rule set, e.g. ``'002 §3 挂花的大小比较'``."""
    rule = RULES[rule_id]
    if rule.switch is not None:
        return rules.source(rule.switch).cite()
    source = rules.citations.get(rule_id, rule.source)
    assert source is not None
    return source.cite()


_Builder = Callable[..., tuple[str, str]]
_BUILDERS: dict[str, _Builder] = {}


def explains(*rule_ids: str) -> Callable[[_Builder], _Builder]:
    """Register the reason builder of some rule ids: ``builder(verdict, *args) -> (zh, en)``."""

    def register(builder: _Builder) -> _Builder:
        for rule_id in rule_ids:
            if rule_id not in RULES:
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
        self._text: tuple[str, str] | None = None

    def __bool__(self) -> bool:
        return self.ok

    def _reasons(self) -> tuple[str, str]:
        if self._text is None:
            zh, en = _BUILDERS[self.rule](self, *self._args)
            where = f"{self.rule}, {cite(self.rule, self.rules)}"
            self._text = (f"{zh}【{where}】", f"{en} [{where}]")
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
        rule = RULES[self.rule]
        return rule.zh, rule.en

    def to_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "rule": self.rule, "reason_zh": self.reason_zh, "reason_en": self.reason_en,
                "rules": self.rules.name}

    def __repr__(self) -> str:
        return f"<Verdict {'yes' if self.ok else 'no'} {self.rule}: {self.reason_en}>"
