"""Grab It! through the real scenes with real input: a whole game against a bot by mouse, a
two-game session by keyboard (results, standings, next game), partnerships on the board,
the scratch confirmation, and the menu's options."""

import pygame

from game.bots import make_policy
from game.catalog import GAMES
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.session import SessionScene
from tests.ui_driver import button, click, frames, key, play_until_results, sheet_spot

MAX_STEPS = 20_000


def start_grab(app, strength="normal", players=2, session=0):
    menu = app.scene
    click(button(menu, "Grab It!").rect.center)
    frames(app)
    while len(menu.seats) < players:
        click(button(menu, "+ Add player").rect.center)
        frames(app)
    for seat in menu.seats[1:]:
        seat.bot = strength
    for _ in range(session):  # the session option steps 0 -> 1 -> 2 -> 3 games per side
        click(button(menu, "Session").rect.center)
        frames(app)
    assert menu.options["grab_it"].get("session", 0) == session
    assert button(menu, "Session").label.endswith(": one game" if not session else
                                                  f": {session} game{'s' * (session > 1)} per side")
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "grab_it"
    return play


def human_player(app, by_mouse: bool):
    """Our player plays like the normal bot, but only through clicks or keys."""
    advisor = make_policy(GAMES["grab_it"].bot_module, "normal", seed=3)

    def move(scene):
        state, table = scene.state, scene.table
        action = advisor.choose(state)
        if action["kind"] == "roll":
            want = set(action["hold"])
            for i in sorted(table.held ^ want):  # toggle the dice that differ
                click(scene.die_rects[i].center) if by_mouse else key(pygame.K_1 + i)
            frames(app)
            assert table.held == want or state.rolls == 0
            if by_mouse:
                click(button(scene, "Roll").rect.center)
            else:
                key(pygame.K_SPACE)
            return
        box = action["category"]
        zero = state.preview()[box] == 0
        if by_mouse:
            frames(app)
            click(sheet_spot(app, scene, box))
            if zero:
                frames(app)
                assert table.pending_zero == box  # the first click only asks
                click(sheet_spot(app, scene, box))
        else:
            for _ in range(13):
                if table.cursor == box:
                    break
                key(pygame.K_DOWN)
                frames(app)
            assert table.cursor == box
            key(pygame.K_RETURN)
            if zero:
                frames(app)
                assert table.pending_zero == box
                key(pygame.K_RETURN)

    def skip(scene):
        click(button(scene, "Skip").rect.center) if by_mouse else key(pygame.K_f)

    return move, skip


def check_game(state):
    assert state.is_over() and len(state.board) == 12
    assert sorted(state.takers) == sorted(state.board)
    assert sum(state.totals()) == sum(p for _, p in state.board.values())


def test_mouse_game_against_hard(app):
    start_grab(app, "hard")
    move, skip = human_player(app, by_mouse=True)
    play_until_results(app, move, skip, MAX_STEPS, drawn=False, aim=True)
    results = app.scene
    assert isinstance(results, ResultsScene) and results.session is None
    check_game(results.state)
    assert results.ranking[0]["score"] == max(results.state.totals())
    click(button(results, "Play again").rect.center)
    frames(app)
    assert isinstance(app.scene, PlayScene) and app.scene.state.seats == results.state.seats


def test_keyboard_two_game_session(app):
    play = start_grab(app, "easy", session=1)
    session = play.session
    assert session is not None and session.length == 2
    move, skip = human_player(app, by_mouse=False)
    play_until_results(app, move, skip, MAX_STEPS, drawn=False)
    first = app.scene.state
    check_game(first)
    assert "Standings" in [b.label for b in app.scene.focus.buttons]
    key(pygame.K_RETURN)  # the focused first button: Standings
    frames(app)
    standings = app.scene
    assert isinstance(standings, SessionScene) and not session.is_over()
    assert standings.focus.focused.label == "Next game"
    key(pygame.K_RETURN)
    frames(app)
    second = app.scene
    assert isinstance(second, PlayScene) and second.session is session
    assert second.state.order[0] == (first.order[0] + 1) % 2  # the first roller moved on
    assert second.state.seats == first.seats
    play_until_results(app, move, skip, MAX_STEPS, drawn=False)
    check_game(app.scene.state)
    key(pygame.K_RETURN)
    frames(app)
    final = app.scene
    assert isinstance(final, SessionScene) and session.is_over()
    table = session.standings()
    assert sum(r["wins"] for r in table) == 2 and final.focus.focused.label == "New session"
    assert "session" in final.headline() or "tied" in final.headline()
    key(pygame.K_ESCAPE)
    frames(app)
    assert type(app.scene).__name__ == "MenuScene"


def test_partnership_board_and_scratch_confirmation(app):
    play = start_grab(app, "normal", players=4)
    state, table = play.state, play.table
    model = table.sheet()
    assert [h[0] for h in model.headers][:2] == [state.side_name(0), state.side_name(1)]
    assert model.headers[0][1] == table.seat_colour(2)  # partners share a colour
    assert [h[0] for h in model.headers][2:] == ["Now", "Deny"]
    while not play.human_turn:
        key(pygame.K_f)
        frames(app, 30)
    frames(app, 30)
    key(pygame.K_SPACE)
    frames(app, 80)
    zero = next(c for c, v in state.preview().items() if v == 0)
    before = dict(state.board)
    click(sheet_spot(app, play, zero))
    frames(app)
    assert state.board == before and table.pending_zero == zero
    row = next(r for r in table.sheet().rows if r.key == zero)
    assert row.cells[2].text == "0?"
    click(sheet_spot(app, play, zero))
    frames(app)
    assert state.board[zero] == [None, 0]


def test_menu_card_and_options(app):
    menu = app.scene
    click(button(menu, "Grab It!").rect.center)
    frames(app)
    assert button(menu, "Session: one game")
    for _ in range(4):
        click(button(menu, "+ Add player").rect.center)
        frames(app)
    assert len(menu.seats) == 6
    for b in menu.focus.buttons:
        assert pygame.Rect(0, 0, 1280, 720).contains(b.rect), b.label
    menu.remove_seat(5)
    frames(app)
    click(button(menu, "Start").rect.center)
    frames(app)
    assert type(app.scene).__name__ == "MenuScene" and "4 or 6" in app.toast[0]


def test_now_and_deny_highlights(app):
    play = start_grab(app, "normal")
    state, table = play.state, play.table
    while not play.human_turn:
        key(pygame.K_f)
        frames(app, 30)
    frames(app, 30)
    key(pygame.K_SPACE)
    frames(app, 80)
    state.dice = [2, 2, 2, 5, 5]  # (set for the test) a full house: 40 is the best box now
    rows = {r.key: r for r in table.sheet().rows if r.key}
    now, deny = 2, 3  # columns after the two sides
    assert rows["full_house"].cells[now].text == "40" and rows["full_house"].cells[now].fill
    assert rows["sum"].cells[now].text == "16" and not rows["sum"].cells[now].fill
    zero_boxes = [c for c, v in state.preview().items() if v == 0]
    hot = [c for c in zero_boxes if rows[c].cells[deny].fill]
    assert len(hot) >= 1  # the scratch that denies most is marked, among the boxes worth 0
    best_deny = max(int(rows[c].cells[deny].text[1:]) for c in zero_boxes)
    assert all(int(rows[c].cells[deny].text[1:]) == best_deny for c in hot)


def test_no_text_leaves_its_box_with_six_long_names(app):
    """Play, results and session screens with six 16-character names in three teams."""
    from game.catalog import GAMES
    from game.launcher import LONG_NAMES
    from game.rules.core import Seat
    from game.ui.text import overflows, record
    from tests.test_session import play_out
    info = GAMES["grab_it"]
    seats = [Seat(name[:16], "normal") for name in LONG_NAMES[:6]]
    state, session = info.start(seats, {"session": 1}, seed=11)
    app.replace_all(PlayScene(app, info, state, autosave=False, session=session))
    history = app.scene.regions["history"]
    with record() as playing:
        for _ in range(40):
            key(pygame.K_f)
            frames(app, 40)
            if state.is_over():
                break
        assert state.is_over()
    with record() as after:
        app.scene.show_results()
        frames(app, 3)
        assert isinstance(app.scene, ResultsScene)
        click(button(app.scene, "Standings").rect.center)
        frames(app, 3)
        assert isinstance(app.scene, SessionScene)
        play_out(session.next_game())
        app.replace_all(SessionScene(app, info, session))
        frames(app, 3)
    # (the shared move-history widget is checked by its own tests; its lines are left out)
    drawn = [r for r in playing if not history.contains(r[2])] + after
    texts = {r[0] for r in drawn}
    assert {"Deny", "Taken by", "Standings", "Next game"} <= texts  # all three screens drawn
    assert not overflows(drawn), overflows(drawn)[:5]


def test_a_taken_box_and_a_zero_speak_of_the_shared_board(app):
    """Grab It!'s boxes are everyone's: a box one side took is 'taken' (not Yatzy's
    'filled'), and a 0 crosses the box out for everyone; the second click does it."""
    play = start_grab(app)
    play.state.order = [0, 1]
    play.table.new_turn()
    key(pygame.K_SPACE)
    frames(app, 40)
    assert play.human_turn and play.state.rolls == 1
    play.state.board["sum"], play.state.takers["sum"] = (1, 20), 1  # (the bot took it)
    play.table.click_row("sum")
    assert app.toast[0] == "Sum of Dice is already taken" and play.state.rolls == 1
    play.state.dice = [1, 1, 2, 2, 3]
    assert play.state.preview()["big_straight"] == 0
    play.table.click_row("big_straight")
    assert "big_straight" not in play.state.board and play.table.pending_zero == "big_straight"
    assert app.toast[0] == "Big Straight scores 0: press Enter again to cross it out for everyone."
    play.table.click_row("big_straight")
    assert play.state.board["big_straight"][0] is None
