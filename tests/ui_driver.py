"""Drives the real app with posted input events, as a player would, headless."""

from __future__ import annotations

from contextlib import contextmanager, nullcontext

import pygame

from game.app import App

DT = 1 / 60
# A frame of a slow phone (the game's loop takes up to 0.1 s a frame): where a whole game is
# driven through the scenes and what is checked is the game's flow, not its motion, a third
# of the frames (each drawn) plays the same game, move for move.
PLAY_DT = 3 * DT


def key(k: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode,
                                         scancode=0))


def click(pos) -> None:
    pos = tuple(int(v) for v in pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def hand_events(hand: str) -> list[pygame.event.Event]:
    """An input of ``hand`` ("touch", "keyboard" or "mouse") that presses nothing: a finger
    lifted at once, a Shift key, a wheel turned by nothing."""
    if hand == "touch":
        return [pygame.event.Event(kind, touch_id=1, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0,
                                   pressure=1.0) for kind in (pygame.FINGERDOWN, pygame.FINGERUP)]
    if hand == "keyboard":
        return [pygame.event.Event(kind, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
                for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, flipped=False, precise_x=0.0,
                               precise_y=0.0, touch=False)]


def use_hand(hand: str) -> None:
    """Post an input of ``hand`` that presses nothing (``hand_events``): the prompts follow
    it (game.ui.hands) from the frame that reads it."""
    for event in hand_events(hand):
        pygame.event.post(event)


def tap(pos) -> None:
    """A finger's tap, as SDL reports it: the finger, and the mouse events made of it."""
    pos = tuple(int(v) for v in pos)
    w, h = pygame.display.get_surface().get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=0, x=pos[0] / w,
                                             y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0), touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))


def type_text(text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def button(scene, label_start: str):
    """The scene's button whose label starts with ``label_start`` (as drawn)."""
    groups = [getattr(scene, name) for name in ("focus", "top_buttons", "table_buttons")
              if hasattr(scene, name)]
    for group in groups:
        for b in group.buttons:
            if b.label.startswith(label_start):
                return b
    raise AssertionError(f"no button {label_start!r} in {type(scene).__name__}: "
                         f"{[b.label for g in groups for b in g.buttons]}")


def play_until_results(app: App, human_move, skip_bots, max_steps: int = 60_000,
                       overlay_move=None, drawn: bool = True, aim: bool = False) -> None:
    """Run the real scenes until the results screen: ``human_move(scene)`` sends the input of
    one step of the human's turn, ``skip_bots(scene)`` the input that skips bot turns, and
    ``overlay_move(scene)`` (when given) the input for a scene a game pushes over the play
    scene (Pirate Fortune's card draw). ``drawn=False``: the loop's frames are not drawn
    (ui_driver.undrawn), in a test that checks the game and not what its frames show (a
    move's own frames are drawn): for a player by keys alone, who aims at nothing drawn, or,
    with ``aim``, for a mouse or a finger: one frame is drawn before each input (every
    control in its place, as the player sees it), the frames between left undrawn."""
    from game.scenes.play import PlayScene
    from game.scenes.results import ResultsScene
    fresh = drawn or not aim  # (the screen as the player sees it now: to aim at)
    for _ in range(max_steps):
        scene = app.scene
        if isinstance(scene, ResultsScene):
            return
        play = isinstance(scene, PlayScene)
        if not fresh and (play and (scene.finished or not scene.busy and (
                scene.human_turn or not scene.fast_forward))
                or overlay_move is not None and not play):
            frames(app)  # (an input comes: drawn first, then looked at again)
            fresh = True
            continue
        if play and scene.finished:
            key(pygame.K_RETURN)  # the final sheet stays until the player moves on
        elif play and not scene.busy:
            if scene.human_turn:
                human_move(scene)
            elif not scene.fast_forward:
                skip_bots(scene)
        elif overlay_move is not None and not play:
            overlay_move(scene)
        with nullcontext() if drawn else undrawn(app):
            app.step(PLAY_DT)
            app.step(PLAY_DT)
        fresh = drawn or not aim
    raise AssertionError("the game did not finish")


@contextmanager
def undrawn(app):
    """Frames that are not drawn: what moves meanwhile (dice, banners) runs its course in a
    fraction of the time; the next frame drawn shows where everything is."""
    saved = app.draw, app.partial_draw, app._stage_under, app.changed_draw
    app.draw, app.partial_draw, app._stage_under, app.changed_draw = \
        (lambda *a, **k: None), (lambda: True), (lambda: False), (lambda: False)
    try:
        yield
    finally:
        app.draw, app.partial_draw, app._stage_under, app.changed_draw = saved
        app.invalidate()


def new_app() -> App:
    pygame.quit()
    app = App(sound=True, seed=2024)
    app.settings.bot_speed = "fast"
    return app


def wait_for_hint(app: App, play, limit: int = 600):
    """Frames until the coach's hint (worked out over frames) is on show; returns it."""
    for _ in range(limit):
        hint = play.current_hint()
        if hint is not None:
            return hint
        frames(app)
    raise AssertionError("the coach's hint did not arrive")


def continue_from_menu(app: App):
    """Open the menu (leaving every scene) and click Continue, as a player returning to a
    saved game does; the scene it leads to."""
    from game.scenes.menu import MenuScene
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(button(menu, "Continue").rect.center)
    frames(app, 2)
    return app.scene


def sheet_spot(app: App, scene, key: str):
    """Where to click on the sheet for ``key`` (a row or a cell), as a player would: the
    sheet is scrolled to it first when it does not all fit the window."""
    scene.sheet.reveal(key)
    app.invalidate()
    frames(app, 2)  # (a sheet that changed with much else is drawn a frame later)
    rect = scene.sheet.cell_rects.get(key) or scene.sheet.row_rects.get(key)
    assert rect is not None, f"{key!r} is not on the sheet"
    return rect.center
