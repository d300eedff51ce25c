"""Rule sets: the four regional families of 够级 as data.

A :class:`Ruleset` is a frozen bag of named switches. Every switch of every preset carries a
:class:`Source`: the seed file and section it comes from, with the deciding sentence, or an explicit
"seed silent, default chosen because ..." note. The engine reads switches; it never asks for a name.

>>> from gouji_teach.rulesets import find_ruleset
>>> find_ruleset("tongsu").tieqian
False
>>> find_ruleset("QingDao").name
'qingdao'
>>> find_ruleset("beijing")
Traceback (most recent call last):
...
gouji_teach.errors.UnknownRulesetError: 未知规则集 'beijing'... / unknown rule set 'beijing' (choose from: ...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .errors import UnknownRulesetError

__all__ = [
    "LINYI",
    "PRESETS",
    "QINGDAO",
    "SEEDS",
    "TONGSU",
    "ZAOZHUANG",
    "Ruleset",
    "Source",
    "find_ruleset",
    "switch_table",
    "switches",
]

#: Short names of the seed files in ``shared/seeds/``.
SEEDS: Mapping[str, str] = MappingProxyType(
    {
        "000": "000_a25df5c604da1d59.txt",
        "002": "002_7f7cb6e6f3a2271d.txt",
        "003": "003_40c309e126def456.txt",
    }
)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a switch's value comes from: a seed sentence, or a default chosen where the seeds are silent."""

    seed: str | None  # "000", "002", "003" or None for a chosen default
    section: str
    quote: str = ""  # the deciding sentence (short), or why the default was chosen

    @property
    def is_default(self) -> bool:
        return self.seed is None

    def cite(self) -> str:
        """One-line citation, e.g. ``002 §3 挂花的大小比较``."""
        if self.seed is None:
            return f"default: {self.section}"
        return f"{self.seed} {self.section}"

    def __str__(self) -> str:
        if self.seed is None:
            return f"seed silent, default chosen: {self.section}" + (f" — {self.quote}" if self.quote else "")
        return f"{SEEDS[self.seed]} {self.section}" + (f": “{self.quote}”" if self.quote else "")


def seed(file: str, section: str, quote: str = "") -> Source:
    """A source in a seed file (``file`` is the short name ``000``, ``002`` or ``003``)."""
    if file not in SEEDS:
        raise ValueError(f"unknown seed file {file!r}")
    return Source(file, section, quote)


def default(why: str, quote: str = "") -> Source:
    """A value chosen where the seed is silent; ``why`` says why."""
    return Source(None, why, quote)


def _switch(zh: str, en: str) -> Any:
    """A rule-set field that is a switch, with its meaning in both languages."""
    return field(metadata={"zh": zh, "en": en})


@dataclass(frozen=True, kw_only=True, slots=True)
class Ruleset:
    """One regional family of rules. Build presets with keyword arguments only; every switch needs a source."""

    name: str
    title_zh: str
    title_en: str

    # -- the deal -------------------------------------------------------------------------------
    packs: int = _switch("几副牌", "number of packs in the deck")

    # -- plays and how they count ------------------------------------------------------------------
    tieqian: bool = _switch("可以贴钱（2补足张数，按底牌点数算）", "2s may fill a set (贴钱) and count as its rank")
    downgrade_mixed_jokers: bool = _switch(
        "大花与小花同出时，大花当小花算", "a play mixing 大花 and 小花 counts all its jokers as 小花"
    )

    # -- comparison ----------------------------------------------------------------------------------
    joker_model: Literal["aspects", "cover"] = _switch(
        "挂花比较方式：两方面都大（aspects）或逐张压住（cover）",
        "how 挂花 is beaten: bigger in both aspects, or every card covered",
    )
    big_joker_kill: bool = _switch("两个大花灭一个大花（多出一张）", "two 大花 kill one 大花 (one card longer)")

    # -- 够级 and 开点 --------------------------------------------------------------------------------
    gouji_min_twos: int = _switch("几张2算够级牌", "how many 2s make a 够级 play")
    kaidian_pure_only: bool = _switch(
        "只有纯够级牌（不带2、不挂花）才能开点",
        "only pure 够级 plays (no 2, no joker) can 开点; otherwise all but jokers and a single 2",
    )

    sources: Mapping[str, Source]

    def __post_init__(self) -> None:
        names = set(switches())
        missing = sorted(names - set(self.sources))
        extra = sorted(set(self.sources) - names)
        if missing or extra:
            raise ValueError(f"rule set {self.name!r}: switches without a source {missing}, unknown sources {extra}")
        if self.packs < 1:
            raise ValueError(f"rule set {self.name!r}: packs must be at least 1")
        if self.joker_model not in ("aspects", "cover"):
            raise ValueError(f"rule set {self.name!r}: joker_model must be 'aspects' or 'cover'")
        if self.gouji_min_twos < 1:
            raise ValueError(f"rule set {self.name!r}: gouji_min_twos must be at least 1")
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))

    def source(self, switch: str) -> Source:
        """The source of one switch's value in this rule set."""
        return self.sources[switch]

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some switches changed (give new ``sources`` entries for them, or defaults are cited)."""
        sources = dict(self.sources)
        for key in changes:
            if key in sources and key not in (changes.get("sources") or {}):
                sources[key] = default(f"changed from the {self.name} preset by the user")
        sources.update(changes.pop("sources", {}))
        return dataclasses.replace(self, sources=sources, **changes)

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"


_NOT_SWITCHES = {"name", "title_zh", "title_en", "sources"}


def switches() -> dict[str, dataclasses.Field[Any]]:
    """The switch fields of :class:`Ruleset`, in declaration order."""
    return {f.name: f for f in dataclasses.fields(Ruleset) if f.name not in _NOT_SWITCHES}


QINGDAO = Ruleset(
    name="qingdao",
    title_zh="青岛够级",
    title_en="Qingdao",
    packs=4,
    tieqian=True,
    downgrade_mixed_jokers=True,
    joker_model="aspects",
    big_joker_kill=False,
    gouji_min_twos=1,
    kaidian_pure_only=False,
    sources={
        "packs": seed("002", "§1 基本规则", "四幅牌，共216张牌"),
        "tieqian": seed("002", "§2 牌型/贴钱", "2可以和其它的单张或一手牌一起出，2转换为对应点数的牌"),
        "downgrade_mixed_jokers": seed("002", "§2 牌型/挂花", "大花+小花+2+同点的牌，此时大花当做小花"),
        "joker_model": seed("002", "§3 挂花的大小比较", "必须在两个方面都大过此牌"),
        "big_joker_kill": default(
            "002 says nothing of killing a 大花; §3 lets only plays of the same size compare"
        ),
        "gouji_min_twos": seed("002", "§2 够级牌", "1张大、小花及2……为最低级别、最少数量的够级牌"),
        "kaidian_pure_only": seed(
            "002", "§5 开点", "以下牌型的够级牌不开点：任意张大花，小花或者挂花的牌;单张的2"
        ),
    },
)

LINYI = Ruleset(
    name="linyi",
    title_zh="临沂够级（憋三发四）",
    title_en="Linyi (憋三发四)",
    packs=4,
    tieqian=True,
    downgrade_mixed_jokers=True,
    joker_model="aspects",
    big_joker_kill=True,
    gouji_min_twos=1,
    kaidian_pure_only=True,
    sources={
        "packs": seed("000", "part 1 游戏介绍", "由6人用4副扑克进行"),
        "tieqian": seed("000", "part 1 规则介绍/挂花", "1大花+1小花+2个2+4个五，当做2个小花带6个五"),
        "downgrade_mixed_jokers": seed("000", "part 1 规则介绍/挂花", "1大花+1小花+2个2+4个五，当做2个小花带6个五"),
        "joker_model": seed("000", "part 2 摘要 (confirms 002 §3)", "必须在两个方面都大过此牌"),
        "big_joker_kill": seed("000", "part 1 规则介绍", "两大花拍一个大花"),
        "gouji_min_twos": seed("000", "part 1 规则介绍/够级牌", "1张大、小花及2……为最低级别"),
        "kaidian_pure_only": seed("000", "part 1 规则介绍/开点", "纯够级牌才能开点"),
    },
)

TONGSU = Ruleset(
    name="tongsu",
    title_zh="山东够级通俗规则",
    title_en="Shandong standard rules (通俗规则)",
    packs=4,
    tieqian=False,
    downgrade_mixed_jokers=False,
    joker_model="aspects",
    big_joker_kill=True,
    gouji_min_twos=2,
    kaidian_pure_only=True,
    sources={
        "packs": seed("000", "part 3 第1条", "够级游戏应有扑克四副"),
        "tieqian": seed("000", "part 3 第3条", "本规则亦规定实行不“贴钱”的玩法"),
        "downgrade_mixed_jokers": default(
            "article 3 says jokers decide a 挂花 play's strength and never weakens a 大花",
            "“挂花”时牌力以大、小王为准",
        ),
        "joker_model": seed("000", "part 3 第3条", "“挂花”时牌力以大、小王为准，同时其他牌亦要大于上家牌"),
        "big_joker_kill": seed("000", "part 3 第4条", "本规则仅认同“两大灭一大”（二杀一）的玩法"),
        "gouji_min_twos": seed("000", "part 3 第8条", "2张“2”和各1张大、小王牌为够级牌"),
        "kaidian_pure_only": seed("000", "part 3 第22条", "只有纯够级牌才能开点"),
    },
)

ZAOZHUANG = Ruleset(
    name="zaozhuang",
    title_zh="枣庄够级",
    title_en="Zaozhuang",
    packs=6,
    tieqian=True,
    downgrade_mixed_jokers=False,
    joker_model="cover",
    big_joker_kill=True,
    gouji_min_twos=1,
    kaidian_pure_only=True,
    sources={
        "packs": seed("003", "§一 导论", "六人六封扑克"),
        "tieqian": seed("003", "§四 够级牌", "钱：即2，可以当成（替代）除了花（王）之外的任何一个牌"),
        "downgrade_mixed_jokers": default(
            "003 never weakens a 大花; its cover rule compares joker against joker", ""
        ),
        "joker_model": seed("003", "§三 出牌", "1个小花需要用1个大花压；2个小花用2个大花压"),
        "big_joker_kill": seed("003", "§三 出牌", "1个大花需用2个大花压；2个大花需用4个大花压"),
        "gouji_min_twos": seed("003", "§四 够级牌", "1个2（钱）"),
        "kaidian_pure_only": seed("003", "§四 够级牌", "必须是纯级牌过点，即不得添钱（2）挂花（王）"),
    },
)

#: The presets by name; ``qingdao`` is the default.
PRESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (QINGDAO, LINYI, TONGSU, ZAOZHUANG)})


def find_ruleset(name: str | Ruleset | None = None) -> Ruleset:
    """The preset called ``name`` (case-insensitive); ``None`` gives the default, ``qingdao``."""
    if isinstance(name, Ruleset):
        return name
    if name is None:
        return QINGDAO
    key = str(name).strip().lower()
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownRulesetError(name, tuple(PRESETS)) from None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def switch_table(rulesets: tuple[Ruleset, ...] | None = None, *, sources: bool = True) -> list[dict[str, str]]:
    """The switches of several rule sets side by side: one row a switch.

    Each row has ``switch``, ``zh``, ``en`` and, per rule set, its value and (with ``sources``) the citation
    under the key ``<name> source``.

    >>> rows = switch_table()
    >>> [row["switch"] for row in rows][:3]
    ['packs', 'tieqian', 'downgrade_mixed_jokers']
    >>> rows[1]["tongsu"], rows[1]["tongsu source"]
    ('no', '000 part 3 第3条')
    """
    rulesets = rulesets or tuple(PRESETS.values())
    rows = []
    for name, f in switches().items():
        row = {"switch": name, "zh": f.metadata["zh"], "en": f.metadata["en"]}
        for r in rulesets:
            row[r.name] = _show(getattr(r, name))
            if sources:
                row[f"{r.name} source"] = r.source(name).cite()
        rows.append(row)
    return rows
