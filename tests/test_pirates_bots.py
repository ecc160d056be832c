"""Pirate Fortune bots: the exact turn tables, legal play, strength, situations."""

from __future__ import annotations

import random

import pytest

from game import sim
from game.bots import make_policy
from game.bots.pirates import POLICIES, HardPolicy, NormalPolicy, w_table
from game.bots.pirates_solver import (
    TABLE_CARDS,
    deck_average,
    first_roll_value,
    solve,
    w_keys,
)
from game.bots.pirates_values import TABLES
from game.rules.core import Seat
from game.rules.pirates import PirateState


def situation(card: str, dice: list[str], players: int = 2, **attrs) -> PirateState:
    state = PirateState([Seat(f"P{i}", "hard") for i in range(players)], {}, seed=1)
    state.card, state.dice, state.rolls = card, list(dice), 1
    for key, value in attrs.items():
        setattr(state, key, value)
    return state


def hard(state):
    return HardPolicy(random.Random(0)).choose(state)


def test_shipped_tables_are_the_solver_output():
    assert set(TABLE_CARDS) == set(TABLES)
    for card in ("skull_2", "sea_battle_4"):  # the quickest to solve again
        w = solve(card)
        shipped = w_table(card)
        assert len(shipped) == len(w_keys(card))
        assert max(abs(shipped[k] - w[k]) for k in w) <= 0.05


def test_the_optimal_turn_is_worth_636_points_on_the_default_deck():
    tables = {card: w_table(card) for card in TABLE_CARDS}
    assert deck_average(tables) == pytest.approx(636.7, abs=0.1)
    assert first_roll_value("captain", tables["plain"]) == pytest.approx(1157.6, abs=0.2)


@pytest.mark.parametrize("policy", ["easy", "normal", "hard", "random"])
@pytest.mark.parametrize("players, options", [(1, {}), (3, {"deck": "classic"}),
                                              (4, {"negative": True, "target": 4000})])
def test_bots_always_choose_legal_actions(policy, players, options):
    state = PirateState([Seat(f"P{i}", policy) for i in range(players)], options, seed=2)
    bots = [make_policy("pirates", policy, i) for i in range(players)]
    for _ in range(20000):
        if state.is_over():
            break
        action = bots[state.current].choose(state)
        legal = state.legal_actions()
        if action["kind"] in ("roll", "chest") and "dice" in action:
            # legal_actions lists one action per distinct set of faces
            faces = sorted(state.dice[i] for i in action["dice"])
            assert any(a["kind"] == action["kind"] and "dice" in a and
                       sorted(state.dice[i] for i in a["dice"]) == faces for a in legal)
        else:
            assert action in legal
        state.apply(action)
    assert state.is_over()


def test_policies():
    assert set(POLICIES) == {"easy", "normal", "hard"}


def test_strength_order_solo():
    ppt = {}
    for p in ("easy", "normal", "hard"):
        result = sim.run("pirates", [p], 150, seed=3)
        ppt[p] = result["players"][0]["mean_score"] / result["mean_turns"]
    assert ppt["hard"] > ppt["normal"] > ppt["easy"] > 380
    assert ppt["hard"] > 590


def test_same_seed_same_game():
    a = sim.play_game("pirates", ["hard", "normal", "easy"], seed=4)
    b = sim.play_game("pirates", ["hard", "normal", "easy"], seed=4)
    assert a.to_json() == b.to_json()


# -- situations -----------------------------------------------------------------------

def test_hard_stops_with_two_skulls_and_rolls_junk():
    rich = situation("captain", ["skull"] * 2 + ["gold"] * 3 + ["diamond"] * 3)
    assert hard(rich) == {"kind": "stop"}
    # no skull yet: rolling two monkeys cannot disqualify, so even a Full Chest rolls on
    full = situation("captain", ["gold"] * 4 + ["monkey"] * 4)
    assert hard(full) == {"kind": "roll", "dice": [6, 7]}
    junk = situation("captain", ["parrot", "monkey", "sword", "gold", "diamond", "parrot",
                                 "monkey", "sword"])
    assert hard(junk)["kind"] == "roll"


def test_hard_puts_kept_dice_on_the_chest_first():
    state = situation("chest", ["skull", "skull", "gold", "gold", "diamond", "parrot",
                                "monkey", "sword"])
    action = hard(state)
    if action["kind"] == "chest":
        state.apply(action)
        follow = hard(state)
        assert follow["kind"] == "roll"
        assert not set(follow["dice"]) & set(state.chest)


def test_hard_uses_the_sorceress_on_a_third_skull():
    state = situation("sorceress", ["skull"] * 3 + ["gold"] * 5)
    assert hard(state) == {"kind": "sorceress"}


def test_hard_keeps_rolling_for_swords_in_a_sea_battle():
    state = situation("sea_battle_4", ["sword", "sword", "gold", "gold", "gold", "parrot",
                                       "parrot", "skull"])
    action = hard(state)
    assert action["kind"] == "roll" and not {0, 1} & set(action["dice"])


def test_hard_in_the_last_round_does_not_stop_behind():
    state = situation("captain", ["gold"] * 3 + ["parrot"] * 3 + ["skull"] * 2)
    seat = state.current
    other = 1 - seat
    state.totals = [0, 0]
    state.totals[other], state.totals[seat] = 9000, 6000
    state.last_round, state.still_to_play = True, [seat]
    assert NormalPolicy(random.Random(0)).choose(state) == {"kind": "stop"}
    assert hard(state)["kind"] == "roll"  # 2 x 600 is not enough: roll on
    state.totals[seat] = 8500
    assert hard(state) == {"kind": "stop"}  # 8500 + 1200 wins


def test_hard_decisions_are_fast():
    result = sim.run("pirates", ["hard", "hard"], 20, seed=2)
    assert result["players"][0]["decision_ms_p99"] < 10
