"""Whole Yatzy and Maxi Yatzy games played through the real scenes with real input events:
keyboard alone, and mouse alone, against bots; plus the menu, pause, rules and saves."""

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import storage
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from tests.ui_driver import (
    button,
    click,
    frames,
    key,
    play_until_results,
    sheet_spot,
    type_text,
    wait_for_hint,
)

ROOT = Path(__file__).resolve().parent.parent
MAX_FRAMES = 60_000


def play_by_keyboard(app) -> None:
    """Our player: roll once, then keep the dice and take the first open box (arrows +
    Enter), confirming a zero with a second Enter; bots are skipped ahead with F."""
    def move(scene):
        rolls = scene.state.rolls
        if rolls == 0:
            key(pygame.K_SPACE)
        elif rolls == 1:
            key(pygame.K_1)  # hold the first die and roll the rest once more
            key(pygame.K_SPACE)
        else:
            key(pygame.K_DOWN)
            key(pygame.K_RETURN)
            key(pygame.K_RETURN)  # a zero box asks for a second Enter

    play_until_results(app, move, lambda scene: key(pygame.K_f), drawn=False)


def play_by_mouse(app, aim: bool = True) -> None:
    """Our player by mouse: roll, click a die to hold it, roll again, click the best box
    (twice for a zero); bots are skipped with the Skip button. ``aim``: only the frame
    before each click drawn (play_until_results); else every frame."""
    def move(scene):
        state = scene.state
        if state.rolls < 2:
            if state.rolls == 1:
                click(scene.die_rects[0].center)  # hold a die by clicking it
                frames(app)
                assert 0 in scene.table.held
            click(button(scene, "Roll").rect.center)
        else:
            preview = state.preview()
            best = max(preview, key=preview.get)
            frames(app)  # lay the sheet out before aiming at it
            click(sheet_spot(app, scene, best))
            if preview[best] == 0:
                frames(app)
                click(sheet_spot(app, scene, best))

    play_until_results(app, move, lambda scene: click(button(scene, "Skip").rect.center),
                       drawn=not aim, aim=aim)


def check_finished(app, game_id: str, n_categories: int) -> None:
    results = app.scene
    assert isinstance(results, ResultsScene)
    state = results.state
    assert state.is_over() and results.info.id == game_id
    assert all(len(sheet) == n_categories for sheet in state.sheets)
    assert [r["score"] for r in results.ranking] == sorted(state.final_scores(), reverse=True)
    # The fanfare only for a person's own win or a new record; a bot's win is told quietly
    cheered = any(state.seats[seat].is_human for r in results.ranking if r["place"] == 1
                  for seat in r["seats"]) or bool(results.records())
    heard = "win" if cheered else "game_over"
    assert heard in app.sounds.played
    assert ({"win", "game_over"} - {heard}).isdisjoint(app.sounds.played)


def test_keyboard_alone_menu_to_results_yatzy(app):
    menu = app.scene
    # Shift+Tab from nothing focuses the last button: Start.
    key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    frames(app)
    assert menu.focus.focused.label == "Start"
    key(pygame.K_RETURN)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == "yatzy"
    assert [s.bot for s in play.state.seats] == [None, "normal"]
    play_by_keyboard(app)
    check_finished(app, "yatzy", 15)
    assert storage.has_save() is False  # a finished game leaves no save behind


STRENGTHS = ("easy", "normal", "hard")


def seat_control(menu, ident: str):
    """The menu's button of that ident ("add", "strength 2"), as laid out now."""
    return next(b for b in menu.focus.buttons if b.ident == ident)


def choose_in_menu_by_mouse(app, title: str, strengths=STRENGTHS) -> None:
    """Click the game's card, "+ Add player" until there is a bot for each strength, and
    each bot's strength button until it reads that strength; then Start."""
    menu = app.scene
    click(button(menu, title).rect.center)
    frames(app)
    while len(menu.seats) < 1 + len(strengths):
        click(seat_control(menu, "add").rect.center)
        frames(app)
    for seat, strength in enumerate(strengths, start=1):
        for _ in range(5):
            if seat_control(menu, f"strength {seat}").label.lower() == strength:
                break
            click(seat_control(menu, f"strength {seat}").rect.center)
            frames(app)
        assert menu.seats[seat].bot == strength
    click(button(menu, "Start").rect.center)
    frames(app)


def choose_in_menu_by_keyboard(app, title: str, strengths=STRENGTHS) -> None:
    """Tab to the game card, "+ Add player" and each bot's strength button, Enter to press
    them."""
    menu = app.scene

    def focus_on(label: str = "", ident: str = "") -> None:
        for _ in range(len(menu.focus.buttons) + 1):
            focused = menu.focus.focused
            if focused and (focused.ident == ident if ident else focused.label.startswith(label)):
                return
            key(pygame.K_TAB)
            frames(app)
        raise AssertionError(f"could not Tab to {label or ident!r}")

    focus_on(title)
    key(pygame.K_RETURN)
    frames(app)
    while len(menu.seats) < 1 + len(strengths):
        focus_on(ident="add")
        key(pygame.K_RETURN)
        frames(app)
    for seat, strength in enumerate(strengths, start=1):
        for _ in range(5):
            if menu.seats[seat].bot == strength:
                break
            focus_on(ident=f"strength {seat}")
            key(pygame.K_RETURN)
            frames(app)
        assert seat_control(menu, f"strength {seat}").label.lower() == strength
    focus_on("Start")
    key(pygame.K_RETURN)
    frames(app)


@pytest.mark.parametrize("game,title,boxes", [("yatzy", "Yatzy", 15),
                                              ("maxi_yatzy", "Maxi Yatzy", 20)])
@pytest.mark.parametrize("device", ["mouse", "keyboard"])
def test_whole_game_against_each_bot_with_one_input_device(app, device, game, title, boxes):
    """A person and a bot of each strength, seated and set with one device in the menu,
    and a whole game with it. (The three bots at one table: a game each took three whole
    games of our player's moves.)"""
    if device == "mouse":
        choose_in_menu_by_mouse(app, title)
    else:
        choose_in_menu_by_keyboard(app, title)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.info.id == game and [s.bot for s in play.state.seats[1:]] == list(STRENGTHS)
    assert play.state.seats[0].is_human
    if device == "mouse":
        play_by_mouse(app)
    else:
        play_by_keyboard(app)
    check_finished(app, game, boxes)


def test_holding_shows_and_rolls_keep_held_dice(app):
    app.scene.start()
    frames(app)
    play = app.scene
    play.state.order = [0, 1]  # the human first, so the test does not wait for the bot
    play.table.new_turn()
    key(pygame.K_2)
    frames(app)
    assert "Roll first" in app.toast[0]  # holding before rolling explains itself
    key(pygame.K_SPACE)
    frames(app, 40)
    dice = list(play.state.dice)
    key(pygame.K_1)
    key(pygame.K_3)
    frames(app)
    assert play.table.held == {0, 2}
    specs = play.table.dice()
    assert [d.mode for d in specs] == ["held", "free", "held", "free", "free"]
    key(pygame.K_RETURN)  # no cursor yet: Enter rolls
    frames(app, 40)
    assert play.state.rolls == 2
    assert play.state.dice[0] == dice[0] and play.state.dice[2] == dice[2]


def test_zero_needs_a_confirming_second_choice(app):
    app.scene.start()
    frames(app)
    play = app.scene
    play.state.order = [0, 1]
    play.table.new_turn()
    key(pygame.K_SPACE)
    frames(app, 40)
    play.state.sheets[0]["ones"] = 5  # (as if written on an earlier turn)
    play.table.click_row("ones")
    assert app.toast[0] == "Ones is already filled"  # one's own sheet: 'filled'
    play.state.dice = [1, 1, 1, 1, 1]
    play.table.click_row("sixes")
    assert "sixes" not in play.state.sheets[0] and play.table.pending_zero == "sixes"
    assert app.toast[0] == "Sixes scores 0: press Enter again to cross it out."  # (keys)
    play.table.click_row("sixes")
    assert play.state.sheets[0]["sixes"] == 0


def test_bot_turn_input_is_refused_politely(app):
    app.scene.start()
    frames(app)
    play = app.scene
    play.state.order = [1, 0]  # the bot first
    play.table.new_turn()
    play.banner = None
    app.settings.bot_speed = "slow"  # the bot is still thinking while we press and click
    frames(app)
    assert not play.human_turn and play.bot_plan is not None
    before = play.state.to_json()
    key(pygame.K_SPACE)
    frames(app)
    assert "turn" in app.toast[0] and "Ada" in app.toast[0]
    click(play.die_rects[0].center)
    frames(app)
    assert play.state.to_json() == before  # neither the key nor the click was played


def test_upper_bonus_progress_and_best_box_are_shown(app):
    app.scene.start()
    frames(app)
    play = app.scene
    play.state.order = [0, 1]
    play.state.sheets[0].update({"sixes": 24, "fives": 20})
    key(pygame.K_SPACE)
    frames(app, 40)
    play.state.dice = [6, 6, 6, 6, 6]
    model = play.table.sheet()
    upper = next(r for r in model.rows if r.label == "Upper sum")
    assert upper.cells[0].text == "44/63"
    yatzy_row = next(r for r in model.rows if r.key == "yatzy")
    assert yatzy_row.cells[0].text == "80" and yatzy_row.cells[0].fill is None  # no hint yet
    play.state.rolls = 3
    key(pygame.K_h)
    wait_for_hint(app, play)
    model = play.table.sheet()
    marked = [r.key for r in model.rows if r.cells and r.cells[0].fill is not None]
    assert marked == ["yatzy"]  # the coach's box for five sixes
    assert model.footer.startswith("Dashed ring: the coach's box")  # and the footer says so
    app.settings.coach = "off"
    assert "coach" not in play.table.sheet().footer


def test_pause_rules_and_quit_with_confirmation_keeps_the_game(app):
    app.scene.start()
    frames(app)
    play = app.scene
    key(pygame.K_F1)
    frames(app)
    assert isinstance(app.scene, RulesScene)
    assert any("Yatzy" in line[0] for line in app.scene.lines)
    key(pygame.K_PAGEDOWN)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is play
    key(pygame.K_ESCAPE)
    frames(app)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    frames(app, 30)
    frozen = play.state.to_json()
    frames(app, 120)
    assert play.state.to_json() == frozen  # bots do not play while paused
    click(button(pause, "Quit to menu").rect.center)
    frames(app)
    assert pause.confirming and isinstance(app.scene, PauseScene)
    key(pygame.K_ESCAPE)  # Esc backs out of the question, not out of the game
    frames(app)
    assert not pause.confirming
    click(button(pause, "Quit to menu").rect.center)
    frames(app)
    click(button(pause, "Yes, quit").rect.center)
    frames(app)
    assert isinstance(app.scene, MenuScene)


def test_continue_a_saved_game_from_the_menu(app):
    app.scene.start()
    frames(app)
    play = app.scene
    play.state.order = [0, 1]
    key(pygame.K_SPACE)
    frames(app, 40)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    key(pygame.K_RETURN)
    frames(app, 5)
    saved = play.state.to_json()
    assert storage.has_save()
    app.replace_all(MenuScene(app))
    frames(app)
    click(button(app.scene, "Continue").rect.center)
    frames(app)
    assert isinstance(app.scene, PlayScene)
    assert json.loads(app.scene.state.to_json())["state"]["sheets"] == json.loads(saved)["state"]["sheets"]


def test_a_corrupt_save_is_reported_and_set_aside(app, isolated_saves):
    storage.save_path().parent.mkdir(parents=True, exist_ok=True)
    storage.save_path().write_text('{"game_id": "yatzy", "save": {"format": 1, "game": "yatzy"}}')
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(button(menu, "Continue").rect.center)
    frames(app)
    assert isinstance(app.scene, MenuScene)
    assert "cannot be continued" in app.toast[0] and "another version" in app.toast[0]
    assert not storage.save_path().exists()
    assert (isolated_saves / "autosave.damaged.json").exists()
    with pytest.raises(AssertionError):
        button(menu, "Continue")


def test_menu_seats_names_and_limits(app):
    menu = app.scene
    click(button(menu, "You").rect.center)
    frames(app)
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    type_text("Mia")
    key(pygame.K_RETURN)
    frames(app)
    assert menu.seats[0].name == "Mia"
    for _ in range(6):
        click(button(menu, "+ Add player").rect.center)
        frames(app)
    assert len(menu.seats) == 6 and not button(menu, "+ Add player").enabled
    for _ in range(6):
        menu.remove_seat(0)
    assert len(menu.seats) == 1
    click(button(menu, "Stakes").rect.center)
    frames(app)
    assert menu.options["yatzy"]["stakes"] is True
    click(button(menu, "Bet per game").rect.center)
    frames(app)
    assert menu.options["yatzy"]["bet"] == 20
    menu.seats[0].bot = "hard"
    menu.start()
    frames(app)
    play = app.scene
    assert play.state.options["stakes"] and play.state.pot == 20 and play.state.chips == [980]


def test_stakes_play_again_carries_chips(app):
    menu = app.scene
    menu.options["yatzy"]["stakes"] = True
    menu.seats = [Seat("A", "hard"), Seat("B", "easy")]
    menu.start()
    app.scene.fast_forward = True
    for _ in range(MAX_FRAMES):
        if isinstance(app.scene, ResultsScene):
            break
        if app.scene.finished:
            frames(app, 30)
            assert isinstance(app.scene, PlayScene)  # the final sheet waits for the player
            key(pygame.K_RETURN)
        frames(app, 5)
    results = app.scene
    chips = list(results.state.chips)
    assert sum(chips) >= 2000  # the pot went back to the table
    key(pygame.K_RETURN)  # Play again is focused
    frames(app)
    again = app.scene
    assert isinstance(again, PlayScene)
    assert again.state.chips == [c - 10 for c in chips]


@pytest.mark.parametrize("game", ["yatzy", "maxi_yatzy"])
def test_demo_mode_plays_to_the_end_and_saves_a_screenshot(game, tmp_path):
    shot = tmp_path / "demo.png"
    out = subprocess.run([sys.executable, "main.py", "--demo", game, "--seed", "3",
                          "--screenshot", str(shot), "--stats"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    assert stats["game_over"] is True and stats["game"] == game
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


def test_demo_with_a_frame_limit(tmp_path):
    shot = tmp_path / "f.png"
    out = subprocess.run([sys.executable, "main.py", "--demo", "yatzy", "--frames", "30",
                          "--screenshot", str(shot)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and shot.exists()


@pytest.mark.parametrize("args,needle", [
    (["--demo", "chess"], "unknown game"), (["--demo", "yatzy", "--frames", "0"], "--frames"),
    (["--frames", "10"], "go with --demo"), (["--demo", "yatzy", "--seed", "x"], "invalid int"),
    (["--demo", "yatzy", "--screenshot", "/no/such/dir/a.png"], "no folder"),
    (["--bogus"], "unrecognized"),
    (["--pace", "normal"], "go with --demo"), (["--demo", "yatzy", "--pace", "warp"], "invalid choice"),
])
def test_bad_command_lines(args, needle):
    out = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0]


@pytest.mark.parametrize("pace", [None, "slow", "normal", "fast"])
def test_the_demo_bots_think_at_the_pace_asked(pace):
    """--pace sets how long the demo's bots think (fast when not given), so the frame figures
    can be taken at the pace a player sees."""
    from game.app import App
    from game.launcher import parse_args, run_demo
    pygame.quit()
    app = App(sound=False, seed=1)
    args = parse_args(["--demo", "yatzy", "--frames", "3"] + (["--pace", pace] if pace else []))
    run_demo(app, args)
    assert app.settings.bot_speed == (pace or "fast")
