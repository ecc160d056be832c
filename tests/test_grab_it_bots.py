"""Grab It! bots: legal, deterministic, the shipped table agrees with the turn search, the
strengths are ordered, and the endgame plays to win."""

import pytest

from game import sim
from game.bots import make_policy
from game.bots.turn_search import TurnPlan, tables
from game.catalog import GAMES
from game.games.grab_it import bot as bots
from game.games.grab_it import margins as table
from game.games.grab_it.rules import CATEGORIES, GrabItState
from game.rules.core import Seat

FULL = (1 << len(CATEGORIES)) - 1


def test_policies():
    assert set(bots.POLICIES) == {"easy", "normal", "hard"}


@pytest.mark.parametrize("players", [["hard", "normal"], ["easy", "hard", "random"],
                                     ["hard", "easy", "normal", "hard"],
                                     ["hard", "normal", "easy", "random", "hard", "normal"]])
def test_whole_games_run_to_the_end_with_legal_moves(players):
    for seed in (1, 2):
        state = sim.play_game("grab_it", players, seed)  # apply() refuses illegal moves
        assert state.is_over() and len(state.board) == 12


def test_same_seed_same_game():
    a = sim.play_game("grab_it", ["hard", "normal", "easy"], 4)
    b = sim.play_game("grab_it", ["hard", "normal", "easy"], 4)
    assert a.to_json() == b.to_json()


def test_the_shipped_table_matches_the_turn_search():
    x = bots.x_table(2)
    assert len(x) == 4096 and x[FULL] == 0.0
    # from the empty board the first roller expects an 18.8-point edge (margin-optimal play)
    assert x[0] == pytest.approx(-18.77, abs=0.01)
    for i, c in enumerate(CATEGORIES):  # one box left: its mover plays it alone
        assert x[FULL ^ 1 << i] == pytest.approx(-table.ALONE[c], abs=0.01)
        x3 = bots.x_table(3)[FULL ^ 1 << i]
        assert x3 == pytest.approx(-table.ALONE[c] / 2, abs=0.01)  # minus half, to the mover's two rivals
    assert table.P_MAKE["five_of_a_kind"] == pytest.approx(0.046, abs=0.001)  # as the rule sheet says


def position(dice, rolls, board, first=0, players=2):
    """A game at a chosen point (test set-up: the board and dice written directly)."""
    state = GrabItState([Seat(f"P{i}") for i in range(players)], {"first": first}, seed=1)
    state.board = {c: list(v) for c, v in board.items()}
    state.takers = {c: 0 for c in board}
    state.turns_played = len(board)
    state.turn = len(board) % players
    state.dice, state.rolls = list(dice), rolls
    return state


def decide(name, state):
    return make_policy(GAMES["grab_it"].bot_module, name, seed=1).choose(state)


def test_everyone_takes_a_five_of_a_kind():
    for name in ("easy", "normal", "hard"):
        state = position([4, 4, 4, 4, 4], 1, {})
        assert decide(name, state) == {"kind": "score", "category": "five_of_a_kind"}


def test_hard_stops_when_the_last_box_already_wins():
    # Only Sum of Dice is left, it is the game's last turn, P0 is 18 behind: 19 wins now,
    # rerolling a 2 would add 1.5 points on average but tie 1 time in 6.
    board = {c: [None, 0] for c in CATEGORIES if c != "sum"}
    board["two_pair"] = [1, 20]
    board["skip_straight"] = [0, 2]  # (not a real value: just sets the gap to 18)
    state = position([6, 5, 4, 2, 2], 2, board, first=1)
    assert state.current == 0 and state.turns_left == 1
    assert decide("normal", state)["kind"] == "roll"  # rerolling the 2s scores more on average
    assert decide("hard", state) == {"kind": "score", "category": "sum"}


def test_normal_beats_easy():
    result = sim.run("grab_it", ["normal", "easy"], 300, seed=5)
    assert result["players"][0]["win_rate"] > 0.55


def test_partnership_figures_per_seat_and_team():
    result = sim.run("grab_it", ["hard", "easy", "normal", "random"], 8, seed=2)
    teams = result["teams"]
    assert [t["players"] for t in teams] == [[0, 2], [1, 3]]
    assert sum(t["wins"] for t in teams) == 8
    rows = result["players"]
    assert rows[0]["win_rate"] == rows[2]["win_rate"] == teams[0]["win_rate"]
    assert rows[0]["mean_score"] == teams[0]["mean_score"]


def test_decisions_are_timed_for_the_benchmark():
    """Every decision of a game is timed (the simulator's decision_ms_p99, the benchmark of
    the bots' speed: `python -m game.sim grab_it --players hard,normal --games 200`); the
    speed itself is a benchmark figure, not an assertion (a loaded machine measured 97 ms
    where an idle one measures under 10)."""
    timings = [[], []]
    for seed in range(6):
        sim.play_game("grab_it", ["hard", "normal"], seed, None, timings)
    every = sorted(t for seat in timings for t in seat)
    assert len(every) >= 6 * 12 and all(t >= 0 for t in every)
    assert sim.percentile(every, 0.99) >= sim.percentile(every, 0.5)
    assert len(tables(5).dice) == 252


def test_sim_refuses_five_players_in_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        sim.main(["grab_it", "--players", ",".join(["normal"] * 5)])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "2, 3, 4 or 6" in err


def brute_force_last_turn(box, lead, outcome):
    plan = TurnPlan(5, [outcome(lead + s) for s in bots.box_scores()[box]])
    return plan.value()


@pytest.mark.parametrize("standing", [None, [0, 6, 5, 0, 0], [0, 0, 0, 6, 12], [0, 3, 0, 0, 40],
                                      [0, 6, 0, 0, 3]])
def test_last_player_odds_match_a_full_search(standing):
    outcome = bots.game_outcome if standing is None else bots.session_outcome(standing, 0)
    for box in ("sum", "full_house", "five_of_a_kind", "skip_straight"):
        for lead in (-40, -31, -26, -25, -20, -12, -9, -5, -4, -1, 0, 1, 3, 30):
            assert bots.last_player_wins(box, lead, outcome) == pytest.approx(
                brute_force_last_turn(box, lead, outcome), abs=2e-6), (box, lead)


def test_session_outcome_games_won_then_points():
    ahead = bots.session_outcome([0, 6, 5, 0, 0], 0)  # one game up, 5 points up
    assert [ahead(d) for d in (1, 0, -4, -5, -6)] == [1, 1, 1, 0.5, 0]
    level = bots.session_outcome([0, 6, 100, 6, 0], 1)  # level on games, 100 points down
    assert [level(d) for d in (1, 0, -1)] == [1, 0, 0]
    assert bots.session_outcome([0, 3, 0, 0, 50], 0)(0) == 1  # half a game up: a tie does it


def test_hard_plays_for_the_session_in_its_last_game():
    board = {c: [None, 0] for c in CATEGORIES if c != "sum"}
    board["two_pair"] = [1, 20]
    board["skip_straight"] = [0, 10]  # P0 is 10 behind in this game
    for standing, expect in (([], 0.0), ([0, 6, 5, 0, 0], 0.5)):
        state = position([1, 1, 1, 1, 1], 2, board, first=1)
        state.options["standing"] = standing
        hard = make_policy(GAMES["grab_it"].bot_module, "hard", seed=1)
        values = hard.box_values(state)["sum"]
        five = tables(5).index[(1, 1, 1, 1, 1)]
        # a sum of 5 loses the game by 5: lost alone, but a tie on points for the session
        assert values[five] == pytest.approx(expect + hard.margin_weight * 5)
