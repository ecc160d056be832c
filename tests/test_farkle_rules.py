"""Farkle rules engine: scoring, every option on and off, the last round, saves."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import get_game
from game.games.farkle.rules import FarkleState, has_score, score_selection
from game.rules.core import CountingRandom, IllegalAction, SaveError, Seat


class ScriptedRng(CountingRandom):
    """A Random whose die rolls come from a script (then from a seeded stream)."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        if self.faces:
            self.draws += 1
            return self.faces.pop(0)
        return super().randint(a, b)


def game(players=2, seed=1, **options) -> FarkleState:
    return FarkleState([Seat(f"P{i}") for i in range(players)], options, seed=seed)


def script(state: FarkleState, *faces: int) -> FarkleState:
    state.rng = ScriptedRng(faces)
    return state


def pending(state: FarkleState, dice, turn_total=0) -> FarkleState:
    """Put a roll on the table as if the current player had just rolled it."""
    state.dice = list(dice)
    state.dice_left = len(dice)
    state.turn_total = turn_total
    return state


def types(events):
    return [e["type"] for e in events]


# -- scoring ------------------------------------------------------------------------------

SHEET = [
    ([1], 100), ([5], 50),
    ([1, 1, 1], 300), ([2, 2, 2], 200), ([3, 3, 3], 300), ([4, 4, 4], 400),
    ([5, 5, 5], 500), ([6, 6, 6], 600),
    ([2, 2, 2, 2], 1000), ([1, 1, 1, 1], 1000), ([6, 6, 6, 6, 6], 2000),
    ([3, 3, 3, 3, 3, 3], 3000), ([1, 1, 1, 1, 1, 1], 3000),
    ([1, 2, 3, 4, 5, 6], 1500), ([6, 3, 5, 1, 4, 2], 1500),
    ([2, 2, 3, 3, 4, 4], 1500), ([1, 1, 5, 5, 6, 6], 1500),
    ([4, 4, 4, 4, 2, 2], 1500), ([2, 2, 2, 2, 6, 6], 1500),
    ([2, 2, 2, 3, 3, 3], 2500), ([1, 1, 1, 5, 5, 5], 2500), ([6, 6, 6, 4, 4, 4], 2500),
]

BEST_SPLITS = [
    ([1, 5], 150), ([1, 1], 200), ([5, 5], 100), ([1, 1, 5, 5], 300),
    ([1, 1, 1, 1, 5], 1050), ([1, 1, 1, 5, 5], 400), ([5, 5, 5, 5, 1], 1100),
    ([3, 3, 3, 1], 400), ([3, 3, 3, 5, 1], 450), ([2, 2, 2, 4, 4, 4], 2500),
    ([1, 1, 1, 1, 1, 5], 2050), ([5, 5, 5, 5, 5, 1], 2100), ([1, 1, 1, 1, 5, 5], 1500),
    ([1, 1, 1, 1, 1, 1], 3000), ([4, 4, 4, 1, 5], 550), ([1, 1, 1, 1, 2, 2], 1500),
    ([5, 5, 5, 1, 1], 700), ([6, 6, 6, 6, 1, 5], 1150),
]

NOT_SCORING = [[2], [3], [4], [6], [1, 2], [2, 2], [5, 6, 6], [2, 3, 4, 5, 6],
               [1, 2, 3, 4, 5], [1, 1, 2, 2, 3, 4], [2, 2, 2, 3], [1, 1, 1, 6, 6],
               [3, 3, 4, 4, 6, 6, 6][:6] + [] if False else [3, 3, 4, 4, 6, 2]]


@pytest.mark.parametrize("dice, points", SHEET + BEST_SPLITS)
def test_every_combination_and_best_split(dice, points):
    assert score_selection(dice) == points
    assert score_selection(list(reversed(dice))) == points
    assert has_score(dice)


@pytest.mark.parametrize("dice", NOT_SCORING)
def test_a_non_scoring_die_makes_the_selection_worth_nothing(dice):
    assert score_selection(dice) == 0


@pytest.mark.parametrize("roll", [[2], [3, 4], [6, 6], [2, 3, 4], [2, 2, 3, 3, 4],
                                  [2, 3, 4, 6, 2, 3], [2, 2, 3, 3, 4, 6], [4, 6, 2, 3, 6, 2]])
def test_farkles(roll):
    assert not has_score(roll)


@pytest.mark.parametrize("bad, word", [
    ([], "got 0"), ([1] * 7, "got 7"), ([0], "0"), ([7], "7"), ([1, -2], "-2"),
    ([1.0], "1.0"), ([True], "True"), (["1"], "'1'"), ("123", "'123'"), (None, "None"),
    (5, "5")])
def test_bad_input_raises_value_error_naming_the_value(bad, word):
    for fn in (score_selection, has_score):
        with pytest.raises(ValueError, match=word if word != "5" else "got 5"):
            fn(bad)


dice_lists = st.lists(st.integers(1, 6), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(dice_lists, st.data())
def test_a_selection_is_worth_at_least_its_parts(dice, data):
    if len(dice) < 2:
        return
    cut = data.draw(st.sets(st.integers(0, len(dice) - 1), min_size=1,
                            max_size=len(dice) - 1))
    part_a = [d for i, d in enumerate(dice) if i in cut]
    part_b = [d for i, d in enumerate(dice) if i not in cut]
    a, b = score_selection(part_a), score_selection(part_b)
    if a and b:
        assert score_selection(dice) >= a + b


@settings(max_examples=300, deadline=None)
@given(dice_lists, st.sampled_from([2, 3, 4, 6]))
def test_a_lone_dead_die_scores_nothing(dice, dead):
    counts = Counter(dice)
    if len(dice) >= 5 or counts[dead]:  # six dice could make a straight
        return
    assert score_selection(dice + [dead]) == 0


@settings(max_examples=300, deadline=None)
@given(dice_lists)
def test_has_score_agrees_with_every_subset(roll):
    subsets = (list(c) for k in range(1, len(roll) + 1) for c in combinations(roll, k))
    assert has_score(roll) == any(score_selection(s) > 0 for s in subsets)


@settings(max_examples=300, deadline=None)
@given(dice_lists)
def test_scores_are_in_range(dice):
    points = score_selection(dice)
    assert 0 <= points <= 3000 and points % 50 == 0


@given(st.lists(st.integers(), min_size=1, max_size=6))
def test_out_of_range_values_rejected(dice):
    if all(1 <= d <= 6 for d in dice):
        return
    with pytest.raises(ValueError, match="not an int from 1 to 6"):
        score_selection(dice)


# -- the state machine --------------------------------------------------------------------

def test_new_game_and_options():
    state = game(3, seed=5)
    assert state.legal_actions() == [{"kind": "roll"}]
    assert sorted(state.order) == [0, 1, 2]
    assert state.options == FarkleState.DEFAULT_OPTIONS
    assert state.options["target"] == 10000 and state.options["on_board_min"] == 500
    with pytest.raises(ValueError, match="unknown option"):
        game(2, hard_mode=True)
    with pytest.raises(ValueError, match="target"):
        game(2, target=0)
    with pytest.raises(ValueError, match="on_board"):
        game(2, on_board=1)
    with pytest.raises(ValueError, match="needs 1 to 8"):
        game(9)
    assert game(1).current == 0 and game(8).MAX_PLAYERS == 8
    info = get_game("farkle")
    assert {o.key for o in info.options} == set(FarkleState.DEFAULT_OPTIONS)
    assert isinstance(info.new_game([Seat("a")], {"vant_hof": True}, 3), FarkleState)


def test_roll_set_aside_roll_and_bank_with_events():
    state = script(game(2, on_board=False), 1, 5, 2, 3, 4, 6, 1, 5, 3, 2)
    me = state.current
    events = state.apply({"kind": "roll"})
    assert types(events) == ["rolled"] and events[0]["dice"] == [1, 5, 2, 3, 4, 6]
    assert state.rolled and state.dice_left == 6
    # this roll is a straight: every sensible set-aside is listed once
    listed = {tuple(a["set_aside"]) for a in state.legal_actions() if a["kind"] == "roll"}
    assert (0, 1, 2, 3, 4, 5) in listed and (0,) in listed and (1,) in listed
    assert (0, 1) in listed and len(listed) == 4
    assert state.selection_score([0, 2]) == (0, "the 2 does not score")
    assert state.selection_score([0, 1]).points == 150
    events = state.apply({"kind": "roll", "set_aside": [0]})  # keep just the 1
    assert types(events) == ["set_aside", "rolled"]
    assert state.turn_total == 100 and len(state.dice) == 5 and state.groups[0]["points"] == 100
    assert state.dice == [1, 5, 3, 2, 2] or len(state.dice) == 5
    events = state.apply({"kind": "bank", "set_aside": [1, 0]})
    assert types(events) == ["set_aside", "banked", "turn"]
    assert state.totals[me] == 250 and state.history[me] == [
        {"result": "bank", "points": 250, "total": 250}]
    assert state.current != me and not state.rolled and state.turn_total == 0
    assert state.turns_played == 1


def test_equivalent_positions_are_accepted():
    state = pending(game(2, on_board=False), [5, 2, 5, 3, 4, 6])
    state.apply({"kind": "roll", "set_aside": [2]})  # the second 5, not the listed first
    assert state.turn_total == 50 and state.dice_left == 5


def test_hot_dice():
    state = script(pending(game(2, on_board=False), [1, 1, 5, 2, 2, 2]), 2, 3, 4, 6, 6, 1)
    events = state.apply({"kind": "roll", "set_aside": [0, 1, 2, 3, 4, 5]})
    assert types(events) == ["set_aside", "hot_dice", "rolled"]
    assert state.turn_total == 450 and state.dice == [2, 3, 4, 6, 6, 1]
    events = state.apply({"kind": "bank", "set_aside": [5]})
    assert state.totals[state.order[0]] == 550 and state.piggy["dice"] == 5
    # banking on hot dice leaves nothing to piggyback on
    state2 = pending(game(2, on_board=False, piggyback=True), [1, 1, 1, 1, 1, 1])
    events = state2.apply({"kind": "bank", "set_aside": [0, 1, 2, 3, 4, 5]})
    assert "hot_dice" in types(events) and not state2.can_piggyback()


def test_farkle_loses_the_turn_total():
    state = script(pending(game(2, on_board=False), [1, 2, 3, 4, 6, 6]), 2, 3, 4, 6, 6)
    me = state.current
    events = state.apply({"kind": "roll", "set_aside": [0]})
    assert types(events) == ["set_aside", "rolled", "farkle", "turn"]
    assert events[2]["lost"] == 100 and state.totals[me] == 0
    assert state.history[me] == [{"result": "farkle", "points": 0, "lost": 100, "total": 0}]
    assert state.farkles_in_row[me] == 1 and state.current != me


@pytest.mark.parametrize("action, message", [
    ("nope", "a dict with a 'kind'"),
    ({"kind": "jump"}, "unknown action 'jump'"),
    ({"kind": "bank"}, "roll the dice first"),
    ({"kind": "roll", "set_aside": [0]}, "nothing to set aside yet"),
    ({"kind": "piggyback"}, "not in play"),
    ({"kind": "roll", "hold": [1]}, "unexpected field"),
])
def test_bad_actions_at_turn_start(action, message):
    state = game(2)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("set_aside, message", [
    (None, "needs set_aside"), ([], "at least one scoring die"), ([3], "the 3 does not score"),
    ([0, 3, 4], "the 3 and the 4 do not score"), ([6], "position 6 is not a die"),
    ([0, 0], "listed twice"), (["0"], "position '0'"), ("01", "must be a list"),
])
def test_bad_set_asides_are_rejected(set_aside, message):
    state = pending(game(2), [1, 5, 2, 3, 4, 4])
    action = {"kind": "roll"}
    if set_aside is not None:
        action["set_aside"] = set_aside
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_json() == before


def test_pairs_do_not_score_message():
    state = pending(game(2), [2, 2, 1, 3, 4, 6])
    assert state.selection_score([0, 1]).reason == "the 2s do not score"


# -- options -----------------------------------------------------------------------------

def test_on_the_board_rule():
    state = pending(game(2), [1, 1, 1, 2, 3, 4])
    me = state.current
    assert state.bank_minimum() == 500
    assert all(a["kind"] == "roll" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="at least 500 this turn to get on the board"):
        state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    state = pending(game(2), [1, 1, 1, 5, 3, 4], turn_total=150)
    state.groups = [{"dice": [1, 5], "points": 150}]
    me = state.current
    with pytest.raises(IllegalAction, match="would be 450"):
        state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    events = state.apply({"kind": "bank", "set_aside": [0, 1, 2, 3]})
    assert events[-2]["type"] == "banked" and events[-2]["on_the_board"] is True
    assert state.totals[me] == 500  # 150 + 350
    assert state.on_board[me]
    # any amount, and off
    state = pending(game(2, on_board_min=750), [5, 5, 5, 2, 3, 4], turn_total=200)
    state.groups = [{"dice": [1, 1], "points": 200}]
    with pytest.raises(IllegalAction, match="750"):
        state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    state = pending(game(2, on_board=False), [5, 2, 3, 4, 6, 6])
    assert {"kind": "bank", "set_aside": [0]} in state.legal_actions()


def test_minimum_bank_once_on_the_board():
    for on, allowed in ((False, True), (True, False)):
        state = pending(game(2, min_bank=on), [1, 1, 1, 2, 3, 4])
        state.on_board[state.current] = True
        assert state.bank_minimum() == (350 if on else 0)
        assert ({"kind": "bank", "set_aside": [0, 1, 2]} in state.legal_actions()) is allowed
    state = pending(game(2, min_bank=True, min_bank_points=300), [1, 1, 1, 2, 3, 4])
    state.on_board[state.current] = True
    state.apply({"kind": "bank", "set_aside": [0, 1, 2]})


def farkle_turn(state: FarkleState):
    """The current player rolls six dice that do not score."""
    state.rng = ScriptedRng([2, 2, 3, 3, 4, 6])
    return state.apply({"kind": "roll"})


def test_three_farkles_penalty_and_reset():
    state = game(1, three_farkles=True)
    farkle_turn(state)
    farkle_turn(state)
    events = farkle_turn(state)
    assert types(events) == ["rolled", "farkle", "penalty", "turn"]
    assert state.totals[0] == -1000 and state.farkles_in_row[0] == 0
    assert state.history[0][-1] == {"result": "farkle", "points": -1000, "lost": 0,
                                    "total": -1000}
    farkle_turn(state)
    farkle_turn(state)
    assert state.farkles_in_row[0] == 2
    # a bank resets the count
    state.rng = ScriptedRng([1, 1, 1, 1, 2, 3])
    state.apply({"kind": "roll"})
    state.apply({"kind": "bank", "set_aside": [0, 1, 2, 3]})
    assert state.farkles_in_row[0] == 0 and state.totals[0] == 0
    farkle_turn(state)
    farkle_turn(state)
    assert state.totals[0] == 0
    # off: no penalty ever
    state = game(1)
    for _ in range(4):
        farkle_turn(state)
    assert state.totals[0] == 0 and state.farkles_in_row[0] == 4


@pytest.mark.parametrize("vant_hof, expected", [(False, 1200), (True, 3000)])
def test_vant_hof_six(vant_hof, expected):
    state = script(game(1, vant_hof=vant_hof), 1, 1, 1, 1, 2, 3, 1, 1, 5, 4, 6, 2, 3, 3)
    state.apply({"kind": "roll"})
    state.apply({"kind": "roll", "set_aside": [0, 1, 2, 3]})  # four 1s: 1000
    events = state.apply({"kind": "roll", "set_aside": [0, 1]})  # two more 1s: hot dice
    assert types(events)[:2] == ["set_aside", "vant_hof"] if vant_hof else "vant_hof" not in (
        types(events))
    assert state.turn_total == expected and state.dice == [5, 4, 6, 2, 3, 3]
    state.apply({"kind": "bank", "set_aside": [0]})
    assert state.totals == [expected + 50]


def test_vant_hof_across_three_rolls_and_never_lower():
    state = script(game(1, vant_hof=True), 1, 1, 2, 3, 4, 6, 1, 1, 3, 4, 1, 1, 2, 6)
    state.apply({"kind": "roll"})
    state.apply({"kind": "roll", "set_aside": [0, 1]})  # 200
    state.apply({"kind": "roll", "set_aside": [0, 1]})  # 200
    assert state.turn_total == 400 and state.ones == 4
    # bank is judged with the Van't Hof points included
    assert {"kind": "bank", "set_aside": [0, 1]} in state.legal_actions()
    events = state.apply({"kind": "bank", "set_aside": [0, 1]})
    assert "vant_hof" in types(events) and state.totals[0] == 3000
    # six 1s in one roll already score 3000: no extra gain
    state = pending(game(1, vant_hof=True), [1, 1, 1, 1, 1, 1])
    events = state.apply({"kind": "bank", "set_aside": [0, 1, 2, 3, 4, 5]})
    assert state.totals[0] == 3000 and "vant_hof" in types(events)
    # 1s in a straight do not count
    state = pending(game(1, vant_hof=True), [1, 2, 3, 4, 5, 6])
    state.apply({"kind": "roll", "set_aside": [0, 1, 2, 3, 4, 5]})
    assert state.ones == 0


def banked_with_dice_left(state: FarkleState, left: int = 3) -> int:
    """The current player banks 300 (three 1s) keeping ``left`` dice unrolled."""
    giver = state.current
    dice = [1, 1, 1] + [2, 3, 4][: left] if left <= 3 else [1, 1, 1, 2, 3, 4]
    pending(state, dice[: 3 + left])
    state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    return giver


def test_piggybacking():
    state = game(2, on_board=False, piggyback=True)
    giver = banked_with_dice_left(state)
    taker = state.current
    assert state.can_piggyback() and {"kind": "piggyback"} in state.legal_actions()
    assert state.piggy == {"seat": giver, "dice": 3, "points": 300}
    script(state, 5, 2, 3, 4, 6, 6)
    events = state.apply({"kind": "piggyback"})
    assert types(events) == ["piggyback", "rolled"] and events[1]["piggyback"]
    assert state.turn_total == 300 and state.dice == [5, 2, 3] and state.carried == 300
    state.apply({"kind": "bank", "set_aside": [0]})
    assert state.totals[taker] == 350 and state.totals[giver] == 300
    assert state.history[taker][-1]["carried"] == 300
    # the offer passes on: the giver may now piggyback on the taker's 2 dice
    assert state.piggy == {"seat": taker, "dice": 2, "points": 350}


@pytest.mark.parametrize("credit", [False, True])
def test_piggyback_farkle_and_credit(credit):
    state = game(2, on_board=False, piggyback=True, piggyback_credit=credit)
    giver = banked_with_dice_left(state)
    taker = state.current
    script(state, 2, 3, 4)
    events = state.apply({"kind": "piggyback"})
    assert "farkle" in types(events) and state.totals[taker] == 0
    assert ("piggyback_credit" in types(events)) is credit
    assert state.totals[giver] == (600 if credit else 300)
    if credit:
        assert state.history[giver][-1] == {"result": "credit", "points": 300, "total": 600,
                                            "from": taker}
    assert not state.can_piggyback()  # no offer after a farkle


def test_no_piggyback_when_off_solo_or_after_a_fresh_roll():
    state = game(2, on_board=False)
    banked_with_dice_left(state)
    assert not state.can_piggyback()
    with pytest.raises(IllegalAction, match="not in play"):
        state.apply({"kind": "piggyback"})
    solo = game(1, on_board=False, piggyback=True)
    banked_with_dice_left(solo)
    assert solo.legal_actions() == [{"kind": "roll"}]
    with pytest.raises(IllegalAction, match="nothing to piggyback"):
        solo.apply({"kind": "piggyback"})
    state = game(3, on_board=False, piggyback=True)
    banked_with_dice_left(state)
    script(state, 1, 2, 3, 4, 6, 6)
    state.apply({"kind": "roll"})  # fresh dice: the offer is gone
    assert not state.can_piggyback() and state.piggy is None


def set_totals(state: FarkleState, totals):
    for seat, total in enumerate(totals):
        state.totals[seat] = total
        state.history[seat] = [{"result": "bank", "points": total, "total": total}]
        state.on_board[seat] = True


def test_last_round_every_other_player_gets_one_turn():
    state = game(3, seed=4)
    a, b, c = state.order
    totals = [0, 0, 0]
    totals[a], totals[b], totals[c] = 9800, 9000, 8000
    set_totals(state, totals)
    pending(state, [1, 1, 1, 2, 3, 4])
    events = state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    assert types(events) == ["set_aside", "banked", "last_round", "turn"]
    assert events[2]["still_to_play"] == [b, c] and events[2]["seat"] == a
    assert state.last_round and state.still_to_play == [b, c] and state.current == b
    # b farkles, c overtakes with a big turn
    farkle_turn(state)
    assert state.current == c and state.still_to_play == [c] and not state.is_over()
    pending(state, [5, 5, 5, 5, 5, 5], turn_total=0)
    state.totals[c] = 8000
    state.apply({"kind": "roll", "set_aside": [0, 1, 2, 3, 4, 5]})  # 3000, hot dice
    state.dice = [1, 2, 3, 4, 6, 6]
    events = state.apply({"kind": "bank", "set_aside": [0]})
    assert types(events)[-1] == "game_over" and state.is_over()
    assert state.totals[c] == 11100 and state.winners() == [c]
    assert events[-1]["winners"] == [c]
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply({"kind": "roll"})


def test_ties_are_shared():
    state = game(2, seed=2)
    a, b = state.order
    totals = [0, 0]
    totals[a], totals[b] = 9700, 9900
    set_totals(state, totals)
    pending(state, [1, 1, 1, 1, 2, 3])  # a: 1000 -> 10700
    state.apply({"kind": "bank", "set_aside": [0, 1, 2, 3]})
    assert state.still_to_play == [b]
    pending(state, [1, 1, 1, 1, 2, 3], turn_total=0)
    state.apply({"kind": "roll", "set_aside": [0, 1, 2, 3]})  # b: 1000
    state.dice = [5, 5, 5, 3, 4]
    state.dice_left = 5
    # b needs more than 800: 1000 ties? no: 9900 + 800 = 10700
    state.turn_total = 300
    state.groups = [{"dice": [1, 1, 1], "points": 300}]
    state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
    assert state.totals[b] == 10700 == state.totals[a]
    assert sorted(state.winners()) == sorted([a, b])
    assert [r["place"] for r in state.ranking()] == [1, 1]


def test_solo_practice_ends_at_the_target():
    state = game(1, target=1000, on_board=False)
    turns = 0
    while not state.is_over():
        pending(state, [1, 1, 1, 2, 3, 4])
        state.apply({"kind": "bank", "set_aside": [0, 1, 2]})
        turns += 1
    assert turns == 4 and state.turns_played == 4 and state.totals == [1200]
    assert not state.last_round and state.winners() == [0]


def test_refund_can_start_the_last_round():
    state = game(2, piggyback=True, piggyback_credit=True, on_board=False, target=1000)
    giver = state.current
    set_totals(state, [0, 0])
    state.totals[giver] = 400
    state.history[giver] = [{"result": "bank", "points": 400, "total": 400}]
    banked_with_dice_left(state)  # giver: 700
    taker = state.current
    script(state, 2, 3, 4)
    events = state.apply({"kind": "piggyback"})  # farkle: giver credited 300 -> 1000
    assert "last_round" in types(events) and state.totals[giver] == 1000
    assert state.still_to_play == [taker]
    assert state.current == taker  # the taker still gets its one turn


# -- saves and full games -------------------------------------------------------------

ALL_ON = {"min_bank": True, "three_farkles": True, "vant_hof": True, "piggyback": True,
          "piggyback_credit": True}


def test_json_round_trip_mid_game():
    state = game(3, seed=11, **ALL_ON)
    rng = random.Random(3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    text = state.to_json()
    copy = FarkleState.load(json.loads(json.dumps(state.save())))
    assert copy.to_json() == text
    for _ in range(200):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        assert state.apply(action) == copy.apply(action)
    assert state.to_json() == copy.to_json()


def test_saves_with_moves_that_break_the_rules_are_refused():
    state = game(2, seed=3)
    state.apply({"kind": "roll"})
    data = json.loads(json.dumps(state.save()))
    data["actions"].append({"kind": "bank", "set_aside": [0, 1, 2, 3, 4, 5]})
    with pytest.raises(SaveError, match="move 2 is not legal"):
        FarkleState.load(data)
    data["actions"][-1] = {"kind": "roll", "set_aside": [0], "extra": 1}
    with pytest.raises(SaveError, match="unexpected field"):
        FarkleState.load(data)
    data["actions"].pop()
    data["options"]["target"] = 10**12
    with pytest.raises(SaveError, match="target"):
        FarkleState.load(data)


def check_finished(state: FarkleState, events_seen):
    assert state.is_over() and state.legal_actions() == []
    n = len(state.seats)
    target = state.options["target"]
    for seat in range(n):
        assert sum(h["points"] for h in state.history[seat]) == state.totals[seat]
    banks = [e for e in events_seen if e["type"] == "banked"]
    assert len(banks) == sum(len([h for h in hist if h["result"] == "bank"])
                             for hist in state.history)
    assert sum(e["points"] for e in banks) == sum(
        h["points"] for hist in state.history for h in hist if h["result"] == "bank")
    assert state.turns_played == sum(state.turns_taken(s) for s in range(n))
    if n == 1:
        assert state.totals[0] >= target
    else:
        assert state.last_round and state.still_to_play == []
        trigger = state.triggered_by
        assert state.totals[trigger] >= target
        trigger_turns = state.turns_taken(trigger)
        for seat in range(n):
            assert state.turns_taken(seat) in (trigger_turns - 1, trigger_turns,
                                               trigger_turns + 1)
        best = max(state.totals)
        assert state.winners() == [s for s in range(n) if state.totals[s] == best]


@pytest.mark.parametrize("players, options", [
    (1, {}), (2, {}), (3, ALL_ON), (4, {"on_board": False, "target": 3000}),
    (2, {"piggyback": True}), (5, {"three_farkles": True, "target": 5000}),
    (8, {"vant_hof": True, "min_bank": True, "target": 4000})])
def test_random_games_end_correctly(players, options):
    for seed in range(6):
        state = game(players, seed=seed, **options)
        rng = random.Random(seed)
        seen = []
        for step in range(20000):
            if state.is_over():
                break
            legal = state.legal_actions()
            # play like a hurried human: bank when possible half of the time
            banks = [a for a in legal if a["kind"] == "bank"]
            action = rng.choice(banks if banks and rng.random() < 0.5 else legal)
            seen += state.apply(action)
            if step % 97 == 0:  # a save anywhere replays to the same state
                assert FarkleState.load(state.save()).to_json() == state.to_json()
        check_finished(state, seen)
