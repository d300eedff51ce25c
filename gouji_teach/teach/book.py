"""The rules as they hold under one rule set, in prose, each with the seed section that says it.

Built from the rule set's data only: its switches (:mod:`gouji_teach.rules.rulesets`, each with its :class:`Source`)
and the rule book (:data:`gouji_teach.rules.rulebook.RULES`, every rule id declared in one table). A rule
whose switch is off under the rule set is not in force there and is never listed as a rule of it; a rule the
rule set takes from another seed, or chooses where its own seed is silent, is marked as a default in both
languages. The stage footers (:func:`summary`) and the rule book page (:func:`book_html`) use the same sentences.

>>> from gouji_teach.rules.rulesets import find_ruleset
>>> qingdao, linyi = find_ruleset("qingdao"), find_ruleset("linyi")
>>> in_force("burn.kaidian", qingdao), in_force("burn.kaidian", linyi)
(False, True)
>>> sentence("gouji.twos", find_ruleset("tongsu"), "en")
'two 2s are needed for a 够级 play'
>>> citation("score.place", linyi, "zh")
'默认（这套规则的原文没写，参照 002 §6）'
>>> citation("compare.aspects", linyi, "en")
'default (000 part 1 does not say how a 挂花 play is beaten; as 002 §3 ...)'
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ..rules.rulebook import RULES
from ..rules.rulesets import PRESETS, Ruleset, Source, TributeKind, describe
from ..rules.verdicts import cite_source, en_citation, source_of
from ..rules.words import Lang
from ..show.i18n import pick, register, said, t
from ..show.markup import Element, HtmlFragment, el, html
from .course import STAGES

__all__ = ["CONTRADICTIONS", "book_html", "citation", "cited_item", "cited_items", "in_force", "own_text", "sentence",
           "summary", "text_of"]

register({
    "book.title": ("{rules}：完整规则", "{rules}: the whole rules"),
    "book.intro": ("这本规则书由规则集的数据生成：每一条都注明出自哪份种子规则书的哪一节；"
                   "规则书没写、由这门课选定的标为“默认”。规则集：{name}。主要出处：{own}。",
                   "This rule book is generated from the rule set's data: every rule names the seed text and section "
                   "it comes from; where the texts are silent and the course chose, the rule is marked \"default\". "
                   "Rule set: {name}. Main source: {own}."),
    "book.house": ("这是自家规则：从{base}改了{n}条，改过的每一条以俱乐部自己的说明为出处。",
                   "These are house rules: {n} change(s) to {base}, each cited by the club's own note."),
    "book.other": ("其他规则", "Other rules"),
    "book.absent": ("这份规则里没有的", "Not in this rule set"),
    "book.absent.note": ("别的规则集有、这里不用的规则（在这里不成立）：",
                         "Rules other rule sets have and this one does not:"),
    "book.contradictions": ("规则书自相矛盾的地方", "Where a seed contradicts itself"),
    "book.dian": ("点贡表（自己/对家：X＝宣点，K＝开点）", "点贡 table (self/对家: X = 宣点, K = 开点)"),
    "book.dian.key": ("情形", "case"),
    "book.dian.cards": ("张数", "cards"),
    "book.print": ("打印这一页", "Print this page"),
    "book.link": ("规则书", "Rule book"),
    "cite.default": ("默认（这套规则的原文没写）", "default ({why})"),
    "cite.confirms": ("默认（{cite} 只能印证，不作出处）", "default ({cite} only confirms, it is no source)"),
    "cite.contradiction": ("⚠ 自相矛盾", "⚠ the seed contradicts itself"),
})


@dataclasses.dataclass(frozen=True, slots=True)
class Contradiction:
    """A seed that says two things; ``rules`` are the rule ids it concerns, ``zh``/``en`` say both readings and
    which one the course's rule sets take."""

    rules: tuple[str, ...]
    zh: str
    en: str


#: The places where a seed contradicts itself, and the reading the rule sets take.
CONTRADICTIONS: tuple[Contradiction, ...] = (
    Contradiction(
        ("gouji.duitou", "lead.must", "kaidian"),
        "对头不要够级牌时谁发下一轮：002 §5 打够级牌 说“由对头发牌”，同一节的“发牌”一段说由上一轮最后出牌的人发。"
        "四种规则集都取“发牌”一段的读法（000 第9条 也这样说：对家如不响应，则玩家发牌），"
        "开点因此拿到出牌权（002 §5 开点）。",
        "Who leads after the 对头 lets a 够级 play pass: 002 §5 Answering 够级 plays says the 对头 leads; the "
        "Leading paragraph of the same section says the last seat that played leads. All four rule sets take the "
        "Leading reading (so does 000 article 9: the player leads when the 对家 does not answer), which is how 开点 "
        "wins the lead (002 §5 开点).",
    ),
    Contradiction(
        ("biesan", "first_leader"),
        "002 把憋三当作一种打法（“憋三”打法时……；§5 上班 还有“如果不是憋三打法，则以3代替4”），"
        "别处又写成定规（§5 买三）。青岛规则集取憋三打法，所以上班看同花色的4。",
        "002 treats 憋三 as one way to play (\"when playing 憋三\"; §5 The first lead even says \"if not playing "
        "憋三, use 3s instead of 4s\"), elsewhere as the rule (§5 Buying 3s). The Qingdao rule set takes the 憋三 "
        "way, so 上班 counts 4s of one suit.",
    ),
)

#: A bool switch that is off still states a rule for these rule ids: what holds instead.
_OFF_WORDS: dict[str, tuple[str, str]] = {
    "play.tieqian": ("不许贴钱：2不能凑张数", "no 贴钱: 2s never fill a set"),
    "kaidian.play": ("除了挂花的牌和单张2，够级牌都能开点", "every 够级 play opens except plays with jokers and"
    " a single 2"),
    "burn.joker": ("烧牌后每一手都要挂花，最后一手也一样（收尾的那手3不用挂花，是这门课为憋三定的，原文没有这个例外）",
                   "after a burn every play carries a joker, the last one too (the closing 3s need none: the "
                   "course's own exception for 憋三, not the text's)"),
    "buy.twos": ("买三买四只能用钱（2），花不能买；没有钱由同帮相助", "3s and 4s are bought with 2s only, never with a "
                 "joker; a seat without a 2 is helped by its teammates"),
    "place.revolution": ("革命者算四科", "a revolutionary is 四科"),
    "tribute.same_team": ("同帮之间不进贡", "no tribute between teammates"),
    "tribute.return": ("得贡的人不回牌", "the receiver returns nothing"),
    "head.choice": ("对头不能选要头：革命成了就无头，失败就有头", "the 对头 has no choice: 无头 after a successful "
                    "revolution, a head after a failed one"),
}

#: A bool switch that is on: where its description (which also names the other case) is not the rule itself.
_ON_WORDS: dict[str, tuple[str, str]] = {
    "kaidian.play": ("只有纯够级牌（不带2、不挂花）才能开点", "only pure 够级 plays (no 2, no joker) can 开点"),
}

#: Values of non-bool switches that mean "no such rule here".
_OFF_VALUES: dict[str, tuple[Any, ...]] = {
    "revolution_duel": ("none",), "dian_escalation": ((1,),), "sweep_restart_after": (0,),
    "failed_burn_tribute": (None,),
}

#: Words for the values of the non-bool switches.
_VALUE_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("fours_before_kaidian", "free"): ("没开点也能发4", "4s may be led before 开点"),
    ("pass_rule", "except_duitou"): ("过了牌，这一轮只能再上对头的牌", "after passing, a seat answers again onl"
        "y its 对头's play"),
    ("pass_rule", "final"): ("过了牌，这一轮就不能再上", "a pass is final for the round"),
    ("pass_rule", "free"): ("过了牌，轮到时照样能再上", "a seat that passed may play again when its turn comes"),
    ("first_leader", "suit_fours"): ("亮出同一花色的4最多的人先发牌（上班）", "the seat showing most 4s of one "
        "suit leads first (上班)"),
    ("first_leader", "first_three"): ("最先摸到3并亮出来的人先发牌", "the first seat to draw and show a 3 leads first"),
    ("first_leader", "drawn_card"): ("翻一张牌按点数数人定谁先抓牌，抓到那张牌的人先发牌",
                                     "a card turned up counts out who draws first; the seat that draws it leads"),
    ("fours_before_kaidian", "concede"): ("没开点先发4，等于认点", "leading 4s before 开点 concedes the point"),
    ("fours_before_kaidian", "forbidden"): ("没开点不能发4", "4s may not be led before 开点"),
    ("revolution_duel", "chongdian"): ("革命者可以拿三套够级牌冲点，对家三套都打死才开点",
                  "the revolutionary may 冲点 with three 够级 plays; the 对家 opens only by killing all three"),
    ("revolution_duel", "three_plays"): ("革命者要连出三手够级牌，对家打不打得住决定革命成败",
                    "the revolutionary plays three 够级 plays; whether the 对家 kills them decides the revolution"),
    ("tribute_cards", "biggest"): ("进手里最大的牌", "the biggest cards in hand are paid"),
    ("tribute_cards", "natural_jokers_twos"):
        ("只进自然抓到的王和2，不足的免", "only jokers and 2s dealt are paid; a shortfall is excused"),
    ("sweep_tribute", "none"): ("串三户后不再进贡，直接开始下一局", "after a 串三户 no tribute is paid"),
    ("sweep_tribute", "dian"): ("串三户后输的一帮每人进一张点贡", "after a 串三户 each loser pays one 点贡"),
    ("sweep_tribute", "quan"): ("被圈的一帮只进圈贡，别的贡免", "the swept team pays only 圈贡, every other tri"
        "bute is waived"),
    ("sweep_tribute", "normal"): ("串三户后照常进贡", "tribute as usual after a 串三户"),
    ("counter_burn_growth", "one"): ("反烧以后烧贡还是1张", "烧贡 stays one card after 反烧"),
    ("counter_burn_growth", "plus_one"): ("每反烧一次烧贡多1张", "each 反烧 adds one card to the 烧贡"),
    ("counter_burn_growth", "double"): ("每反烧一次烧贡翻倍", "each 反烧 doubles the 烧贡"),
}

_NUMBERS = ("no", "one", "two", "three", "four")
_PLACES = ("头科", "二科", "三科", "四科", "二落", "大落")


def text_of(source: Source) -> str:
    """The seed text a source is in: ``002``, ``003``, ``000 part 1`` ..."""
    part = re.match(r"part \d", source.section) if source.seed == "000" else None
    return f"{source.seed} {part.group(0)}" if part else str(source.seed)


def own_text(rules: Ruleset) -> str:
    """The seed text a rule set follows: the one most of its switches cite.

    >>> from gouji_teach.rules.rulesets import PRESETS
    >>> [own_text(r) for r in PRESETS.values()]
    ['002', '000 part 1', '000 part 3', '003']
    """
    counts = Counter(text_of(s) for s in rules.sources.values() if s.seed is not None)
    return counts.most_common(1)[0][0]


#: Rules without a switch of their own that only arise where other switches allow them.
_ARISES: dict[str, Callable[[Ruleset], bool]] = {
    # 够死级 comes from 要头 after a revolution, or from the last 够级 play of 头科/二科 (000 part 3 第49条 bans both)
    "gouji.sisi": lambda r: r.revolution_head_choice or r.sisi_last_play,
    # a revolution only fails where its three plays decide it
    "head.failed": lambda r: r.revolution_duel == "three_plays",
    # which pays first, a 2 or a joker, only where a 3 or a 4 can be bought with a joker
    "buy.order": lambda r: r.buy_with_jokers and (r.buy_threes or r.buy_fours),
}


def in_force(rule_id: str, rules: Ruleset) -> bool:
    """Whether the rule holds under the rule set (a rule without a switch holds under all, unless it only
    arises where other switches allow it).

    >>> from gouji_teach.rules.rulesets import find_ruleset
    >>> in_force("gouji.sisi", find_ruleset("tongsu")), in_force("gouji.sisi", find_ruleset("qingdao"))
    (False, True)
    """
    rule = RULES[rule_id]
    if rule.switch is None:
        return _ARISES.get(rule_id, lambda _r: True)(rules)
    value = getattr(rules, rule.switch)
    if rule.switch == "joker_model":
        return rule_id == f"compare.{value}"
    if isinstance(value, bool):
        return value or rule_id in _OFF_WORDS
    return value not in _OFF_VALUES.get(rule.switch, ())


def _value_words(switch: str, value: Any, source: Source) -> tuple[str, str] | None:
    if isinstance(value, str) and (switch, value) in _VALUE_WORDS:
        return _VALUE_WORDS[switch, value]
    if switch == "gouji_min_twos":
        en = "one 2 is 够级" if value == 1 else f"{_NUMBERS[value]} 2s are needed for a 够级 play"
        return f"{value}张2就够级", en
    if switch == "tribute_order":
        zh, en = "进贡顺序：" + "、".join(k.zh for k in value), "order of tribute: " + ", ".join(k.en for k in value)
        placed = [k for k in value if k.value in source.placed]
        if placed:  # kinds the seed's order leaves out: where they go is the course's choice
            zh += f"（{'、'.join(k.zh for k in placed)}排在哪里是这门课定的，原文的顺序里没有）"
            en += f" (where {' and '.join(k.en for k in placed)} go is the course's choice: the text's order has none)"
        return zh, en
    if switch == "place_points":
        points = [f"{p}{v:+d}" for p, v in zip(_PLACES, value, strict=True)]
        return (f"名次得分：{'、'.join(points)}；每人得本帮三人之和",
                f"points: {', '.join(points)}; each player scores the team's sum")
    if switch == "dian_table":
        return ("点贡：没开点的人向对家进，张数看双方宣没宣点、开没开点（点贡表）",
                "点贡: a seat that did not open pays its 对家, as many cards as the 点贡 table says for who declared "
                "and who opened")
    if switch == "luo_cards":
        return (f"大落向头科进{value[0]}张，二落向二科进{value[1]}张",
                f"大落 pays 头科 {value[0]} card{'s' * (value[0] != 1)}, 二落 pays 二科 {value[1]}")
    if switch == "dian_escalation":
        zh = "、".join(str(v) if v else "毕业（不进）" for v in value)
        en = ", ".join(str(v) if v else "graduated (nothing)" for v in value)
        return f"连续没开点，每局点贡依次为：{zh}", f"without 开点 hand after hand, 点贡 is in turn: {en}"
    return None


def sentence(rule_id: str, rules: Ruleset, lang: Lang) -> str:
    """The rule as it holds under the rule set, in ``lang``."""
    rule = RULES[rule_id]
    if rule.switch is None:
        return pick(rule.zh, rule.en, lang)
    value = getattr(rules, rule.switch)
    if isinstance(value, bool):
        if not value:
            return pick(*_OFF_WORDS[rule_id], lang)
        return pick(*_ON_WORDS.get(rule_id, describe(rule.switch)), lang)
    if rule.switch == "joker_model":
        return pick(rule.zh, rule.en, lang)
    words = _value_words(rule.switch, value, rules.source(rule.switch))
    if words is not None:
        return pick(*words, lang)
    if isinstance(value, int | str) and not isinstance(value, bool):
        if isinstance(value, int):
            return pick(f"{rule.zh}：{value}张", f"{rule.en}: {value} card{'s' if value != 1 else ''}", lang)
        if isinstance(value, TributeKind):
            return pick(f"{rule.zh}：{value.zh}", f"{rule.en}: {value.en}", lang)
        return pick(f"{rule.zh}：{value}", f"{rule.en}: {value}", lang)
    return pick(rule.zh, rule.en, lang)


def citation(rule_id: str, rules: Ruleset, lang: Lang) -> str:
    """Where the rule set takes the rule from, in ``lang``: the seed section, or a default said to be one."""
    text = _citation(rule_id, rules, lang)
    return said(text, text, lang)


def _citation(rule_id: str, rules: Ruleset, lang: Lang) -> str:
    source = source_of(rule_id, rules)
    if source.seed == "000" and source.section.startswith("part 2"):
        return t("cite.confirms", lang, cite=cite_source(source, lang).split(" 摘要")[0].split(" (")[0])
    if source.is_default:
        return cite_source(source, "zh") if lang == "zh" else t("cite.default", lang, why=en_citation(source.section))
    return cite_source(source, lang)


def summary(rule_ids: Iterable[str], rules: Ruleset, lang: Lang) -> list[tuple[str, str, str]]:
    """``(rule id, sentence, citation)`` of the rules in force among ``rule_ids``."""
    return [(r, sentence(r, rules, lang), citation(r, rules, lang)) for r in rule_ids if in_force(r, rules)]


def contradictions(rule_ids: Iterable[str]) -> list[Contradiction]:
    """The contradictions of the seeds that concern any of ``rule_ids``."""
    ids = set(rule_ids)
    return [c for c in CONTRADICTIONS if ids & set(c.rules)]


def cited_item(text: str, where: str, rule: str | None = None) -> Element:
    """A rule as a list item: its sentence, then where it comes from, small and in brackets (the rule book's
    and the stage footers' lists); the rule's id only on hover, as pages show no ids.

    >>> str(cited_item("2 < 大花 & 小花", "002 §3", "compare.rank"))
    '<li title="compare.rank">2 &lt; 大花 &amp; 小花 <small>[002 §3]</small></li>'
    """
    return el("li", text, " ", el("small", f"[{where}]"), title=rule)


def cited_items(rule_ids: Iterable[str], rules: Ruleset, lang: Lang) -> list[Element]:
    """The rules in force among ``rule_ids`` as :func:`cited_item` list items (the rule book, a stage's footer)."""
    return [cited_item(text, cite, rule) for rule, text, cite in summary(rule_ids, rules, lang)]


def _dian_table(rules: Ruleset, lang: Lang) -> Element:
    rows = [el("tr", el("td", el("code", key)), el("td", str(n))) for key, n in rules.dian_table.items()]
    head = el("tr", el("th", t("book.dian.key", lang), scope="col"), el("th", t("book.dian.cards", lang), scope="col"))
    return el("table", el("caption", t("book.dian", lang)), el("thead", head), el("tbody", rows), cls="gj-dian")


def book_html(rules: Ruleset, lang: Lang) -> HtmlFragment:
    """The whole rules of ``rules`` in ``lang`` as one printable page: chapter by chapter in the course's order,
    each rule with its citation; the rules that hold elsewhere but not here; the seeds' contradictions."""
    title = pick(rules.title_zh, rules.title_en, lang)
    intro = said(*(t("book.intro", x, name=rules.name, own=own_text(rules)) for x in ("zh", "en")), lang)
    changed = rules.changes() if rules.base in PRESETS and rules.name != rules.base else {}
    if changed:
        family = PRESETS[rules.base]
        intro = f"{intro} " + t("book.house", lang, base=pick(family.title_zh, family.title_en, lang), n=len(changed))
    sections: list[Element] = []
    seen: set[str] = set()
    for stage in STAGES:
        ids = [r for r in stage.rules if r not in seen]
        seen.update(stage.rules)
        items = cited_items(ids, rules, lang)
        if items:
            sections.append(el("section", el("h3", stage.title(lang)), el("ul", items),
                               _dian_table(rules, lang) if "tribute.dian" in ids else None))
    rest = [r for r in RULES if r not in seen and r != "action.syntax"]
    items = cited_items(rest, rules, lang)
    if items:
        sections.append(el("section", el("h3", t("book.other", lang)), el("ul", items)))
    absent = [r for r in RULES if not in_force(r, rules)]
    if absent:
        names = [el("li", name) for name in dict.fromkeys(pick(RULES[r].zh, RULES[r].en, lang) for r in absent)]
        sections.append(el("section", el("h3", t("book.absent", lang)), el("p", t("book.absent.note", lang)),
                           el("ul", names)))
    told = [el("li", pick(c.zh, c.en, lang)) for c in CONTRADICTIONS]
    sections.append(el("section", el("h3", t("book.contradictions", lang)), el("ul", told)))
    return html(el("article", el("h2", t("book.title", lang, rules=title)), el("p", intro), sections,
                   cls="gj-rulebook", lang=lang))
