"""Learners' names (issue 22 item 9): look-alike and invisible names are folded to one learner (NFKC, invisible
characters removed, spaces trimmed), a name that is empty once folded is refused in both languages, and a name
that reads like another learner's (Cyrillic а for a) is warned about on the start page."""

from __future__ import annotations

import pytest
from progress_backends import kernel_store_fixture, run_sql, where_fixture  # noqa: F401 (the fixtures `store`, `where`)
from widget_state import fresh_widgets

from gouji_teach.rules.errors import GoujiError
from gouji_teach.teach import course, pages
from gouji_teach.teach.names import fold_name, skeleton
from gouji_teach.teach.progress import ProgressStore


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.mark.parametrize("typed", ["alice\u200b", "\u200balice", "al\u200dice", "alice\ufeff", " alice ", "ａｌｉｃｅ",
                                   "alic\u00ade", "alice\u2060", "alice\ufe0f", "\u3164alice"])
def test_invisible_characters_and_widths_fold_to_one_learner(store: ProgressStore, typed: str) -> None:
    alice = store.learner("alice")
    assert store.learner(typed) == alice
    assert [x.name for x in store.learners()] == ["alice"]


def test_spaces_inside_a_name_are_made_one() -> None:
    assert fold_name("小\u3000 明") == fold_name("小 明") == "小 明"
    assert fold_name("Ｌｉ  Ｍｉｎｇ") == "Li Ming"


@pytest.mark.parametrize("typed", ["\u200b", "\u200b\u200c\u200d", " \u2060 ", "\u3164", "\ufeff\u00ad"])
def test_a_name_empty_once_folded_is_refused_in_both_languages(store: ProgressStore, typed: str) -> None:
    with pytest.raises(GoujiError) as refused:
        store.learner(typed)
    assert "看不见" in refused.value.zh and "invisible" in refused.value.en
    assert store.learners() == []


def test_a_text_direction_override_is_still_refused(store: ProgressStore) -> None:
    with pytest.raises(GoujiError, match="控制字符"):
        store.learner("alice\u202e")


@pytest.mark.parametrize("other", ["\u0430lice", "ALICE", "a1ice", "\u0410LICE", "\u03b1lice"])
def test_a_name_that_reads_like_another_is_found(store: ProgressStore, other: str) -> None:
    alice = store.learner("alice")
    lookalike = store.learner(other)
    assert lookalike != alice  # a different name: a different learner, but noticed
    assert store.lookalikes(lookalike) == [alice]
    assert lookalike in store.lookalikes(alice)


def test_different_names_are_not_lookalikes(store: ProgressStore) -> None:
    store.learner("小明")
    store.learner("alice")
    assert store.lookalikes("小红") == [] and store.lookalikes("alex") == []
    assert skeleton("小明") != skeleton("小红")


def test_the_start_page_warns_of_a_lookalike_name(store: ProgressStore) -> None:
    store.learner("alice")
    page = pages.landing(course.start("index", "learner=%D0%B0lice&lang=en"))  # Cyrillic а
    text = page.children[1].value
    assert "reads like that of the learner 'alice'" in text and "\\u0430lice" in text
    plain = pages.landing(course.start("index", "learner=alice&lang=zh")).children[1].value
    assert "gj-lookalike" in plain  # alice is warned of аlice too, now that it exists
    store_only = pages.landing(course.start("index", "learner=bob&lang=zh")).children[1].value
    assert "gj-lookalike" not in store_only


def test_migration_4_folds_stored_names_so_their_learners_are_found_again(where) -> None:
    store = ProgressStore(where)
    for name in ("bob", "carol", "dave"):
        store.record_attempt(store.learner(name), "cards", "rank/1", correct=True)
    # as release 0.2 stored them: exactly as typed
    run_sql(where, "UPDATE learners SET name = 'bob\u200b' WHERE name = 'bob'")
    run_sql(where, "UPDATE learners SET name = ' carol ' WHERE name = 'carol'")
    run_sql(where, "INSERT INTO learners (name, created) VALUES ('dave\u200b', '2026-01-01T00:00:00+00:00')")
    run_sql(where, "DELETE FROM schema_version")
    run_sql(where, "INSERT INTO schema_version (version) VALUES (3)")
    again = ProgressStore(where)
    assert again.stars(again.learner("bob\u200b")) == {("cards", "rank/1"): 3}  # found under the folded name
    assert again.stars(again.learner("carol")) == {("cards", "rank/1"): 3}
    assert again.stars(again.learner("dave")) == {("cards", "rank/1"): 3}  # the other dave kept as it was
    assert sorted(x.name for x in again.learners()) == ["bob", "carol", "dave", "dave\u200b"]
