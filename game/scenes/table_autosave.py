"""The game kept after each move (the table scene's ``_after_change``): in the autosave that
Continue finds, or where a game played another way keeps it (its flow: a game by link, a
daily challenge). A refusal is said once; the game goes on all the same."""

from __future__ import annotations

from typing import Any, Protocol

from game import storage
from game.catalog import GameInfo
from game.ui import theme


class Host(Protocol):
    """What this piece asks of the table scene that composes it (game.scenes.table_view),
    and nothing more."""

    app: Any  # game.app.App
    autosave: bool
    flow: Any
    hints_used: bool
    info: GameInfo
    session: Any
    state: Any

    def store_game(self) -> bool: ...


class Autosave:
    def __init__(self) -> None:
        self.failed = False  # the autosave was refused once (and the player told)

    @staticmethod
    def store(scene: Host) -> bool:
        """Keep the game as it stands: the autosave, or where its flow keeps it."""
        if scene.flow is not None:
            return scene.flow.store(scene)
        return storage.store(scene.info.id, scene.state, scene.session, hinted=scene.hints_used)

    def keep(self, scene: Host) -> None:
        """After a change: the game kept, when this table keeps its games. A finished game
        stays saved until the results are up: it can still be undone."""
        if not (scene.autosave or scene.flow is not None):
            return
        if not scene.store_game() and not self.failed:
            self.failed = True  # said once: the game goes on all the same
            why = storage.blocked(storage.AUTOSAVE) or "the storage refused it"
            scene.app.notify(f"This game cannot be saved ({why}); it goes on, but "
                             "Continue will not find it.", theme.BAD, 6)
