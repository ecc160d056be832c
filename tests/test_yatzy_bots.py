"""Yatzy / Maxi Yatzy bots: legal play, strength ordering, and a few telling decisions."""

from __future__ import annotations

import random

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.games.yatzy.bot import POLICIES, tables
from game.games.yatzy.rules import CATEGORIES, MaxiYatzyState, YatzyState
from game.rules.core import Seat
from game.sim import run

STRENGTHS = ("easy", "normal", "hard")


def new_state(n_dice: int, players: int = 1, seed: int = 0) -> YatzyState:
    rules = YatzyState if n_dice == 5 else MaxiYatzyState
    return rules([Seat(f"P{i}", "hard") for i in range(players)], seed=seed)


def at_roll(n_dice: int, dice: list[int], rolls: int, filled: dict[str, int] | None = None):
    """A one-player state with these dice showing after ``rolls`` rolls."""
    state = new_state(n_dice)
    state.sheets[state.current].update(filled or {})
    state.dice = list(dice)
    state.rolls = rolls
    return state


def decide(strength: str, state: YatzyState, seed: int = 0) -> dict:
    action = POLICIES[strength](random.Random(seed)).choose(state)
    assert action in state.legal_actions()
    return action


def test_policies_table():
    assert set(POLICIES) == set(STRENGTHS) | {"expert"}  # expert: tests/test_yatzy_expert.py
    for strength in STRENGTHS:
        assert hasattr(make_policy(GAMES["yatzy"].bot_module, strength, seed=1), "choose")


@pytest.mark.parametrize("n_dice", [5, 6])
@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_action_is_legal(n_dice, strength):
    for game in range(3):
        players = 1 + game % 2
        state = new_state(n_dice, players, seed=100 + game)
        bots = [POLICIES[strength](random.Random(game * 10 + s)) for s in range(players)]
        decisions = 0
        while not state.is_over():
            action = bots[state.current].choose(state)
            assert action in state.legal_actions(), action
            if action["kind"] == "roll":
                assert len(action["hold"]) < n_dice  # never a wasted roll with every die held
                assert action["hold"] == sorted(action["hold"])
            state.apply(action)
            decisions += 1
        assert all(len(s) == len(CATEGORIES[n_dice]) for s in state.sheets)
        assert decisions <= 4 * len(CATEGORIES[n_dice]) * players


def test_bots_do_not_touch_the_game_rng():
    state = new_state(5, seed=3)
    state.apply({"kind": "roll", "hold": []})
    before = state.rng.getstate()
    for strength in STRENGTHS:
        decide(strength, state)
    assert state.rng.getstate() == before


def test_same_seed_same_game():
    first = run("yatzy", ["easy", "hard"], games=3, seed=5)
    second = run("yatzy", ["easy", "hard"], games=3, seed=5)
    assert [p["mean_score"] for p in first["players"]] == [p["mean_score"] for p in second["players"]]


def test_strength_ordering_yatzy(solo_mean):
    # hard's games are test_yatzy_expert.py's first 150 (solo_mean: game.sim.run's mean)
    means = {s: solo_mean("yatzy", s, 150, seed=1) for s in STRENGTHS}
    assert round(solo_mean("yatzy", "easy", 5, seed=1), 2) == run(
        "yatzy", ["easy"], games=5, seed=1)["players"][0]["mean_score"]  # the same games
    assert means["hard"] > means["normal"] > means["easy"]
    assert means["hard"] >= 240  # seed 1 gives about 252 (1000 games: about 251)
    assert means["normal"] >= 225
    assert 185 <= means["easy"] <= 220


def test_strength_ordering_maxi_yatzy():
    means = {s: run("maxi_yatzy", [s], games=40, seed=1)["players"][0]["mean_score"]
             for s in STRENGTHS}
    assert means["hard"] > means["normal"] > means["easy"]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_yatzy_on_first_roll_is_taken(strength):
    action = decide(strength, at_roll(5, [6, 6, 6, 6, 6], 1))
    assert action == {"kind": "score", "category": "yatzy"}


def test_maxi_yatzy_on_first_roll_is_taken():
    action = decide("hard", at_roll(6, [4, 4, 4, 4, 4, 4], 1))
    assert action == {"kind": "score", "category": "yatzy"}


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_small_straight_is_taken(strength):
    action = decide(strength, at_roll(5, [3, 1, 5, 2, 4], 1))
    assert action == {"kind": "score", "category": "small_straight"}


def test_large_straight_kept_or_taken():
    state = at_roll(5, [6, 2, 5, 3, 4], 2)
    action = decide("hard", state)
    assert action == {"kind": "score", "category": "large_straight"}


def test_straight_draw_keeps_the_run():
    # 2-3-4-5 plus a stray 2 with only the large straight and chance left: keep the run.
    filled = {c: 0 for c in CATEGORIES[5] if c not in ("large_straight", "chance")}
    action = decide("hard", at_roll(5, [2, 3, 2, 4, 5], 1, filled))
    assert action["kind"] == "roll"
    assert sorted(at_roll(5, [2, 3, 2, 4, 5], 1).dice[i] for i in action["hold"]) == [2, 3, 4, 5]


def test_scratches_the_cheap_box():
    # Nothing fits but Chance and Ones; with Yatzy also open, the hard bot gives up the
    # single 1 in Ones rather than wasting Chance on 16 or scratching Yatzy.
    filled = {c: 3 * (i + 1) for i, c in enumerate(CATEGORIES[5][1:6])}  # bonus made
    filled.update({c: 10 for c in CATEGORIES[5][6:] if c not in ("chance", "yatzy")})
    state = at_roll(5, [1, 2, 3, 4, 6], 3, filled)
    assert state.open_categories() == ["ones", "chance", "yatzy"]
    assert decide("hard", state) == {"kind": "score", "category": "ones"}


def test_last_roll_always_scores():
    state = at_roll(5, [1, 1, 3, 4, 6], 3)
    for strength in STRENGTHS:
        assert decide(strength, state)["kind"] == "score"


def test_keeps_sixes_for_the_upper_section_and_yatzy():
    # Three sixes after the first roll with everything open: keep exactly the sixes.
    state = at_roll(5, [6, 2, 6, 1, 6], 1)
    action = decide("hard", state)
    assert action == {"kind": "roll", "hold": [0, 2, 4]}


def test_one_open_box_chases_it():
    # Only Yatzy open: keep the biggest group and roll again.
    filled = {c: 0 for c in CATEGORIES[5] if c != "yatzy"}
    state = at_roll(5, [3, 5, 3, 1, 3], 1, filled)
    action = decide("hard", state)
    assert action == {"kind": "roll", "hold": [0, 2, 4]}


def test_transition_tables_are_distributions():
    for n in (5, 6):
        t = tables(n)
        assert len(t.dice) == {5: 252, 6: 462}[n]
        for ps in t.out_p[:: 37]:
            assert abs(sum(ps) - 1) < 1e-9
