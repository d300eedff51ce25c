"""The pictures: cards, hands, counted plays, the table and a round (gouji_teach.show.pictures)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from gouji_teach import Card, Hand, OptionError, Play, Rank, SetupError, Suit
from gouji_teach.show import i18n
from gouji_teach.show.markup import HtmlFragment, SvgImage
from gouji_teach.show.pictures import (
    PRESENTER_SCALE,
    SeatView,
    TableView,
    card_svg,
    hand_html,
    play_html,
    round_html,
    table_svg,
)

ALL_CARDS = [Card(r, s) for r in Rank if not r.is_joker for s in (None, *Suit)] + [
    Card(Rank.SMALL_JOKER),
    Card(Rank.BIG_JOKER),
]


def parse(markup: str) -> ET.Element:
    """Parse SVG or one of our HTML fragments (they are XML too) with namespaces stripped from the tags."""
    root = ET.fromstring(markup)
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def texts(el: ET.Element) -> list[str]:
    return [x.text for x in el.iter("text") if x.text]


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in el.get("class", "").split()]


# Cards --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=repr)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_card_parses_and_carries_its_readable_name(card: Card, lang: str) -> None:
    svg = card_svg(card, lang=lang)
    assert isinstance(svg, SvgImage) and svg._repr_svg_() == svg
    root = parse(svg)
    name = card.name_zh if lang == "zh" else card.name_en
    assert root.tag == "svg" and root.get("role") == "img"
    assert root.get("aria-label") == name
    assert root.find("title").text == name
    assert root.find("desc").text
    if card.suit:  # the suit is a shape, so colour is not the only cue for red and black
        assert f"gj-suit-{card.suit.name.lower()}" in root.get("class")
        assert root.findall(".//path")
    if not card.rank.is_joker:
        assert card.rank.notation in texts(root)


def test_red_and_black_suits_differ_in_shape_not_only_in_colour() -> None:
    shapes = {s: {p.get("d") for p in parse(card_svg(Card(Rank.NINE, s))).iter("path")} for s in Suit}
    assert len({frozenset(d) for d in shapes.values()}) == 4


def test_big_and_small_joker_differ_in_text_and_shape_not_only_in_colour() -> None:
    big, small = parse(card_svg(Card(Rank.BIG_JOKER), lang="zh")), parse(card_svg(Card(Rank.SMALL_JOKER), lang="zh"))
    assert "大" in texts(big) and "小" not in texts(big)
    assert "小" in texts(small) and "大" not in texts(small)
    # a crown (path) on the big joker, a star (polygon) on the small one
    assert big.findall(".//path") and not big.findall(".//polygon")
    assert small.findall(".//polygon") and not small.findall(".//path")
    assert "gj-big-joker" in big.get("class") and "gj-small-joker" in small.get("class")


@pytest.mark.parametrize(("mark", "zh", "en"), [("guahua", "挂花", "attached"), ("tieqian", "贴钱", "filler"),
                                                ("selected", "已选", "picked")])
def test_marked_cards_carry_a_visible_text_badge(mark: str, zh: str, en: str) -> None:
    for lang, word in (("zh", zh), ("en", en)):
        root = parse(card_svg(Card(Rank.TWO, Suit.HEARTS), marked=mark, lang=lang))
        assert by_class(root, "gj-badge")
        assert any(word in x for x in texts(root))
        assert word in root.get("aria-label")
        assert f"gj-mark-{mark}" in root.get("class")
    assert not by_class(parse(card_svg(Card(Rank.TWO))), "gj-badge")


def test_unknown_mark_is_refused() -> None:
    with pytest.raises(OptionError, match="no such mark"):
        card_svg(Card(Rank.TWO), marked="gold")  # type: ignore[arg-type]  # a wrong value on purpose


def test_face_down_card_hides_its_name() -> None:
    for lang in ("zh", "en"):
        svg = card_svg(Card(Rank.BIG_JOKER), face_down=True, lang=lang)
        root = parse(svg)
        assert root.get("aria-label") == i18n.t("render.card.face_down", lang)
        assert "大" not in svg and "big" not in svg.lower() and "gj-rank" not in svg


def test_scale_enlarges_the_card_for_presenter_mode() -> None:
    root = parse(card_svg(Card(Rank.NINE), scale=PRESENTER_SCALE))
    assert float(root.get("width")) == pytest.approx(60 * PRESENTER_SCALE)
    assert root.get("viewBox") == "0 0 60 84"


# Hands --------------------------------------------------------------------------------------------------


def test_hand_is_grouped_by_rank_strongest_first_with_counts() -> None:
    hand = Hand.parse("9 9 9 D D 3 X 2♠")
    root = parse(hand_html(hand, lang="zh"))
    groups = by_class(root, "gj-group")
    assert [g.get("data-rank") for g in groups] == ["D", "X", "2", "9", "3"]
    assert [len(g.findall(".//svg")) for g in groups] == [2, 1, 1, 3, 1]
    assert [by_class(g, "gj-count")[0].text for g in groups] == ["2张", "1张", "1张", "3张", "1张"]
    assert root.get("aria-label") == "手牌8张：2张大花，1张小花，1张2，3张9，1张3"
    en = parse(hand_html(hand, lang="en"))
    assert en.get("aria-label") == "hand of 8 cards: two big jokers, one small joker, one 2, three 9s, one 3"
    assert [by_class(g, "gj-count")[0].text for g in by_class(en, "gj-group")] == ["×2", "×1", "×1", "×3", "×1"]


def test_hand_overlaps_cards_within_a_group_and_wraps_on_narrow_screens() -> None:
    root = parse(hand_html(Hand.parse("999 3"), lang="zh"))
    assert "flex-wrap:wrap" in root.get("style")
    cards = root.findall(".//svg")
    assert "margin-left" not in cards[0].get("style")
    assert "margin-left:-36px" in cards[1].get("style")
    assert "margin-left" not in cards[3].get("style")  # a new group starts apart
    assert all(c.get("aria-label") for c in cards)


def test_the_empty_hand_says_so() -> None:
    assert parse(hand_html(Hand(), lang="en")).get("aria-label") == "no cards"


def test_selectable_hand_numbers_its_cards_and_marks_the_selected() -> None:
    root = parse(hand_html(Hand.parse("DD 99 3"), lang="en", selectable=True, selected={1, 4}))
    cards = root.findall(".//svg")
    assert [c.get("data-index") for c in cards] == ["0", "1", "2", "3", "4"]
    picked = [c for c in cards if "gj-mark-selected" in c.get("class")]
    assert [c.get("data-index") for c in picked] == ["1", "4"]
    assert all("translateY" in c.get("style") for c in picked)
    plain = parse(hand_html(Hand.parse("DD 99 3"), selected={1}))
    assert not [c for c in plain.findall(".//svg") if c.get("data-index") or "gj-mark" in c.get("class")]


def test_hand_scale_enlarges_cards_and_overlap() -> None:
    root = parse(hand_html(Hand.parse("99"), scale=2))
    cards = root.findall(".//svg")
    assert cards[0].get("width") == "120" and "margin-left:-72px" in cards[1].get("style")


# Plays --------------------------------------------------------------------------------------------------


def marks(play: Play) -> list[str | None]:
    root = parse(play_html(play, lang="zh"))
    out = []
    for svg in root.findall(".//svg"):
        found = [c for c in svg.get("class").split() if c.startswith("gj-mark-")]
        out.append(found[0].removeprefix("gj-mark-") if found else None)
    return out


def test_play_marks_guahua_jokers_and_tieqian_twos() -> None:
    assert marks(Play.parse("DD2229999")) == ["guahua"] * 2 + ["tieqian"] * 3 + [None] * 4
    assert marks(Play.parse("22333")) == ["tieqian"] * 2 + [None] * 3
    assert marks(Play.parse("DD222")) == ["guahua"] * 2 + [None] * 3  # the 2s are the set itself: no 贴钱
    assert marks(Play.parse("XXD")) == [None] * 3  # jokers alone are not attached to anything
    assert marks(Play.parse("D")) == [None]


def test_play_caption_says_what_it_counts_as_in_both_languages() -> None:
    play = Play.parse("DD2229999")
    zh = parse(play_html(play, lang="zh")).find("figcaption")
    assert "".join(zh.itertext()) == "算作 2个大花带7个9"
    en = parse(play_html(play, lang="en")).find("figcaption")
    assert "".join(en.itertext()) == "counts as 2 big jokers with seven 9s"
    assert isinstance(play_html(play), HtmlFragment)


def test_mixed_jokers_note_only_where_the_rule_set_downgrades() -> None:
    assert "大花按小花算" in play_html(Play.parse("DX225555", "qingdao"), lang="zh")
    assert "大花按小花算" not in play_html(Play.parse("DX225555", "zaozhuang"), lang="zh")


# The table ----------------------------------------------------------------------------------------------


def table(**kw: object) -> TableView:
    seats = kw.pop("seats", None) or tuple(SeatView(seat=s, name=f"P{s}", cards_left=30 + s) for s in range(6))
    return TableView(seats=seats, **kw)  # type: ignore[arg-type]  # the test's keywords are TableView's


def seat_groups(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-seat")): g for g in by_class(root, "gj-seat")}


def seat_box(g: ET.Element) -> tuple[float, float]:
    box = next(r for r in g.findall("rect") if "gj-turn-ring" not in r.get("class", ""))
    return float(box.get("x")), float(box.get("y"))


def test_table_has_six_seats_with_two_team_cues_besides_colour() -> None:
    root = parse(table_svg(table(), lang="zh"))
    seats = seat_groups(root)
    assert sorted(seats) == [0, 1, 2, 3, 4, 5]
    for s, g in seats.items():
        team_a = s % 2 == 0
        assert f"gj-team-{'a' if team_a else 'b'}" in g.get("class")
        assert bool(by_class(g, "gj-badge-circle")) == team_a
        assert bool(by_class(g, "gj-badge-square")) != team_a
        assert any(("甲队" if team_a else "乙队") in x for x in texts(g))
        assert str(s) in texts(g)  # the seat number in the badge
        assert f"剩{30 + s}张" in texts(g)


def test_table_names_each_seats_duijia_and_joins_the_pairs() -> None:
    for lang, fmt in (("zh", "对家：座位{}"), ("en", "opposite: seat {}")):
        root = parse(table_svg(table(), lang=lang))
        for s, g in seat_groups(root).items():
            assert fmt.format((s + 3) % 6) in texts(g)
        assert len(by_class(root, "gj-duijia-line")) == 3


def test_viewer_sits_at_the_bottom_and_play_goes_counter_clockwise() -> None:
    for viewer in range(6):
        root = parse(table_svg(table(viewer=viewer), lang="zh"))
        pos = {s: seat_box(g) for s, g in seat_groups(root).items()}
        assert max(pos, key=lambda s: pos[s][1]) == viewer
        assert min(pos, key=lambda s: pos[s][1]) == (viewer + 3) % 6
        nxt, prev = (viewer + 1) % 6, (viewer + 5) % 6
        assert pos[nxt][0] > pos[viewer][0] > pos[prev][0]  # 下家 on the right, 上家 on the left
        rel = {s: " ".join(texts(g)) for s, g in seat_groups(root).items()}
        assert "我" in rel[viewer] and "下家" in rel[nxt] and "上家" in rel[prev]
        assert "对家" in rel[(viewer + 3) % 6] and "队友" in rel[(viewer + 2) % 6]


def test_turn_marker_is_a_ring_and_a_text() -> None:
    for lang, word in (("zh", "轮到出牌"), ("en", "to act")):
        root = parse(table_svg(table(to_act=4), lang=lang))
        seats = seat_groups(root)
        assert [s for s, g in seats.items() if by_class(g, "gj-turn-ring")] == [4]
        assert any(word in x for x in texts(seats[4]))
        assert not any(word in x for s, g in seats.items() if s != 4 for x in texts(g))
    assert not by_class(parse(table_svg(table())), "gj-turn-ring")


def test_kaidian_finished_revolution_and_last_action_markers() -> None:
    seats = (
        SeatView(seat=0, cards_left=10),
        SeatView(seat=1, cards_left=12, kaidian=True, last_action="2个大花带7个9"),
        SeatView(seat=2, cards_left=0, finished="头科"),
        SeatView(seat=3, cards_left=3, is_revolution=True),
        SeatView(seat=4, cards_left=8, last_action="过"),
        SeatView(seat=5, cards_left=9),
    )
    root = parse(table_svg(table(seats=seats), lang="zh"))
    groups = seat_groups(root)
    assert [s for s, g in groups.items() if by_class(g, "gj-kaidian")] == [1]
    assert "开点" in texts(by_class(groups[1], "gj-kaidian")[0])
    assert [s for s, g in groups.items() if by_class(g, "gj-finished")] == [2]
    assert "头科" in texts(groups[2])
    assert [s for s, g in groups.items() if by_class(g, "gj-revolution")] == [3]
    assert "“过”" in texts(groups[4])
    desc = root.find("desc").text
    assert "开点" in desc and "头科" in desc and "革命" in desc and "上一手：过" in desc
    en = parse(table_svg(table(seats=seats), lang="en"))
    assert "开点 opened" in texts(by_class(en, "gj-kaidian")[0])


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("viewer", range(6))
def test_markers_stay_inside_the_picture_and_off_the_rules_line(lang: str, viewer: int) -> None:
    """Every seat with all three markers (at 390 px the left seats' pills ran off the picture and the top
    seat's covered the rules line)."""
    seats = tuple(SeatView(seat=s, cards_left=0, kaidian=True, is_revolution=True, finished="四科 out 4th")
                  for s in range(6))
    root = parse(table_svg(table(seats=seats, viewer=viewer, rules="zaozhuang", to_act=viewer), lang=lang))
    width = float(root.get("viewBox").split()[2])
    rules_line = float(by_class(root, "gj-rules")[0].get("y"))
    pills = [r for g in by_class(root, "gj-marker") for r in g.findall("rect")]
    assert len(pills) == 6 * 3 + 1
    for r in pills:
        x, y, w = float(r.get("x")), float(r.get("y")), float(r.get("width"))
        assert x >= 0 and x + w <= width, (x, w)
        assert y > rules_line + 3, y


def test_table_desc_summarises_in_words() -> None:
    view = table(to_act=2, viewer=5, current_play=Play.parse("XX888"), rules="qingdao")
    desc = parse(table_svg(view, lang="zh")).find("desc").text
    assert "规则：青岛够级" in desc and "你坐座位5" in desc and "轮到座位2出牌" in desc
    assert "桌上：2个小花带3个8" in desc and "座位0 P0（甲队，对家：座位3）：剩30张" in desc
    desc_en = parse(table_svg(view, lang="en")).find("desc").text
    assert "seat 2 to act" in desc_en and "on the table: 2 small jokers with three 8s" in desc_en
    assert "seat 1 P1 (Team B, opposite: seat 4): cards left: 31" in desc_en


def test_current_play_lies_on_the_table_with_marks() -> None:
    root = parse(table_svg(table(current_play=Play.parse("DD2229999")), lang="zh"))
    middle = by_class(root, "gj-current-play")[0]
    cards = middle.findall("svg")
    assert len(cards) == 9 and all(c.get("aria-label") for c in cards)
    assert "2个大花带7个9" in texts(middle)
    assert len(by_class(middle, "gj-mark-guahua")) == 2 and len(by_class(middle, "gj-mark-tieqian")) == 3
    assert "桌上没有牌" in texts(parse(table_svg(table(), lang="zh")))


def test_names_are_escaped() -> None:
    evil = '<script>alert("x")</script>&'
    seats = tuple(SeatView(seat=s, name=evil if s == 3 else "", last_action=evil if s == 1 else None)
                  for s in range(6))
    svg = table_svg(table(seats=seats), lang="zh")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)
    assert evil in texts(seat_groups(root)[3])
    assert evil in root.find("desc").text
    html = round_html([(0, evil)], lang="zh")
    assert "<script>" not in html and evil in "".join(parse(html).itertext())


def test_table_view_validates() -> None:
    with pytest.raises(SetupError, match="seat must be a seat 0 to 5"):
        SeatView(seat=6)
    with pytest.raises(SetupError, match="negative"):
        SeatView(seat=0, cards_left=-1)
    with pytest.raises(SetupError, match="six SeatViews"):
        TableView(seats=(SeatView(seat=0),))
    with pytest.raises(SetupError, match="to_act"):
        table(to_act=6)
    with pytest.raises(SetupError, match="viewer"):
        table(viewer=-1)


def test_rules_name_shows_a_preset_title_or_the_text() -> None:
    assert "规则：青岛够级" in texts(parse(table_svg(table(rules="qingdao"), lang="zh")))
    assert "rules: Zaozhuang" in texts(parse(table_svg(table(rules="zaozhuang"), lang="en")))
    assert "rules: house rules" in texts(parse(table_svg(table(rules="house rules"), lang="en")))


# A round ------------------------------------------------------------------------------------------------


def test_round_lists_actions_in_order() -> None:
    plays = [(0, Play.parse("XX888")), (1, "pass"), (2, Play.parse("DD2229999")), (3, "让牌"), (4, "烧")]
    root = parse(round_html(plays, lang="zh"))
    items = root.findall("li")
    assert len(items) == 5
    assert ["".join(by_class(i, "gj-seat-chip")[0].itertext()) for i in items][:2] == ["0座位0 · 甲队", "1座位1 · 乙队"]
    assert by_class(items[1], "gj-pass")[0].text == "过"
    assert by_class(items[3], "gj-pass")[0].text == "让牌"
    assert by_class(items[4], "gj-pass")[0].text == "烧"  # other texts as given
    assert "算作 2个大花带7个9" in "".join(items[2].find(".//figcaption").itertext())
    en = parse(round_html(plays, lang="en"))
    assert by_class(en.findall("li")[1], "gj-pass")[0].text == "pass"
    assert by_class(en.findall("li")[3], "gj-pass")[0].text == "让牌 (yield to the next two)"
    badges = [by_class(i, "gj-badge")[0].get("style") for i in en.findall("li")]
    assert "border-radius:50%" in badges[0] and "border-radius:0" in badges[1]  # team shape, not only colour
    with pytest.raises(ValueError, match="seat"):
        round_html([(6, "pass")])


# Languages and the core -----------------------------------------------------------------------------------


def test_language_switch_changes_the_texts() -> None:
    assert i18n.get_language() == "zh"
    try:
        i18n.set_language("en")
        assert parse(card_svg(Card(Rank.TEN, Suit.HEARTS))).get("aria-label") == "10 of hearts"
        assert "counts as" in play_html(Play.parse("999"))
        assert "Team A" in table_svg(table())
        assert "hand of" in hand_html(Hand.parse("9"))
    finally:
        i18n.set_language("zh")
    assert parse(card_svg(Card(Rank.TEN, Suit.HEARTS))).get("aria-label") == "红桃10"
    assert "甲队" in table_svg(table())


def test_every_render_message_exists_in_both_languages() -> None:
    keys = [k for k in i18n.MESSAGES if k.startswith("render.")]
    assert len(keys) > 30
    assert all(all(text.strip() for text in i18n.MESSAGES[k]) for k in keys)


def test_core_objects_show_themselves_as_pictures() -> None:
    assert parse(Card(Rank.NINE, Suit.SPADES)._repr_html_()).get("aria-label") == "黑桃9"
    assert "gj-hand" in Hand.parse("99")._repr_html_()
    assert "gj-play" in Play.parse("DD999")._repr_html_()


def test_importing_the_core_does_not_import_the_pictures() -> None:
    code = (
        "import sys, gouji_teach as g\n"
        "g.Play.parse('DD999'); repr(g.Hand.parse('99'))\n"
        "assert 'gouji_teach.show.pictures' not in sys.modules, 'pictures imported'\n"
        "assert not any(m.startswith(('ipywidgets', 'IPython')) for m in sys.modules)\n"
        "g.Card.parse('D')._repr_html_()\n"
        "assert 'gouji_teach.show.pictures' in sys.modules\n"
        "assert not any(m.startswith(('ipywidgets', 'IPython')) for m in sys.modules), 'pictures import Jupyter'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- tribute and finish pictures (issue 11 item 5) ------------------------------------------------------------------
def test_tribute_svg_draws_one_labelled_arrow_per_payment_in_both_languages():
    from gouji_teach.show.pictures import tribute_svg

    payments = [("落贡", 5, 0, 2), ("点贡", 4, 1, 1), ("闷贡", 2, 3, 1)]
    zh, en = tribute_svg(payments, lang="zh"), tribute_svg(payments, lang="en")
    for svg in (zh, en):
        ET.fromstring(svg)  # well-formed
        assert svg.count('class="gj-arrow"') == 3 and svg.count("gj-badge") == 6
        assert "落贡 ×2" in svg and "点贡 ×1" in svg and "闷贡 ×1" in svg  # kind and number, not colour alone
    assert "座位5→座位0：落贡2张" in zh and "seat 5 → seat 0: 2 × 落贡" in en
    assert "max-width:180px" in zh and "width:100%" in zh  # two fit side by side at 390 px, and they shrink
    assert "不进贡" in tribute_svg([], lang="zh")
    # the same payments in another order draw the same picture
    assert tribute_svg(list(reversed(payments)), lang="zh") == zh


def test_finish_svg_shows_the_order_out_men_burns_and_the_asked_seat_not_the_places():
    from gouji_teach.show.pictures import finish_svg

    svg = finish_svg((1, 0, 3, 4, 5), men=[(2, 3)], kaidian=[1], burns=[(5, 4)], asked=2, lang="zh")
    ET.fromstring(svg)
    assert "第1个走" in svg and "被闷" in svg and 'class="gj-asked"' in svg and 'class="gj-burn"' in svg
    assert "开点" in svg and "头科" not in svg and "大落" not in svg  # what happened, not the answer
    assert "out 1st" in finish_svg((1, 0), lang="en")
