"""Long computations spread over frames (no threads: the browser has none).

A long job (a game's odds, a post-game review, unpacking a bot's tables) is written as a
generator that ``yield``s between small pieces of work and ``return``s its result. A
:class:`Task` runs such a generator for at most a time budget per frame, so the game keeps
drawing at 60 fps while it works; ``run_now`` runs one to the end (tests, the simulator,
tools). Pure Python, no pygame.

    def odds_steps(state):
        out = {}
        for box in boxes:
            out[box] = chance_of(box)
            yield  # a safe point to pause
        return out

    task = Task(odds_steps(state))
    ...  # every frame, in the scene's update():
    if task.step():          # True once finished
        show(task.result)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")
Steps = Generator[Any, None, T]

FRAME_BUDGET = 0.006  # seconds of work per frame: a 60 fps frame is 16.7 ms in all


class _Wait:
    def __repr__(self) -> str:
        return "WAIT"


# What a job yields while it waits for something only the frames bring (a file being
# fetched in the browser, game/web.py): its task stops for this frame.
WAIT = _Wait()


class Task(Generic[T]):
    """One generator run a time budget at a time. ``result`` is its return value once
    ``done``; an exception inside it ends the task with ``error`` set (never raised into
    the frame loop). ``progress`` is the last number it yielded (0..1), if any."""

    def __init__(self, steps: Steps, clock: Callable[[], float] = time.perf_counter):
        self._steps = steps
        self._clock = clock
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None
        self.progress = 0.0
        self.slices = 0  # frames it has worked in
        self.worked = 0.0  # seconds spent inside it in all
        self.longest = 0.0  # the longest single piece of work between two yields

    def step(self, budget: float = FRAME_BUDGET) -> bool:
        """Work until ``budget`` seconds have passed (at least one piece), or until the
        next piece, if as long as the last, would end past it; True when done. (The frame
        of a phone's page ran a bot's piece of 8-10 ms begun near the end of its 6 ms.)"""
        if self.done:
            return True
        start = self._clock()
        self.slices += 1
        try:
            while True:
                before = self._clock()
                out = next(self._steps)
                after = self._clock()
                self.longest = max(self.longest, after - before)
                if isinstance(out, (int, float)) and not isinstance(out, bool):
                    self.progress = max(0.0, min(1.0, float(out)))
                if (after - start) + (after - before) > budget or out is WAIT:
                    break
        except StopIteration as stop:
            self.result, self.done, self.progress = stop.value, True, 1.0
        except Exception as exc:  # noqa: BLE001 - a failed job must not stop the game
            self.error, self.done = exc, True
        self.worked += self._clock() - start
        return self.done

    def cancel(self) -> None:
        """Stop it for good (the position it was for has gone)."""
        if not self.done:
            self._steps.close()
            self.done = True


def run_now(steps: Steps[T]) -> T:
    """Run a generator job to its end at once and return its result. (A job that would
    ``WAIT`` for the frames cannot be run so: RuntimeError rather than a frozen game.)"""
    while True:
        try:
            if next(steps) is WAIT:
                steps.close()
                raise RuntimeError("a job that waits for the frames was run at once")
        except StopIteration as stop:
            return stop.value
