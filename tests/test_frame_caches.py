"""The table keeps what does not change between frames: the top bar's picture, the sheet's
model, the sheet's cells and labels as pictures, the widths measured for its columns, and,
after a move, the parts of the screen that show the same (game.scenes.table_frames:
``draw_changed``). Whatever changes must show all the same: each test changes one thing a
kept picture depends on and checks the frame against a whole redraw made afresh (nothing
kept: as when a test reads what is drawn)."""

from __future__ import annotations

import copy
import dataclasses

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.ui import probe, theme
from game.ui.sheet import SPREAD_A_DRAW, SPREAD_FEW, VACATED
from tests.test_redraw import GARBAGE, stale_parts, table_redrawn
from tests.test_ui_screens import long_seats, make_app

SIZE = (640, 480, 1, False)


def with_previews(play):
    """A copy of the table's sheet model with the first player's first three boxes showing
    previews ("4", "10", "15"), as a player's dice give them."""
    model = copy.deepcopy(play._sheet_model())
    boxes = [r for r in model.rows if r.key][:3]
    for r, value in zip(boxes, ("4", "10", "15"), strict=True):  # (the first player's)
        r.cells[0] = dataclasses.replace(r.cells[0], text=value)
    return model


def whole_frame_differs(app, play) -> str:
    """Where the screen differs from a whole redraw of the table ("" where nowhere); a
    sheet left late to the next frame is not looked at (test_redraw checks it comes)."""
    fresh = table_redrawn(play, app.screen)
    shown = app.screen
    stale = ([play.sheet.rect] if play._sheet_late else []) + stale_parts(play, app.screen)
    if stale:  # (parts owed to the next frames: test_redraw checks they come)
        shown = shown.copy()
        for picture in (shown, fresh):
            for area in stale:
                picture.fill(GARBAGE, area)
    if pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB"):
        return ""
    found = [name for name, rect in play.regions.items()
             if pygame.image.tobytes(shown.subsurface(rect.clip(shown.get_rect())), "RGB") !=
             pygame.image.tobytes(fresh.subsurface(rect.clip(fresh.get_rect())), "RGB")]
    return ", ".join(found) or "outside the regions"


def settle(app, play, frames: int = 240, check: bool = True) -> None:
    """Frames until the table is idle (with ``check``, every frame drawn is checked against
    a whole redraw)."""
    for _ in range(frames):
        before = app.drawn_frames
        app.step(1 / 60)
        if check and app.drawn_frames != before and app.scene is play:
            where = whole_frame_differs(app, play)
            assert not where, f"frame {app.frame}: stale {where}"
        if app.idle and not play.busy:
            return


@pytest.fixture
def table():
    app = make_app(SIZE)
    info = GAMES["yatzy"]
    play = app.show("play", info=info, state=info.new_game(long_seats(2, humans=2), seed=4),
                    autosave=False)
    play.banner = None  # (the seating's: not what these tests look at)
    settle(app, play, check=False)
    assert play.chrome._top_kept is not None, "the top bar's picture is not kept"
    yield app, play
    pygame.quit()


def bar_picture(app, play) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(play.regions["bar"]), "RGB")


def test_the_turn_passing_shows_in_the_top_bar(table):
    """The first player plays a turn (as the bot would): the bar names the next player,
    in their colour, and every frame on the way is a whole frame's picture."""
    app, play = table
    bot = make_policy(play.info.bot_module, "normal", seed=1)
    bar = bar_picture(app, play)
    first = play.state.current
    while play.state.current == first:
        assert play.act(bot.choose(play.state))
        settle(app, play)
    settle(app, play)
    assert play.shown_seat == play.state.current != first
    assert bar_picture(app, play) != bar, "the turn passed and the bar did not change"
    assert not whole_frame_differs(app, play)


@pytest.mark.parametrize("change", ["hover", "focus", "palette", "large_text", "resize"])
def test_a_change_of_the_bar_or_the_looks_shows(table, change):
    """The pointer over a tool of the bar, the keyboard's focus on one, the colour-blind
    palette, larger text, a window of another size: the next frames show it."""
    app, play = table
    bar, screen = bar_picture(app, play), pygame.image.tobytes(app.screen, "RGB")
    size = app.screen.get_size()
    if change == "hover":
        button = play.top_buttons.buttons[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
    elif change == "focus":  # (as Tab moves it in a group of buttons)
        play.top_buttons.move(1)
        app.invalidate()
    elif change == "palette":
        app.settings.colour_blind = not app.settings.colour_blind
        app.apply_looks()
    elif change == "large_text":
        app.settings.large_text = not app.settings.large_text
        app.apply_looks()
    else:
        app.resize((size[0] + 80, size[1] + 40))
    try:
        settle(app, play)
        assert not whole_frame_differs(app, play)
        assert pygame.image.tobytes(app.screen, "RGB") != screen, f"{change}: no change"
        if change in ("hover", "focus", "palette", "large_text"):
            assert bar_picture(app, play) != bar, f"{change}: the bar did not change"
    finally:
        app.settings.colour_blind = app.settings.large_text = False
        app.apply_looks()


def fresh_surface(play, model, size) -> pygame.Surface:
    """A clean surface with the sheet drawn afresh on it (nothing kept)."""
    surface = pygame.Surface(size, 0, play.app.screen)
    surface.fill(theme.BG)
    sheet = copy.copy(play.sheet)
    sheet._picture, sheet._picture_key, sheet._cells, sheet._cells_before = None, None, {}, {}
    sheet._settled, sheet._layout_kept, sheet._heights_kept = None, None, {}  # (nor measures)
    with probe.record():
        sheet.draw(surface, model)
    return surface


def fresh_sheet(play, model, size) -> bytes:
    """The sheet drawn afresh (nothing kept) on a clean surface."""
    surface = fresh_surface(play, model, size)
    return pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")


def fresh_layout(play, model) -> dict:
    """The columns' widths of ``model`` laid out afresh."""
    sheet = copy.copy(play.sheet)
    sheet._settled, sheet._layout_kept = None, None
    return sheet._lay_out(model, sheet.rect.inflate(-theme.px(16), -theme.px(12)))[4]


def kept_sheet(play, model, size) -> bytes:
    surface = pygame.Surface(size, 0, play.app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    return pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")


def changed(model, how: str):
    """``model`` with one thing changed that a kept cell or label picture depends on."""
    model = copy.deepcopy(model)
    row = next(r for r in model.rows if r.key and r.cells[0].text == "")
    cell = row.cells[0]
    if how == "value":
        row.cells[0] = dataclasses.replace(cell, text="17")
    elif how == "colour":
        row.cells[0] = dataclasses.replace(cell, text="8", colour=theme.GOOD)
    elif how == "struck":
        row.cells[0] = dataclasses.replace(cell, text="0", strike=True)
    elif how == "mark":
        row.cells[0] = dataclasses.replace(cell, text="8", mark="best")
    elif how == "label":
        row.label = row.label + " box"
    elif how == "active":
        model.active_column = 1 - model.active_column
    elif how == "cursor":  # (the keyboard's cursor: a lit row, its focus ring past it)
        model.cursor = row.key
    return model


@pytest.mark.parametrize("how", ["value", "colour", "struck", "mark", "label", "active"])
def test_a_sheet_cell_that_changes_is_drawn_anew(table, how):
    """The sheet drawn again after one cell (or label, or the player to act) changed
    keeps the pictures of the others: it must be the sheet drawn afresh."""
    app, play = table
    size = app.screen.get_size()
    model = play._sheet_model()
    first = kept_sheet(play, model, size)
    assert kept_sheet(play, model, size) == first == fresh_sheet(play, model, size)
    later = changed(model, how)
    drawn = kept_sheet(play, later, size)
    assert drawn != first, f"{how}: nothing changed on the sheet"
    assert drawn == fresh_sheet(play, later, size), f"{how}: a stale cell"


@pytest.mark.parametrize("how", ["value", "colour", "struck", "mark", "label", "active",
                                 "cursor"])
def test_a_sheet_drawn_over_itself_paints_what_changed(table, how):
    """Drawn over the sheet the screen shows (``over``), the sheet paints again only the
    elements that changed (a cell, not the whole sheet), and the picture is the sheet
    drawn afresh."""
    app, play = table
    size = app.screen.get_size()
    model = play._sheet_model()
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    later = changed(model, how)
    painted = play.sheet.draw(surface, later, over=play.sheet._key(model))
    rect = play.sheet.rect
    assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == \
        fresh_sheet(play, later, size), f"{how}: drawn over itself, not the sheet"
    if how in ("value", "colour", "struck", "mark"):  # (a longer label widens its column:
        # the sheet is laid out again, painted whole)
        assert painted, f"{how}: nothing painted"
        assert sum(r.w * r.h for r in painted) < rect.w * rect.h // 4, \
            f"{how}: more than the cell painted again"


def test_a_column_lit_again_is_painted_from_its_pictures(table, monkeypatch):
    """The player to act's column is lit; the turn passes (the other column lit, its
    values changing over a few draws, as a player's dice change its previews) and comes
    back: the cells lit again are painted from the pictures kept of them a turn before,
    no text written again, and the sheet is the sheet drawn afresh."""
    from game.ui import sheet as sheet_module

    app, play = table
    size = app.screen.get_size()
    model = with_previews(play)
    lit = {c.text for r in model.rows for c in r.cells[:1] if c.text}
    assert model.active_column == 0 and len(lit) >= 4, lit
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    other = changed(model, "active")
    row = next(r for r in other.rows if r.key and r.cells[1].text == "")
    shown = model
    for value in ("3", "9", "12", "7"):  # (the other player's previews)
        later = copy.deepcopy(other)
        later.rows[other.rows.index(row)].cells[1] = dataclasses.replace(row.cells[1],
                                                                         text=value)
        play.sheet.draw(surface, later, over=play.sheet._key(shown))
        shown = later
    written = []
    own = sheet_module.draw_text_in
    monkeypatch.setattr(sheet_module, "draw_text_in",
                        lambda *a, **k: written.append(a[1]) or own(*a, **k))
    play.sheet.draw(surface, model, over=play.sheet._key(shown))
    monkeypatch.undo()
    assert pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB") == \
        fresh_sheet(play, model, size)
    assert not lit & set(written), f"written again: {written}"


def test_the_sheet_keeps_nothing_of_another_size(table):
    """A sheet of another width lays its columns out again: no cell of the old width."""
    app, play = table
    size = app.screen.get_size()
    model = play._sheet_model()
    kept_sheet(play, model, size)
    play.sheet.rect = play.sheet.rect.inflate(-60, 0)
    assert kept_sheet(play, model, size) == fresh_sheet(play, model, size)


def test_a_settled_model_changed_in_place_and_settled_again_shows_it(table):
    """The table's model is settled (its part of the key and its measures worked out
    once); changed in place and settled again (the odds written into the sheet frozen while
    dice fly, ``OddsView.decorate``), the sheet shows the change, over itself and whole."""
    app, play = table
    size = app.screen.get_size()
    model = copy.deepcopy(play._sheet_model())
    play.sheet.settle(model)
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    first = pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")
    shown = play.sheet._key(model)
    for row in model.rows:  # (in place, as the odds are written)
        if row.key and row.cells[0].text == "":
            row.note = "42%"
    play.sheet.settle(model)
    assert play.sheet._key(model) != shown, "the settled key was kept past a change"
    play.sheet.draw(surface, model, over=shown)
    drawn = pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")
    assert drawn != first and drawn == fresh_sheet(play, model, size)
    assert kept_sheet(play, model, size) == drawn


@pytest.mark.parametrize("how", ["wider", "narrower", "label", "footer", "row", "large_text"])
def test_the_sheet_is_laid_out_again_when_what_its_layout_depends_on_changes(table, how):
    """The layout is kept while the rows, the names, the room, the looks and the columns'
    widths are the same: a text that widens or narrows its column, a longer label, a footer
    of two lines, a row more, larger text each lay the sheet out again, drawn over itself
    as after a move and whole."""
    app, play = table
    size = app.screen.get_size()
    model = copy.deepcopy(play._sheet_model())
    row = next(r for r in model.rows if r.key and r.cells[0].text == "")
    at = model.rows.index(row)
    if how == "narrower":  # (a wide text first, then a narrow one)
        row.cells[0] = dataclasses.replace(row.cells[0], text="8888888")
    play.sheet.settle(model)  # (as the table's: what is measured of it kept)
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    first = pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")
    shown = play.sheet._key(model)
    later = model if how == "large_text" else copy.deepcopy(model)
    cell = later.rows[at].cells[0]
    if how == "wider":
        later.rows[at].cells[0] = dataclasses.replace(cell, text="8888888")
    elif how == "narrower":
        later.rows[at].cells[0] = dataclasses.replace(cell, text="8")
    elif how == "label":
        later.rows[at].label += " or any other long words"
    elif how == "footer":
        later.footer = " ".join(["A footer long enough to take two lines"] * 3)
    elif how == "row":
        later.rows.insert(at, copy.deepcopy(later.rows[at]))
    else:
        app.settings.large_text = True
        app.apply_looks()
    try:
        play.sheet.draw(surface, later, over=shown)  # (as the frame after a move)
        drawn = pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")
        assert drawn != first, f"{how}: nothing changed"
        assert drawn == fresh_sheet(play, later, size), f"{how}: the old layout kept"
        assert kept_sheet(play, later, size) == drawn
    finally:
        app.settings.large_text = False
        app.apply_looks()


@pytest.mark.parametrize("how", ["active", "page", "scores"])
def test_a_paged_sheet_is_laid_out_again_for_who_is_to_act_its_page_and_scores(how):
    """A sheet too narrow for every column pages them: the player to act changing, the
    page turned, a score of a player paged out changing, each show (the layout kept for
    one is not the other's)."""
    from game.ui.sheet import Cell, Row, ScoreSheet, SheetModel

    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    rows = [Row("Ones", [Cell(str(i)) for i in range(8)]),
            Row("Total", [Cell(str(10 * i)) for i in range(8)], kind="total")]
    model = SheetModel([(f"P{i}", (255, 255, 255)) for i in range(8)], rows, active_column=6)
    sheet = ScoreSheet(pygame.Rect(0, 0, 300, 500))
    surface = pygame.Surface((1280, 720))
    sheet.draw(surface, model)
    assert sheet.pager, "not paged"
    first = pygame.image.tobytes(surface.subsurface(sheet.rect), "RGB")
    later = copy.deepcopy(model)
    if how == "active":
        later.active_column = 1
    elif how == "page":
        sheet.turn_page(1)
    else:
        paged_out = next(c for c in range(8) if c not in sheet.header_rects)
        later.rows[1].cells[paged_out].text = "12345"
    sheet.draw(surface, later, over=sheet._key(model) if how != "page" else None)
    drawn = pygame.image.tobytes(surface.subsurface(sheet.rect), "RGB")
    fresh = ScoreSheet(pygame.Rect(0, 0, 300, 500), page=sheet.page)
    again = pygame.Surface((1280, 720))
    with probe.record():
        fresh.draw(again, later)
    assert drawn != first, f"{how}: nothing changed"
    assert drawn == pygame.image.tobytes(again.subsurface(fresh.rect), "RGB"), how


def test_a_settled_model_is_measured_again_at_another_scale():
    """What is measured of a settled model (its texts' widths) is kept for its looks only:
    the same model drawn at twice the scale is measured again (a sheet laid out from the
    widths of before would give its labels and columns half their room)."""
    from game.ui.sheet import Cell, Row, ScoreSheet, SheetModel

    pygame.init()
    theme.forget_fonts()
    rows = [Row(f"Label number {i}", [Cell(str(1000 * i)) for _ in range(3)]) for i in range(4)]
    model = SheetModel([(f"Player {i}", (255, 255, 255)) for i in range(3)], rows)
    sheet = ScoreSheet(pygame.Rect(0, 0, 900, 600))
    sheet.settle(model)
    surface = pygame.Surface((1280, 720))
    try:
        theme.metrics.configure((1280, 720))
        sheet.draw(surface, model)
        theme.metrics.configure((1280, 720), dpr=2.0)
        surface.fill(theme.BG)
        sheet.draw(surface, model)
        fresh = ScoreSheet(pygame.Rect(0, 0, 900, 600))
        again = pygame.Surface((1280, 720))
        again.fill(theme.BG)
        with probe.record():
            fresh.draw(again, model)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(again, "RGB")
    finally:
        theme.metrics.configure((1280, 720))


def test_pictures_of_cells_shown_all_along_are_kept_through_many_draws(table, monkeypatch):
    """Drawn over itself many times, one cell changing each time (a player's previews),
    the sheet keeps the pictures of the cells shown all along (not only of those painted
    lately): drawn whole after, it paints them from their pictures, no text written again."""
    from game.ui import sheet as sheet_module

    app, play = table
    size = app.screen.get_size()
    model = with_previews(play)
    shown_all_along = {c.text for r in model.rows for c in r.cells[:1] if c.text}
    assert len(shown_all_along) >= 4, shown_all_along
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    row = next(r for r in model.rows if r.key and r.cells[1].text == "")
    at = model.rows.index(row)
    shown = model
    for value in range(100, 160):  # (the other player's previews, each new)
        later = copy.deepcopy(model)
        later.rows[at].cells[1] = dataclasses.replace(row.cells[1], text=str(value))
        play.sheet.draw(surface, later, over=play.sheet._key(shown))
        shown = later
    last = copy.deepcopy(shown)
    last.rows[at].cells[1] = dataclasses.replace(row.cells[1], text="7")
    written = []
    own = sheet_module.draw_text_in
    monkeypatch.setattr(sheet_module, "draw_text_in",
                        lambda *a, **k: written.append(a[1]) or own(*a, **k))
    drawn = kept_sheet(play, last, size)  # (whole: on a surface of its own)
    monkeypatch.undo()
    assert drawn == fresh_sheet(play, last, size)
    assert not shown_all_along & set(written), f"written again: {written}"


@pytest.mark.parametrize("then", ["same", "changed", "cursor_gone", "relaid"])
def test_a_sheet_painted_in_part_is_finished_by_the_next_draws(table, then):
    """The turn passing changes many cells: drawn over itself with ``spread``, the sheet
    lists them and paints none of them (``SPREAD_FIRST``; but what lies where something is
    gone, and its row) and is unfinished (known by ``shown_key``); each next draw over it
    of the same sheet paints the next ``SPREAD_A_DRAW`` at least, rows whole, and one of a
    sheet changed again meanwhile all that is left at once: the sheet drawn afresh. So too
    when the keyboard's cursor (its ring over the next row) goes with the turn, and when a
    column widens with it (every cell moves: what was is cleared only where nothing is
    painted)."""
    app, play = table
    size = app.screen.get_size()
    model = copy.deepcopy(play._sheet_model())
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    if then == "cursor_gone":  # (on a row low in view: painted in the later half)
        play.sheet.draw(surface, model)
        model.cursor = list(play.sheet.row_rects)[-2]
    play.sheet.draw(surface, model)
    other = changed(model, "active")
    other.cursor = None
    if then == "relaid":
        other = changed(other, "value")
        row = next(r for r in other.rows if r.cells[0].text == "17")
        row.cells[0].text = "1234567"
    shown = dict(play.sheet._shown_elements[1])
    play.sheet.draw(surface, other, over=play.sheet._key(model), spread=True)
    assert play.sheet.unfinished and play.sheet.shown_key != play.sheet._key(other)
    if then in ("same", "changed"):  # (nothing gone: the first draw only lists them)
        assert not play.sheet._fresh, len(play.sheet._fresh)
    part = pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB")
    assert part != fresh_sheet(play, other, size), "all of it painted at once"
    if then == "cursor_gone":  # (the cursor's lit row, gone, is cleared in the first
        # frame, and what lies there painted then: nothing of it is seen a frame more)
        whole = fresh_surface(play, other, size)
        gone = [pygame.Rect(box).clip(where) for box, where in shown
                if (box, where) not in play.sheet._elements]
        assert gone and all(pygame.image.tobytes(surface.subsurface(r), "RGB") ==
                            pygame.image.tobytes(whole.subsurface(r), "RGB") for r in gone)
    left = first_left = len(play.sheet._deferred)
    later = changed(other, "value") if then == "changed" else other
    if then == "relaid":
        assert play.sheet._layout_kept[5][4] != fresh_layout(play, model), "not laid out anew"

    def rows_whole():  # (no row painted in part: a lit row's ring half gone for a frame,
        # a row's cells at two widths where a column widened)
        tops = {ident[0][1] for ident in play.sheet._fresh}
        assert not tops & {ident[0][1] for ident in play.sheet._deferred}, tops
    rows_whole()
    painted, draws = 0, 0
    while True:  # (the same sheet: the next SPREAD_A_DRAW at least, each time; a sheet
        # changed meanwhile: all that differs at once)
        play.sheet.draw(surface, later, over=play.sheet.shown_key, spread=True)
        painted += len(play.sheet._fresh)
        draws += 1
        if not play.sheet.unfinished:
            break
        rows_whole()
        assert then != "changed", "a sheet changed meanwhile left in part again"
        now = len(play.sheet._deferred)
        assert now <= left - SPREAD_A_DRAW, (now, left)
        left = now
    assert play.sheet.shown_key == play.sheet._key(later)
    assert draws >= (1 if then == "changed" else 2), draws  # (more than half was left)
    if then != "changed":  # (what a draw painted is not painted again)
        assert painted <= first_left * 3 // 2 + 2, (painted, first_left)
    assert pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB") == \
        fresh_sheet(play, later, size)


def scrolling_table(players: int = 2):
    """(app, play): Yatzy on a phone held upright (ratio 2, touch) between ``players``
    people with long names, settled: its sheet's rows scroll (six: its columns page)."""
    app = make_app((390, 844, 2, True))
    info = GAMES["yatzy"]
    play = app.show("play", info=info, state=info.new_game(
        long_seats(players, humans=players), seed=4), autosave=False)
    play.banner = None
    settle(app, play, check=False)
    return app, play


def finish_spread(play, surface, model, size) -> int:
    """Draw ``model`` over what ``surface`` shows until the sheet is whole (spread, as in
    the page); each draw (the last one drawn, then these) shows every row where it is
    now: what differs from the sheet drawn afresh lies only where an element not painted
    yet goes (no row twice, nothing where it was). The elements painted, in all."""
    sheet = play.sheet
    final = fresh_surface(play, model, size)
    painted = len(sheet._fresh)
    while True:
        left = [pygame.Rect(box).clip(where) for box, where in sheet._deferred]
        a = surface.subsurface(sheet.rect).copy()
        b = final.subsurface(sheet.rect).copy()
        for part in left:  # (not painted yet: whatever is there)
            a.fill((255, 0, 255), part.move(-sheet.rect.x, -sheet.rect.y))
            b.fill((255, 0, 255), part.move(-sheet.rect.x, -sheet.rect.y))
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), \
            "a row shown where it is not"
        if not sheet.unfinished:
            break
        sheet.draw(surface, model, over=sheet.shown_key, spread=True)
        painted += len(sheet._fresh)
    assert pygame.image.tobytes(surface.subsurface(sheet.rect), "RGB") == \
        pygame.image.tobytes(final.subsurface(sheet.rect), "RGB")
    return painted


@pytest.mark.parametrize("how", ["value", "colour"])
def test_a_sheet_with_a_few_changes_is_painted_at_once_when_spread(table, how):
    """A move that changes a cell or two (``SPREAD_FEW``) is painted in the draw that finds
    it, spread or not: only many changes are left to the next frames."""
    app, play = table
    size = app.screen.get_size()
    model = copy.deepcopy(play._sheet_model())
    surface = pygame.Surface(size, 0, app.screen)
    surface.fill(theme.BG)
    play.sheet.draw(surface, model)
    other = changed(model, how)
    play.sheet.draw(surface, other, over=play.sheet._key(model), spread=True)
    assert not play.sheet.unfinished and 0 < len(play.sheet._fresh) <= SPREAD_FEW
    assert pygame.image.tobytes(surface.subsurface(play.sheet.rect), "RGB") == \
        fresh_sheet(play, other, size)


@pytest.mark.parametrize("view", ["scrolled", "scrolled_in_layout", "paged"])
def test_a_sheet_whose_rows_scrolled_is_painted_at_once(view):
    """The turn passes as the rows scroll (the bot's choice brought into view) or the
    columns page: the sheet is not spread over frames (``ScoreSheet.draw``'s ``spread``)
    but where the rows in view are moved where they are now (``_shifted``), or the rows
    painted first would show beside those they pushed on (a row twice on screen for 80
    ms). So too when the scroll comes once the sheet is laid out (a row revealed before
    its place was known). The turn passing alone is still spread."""
    app, play = scrolling_table(6 if view == "paged" else 2)
    try:
        size = app.screen.get_size()
        model = copy.deepcopy(play._sheet_model())
        surface = pygame.Surface(size, 0, app.screen)
        surface.fill(theme.BG)
        play.sheet.draw(surface, model)
        other = changed(model, "active")
        alone = pygame.Surface(size, 0, app.screen)  # (the turn passing alone: spread)
        alone.blit(surface, (0, 0))
        play.sheet.draw(alone, model)
        play.sheet.draw(alone, other, over=play.sheet._key(model), spread=True)
        assert play.sheet.unfinished
        play.sheet.draw(surface, model)
        over = play.sheet._key(model)
        if view == "scrolled":
            assert play.sheet.scroll.max_offset > 0
            play.sheet.scroll.scroll(1)  # (a row on)
        elif view == "scrolled_in_layout":  # (the first row under those in view)
            below = next(k for k, r in play.sheet._content_rows.items()
                         if r.top >= play.sheet.scroll.offset + play.sheet.scroll.viewport.h)
            play.sheet._revealing = below  # (as ``reveal`` leaves it before the layout)
        else:
            assert play.sheet.pager, "not paged"
            play.sheet.turn_page(1)
        shifts = []
        own = play.sheet._shifted
        play.sheet._shifted = lambda *a: shifts.append(own(*a)) or shifts[-1]
        play.sheet.draw(surface, other, over=over, spread=True)
        assert play.sheet._view() != over[4:5] + (play.sheet.page,) or view == "paged"
        moved = bool(shifts) and shifts[0] is not None
        assert moved == (view != "paged"), shifts  # (rows scrolled a little: moved)
        assert play.sheet.unfinished == moved, "spread over frames where nothing moved"
        finish_spread(play, surface, other, size)
    finally:
        pygame.quit()


@pytest.mark.parametrize("scroll", ["row", "rows", "back", "drag", "end"])
@pytest.mark.parametrize("with_", ["plain", "turn", "cursor", "hover"])
def test_a_scroll_moves_the_rows_still_in_view_and_paints_those_that_came_in(scroll, with_):
    """The rows scroll (the bot's choice brought into view, a finger's drag): the rows in
    view before and after are moved on the screen (``ScoreSheet._shifted``), not painted
    again; those that came into view are painted, spread over frames (the strip the rows
    left blank meanwhile: every row where it is now in each), the scroll's sign and the
    count of rows out of view painted at once. The sheet is then the sheet drawn afresh: a
    row on, three on, back up, by a drag's odd pixels, to the end; with the turn passing
    at once, the keyboard's cursor on a row (its ring) or the pointer over one."""
    app, play = scrolling_table()
    try:
        sheet = play.sheet
        size = app.screen.get_size()
        model = copy.deepcopy(play._sheet_model())
        keyed = [r.key for r in model.rows if r.key]
        if with_ == "cursor":
            model.cursor = keyed[4]
        elif with_ == "hover":
            sheet.hover_key = keyed[5]
        surface = pygame.Surface(size, 0, app.screen)
        surface.fill(theme.BG)
        sheet.draw(surface, model)
        assert sheet.scroll.max_offset > sheet._row_step * 3, "the rows do not scroll"
        step = sheet._row_step
        if scroll == "back":  # (from a few rows on, one back)
            sheet.scroll.scroll(3 * step)
            sheet.draw(surface, model)
        over = sheet._key(model)
        before = sheet.scroll.offset
        if scroll == "drag":  # (a finger's drag stops anywhere)
            sheet.scroll.offset += step + 7
        elif scroll == "end":
            sheet.scroll.offset = sheet.scroll.max_offset
        else:
            sheet.scroll.scroll({"row": 1, "rows": 3, "back": -1}[scroll] * step)
        moved = sheet.scroll.offset - before
        assert moved, "it did not scroll"
        other = changed(model, "active") if with_ == "turn" else copy.deepcopy(model)
        sheet.draw(surface, other, over=over, spread=True)
        if scroll == "rows":  # (many came into view: spread, blank meanwhile)
            assert sheet.unfinished
        # (what says where the view is, the sign and the count of rows out of view: now)
        assert not [sheet._elements[i][0] for i in sheet._deferred
                    if sheet._elements[i][0] in ("sign", "more")]
        painted = finish_spread(play, surface, other, size)
        if with_ != "turn" and abs(moved) < sheet.scroll.viewport.h:
            # (the rows that came into view, or in part, three elements each; the sign,
            # the count of rows out of view, a line over a row; no more)
            came = -(-abs(moved) // step) + 1
            assert painted <= 3 * came + 3, (painted, came)
    finally:
        pygame.quit()


def test_a_scroll_clears_what_another_clip_painted_in_the_band():
    """The band's pixels move with the rows (``ScoreSheet._shifted``), and with them what
    an element of another clip painted inside it (the scroll's sign; a line or a ring that
    reaches into it): such an element is painted again (not in the screen's elements),
    and where its pixels moved to is cleared (something gone there); the rows there are
    painted again. An element outside the band is as it was; the rows in view, where
    they are now."""
    app, play = scrolling_table()
    try:
        sheet = play.sheet
        model = copy.deepcopy(play._sheet_model())
        surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
        sheet.draw(surface, model)
        shown = sheet._shown_elements
        band = pygame.Rect(sheet._band)
        into = pygame.Rect(band.x + 40, band.y + 100, 30, 12)  # (another clip's, in it)
        outside = pygame.Rect(band.x, band.y - 20, 30, 10)
        elements = dict(shown[1])  # (a copy: the listing below fills the sheet's own)
        elements[(tuple(into), tuple(sheet.rect))] = ("another",)
        elements[(tuple(outside), tuple(sheet.rect))] = ("outside",)
        sheet.scroll.scroll(sheet._row_step)
        step = sheet.scroll.offset - shown[3][0]  # (to the next row's top)
        assert step > 0
        sheet._paint(surface, model)  # (laid out where they are now: the same band)
        moved, at = sheet._shifted(surface, elements, shown)
        assert at == band
        assert (tuple(into), tuple(sheet.rect)) not in moved  # (painted again)
        assert moved[(tuple(outside), tuple(sheet.rect))] == ("outside",)
        vacated = [pygame.Rect(box) for (box, where), key in moved.items()
                   if key == VACATED]
        assert into.move(0, -step) in vacated, vacated  # (its pixels moved there: cleared)
        rows = [(box, where) for (box, where) in elements if where == sheet._band]
        assert rows and all(moved[(tuple(pygame.Rect(box).move(0, -step)), where)] ==
                            elements[(box, where)] for box, where in rows
                            if pygame.Rect(box).move(0, -step).colliderect(band))
    finally:
        pygame.quit()


@pytest.mark.parametrize("how", ["plain", "cursor", "hover"])
def test_the_sheet_writes_its_words_onto_their_ground_where_it_is_flat(table, monkeypatch,
                                                                        how):
    """Labels and numbers are written onto the colour under them and copied, not blended
    (in the page the blitter has no SIMD): the panel, the lit column, a cell's fill, a lit
    row; blended where a ring or an outline lies under them. With the keyboard's cursor on
    a row (its ring round the label) or the pointer over one, nothing is written onto a
    colour that is not all there (``text.not_flat``)."""
    from game.ui import text

    app, play = table
    model = copy.deepcopy(play._sheet_model())
    rows = [r for r in model.rows if r.key]
    for r, value in zip(rows[:4], ("4", "10", "15", "24"), strict=True):  # (both columns)
        r.cells[0] = dataclasses.replace(r.cells[0], text=value)
        r.cells[1] = dataclasses.replace(r.cells[1], text=value + "0")
    model.cursor = rows[1].key if how == "cursor" else None
    play.sheet.hover_key = rows[2].key if how == "hover" else None
    onto = []
    own = text._opaque
    monkeypatch.setattr(text, "_opaque", lambda *a: onto.append(a[0]) or own(*a))
    surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
    surface.fill(theme.BG)
    text.not_flat()
    try:
        with text.record():
            play.sheet.draw(surface, model)
        wrong = text.not_flat()
    finally:
        play.sheet.hover_key = None
    assert not wrong, "\n".join(wrong)
    assert {rows[0].label, "4", "150", "240"} <= set(onto), onto
    assert (rows[1].label in onto) == (how != "cursor"), onto  # (under a ring: blended)
    assert rows[2].label in onto  # (the row lit under the pointer: onto its colour)


def test_the_sheet_model_follows_the_game(table):
    """The sheet's model made for a frame is made again when what the table shows changed:
    at every frame of a game played by bots it is the model made afresh."""
    app, play = table
    for seat in play.state.seats:
        seat.bot = "normal"
    play.bots = {i: make_policy(play.info.bot_module, "normal", seed=i) for i in range(2)}
    app.settings.bot_speed = "fast"
    checked = 0
    for _ in range(900):
        app.step(1 / 60)
        if play.state.is_over() or app.scene is not play:
            break
        kept = play._sheet_model()
        with probe.record():
            fresh = play._sheet_model()
        assert play.sheet._key(kept) == play.sheet._key(fresh), f"frame {app.frame}"
        checked += 1
    assert checked > 300


def test_a_frame_after_a_move_draws_only_what_changed():
    """Bots playing: after a move the frame draws the tray, the sheet's changes, the status
    (not the whole table), and each such frame is a whole frame's picture. Whole frames
    are few (the first, a moment over the sheet, a card turning over)."""
    app = make_app(SIZE)
    try:
        info = GAMES["farkle"]
        seats = [s.__class__(s.name, "normal") for s in long_seats(2)]
        play = app.show("play", info=info, state=info.new_game(seats, seed=2), autosave=False)
        parts = []
        own = play.draw_changed

        def draw_changed(surface):
            rects = own(surface)
            if rects is not None:
                parts.append(rects)
            return rects
        play.draw_changed = draw_changed
        drawn = 0
        for _ in range(900):
            before, count = app.drawn_frames, len(parts)
            app.step(1 / 60)
            if app.drawn_frames == before or app.scene is not play:
                continue
            drawn += 1
            if len(parts) > count:
                where = whole_frame_differs(app, play)
                assert not where, f"frame {app.frame}: a part left as it was: {where}"
        area = app.screen.get_width() * app.screen.get_height()
        assert len(parts) > 10, len(parts)
        assert all(sum(r.w * r.h for r in rects) < 0.8 * area for rects in parts)
        whole = drawn - app.partial_frames
        assert whole < 0.1 * drawn, f"{whole} whole frames of {drawn}"
    finally:
        pygame.quit()


def flying(play) -> bool:
    """Moments out of the tray are on screen or on their way (a score's dice flying to the
    sheet, a box lit, a total counting)."""
    return bool(play.frames._effect_rects) or bool(play.effects.reach(tray=False))


@pytest.mark.parametrize("size", [SIZE, (390, 844, 2, True)], ids=["640x480", "390x844r2"])
def test_frames_while_a_score_flies_to_the_sheet_draw_only_what_changed(size):
    """Bots playing Yatzy at the normal pace (every score's dice fly to its box, the box
    lights, the totals count, the turn passes in the top bar): the frames after a move
    while those moments are on screen draw what changed under them and the moments over
    it (``draw_changed``, the screen under them kept), not the whole table; each such
    frame, and each frame after, is a whole frame's picture (where they were drawn last
    frame the screen is as it is under them, nothing of them left behind). On a phone
    the top bar is compact, its tools in a row under it."""
    app = make_app(size)
    try:
        info = GAMES["yatzy"]
        seats = [s.__class__(s.name, "normal") for s in long_seats(2)]
        play = app.show("play", info=info, state=info.new_game(seats, seed=5), autosave=False)
        app.settings.bot_speed = "normal"
        changed_flying = whole_flying = 0
        own = play.draw_changed
        drew_changed = []

        def draw_changed(surface):
            rects = own(surface)
            drew_changed.append(rects is not None)
            return rects
        play.draw_changed = draw_changed
        for _ in range(900):
            before, partial = app.drawn_frames, app.partial_frames
            was_flying = flying(play)
            drew_changed.clear()
            app.step(1 / 60)
            if app.drawn_frames == before or app.scene is not play:
                continue
            if was_flying or flying(play):
                changed_flying += any(drew_changed)
                whole_flying += app.partial_frames == partial
                where = whole_frame_differs(app, play)
                assert not where, f"frame {app.frame}: stale {where} while a moment flies"
        assert changed_flying >= 5, changed_flying
        assert whole_flying <= 2, f"{whole_flying} whole frames while a moment flies"
    finally:
        pygame.quit()


def test_what_changed_under_a_moment_is_kept_under_it(table):
    """A moment lights a box over the top bar and what is under it (it shrinks as it
    fades); under it the keyboard's focus moves to a tool of the bar (the bar drawn again
    in a frame after a change, under the moment): that frame shows the moment where it is
    now and nowhere else, and when the moment has gone, the bar shows the focus where it is
    now, not the bar under the moment when it began (the picture kept under the moments is
    the screen drawn under them in the frame they last drew). No frame while it plays is
    drawn whole."""
    from game.ui.moments import Lit

    app, play = table
    bar = play.regions["bar"]
    box = pygame.Rect(bar.x + theme.px(10), bar.y + theme.px(10), bar.w - theme.px(20),
                      bar.h + theme.px(30))
    play.effects.add(Lit(0.5, name="lit", rect=box, colour=theme.GOOD))
    app.invalidate()
    whole = app.drawn_frames - app.partial_frames
    settle(app, play, frames=3)
    assert play.frames._effect_rects, "the moment is not on screen"
    shown = bar_picture(app, play)
    play.top_buttons.move(1)
    app.invalidate()
    settle(app, play)
    assert not play.effects.items
    assert app.drawn_frames - app.partial_frames == whole, "a whole frame under the moment"
    assert bar_picture(app, play) != shown
    assert not whole_frame_differs(app, play)


@pytest.mark.parametrize("ratio", [1, 1.75])
def test_the_cursor_moving_over_the_sheet_drawn_over_itself(ratio):
    """The keyboard's cursor goes down the sheet, a row at a time (its focus ring reaches
    past its row at some ratios), in a sheet short enough to scroll (the scroll's sign in
    its gutter, over the rows' lines), and each row's value changes in turn: the sheet
    drawn over itself each time is the sheet drawn afresh."""
    app = make_app((640, 480, ratio, False))
    try:
        info = GAMES["yatzy"]
        play = app.show("play", info=info, state=info.new_game(long_seats(2, humans=2),
                                                                seed=4), autosave=False)
        play.banner = None
        settle(app, play, check=False)
        size = app.screen.get_size()
        play.sheet.rect = play.sheet.rect.inflate(0, -play.sheet.rect.h // 3)
        model = play._sheet_model()
        surface = pygame.Surface(size, 0, app.screen)
        surface.fill(theme.BG)
        play.sheet.draw(surface, model)
        assert play.sheet.scroll.content_h > play.sheet.scroll.viewport.h, "the rows fit"
        rect = play.sheet.rect
        keyed = [r for r in model.rows if r.key]
        for i, row in enumerate(keyed + [None]):
            later = copy.deepcopy(model)
            later.cursor = row.key if row is not None else None
            if row is not None:  # (its value, the row above the sums' line included)
                place = next(r for r in later.rows if r.key == row.key)
                place.cells[0] = dataclasses.replace(place.cells[0], text=str(i % 3))
            play.sheet.draw(surface, later, over=play.sheet._key(model))
            assert pygame.image.tobytes(surface.subsurface(rect), "RGB") == \
                fresh_sheet(play, later, size), f"the cursor on {later.cursor}"
            model = later
    finally:
        pygame.quit()
