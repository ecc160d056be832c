"""Exact odds (game.odds) and the chance model they stand on (game.rules.core), checked
against brute force: every ordered roll counted (6**n of them), every forced outcome
played through the real engine with ``state.after``, positions taken from seeded games
played by bots."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb, fsum

import pytest

from game import odds as odds_mod
from game.bots import make_policy
from game.bots.turn_search import tables
from game.catalog import GAMES
from game.games.pirates import odds as pirate_odds
from game.games.pirates.odds import battle_chance, disqualify_chance
from game.games.pirates.rules import CARD_SKULLS, FACES, SEA_BATTLES, counts_of, reroll_outcomes
from game.odds import (
    box_chance,
    chance,
    made,
    odds,
    odds_steps,
    open_boxes,
    percent,
    shows_boxes,
)
from game.rules.core import DIE_FACES, RollSpec, Seat, roll_outcomes, roll_ways
from game.tasks import Task, run_now

CATEGORY = tuple(g for g, info in GAMES.items() if shows_boxes(info))  # box odds games


def positions(game_id: str, want, count: int, seeds=range(1, 40), players: int = 2,
              options=None, policies=("hard", "normal")):
    """Up to ``count`` copies of states met in seeded bot games for which ``want(state)``."""
    info = GAMES[game_id]
    found = []
    for seed in seeds:
        seats = [Seat(f"P{i}", policies[i % len(policies)]) for i in
                 range(max(players, info.min_players))]
        state = info.new_game(seats, options or {}, seed=seed)
        bots = [make_policy(info.bot_module, s.bot, seed=seed * 5 + i) for i, s in enumerate(seats)]
        steps = 0
        while not state.is_over() and steps < 400:
            if want(state):
                found.append(state.rewound(len(state.actions)))
                if len(found) >= count:
                    return found
                state.apply(bots[state.current].choose(state))
                steps += 1
                continue
            state.apply(bots[state.current].choose(state))
            steps += 1
    assert found, f"no {game_id} position found"
    return found


def ordered(faces, k: int):
    """Every ordered roll of ``k`` dice, with how many ordered rolls each sorted one is."""
    counts = Counter(tuple(sorted(o, key=faces.index)) for o in product(faces, repeat=k))
    return counts, len(faces) ** k


# -- the chance model ------------------------------------------------------------------------

@pytest.mark.parametrize("faces", [DIE_FACES, FACES])
@pytest.mark.parametrize("n", range(0, 7))
def test_roll_outcomes_are_the_ordered_rolls_counted(faces, n):
    outcomes = roll_outcomes(n, faces)
    assert len(outcomes) == comb(n + 5, 5)  # every multiset once
    assert abs(fsum(p for _, p in outcomes) - 1.0) < 1e-12
    counts, total = ordered(faces, n)
    assert sum(w for _, w in roll_ways(n, faces)) == total
    for multiset, p in outcomes:
        assert p == counts[multiset] / total  # the one division, bit for bit
    assert {m for m, _ in outcomes} == set(counts)


def test_pirates_reroll_outcomes_come_from_the_core_model():
    for k in range(0, 9):
        core = {counts_of(m): p for m, p in roll_outcomes(k, FACES)}
        assert dict(reroll_outcomes(k)) == core
    # listed in the order the bots' tables were built in (counts of parrot..diamond rising)
    keys = [c[1:] for c, _ in reroll_outcomes(4)]
    assert keys == sorted(keys)


def test_turn_search_tables_read_the_core_model():
    t = tables(5)
    empty = t.keep_index[()]
    assert [t.dice[i] for i in t.out_idx[empty]] == [m for m, _ in roll_outcomes(5)]
    assert t.out_p[empty] == [p for _, p in roll_outcomes(5)]
    k = t.keep_index[(2, 6)]
    assert t.out_p[k] == [p for _, p in roll_outcomes(3)]


# -- forced outcomes through the real engines ------------------------------------------------

def first_roll_state(game_id: str):
    info = GAMES[game_id]
    state = info.new_game([Seat("A", "hard"), Seat("B", "hard")], {}, seed=11)
    if game_id == "pirates":
        state.apply({"kind": "draw"})
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_after_forces_the_outcome_and_leaves_the_game_alone(game_id):
    state = first_roll_state(game_id)
    action = next(a for a in state.legal_actions() if a["kind"] == "roll")
    spec = state.roll_spec(action)
    assert isinstance(spec, RollSpec) and spec.rolled
    before, draws = state.digest(), state.rng.draws
    outcomes = state.chance_outcomes(action)
    assert abs(fsum(p for _, p in outcomes) - 1) < 1e-12
    rng = random.Random(game_id)
    for multiset, _ in rng.sample(list(outcomes), 5):
        face_order = list(multiset)
        rng.shuffle(face_order)
        child, events = state.after(action, face_order)
        assert events and events[0]["type"] == "rolled"
        shown = [child.dice[i] for i in spec.rolled] if child.dice else events[0]["dice"]
        assert shown == face_order  # exactly these faces, in these places
        assert state.digest() == before and state.rng.draws == draws
    with pytest.raises(ValueError):
        state.after(action, list(outcomes[0][0])[:-1])
    # the copy goes on from where the game's generator is, and knows it rolled (no undo)
    child, _ = state.after(action, list(outcomes[0][0]))
    assert child.rng.getstate() == state.rng.getstate()
    assert child.rng.draws > draws and child._drew[-1] is True
    assert child.actions == state.actions + [action]


def test_holding_dice_keeps_them_under_a_forced_roll():
    state = first_roll_state("yatzy")
    state.apply({"kind": "roll", "hold": []})
    action = {"kind": "roll", "hold": [0, 3]}
    assert state.roll_spec(action).rolled == (1, 2, 4)
    child, _ = state.after(action, [6, 5, 4])
    assert child.dice == [state.dice[0], 6, 5, state.dice[3], 4]
    assert state.roll_spec({"kind": "score", "category": "chance"}) is None
    assert state.chance_outcomes({"kind": "score", "category": "chance"}) == ()


# -- category games: box odds against brute force through the engine -------------------------

def engine_made(game_id: str, state, box: str) -> bool:
    """Would scoring ``box`` with these dice write points? Asked of the engine itself."""
    if game_id == "bona_fortuna":
        from game.games.bona_fortuna.rules import BOX_MELDS, meld_score
        return any(meld_score(m, state.dice) > 0 for m in BOX_MELDS[box])
    if game_id == "grab_it":
        return state.preview()[box] > 0
    return state.preview()[box] > 0


def brute_last_roll(game_id: str, state, held: list[int]) -> dict[str, float]:
    """One roll left: every ordered roll of the dice not held, forced through the engine."""
    action = {"kind": "roll", "hold": held}
    rolled = state.roll_spec(action).rolled
    counts, total = ordered(DIE_FACES, len(rolled))
    hits: dict[str, Fraction] = {b: Fraction(0) for b in open_boxes(state, game_id)}
    for multiset, n in counts.items():
        child, _ = state.after(action, list(multiset))
        for box in hits:
            if engine_made(game_id, child, box):
                hits[box] += Fraction(n, total)
    return {b: float(v) for b, v in hits.items()}


@pytest.mark.parametrize("game_id", CATEGORY)
def test_box_odds_with_one_roll_left_match_the_engine(game_id):
    states = positions(game_id, lambda s: getattr(s, "rolls", 0) == 2 and not s.is_over(), 3)
    rng = random.Random(game_id)
    checked = 0
    for state in states:
        for held in ([], sorted(rng.sample(range(state.n_dice), 2)),
                     sorted(rng.sample(range(state.n_dice), state.n_dice - 1))):
            got = odds(state, held).boxes
            want = brute_last_roll(game_id, state, held)
            assert set(got) == set(want) and got
            for box in want:
                assert got[box] == pytest.approx(want[box], abs=1e-12), (box, held, state.dice)
            checked += 1
    assert checked == 3 * len(states)


def expectimax_two_rolls(game_id: str, state, held: list[int], box: str) -> float:
    """Two rolls left: the first through the engine (every ordered roll, forced), then the
    best hold among the engine's legal roll actions (or stopping), the last roll counted
    over every ordered roll of the dice not held."""
    action = {"kind": "roll", "hold": held}
    rolled = state.roll_spec(action).rolled
    counts, total = ordered(DIE_FACES, len(rolled))
    value = Fraction(0)
    memo: dict[tuple, Fraction] = {}
    for multiset, n in counts.items():
        child, _ = state.after(action, list(multiset))
        key = tuple(sorted(child.dice))
        if key not in memo:
            best = Fraction(1) if made(game_id, box, key) else Fraction(0)
            for act in child.legal_actions():
                if act["kind"] != "roll" or best == 1:
                    continue
                kept = [child.dice[i] for i in act["hold"]]
                k = len(child.dice) - len(kept)
                cnt, tot = ordered(DIE_FACES, k)
                p = sum(Fraction(c, tot) for o, c in cnt.items()
                        if made(game_id, box, tuple(sorted(kept + list(o)))))
                best = max(best, p)
            memo[key] = best
        value += Fraction(n, total) * memo[key]
    return float(value)


@pytest.mark.parametrize("game_id", ("yatzy", "grab_it", "bona_fortuna"))
def test_box_odds_with_two_rolls_left_match_an_expectimax_over_the_engine(game_id):
    states = positions(game_id, lambda s: getattr(s, "rolls", 0) == 1 and not s.is_over(), 2)
    rng = random.Random(7)
    for state in states:
        held = sorted(rng.sample(range(state.n_dice), 3))
        got = odds(state, held).boxes
        for box in rng.sample(sorted(got), 3):
            want = expectimax_two_rolls(game_id, state, held, box)
            assert got[box] == pytest.approx(want, abs=1e-12), (box, held, state.dice)


def test_from_scratch_odds_are_the_known_exact_values():
    state = first_roll_state("yatzy")
    got = odds(state).boxes
    assert got["yatzy"] == pytest.approx(2783176 / 60466176, abs=1e-15)  # 4.6029%
    assert got["ones"] == pytest.approx(1 - (5 / 6) ** 15, abs=1e-15)
    assert got["chance"] == 1.0
    maxi = odds(first_roll_state("maxi_yatzy")).boxes
    assert maxi["ones"] == pytest.approx(1 - (5 / 6) ** 18, abs=1e-15)
    assert len(maxi) == 20
    grab = odds(first_roll_state("grab_it")).boxes
    assert grab["sum"] == 1.0 and grab["five_of_a_kind"] == got["yatzy"]


def test_no_rolls_left_means_made_or_not():
    for state in positions("yatzy", lambda s: s.rolls == 3, 3):
        got = odds(state, [0, 1]).boxes
        preview = state.preview()
        assert got == {b: 1.0 if v > 0 else 0.0 for b, v in preview.items()}


def test_bona_fortuna_phase_two_lists_the_shared_boxes():
    states = positions("bona_fortuna", lambda s: s.phase == 2 and s.rolls == 2, 1,
                       seeds=range(1, 4))
    state = states[0]
    got = odds(state, []).boxes
    assert set(got) == {b for _, b in state.open_boxes()}
    assert got == pytest.approx(brute_last_roll("bona_fortuna", state, []), abs=1e-12)


def test_box_chance_is_the_held_dice_not_the_others():
    """Hold a Yatzy: 100%; hold four of a kind: 1/6 + 5/6 * 1/6 on two rolls."""
    state = first_roll_state("yatzy")
    state.apply({"kind": "roll", "hold": []})
    state.dice = [4, 4, 4, 4, 4]
    assert box_chance(state, "yatzy", "yatzy", [0, 1, 2, 3, 4]) == 1.0
    state.dice = [4, 4, 4, 4, 2]
    assert box_chance(state, "yatzy", "yatzy", [0, 1, 2, 3]) == pytest.approx(11 / 36)
    assert box_chance(state, "yatzy", "fours", []) == pytest.approx(1 - (5 / 6) ** 10)
    state.rolls = 2
    assert box_chance(state, "yatzy", "yatzy", [0, 1, 2, 3]) == pytest.approx(1 / 6)


# -- Farkle ----------------------------------------------------------------------------------

def brute_farkle(state, action) -> tuple[float, float]:
    """Every ordered roll forced through the engine: a 'farkle' event, or a scoring option
    that sets every rolled die aside (hot dice)."""
    k = len(state.roll_spec(action).rolled)
    counts, total = ordered(DIE_FACES, k)
    farkle = hot = Fraction(0)
    for multiset, n in counts.items():
        child, events = state.after(action, list(multiset))
        if any(e["type"] == "farkle" for e in events):
            farkle += Fraction(n, total)
        elif any(len(o["positions"]) == k for o in child.scoring_options()):
            hot += Fraction(n, total)
    return float(farkle), float(hot)


def test_farkle_odds_match_every_roll_through_the_engine():
    states = positions("farkle", lambda s: s.rolled, 6)
    states += positions("farkle", lambda s: not s.rolled and not s.is_over(), 1)
    seen = set()
    for state in states:
        selections = [[]] if not state.rolled else [o["positions"] for o in
                                                    state.scoring_options()[:4]]
        for sel in selections:
            got = odds(state, sel)
            action = {"kind": "roll", "set_aside": sel} if state.rolled else {"kind": "roll"}
            want = brute_farkle(state, action)
            assert got.chances["farkle"] == pytest.approx(want[0], abs=1e-12)
            assert got.chances["hot_dice"] == pytest.approx(want[1], abs=1e-12)
            assert got.dice == len(state.roll_spec(action).rolled)
            assert f"Next roll of {got.dice} dice" in got.lines[0]
            assert percent(got.chances["farkle"]) in got.lines[0]
            seen.add(got.dice)
    assert len(seen) >= 3  # several dice counts were checked


def test_farkle_without_a_valid_selection_lists_every_dice_count():
    state = positions("farkle", lambda s: s.rolled and any(d in (2, 3, 4, 6) for d in s.dice),
                      1)[0]
    lone = [i for i, d in enumerate(state.dice) if d in (2, 3, 4, 6)
            and state.dice.count(d) < 3][:1]
    for selection in ([], lone):
        if selection == [] or not state.selection_score(selection).ok:
            got = odds(state, selection)
            assert "farkle" not in got.chances and "Choose scoring dice" in got.lines[-1]
    assert got.chances["farkle_1"] == pytest.approx(4 / 6)
    assert got.chances["farkle_2"] == pytest.approx(16 / 36)
    assert got.chances["farkle_6"] == pytest.approx(brute_farkle(
        first_roll_state("farkle"), {"kind": "roll"})[0], abs=1e-12)


def test_farkle_piggyback_odds_use_the_offers_dice():
    states = positions("farkle", lambda s: s.can_piggyback(), 1,
                       options={"piggyback": True}, players=3)
    state = states[0]
    got = odds(state)
    pig = {"kind": "piggyback"}
    want = brute_farkle(state, pig)
    assert got.chances["piggyback_farkle"] == pytest.approx(want[0], abs=1e-12)
    assert got.chances["piggyback_hot_dice"] == pytest.approx(want[1], abs=1e-12)


# -- Pirate Fortune --------------------------------------------------------------------------

def ended_disqualified(child, events) -> bool:
    for e in events:
        if e["type"] == "scored":
            return e["dice"].count("skull") + CARD_SKULLS.get(e["card"], 0) >= 3
    return False


def brute_disqualified(state, action) -> float:
    """Every ordered roll forced through the engine; a third skull with the Sorceress
    waiting is followed by her reroll (every face, forced) before judging."""
    k = len(state.roll_spec(action).rolled)
    counts, total = ordered(FACES, k)
    p = Fraction(0)
    for multiset, n in counts.items():
        child, events = state.after(action, list(multiset))
        if any(e["type"] == "cursed" for e in events):
            hits = sum(ended_disqualified(*child.after({"kind": "sorceress"}, [f]))
                       for f in FACES)
            p += Fraction(n, total) * Fraction(hits, 6)
        elif ended_disqualified(child, events):
            p += Fraction(n, total)
    return float(p)


def test_pirate_disqualification_matches_every_roll_through_the_engine():
    states = positions("pirates", lambda s: s.rolled and s.can_reroll() and s.skulls() >= 1,
                       8, policies=("hard", "easy"))
    states += positions("pirates", lambda s: s.card == "sorceress" and s.rolled
                        and s.can_reroll() and s.skulls() == 2, 2, seeds=range(1, 200))
    rng = random.Random(3)
    for state in states:
        free = state.free_positions()
        chosen = sorted(rng.sample(free, min(len(free), rng.choice((2, 3, 4)))))
        got = odds(state, chosen)
        action = {"kind": "roll", "dice": chosen}
        want = brute_disqualified(state, action)
        assert got.chances["disqualified"] == pytest.approx(want, abs=1e-12)
        assert got.chances["disqualified"] == pytest.approx(state.disqualify_chance(chosen),
                                                            abs=1e-12)
        assert f"Reroll the {len(chosen)} chosen dice" in got.lines[0]
    assert any(s.card == "sorceress" for s in states)


def test_pirate_first_roll_odds_count_the_island_and_the_card():
    for card in ("captain", "skull_2", "sea_battle_3", "sorceress"):
        state = first_roll_state("pirates")
        state.card = card
        action = {"kind": "roll"}
        want = brute_disqualified_first(state)
        assert disqualify_chance(state, action) == pytest.approx(want, abs=1e-12)
        assert odds(state).chances["disqualified"] == pytest.approx(want, abs=1e-12)


def brute_disqualified_first(state) -> float:
    """The first roll of 8 dice: 6**8 ordered rolls counted by skulls, each skull count
    judged once through the engine (a forced roll with that many skulls)."""
    by_skulls = Counter()
    for o in product(range(6), repeat=4):  # 6**8 = (6**4)**2: count skulls by halves
        by_skulls[o.count(0)] += 1
    total = Counter()
    for a, na in by_skulls.items():
        for b, nb in by_skulls.items():
            total[a + b] += na * nb
    p = Fraction(0)
    for skulls, n in total.items():
        outcome = ["skull"] * skulls + ["parrot"] * (8 - skulls)
        child, events = state.after({"kind": "roll"}, outcome)
        if any(e["type"] == "cursed" for e in events):
            hits = sum(ended_disqualified(*child.after({"kind": "sorceress"}, [f]))
                       for f in FACES)
            p += Fraction(n, 6 ** 8) * Fraction(hits, 6)
        elif ended_disqualified(child, events):
            p += Fraction(n, 6 ** 8)
    return float(p)


def battle_states(count: int):
    return positions("pirates", lambda s: s.card in SEA_BATTLES and s.rolled and not s.over
                     and s.skulls() < 3, count, seeds=range(1, 300))


def test_sea_battle_odds_satisfy_the_engines_bellman_equation():
    """From each position: winning now is 1; else the chance is the best over the engine's
    legal rerolls (all of them, swords included), and a reroll's chance is the chances
    after each of its outcomes, forced through the engine."""
    rng = random.Random(5)
    states = battle_states(4)
    assert any(s.counts()[3] < SEA_BATTLES[s.card][0] for s in states)
    for state in states:
        need = SEA_BATTLES[state.card][0]
        value = battle_chance(state)
        rolls = [a for a in state.legal_actions() if a["kind"] == "roll"]
        if state.counts()[3] >= need:
            assert value == 1.0
            continue
        worth = {i: battle_chance(state, a) for i, a in enumerate(rolls)}
        assert value == pytest.approx(max(worth.values(), default=0.0), abs=1e-12)
        best = max(worth, key=worth.get)
        for i in {best, *rng.sample(sorted(worth), min(2, len(worth)))}:
            action = rolls[i]
            total = 0.0
            for multiset, p in state.chance_outcomes(action):
                child, _ = state.after(action, list(multiset))
                total += p * (battle_chance(child) if child.rolled else 0.0)
            assert worth[i] == pytest.approx(total, abs=1e-12)


def test_sea_battle_values_match_value_iteration_over_every_reroll():
    """An independent float solution: value iteration over (skulls, swords) that may reroll
    any dice at all (swords too), until nothing moves."""
    from game.games.pirates.rules import N_DICE
    moves = {}
    for m in range(2, N_DICE + 1):
        agg = Counter()
        for o, p in roll_outcomes(m, FACES):
            agg[(o.count("skull"), o.count("sword"))] += p
        moves[m] = list(agg.items())
    for need in (2, 3, 4):
        v = {(k, s): 0.0 for k in range(3) for s in range(need)}

        def val(k, s, v=v, need=need):
            return 0.0 if k >= 3 else 1.0 if s >= need else v[(k, s)]
        for _ in range(300):
            change = 0.0
            for (k, s) in v:
                others = N_DICE - k - s
                best = 0.0
                for i in range(s + 1):
                    for j in range(others + 1):
                        if i + j >= 2:
                            best = max(best, sum(p * val(k + a, s - i + b)
                                                 for (a, b), p in moves[i + j]))
                change = max(change, abs(best - v[(k, s)]))
                v[(k, s)] = best
            if change < 1e-16:
                break
        exact = run_now(pirate_odds._battle_values_steps(need))
        for key, value in v.items():
            assert float(exact[key]) == pytest.approx(value, abs=1e-9), (need, key)


def test_sea_battle_line_and_selection():
    state = battle_states(1)[0]
    free = state.free_positions()
    got = odds(state, free[:2])
    assert got.chances["battle"] == battle_chance(state)
    assert got.chances["battle_selected"] == battle_chance(state, {"kind": "roll",
                                                                   "dice": free[:2]})
    assert "Sea Battle" in got.lines[-1] and percent(got.chances["battle"]) in got.lines[-1]


# -- the generator, percentages --------------------------------------------------------------

@pytest.mark.parametrize("game_id", list(GAMES))
def test_steps_give_the_same_odds_as_at_once_and_yield_between_pieces(game_id):
    state = first_roll_state(game_id)
    odds_mod._BOX_VALUES.clear()
    pirate_odds._BATTLE_VALUES.clear()
    task = Task(odds_steps(state), clock=iter(range(10**6)).__next__)
    while not task.step(budget=1):
        pass
    assert task.error is None
    assert task.result == odds(state)
    if game_id in CATEGORY:
        assert task.slices > len(task.result.boxes)  # cold: the tables came in pieces


def test_percent_never_rounds_to_a_false_certainty():
    assert percent(0.0) == "0%" and percent(1.0) == "100%"
    assert percent(0.00001) == "<0.1%" and percent(0.99999) == ">99.9%"
    assert percent(0.15741) == "15.7%"


def test_chance_is_the_sum_over_the_engines_outcomes():
    state = first_roll_state("farkle")
    assert chance(state, {"kind": "roll"}, lambda o: 1.0) == pytest.approx(1.0, abs=1e-12)
    assert chance(state, {"kind": "bank"}, lambda o: 1.0) == 0.0


def test_pirate_odds_when_cursed_and_on_the_island():
    state = first_roll_state("pirates")
    state.card = "sorceress"
    cursed, events = state.after({"kind": "roll"}, ["skull"] * 3 + ["parrot"] * 5)
    assert any(e["type"] == "cursed" for e in events) and cursed.cursed()
    got = odds(cursed)
    hits = sum(ended_disqualified(*cursed.after({"kind": "sorceress"}, [f])) for f in FACES)
    assert got.chances["disqualified"] == pytest.approx(hits / 6) and hits == 1
    assert got.lines[0].startswith("The Sorceress's reroll")
    state.card = "captain"
    island, events = state.after({"kind": "roll"}, ["skull"] * 4 + ["gold"] * 4)
    assert island.island
    got = odds(island, island.free_positions())
    assert "disqualified" not in got.chances and "Island" in got.lines[0]
