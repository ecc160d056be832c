"""The results screen (issue 17): the standings are as tall as their rows and the final
sheet has the room; confetti never crosses the title, the headline or any text; a new
record is a moment of its own, with a sound, covering nothing."""

from __future__ import annotations

import functools

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.results import CONFETTI_SECONDS, ResultsScene
from game.ui import text, theme
from tests.frame_sampling import Sampled
from tests.test_ui_screens import SIZE_IDS, SIZES, make_app, render
from tests.ui_driver import DT, frames, undrawn

SOME = [(1280, 720, 1, False), (1000, 700, 1, False), (390, 844, 3, True),
        (844, 390, 3, True), (1920, 1080, 1, False)]
SOME_IDS = [f"{w}x{h}r{d}" for w, h, d, _ in SOME]
NEWS = {0: ["best score yet (was 212)", "top of the high scores"]}  # (the records' words)


@functools.cache
def finished(game_id: str, players: int = 2):
    info = GAMES[game_id]
    seats = [Seat(["Ada", "Bram", "Cleo", "Dev"][i], None if i == 0 else "normal")
             for i in range(players)]
    state = info.new_game(seats, seed=11)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(players)}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    return state.save()


def results(app, game_id: str = "yatzy", news=None, players: int = 2) -> ResultsScene:
    info = GAMES[game_id]
    scene = app.show("results", info=info, state=info.state_type().load(
        finished(game_id, players)), news=news or {})
    scene.ensure_layout()
    return scene


def last_row_bottom(scene: ResultsScene) -> int:
    rows_top = scene.ranking_box.y + theme.px(10) + theme.px(26) + theme.px(6)
    return rows_top + len(scene.ranking) * scene.row_h


@pytest.mark.parametrize("size", SOME, ids=SOME_IDS)
@pytest.mark.parametrize("game_id", ["yatzy", "farkle"])
def test_the_standings_are_as_tall_as_their_rows_and_the_sheet_has_the_room(game_id, size):
    app = make_app(size)
    try:
        scene = results(app, game_id)
        box, sheet = scene.ranking_box, scene.sheet_box
        empty = box.bottom - last_row_bottom(scene)
        assert 0 <= empty <= theme.px(16), f"{theme.dp(empty):.0f} dp of the panel are empty"
        assert scene.row_h >= theme.px(48)  # two players: large rows
        if size[0] > size[1]:  # side by side: the sheet beside takes the rest
            assert sheet.w >= 1.3 * box.w and sheet.h >= box.h
            if size[1] >= 560:  # (a phone on its side has little height for either)
                assert sheet.h >= 1.5 * box.h
            assert box.w <= 0.42 * (sheet.right - box.x) + theme.px(1)
        else:  # one above the other: the sheet under them takes the rest
            assert sheet.h >= 1.3 * box.h and sheet.top > box.bottom
        with text.record() as drawn:
            app.draw()
        names = [d for d in drawn if box.contains(d.box) and d.text in ("Ada", "Bram")]
        assert len(names) == 2 and all(d.ink.bottom <= box.bottom for d in names)
    finally:
        pygame.quit()


def confetti_pixels(app, scene: ResultsScene, shown: pygame.Surface | None = None
                    ) -> pygame.mask.Mask:
    """The pixels the confetti took on the screen this frame: the frame drawn with its
    confetti (``shown``, if it was drawn already) and again without (the same moment, the
    pieces taken away)."""
    if shown is None:
        app.draw()
        shown = app.screen.copy()
    pieces, scene.confetti = scene.confetti, []
    try:
        app.draw()
    finally:
        scene.confetti = pieces
    same = pygame.mask.from_threshold(shown, (0, 0, 0, 0), (1, 1, 1, 255), app.screen)
    same.invert()
    return same


def overlap(mask: pygame.mask.Mask, rect: pygame.Rect) -> int:
    rect = rect.clip(pygame.Rect((0, 0), mask.get_size()))
    if not rect.w or not rect.h:
        return 0
    return mask.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft)


@pytest.mark.parametrize("size", SOME[:4], ids=SOME_IDS[:4])
def test_confetti_never_crosses_the_title_or_any_text(size):
    """(The frames looked at: those where a message or the new record's card comes or
    goes, the two after, and every third: a piece takes a dozen frames to cross a line of
    text.)"""
    app = make_app(size)
    try:
        scene = results(app, news=NEWS)
        seen = 0
        frame = 0
        look = Sampled(every=3)
        while scene.time < CONFETTI_SECONDS + 0.1:
            if frame == 90:
                app.notify("Records saved")  # a message for a while, over the headline
            if look((app.toast is not None, scene.record_shown() > 0,
                     scene.record_shown() >= 1)):
                with text.record() as drawn:
                    app.draw()
                confetti = confetti_pixels(app, scene, app.screen.copy())
                seen += confetti.count()
                for name, box in (("title", scene.title_box),
                                  ("headline", scene.headline_box)):
                    assert not overlap(confetti, box), \
                        f"confetti in the {name} at {scene.time:.2f}s"
                for d in drawn:
                    assert not overlap(confetti, d.ink), \
                        f"confetti over {d.text!r} at {scene.time:.2f}s"
                assert not overlap(confetti, scene.record_box)
            with undrawn(app):  # (a frame looked at is drawn above, afresh)
                app.step(DT)
            frame += 1
        assert seen > 10_000  # (it did fall: this is not a screen without confetti)
        assert not confetti_pixels(app, scene).count()  # and it fell once
    finally:
        pygame.quit()


def test_a_new_record_is_celebrated_once_with_a_sound():
    app = make_app(SOME[0])
    try:
        scene = results(app, news=NEWS)
        app.sounds.played.clear()
        frames(app, 20)
        assert scene.record_shown() == 0 and "record" not in app.sounds.played
        for _ in range(120):
            app.step(DT)
            if scene.record_shown():
                break
        assert app.sounds.played.count("record") == 1
        with text.record() as drawn:
            app.draw()
        card = [d.text for d in drawn if scene.record_box.contains(d.box)]
        assert "New record!" in card and any("Ada" in t and "best score yet" in t for t in card)
        frames(app, 400)  # the moment comes once
        assert app.sounds.played.count("record") == 1
        plain = results(app)  # a game without a record: no card, no sound
        app.sounds.played.clear()
        frames(app, 200)
        assert "record" not in app.sounds.played and not plain.record_box.w
        with text.record() as drawn:
            app.draw()
        assert not any("new record" in d.text.lower() for d in drawn)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_new_record_covers_nothing_at_any_size(size):
    app = make_app(size)
    try:
        scene = results(app, "grab_it", news={0: ["best score yet (was 61)",
                                                  "top of the high scores"],
                                              2: ["2nd in the high scores"]}, players=4)
        while not scene.record_shown() >= 1:
            app.step(DT)
        screen = render(app, size, "results with a new record")
        card = scene.record_box
        if card.w:  # its own place: over no panel, text or button
            for other in [scene.title_box, scene.headline_box, scene.ranking_box,
                          scene.sheet_box] + [b.rect for b in scene.focus.buttons]:
                assert not card.colliderect(other)
            inside = " ".join(d.text for d in screen.drawn if card.contains(d.box))
            assert "New record!" in inside and "Ada" in inside and "Cleo" in inside
        else:  # no room for a card (a phone on its side): the title says it
            assert any("new record" in d.text for d in screen.drawn)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SOME, ids=SOME_IDS)
def test_each_partner_of_a_team_is_named_in_the_standings(size):
    """Partnerships: each row names both partners, one a line, at one size (a long name
    ends in "…", never shrunk): "Ada & Cleo" was cut to "Ada…" before."""
    app = make_app(size)
    try:
        scene = results(app, "grab_it", players=4)
        with text.record() as drawn:
            app.draw()
        box = scene.ranking_box
        names = [d for d in drawn if box.contains(d.box) and d.source.rstrip(" &") in
                 {"Ada", "Bram", "Cleo", "Dev"}]
        assert sorted(d.source.rstrip(" &") for d in names) == ["Ada", "Bram", "Cleo", "Dev"]
        assert len({d.size for d in names}) == 1 and names[0].size >= 16
        assert not text.overflows(drawn)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SOME, ids=SOME_IDS)
def test_the_players_names_are_one_size_however_long(size):
    """Eight players with the longest names: every name in the standings at one size, a
    name too long for its place cut with "…" rather than drawn smaller than the others
    ("MMMMMMMMMMMMMM…" came out 16 px beside 22 px names)."""
    from game.launcher import LONG_NAMES
    info = GAMES["farkle"]
    seats = [Seat(LONG_NAMES[i], None if i == 0 else "normal") for i in range(8)]
    state = info.new_game(seats, seed=5)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(8)}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    app = make_app(size)
    try:
        scene = app.show("results", info=info, state=state, news={})
        scene.ensure_layout()
        with text.record() as drawn:
            app.draw()
        box = scene.ranking_box
        names = {s.name for s in seats}
        shown = [d for d in drawn if box.contains(d.box) and (
            d.source in names or d.text.endswith("…"))]
        assert len(shown) == 8, [d.text for d in shown]
        if size[0] <= 1000 or size[3]:  # a narrow panel: the case this is about (a name cut;
            assert any(d.text.endswith("…") for d in shown)  # wider, on the type scale, all fit)
        assert len({d.size for d in shown}) == 1, {d.text: d.size for d in shown}
        assert not text.overflows(drawn)
    finally:
        pygame.quit()


@functools.cache
def eight_long_names() -> str:
    from game.launcher import LONG_NAMES
    info = GAMES["farkle"]
    seats = [Seat(LONG_NAMES[i], None if i == 0 else "normal") for i in range(8)]
    state = info.new_game(seats, seed=5)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(8)}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    return state.save()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_every_place_of_eight_is_shown_whole_or_signed_and_reached(size):
    """Eight players at every size of the matrix: each place of the standings is drawn
    whole inside its panel (at 360x640 the fifth row ran over the panel's edge and places
    6-8 were hidden without a sign); where the panel cannot hold them all, the standings
    say how many more there are and scroll (page keys, the wheel, a drag) to the last."""
    from game.ui import probe
    from tests import test_ui_scroll as scrolling
    info = GAMES["farkle"]
    app = make_app(size)
    try:
        scene = app.show("results", info=info, state=info.state_type().load(
            eight_long_names()), news={})
        scene.ensure_layout()
        with text.record() as drawn, probe.record_scrollers() as regions:
            app.draw()
        box = scene.ranking_box
        places = [d for d in drawn if d.text in {f"{k}." for k in range(1, 9)}]
        assert all(box.contains(d.ink) for d in places), "a place drawn over the panel's edge"
        view = scene.rank_scroll.viewport
        for d in drawn:  # nothing of a row outside the rows' view
            if box.contains(d.box) and d.box.top >= view.top and d.text not in ("Place",):
                assert view.contains(d.ink), f"{d.text!r} cut by the edge of the standings"
        standings = [r for r in regions if r.name == "standings"][-1]
        hidden = 8 - len(places)
        if not hidden:
            assert not standings.signs
            return
        assert standings.signs == ("below",)
        assert any(d.text == f"{hidden} more" for d in drawn), "no count of the places hidden"
        scrolling.check_region(app, "standings", lambda: _top(app, scene), pygame.K_PAGEDOWN)
        _top(app, scene)
        for _ in range(8):
            scrolling.key(pygame.K_PAGEDOWN)
            frames(app, 1)
        with text.record() as drawn:
            app.draw()
        assert any(d.text == "8." and view.contains(d.ink) for d in drawn), \
            "Page Down never brings the last place into view"
    finally:
        pygame.quit()


def _top(app, scene) -> None:
    scene.rank_scroll.offset = 0
    scene.sheet.scroll.offset = 0
    frames(app, 2)


@pytest.mark.parametrize("size, lines", [((640, 360, 2, True), 1), ((360, 640, 2, True), 2),
                                         ((1280, 720, 1, False), 1)],
                         ids=["640x360", "360x640", "1280x720"])
def test_the_buttons_take_as_few_lines_as_their_labels_allow(size, lines):
    """Five buttons of 140 dp took two lines at 640x360 and three on a 360x640 phone (the
    standings and the sheet had the room left): alike in width, as many to a line as their
    labels allow, each label whole."""
    app = make_app(size)
    try:
        scene = results(app, "farkle", players=4)
        tops = {b.rect.top for b in scene.focus.buttons}
        assert len(tops) == lines, tops
        assert len({b.rect.w for b in scene.focus.buttons}) == 1
        with text.record() as drawn:
            app.draw()
        for b in scene.focus.buttons:
            assert b.label in [d.text for d in drawn if b.rect.contains(d.box)], b.label
    finally:
        pygame.quit()
