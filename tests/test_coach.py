"""The coach's hints: the strongest policy's move in every game, with consistent values."""

from __future__ import annotations

import random

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.coach import Coach, Hint, move_key, strongest
from game.rules.core import Seat

GAME_IDS = ["yatzy", "maxi_yatzy", "farkle", "pirates", "bona_fortuna", "grab_it"]


def sampled_states(game_id: str, games: int = 3, every: int = 3, players: int = 2):
    """States met in seeded games between a random player and a normal bot."""
    info = GAMES[game_id]
    for g in range(games):
        seats = [Seat("P1", "random"), Seat("P2", "normal")][:max(info.min_players, players)]
        state = info.new_game(seats, None, seed=100 + g)
        bots = [make_policy(info.bot_module, s.bot, seed=g * 7 + i) for i, s in enumerate(seats)]
        step = 0
        while not state.is_over() and step < 2000:
            if step % every == 0:
                yield state
            state.apply(bots[state.current].choose(state))
            step += 1


def test_strongest_is_expert_for_yatzy_else_hard():
    assert strongest(GAMES["yatzy"]) == "expert"
    for gid in GAME_IDS[1:]:
        assert strongest(GAMES[gid]) == "hard"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hint_is_the_strongest_policys_move(game_id):
    info = GAMES[game_id]
    coach = Coach(info)
    reference = make_policy(info.bot_module, strongest(info), seed=0)
    checked = valued = 0
    for state in sampled_states(game_id):
        snapshot = state.rewound(len(state.actions))
        h = coach.hint(state)
        assert isinstance(h, Hint)
        assert h.action == reference.choose(snapshot), (game_id, state.turns_played)
        assert _legal(state, h.action)
        checked += 1
        if h.values is not None:
            valued += 1
            best = max(v for _, v in h.values)
            assert h.value == pytest.approx(best, abs=0.05)  # the hinted move is the best
            assert h.cost(state, h.action) == pytest.approx(0.0, abs=0.05)
            for action, v in h.values:
                assert h.cost(state, action) == pytest.approx(max(0.0, h.value - v))
    assert checked > 20
    if game_id in ("yatzy", "maxi_yatzy", "farkle", "pirates", "grab_it"):
        assert valued > 5, "this game's hints should carry values"


def _legal(state, action) -> bool:
    trial = state.rewound(len(state.actions))
    trial.apply(action)  # raises if illegal
    return True


def test_a_worse_yatzy_move_costs_points():
    info = GAMES["yatzy"]
    coach = Coach(info)
    rng = random.Random(5)
    worse = 0
    for state in sampled_states("yatzy", games=2, every=1):
        h = coach.hint(state)
        if h.values is None:
            continue
        others = [(a, v) for a, v in h.values if v < h.value - 0.5]
        if others:
            a, v = rng.choice(others)
            assert h.cost(state, a) == pytest.approx(h.value - v)
            assert h.cost(state, a) > 0.4
            worse += 1
    assert worse > 10


def test_equal_dice_are_the_same_move():
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You")], None, seed=3)
    state.apply({"kind": "roll", "hold": []})
    state.dice = [2, 2, 5, 6, 1]
    assert move_key(state, {"kind": "roll", "hold": [0]}) == \
        move_key(state, {"kind": "roll", "hold": [1]})
    assert move_key(state, {"kind": "roll", "hold": [0]}) != \
        move_key(state, {"kind": "roll", "hold": [2]})


def test_coach_setting_cycles_and_persists(isolated_saves):
    from game import prefs
    from game.app import BOT_SPEEDS, Settings
    s = Settings()
    assert s.coach == "request"
    assert [s.next_coach() for _ in range(3)] == ["always", "off", "request"]
    s.next_coach()
    assert prefs.save_from(s)
    back = Settings()
    assert prefs.load_into(back, tuple(BOT_SPEEDS)) == ""
    assert back.coach == "always"
    good, bad = prefs.decode({"format": prefs.FORMAT, "coach": "sometimes"}, tuple(BOT_SPEEDS))
    assert "coach" not in good and bad == ["coach"]
