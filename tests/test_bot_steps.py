"""A bot's decision spread over frames (issue 24: the browser on a phone's CPU): every
policy's ``choose_steps`` (after its ``warm_steps``) gives the action ``choose`` gives; the
play scene asks it as a task, a frame's budget at a time, so no frame does a long
decision's whole work; and games played through the real scene end as the simulator's do.

Budgets are counted in the task's pieces, not in wall time: the task's clock here is a
counter that moves one unit each time it is read (no timed assertions)."""

from __future__ import annotations

import pygame
import pytest

from game.bots import make_policy, policy_names_for
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.play import PlayScene, bot_steps
from game.tasks import Task, run_now
from tests.ui_driver import frames, new_app


def _seats(info, names):
    n = max(info.min_players, min(len(names), info.max_players))
    return [Seat(f"B{i}", names[i % len(names)]) for i in range(n)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bots_decision_in_pieces_is_the_action_choose_gives(game_id):
    """A whole seeded game with every strength at the table (and "random"): at each
    decision, the steps (its tables, then ``choose_steps``, run one piece at a time)
    and ``choose`` of a twin policy with the same seed give the same action. A long
    decision that yields between candidates but picks another one, or draws its
    randomness in another order, fails here."""
    info = GAMES[game_id]
    names = list(policy_names_for(info))
    state = info.new_game(_seats(info, names), seed=5)
    stepped = {i: make_policy(info.bot_module, seat.bot, seed=40 + i)
               for i, seat in enumerate(state.seats)}
    direct = {i: make_policy(info.bot_module, seat.bot, seed=40 + i)
              for i, seat in enumerate(state.seats)}
    decisions = 0
    while not state.is_over():
        seat = state.current
        task = Task(bot_steps(stepped[seat], state))
        while not task.step(budget=0):  # (one piece a step: a budget of nothing)
            pass
        assert task.error is None, task.error
        assert task.result == direct[seat].choose(state), (game_id, decisions)
        state.apply(task.result)
        decisions += 1
        assert decisions < 5_000
    assert decisions > 20


class Counter:
    """A clock for ``Task`` that moves one unit each time it is read: a task's budget of
    ``2 * k`` units runs ``k`` pieces (it reads the clock once to start, then twice
    around each piece)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


PIECES = 3  # pieces of bot work per frame in the test below


def _counted_tasks(monkeypatch):
    """The play scene's tasks with the counting clock (a budget of PIECES pieces a frame)
    and their pieces (a piece: one ``next`` of the steps) counted: the pieces each frame
    ran, in a list."""
    from game.scenes import play as play_module
    per_frame: list[int] = []

    class CountedTask(Task):
        def __init__(self, steps, clock=None):
            self.pieces = 0
            super().__init__(self._counted(steps), Counter())

        def _counted(self, steps):
            while True:
                try:
                    out = next(steps)
                except StopIteration as stop:
                    self.pieces += 1
                    return stop.value
                self.pieces += 1
                yield out

        def step(self, budget=None):
            before = self.pieces
            done = super().step(2 * PIECES)
            per_frame.append(self.pieces - before)
            return done

    monkeypatch.setattr(play_module, "Task", CountedTask)
    return per_frame


def test_the_play_scene_decides_a_long_decision_a_few_pieces_a_frame(monkeypatch):
    """A hard Yatzy bot's first decision after a roll, with nothing of its turn worked
    out yet (each box's values, then the next reroll's table: dozens of pieces), made
    through the real play scene: no frame runs more than PIECES pieces of it, it takes
    many frames, and the action is the one ``choose`` gives. A scene that called
    ``choose`` in one frame, or a policy that worked its turn out in one piece, fails."""
    per_frame = _counted_tasks(monkeypatch)
    app = new_app()
    try:
        info = GAMES["yatzy"]
        state = info.new_game([Seat("Ada", "hard"), Seat("Bram", "hard")], seed=3)
        state.apply({"kind": "roll", "hold": []})
        play = app.show("play", info=info, state=state, autosave=False)
        play.banner = None
        seat = state.current
        twin = make_policy(info.bot_module, "hard", seed=state.seed * 7 + seat)
        expected = twin.choose(state)
        for _ in range(2_000):
            frames(app)
            if play.bot_plan is not None or state.rolls > 1 or state.current != seat:
                break
        assert play.bot_plan is not None and play.bot_plan[0] == expected
        worked = [n for n in per_frame if n]
        assert max(worked) <= PIECES
        assert sum(worked) >= 30 and len(worked) >= 10
    finally:
        pygame.quit()


def test_the_play_scene_asks_choose_steps_not_choose(monkeypatch):
    """The scene's bot decides through ``choose_steps`` (a task over frames): a policy
    whose ``choose_steps`` yields before deciding is asked again in the next frame, and
    ``choose`` is never called in a frame by the scene."""
    app = new_app()
    try:
        info = GAMES["yatzy"]
        state = info.new_game([Seat("Ada", "normal"), Seat("Bram", "normal")], seed=3)
        play = app.show("play", info=info, state=state, autosave=False)
        play.banner = None
        real = play.bots[state.current]
        log = []

        class Spread(type(real)):
            def choose(self, state):
                log.append("choose")
                return real.choose(state)

            def choose_steps(self, state):
                for i in range(3):
                    log.append(("piece", i))
                    yield
                return real.choose(state)

        spread = Spread.__new__(Spread)
        spread.__dict__.update(real.__dict__)
        play.bots[state.current] = spread
        for _ in range(600):
            frames(app)
            if play.bot_plan is not None or state.rolls:
                break
        assert log == [("piece", 0), ("piece", 1), ("piece", 2)]
        assert play.bot_plan is not None or state.rolls
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bot_games_through_the_play_scene_end_as_choose_plays_them(game_id):
    """A whole game of bots (every strength) played through the real play scene (skipping
    ahead after a while, as a player may) ends with the same scores as the same policies
    asked ``choose`` in a plain loop, as the simulator does."""
    info = GAMES[game_id]
    names = list(policy_names_for(info))[:3]
    seats = _seats(info, names)
    plain = info.new_game(seats, seed=11)
    bots = {i: make_policy(info.bot_module, seat.bot, seed=plain.seed * 7 + i)
            for i, seat in enumerate(plain.seats)}
    while not plain.is_over():
        plain.apply(bots[plain.current].choose(plain))
    app = new_app()
    try:
        state = info.new_game(seats, seed=11)
        app.show("play", info=info, state=state, autosave=False)
        for f in range(40_000):
            app.step(1 / 60)
            if state.is_over():
                break
            if f > 300 and isinstance(app.scene, PlayScene):
                app.scene.fast_forward = True
        assert state.is_over()
        assert state.final_scores() == plain.final_scores()
        assert state.to_json() == plain.to_json()  # (the same moves, one by one)
    finally:
        pygame.quit()


def _pieces(steps) -> tuple[list, object]:
    """Run a generator job piece by piece: (what each piece did, as ``note`` saw it;
    the job's result). ``note`` is reset before each piece."""
    out = []
    while True:
        NOTE.clear()
        try:
            next(steps)
        except StopIteration as stop:
            out.append(list(NOTE))
            return out, stop.value
        out.append(list(NOTE))


NOTE: list = []


def test_the_turn_tables_work_a_few_keeps_a_piece(monkeypatch):
    """The reroll table of a turn (``best_over_keeps_steps``, what a bot and the odds work
    out before a decision) sums at most 24 keeps' outcomes in a piece, and gives the
    numbers ``best_over_keeps`` gives in one go."""
    from game.bots import turn_search
    t = turn_search.tables(5)
    values = [float(i % 17) for i in range(len(t.dice))]
    whole = t.best_over_keeps(values)
    real = turn_search.fsum

    def counted(xs):
        NOTE.append("keep")
        return real(xs)
    monkeypatch.setattr(turn_search, "fsum", counted)
    pieces, result = _pieces(t.best_over_keeps_steps(values))
    assert result == whole
    assert max(len(p) for p in pieces) <= 24 and sum(map(len, pieces)) == len(t.keeps)


@pytest.mark.parametrize("strength", ["normal", "hard", "expert"])
def test_a_yatzy_turn_is_valued_a_box_a_piece(strength):
    """A Yatzy bot values the boxes of its turn one box a piece (each box's scores for
    the 252 rolls), and the values are those ``category_values`` gives at once."""
    info = GAMES["yatzy"]
    state = info.new_game([Seat("A", strength)], seed=4)
    policy = make_policy(info.bot_module, strength, seed=1)
    run_now(policy.warm_steps(state))  # (the tables, the expert's table)
    n, open_cats, upper = policy._info(state)
    whole = policy.category_values(n, open_cats, upper)
    pieces, result = _pieces(policy.category_values_steps(n, open_cats, upper))
    assert result == whole and len(result) == 15
    assert len(pieces) >= len(open_cats) + 1


# -- a bot's first decisions in small pieces (issue 24: 17-21 ms frames in a phone's page) --
def _counting(monkeypatch, module, name: str, unit: str):
    """``module.name`` noting ``unit`` in NOTE at each call (a piece's work, counted)."""
    real = getattr(module, name)

    def counted(*args, **kwargs):
        NOTE.append(unit)
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)


def test_the_chance_model_is_worked_out_16_rolls_a_piece(monkeypatch):
    """``roll_outcomes_steps`` (a bot's first decision works out the rolls of five, six or
    eight dice: 2 ms natively at once for eight) counts at most 16 rolls' ways in a piece
    and gives the tuple ``roll_outcomes`` gives: each roll's ways over all the rolls."""
    from game.games.pirates.rules import FACES
    from game.rules import core
    monkeypatch.setattr(core, "_OUTCOMES", {})
    _counting(monkeypatch, core, "_ways", "roll")
    for n, faces in ((5, core.DIE_FACES), (6, core.DIE_FACES), (8, FACES)):
        pieces, result = _pieces(core.roll_outcomes_steps(n, faces))
        total = len(faces) ** n
        assert result == tuple((m, w / total) for m, w in core.roll_ways(n, faces))
        assert max(map(len, pieces)) <= 16 and sum(map(len, pieces)) == len(result)
        assert core.roll_outcomes(n, faces) is result  # (kept: worked out once)


def test_the_turn_tables_and_each_boxs_scores_are_built_in_small_pieces(monkeypatch):
    """The turn tables of six dice (Maxi Yatzy's first decision) built cold: no piece
    counts more than 64 rolls or sorts more than 64 dice; each box's scores of the 252
    rolls are worked out 16 rolls a piece."""
    from game.bots import turn_search
    from game.rules import core
    monkeypatch.setattr(core, "_OUTCOMES", {})
    _counting(monkeypatch, core, "_ways", "roll")
    monkeypatch.setattr(turn_search, "sorted", lambda *a, **k: NOTE.append("sort") or
                        sorted(*a, **k), raising=False)
    pieces, table = _pieces(turn_search.Tables.steps(6))
    assert len(table.dice) == 462 and len(table.subkeeps) == 462
    assert max(map(len, pieces)) <= 64
    assert sum(p.count("roll") for p in pieces) == sum(len(core.roll_ways(r)) for r in range(7))

    def score(name, dice):
        NOTE.append(name)
        return sum(dice) if name == "sum" else dice.count(1)
    pieces, scores = _pieces(turn_search.score_tables(("ones", "sum"), score).steps())
    assert scores["sum"] == [sum(d) for d in turn_search.tables(5).dice]
    scored = [sum(1 for unit in p if unit in ("ones", "sum")) for p in pieces]
    assert max(scored) <= 16 and sum(scored) == 2 * 252


def test_pirate_fortunes_rerolls_and_multisets_are_worked_out_in_small_pieces(monkeypatch):
    """Under the Storm a Pirate Fortune bot first works out the outcomes of rerolling up
    to eight dice (3 ms natively at once): at most 32 outcomes counted a piece, the same
    outcomes in the same order as counting and sorting them at once; the multisets of its
    tables are the same as filtering every product (what took 3 ms)."""
    from itertools import product

    from game.games.pirates import rules, solver
    from game.rules import core
    monkeypatch.setattr(core, "_OUTCOMES", {})
    monkeypatch.setattr(rules, "_REROLLS", {})
    _counting(monkeypatch, core, "_ways", "roll")
    _counting(monkeypatch, rules, "counts_of", "count")
    pieces, result = _pieces(rules.reroll_outcomes_steps(8))
    whole = sorted(((rules.counts_of(m), p) for m, p in core.roll_outcomes(8, rules.FACES)),
                   key=lambda cp: cp[0][1:])
    assert list(result) == whole and len(result) == 1287
    assert max(map(len, pieces)) <= 32
    for size in range(9):
        assert solver.multisets(size) == tuple(
            m for m in product(range(size + 1), repeat=solver.NONSKULL) if sum(m) == size)


def test_bona_fortunas_hit_chances_are_worked_out_a_few_keeps_a_piece(monkeypatch):
    """The Doubling Round's first decision works out each box's chance to be hit (1.2-1.9
    ms a box natively, eleven boxes at once before): at most 24 keeps' expectations a
    piece, the same chance as the two rerolls' best worked out at once."""
    from game.bots import turn_search
    from game.games.bona_fortuna import bot
    from game.games.bona_fortuna.rules import BOX_MELDS
    t = turn_search.tables(5)
    ms = bot.meld_table()
    for box in ("five_of_a_kind", "small_straight", "sixes"):
        end = [1.0 if any(ms[m][i] for m in BOX_MELDS[box]) else 0.0 for i in range(252)]
        first = t.best_over_keeps(t.best_over_keeps(end))
        whole = t.expect(first, [t.keep_index[()]])[t.keep_index[()]]
        with monkeypatch.context() as m:
            m.setattr(bot, "_HIT_CHANCE", bot.Lazy(bot._hit_chance_steps))
            _counting(m, turn_search, "fsum", "keep")
            pieces, result = _pieces(bot._HIT_CHANCE.steps(box))
        assert result == whole
        assert max(map(len, pieces)) <= 24 and sum(map(len, pieces)) >= 2 * len(t.keeps)


def test_grab_it_easys_plans_are_worked_out_before_its_decision(monkeypatch):
    """Grab It!'s easy bot chases one box at a time: its first decision after a roll
    worked out every open box's plan at once (6.5 ms natively). Its ``warm_steps``
    works them out, at most 24 keeps a piece, so ``choose`` works out none."""
    from game.bots import turn_search
    from game.games.grab_it import bot
    info = GAMES["grab_it"]
    state = info.new_game([Seat("A", "easy"), Seat("B", "easy")], seed=6)
    state.apply({"kind": "roll", "hold": []})
    policy = make_policy(info.bot_module, "easy", seed=1)
    bot.alone_plan.cache_clear()
    _counting(monkeypatch, turn_search, "fsum", "keep")
    pieces, _ = _pieces(policy.warm_steps(state))
    assert max(map(len, pieces)) <= 24
    assert all(bot.alone_plan(c)._mid is not None for c in state.open_categories())
    NOTE.clear()
    policy.choose(state)
    assert len(NOTE) < len(turn_search.tables(5).keeps)  # (its keeps' values only)
