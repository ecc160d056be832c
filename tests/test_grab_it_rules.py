"""Grab It! scoring (RULES.md §5), partnerships, the shared board and whole games."""

import json
import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.grab_it.rules import CATEGORIES, VALUES, GrabItState, partnership_sides, score
from game.rules.core import IllegalAction, SaveError, Seat

# (category, dice, points), checked by hand: each box made and missed, and the edge cases
# of RULES.md §5 (larger sets satisfy smaller ones, two values for a full house / two pair).
EXAMPLES = [
    ("five_of_a_kind", [4, 4, 4, 4, 4], 70), ("five_of_a_kind", [1, 1, 1, 1, 1], 70),
    ("five_of_a_kind", [4, 4, 4, 4, 3], 0),
    ("four_of_a_kind", [3, 3, 3, 3, 1], 50), ("four_of_a_kind", [6, 6, 6, 6, 6], 50),
    ("four_of_a_kind", [3, 3, 3, 1, 1], 0),
    ("full_house", [1, 1, 1, 6, 6], 40), ("full_house", [3, 2, 3, 2, 3], 40),
    ("full_house", [5, 5, 5, 5, 5], 0), ("full_house", [5, 5, 5, 5, 2], 0),
    ("full_house", [2, 2, 3, 3, 4], 0),
    ("high_dice", [4, 4, 5, 5, 6], 40), ("high_dice", [6, 6, 6, 6, 6], 40),
    ("high_dice", [4, 4, 4, 4, 4], 40), ("high_dice", [4, 5, 6, 6, 3], 0),
    ("three_of_a_kind", [1, 1, 1, 2, 3], 30), ("three_of_a_kind", [2, 2, 2, 5, 5], 30),
    ("three_of_a_kind", [6, 6, 6, 6, 6], 30), ("three_of_a_kind", [6, 6, 6, 6, 1], 30),
    ("three_of_a_kind", [6, 6, 5, 5, 1], 0),
    ("two_pair", [2, 2, 3, 3, 1], 20), ("two_pair", [6, 6, 1, 1, 1], 20),
    ("two_pair", [2, 2, 2, 2, 5], 0), ("two_pair", [4, 4, 4, 4, 4], 0),
    ("two_pair", [1, 1, 2, 3, 4], 0), ("two_pair", [5, 5, 5, 3, 3], 20),
    ("odd_flush", [1, 1, 3, 5, 5], 30), ("odd_flush", [5, 5, 5, 5, 5], 30),
    ("odd_flush", [1, 3, 5, 5, 6], 0),
    ("even_flush", [2, 2, 4, 4, 6], 30), ("even_flush", [6, 6, 6, 6, 6], 30),
    ("even_flush", [2, 4, 6, 6, 1], 0),
    ("big_straight", [1, 2, 3, 4, 5], 50), ("big_straight", [6, 4, 2, 5, 3], 50),
    ("big_straight", [1, 2, 3, 4, 6], 0), ("big_straight", [1, 3, 4, 5, 6], 0),
    ("small_straight", [1, 2, 3, 4, 6], 40), ("small_straight", [2, 3, 4, 5, 5], 40),
    ("small_straight", [3, 4, 5, 6, 1], 40), ("small_straight", [1, 2, 3, 4, 5], 40),
    ("small_straight", [2, 3, 4, 5, 6], 40), ("small_straight", [1, 2, 3, 5, 6], 0),
    ("small_straight", [1, 2, 4, 5, 6], 0),
    ("skip_straight", [1, 3, 5, 2, 2], 20), ("skip_straight", [2, 4, 6, 6, 6], 20),
    ("skip_straight", [1, 2, 3, 4, 5], 20), ("skip_straight", [2, 3, 4, 5, 6], 20),
    ("skip_straight", [1, 3, 4, 6, 6], 0), ("skip_straight", [1, 2, 3, 4, 4], 0),
    ("sum", [1, 1, 1, 1, 1], 5), ("sum", [6, 6, 6, 6, 6], 30), ("sum", [1, 2, 3, 4, 6], 16),
]


@pytest.mark.parametrize("category,dice,points", EXAMPLES)
def test_score_examples(category, dice, points):
    assert score(category, dice) == points


def test_every_category_has_examples_made_and_missed():
    for cat in CATEGORIES:
        made = [p for c, _, p in EXAMPLES if c == cat and p]
        assert made, cat
        if cat != "sum":
            assert any(p == 0 for c, _, p in EXAMPLES if c == cat), cat


def _all_rolls():
    return [list(d) for d in product(range(1, 7), repeat=5)]


def test_every_roll_larger_sets_satisfy_smaller_ones():
    for dice in _all_rolls():
        s = {c: score(c, dice) for c in CATEGORIES}
        if s["five_of_a_kind"]:
            assert s["four_of_a_kind"] and s["three_of_a_kind"]
            assert not s["full_house"] and not s["two_pair"]
        if s["four_of_a_kind"]:
            assert s["three_of_a_kind"]
        if s["full_house"]:
            assert s["three_of_a_kind"] and s["two_pair"]
        if s["big_straight"]:
            assert s["small_straight"] and s["skip_straight"]
        assert s["sum"] == sum(dice)
        for c in CATEGORIES:
            assert s[c] in (0, VALUES.get(c, s[c]))


def test_counts_of_rolls_that_make_each_box():
    """How many of the 7776 ordered rolls make each box (hand-counted combinatorics)."""
    made = {c: sum(1 for d in _all_rolls() if score(c, d)) for c in VALUES}
    assert made["five_of_a_kind"] == 6
    assert made["four_of_a_kind"] == 6 + 6 * 5 * 5  # five alike, or four + one other
    assert made["full_house"] == 6 * 5 * 10
    assert made["high_dice"] == 3 ** 5
    assert made["odd_flush"] == made["even_flush"] == 3 ** 5
    assert made["big_straight"] == 2 * 120
    # three or more alike: 5 alike (6) + 4 alike (150) + 3 alike with any two others (1200)
    assert made["three_of_a_kind"] == 6 + 150 + 6 * 10 * 25
    # two pair: 2+2+1 (1800) or 3+2 (300)
    assert made["two_pair"] == 1800 + 300
    # small straight: 1-2-3-4, 2-3-4-5 or 3-4-5-6 among the faces (inclusion-exclusion)
    assert made["small_straight"] == 1200
    # skip straight: 1-3-5 among the faces (6^5 - 3*5^5 + 3*4^5 - 3^5), or 2-4-6; never both
    assert made["skip_straight"] == 2 * (7776 - 3 * 3125 + 3 * 1024 - 243) == 2460


@pytest.mark.parametrize("category,dice,needle", [
    ("bogus", [1, 2, 3, 4, 5], "bogus"), ("chance", [1, 2, 3, 4, 5], "chance"),
    ("sum", [1, 2, 3, 4], "4"), ("sum", [1, 2, 3, 4, 5, 6], "6"),
    ("sum", [1, 2, 3, 4, 7], "7"), ("sum", [0, 2, 3, 4, 5], "0"),
    ("sum", [1, 2, 3, 4, "5"], "'5'"), ("sum", [1, 2, 3, 4, True], "True"),
    (None, [1, 2, 3, 4, 5], "None"),
])
def test_bad_input_raises_value_error_naming_it(category, dice, needle):
    with pytest.raises(ValueError, match=needle):
        score(category, dice)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=5, max_size=5), st.permutations(range(5)))
def test_order_of_dice_never_matters(dice, perm):
    for c in CATEGORIES:
        assert score(c, dice) == score(c, [dice[i] for i in perm])


# -- the game -------------------------------------------------------------------------------

def seats(n):
    return [Seat(f"P{i}") for i in range(n)]


def new(n=2, seed=1, **options):
    return GrabItState(seats(n), options, seed=seed)


def play_random(state, rng, stop=None):
    """Random legal moves until the game ends (or ``stop`` actions)."""
    count = 0
    while not state.is_over() and (stop is None or count < stop):
        state.apply(rng.choice(state.legal_actions()))
        count += 1
    return state


def test_player_counts_and_sides():
    for n in (2, 3):
        assert new(n).sides() == [[i] for i in range(n)]
    assert new(4).sides() == [[0, 2], [1, 3]] == partnership_sides(4)
    assert new(6).sides() == [[0, 3], [1, 4], [2, 5]]
    for n in (1, 5, 7):
        with pytest.raises(ValueError, match=str(n)):
            new(n)
    with pytest.raises(ValueError, match="first"):
        new(3, first=3)
    with pytest.raises(ValueError, match="first"):
        new(2, first=-2)


def test_roll_off_two_dice_each_ties_roll_again():
    for seed in range(40):
        s = new(3, seed=seed)
        last = s.roll_off[-1]
        best = max(last.values())
        assert [int(p) for p, t in last.items() if t == best] == [s.order[0]]
        for earlier in s.roll_off[:-1]:  # a tied round: the tied leaders roll again
            top = max(earlier.values())
            leaders = sorted(p for p, t in earlier.items() if t == top)
            assert len(leaders) > 1
        for rnd in s.roll_off:
            assert all(2 <= t <= 12 for t in rnd.values())
        assert s.order == [(s.order[0] + k) % 3 for k in range(3)]  # then clockwise
    assert any(len(new(2, seed=seed).roll_off) > 1 for seed in range(40))


def test_first_option_skips_the_roll_off():
    s = new(4, first=3)
    assert s.order == [3, 0, 1, 2] and s.roll_off == []


def test_a_turn_rolls_holds_and_fills_a_shared_box():
    s = new(2, seed=5, first=0)
    with pytest.raises(IllegalAction, match="roll"):
        s.apply({"kind": "score", "category": "sum"})
    s.apply({"kind": "roll", "hold": []})
    first = list(s.dice)
    s.apply({"kind": "roll", "hold": [0, 1]})
    assert s.dice[:2] == first[:2] and s.rolls == 2
    s.apply({"kind": "roll", "hold": [0, 1, 2, 3, 4]})
    assert s.rolls == 3
    assert not [a for a in s.legal_actions() if a["kind"] == "roll"]
    with pytest.raises(IllegalAction, match="no rolls left"):
        s.apply({"kind": "roll", "hold": []})
    dice = list(s.dice)
    events = s.apply({"kind": "score", "category": "sum"})
    assert events[0] == {"type": "scored", "seat": 0, "side": 0, "category": "sum",
                         "points": sum(dice), "dice": dice, "turns_left": 11}
    assert s.board == {"sum": [0, sum(dice)]} and s.totals() == [sum(dice), 0]
    assert s.current == 1 and s.rolls == 0 and s.dice == []
    s.apply({"kind": "roll", "hold": []})
    with pytest.raises(IllegalAction, match="already filled"):
        s.apply({"kind": "score", "category": "sum"})


def test_a_zero_scratches_the_box_for_everyone():
    s = new(2, seed=1, first=1)
    s.apply({"kind": "roll", "hold": []})
    s.dice = [1, 2, 2, 3, 6]  # (a test shortcut: makes no five of a kind)
    s.apply({"kind": "score", "category": "five_of_a_kind"})
    assert s.board["five_of_a_kind"] == [None, 0]
    assert s.shared.owner("five_of_a_kind") is None and s.totals() == [0, 0]
    assert "five_of_a_kind" not in s.open_categories()


BAD = [
    ({"kind": "roll", "hold": [5]}, "positions"), ({"kind": "roll", "hold": [0, 0]}, "twice"),
    ({"kind": "roll", "hold": "01"}, "positions"), ({"kind": "roll", "hold": [True]}, "positions"),
    ({"kind": "score", "category": "chance"}, "unknown"),
    ({"kind": "score", "category": ["sum"]}, "unknown"), ({"kind": "score"}, "unknown"),
    ({"kind": "bank"}, "unknown action"), ({"kind": "roll", "hold": [], "x": 1}, "unexpected"),
    ("roll", "an action is a dict"),
]


@pytest.mark.parametrize("action,needle", BAD)
def test_illegal_actions_are_refused_and_change_nothing(action, needle):
    s = new(4, seed=3)
    s.apply({"kind": "roll", "hold": []})
    before = s.to_json()
    with pytest.raises(IllegalAction, match=needle):
        s.apply(action)
    assert s.to_json() == before


def test_nothing_to_hold_before_the_first_roll():
    s = new(2, seed=3)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="nothing to hold"):
        s.apply({"kind": "roll", "hold": [1]})
    assert s.to_json() == before


def test_legal_actions_are_exactly_what_apply_accepts():
    rng = random.Random(4)
    s = play_random(new(3, seed=4), rng, stop=7)
    for a in s.legal_actions():
        s.replay(s.seats, s.options, s.seed, s.actions).apply(a)
    assert len([a for a in s.legal_actions() if a["kind"] == "score"]) == len(s.open_categories())


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_seeded_games(players, seed):
    s = new(players, seed=seed)
    rng = random.Random(seed)
    turn_seats = []
    while not s.is_over():
        action = rng.choice(s.legal_actions())
        seat = s.current
        events = s.apply(action)
        if events and events[0]["type"] == "scored":
            turn_seats.append(seat)
            assert events[0]["side"] == s.side_of(seat)
    assert s.turns_played == 12 == len(turn_seats)
    # every category filled exactly once, by one side (or scratched for everyone)
    assert sorted(s.board) == sorted(CATEGORIES) and sorted(s.takers) == sorted(CATEGORIES)
    n_sides = len(s.sides())
    for cat, (side, points) in s.board.items():
        assert (side is None) == (points == 0)
        if side is not None:
            assert side == s.side_of(s.takers[cat])
            assert [s.shared.points(k, cat) for k in range(n_sides)].count(0) == n_sides - 1
    # turns go round the table, so partners alternate with the other sides between them
    first = s.order[0]
    assert turn_seats == [(first + k) % players for k in range(12)]
    sides_in_turn = [s.side_of(x) for x in turn_seats]
    assert sides_in_turn == [(sides_in_turn[0] + k) % n_sides for k in range(12)]
    # a team has one score: the sum of what its seats took
    totals = [sum(p for c, (k, p) in s.board.items() if k == side) for side in range(n_sides)]
    assert s.totals() == totals == s.side_scores()
    for seat in range(players):
        assert s.final_scores()[seat] == totals[s.side_of(seat)]
    ranking = s.side_ranking()
    assert [r["score"] for r in ranking] == sorted(totals, reverse=True)
    assert s.winning_sides() == [k for k in range(n_sides) if totals[k] == max(totals)]
    assert set(s.winners()) == {x for k in s.winning_sides() for x in s.sides()[k]}


def test_partners_names_together_and_ties_shared():
    s = GrabItState([Seat(n) for n in "ABCD"], {}, seed=8)
    assert s.side_name(0) == "A & C" and s.side_name(1) == "B & D"
    s.board = {c: [None, 0] for c in CATEGORIES}
    s.board["sum"] = [0, 20]
    s.board["two_pair"] = [1, 20]
    ranking = s.side_ranking()
    assert [r["place"] for r in ranking] == [1, 1]
    assert s.winning_sides() == [0, 1] and s.winners() == [0, 1, 2, 3]


def test_same_seed_same_game_and_json_round_trip_mid_game():
    rng = random.Random(9)
    s = play_random(new(6, seed=9), rng, stop=17)
    data = json.loads(json.dumps(s.save()))
    t = GrabItState.load(data)
    assert t.to_json() == s.to_json()
    for _ in range(200):
        if s.is_over():
            break
        action = rng.choice(s.legal_actions())
        assert s.apply(action) == t.apply(action)
    assert s.is_over() and t.to_json() == s.to_json()


def test_a_save_with_an_illegal_move_is_refused():
    s = play_random(new(2, seed=2), random.Random(2), stop=4)
    data = s.save()
    data["actions"].insert(1, {"kind": "score", "category": "nope"})
    with pytest.raises(SaveError, match="move 2"):
        GrabItState.load(data)
    data = s.save()
    data["options"] = {"first": 9}
    with pytest.raises(SaveError):
        GrabItState.load(data)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 3, 4, 6]), st.integers(0, 2**31 - 1),
       st.lists(st.integers(0, 10**6), min_size=40, max_size=120))
def test_any_sequence_of_moves_keeps_the_board_consistent(players, seed, picks):
    """Legal moves picked at random (and a bad one now and then): the board, the totals
    and the turn order always agree, and a refused move changes nothing."""
    s = new(players, seed=seed)
    for pick in picks:
        if s.is_over():
            break
        if pick % 7 == 0:  # a box that is already filled, or a roll too many
            bad = ({"kind": "score", "category": next(iter(s.board))} if s.board and s.rolls
                   else {"kind": "roll", "hold": [9]})
            before = s.to_json()
            with pytest.raises(IllegalAction):
                s.apply(bad)
            assert s.to_json() == before
            continue
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])
        assert s.turns_played == len(s.board) == len(s.takers)
        assert s.current == s.order[s.turns_played % players]
        assert sum(s.totals()) == sum(p for _, p in s.board.values())
        assert all((side is None) == (p == 0) for side, p in s.board.values())
        assert 0 <= s.rolls <= 3 and len(s.dice) in (0, 5)
