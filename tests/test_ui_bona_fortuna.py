"""Bona Fortuna through the real scenes with real input: whole human-vs-bot games by mouse
and by keyboard through both phases, the roll-off, the meld question, confirmed zeros, the
Doubling Round's 0 rule, looking at other sheets, and text that fits with four players."""

import random

import pygame

from game.games.bona_fortuna.bot import HardPolicy
from game.games.bona_fortuna.rules import BOXES, COLUMNS, NUMBER_BOXES
from game.games.bona_fortuna.table import target_key
from game.rules.core import NAME_MAX, Seat
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from tests.ui_driver import button, click, frames, key, play_until_results, sheet_spot

MAX_STEPS = 12_000
ADVISER = HardPolicy(random.Random(0))  # the box our test player fills: the hard bot's


def start(app, strength="hard", players=2):
    menu = app.scene
    click(button(menu, "Bona Fortuna").rect.center)
    frames(app)
    while len(menu.seats) < players:
        click(button(menu, "+ Add player").rect.center)
        frames(app)
    for seat in menu.seats[1:]:
        seat.bot = strength
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "bona_fortuna"
    return play


def human_seat(scene) -> int:
    return next(i for i, s in enumerate(scene.state.seats) if s.is_human)


def make_moves(app, by_mouse: bool, seen: dict):
    """Our player: roll, hold the first die, roll again, then fill the gold (best) box,
    answering the 3 of a Kind / Full House question and confirming zeros."""

    def move(scene):
        state, table = scene.state, scene.table
        seen["phases"].add(state.phase)
        if table.asking:
            seen["asked"] += 1
            if by_mouse:
                click(button(scene, "Full House").rect.center)
            else:
                key(pygame.K_h)
            return
        if state.rolls < 2:
            if state.rolls == 1:
                if by_mouse:
                    click(scene.die_rects[0].center)
                else:
                    key(pygame.K_1)
                frames(app)
                assert 0 in table.held
            if by_mouse:
                click(button(scene, "Roll").rect.center)
            else:
                key(pygame.K_SPACE)
            return
        best = ADVISER.best_fill(state)
        target = target_key(best.get("column"), best["box"])
        if by_mouse:
            frames(app)  # lay the sheet out before aiming at it
            click(sheet_spot(app, scene, target))
            frames(app)
            if table.pending_zero == target:
                seen["zeros"] += 1
                click(sheet_spot(app, scene, target))
        else:
            if table.pending_zero:
                seen["zeros"] += 1
                key(pygame.K_RETURN)
                return
            key(pygame.K_h)  # ask the coach: a box it would fill turns gold
            for _ in range(200):
                frames(app)
                if scene.current_hint() is not None:
                    break
            hint = scene.current_hint().action
            if hint["kind"] == "roll":  # the coach says roll again: a box it marks not
                assert table.best_target() is None
                key(pygame.K_SPACE)
                return
            target = target_key(hint.get("column"), hint["box"])
            assert table.best_target() == target  # the coach's box is the gold one
            assert table.cursor is None
            key(pygame.K_DOWN)  # the first arrow puts the cursor on the gold box
            frames(app)
            assert table.cursor == target
            key(pygame.K_RETURN)

    def skip(scene):
        if by_mouse:
            click(button(scene, "Skip").rect.center)
        else:
            key(pygame.K_f)

    return move, skip


def play_game(app, by_mouse: bool) -> dict:
    seen = {"phases": set(), "asked": 0, "zeros": 0}
    play_until_results(app, *make_moves(app, by_mouse, seen), MAX_STEPS, drawn=False,
                       aim=by_mouse)
    return seen


def check_result(app, players=2):
    results = app.scene
    assert isinstance(results, ResultsScene)
    state = results.state
    assert state.is_over() and state.phase == 2
    for seat in range(players):
        for column in COLUMNS:
            assert set(state.sheets[seat][column]) == set(BOXES)
    assert set(state.board) == set(BOXES)
    assert [r["score"] for r in results.ranking] == sorted(state.final_scores(), reverse=True)


def test_mouse_game_against_hard_through_both_phases(app):
    start(app, "hard")
    seen = play_game(app, by_mouse=True)
    check_result(app)
    assert seen["phases"] == {1, 2}


def test_keyboard_game_against_two_bots(app):
    start(app, "normal", players=3)
    seen = play_game(app, by_mouse=False)
    check_result(app, players=3)
    assert seen["phases"] == {1, 2}


def test_autosave_in_the_doubling_round_continues_there(app):
    from game import storage
    from tests.ui_driver import undrawn
    play = start(app, "normal")
    move, skip = make_moves(app, False, {"phases": set(), "asked": 0, "zeros": 0})
    state = play.state
    with undrawn(app):  # (the autosave is checked, not what a frame shows: keys only)
        for _ in range(MAX_STEPS):
            if state.phase == 2 and len(state.board) >= 3 and not play.busy:
                break
            if not play.busy:
                move(play) if play.human_turn else (None if play.fast_forward else skip(play))
            frames(app, 2)
    assert state.phase == 2 and not state.is_over()
    info, loaded = storage.load()
    assert info.id == "bona_fortuna" and loaded.to_json() == state.to_json()
    resumed = PlayScene(app, info, loaded, autosave=False)
    assert resumed.table.sheet().corner == "Doubling ×2"
    assert [h for h, _ in resumed.table.sheet().headers][0] == "Board"


def fresh_turn(app, play, dice):
    """Make it the human's turn with these dice after one roll (a scripted position)."""
    state = play.state
    while not play.human_turn or play.busy:
        key(pygame.K_f)
        frames(app, 5)
    state.dice, state.rolls = list(dice), 1
    play.table.new_turn()
    frames(app)


def test_roll_off_is_shown_at_the_start(app):
    play = start(app, "easy", players=3)
    state = play.state
    dice = play.table.dice()
    last = state.roll_off[-1]
    assert [d.value for d in dice] == list(last.values())
    assert [d.label for d in dice] == [state.seats[int(k)].name[:10] for k in last]
    assert "roll-off" in " ".join(play.table.status()).lower()
    assert play.banner and "Seating order" in play.banner[0].text
    assert any(text.startswith("Roll-off") for text, _ in play.history.lines)


def test_meld_question_zero_confirmation_and_other_sheets(app):
    play = start(app, "easy")
    state = play.state
    fresh_turn(app, play, [5, 5, 5, 2, 2])
    me = state.current
    frames(app)
    click(sheet_spot(app, play, "doubled:three_or_full"))
    frames(app)
    assert play.table.asking == ("doubled", "three_or_full")
    assert button(play, "3 of a Kind").label == "3 of a Kind: 30"
    assert button(play, "Full House").label == "Full House: 60"
    click(button(play, "Full House").rect.center)
    frames(app)
    assert state.sheets[me]["doubled"]["three_or_full"] == 60
    fresh_turn(app, play, [1, 1, 2, 2, 3])
    frames(app)
    click(sheet_spot(app, play, "normal:five_of_a_kind"))
    frames(app)
    assert "five_of_a_kind" not in state.sheets[me]["normal"]
    assert play.table.pending_zero == "normal:five_of_a_kind"
    assert "second" in app.toast[0] or "again" in app.toast[0]
    key(pygame.K_TAB)  # look at the other player's sheet, then back
    frames(app)
    assert play.table.focus != me
    click(sheet_spot(app, play, f"seat:{me}")) if f"seat:{me}" in \
        play.sheet.cell_rects else key(pygame.K_TAB)
    frames(app)
    assert play.table.focus == me
    click(sheet_spot(app, play, "normal:five_of_a_kind"))
    frames(app)
    click(sheet_spot(app, play, "normal:five_of_a_kind"))
    frames(app)
    assert state.sheets[me]["normal"]["five_of_a_kind"] == 0


def test_doubling_round_refuses_a_zero_outside_the_numbers(app):
    play = start(app, "easy")
    state = play.state
    while state.phase == 1:  # everyone writes zeros through Phase I, quickly
        column, box = state.open_boxes()[0]
        state.dice, state.rolls = [1, 1, 2, 2, 3], 1
        action = {"kind": "score", "box": box, "column": column}
        if box == "three_or_full":
            action["meld"] = "full_house"
        play.act(action)
    for _ in range(3000):  # the scene shows the events one after another
        if not play.pending and play.banner is None:
            break
        frames(app)
    assert any(text.startswith("Phase I totals") for text, _ in play.history.lines)
    fresh_turn(app, play, [1, 1, 2, 2, 3])
    click(sheet_spot(app, play, "board:big_straight"))
    frames(app)
    assert "big_straight" not in state.board
    assert "6's, 5's or 4's" in app.toast[0]
    click(sheet_spot(app, play, "board:fours"))
    frames(app)
    click(sheet_spot(app, play, "board:fours"))
    frames(app)
    assert state.board["fours"] == [None, 0]
    assert set(NUMBER_BOXES) & set(state.board)


def test_four_players_with_long_names_fit_in_both_phases(app):
    from game.catalog import GAMES
    info = GAMES["bona_fortuna"]
    seats = [Seat("W" * NAME_MAX, "hard")] + [Seat(f"{'M' * (NAME_MAX - 1)}{i}", "easy")
                                              for i in range(3)]
    state = info.new_game(seats, seed=7)
    app.replace_all(PlayScene(app, info, state, autosave=False))
    from game.ui.text import overflows, record
    play = app.scene
    history = play.regions["history"]
    checked = {1: 0, 2: 0}
    steps = 0
    with record() as drawn:
        while not state.is_over() and steps < 20_000:
            frames(app, 3)
            steps += 1
            if steps % 7 == 0:
                checked[state.phase] += 1
            if not play.fast_forward:
                key(pygame.K_f)
        frames(app, 3)
    assert checked[1] and checked[2]
    drawn = [r for r in drawn if not history.contains(r[2])]  # the history has its own test
    texts = {r[0] for r in drawn}
    assert {"Board", "Round share", "Normal total"} <= texts  # both phases were drawn
    assert not overflows(drawn), overflows(drawn)[:5]


def test_the_sheets_previews_follow_the_game(app):
    """The sheet's previews (what each box would take with the dice now) are worked out once
    a position, and are the game's own at every position of a game, after every move and
    after dice set by hand (a scripted turn)."""
    from game.bots import make_policy
    from game.catalog import GAMES
    from game.games.bona_fortuna.rules import BOX_MELDS
    from tests.forced import settle
    info = GAMES["bona_fortuna"]
    state = info.new_game([Seat("Ann"), Seat("Bob", "easy")], seed=5)
    play = app.show("play", info=info, state=state, autosave=False)
    bot = make_policy(info.bot_module, "normal", seed=3)
    play.banner = None

    def same_as_the_game():
        s = play.state
        fresh = s.preview()
        for column in (*COLUMNS, None):
            for box in BOXES:
                want = {m: fresh[(column, box, m)] for m in BOX_MELDS[box]
                        if (column, box, m) in fresh}
                assert play.table.options_for(column, box) == want, (column, box)
        return bool(fresh)

    shown = 0
    for _ in range(400):
        if shown >= 12:
            break
        settle(app, play)
        if play.human_turn and play.state.dice:
            shown += same_as_the_game()
            for dice in ([6, 6, 6, 6, 6], [1, 2, 3, 4, 5]):  # (the same move, other dice;
                play.state.dice = dice                       # the same dice at other moves)
                shown += same_as_the_game()
        if play.human_turn:
            play.act(bot.choose(play.state))
        else:
            frames(app, 5)
    assert shown >= 10
