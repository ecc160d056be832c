"""The hand that plays: the input the player used last (touch, keyboard or mouse), so that
every prompt speaks of what that hand does: "tap" after a touch, the key with a keyboard,
"click" with a mouse.

The last input decides, whatever the device: a mouse on a touch laptop speaks of clicks, a
keyboard on a tablet names the keys. The app hands every event to ``observe``; scenes ask
``mode`` (or ``say``) while they draw, so the words change as soon as the input does. The
layout does not follow the hand (a layout for fingers is ``theme.metrics.touch``, from the
page's pointer), only the words do.

A touch arrives as a finger event and as the mouse events SDL makes of it (``touch`` set
on them); a browser may also send its own mouse events just after a touch, so mouse events
that follow a finger closely are the finger's (and the touches SDL may make of a mouse's
clicks are the mouse's). A mouse that only moves changes nothing (a
keyboard player's mouse may be nudged), nor do keys typed into a name field (a phone's
on-screen keyboard)."""

from __future__ import annotations

import re

import pygame

TOUCH, KEYBOARD, MOUSE = "touch", "keyboard", "mouse"
MODES = (TOUCH, KEYBOARD, MOUSE)
ECHO_MS = 800  # mouse events this soon after a finger's are that finger's
MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: the touches SDL may make of mouse clicks

_FINGER = {pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION}
_POINTER = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL}


class Hands:
    """The input in use now."""

    def __init__(self):
        self.mode = MOUSE
        self._finger_at: int | None = None

    def start(self, touch: bool) -> None:
        """Before any input: fingers on a page meant for touch, else a mouse."""
        self.mode = TOUCH if touch else MOUSE
        self._finger_at = None

    def use(self, mode: str) -> bool:
        """The hand is now ``mode``; True when that changed it."""
        assert mode in MODES, mode
        changed = mode != self.mode
        self.mode = mode
        return changed

    def observe(self, event: pygame.event.Event, typing: bool = False) -> bool:
        """Take note of an input event; True when the hand in use changed with it."""
        kind = event.type
        if kind in _FINGER:
            if getattr(event, "touch_id", 0) == MOUSE_TOUCH_ID:
                return False  # a touch SDL made of a mouse's click
            self._finger_at = pygame.time.get_ticks()
            return self.use(TOUCH)
        if kind in _POINTER:
            if getattr(event, "touch", False):
                self._finger_at = pygame.time.get_ticks()
                return self.use(TOUCH)
            if kind == pygame.MOUSEBUTTONDOWN and self._finger_at is not None and \
                    pygame.time.get_ticks() - self._finger_at < ECHO_MS:
                return False  # the browser's own echo of a touch (a wheel is never one)
            return self.use(MOUSE)
        if kind == pygame.KEYDOWN and not typing:
            return self.use(KEYBOARD)
        return False


hands = Hands()


def mode() -> str:
    return hands.mode


def touch() -> bool:
    return hands.mode == TOUCH


def keyboard() -> bool:
    return hands.mode == KEYBOARD


def mouse() -> bool:
    return hands.mode == MOUSE


_CLICK = re.compile(r"\b([Cc])lick(s|ed|ing)?\b")


def tapped(text: str) -> str:
    """``text`` for a finger: "click" made "tap" ("Click a die" -> "Tap a die", "clicking"
    -> "tapping")."""
    ends = {None: "", "s": "s", "ed": "ped", "ing": "ping"}
    return _CLICK.sub(lambda m: ("T" if m.group(1) == "C" else "t") + "ap" + ends[m.group(2)],
                      text)


def say(keys: str, click: str, tap: str | None = None) -> str:
    """The words for the hand in use: ``keys`` with a keyboard, ``click`` with a mouse and
    ``tap`` after a touch (by default ``click``'s words with "click" made "tap")."""
    if hands.mode == KEYBOARD:
        return keys
    if hands.mode == TOUCH:
        return tap if tap is not None else tapped(click)
    return click


def point(text: str) -> str:
    """A pointer's words for the hand in use: as written with a mouse (and a keyboard:
    the pointer's words there are a second way), "click" made "tap" after a touch."""
    return tapped(text) if hands.mode == TOUCH else text


def keyed(text: str, key: str) -> str:
    """``text`` with its key, "Odds on (O)", when the keyboard is in use; else the words
    alone."""
    return f"{text} ({key})" if hands.mode == KEYBOARD else text


def keys_shown() -> bool:
    """Whether keys are shown beside what they press (under a button, over a die): not
    after a touch."""
    return hands.mode != TOUCH
