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
'five 9s beat five 8s: same number of cards and 9 is higher than 8 [compare.rank, 002 §3 单张和一手牌的大小比较]'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .rulesets import Ruleset, Source, seed

__all__ = ["RULES", "Rule", "Verdict", "cite", "cite_source", "explains", "source_of", "zh_citation", "zh_parts"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the game with an id. ``switch`` names the rule-set switch that varies it (its source is
    then the rule set's); otherwise ``source`` is where every family states it."""

    id: str
    zh: str
    en: str
    switch: str | None = None
    source: Source | None = None


def _rules(*rules: Rule) -> dict[str, Rule]:
    return {r.id: r for r in rules}


#: The rule book: every rule id a verdict or a refusal can name.
RULES: dict[str, Rule] = _rules(
    Rule("play.shape", "一手牌：除2和花外点数相同", "a play: one rank, plus 2s and jokers",
         source=seed("002", "§2 牌型/一手牌", "两张以上(含两张)点数相同的牌")),
    Rule("play.tieqian", "贴钱：2凑张数，按同点算", "贴钱: 2s fill a set and count as its rank", switch="tieqian"),
    Rule("compare.size", "同样张数才能比较", "only plays of the same size compare",
         source=seed("002", "§3 单张和一手牌的大小比较", "同样张数的牌才允许比较大小")),
    Rule("compare.rank", "张数相同，点数大的大", "same size: the higher rank wins",
         source=seed("002", "§3 单张和一手牌的大小比较", "同样张数的牌才允许比较大小，点数大的即大")),
    Rule("compare.aspects", "挂花要两方面都大", "a 挂花 play must be beaten in both aspects", switch="joker_model"),
    Rule("compare.cover", "挂花要逐张压住", "a 挂花 play must be covered card by card", switch="joker_model"),
    Rule("compare.kill", "两个大花灭一个大花", "two 大花 kill one 大花", switch="big_joker_kill"),
    Rule("gouji.jokers", "挂花的牌都是够级牌", "every play with a joker is 够级",
         source=seed("002", "§2 够级牌", "当任何一手牌挂花时，也算作“够级牌”")),
    Rule("gouji.twos", "几张2算够级牌", "how many 2s are 够级", switch="gouji_min_twos"),
    Rule("gouji.threshold", "够级牌的最低张数", "the smallest 够级 play of each rank",
         source=seed("002", "§2 够级牌", "2张A，2张K，3张Q，4张J，5张10为最低级别")),
    Rule("gouji.pure", "纯够级牌：不带2、不挂花", "pure 够级: no 2, no joker",
         source=seed("000", "part 3 第8条", "不包括点数“2”和大、小王的够级牌称为纯够级牌")),
    Rule("kaidian.play", "哪些够级牌能开点", "which 够级 plays can 开点", switch="kaidian_pure_only"),
)


def source_of(rule_id: str, rules: Ruleset) -> Source:
    """Where a rule set takes a rule from: its switch's source, else the family's own citation of the rule, else
    the rule book's."""
    rule = RULES[rule_id]
    if rule.switch is not None:
        return rules.source(rule.switch)
    source = rules.citations.get(rule_id, rule.source)
    assert source is not None, rule_id
    return source


#: A seed section named inside a default's reason: ``002 §5 上牌``, ``000 part 3 第15条``.
SEED_REF = re.compile(r"\b00[023](?: part \d)? (?:§[^\s;,:)]+(?: [\u4e00-\u9fff/]+)?|第\d+(?:[-–]\d+)?条)")


_PART = re.compile(r"\b000 part ([123])")


def zh_parts(text: str) -> str:
    """``text`` with the parts of seed 000 named in Chinese: ``000 part 3`` -> ``000 第三部分``."""
    return _PART.sub(lambda m: f"000 第{'一二三'[int(m.group(1)) - 1]}部分", text)


def zh_citation(citation: str) -> str:
    """A citation as :meth:`Source.cite` writes it, said in Chinese: a default by the seed sections it follows,
    the parts of seed 000 by their Chinese names.

    >>> zh_citation("default: 003 is silent on it; as 002 §5 上牌")
    '默认（这套规则的原文没写，参照 002 §5 上牌）'
    >>> zh_citation("000 part 3 第30条"), zh_citation("default: no rule of the game")
    ('000 第三部分 第30条', '默认（这套规则的原文没写）')
    """
    if citation.startswith("default: "):
        refs = "、".join(dict.fromkeys(SEED_REF.findall(citation)))
        citation = f"默认（这套规则的原文没写，参照 {refs}）" if refs else "默认（这套规则的原文没写）"
    return zh_parts(citation)


def cite_source(source: Source, lang: str = "en") -> str:
    """A source as a citation in ``lang``: the seed section, or a default said to be one (in English with the
    reason, in Chinese with the seed sections it follows)."""
    return zh_citation(source.cite()) if lang == "zh" else source.cite()


def cite(rule_id: str, rules: Ruleset, lang: str = "en") -> str:
    """The seed citation of a rule under a rule set in ``lang``, e.g. ``'002 §3 挂花的大小比较'``; a rule the
    family's own seed does not state is cited as a default."""
    return cite_source(source_of(rule_id, rules), lang)


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
            self._text = (f"{zh}【{self.rule}, {cite(self.rule, self.rules, 'zh')}】",
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
        rule = RULES[self.rule]
        return rule.zh, rule.en

    def to_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "rule": self.rule, "reason_zh": self.reason_zh, "reason_en": self.reason_en,
                "rules": self.rules.name}

    def __repr__(self) -> str:
        return f"<Verdict {'yes' if self.ok else 'no'} {self.rule}: {self.reason_en}>"
