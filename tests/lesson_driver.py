"""Plays a lesson (game.scenes.learn) through the real app by injected input, with one hand:
the mouse (clicks where the table points), a finger (taps there) or the keyboard (the keys
the lesson names)."""

from __future__ import annotations

import pygame

from tests.ui_driver import click, frames, key, tap, undrawn

HANDS = ("mouse", "touch", "keys")


def point(hand: str, pos) -> None:
    (tap if hand == "touch" else click)(pos)


def lesson_scene(app):
    from game.scenes.learn import LearnScene
    return next((s for s in app.scenes if isinstance(s, LearnScene)), None)


def ready(app) -> bool:
    """The lesson waits for the player: its step on screen, nothing moving."""
    scene = app.scene
    lesson = lesson_scene(app)
    if lesson is None or scene is not lesson:
        return False
    step = lesson.showing
    return lesson.shown == lesson.at and not lesson.busy and step is not None and (
        lesson.human_turn or step.kind in ("read", "end"))


def ended(app) -> bool:
    """The lesson's end card is up."""
    from game.scenes.learn import LessonEndScene
    return isinstance(app.scene, LessonEndScene)


def settle(app, limit: int = 2000, drawn: bool = False) -> None:
    """Frames until the lesson waits for the player (or has ended, or left), then one
    frame drawn (every control in its place for the input that follows). ``drawn``: every
    frame drawn, as a player sees it."""
    from game.scenes.carddraw import CardDrawScene

    def waiting() -> bool:
        scene = app.scene
        if ended(app) or lesson_scene(app) is None or ready(app):
            return True
        return isinstance(scene, CardDrawScene) and scene.human and scene.phase in ("wait",
                                                                                   "show")
    if drawn:
        for _ in range(limit):
            if waiting():
                return
            frames(app)
    else:
        with undrawn(app):
            for _ in range(limit):
                if waiting():
                    break
                frames(app)
        frames(app)
        if waiting():
            return
    raise AssertionError("the lesson did not come to a step that waits for the player")


def target(lesson):
    """Where the lesson points (the first target's centre), once drawn: a box of the sheet
    is brought into view first (a frame or two)."""
    for _ in range(10):
        rects = lesson._targets()
        if rects:
            return rects[0].center
        frames(lesson.app)
    raise AssertionError(f"step {lesson.at} points at nothing")


def score_keys(lesson, box: str) -> None:
    """The keyboard's way to a box of the sheet: the arrows until the cursor is on it."""
    table = lesson.table
    for _ in range(60):
        if table.cursor == box:
            return
        column = box.split(":")[0] if ":" in box else None
        now = (table.cursor or "").split(":")[0] if table.cursor and ":" in table.cursor else None
        key(pygame.K_RIGHT if column is not None and now is not None and now != column
            else pygame.K_DOWN)
        frames(lesson.app)
    raise AssertionError(f"the arrows never reached {box}")


def do_step(app, hand: str) -> None:
    """The input for the step on screen, as the lesson asks for it."""
    from game.scenes.carddraw import CardDrawScene
    scene = app.scene
    if isinstance(scene, CardDrawScene):  # a card to turn over, or to put down
        if hand == "keys":
            key(pygame.K_SPACE)
        else:
            point(hand, scene.deck.center if scene.phase == "wait" else scene.card_rect.center)
        frames(app, 2)
        return
    lesson = lesson_scene(app)
    step = lesson.showing
    if step.kind == "pick":
        i = next(i for i in step.dice if i not in lesson._chosen())
        if hand == "keys":
            key(pygame.K_1 + i)
        else:
            point(hand, lesson.die_rects[i].center)
    elif step.kind == "read":
        if hand == "keys":
            key(pygame.K_RETURN)
        else:
            point(hand, lesson.table_buttons.buttons[0].rect.center)
    elif step.kind == "do":
        kind = step.move["kind"]
        if hand != "keys":
            point(hand, target(lesson))
        elif kind == "score":
            score_keys(lesson, lesson._box())
            key(pygame.K_RETURN)
        else:
            key({"roll": pygame.K_SPACE, "draw": pygame.K_SPACE, "bank": pygame.K_b,
                 "stop": pygame.K_RETURN}[kind])
    frames(app, 2)


def play_lesson(app, hand: str, limit: int = 400) -> list[int]:
    """Play the lesson on screen to its end step; the steps seen, in order."""
    seen = []
    for _ in range(limit):
        settle(app)
        lesson = lesson_scene(app)
        if ended(app):
            return seen
        if lesson is not None and (not seen or seen[-1] != lesson.at):
            seen.append(lesson.at)
        do_step(app, hand)
    raise AssertionError("the lesson did not end")
