"""What the shared scenes ask of a game's table (each game's configuration of the shared
play scene is a module in its folder, game/games/<family>/table.py, its catalog entry's
``table``)."""

from __future__ import annotations

import importlib

import pygame

from game.rules.core import Action
from game.ui import theme


def load_table(name: str):
    """The ``Table`` class of the module ``name`` (a catalog entry's ``table_module()``)."""
    return importlib.import_module(name).Table


class StandIn:
    """What a table needs from a scene when it draws or words a position outside play (the
    results' final sheet, the review's moves): the state, the names, nobody to act, and
    the rest of ``TableHost`` inert -- no app, no coach, no sheet widget, no history, no
    regions, nothing moving or turning over, no hint; what it is asked to do does nothing."""

    human_turn = False
    shown_seat: int | None = None
    app = None
    view_state = None  # (the table draws ``state``)
    fast_forward = False
    busy = False
    dice_moving = False
    sheet = None
    history = None
    coaching = False

    def __init__(self, state):
        self.state = state
        self.regions: dict[str, pygame.Rect] = {}

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    def act(self, action: Action) -> bool:
        return False

    def complain(self, text) -> None:
        pass

    def current_hint(self) -> None:
        return None

    def count_up(self, row: str, column: int, before: int, after: int, colour) -> None:
        pass

    def card_turn(self) -> float | None:
        return None

    def dice_row(self, tray: pygame.Rect, n: int, aside: bool) -> list[pygame.Rect]:
        return []  # (no felt here)


def progress_text(info, state) -> str:
    """Where ``state`` stands, in the words its table shows in play ("turn 2 of 15", or a
    race's scores): the menu says it of a saved game as the game itself did."""
    table = load_table(info.table_module())(StandIn(state))
    table.new_turn()
    return table.progress()


# -- the move history of a game that already has moves ------------------------------------
def seating_text(state) -> str:
    """The history's first line (and the banner) of a new game: who sits where."""
    order = [state.seats[s].name for s in state.order]
    return "Seating order: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(order))


def announces_seating(state) -> bool:
    """Whether a table opened on ``state`` announces the seating: a game not begun yet."""
    return state.turns_played == 0 and not state.is_over() and not state.table_dice()


def history_entries(table, event) -> list[tuple[str, tuple]]:
    """What the play scene writes in the move history for ``event`` once it is shown
    (``TableScene._show``): the table's history line, else its banner's words."""
    line = table.history_line(event)
    if line:
        return [line]
    banner = table.describe(event)
    return [(banner.text, banner.colour)] if banner else []


class _Entries:
    """A move history that only keeps its entries (what a table adds itself, such as Bona
    Fortuna's roll-off line)."""

    def __init__(self):
        self.entries: list[tuple[str, tuple]] = []

    def add(self, text: str, colour=theme.TEXT) -> None:
        self.entries.append((text, colour))


class Rewind(StandIn):
    """A stand-in scene that plays a game's moves again from its seed, so its table words
    each event as it did in play."""

    fast_forward = True

    def __init__(self, state):
        super().__init__(state)
        self.history = _Entries()
        self.shown_seat = None if state.is_over() else state.current


def replayed_history(info, state) -> list[tuple[str, tuple]]:
    """The move history of ``state`` as play wrote it: its moves replayed from the seed
    through a fresh game and a table of its own, each event worded as the play scene words
    it when it is shown (no animation, no sound). A continued game, a replay opened at a
    move and a review's jump start with it, so the history comes back whole."""
    fresh = type(state)(state.seats, state.options, state.seed)
    scene = Rewind(fresh)
    table = load_table(info.table_module())(scene)
    table.new_turn()
    if announces_seating(fresh):
        scene.history.add(seating_text(fresh), theme.INFO)
    turn = (fresh.current, fresh.turns_played)
    for action in state.actions:
        events = table.arrange(fresh.apply(action))  # as TableScene.act orders and adds them
        shown = table.moments(events)
        table.after_action(action, events)
        if (fresh.current, fresh.turns_played) != turn:
            turn = (fresh.current, fresh.turns_played)
            table.new_turn()
        for event in shown:
            if event["type"] == "turn":
                scene.shown_seat = event["seat"]
                table.turn_shown()
            elif event["type"] == "game_over":
                scene.shown_seat = None
            scene.history.entries += history_entries(table, event)
    return scene.history.entries
