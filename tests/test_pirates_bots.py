"""Pirate Fortune bots: the exact turn tables, legal play, strength, situations."""

from __future__ import annotations

import random

import pytest

from game import sim
from game.bots import make_policy
from game.catalog import GAMES
from game.games.pirates.bot import POLICIES, HardPolicy, NormalPolicy, w_table
from game.games.pirates.rules import PirateState
from game.games.pirates.solver import (
    TABLE_CARDS,
    deck_average,
    first_roll_value,
    solve,
    w_keys,
)
from game.games.pirates.values import TABLES
from game.rules.core import Seat


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
    bots = [make_policy(GAMES["pirates"].bot_module, policy, i) for i in range(players)]
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


def test_the_simulator_times_hard_decisions():
    """Decision times are reported (a benchmark: DEVELOPING.md's figures), not asserted."""
    result = sim.run("pirates", ["hard", "hard"], 20, seed=2)
    row = result["players"][0]
    assert 0 < row["decision_ms_p50"] <= row["decision_ms_p99"]


# -- the endgame: the turn played for the win ------------------------------------------------

from game.games.pirates.bot import OldHardPolicy, last_turn_utility, trigger_utility  # noqa: E402
from game.games.pirates.reach import (  # noqa: E402
    OFFSET,
    ReachTable,
    deck_reach_steps,
    reach_table,
    solved_for,
    storm_position,
    threshold,
    utility_value,
)
from game.games.pirates.reach_values import DECK_REACH  # noqa: E402
from game.games.pirates.solver import (  # noqa: E402
    multisets,
    reroll_outcomes,
    stop_points,
    sub_multisets,
)
from game.tasks import run_now  # noqa: E402

LINEAR = tuple(float((i - OFFSET) * 100) for i in range(OFFSET + 60))


def test_the_goal_solver_with_points_as_utility_is_the_points_solver():
    """With u(p) = p the goal solver must give the expected points of the shipped tables
    (an independent solver: every reroll outcome enumerated) for every card and keep."""
    for card in TABLE_CARDS:
        table = reach_table(card, LINEAR, 1, 0)
        w = w_table(card)
        assert max(abs(table.keep(a, s, k) - w[a, s, k]) for a, s, k in w_keys(card)) <= 0.051


def _plain_threshold_solve(card: str, need: int) -> dict:
    """An independent value iteration for P(points >= need): every reroll outcome
    enumerated, every keep compared (no Sorceress, no chest: the cards it is used with)."""
    ok = {}
    smax = 2 - {"skull_1": 1, "skull_2": 2}.get(card, 0)
    for s in range(smax + 1):
        for m in multisets(8 - s):
            ok[s, m] = 1.0 if stop_points(card, s, m) >= need else 0.0
    v = dict(ok)
    outcomes = {r: reroll_outcomes(r) for r in range(2, 9)}
    while True:  # Gauss-Seidel: new values are used in the same sweep (the same fixed point)
        delta = 0.0
        rolled: dict = {}  # a keep's value, worked out once a sweep: many positions share
        # each keep (with the keep priced again for every position, this took 50 s of CPU)
        for (s, m), stop in ok.items():
            best = stop
            for k in sub_multisets(m):
                r = 8 - s - sum(k)
                if r < 2:
                    continue
                total = rolled.get((s, k))
                if total is None:
                    total = 0.0
                    for out, p in outcomes[r]:
                        if s + out[0] <= smax:
                            total += p * v[s + out[0], tuple(a + b for a, b in zip(k, out[1:], strict=True))]
                    rolled[s, k] = total
                best = max(best, total)
            delta = max(delta, abs(best - v[s, m]))
            v[s, m] = best
        if delta < 1e-10:
            return v


@pytest.mark.parametrize("card, need", [("skull_2", 500)])  # the engine tests cover more
def test_threshold_against_an_independent_value_iteration(card, need):
    table = reach_table(card, threshold(need), 0, 0)
    ref = _plain_threshold_solve(card, need)
    for (s, m), value in ref.items():
        assert table.position(0, s, m) == pytest.approx(value, abs=1e-7), (s, m)


def _engine_value(state, u, table, depth):
    """Expectimax through the real engine: every legal move from ``state`` (the Treasure
    Chest: the kept dice put on the chest first), each outcome of its dice applied with
    ``state.after``; at ``depth`` 0 a live position is read from ``table``."""
    if depth == 0 and not state.cursed():
        a = 1 if state.card == "sorceress" and not state.sorceress_used else 0
        return table.position(a, state.dice.count("skull"), state.counts()[1:])
    best = utility_value(u, state.stop_value()[0])
    for action in state.legal_actions():
        if action["kind"] == "chest":
            continue
        base = state
        if action["kind"] == "roll" and state.card == "chest":
            kept = [i for i, f in enumerate(state.dice) if f != "skull" and i not in action["dice"]]
            base, _ = state.after({"kind": "chest", "dice": kept}, ())
        value = 0.0
        for outcome, p in base.chance_outcomes(action):
            nxt, events = base.after(action, outcome)
            scored = [e for e in events if e["type"] == "scored"]
            if scored:
                value += p * utility_value(u, scored[0]["points"])
            else:
                value += p * _engine_value(nxt, u, table, depth - 1 if not nxt.cursed()
                                           else depth)
        best = max(best, value)
    return best


@pytest.mark.parametrize("card, dice, need", [
    ("gold", ["skull", "skull", "gold", "gold", "gold", "parrot", "parrot", "parrot"], 900),
    ("chest", ["skull", "skull", "diamond", "diamond", "diamond", "sword", "sword", "sword"],
     800),
    ("sorceress", ["skull", "skull", "monkey", "monkey", "monkey", "monkey", "gold", "gold"],
     1000),
    ("truce", ["skull", "sword", "gold", "gold", "parrot", "parrot", "parrot", "parrot"], 600),
    ("sea_battle_3", ["skull", "skull", "sword", "sword", "gold", "gold", "gold", "parrot"],
     900),
    ("captain", ["skull", "skull", "gold", "gold", "diamond", "diamond", "parrot", "parrot"],
     1400),
    ("skull_1", ["skull", "monkey", "monkey", "monkey", "gold", "gold", "parrot", "parrot"],
     700),
])
def test_threshold_is_one_reroll_of_the_real_engine_away_from_itself(card, dice, need):
    """Bellman through the rules engine: the solved chance of reaching ``need`` from a
    position equals the best move's chance when that move's outcomes are played by the
    engine (skulls, the chest, the Sorceress, battles, the Truce, the Captain) and the
    positions after it are read from the solved table."""
    state = situation(card, dice)
    u = threshold(need)
    tcard, tu = solved_for(card, u)
    a = 1 if card == "sorceress" else 0
    table = reach_table(tcard, tu, a, 0)
    mine = table.position(a, state.dice.count("skull"), state.counts()[1:])
    assert 0.0 < mine < 1.0
    assert _engine_value(state, u, table, 1) == pytest.approx(mine, abs=1e-7)


def test_the_storm_is_solved_by_enumeration():
    u = threshold(600)
    state = situation("storm", ["skull", "gold", "diamond", "parrot", "parrot", "monkey",
                                "sword", "sword"])
    best = 0.0
    for action in state.legal_actions():
        if action["kind"] != "roll":
            continue
        total = 0.0
        for outcome, p in state.chance_outcomes(action):
            _, events = state.after(action, outcome)
            points = [e for e in events if e["type"] == "scored"][0]["points"]
            total += p * (points >= 600)
        best = max(best, total)
    assert storm_position(1, state.counts()[1:], u) == pytest.approx(best, abs=1e-12)


def test_the_shipped_deck_chances_are_the_solver_output():
    for need in (100, 1000, 2500):
        assert DECK_REACH["default"][need // 100 - 1] == pytest.approx(
            run_now(deck_reach_steps(need)), abs=2e-9)
    assert DECK_REACH["classic"][4] == pytest.approx(run_now(deck_reach_steps(500, "classic")),
                                                     abs=2e-9)
    chances = DECK_REACH["default"]
    assert all(a >= b for a, b in zip(chances, chances[1:], strict=False))


def test_a_goal_table_solved_in_pieces_equals_one_solved_at_once():
    u = threshold(1500)
    whole = run_now(ReachTable("sorceress", u).steps(1, 0))
    steps = ReachTable("sorceress", u).steps(1, 0)
    pieces = 0
    while True:
        try:
            next(steps)
            pieces += 1
        except StopIteration as stop:
            made = stop.value
            break
    assert pieces > 100
    assert made.G == whole.G and made.V == whole.V


def _last_turn(card, dice, mine, leader, players=2):
    state = situation(card, dice, players)
    seat = state.current
    state.totals = [leader] * players
    state.totals[seat] = mine
    state.last_round, state.still_to_play = True, [seat]
    return state


def test_last_round_bot_never_stops_behind_while_rolling_can_still_pass():
    rng = random.Random(7)
    bot = HardPolicy(random.Random(0))
    checked = 0
    for _ in range(150):
        card = rng.choice(["captain", "gold", "chest", "sorceress", "truce", "storm",
                           "sea_battle_2", "skull_1", "monkey_business"])
        dice = [rng.choice(["skull", "parrot", "monkey", "sword", "gold", "diamond"])
                for _ in range(8)]
        state = _last_turn(card, dice, 6000, 8000 + 100 * rng.randrange(30))
        if state.cursed() or state.skulls() >= 3:
            continue
        mine = state.totals[state.current] + state.stop_value()[0]
        values = bot.action_values(state)
        if values is None or mine >= state.leader_total(state.current):
            continue
        assert bot.value_unit(state) == "win"
        rolls = [v for a, v in values if a["kind"] != "stop"]
        if rolls and max(rolls) > 0:
            assert bot.choose(state)["kind"] != "stop", (card, dice)
            checked += 1
    assert checked > 30


def test_last_round_bot_plays_for_the_threshold_not_for_points():
    """Behind by 900: the move is the keep with the exact best chance to get strictly past
    the leader (at least 1000 this turn), as the threshold table prices it."""
    state = _last_turn("gold", ["skull", "gold", "gold", "diamond", "diamond", "parrot", "monkey",
                                 "sword"], 7400, 8300)
    bot = HardPolicy(random.Random(0))
    values = bot.action_values(state)
    chosen = bot.choose(state)
    best = max(v for _, v in values)
    chosen_value = next(v for a, v in values if a == chosen)
    assert chosen_value == best
    u = threshold(900 + 100)  # strictly past 8300 from 7400: at least 1000 this turn
    table = reach_table("gold", u, 0, 1)
    assert best == pytest.approx(max(
        table.keep(0, 1, k) for k in sub_multisets(state.counts()[1:])
        if sum(state.counts()[1:]) - sum(k) >= 2), abs=1e-12)


def test_stopping_when_it_wins_for_sure_is_a_stop():
    state = _last_turn("captain", ["gold"] * 3 + ["parrot"] * 3 + ["skull"] * 2, 8500, 9000)
    assert hard(state) == {"kind": "stop"}  # 8500 + 1200 passes 9000 and nobody plays after
    assert HardPolicy(random.Random(0)).value_unit(state) == "win"
    values = dict((str(a), v) for a, v in HardPolicy(random.Random(0)).action_values(state))
    assert values[str({"kind": "stop"})] == 1.0


def test_a_stop_that_reaches_the_target_far_ahead_is_taken_and_priced_in_win_chance():
    state = situation("captain", ["gold"] * 3 + ["parrot"] * 3 + ["skull"] * 2)
    me = state.current
    state.totals = [2000, 2000]
    state.totals[me] = 7000  # 7000 + 1200: the other needs 6300 in one turn
    bot = HardPolicy(random.Random(0))
    assert bot.goal(state) is not None and bot.value_unit(state) == "win"
    assert bot.choose(state) == {"kind": "stop"}
    stop = dict((a["kind"], v) for a, v in bot.action_values(state))["stop"]
    assert stop > 0.99
    # not reaching the target: points as before
    state.totals[me] = 5000
    assert bot.goal(state) is None and bot.value_unit(state) == "points"


def test_win_utilities_follow_the_scores():
    state = _last_turn("gold", ["gold"] * 8, 7000, 8000, players=3)
    me = state.current
    after = (me + 1) % 3
    state.still_to_play = [me, after]
    state.totals[after] = 6000
    u = last_turn_utility(state, me)
    assert utility_value(u, 900) == 0.0  # 7900 < 8000, who has played out
    assert 0.0 < utility_value(u, 1000) < utility_value(u, 2000) < 1.0  # tie, then past
    assert utility_value(u, 1000) < 0.5 * utility_value(u, 1100) + 1e-12  # a tie is shared
    state.last_round, state.still_to_play = False, []
    state.totals = [7000, 7000, 7000]
    t = trigger_utility(state, me)
    assert 0.0 < utility_value(t, 0) < utility_value(t, 500) < utility_value(t, 900) < 1.0
    assert utility_value(t, 1000) < utility_value(t, 1500) < utility_value(t, 3000) < 1.0
    # reaching the target: both others must fail to pass it in their one turn
    assert utility_value(t, 1000) == pytest.approx((1.0 - DECK_REACH["default"][10]) ** 2)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_outside_the_endgame_the_hard_bot_moves_as_before(seed):
    """Every decision of a seeded hard-vs-hard game before the first position where the
    bot plays for the win is the old hard bot's move."""
    state = PirateState([Seat("A", "hard"), Seat("B", "hard")], {}, seed=seed)
    new = [HardPolicy(random.Random(seed + i)) for i in range(2)]
    old = OldHardPolicy(random.Random(0))
    compared = 0
    while not state.is_over():
        bot = new[state.current]
        action = bot.choose(state)
        if bot.goal(state) is not None:
            break
        assert old.choose(state) == action
        compared += 1
        state.apply(action)
    assert compared > 50
