"""The frame-budgeted task runner: budgets, results, errors, cancelling."""

from game.tasks import WAIT, Task, run_now


def counter(n, log):
    for i in range(n):
        log.append(i)
        yield (i + 1) / n
    return sum(log)


class FakeClock:
    def __init__(self, tick):
        self.t, self.tick = 0.0, tick

    def __call__(self):
        self.t += self.tick
        return self.t


def test_run_now_returns_the_generators_result():
    assert run_now(counter(5, [])) == 10


def test_a_task_works_a_budget_per_frame_and_keeps_its_result():
    log = []
    # Every clock reading advances 1 ms: each piece "takes" 1 ms plus 1 ms between pieces.
    task = Task(counter(20, log), clock=FakeClock(0.001))
    assert task.step(budget=0.005) is False
    first = len(log)
    assert 1 <= first < 20
    assert 0 < task.progress < 1
    frames = 1
    while not task.step(budget=0.005):
        frames += 1
    assert frames > 2 and task.result == sum(range(20)) and task.progress == 1.0
    assert log == list(range(20))
    assert task.step() is True  # finished tasks stay finished


def test_an_error_ends_the_task_without_raising():
    def broken():
        yield
        raise ValueError("boom")

    task = Task(broken())
    while not task.step():
        pass
    assert isinstance(task.error, ValueError) and task.result is None


def test_cancel_closes_the_generator():
    closed = []

    def job():
        try:
            while True:
                yield
        finally:
            closed.append(True)

    task = Task(job())
    task.step(budget=0.0)
    task.cancel()
    assert task.done and closed == [True]


def waits(log, polls):
    """A job that waits for something the frames bring (a file being fetched)."""
    while polls[0]:
        polls[0] -= 1
        log.append("waited")
        yield WAIT
    log.append("done")
    return "there"


def test_a_job_that_waits_gives_the_frame_back_at_once():
    """A job yielding WAIT stops its task for this frame however much budget is left (it
    must not spin a frame's budget away while a download runs), and goes on next frame."""
    log, polls = [], [2]
    task = Task(waits(log, polls), clock=FakeClock(0.0001))
    assert task.step(budget=0.006) is False and log == ["waited"]
    assert task.step(budget=0.006) is False and log == ["waited", "waited"]
    assert task.step(budget=0.006) is True and task.result == "there"


def test_run_now_refuses_a_job_that_would_wait_for_the_frames():
    import pytest
    with pytest.raises(RuntimeError, match="waits for the frames"):
        run_now(waits([], [1]))
    assert run_now(waits([], [0])) == "there"


class PieceClock:
    """A clock for ``Task`` whose pieces take the times in ``pieces`` (ms), in turn: it
    moves only while a piece runs (the task reads it just before and just after each)."""

    def __init__(self, pieces):
        self.t, self.pieces, self.reads = 0.0, list(pieces), 0

    def __call__(self):
        self.reads += 1
        if self.reads > 2 and self.reads % 2 == 1 and self.pieces:  # (after a piece)
            self.t += self.pieces.pop(0) / 1000
        return self.t


def test_a_task_starts_no_piece_that_would_end_past_its_budget_if_as_long_as_the_last():
    """Issue 24: a bot's piece of 8-10 ms, begun near the end of a 6 ms budget, made the
    frame 16 ms or more in a phone's page. A task stops before a piece when one as long as
    the last would end past the budget; it still runs one piece a frame, and pieces far
    shorter than the budget fill it."""
    log = []
    task = Task(counter(20, log), clock=PieceClock([4] * 20))
    task.step(budget=0.006)
    assert log == [0]  # (4 ms done: another 4 would end at 8)
    task = Task(counter(20, log := []), clock=PieceClock([1] * 20))
    task.step(budget=0.006)
    assert log == [0, 1, 2, 3, 4, 5]  # (six of 1 ms: the budget, no more)
    task = Task(counter(20, log := []), clock=PieceClock([9] * 20))
    task.step(budget=0.006)
    assert log == [0]  # (one piece a frame, however long)
