"""The rules screens (issue 17) show each combination with the game's own dice and cards
drawn beside the words, at every screen size, and their worked examples are right."""

from __future__ import annotations

import re

import pygame
import pytest

from game.catalog import GAMES
from game.games.pirates.rules import CARD_NAMES
from game.scenes.rules import RulesScene, load_rules
from game.ui import inline, probe, text, theme
from game.ui.dice import FACE_SETS
from tests.test_ui_screens import make_app

SIZES = [(1280, 720, 1, False), (390, 844, 3, True), (360, 640, 2, True),
         (844, 390, 3, True), (1920, 1080, 1, False)]
IDS = [f"{w}x{h}r{d}" for w, h, d, _ in SIZES]
MARKUP = re.compile(r"[{}]|card:")


def markup_pictures(game_id: str) -> tuple[list, list]:
    """The dice and the cards the rules text asks for, in order."""
    dice, cards = [], []
    deck = GAMES[game_id].state_type().CARD_DECK  # (the game's cards, if it has any)
    for part in inline.parse(load_rules(GAMES[game_id]), "{", deck):
        if isinstance(part, inline.Dice):
            dice.append(part.values)
        elif isinstance(part, inline.Card):
            cards.append(part.name)
    return dice, cards


def read_through(app, scene: RulesScene):
    """Every page of the rules, top to bottom: what was drawn on each (texts, pictures with
    their place in the whole text), the viewport."""
    pages = []
    scene.area.offset = 0
    while True:
        with text.record() as drawn, probe.record_shown() as shown:
            app.draw()
        pages.append((scene.area.offset, drawn, shown))
        if scene.area.offset >= scene.area.max_offset:
            return pages
        scene.area.scroll(scene.area.viewport.h - theme.px(40))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_draw_their_dice_and_cards(game_id, size):
    want_dice, want_cards = markup_pictures(game_id)
    assert len(want_dice) >= 6  # every game's combinations come with dice
    app = make_app(size)
    try:
        app.show("menu", game_id=game_id)
        scene = app.open("rules", info=GAMES[game_id])
        scene.ensure_layout()
        view = scene.area.viewport
        dice, cards = {}, {}
        for offset, drawn, shown in read_through(app, scene):
            words = [d for d in drawn if view.colliderect(d.box)]
            assert words, "nothing written"
            raw = [d.text for d in drawn if MARKUP.search(d.text)]
            assert not raw, f"markup shown as text: {raw}"
            assert not text.overflows(drawn) and not text.under_floor(drawn)
            assert not text.broken_words(drawn)
            pictures = [(kind, what, rect) for kind, what, rect in shown
                        if view.colliderect(rect)]
            for kind, what, rect in pictures:
                assert view.left <= rect.left and rect.right <= view.right, \
                    f"{kind} {what} leaves the text sideways"
                seen = rect.clip(view)
                for d in words:  # no picture is drawn over a word
                    assert not d.ink.clip(view).colliderect(seen), f"{kind} over {d.text!r}"
                place = (rect.x, rect.y + offset)  # where it is in the whole text
                if kind in ("die", "card"):  # (a card's face also tells its words)
                    (dice if kind == "die" else cards)[place] = what
        # every die and card of the text, once each, in reading order
        in_order = [dice[p] for p in sorted(dice, key=lambda p: (p[1], p[0]))]
        want = [v for group in want_dice for v in group]
        assert sorted(map(str, in_order)) == sorted(map(str, want))
        assert len(in_order) == len(want)
        assert sorted(cards.values()) == sorted(want_cards)
        if game_id == "pirates":
            assert set(cards.values()) == set(CARD_NAMES)  # each Fortune Card, drawn
            assert set(in_order) == set(FACE_SETS["pirate"])  # each face
        else:
            assert set(in_order) <= set(FACE_SETS["pips"])
    finally:
        pygame.quit()


def test_full_house_is_shown_as_three_3s_and_two_5s():
    app = make_app(SIZES[0])
    try:
        app.show("menu", game_id="yatzy")
        scene = app.open("rules", info=GAMES["yatzy"])
        scene.ensure_layout()
        line = next(ln for ln in scene.lines if ln[0].startswith("Full House"))
        assert "[3 3 3 5 5]" in line[0]  # the words keep the dice for a screen reader
        assert line.layout.dice() == [3, 3, 3, 5, 5]
        runs = [r.kind for r in line.layout.runs]
        assert runs.index("dice") > runs.index("text")  # beside the words
    finally:
        pygame.quit()


# -- the worked examples are right ---------------------------------------------------------
def _dice(group: str) -> list[int]:
    return [int(v) for v in group.split()]


def _category(labels: dict, name: str) -> str:
    norm = {re.sub(r"\W", "", v).lower(): k for k, v in labels.items()}
    return norm[re.sub(r"\W", "", name).lower()]


def bullets(game_id: str):
    for line in load_rules(GAMES[game_id]).splitlines():
        if line.startswith("- "):
            yield line[2:]


@pytest.mark.parametrize("game_id", ["yatzy", "maxi_yatzy"])
def test_the_yatzy_examples_score_what_they_say(game_id):
    from game.games.yatzy.rules import LABELS, score
    checked = 0
    for line in bullets(game_id):
        label = line.split(":")[0]
        for group, box, points in re.findall(r"\{([1-6 ]+)\}(?: in ([\w ]+?))? scores (\d+)",
                                             line):
            category = _category(LABELS, box or label)
            assert score(category, _dice(group)) == int(points), line
            checked += 1
        for group, points in re.findall(r"\{([1-6 ]+)\}[^{]*?always (\d+)", line):
            assert score(_category(LABELS, label), _dice(group)) == int(points), line
            checked += 1
    assert checked >= 10


def test_the_farkle_table_scores_what_it_says():
    from game.games.farkle.rules import score_selection
    checked = 0
    for line in bullets("farkle"):
        for group, points in re.findall(r"\{([1-6 ]+)\}(?: is)? ([\d,]+)", line):
            assert score_selection(_dice(group)) == int(points.replace(",", "")), line
            checked += 1
    assert checked >= 15


def test_the_grab_it_boxes_hold_their_examples():
    from game.games.grab_it.rules import LABELS, score
    checked = 0
    for line in bullets("grab_it"):
        m = re.match(r"([\w ]+?) (\d+): ", line)
        if m is None or re.sub(r"\W", "", m.group(1)).lower() not in {
                re.sub(r"\W", "", v).lower() for v in LABELS.values()}:
            continue
        for group in re.findall(r"\{([1-6 ]+)\}", line):
            if len(group.split()) == 5:
                assert score(_category(LABELS, m.group(1)), _dice(group)) == int(m.group(2))
                checked += 1
    for group, points in re.findall(r"\{([1-6 ]+)\} scores (\d+)",
                                    load_rules(GAMES["grab_it"])):
        assert score("sum", _dice(group)) == int(points)
    assert checked >= 10


def test_the_bona_fortuna_boxes_hold_their_examples():
    from game.games.bona_fortuna.rules import meld_score
    melds = {"5 of a Kind": "five_of_a_kind", "4 of a Kind": "four_of_a_kind",
             "Big Straight": "big_straight", "Small Straight": "small_straight"}
    checked = 0
    for line in bullets("bona_fortuna"):
        m = re.match(r"([\w ']+?): (\d+)\. ", line)
        if m and m.group(1) in melds:
            for group in re.findall(r"\{([1-6 ]+)\}", line):
                assert meld_score(melds[m.group(1)], _dice(group)) == int(m.group(2)), line
                checked += 1
        for name, group, points in re.findall(
                r"(3 of a Kind|Full House) \([^{]*\{([1-6 ]+)\}\) is (\d+)", line):
            meld = {"3 of a Kind": "three_of_a_kind", "Full House": "full_house"}[name]
            assert meld_score(meld, _dice(group)) == int(points), line
            checked += 1
        for group, box, points in re.findall(r"\{([1-6 ]+)\} in (\d)'s scores (\d+)", line):
            assert sum(v for v in _dice(group) if v == int(box)) == int(points)
            checked += 1
    assert checked >= 5


def test_the_pirate_examples_score_what_they_say():
    from game.games.pirates.rules import score_turn
    checked = 0
    for group, points in re.findall(r"\{([a-z ]+)\} scores (\d+)", load_rules(GAMES["pirates"])):
        faces = group.split()
        # the rest of the eight dice score nothing: two skulls, then faces not in the example
        rest = ["skull", "skull"] + [f for f in ("monkey", "sword", "parrot") if f not in faces]
        faces += rest[:8 - len(faces)]
        assert len(faces) == 8
        assert score_turn(faces, "sorceress") == int(points), group
        checked += 1
    assert checked >= 3
