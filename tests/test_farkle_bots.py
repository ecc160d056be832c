"""Farkle bots: always legal, in the right order of strength, and aware of the game."""

from __future__ import annotations

import random

import pytest

from game import sim
from game.bots import make_policy
from game.catalog import GAMES
from game.games.farkle.bot import (
    POLICIES,
    HardPolicy,
    NormalPolicy,
    outcomes,
    reach_table,
    turn_table,
)
from game.games.farkle.rules import FarkleState
from game.rules.core import Seat

ALL_ON = {"min_bank": True, "three_farkles": True, "vant_hof": True, "piggyback": True,
          "piggyback_credit": True}


def situation(mine: int, others: list[int], dice, turn_total: int = 0, **options):
    """A game where the player to act has ``mine`` and just rolled ``dice``."""
    state = FarkleState([Seat(f"P{i}") for i in range(1 + len(others))], options, seed=1)
    me = state.current
    rest = iter(others)
    for seat in range(len(state.seats)):
        state.totals[seat] = mine if seat == me else next(rest)
        state.on_board[seat] = state.totals[seat] > 0
    state.dice, state.dice_left, state.turn_total = list(dice), len(dice), turn_total
    return state


def hard(state):
    return HardPolicy(random.Random(0)).choose(state)


def test_tables():
    assert sum(p for _, p in outcomes(6)[1]) + outcomes(6)[0] == pytest.approx(1.0)
    assert outcomes(1)[0] == pytest.approx(4 / 6)
    assert outcomes(6)[0] == pytest.approx(0.0231, abs=1e-4)
    # the best single-turn expectation under these rules
    assert turn_table(0).roll_value(6, 0) == pytest.approx(542.06, abs=0.01)
    assert turn_table(500).roll_value(6, 0) < 542
    reach = reach_table()
    assert reach.chance(6, 0) == 1.0 and 0.5 < reach.chance(6, 500) < 0.55
    assert reach.chance(6, 1000) > reach.chance(6, 2000) > reach.chance(3, 2000)


@pytest.mark.parametrize("policy", ["easy", "normal", "hard", "random"])
@pytest.mark.parametrize("players, options", [
    (1, {}), (2, {}), (3, ALL_ON), (4, {"on_board": False, "target": 4000, **ALL_ON})])
def test_bots_always_choose_legal_actions(policy, players, options):
    for seed in range(2):
        state = FarkleState([Seat(f"P{i}", policy) for i in range(players)], options, seed=seed)
        bots = [make_policy(GAMES["farkle"].bot_module, policy, seed * 10 + i) for i in range(players)]
        for _ in range(5000):
            if state.is_over():
                break
            action = bots[state.current].choose(state)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.is_over()


def test_policies():
    assert set(POLICIES) == {"easy", "normal", "hard"}


def points_per_turn(policy: str, games: int) -> float:
    result = sim.run("farkle", [policy], games, seed=3)
    return result["players"][0]["mean_score"] / result["mean_turns"]


def test_strength_order_solo():
    ppt = {p: points_per_turn(p, 150) for p in ("easy", "normal", "hard")}
    assert ppt["hard"] > ppt["normal"] > ppt["easy"] > 350
    assert ppt["hard"] > 480


def test_normal_beats_easy_head_to_head():
    result = sim.run("farkle", ["normal", "easy"], 200, seed=5)
    assert result["players"][0]["win_rate"] > 0.55


def test_solo_mean_turns_counts_every_turn():
    state = sim.play_game("farkle", ["hard"], seed=9)
    assert state.turns_played == state.turns_taken(0) == len(state.history[0])
    assert state.totals[0] >= 10000


def test_same_seed_same_game():
    a = sim.play_game("farkle", ["hard", "normal", "easy"], seed=4)
    b = sim.play_game("farkle", ["hard", "normal", "easy"], seed=4)
    assert a.to_json() == b.to_json()


# -- situations -----------------------------------------------------------------------

def test_hard_sets_aside_a_lone_one_and_rolls_five():
    state = situation(0, [0], [1, 5, 2, 3, 4, 4], on_board=False)
    assert hard(state) == {"kind": "roll", "set_aside": [0]}


def test_hard_does_not_bank_below_the_on_board_minimum():
    state = situation(0, [2000], [1, 1, 1, 2])  # 300 with one die left: banked when on board
    assert hard(state) == {"kind": "roll", "set_aside": [0, 1, 2]}
    state = situation(3000, [2000], [1, 1, 1, 2])
    assert hard(state)["kind"] == "bank"
    state = situation(0, [2000], [1, 1, 1, 2], on_board=False)
    assert hard(state)["kind"] == "bank"


def test_hard_respects_the_minimum_bank():
    state = situation(3000, [2000], [5, 2, 3], turn_total=250, min_bank=True)
    assert hard(state) == {"kind": "roll", "set_aside": [0]}


@pytest.mark.parametrize("turn_total, kind", [(500, "roll"), (1000, "roll"), (1400, "roll"),
                                              (1450, "bank")])
def test_hard_on_its_last_turn_keeps_rolling_while_below_the_leader(turn_total, kind):
    state = situation(9000, [10500], [1, 2, 3, 4], turn_total)
    state.last_round, state.still_to_play = True, [state.current]
    action = hard(state)
    assert action["kind"] == kind  # 9000 + turn + 100 must beat 10500
    normal = NormalPolicy(random.Random(0)).choose(state)
    assert normal["kind"] == kind


def test_hard_takes_risks_when_behind_and_banks_when_ahead():
    # 400 with three dice left: a coin flip for points, so the score decides
    behind = situation(3000, [9900], [1, 2, 3, 4], turn_total=300)
    ahead = situation(9000, [3000], [1, 2, 3, 4], turn_total=300)
    assert hard(behind)["kind"] == "roll"
    assert hard(ahead)["kind"] == "bank"
    # 550 with four dice left: points play rolls on; far ahead near the end it banks
    assert hard(situation(3000, [3000], [5, 2, 3, 4, 6], turn_total=500))["kind"] == "roll"
    assert hard(situation(9800, [3000], [5, 2, 3, 4, 6], turn_total=500))["kind"] == "bank"


def test_hard_wants_a_cushion_before_ending_the_game():
    # banking 9800 + 550 = 10350 would leave 9500 an easy last turn (900 points)
    state = situation(9800, [9500], [5, 2, 3, 4, 6], turn_total=500)
    assert hard(state)["kind"] == "roll"


def test_hard_fears_the_third_farkle():
    # 200 with two dice left: worth rolling on, unless a farkle would cost 1000 more
    calm = situation(3000, [3000], [1, 2, 3], turn_total=100, three_farkles=True)
    scared = situation(3000, [3000], [1, 2, 3], turn_total=100, three_farkles=True)
    scared.farkles_in_row[scared.current] = 2
    assert hard(calm) == {"kind": "roll", "set_aside": [0]}
    assert hard(scared) == {"kind": "bank", "set_aside": [0]}


def test_piggyback_choices():
    state = FarkleState([Seat("a"), Seat("b")], {"piggyback": True}, seed=1)
    state.piggy = {"seat": state.order[1], "dice": 5, "points": 1000}
    assert HardPolicy(random.Random(0)).choose(state) == {"kind": "piggyback"}
    state.piggy = {"seat": state.order[1], "dice": 1, "points": 300}
    assert HardPolicy(random.Random(0)).choose(state) == {"kind": "roll"}
    state.piggy = {"seat": state.order[1], "dice": 3, "points": 500}
    assert NormalPolicy(random.Random(0)).choose(state) == {"kind": "piggyback"}
