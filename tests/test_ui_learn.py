"""Learn to play, through the real app by injected input (game.scenes.learn, game.lessons).

For every game: the whole lesson played by the mouse, by a finger on a phone and by the keys
reaches its end card, and "Play a game" starts a real game against a bot; its words follow
the hand (after a tap no key is named anywhere on the screen); a wrong move (a die the step
does not ask for, another button, another box, by each hand) changes nothing and says what
to do in one line; Skip (Escape, the button, a tap) at every step leaves for the menu, which
starts a game, and a game in progress stays saved as it was; every screen of the lesson fits
every size of the screens matrix (test_ui_screens' checks). The menu proposes a game's
lesson the first time the game is chosen, once, remembered in the settings; Learn to play
stays in the menu and on the rules page."""

from __future__ import annotations

import re

import pygame
import pytest

from game import storage
from game.app import App
from game.catalog import GAMES
from game.lessons import lesson_for
from game.scenes.learn import LearnScene
from game.scenes.menu import MenuScene
from game.ui import text, theme
from tests.lesson_driver import (
    do_step,
    ended,
    lesson_scene,
    point,
    ready,
    settle,
    tap,
)
from tests.test_ui_screens import SIZE_IDS, SIZES, Screen
from tests.ui_driver import button, click, frames, key, sheet_spot, undrawn

SIZE = {"mouse": (1280, 720, 1, False), "keys": (1280, 720, 1, False),
        "touch": (390, 844, 3, True)}
# Words that name a key (or the keyboard): none after a tap.
KEY_WORDS = re.compile(r"\b(press|Space|Enter|Esc|Escape|arrows?|keys?|keyboard|Tab|F1|F11|"
                       r"Ctrl|Backspace)\b")


def make_app(size) -> App:
    w, h, dpr, touch = size
    pygame.quit()
    app = App(sound=True, seed=3, window_size=(w, h), dpr=dpr, touch=touch)
    app.settings.bot_speed = "fast"
    return app


@pytest.fixture
def finish():
    yield
    pygame.quit()


def open_lesson(app: App, game_id: str) -> LearnScene:
    app.show("learn", info=GAMES[game_id])
    frames(app)
    return app.scene


def texts(app: App) -> list[str]:
    """Every text on the screen now (whole, as the scenes drew them), and the message."""
    app.invalidate()
    with text.record() as drawn:
        app.draw()
    out = list(dict.fromkeys(d.source for d in drawn))
    return out + ([app.toast[0]] if app.toast else [])


def lesson_places(app: App) -> list[pygame.Rect]:
    """Where the lesson speaks: its place under the dice (and over the sheet), its buttons
    in the top bar and under the dice (Got it; the game's own buttons are the table's); the
    end card."""
    if ended(app):
        return [app.scene.box]
    lesson = lesson_scene(app)
    if app.scene is not lesson:
        return []
    places = [lesson.regions[name] for name in ("status", "lesson") if name in lesson.regions]
    step = lesson.showing
    own = lesson.table_buttons.buttons if step is not None and step.kind == "read" else []
    return places + [b.rect for b in lesson.top_buttons.buttons + own]


def lesson_texts(app: App) -> list[str]:
    """The lesson's own words now (``lesson_places``)."""
    mine = lesson_places(app)
    app.invalidate()
    with text.record() as drawn:
        if ended(app):
            app.scene.draw(app.screen)
        else:
            app.draw()
    return list(dict.fromkeys(d.source for d in drawn
                              if any(r.contains(d.box) for r in mine)))


def press_start(app: App, hand: str) -> None:
    """Learn to play in the menu, by the hand."""
    menu = app.scene
    if hand == "keys":
        for _ in range(40):
            focused = menu.focus.focused
            if focused is not None and focused.label == "Learn to play":
                break
            key(pygame.K_TAB)
            frames(app)
        key(pygame.K_RETURN)
    else:
        point(hand, button(menu, "Learn to play").rect.center)
    frames(app, 2)


def step_by_keys(app: App) -> None:
    """The step's input by the keys, its frames undrawn: a key aims at nothing drawn, and
    what is checked after it is drawn afresh (settle draws the frame the lesson waits in)."""
    with undrawn(app):
        do_step(app, "keys")


# -- the whole lesson ---------------------------------------------------------------------------
@pytest.mark.parametrize("hand", ["mouse", "touch", "keys"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_whole_lesson_by_each_hand_ends_in_a_real_game(game_id, hand, finish):
    app = make_app(SIZE[hand])
    app.show("menu", game_id=game_id)
    frames(app)
    press_start(app, hand)
    lesson = app.scene
    assert isinstance(lesson, LearnScene) and lesson.info.id == game_id
    assert app.settings.lessons.get(game_id) is True  # taken: never proposed again
    steps = lesson.lesson.steps
    said = []
    seen = []
    for _ in range(300):
        settle(app)
        if ended(app):
            break
        current = lesson_scene(app)
        seen.append(current.at)
        before = steps[current.at - 1] if current.at else None
        if before is not None and before.kind == "do" and before.move["kind"] == "roll" \
                and current.state.dice:  # the dice landed as the lesson prepared them
            assert list(current.state.dice) == list(before.shows), (current.at, before)
        if current.shown == current.at and ready(app):
            said.append((current.at, lesson_texts(app)))
        if hand == "touch":  # after a tap: no key named anywhere on the screen
            bad = [t for t in texts(app) if KEY_WORDS.search(t)]
            assert not bad, f"{game_id} step {current.at + 1} after a tap: {bad}"
        do_step(app, hand)
    assert ended(app), "the lesson did not end"
    said.append((len(steps) - 1, lesson_texts(app)))
    # every step of the player's was on screen, in order
    mine = [i for i, s in enumerate(steps) if s.kind in ("pick", "do", "read")]
    assert [i for i in dict.fromkeys(seen)] == mine
    # the words of the hand in use
    for at, own in said:
        where = f"{game_id} step {at + 1} by {hand}"
        words = " ".join(own)
        if hand == "touch":
            bad = [t for t in own if KEY_WORDS.search(t)]
            assert not bad, f"{where}: after a tap {bad}"
            assert "click" not in words.lower(), where
        elif hand == "mouse":
            assert "tap" not in re.findall(r"\w+", words.lower()), where
        else:
            assert "click" not in words.lower() and "tap" not in words.lower(), where
    lesson_words = " ".join(" ".join(own) for _, own in said)
    assert {"touch": "Tap", "mouse": "Click", "keys": "Press"}[hand] in lesson_words
    # Play a game: a real game of this game, against a bot, from its first move
    end_card = app.scene
    if hand == "keys":
        key(pygame.K_RETURN)
    else:
        point(hand, end_card.play.rect.center)
    frames(app, 2)
    play = app.scene
    assert type(play).__name__ == "PlayScene" and play.info.id == game_id
    assert play.autosave and not play.state.actions and not play.state.is_over()
    assert any(not s.is_human for s in play.state.seats)


# -- wrong moves --------------------------------------------------------------------------------
def to_kind(app: App, hand: str, kinds: tuple[str, ...], move: str | None = None) -> LearnScene:
    """Play the lesson on to its first step of one of ``kinds`` (a "do" step: whose move is
    of kind ``move``)."""
    for _ in range(200):
        settle(app)
        lesson = lesson_scene(app)
        step = lesson.showing
        if ready(app) and step.kind in kinds and (move is None or step.move["kind"] == move):
            return lesson
        assert not ended(app), f"no step of kind {kinds} {move or ''}"
        do_step(app, hand)
    raise AssertionError("the lesson did not come to that step")


def status_words(app: App) -> str:
    lesson = lesson_scene(app)
    app.invalidate()
    with text.record() as drawn:
        app.draw()
    return " ".join(d.text for d in drawn if lesson.regions["status"].contains(d.box))


@pytest.mark.parametrize("hand", ["mouse", "touch", "keys"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_wrong_move_changes_nothing_and_says_what_to_do(game_id, hand, finish):
    app = make_app(SIZE[hand])
    lesson = open_lesson(app, game_id)
    lesson = to_kind(app, hand, ("pick",))
    step, at = lesson.showing, lesson.at
    wrong = next(i for i in range(len(lesson.die_rects)) if i not in step.dice
                 and i not in lesson._chosen())
    chosen, actions = lesson._chosen(), len(lesson.state.actions)
    sounds = len(app.sounds.played)
    if hand == "keys":
        key(pygame.K_1 + wrong)
    else:
        point(hand, lesson.die_rects[wrong].center)
    frames(app, 2)
    assert lesson._chosen() == chosen and lesson.at == at  # put back, no step on
    assert lesson.correction == str(step.wrong or step.say) and lesson.correction
    assert lesson.correction.split()[0] in status_words(app)  # said where the lesson speaks
    assert "error" in app.sounds.played[sounds:]
    if hand == "touch":
        assert not KEY_WORDS.search(lesson.correction)
    # the move before its dice are chosen (where the table allows it): refused
    moves = [b for spec, b in zip(lesson.table.buttons(), lesson.table_buttons.buttons,
                                  strict=False) if spec.action is not None and b.enabled]
    lesson.correction = ""
    if hand == "keys":
        key(pygame.K_SPACE)
    elif moves:
        point(hand, moves[0].rect.center)
    frames(app, 2)
    assert len(lesson.state.actions) == actions and lesson.at == at
    assert lesson.correction or (hand != "keys" and not moves)
    # the right dice then: on again
    for _ in step.dice:
        do_step(app, hand)
    settle(app)
    assert lesson.at > at
    # a box that is not the one to fill: nothing written
    if any(s.kind == "do" and s.move["kind"] == "score" for s in lesson.lesson.steps):
        lesson = to_kind(app, hand, ("do",), "score")
        target, at = lesson._box(), lesson.at
        actions = len(lesson.state.actions)
        other = next(k for k in list(lesson.sheet.cell_rects) + list(lesson.sheet.row_rects)
                     if k != target and k.split(":")[-1] != target.split(":")[-1]
                     and not k.startswith("seat:"))
        for _ in range(2):  # twice: a box that would score 0 asks again first
            if hand == "keys":  # the cursor on a box, not the one to fill
                key(pygame.K_DOWN)
                frames(app)
                if lesson.table.cursor == target:
                    key(pygame.K_DOWN)
                key(pygame.K_RETURN)
            else:
                point(hand, sheet_spot(app, lesson, other))
            frames(app, 2)
        assert len(lesson.state.actions) == actions and lesson.at == at
        assert lesson.correction
        assert getattr(lesson.table, "pending_zero", None) in (None, target)


# -- skipping -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(GAMES))
def test_skip_at_every_step_leaves_for_a_menu_that_starts_a_game(game_id, finish):
    app = make_app(SIZE["keys"])
    steps = len(open_lesson(app, game_id).lesson.steps)
    ways = ["escape", "button", "tap"]
    for k in range(steps):
        lesson = open_lesson(app, game_id)
        for _ in range(100):  # on to step k (the end card at the last)
            settle(app)
            if ended(app) or lesson.at >= k:
                break
            step_by_keys(app)
        way = ways[k % 3]
        if way == "escape" or ended(app):
            key(pygame.K_ESCAPE)
        else:
            skip = next(b for b in lesson.top_buttons.buttons if b.ident == "skip")
            (tap if way == "tap" else click)(skip.rect.center)
        frames(app, 2)
        menu = app.scene
        assert isinstance(menu, MenuScene) and len(app.scenes) == 1, (k, app.scenes)
        assert menu.game_id == game_id and menu.offer is None
        assert not storage.has_save()  # a lesson is never saved
        click(button(menu, "Start").rect.center)
        frames(app, 2)
        assert type(app.scene).__name__ == "PlayScene", (k, way)
        storage.clear()


def test_a_lesson_leaves_a_game_in_progress_as_it_was(finish):
    app = make_app(SIZE["mouse"])
    app.show("menu", game_id="farkle")
    frames(app)
    click(button(app.scene, "Start").rect.center)
    frames(app, 2)
    play = app.scene
    key(pygame.K_SPACE)  # a roll: the game is saved with it
    for _ in range(200):
        frames(app)
        if not play.busy:
            break
    saved = storage.load_marks()[1].save()
    key(pygame.K_F1)  # the rules, and their Learn to play
    frames(app, 2)
    rules = app.scene
    click(rules.learn.rect.center)
    frames(app, 2)
    assert isinstance(app.scene, LearnScene) and app.scene.info.id == "farkle"
    settle(app)
    do_step(app, "mouse")
    settle(app)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.scene, MenuScene) and app.scene.has_save
    assert storage.load_marks()[1].save() == saved


# -- the proposal -------------------------------------------------------------------------------
def test_the_lesson_is_proposed_the_first_time_a_game_is_chosen_and_never_again(finish):
    app = make_app(SIZE["mouse"])
    menu = app.show("menu")
    frames(app)
    first = menu.game_id
    assert menu.offer == first and button(menu, "Teach me")  # the game chosen at the start
    assert "New to" in " ".join(texts(app))
    assert storage.read_json(storage.SETTINGS)["lessons"] == {first: True}  # at once
    click(button(menu, "Farkle").rect.center)
    frames(app)
    assert menu.offer == "farkle" and any("New to Farkle" in t for t in texts(app))
    click(button(menu, "No thanks").rect.center)
    frames(app)
    assert menu.offer is None and not any("New to" in t for t in texts(app))
    labels = [b.label for b in menu.focus.buttons]
    assert "Teach me" not in labels and "Learn to play" in labels
    # a new start: never proposed again, for either game; another game's the first time
    app = make_app(SIZE["mouse"])
    menu = app.show("menu", game_id="farkle")
    frames(app)
    assert menu.offer is None and not any("New to" in t for t in texts(app))
    click(button(menu, GAMES[first].title).rect.center)
    frames(app)
    assert menu.offer is None
    click(button(menu, "Pirate Fortune").rect.center)
    frames(app)
    assert menu.offer == "pirates"
    click(button(menu, "Teach me").rect.center)
    frames(app, 2)
    assert isinstance(app.scene, LearnScene) and app.scene.info.id == "pirates"
    key(pygame.K_ESCAPE)
    frames(app)
    # asked for: always there, in the menu and on the rules page
    menu = app.scene
    click(button(menu, "Pirate Fortune").rect.center)
    frames(app)
    assert menu.offer is None
    click(button(menu, "How to play").rect.center)
    frames(app)
    key(pygame.K_l)
    frames(app, 2)
    assert isinstance(app.scene, LearnScene) and app.scene.info.id == "pirates"
    # the rules opened from the lesson do not offer the lesson again
    key(pygame.K_F1)
    frames(app)
    assert app.scene.learn is None


# -- every size ---------------------------------------------------------------------------------
def resize(app: App, size) -> None:
    w, h, dpr, touch = size
    app.touch = touch
    app.resize((round(w * dpr), round(h * dpr)), dpr)


@pytest.fixture
def looks_back():
    yield
    theme.use_palette("standard")
    theme.set_large_text(False)


@pytest.mark.parametrize("large", [False, True], ids=["standard", "larger text"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_step_of_a_lesson_fits_every_screen(game_id, large, finish, looks_back):
    """Each step as it comes on screen (and the card draw, and the end card), drawn at every
    size of the screens matrix, with the standard looks and with larger text and the
    colour-blind palette: test_ui_screens' checks, no word of the lesson cut or under
    16 dp."""
    home = (1280, 720, 1, False)
    app = make_app(home)
    if large:
        app.settings.large_text = app.settings.colour_blind = True
        app.apply_looks()
    lesson = open_lesson(app, game_id)
    checked = None
    for _ in range(80):
        settle(app)
        where = "the end card" if ended(app) else f"step {lesson.at + 1}"
        if (where, type(app.scene)) != checked:
            checked = (where, type(app.scene))
            for size in SIZES:
                resize(app, size)
                screen = Screen(app, size, f"{game_id} lesson, {where}").check()
                at = SIZE_IDS[SIZES.index(size)]
                own = lesson_places(app)
                mine = [d for d in screen.drawn if any(r.contains(d.box) for r in own)]
                if ended(app):  # the card's own words (not the table's under it)
                    with text.record() as mine:
                        app.scene.draw(app.screen)
                cut = [d.text for d in mine if "…" in d.text and "…" not in d.source]
                assert not cut, f"{where} at {at}: cut {cut}"
                words = [lesson.regions[n] for n in ("status", "lesson") if n in lesson.regions]
                small = [(d.text, d.size) for d in mine if d.size < 16
                         and any(r.contains(d.box) for r in words) and app.scene is lesson]
                assert not small, f"{where} at {at}: {small}"
            resize(app, home)
            frames(app)
        if ended(app):
            break
        step_by_keys(app)
    assert ended(app)
    assert theme.metrics.size == (1280, 720)


def test_a_lesson_has_no_coach_no_odds_no_undo_and_no_save(finish):
    """The lesson says what to do: the coach (even set to always), the odds (even switched
    on), undo and skipping ahead stay out of it, and it is never saved nor recorded."""
    app = make_app(SIZE["mouse"])
    app.settings.coach, app.settings.odds = "always", True
    lesson = open_lesson(app, "yatzy")
    lesson = to_kind(app, "mouse", ("pick",))
    frames(app, 30)
    assert lesson.current_hint() is None and not lesson.coach_thinking()
    assert lesson.odds.current() is None and not lesson.odds.lines()
    for k, mod in ((pygame.K_h, 0), (pygame.K_o, 0), (pygame.K_f, 0),
                   (pygame.K_z, pygame.KMOD_CTRL)):
        lesson.correction = ""
        key(k, mod=mod)
        frames(app, 2)
        assert "real game" in lesson.correction and not lesson.fast_forward
        assert lesson.hint_task is None
    assert not storage.has_save() and not lesson.autosave
    labels = {b.ident for b in lesson.top_buttons.buttons}
    assert labels == {"rules", "skip"}


def test_the_lesson_pictures_tool_shows_every_step(tmp_path):
    """tools/lesson_pictures.py (DEVELOPING.md): a lesson from start to end in pictures."""
    from tests.test_tools import run
    done = run("tools/lesson_pictures.py", "--games", "grab_it", "--sizes", "800x600r1",
               "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    steps = sorted(p.name for p in (tmp_path / "grab_it-800x600r1").iterdir())
    player = [s for s in lesson_for("grab_it").steps if s.kind in ("pick", "do", "read", "end")]
    assert len(steps) >= len(player) and (tmp_path / "grab_it-800x600r1.png").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grab_it-800x600r1",
                                                          "grab_it-800x600r1.png"]
