"""Bona Fortuna (RULES.md §4): meld scoring, both phases, bonuses, the Doubling Round's
shared boxes and its 0 rule, saves, illegal actions."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.bona_fortuna.rules import (
    BOXES,
    COLUMNS,
    GROUPS,
    MELDS,
    NUMBER_BOXES,
    BonaFortunaState,
    meld_score,
)
from game.rules.core import IllegalAction, SaveError, Seat

# (meld, dice, points), checked by hand.
EXAMPLES = [
    ("five_of_a_kind", [4, 4, 4, 4, 4], 50), ("five_of_a_kind", [1, 1, 1, 1, 1], 50),
    ("five_of_a_kind", [6, 6, 6, 6, 5], 0),
    ("four_of_a_kind", [3, 3, 1, 3, 3], 40), ("four_of_a_kind", [2, 2, 2, 2, 2], 40),
    ("four_of_a_kind", [5, 5, 5, 1, 1], 0),
    ("three_of_a_kind", [2, 6, 2, 1, 2], 15), ("three_of_a_kind", [5, 5, 5, 5, 1], 15),
    ("three_of_a_kind", [6, 6, 6, 6, 6], 15), ("three_of_a_kind", [3, 3, 2, 2, 1], 0),
    ("three_of_a_kind", [6, 6, 6, 1, 1], 15),
    ("full_house", [2, 2, 5, 5, 5], 30), ("full_house", [6, 1, 6, 1, 6], 30),
    ("full_house", [4, 4, 4, 4, 4], 0), ("full_house", [4, 4, 4, 4, 2], 0),
    ("full_house", [3, 3, 3, 1, 2], 0), ("full_house", [3, 3, 1, 1, 2], 0),
    ("big_straight", [5, 4, 3, 2, 1], 40), ("big_straight", [2, 3, 4, 5, 6], 40),
    ("big_straight", [1, 2, 3, 4, 6], 0), ("big_straight", [1, 3, 4, 5, 6], 0),
    ("small_straight", [1, 2, 3, 4, 6], 20), ("small_straight", [2, 3, 4, 5, 5], 20),
    ("small_straight", [3, 4, 5, 6, 1], 20), ("small_straight", [1, 2, 3, 4, 5], 20),
    ("small_straight", [2, 3, 4, 5, 6], 20), ("small_straight", [1, 2, 3, 5, 6], 0),
    ("small_straight", [1, 2, 4, 5, 6], 0),
    ("mixed_straight", [1, 3, 5, 5, 5], 15), ("mixed_straight", [6, 4, 2, 2, 1], 15),
    ("mixed_straight", [1, 2, 3, 4, 5], 15), ("mixed_straight", [2, 3, 4, 5, 6], 15),
    ("mixed_straight", [1, 3, 4, 6, 6], 0), ("mixed_straight", [1, 2, 4, 5, 5], 0),
    ("sixes", [6, 6, 1, 2, 3], 12), ("sixes", [6, 6, 6, 6, 6], 30), ("sixes", [1, 2, 3, 4, 5], 0),
    ("fives", [5, 1, 2, 3, 4], 5), ("fives", [5, 5, 5, 6, 6], 15), ("fives", [6, 6, 6, 6, 6], 0),
    ("fours", [4, 4, 4, 4, 1], 16), ("fours", [1, 2, 3, 5, 6], 0),
]

ALL_ROLLS = list(itertools.product(range(1, 7), repeat=5))


@pytest.mark.parametrize("meld,dice,points", EXAMPLES)
def test_meld_examples(meld, dice, points):
    assert meld_score(meld, dice) == points


def test_every_meld_has_an_example_that_fits_and_one_that_does_not():
    for meld in MELDS:
        assert any(p for m, _, p in EXAMPLES if m == meld), meld
        assert any(not p for m, _, p in EXAMPLES if m == meld), meld


# How many of the 7776 ordered rolls make each meld, counted by hand:
# 5 kind: 6; 4+: 5*6*5 + 6 = 156; 3+: 10*6*25 + 150 + 6 = 1656; full house: 10*6*5 = 300;
# big straight: 2 * 5! = 240; small straight: the well-known 1200 (big ones included);
# mixed: rolls holding 1, 3 and 5 = 6^5 - (3*5^5 - 3*4^5 + 3^5) = 1230, the same for
# 2-4-6, and no roll of five dice holds both.
COUNTS = {"five_of_a_kind": 6, "four_of_a_kind": 156, "three_of_a_kind": 1656,
          "full_house": 300, "big_straight": 240, "small_straight": 1200,
          "mixed_straight": 2460}


@pytest.mark.parametrize("meld", list(COUNTS))
def test_every_roll_counted(meld):
    assert sum(1 for r in ALL_ROLLS if meld_score(meld, r)) == COUNTS[meld]


def test_numbers_over_every_roll():
    for r in ALL_ROLLS:
        assert meld_score("sixes", r) == 6 * r.count(6)
        assert meld_score("fives", r) == 5 * r.count(5)
        assert meld_score("fours", r) == 4 * r.count(4)


def test_larger_melds_satisfy_smaller_ones_over_every_roll():
    for r in ALL_ROLLS:
        if meld_score("five_of_a_kind", r):
            assert meld_score("four_of_a_kind", r) and meld_score("three_of_a_kind", r)
            assert not meld_score("full_house", r)  # a full house needs two values
        if meld_score("four_of_a_kind", r):
            assert meld_score("three_of_a_kind", r)
        if meld_score("full_house", r):
            assert meld_score("three_of_a_kind", r) and len(set(r)) == 2
        if meld_score("big_straight", r):
            assert meld_score("small_straight", r) and meld_score("mixed_straight", r)


@pytest.mark.parametrize("meld,dice,needle", [
    ("bogus", [1, 2, 3, 4, 5], "bogus"), ("three_or_full", [1, 2, 3, 4, 5], "three_or_full"),
    ("sixes", [1, 2, 3, 4], "4"), ("sixes", [1, 2, 3, 4, 5, 6], "6"),
    ("sixes", [1, 2, 3, 4, 7], "7"), ("sixes", [0, 2, 3, 4, 5], "0"),
    ("sixes", [1, 2, 3, 4, "5"], "'5'"), ("sixes", [1, 2, 3, 4, True], "True"),
    ("sixes", None, "None"), ("sixes", "12345", "12345"), (None, [1, 2, 3, 4, 5], "None"),
])
def test_bad_input_raises_value_error_naming_it(meld, dice, needle):
    with pytest.raises(ValueError, match=needle):
        meld_score(meld, dice)


dice5 = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@given(dice5, st.sampled_from(MELDS), st.randoms())
def test_order_does_not_matter_and_values_are_fixed(dice, meld, rnd):
    shuffled = list(dice)
    rnd.shuffle(shuffled)
    points = meld_score(meld, dice)
    assert meld_score(meld, shuffled) == points
    if meld in ("sixes", "fives", "fours"):
        assert 0 <= points <= 30 and points % {"sixes": 6, "fives": 5, "fours": 4}[meld] == 0
    else:
        assert points in (0, {"five_of_a_kind": 50, "four_of_a_kind": 40, "three_of_a_kind": 15,
                              "full_house": 30, "big_straight": 40, "small_straight": 20,
                              "mixed_straight": 15}[meld])


@given(st.integers(1, 6), st.integers(1, 6))
def test_full_house_exactly_when_three_and_two_different(a, b):
    assert meld_score("full_house", [a, a, a, b, b]) == (30 if a != b else 0)


# ---------------------------------------------------------------------------------------
# The game

def new(n=2, seed=1):
    return BonaFortunaState([Seat(f"P{i}") for i in range(n)], {}, seed)


def force(state, dice):
    """Put these dice on the table as if rolled (unit tests of scoring only)."""
    state.dice, state.rolls = list(dice), 1


def fill(state, dice, box, column=None, meld=None):
    force(state, dice)
    action = {"kind": "score", "box": box}
    if column:
        action["column"] = column
    if meld:
        action["meld"] = meld
    return state.apply(action)


ZERO = [1, 1, 2, 2, 3]  # makes no meld and no number


def pass_turn(state):
    """The player to act writes a 0 into their first open box."""
    column, box = state.open_boxes()[0]
    fill(state, ZERO, box, column, "full_house" if box == "three_or_full" else None)


def test_zero_dice_make_nothing():
    assert all(meld_score(m, ZERO) == 0 for m in MELDS)


def play_random(state, rnd, until=None):
    events = []
    while not state.is_over() and (until is None or not until(state)):
        events += state.apply(rnd.choice(state.legal_actions()))
    return events


def test_roll_off_decides_the_first_player_and_order_is_clockwise():
    for seed in range(40):
        for n in (2, 3, 4):
            s = new(n, seed)
            last = s.roll_off[-1]
            starter = s.order[0]
            assert last[str(starter)] == max(last.values())
            assert list(last.values()).count(max(last.values())) == 1
            for earlier in s.roll_off[:-1]:  # a tie at the top: only the tied roll again
                top = max(earlier.values())
                tied = sorted(int(k) for k, v in earlier.items() if v == top)
                assert len(tied) > 1
            assert s.order == [(starter + k) % n for k in range(n)]
            assert s.phase == 1 and s.phase1_order == s.order


def test_some_roll_off_needs_a_second_round():
    assert any(len(new(4, seed).roll_off) > 1 for seed in range(30))


def test_a_turn_rolls_holds_and_fills_one_box_in_either_column():
    s = new()
    seat = s.current
    with pytest.raises(IllegalAction, match="roll the dice"):
        s.apply({"kind": "score", "box": "sixes", "column": "normal"})
    s.apply({"kind": "roll", "hold": []})
    first = list(s.dice)
    s.apply({"kind": "roll", "hold": [0, 1]})
    assert s.dice[:2] == first[:2] and s.rolls == 2
    s.apply({"kind": "roll", "hold": [0, 1, 2, 3, 4]})
    with pytest.raises(IllegalAction, match="no rolls left"):
        s.apply({"kind": "roll", "hold": []})
    dice = list(s.dice)
    ev = s.apply({"kind": "score", "box": "sixes", "column": "doubled"})
    assert ev[0] == {"type": "scored", "seat": seat, "phase": 1, "column": "doubled",
                     "box": "sixes", "meld": "sixes", "points": 2 * 6 * dice.count(6),
                     "dice": dice}
    assert s.sheets[seat]["doubled"] == {"sixes": 12 * dice.count(6) // 2}
    assert s.current != seat and s.rolls == 0 and s.dice == []


def test_doubled_column_doubles_and_meld_choice_for_the_shared_box():
    s = new()
    a = s.current
    fill(s, [2, 2, 5, 5, 5], "three_or_full", "doubled", "full_house")
    assert s.sheets[a]["doubled"]["three_or_full"] == 60
    b = s.current
    fill(s, [2, 2, 5, 5, 5], "three_or_full", "normal", "three_of_a_kind")
    assert s.sheets[b]["normal"]["three_or_full"] == 15
    fill(s, [2, 2, 5, 5, 1], "three_or_full", "normal", "full_house")  # not a full house: 0
    assert s.sheets[a]["normal"]["three_or_full"] == 0
    fill(s, [1, 2, 3, 4, 5], "big_straight", "doubled")
    assert s.sheets[b]["doubled"]["big_straight"] == 80


def test_phase_one_bonuses_per_column_never_doubled():
    s = new()
    a = s.current
    plays = [([6, 6, 6, 6, 6], "five_of_a_kind"), ([3, 3, 3, 3, 1], "four_of_a_kind"),
             ([2, 2, 2, 1, 1], "three_or_full")]
    events = []
    for dice, box in plays:
        events += fill(s, dice, box, "doubled", "full_house" if box == "three_or_full" else None)
        pass_turn(s)  # the other player
    assert [e for e in events if e["type"] == "bonus"] == [
        {"type": "bonus", "seat": a, "phase": 1, "column": "doubled", "group": "kinds",
         "points": 40}]
    t = s.column_total(a, "doubled")
    assert t["boxes"] == 100 + 80 + 60 and t["bonuses"] == {"kinds": 40} and t["total"] == 280


def test_kinds_bonus_needs_all_three_above_zero():
    s = new()
    a = s.current
    for dice, box, meld in [([6] * 5, "five_of_a_kind", None), ([1, 1, 1, 1, 2], "four_of_a_kind", None),
                            ([1, 1, 1, 2, 3], "three_or_full", "full_house")]:
        fill(s, dice, box, "normal", meld)
        pass_turn(s)
    assert s.column_total(a, "normal")["bonuses"] == {}


def test_straights_bonus():
    s = new()
    a = s.current
    events = []
    for dice, box in [([1, 2, 3, 4, 5], "big_straight"), ([1, 2, 3, 4, 6], "small_straight"),
                      ([2, 4, 6, 6, 6], "mixed_straight")]:
        events += fill(s, dice, box, "normal")
        pass_turn(s)
    assert s.column_total(a, "normal")["bonuses"] == {"straights": 30}
    assert s.column_total(a, "normal")["total"] == 40 + 20 + 15 + 30
    assert [e["group"] for e in events if e["type"] == "bonus"] == ["straights"]
    assert s.column_total(s.order[1], "normal")["total"] == 0


@pytest.mark.parametrize("column,rolls,bonus", [
    ("normal", [[6, 6, 6, 6, 1], [5, 5, 5, 1, 1], [4, 4, 1, 1, 1]], 20),  # 24+15+8 = 47
    ("normal", [[6, 6, 6, 1, 1], [5, 5, 5, 1, 1], [4, 4, 4, 1, 1]], 20),  # 18+15+12 = 45
    ("normal", [[6, 6, 6, 1, 1], [5, 5, 5, 1, 1], [4, 4, 1, 1, 1]], 0),  # 18+15+8 = 41
    ("doubled", [[6, 6, 6, 1, 1], [5, 5, 5, 1, 1], [4, 4, 4, 1, 1]], 20),  # 2*45 = 90
    ("doubled", [[6, 6, 6, 1, 1], [5, 5, 5, 1, 1], [4, 4, 1, 1, 1]], 0),  # 2*41 = 82
])
def test_numbers_bonus_thresholds(column, rolls, bonus):
    s = new()
    a = s.current
    for dice, box in zip(rolls, NUMBER_BOXES, strict=True):
        fill(s, dice, box, column)
        pass_turn(s)
    numbers = sum(6 * r.count(6) if b == "sixes" else 5 * r.count(5) if b == "fives"
                  else 4 * r.count(4) for r, b in zip(rolls, NUMBER_BOXES, strict=True))
    mult = 2 if column == "doubled" else 1
    assert s.column_total(a, column)["numbers"] == numbers * mult
    assert s.column_total(a, column)["bonuses"].get("numbers", 0) == bonus


def play_phase_one(state, plan):
    """Every Phase I turn: ``plan(seat, column, box)`` gives the dice it is filled with."""
    while state.phase == 1:
        seat = state.current
        column, box = state.open_boxes()[0]
        dice = plan(seat, column, box)
        fill(state, dice, box, column, "full_house" if box == "three_or_full" else None)


def test_all_zero_phase_one_tie_goes_to_the_earlier_seat_in_phase_one_order():
    s = new(3, seed=5)
    first = s.order[0]
    play_phase_one(s, lambda seat, c, b: ZERO)
    assert s.phase == 2 and s.phase1_totals == [0, 0, 0]
    assert s.order[0] == first and s.current == first


def test_lowest_phase_one_total_starts_the_doubling_round():
    s = new(4, seed=3)
    p1 = list(s.phase1_order)
    # Everyone scores the same except the first two in Phase I order, who score 4's less.
    def plan(seat, column, box):
        if box == "fours" and column == "normal" and seat in p1[:2]:
            return ZERO
        return [4, 4, 1, 1, 2] if box == "fours" else ZERO
    events = []
    while s.phase == 1:
        seat = s.current
        column, box = s.open_boxes()[0]
        events += fill(s, plan(seat, column, box), box, column,
                       "full_house" if box == "three_or_full" else None)
    totals = [8 + 16 if seat not in p1[:2] else 16 for seat in range(4)]
    assert s.phase1_totals == totals
    phase = [e for e in events if e["type"] == "phase"]
    assert phase == [{"type": "phase", "phase": 2, "starter": p1[0], "name": "Doubling Round",
                      "order": [(p1[0] + k) % 4 for k in range(4)], "totals": totals}]
    assert s.current == p1[0]


def to_round(n=2, seed=1):
    s = new(n, seed)
    play_phase_one(s, lambda seat, c, b: ZERO)
    return s


def test_doubling_round_claims_and_zeros_for_everyone():
    s = to_round()
    a = s.current
    ev = fill(s, [3, 3, 3, 3, 1], "four_of_a_kind")
    assert ev[0]["points"] == 80 and ev[0]["claimed"] and ev[0]["phase"] == 2
    assert s.board["four_of_a_kind"] == [a, 80]
    b = s.current
    assert b != a
    with pytest.raises(IllegalAction, match="already taken"):
        fill(s, [3, 3, 3, 3, 1], "four_of_a_kind")
    ev = fill(s, [6, 2, 3, 1, 1], "sixes")
    assert s.board["sixes"] == [b, 12]
    ev = fill(s, [1, 2, 3, 2, 1], "fives")  # a 0 fills it for everyone
    assert s.board["fives"] == [None, 0] and not ev[0]["claimed"]
    assert s.round_total(a)["total"] == 80 and s.round_total(b)["total"] == 12


def test_no_zero_outside_the_numbers_until_they_are_all_filled():
    s = to_round()
    before = s.to_json()
    force(s, ZERO)
    snapshot = s.to_json()
    for box in BOXES:
        if box in NUMBER_BOXES:
            continue
        meld = "full_house" if box == "three_or_full" else None
        action = {"kind": "score", "box": box, **({"meld": meld} if meld else {})}
        with pytest.raises(IllegalAction, match="waits until"):
            s.apply(action)
        assert s.to_json() == snapshot
    assert {a["box"] for a in s.legal_actions() if a["kind"] == "score"} == set(NUMBER_BOXES)
    assert before != snapshot
    for box in NUMBER_BOXES:
        fill(s, ZERO, box)
    force(s, ZERO)
    assert {a["box"] for a in s.legal_actions() if a["kind"] == "score"} == \
        set(BOXES) - set(NUMBER_BOXES)
    fill(s, ZERO, "five_of_a_kind")
    assert s.board["five_of_a_kind"] == [None, 0]


def test_full_house_choice_with_three_of_a_kind_dice_is_a_zero():
    s = to_round()
    with pytest.raises(IllegalAction, match="waits until"):
        fill(s, [2, 2, 2, 1, 3], "three_or_full", meld="full_house")
    fill(s, [2, 2, 2, 1, 3], "three_or_full", meld="three_of_a_kind")
    assert list(s.board.values()) == [[s.order[0], 30]]


def test_doubling_round_bonuses_need_all_three_alone():
    s = to_round()
    a, b = s.order[0], s.order[1]
    events = []
    for dice, box in [([1, 2, 3, 4, 5], "big_straight"), ([1, 2, 3, 4, 6], "small_straight"),
                      ([2, 4, 6, 6, 6], "mixed_straight")]:
        events += fill(s, dice, box)  # a
        events += fill(s, [6, 6, 1, 1, 2], "sixes" if box == "big_straight" else
                       "fives" if box == "small_straight" else "fours")  # b (5's/4's: 0)
    assert s.round_total(a)["bonuses"] == {"straights": 60}
    assert s.round_total(a)["total"] == 80 + 40 + 30 + 60
    assert [(e["seat"], e["group"], e["points"]) for e in events if e["type"] == "bonus"] == \
        [(a, "straights", 60)]
    fill(s, [5, 5, 5, 5, 5], "five_of_a_kind")  # a
    fill(s, [5, 5, 5, 5, 1], "four_of_a_kind")  # b
    ev = fill(s, [5, 5, 5, 1, 1], "three_or_full", meld="full_house")  # a
    assert s.is_over() and ev[-1]["type"] == "game_over"
    assert s.round_total(a)["bonuses"] == {"straights": 60}  # kinds split: no bonus
    assert s.round_total(b)["total"] == 24 + 80


@pytest.mark.parametrize("fours,bonus", [([4, 4, 4, 1, 1], 40), ([4, 4, 1, 1, 1], 0)])
def test_doubling_round_numbers_bonus_needs_ninety(fours, bonus):
    s = to_round()
    a = s.order[0]
    fill(s, [6, 6, 6, 1, 1], "sixes")  # a: 36
    fill(s, [1, 2, 3, 4, 5], "big_straight")  # b
    fill(s, [5, 5, 5, 1, 1], "fives")  # a: 30
    fill(s, [1, 2, 3, 4, 6], "small_straight")  # b
    fill(s, fours, "fours")  # a: 24 (90 in all) or 16 (82)
    assert s.round_total(a)["bonuses"] == ({"numbers": 40} if bonus else {})


def test_numbers_bonus_needs_all_three_boxes_even_above_ninety():
    s = to_round()
    a = s.order[0]
    fill(s, [6, 6, 6, 6, 6], "sixes")  # a: 60
    fill(s, [4, 1, 1, 2, 2], "fours")  # b: 8
    fill(s, [5, 5, 5, 5, 5], "fives")  # a: 50
    assert s.round_total(a) == {"boxes": 110, "bonuses": {}, "total": 110}


BAD = [
    ({"kind": "score", "box": "sixes", "column": "both"}, "column"),
    ({"kind": "score", "box": "sixes"}, "column"),
    ({"kind": "score", "box": "yatzy", "column": "normal"}, "unknown box"),
    ({"kind": "score", "box": ["sixes"], "column": "normal"}, "unknown box"),
    ({"kind": "score", "box": "three_or_full", "column": "normal"}, "which meld"),
    ({"kind": "score", "box": "three_or_full", "column": "normal", "meld": "yatzy"}, "which meld"),
    ({"kind": "score", "box": "sixes", "column": "normal", "meld": "sixes"}, "only the"),
    ({"kind": "score", "box": "sixes", "column": "normal", "points": 30}, "unexpected"),
    ({"kind": "roll", "hold": [0, 0]}, "twice"),
    ({"kind": "roll", "hold": [5]}, "positions"),
    ({"kind": "roll", "hold": "01"}, "positions"),
    ({"kind": "cheat"}, "unknown action"),
    ("roll", "an action is a dict"),
]


@pytest.mark.parametrize("action,needle", BAD)
def test_illegal_actions_are_refused_and_change_nothing(action, needle):
    s = new()
    s.apply({"kind": "roll", "hold": []})
    fill(s, [6, 6, 6, 1, 2], "sixes", "normal")
    s.apply({"kind": "roll", "hold": []})
    before = s.to_json()
    with pytest.raises(IllegalAction, match=needle):
        s.apply(action)
    assert s.to_json() == before


def test_filled_boxes_refused_in_phase_one_and_column_refused_in_phase_two():
    s = new()
    a = s.current
    fill(s, ZERO, "sixes", "normal")
    fill(s, ZERO, "sixes", "normal")
    assert s.current == a
    force(s, [6, 6, 6, 6, 6])
    before = s.to_json()
    with pytest.raises(IllegalAction, match="already filled"):
        s.apply({"kind": "score", "box": "sixes", "column": "normal"})
    assert s.to_json() == before
    r = to_round()
    force(r, [6, 6, 6, 6, 6])
    before = r.to_json()
    with pytest.raises(IllegalAction, match="no column"):
        r.apply({"kind": "score", "box": "sixes", "column": "normal"})
    assert r.to_json() == before


def test_legal_actions_are_exactly_what_apply_accepts():
    rnd = random.Random(3)
    for seed in range(3):
        s = new(3, seed)
        while not s.is_over():
            legal = s.legal_actions()
            if s.rolls:
                for column in (None, *COLUMNS):
                    for box in BOXES:
                        for meld in (None, "three_of_a_kind", "full_house"):
                            a = {"kind": "score", "box": box}
                            if column:
                                a["column"] = column
                            if meld:
                                a["meld"] = meld
                            try:  # what apply() checks before it changes anything
                                s._check_score(s.check_action(a))
                                ok = True
                            except IllegalAction:
                                ok = False
                            assert ok == (a in legal), a
                s.apply(rnd.choice(legal))
            else:
                s.apply(legal[0])
            if s.turns_played > 8 and s.phase == 1:
                play_random(s, rnd, until=lambda st: st.phase == 2)


def check_finished_game(s, events):
    n = len(s.seats)
    assert s.is_over() and s.legal_actions() == []
    assert s.turns_played == 18 * n + 9
    for seat in range(n):
        for c in COLUMNS:
            assert set(s.sheets[seat][c]) == set(BOXES)
    assert set(s.board) == set(BOXES)
    scored = [e for e in events if e["type"] == "scored"]
    assert len(scored) == 18 * n + 9
    # every box once per seat and column in Phase I, once on the board in Phase II
    p1 = [(e["seat"], e["column"], e["box"]) for e in scored if e["phase"] == 1]
    assert len(set(p1)) == len(p1) == 18 * n
    p2 = [e["box"] for e in scored if e["phase"] == 2]
    assert sorted(p2) == sorted(BOXES)
    # the Phase II start
    phase = [e for e in events if e["type"] == "phase"]
    assert len(phase) == 1
    totals = phase[0]["totals"]
    low = min(totals)
    assert phase[0]["starter"] == next(x for x in s.phase1_order if totals[x] == low)
    assert next(e for e in scored if e["phase"] == 2)["seat"] == phase[0]["starter"]
    # the 0 rule: no 0 outside the numbers before all three are filled
    filled = set()
    for e in scored:
        if e["phase"] != 2:
            continue
        if e["points"] == 0 and e["box"] not in NUMBER_BOXES:
            assert filled >= set(NUMBER_BOXES)
        filled.add(e["box"])
    # totals and bonuses recomputed from scratch
    for seat in range(n):
        p1_total = 0
        for c, mult in (("normal", 1), ("doubled", 2)):
            col = s.sheets[seat][c]
            bonus = 0
            if all(col[b] > 0 for b in GROUPS["kinds"]):
                bonus += 40
            if all(col[b] > 0 for b in GROUPS["straights"]):
                bonus += 30
            if sum(col[b] for b in NUMBER_BOXES) >= 45 * mult:
                bonus += 20
            p1_total += sum(col.values()) + bonus
        assert totals[seat] == p1_total
        mine = {b: p for b, (who, p) in s.board.items() if who == seat}
        r_bonus = 0
        if all(b in mine for b in GROUPS["kinds"]):
            r_bonus += 80
        if all(b in mine for b in GROUPS["straights"]):
            r_bonus += 60
        if all(b in mine for b in NUMBER_BOXES) and sum(mine[b] for b in NUMBER_BOXES) >= 90:
            r_bonus += 40
        assert s.final_scores()[seat] == p1_total + sum(mine.values()) + r_bonus
    bonus_events = [e for e in events if e["type"] == "bonus"]
    assert sum(e["points"] for e in bonus_events) == sum(
        sum(s.column_total(x, c)["bonuses"].values()) for x in range(n) for c in COLUMNS) + \
        sum(sum(s.round_total(x)["bonuses"].values()) for x in range(n))
    assert events[-1] == {"type": "game_over", "winners": s.winners(), "totals": s.final_scores()}
    top = max(s.final_scores())
    assert s.winners() == [x for x in range(n) if s.final_scores()[x] == top]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_seeded_random_games(n, seed):
    s = new(n, seed)
    events = play_random(s, random.Random(seed))
    check_finished_game(s, events)


def test_same_seed_same_game():
    a, b = new(3, 9), new(3, 9)
    play_random(a, random.Random(1))
    play_random(b, random.Random(1))
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("phase", [1, 2])
def test_save_round_trip_in_both_phases(phase):
    s = new(3, 4)
    rnd = random.Random(4)
    play_random(s, rnd, until=lambda st: st.phase == phase and st.turns_played >= 20 * phase
                and st.rolls == 1)
    assert s.phase == phase and not s.is_over()
    data = json.loads(json.dumps(s.save()))
    loaded = BonaFortunaState.load(data)
    assert loaded.to_json() == s.to_json()
    assert loaded.phase == phase and loaded.roll_off == s.roll_off
    rnd2 = random.Random(5)
    moves = []
    while not s.is_over():
        a = rnd2.choice(s.legal_actions())
        moves.append(a)
        s.apply(a)
    for a in moves:
        loaded.apply(a)
    assert loaded.to_json() == s.to_json()
    assert loaded.final_scores() == s.final_scores()


def test_edited_saves_are_refused():
    s = new(2, 4)
    play_random(s, random.Random(2), until=lambda st: st.turns_played >= 5)
    data = s.save()
    data["actions"][1] = {"kind": "score", "box": "five_of_a_kind", "column": "normal"}
    with pytest.raises(SaveError):
        BonaFortunaState.load(data)


def test_player_counts():
    with pytest.raises(ValueError, match="2 to 4"):
        new(1)
    with pytest.raises(ValueError, match="2 to 4"):
        new(5)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**31 - 1))
def test_any_seeded_random_game_is_consistent(n, seed):
    s = new(n, seed)
    check_finished_game(s, play_random(s, random.Random(seed)))


def test_shared_phase_helpers():
    from game.rules.shared import Phases, clockwise
    assert clockwise(4, 2) == [2, 3, 0, 1] and clockwise(2, 0) == [0, 1]

    class Game(Phases):
        def __init__(self):
            self.seats, self.order, self.turn, self.phase = ["a", "b", "c"], [0, 1, 2], 2, 1

    g = Game()
    event = g.begin_phase(2, 1, totals=[5, 3, 9])
    assert (g.phase, g.order, g.turn) == (2, [1, 2, 0], 0)
    assert event == {"type": "phase", "phase": 2, "starter": 1, "order": [1, 2, 0],
                     "totals": [5, 3, 9]}
