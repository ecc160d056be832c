"""The score sheet widget: one size for a sheet's text, names whole or shortened, and the
layout choosing what fits (all the columns, at the largest size that lets them)."""

import pygame
import pytest

from game.ui import text, theme
from game.ui.sheet import Cell, Row, ScoreSheet, SheetModel, initials


def model(labels, players=1):
    return SheetModel([(f"P{i}", (255, 255, 255)) for i in range(players)],
                      [Row(label, [Cell("1") for _ in range(players)]) for label in labels])


def drawn(sheet, m):
    pygame.init()
    theme.forget_fonts()  # fonts cached under an earlier pygame.init() are dead
    theme.metrics.configure((1280, 720))
    surface = pygame.Surface((1280, 720))
    with text.record() as rec:
        sheet.draw(surface, m)
    return rec


def test_one_size_for_labels_and_numbers_a_long_label_whole_short_or_cut_last():
    """A label takes the room the columns leave; one too long for it takes its short form,
    and ends in "…" only when it has none that fits."""
    long = "THREE OF A KIND OR A FULL HOUSE"
    labels = ["ONES", "TWOS", "FIVES", long]
    rec = drawn(ScoreSheet(pygame.Rect(0, 0, 600, 400), label_width=170), model(labels))
    sizes = {d.size for d in rec if d.source in labels or d.text == "1"}
    assert len(sizes) == 1 and sizes.pop() >= 16
    assert [d.text for d in rec if d.source == long] == [long]  # the room was there
    crowded = model(labels, players=6)
    rec = drawn(ScoreSheet(pygame.Rect(0, 0, 480, 400), label_width=170), crowded)
    cut = [d.text for d in rec if d.source == long]
    assert cut and cut[0].endswith("…") and not text.overflows(rec)
    crowded.rows[-1].short = "3 KIND / FULL"
    rec = drawn(ScoreSheet(pygame.Rect(0, 0, 480, 400), label_width=170), crowded)
    assert [d.text for d in rec if d.source.startswith("3 KIND")] == ["3 KIND / FULL"]
    assert not [d for d in rec if d.text.endswith("…")]


def test_the_sheet_takes_the_largest_size_where_everything_fits():
    roomy = drawn(ScoreSheet(pygame.Rect(0, 0, 600, 700)), model(["A", "B"]))
    snug = drawn(ScoreSheet(pygame.Rect(0, 0, 600, 300)), model([f"Row {i}" for i in range(9)]))
    tight = drawn(ScoreSheet(pygame.Rect(0, 0, 600, 300)), model([f"Row {i}" for i in range(14)]))
    assert max(d.size for d in roomy) == 20
    assert {d.size for d in snug if d.source.startswith("Row")} == {19}  # 20 is one too many
    assert {d.size for d in tight if d.source.startswith("Row")} == {16}  # it scrolls


def test_columns_that_do_not_fit_are_paged_keeping_the_player_to_act():
    sheet = ScoreSheet(pygame.Rect(0, 0, 300, 500))
    m = model(["Banked"], players=8)
    m.active_column = 6
    rec = drawn(sheet, m)
    names = {d.text for d in rec if d.text.startswith("P")}
    assert "P6" in names and len(names) < 8 and sheet.pager
    sheet.turn_page(1)
    again = {d.text for d in drawn(sheet, m) if d.text.startswith("P")}
    assert "P6" in again and again != names


def test_initials_for_a_name_that_does_not_fit_its_column():
    assert initials("Констанция Щукин") == "КЩ"
    assert initials("Ada (hard)") == "Ah"  # the letters as written: names are never re-cased
    assert initials("åsa märta") == "åm" and initials("Åsa Märta") == "ÅM"
    assert initials("Bram") == "Br"


def test_the_header_row_is_one_size_names_whole_or_initials():
    """Issue 16: one size per row. A name that fits its column only by shrinking (or by
    breaking inside a word) is written as its initials, at the header's size like the rest."""
    from game.ui.sheet import HEADER
    names = ["Ada", "Séñôrå Ŵøllęštåd", "Констанция Щукин", "Bo Li", "WWWWWWWWWWWWWWWW"]
    m = SheetModel([(n, (255, 255, 255)) for n in names], [Row("Banked", [Cell("1")] * 5)])
    for width in range(420, 1000, 40):  # columns of about 60 to 170 px
        rec = drawn(ScoreSheet(pygame.Rect(0, 0, width, 400), label_width=120), m)
        header = [d for d in rec if d.source in names or d.source in map(initials, names)]
        assert {d.size for d in header} == {HEADER}, width
        shown = {d.source for d in header}
        assert shown <= set(names) | {initials(n) for n in names}  # whole, or initials
        assert "Ada" in shown and "WW" in shown, width  # a word wider than its column
        assert not text.overflows(rec)


def test_a_header_too_narrow_for_a_bots_strength_keeps_the_name():
    """'Ada (hard) & Cleo (easy)' in a column too narrow for it is 'Ada & Cleo' where that
    fits (the strengths are in the tooltips), not initials such as 'Ah'; where even the
    names do not fit, the initials of the names ('AC', 'Br')."""
    from game.ui.sheet import HEADER
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    names = ["Ada (hard) & Cleo (easy)", "Bram (normal)"]
    m = SheetModel([(n, (255, 255, 255)) for n in names], [Row("Total", [Cell("1")] * 2)])

    def shown(width):  # columns of (width - 120) / 2 px
        rec = drawn(ScoreSheet(pygame.Rect(0, 0, width, 400), label_width=120), m)
        return sorted({d.source for d in rec if d.size == HEADER} - {"1", "Total"})
    assert shown(160) == ["AC", "Br"]
    assert shown(220) == ["Ada & Cleo", "Bram"]
    assert shown(260) == ["Ada & Cleo", "Bram (normal)"]
    assert shown(400) == ["Ada (hard) & Cleo (easy)", "Bram (normal)"]


def test_the_kept_picture_shows_the_sheet_as_it_is_now():
    """A sheet drawn again unchanged is its kept picture: after a change (the picture kept
    anew, into the same surface) the picture must be the new sheet, never the old one."""
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    sheet = ScoreSheet(pygame.Rect(40, 30, 600, 400))
    old = SheetModel([("Ada", (255, 255, 255))], [Row("Ones", [Cell("3")])])
    new = SheetModel([("Ada", (255, 255, 255))], [Row("Ones", [Cell("4")])])

    def pixels(m, times):
        surface = pygame.Surface((1280, 720))
        for _ in range(times):
            surface.fill((0, 0, 0))
            sheet.draw(surface, m)
        return pygame.image.tobytes(surface, "RGB")

    fresh_new = pixels(new, 1)
    fresh_old = pixels(old, 1)
    assert fresh_old != fresh_new
    assert pixels(old, 2) == fresh_old  # drawn, then the picture: the same
    assert pixels(new, 2) == fresh_new  # the picture kept anew: the new sheet
    assert pixels(new, 1) == fresh_new


def test_a_message_too_long_for_its_box_writes_the_names_shorter_first():
    """A message that does not fit its box loses letters of the players' names before its
    own words (a phone's 'HOT DICE! Every die scored: MMMMMMMMMMMMMMMM may roll…')."""
    from game.ui.text import draw_text_in, fits_whole, shorten_names
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    name = "Séñôrå Ŵøłłęšŧåd Χαράλαμπος"
    said = f"HOT DICE! Every die scored: {name} may roll all six again"
    box = pygame.Rect(0, 0, 300, 60)  # two lines at 16

    def fits(t):
        return fits_whole(t, box, 18, 16)
    assert not fits(said)
    short = shorten_names(said, [name, "Ada"], fits)
    assert fits(short) and short.endswith("may roll all six again")
    assert short.startswith("HOT DICE! Every die scored: Séñ") and "…" in short
    assert len(short) < len(said)
    assert shorten_names("Ada rolls", [name, "Ada"], fits) == "Ada rolls"  # fits: as it is
    with text.record() as drawn:
        draw_text_in(pygame.Surface((300, 60)), short, box, 18, (255, 255, 255), min_size=16,
                     wrap=True)
    assert " ".join(d.text for d in drawn).split() == short.split()


def test_a_list_of_names_too_long_for_its_box_names_the_players_by_their_initials():
    """The seating order of eight long names on a small phone ended '…, 7. …' (three
    letters of each were still too many): the players are named by their initials, as the
    sheet's columns name them, when nothing shorter than the names fits."""
    from game.launcher import LONG_NAMES
    from game.ui.text import fits_whole, initials, shorten_names
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    names = list(LONG_NAMES[:8])
    said = "Seating order: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
    box = pygame.Rect(0, 0, 330, 48)  # two lines at 16

    def fits(t):
        return fits_whole(t, box, 18, 16, True)
    short = shorten_names(said, names, fits)
    assert fits(short) and "…" not in short
    assert short == "Seating order: " + ", ".join(
        f"{i + 1}. {initials(n)}" for i, n in enumerate(names))
    roomy = pygame.Rect(0, 0, 700, 48)  # where three letters fit, three letters
    assert "…" in shorten_names(said, names, lambda t: fits_whole(t, roomy, 18, 16, True))


def test_the_table_s_announcements_keep_their_words_with_eight_long_names():
    """Farkle with eight long names on a phone: the hot dice announcement in the status
    place says all its words, the name written shorter."""
    from game.catalog import GAMES
    from game.scenes.tables.base import Banner
    from tests.test_ui_screens import long_seats, make_app
    from tests.ui_driver import frames
    app = make_app((390, 844, 3, True))
    try:
        info = GAMES["farkle"]
        state = info.new_game(long_seats(8, humans=1), {}, seed=3)
        play = app.show("play", info=info, state=state, autosave=False)
        frames(app)
        name = max((s.name for s in state.seats), key=len)
        words = f"HOT DICE! Every die scored: {name} may roll all six again"
        for big in (True, False):
            play.banner = (Banner(words, big=big, celebrate="gold" if big else ""), 9.0)
            app.invalidate()
            with text.record() as drawn:
                app.draw()
            status = play.regions["status"]
            said = " ".join(d.text for d in drawn if status.contains(d.box))
            assert said.startswith("HOT DICE! Every die scored:"), said
            assert said.endswith("may roll all six again"), said
            assert name not in said and name[:3] in said, said
    finally:
        pygame.quit()


def test_a_cell_too_narrow_for_its_words_shows_its_short_form():
    """Pirate Fortune's 'Island -400' in a narrow column is 'Isl. -400', not 'Island…';
    whole where it fits."""
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    m = SheetModel([("Ann", (255, 255, 255)), ("Bob", (255, 255, 255))],
                   [Row("Turn 3", [Cell("Island -400", short="Isl. -400"), Cell("+300")])])

    def shown(width):
        rec = drawn(ScoreSheet(pygame.Rect(0, 0, width, 300), label_width=120), m)
        return {d.text for d in rec} & {"Island -400", "Isl. -400"}, \
            [d.text for d in rec if "…" in d.text]
    assert shown(700) == ({"Island -400"}, [])
    assert shown(240) == ({"Isl. -400"}, [])


def test_details_go_before_names_are_shortened():
    from game.ui.text import fits_whole, shorten_names
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    said = "Reroll 2 dice: 0.5% chance.\nStop now: 300 = 3 x monkey 100 + 2 x diamond 200"
    box = pygame.Rect(0, 0, 330, 60)

    def fits(t):
        return fits_whole(t, box, 18, 16)
    detail = " = 3 x monkey 100 + 2 x diamond 200"
    assert not fits(said)
    assert shorten_names(said, [], fits, [detail]) == "Reroll 2 dice: 0.5% chance.\nStop now: 300"
    assert shorten_names("Stop now: 300" + detail, [], lambda t: True, [detail]) == \
        "Stop now: 300" + detail  # room for it: said whole


def test_pirate_fortune_s_stop_now_stays_in_view_beside_a_reroll_s_risk_on_a_phone():
    """Pirate Fortune, the odds on, two dice chosen, on the smallest screens: the status
    says the reroll's risk and 'Stop now' (the second line was lost under 'Reroll 2 dice:
    30.6% chance to be disqualified.', which ended in '…'); details go before words."""
    from game.catalog import GAMES
    from tests.test_ui_screens import long_seats, make_app
    from tests.ui_driver import frames
    for size in ((360, 640, 2, True), (640, 360, 2, True)):
        app = make_app(size)
        try:
            info = GAMES["pirates"]
            state = info.new_game(long_seats(4, humans=1), seed=7)
            while state.current != 0 or not state.rolled:
                state.apply(state.legal_actions()[0])
            play = app.show("play", info=info, state=state, autosave=False)
            frames(app, 30)
            play.odds.toggle()
            app.toast = None
            play.table.chosen = {i for i, f in enumerate(state.dice) if f != "skull"}
            assert len(play.table.chosen) >= 2 and state.can_reroll()
            app.invalidate()
            with text.record() as drawn:
                app.draw()
            status = play.regions["status"]
            said = [d.text for d in drawn if status.contains(d.box)]
            assert any(t.startswith("Reroll ") and "% risk" in t for t in said), said
            assert any(t.startswith("Stop now: ") for t in said), said
            assert not any("…" in t for t in said), said
        finally:
            pygame.quit()


@pytest.mark.parametrize("size", [(640, 360, 1, False), (640, 360, 2, True)],
                         ids=["640x360r1", "640x360r2-touch"])
@pytest.mark.parametrize("game_id", ["farkle", "pirates"])
def test_a_small_window_s_table_says_its_words_whole_in_their_compact_forms(game_id, size):
    """At 640x360 the status ended in '…' ('Roll and Bank wait until you pick scoring dice:
    click them (marked) or …', '…the first bank …') and Pirate Fortune's skull zone read
    'Skulls 0…': a status too long for its place takes its compact forms ('Pick scoring
    dice.', 'First bank: at least 500.'), the skull zone a skull for its word. Nothing
    drawn ends in '…' but a player's name."""
    from game.catalog import GAMES
    from game.ui import probe
    from tests.test_ui_screens import long_seats, make_app
    from tests.ui_driver import frames
    app = make_app(size)
    try:
        info = GAMES[game_id]
        state = info.new_game(long_seats(4, humans=1), seed=7)
        while state.current != 0 or not state.rolled:
            state.apply(state.legal_actions()[0])
        play = app.show("play", info=info, state=state, autosave=False)
        frames(app, 30)
        with text.record() as drawn, probe.record_shown() as shown:
            app.draw()
        cut = [d.text for d in drawn if d.text.endswith("…") and "…" not in d.source
               and not any(s.name.startswith(d.text[:-1].split()[-1]) for s in state.seats)]
        assert not cut, cut
        said = " ".join(d.text for d in drawn if play.regions["status"].contains(d.box))
        if game_id == "farkle":
            assert "Pick scoring dice" in said and "First bank: at least 500" in said, said
        else:
            assert "Stop now:" in said, said
            skulls = [d.text for d in drawn if d.text.startswith("Skulls ")]
            assert skulls or [w for k, w, _ in shown if k == "skulls label"]
    finally:
        pygame.quit()


def test_a_sheet_with_room_for_no_whole_row_cuts_none_through():
    """The results' sheet on a 360x640 phone had room for less than one row: 'To target'
    was drawn cut through its words under the totals. A row that does not fit whole (by
    more than its bottom margin) is not drawn; the count says how many rows there are."""
    pygame.init()
    theme.forget_fonts()
    theme.metrics.configure((1280, 720))
    rows = [Row(f"Turn {k}", [Cell(str(k * 50)), Cell("0")]) for k in range(1, 9)]
    m = SheetModel([("Ann", (255, 255, 255)), ("Bob", (255, 255, 255))], rows)
    for height in range(76, 200, 4):  # (under 76 dp, no room for the count either)
        rec = drawn(ScoreSheet(pygame.Rect(0, 0, 400, height), label_width=120), m)
        view_bottom = height
        turns = [d for d in rec if d.text.startswith("Turn ")]
        for d in turns:
            assert d.ink.bottom <= view_bottom
        more = [d.text for d in rec if d.text.endswith(" more")]
        assert more and int(more[-1].split()[0]) == 8 - len(turns), (height, more, turns)


def test_a_word_above_a_column_is_never_cut_to_initials():
    """Grab It!'s "Now" and "Deny" (kept columns) and Bona Fortuna's fixed columns are
    words, not names: on a phone they read "No" and "De" (the initials a name too wide for
    its column gets). Their column is at least as wide as their longest word; a player's
    name still gives way to its initials."""
    from game.ui.sheet import HEADER
    names = ["Констанция Щукин", "Séñôrå Ŵøllęštåd", "Bo", "Ada"]
    headers = [(n, (255, 255, 255)) for n in names] + [("Now", (200, 200, 200)),
                                                        ("Deny", (200, 200, 200))]
    m = SheetModel(headers, [Row("Full House", [Cell("25")] * 4 + [Cell("·"), Cell("~15")])],
                   keep=(4, 5))
    fixed = SheetModel([("Down", (255, 255, 255)), ("Up", (255, 255, 255))] + headers[:4],
                       [Row("Sixes", [Cell("24"), Cell("")] + [Cell("1")] * 4)],
                       fixed_columns=2)
    for width in range(240, 720, 40):
        for sheet_model, words in ((m, {"Now", "Deny"}), (fixed, {"Down", "Up"})):
            rec = drawn(ScoreSheet(pygame.Rect(0, 0, width, 400), label_width=120), sheet_model)
            header = {d.text for d in rec if d.size == HEADER and d.box.y < 60}
            assert words <= header, (width, header)
            assert not {"No", "De", "Do"} & header, (width, header)
            assert not text.overflows(rec), width
    # a name in the same sheet still takes its initials where its column is narrow
    rec = drawn(ScoreSheet(pygame.Rect(0, 0, 480, 400), label_width=120), m)
    assert "КЩ" in {d.text for d in rec}
