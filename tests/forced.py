"""Positions for tests of the table's feedback: the next roll of a game made to show chosen
faces, through the engine's own chance model (``ForcedRandom``, as ``GameState.after``
uses it), while the real scene applies the action as a player's key or a bot would."""

from __future__ import annotations

from contextlib import contextmanager

from game.rules.core import ForcedRandom
from tests.ui_driver import frames


@contextmanager
def loaded_dice(state, action, outcome):
    """Inside the block, the roll that ``action`` makes shows ``outcome`` (one face per
    rolled position, in ``roll_spec(action).rolled`` order); the game's own generator is
    back afterwards. The block must make exactly that roll (all faces drawn)."""
    spec = state.roll_spec(action)
    assert spec is not None, f"{action} rolls nothing here"
    assert len(outcome) == len(spec.rolled), (outcome, spec.rolled)
    face_of = dict(zip(spec.rolled, outcome, strict=True))
    indices = [spec.faces.index(face_of[i]) if i in face_of else 0 for i in spec.draw_order]
    real = state.rng
    state.rng = ForcedRandom(indices)
    state.rng.draws = real.draws
    try:
        yield
        assert not state.rng._queue, "the forced roll was not made"
    finally:
        real.draws = state.rng.draws
        state.rng = real


def settle(app, scene, limit: int = 600) -> None:
    """Frames until the scene has shown everything (dice landed, banners gone)."""
    for _ in range(limit):
        if not scene.busy:
            return
        frames(app)
    raise AssertionError("the table did not settle")


def land(app, scene, limit: int = 600) -> None:
    """Frames until the dice have landed and the events behind them are being shown."""
    for _ in range(limit):
        if not scene.animator.busy and not any(e["type"] == "rolled" for e in scene.pending):
            return
        frames(app)
    raise AssertionError("the dice did not land")


def arrive(app, scene, limit: int = 600) -> None:
    """Frames until a score's dice have reached its box (the moment of game.ui.moments)
    and what it led to is being shown."""
    for _ in range(limit):
        if scene.flight is None and not scene._scoring_waits():
            return
        frames(app)
    raise AssertionError("the score did not reach its box")
