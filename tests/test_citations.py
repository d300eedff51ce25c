"""Every citation of every rule under every rule set is whole in its language: the English one names the seed
sections in English (articles by number, section titles translated, no quoted seed sentences), keeping in
Chinese only the game terms the course keeps in Chinese; the Chinese one holds no English sentence."""

from __future__ import annotations

import re

import pytest

from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.rulesets import PRESETS, switches
from gouji_teach.rules.verdicts import cite, cite_source
from gouji_teach.teach.book import citation
from gouji_teach.teach.course import GLOSSARY

#: The game terms an English text may write in Chinese: the glossary's, each alias on its own, and two names
#: the citations take from the seeds (002 §4's 还贡 for the glossary's 回牌; 000's 纯够级, short for 纯够级牌).
ALLOWED = {term for entry in GLOSSARY for term in re.split(r"[（）、]", entry.zh) if term} | {"还贡", "纯够级"}
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+")


def _english_texts(rules) -> dict[str, str]:
    texts = {rule_id: cite(rule_id, rules) for rule_id in RULES}
    texts |= {f"rule book: {rule_id}": citation(rule_id, rules, "en") for rule_id in RULES}
    texts |= {f"switch: {name}": cite_source(rules.source(name)) for name in switches()}
    return texts


def _chinese_texts(rules) -> dict[str, str]:
    texts = {rule_id: cite(rule_id, rules, "zh") for rule_id in RULES}
    texts |= {f"rule book: {rule_id}": citation(rule_id, rules, "zh") for rule_id in RULES}
    texts |= {f"switch: {name}": cite_source(rules.source(name), "zh") for name in switches()}
    return texts


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_english_citations_hold_no_chinese_but_game_terms(rules):
    foreign = {where: sorted(set(_CJK.findall(text)) - ALLOWED) for where, text in _english_texts(rules).items()}
    assert {where: words for where, words in foreign.items() if words} == {}
    assert not any(re.search(r"第\d+条|§[一二三四五六七八九十]", text) for text in _english_texts(rules).values())


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_chinese_citations_hold_no_english(rules):
    english = {where: re.findall(r"[A-Za-z]{3,}", text) for where, text in _chinese_texts(rules).items()}
    assert {where: words for where, words in english.items() if words} == {}


def test_seed_sections_read_in_english():
    assert cite("compare.aspects", PRESETS["qingdao"]) == "002 §3 Comparing 挂花 plays"
    assert cite("compare.aspects", PRESETS["qingdao"], "zh") == "002 §3 挂花的大小比较"
    assert cite("play.tieqian", PRESETS["tongsu"]) == "000 part 3, article 3"
    assert cite("biesan", PRESETS["zaozhuang"]) == "003 §5 憋三"
