"""Yatzy and Maxi Yatzy scoring (RULES.md §1) and the whole-game state machine."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import GAMES
from game.games.yatzy.rules import CATEGORIES, FIRST_ROLL_REWARDS, MaxiYatzyState, YatzyState, score
from game.rules.core import IllegalAction, SaveError, Seat
from game.sim import play_game

# (category, dice, points): every category of both dice counts, fitting and not fitting.
FIVE = [
    ("ones", [1, 1, 2, 3, 1], 3), ("twos", [2, 2, 2, 2, 5], 8), ("threes", [1, 2, 4, 5, 6], 0),
    ("fours", [4, 4, 1, 1, 1], 8), ("fives", [5, 5, 5, 5, 5], 25), ("sixes", [6, 1, 6, 2, 6], 18),
    ("one_pair", [3, 3, 5, 5, 1], 10), ("one_pair", [1, 2, 3, 4, 6], 0),
    ("one_pair", [6, 6, 6, 6, 6], 12),
    ("two_pairs", [3, 3, 5, 5, 1], 16), ("two_pairs", [2, 2, 2, 2, 5], 0),
    ("two_pairs", [6, 6, 6, 4, 4], 20), ("two_pairs", [1, 1, 2, 3, 4], 0),
    ("three_of_a_kind", [4, 4, 4, 2, 1], 12), ("three_of_a_kind", [4, 4, 2, 2, 1], 0),
    ("three_of_a_kind", [5, 5, 5, 5, 1], 15),
    ("four_of_a_kind", [2, 2, 2, 2, 6], 8), ("four_of_a_kind", [6, 6, 6, 6, 6], 24),
    ("four_of_a_kind", [3, 3, 3, 1, 1], 0),
    ("small_straight", [5, 3, 1, 2, 4], 15), ("small_straight", [2, 3, 4, 5, 6], 0),
    ("large_straight", [6, 5, 4, 3, 2], 20), ("large_straight", [1, 2, 3, 4, 5], 0),
    ("full_house", [3, 3, 3, 5, 5], 19), ("full_house", [3, 3, 3, 3, 3], 0),
    ("full_house", [2, 2, 3, 3, 4], 0),
    ("chance", [1, 2, 3, 4, 6], 16), ("yatzy", [4, 4, 4, 4, 4], 70),
    ("yatzy", [1, 1, 1, 1, 1], 55), ("yatzy", [6, 6, 6, 6, 6], 80), ("yatzy", [6, 6, 6, 6, 5], 0),
]
SIX = [
    ("ones", [1, 1, 1, 2, 3, 4], 3), ("sixes", [6, 6, 6, 6, 6, 6], 36),
    ("twos", [2, 2, 1, 1, 2, 5], 6), ("threes", [1, 2, 4, 5, 6, 6], 0),
    ("fours", [4, 4, 4, 4, 4, 1], 20), ("fives", [5, 1, 1, 1, 1, 1], 5),
    ("one_pair", [1, 1, 4, 4, 6, 6], 12), ("two_pairs", [1, 1, 4, 4, 6, 6], 20),
    ("two_pairs", [5, 5, 5, 5, 1, 2], 0),
    ("three_pairs", [1, 1, 4, 4, 6, 6], 22), ("three_pairs", [2, 2, 2, 2, 3, 3], 0),
    ("three_pairs", [5, 5, 5, 5, 5, 5], 0),
    ("three_of_a_kind", [2, 2, 2, 6, 6, 6], 18), ("four_of_a_kind", [3, 3, 3, 3, 3, 1], 12),
    ("five_of_a_kind", [4, 4, 4, 4, 4, 1], 20), ("five_of_a_kind", [4, 4, 4, 4, 1, 1], 0),
    ("small_straight", [1, 2, 3, 4, 5, 5], 15), ("small_straight", [1, 2, 3, 4, 6, 6], 0),
    ("large_straight", [2, 3, 4, 5, 6, 6], 20), ("large_straight", [1, 2, 3, 4, 5, 6], 20),
    ("royal", [6, 5, 4, 3, 2, 1], 21), ("royal", [1, 2, 3, 4, 5, 5], 0),
    ("full_house", [6, 6, 6, 5, 5, 4], 28), ("full_house", [2, 2, 2, 6, 6, 6], 22),
    ("full_house", [1, 1, 1, 1, 1, 1], 0), ("full_house", [3, 3, 3, 3, 5, 5], 19),
    ("two_triplets", [2, 2, 2, 6, 6, 6], 24), ("two_triplets", [2, 2, 2, 2, 2, 2], 0),
    ("four_and_two", [3, 3, 3, 3, 5, 5], 22), ("four_and_two", [3, 3, 3, 3, 3, 3], 0),
    ("four_and_two", [3, 3, 3, 3, 5, 6], 0),
    ("chance", [1, 2, 3, 4, 5, 6], 21), ("yatzy", [1] * 6, 106), ("yatzy", [6] * 6, 136),
    ("yatzy", [6, 6, 6, 6, 6, 5], 0),
]


@pytest.mark.parametrize("category,dice,points", FIVE + SIX)
def test_score_examples(category, dice, points):
    assert score(category, dice) == points


def test_every_category_has_an_example():
    assert {c for c, d, _ in FIVE} == set(CATEGORIES[5])
    assert {c for c, d, _ in SIX} == set(CATEGORIES[6])


@pytest.mark.parametrize("category,dice,needle", [
    ("bogus", [1, 2, 3, 4, 5], "bogus"), ("royal", [1, 2, 3, 4, 5], "royal"),
    ("chance", [1, 2, 3, 4], "4"), ("chance", [1, 2, 3, 4, 7], "7"),
    ("chance", [1, 2, 3, 4, 0], "0"), ("chance", [1, 2, 3, 4, "5"], "'5'"),
    ("chance", [1, 2, 3, 4, 5, 6, 1], "7"),
])
def test_bad_input_raises_value_error_naming_it(category, dice, needle):
    with pytest.raises(ValueError, match=needle):
        score(category, dice)


dice5 = st.lists(st.integers(1, 6), min_size=5, max_size=5)
dice6 = st.lists(st.integers(1, 6), min_size=6, max_size=6)


def fits(category: str, dice: list[int]) -> bool:
    """An independent statement of when dice fit a category (RULES.md §1)."""
    c = Counter(dice)
    n = len(dice)
    values = set(c)
    upper = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    if category in upper:
        return upper.index(category) + 1 in values
    need = {"one_pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4, "five_of_a_kind": 5}
    if category in need:
        return max(c.values()) >= need[category]
    if category == "two_pairs":
        return sum(1 for v in c.values() if v >= 2) >= 2
    if category == "three_pairs":
        return sorted(c.values()) == [2, 2, 2]
    if category == "small_straight":
        return {1, 2, 3, 4, 5} <= values
    if category == "large_straight":
        return {2, 3, 4, 5, 6} <= values
    if category == "royal":
        return values == {1, 2, 3, 4, 5, 6}
    if category == "full_house":
        return any(c[a] >= 3 and c[b] >= 2 for a in c for b in c if a != b)
    if category == "two_triplets":
        return sorted(c.values()) == [3, 3]
    if category == "four_and_two":
        return sorted(c.values()) == [2, 4]
    if category == "chance":
        return True
    if category == "yatzy":
        return len(values) == 1
    raise AssertionError(category + str(n))


@settings(max_examples=300, derandomize=True)
@given(st.one_of(dice5, dice6), st.data())
def test_zero_exactly_when_dice_do_not_fit(dice, data):
    category = data.draw(st.sampled_from(CATEGORIES[len(dice)]))
    points = score(category, dice)
    assert (points > 0) == fits(category, dice)


@settings(max_examples=300, derandomize=True)
@given(st.one_of(dice5, dice6), st.data())
def test_score_ranges(dice, data):
    category = data.draw(st.sampled_from(CATEGORIES[len(dice)]))
    points = score(category, dice)
    bonus = 50 if len(dice) == 5 else 100
    assert 0 <= points <= sum(dice) + (bonus if category == "yatzy" else 0)
    if category == "yatzy" and points:
        assert points == sum(dice) + bonus
    assert score(category, sorted(dice, reverse=True)) == points  # order never matters


# -- the state machine --------------------------------------------------------------------

def seats(n):
    return [Seat(f"P{i}", "normal") for i in range(n)]


def test_a_turn_rolls_holds_and_scores():
    s = YatzyState(seats(2), seed=5)
    with pytest.raises(IllegalAction, match="roll the dice"):
        s.apply({"kind": "score", "category": "chance"})
    with pytest.raises(IllegalAction, match="nothing to hold"):
        s.apply({"kind": "roll", "hold": [0]})
    first = s.current
    s.apply({"kind": "roll", "hold": []})
    kept = s.dice[:2]
    s.apply({"kind": "roll", "hold": [0, 1]})
    assert s.dice[:2] == kept
    s.apply({"kind": "roll", "hold": [0, 1, 2, 3, 4]})
    with pytest.raises(IllegalAction, match="no rolls left"):
        s.apply({"kind": "roll", "hold": []})
    dice = list(s.dice)
    events = s.apply({"kind": "score", "category": "chance"})
    assert events[0] == {"type": "scored", "seat": first, "category": "chance",
                         "points": sum(dice), "dice": dice}
    assert s.current != first and s.rolls == 0 and s.dice == []


@pytest.mark.parametrize("action,needle", [
    ({"kind": "score", "category": "royal"}, "unknown category"),
    ({"kind": "score", "category": "chance"}, "already filled"),
    ({"kind": "roll", "hold": [9]}, "dice positions 0 to 4"),
    ({"kind": "roll", "hold": [1, 1]}, "listed twice in hold"),
    ({"kind": "roll", "set_aside": [0]}, "unexpected field"),
    ({"kind": "score", "category": ["chance"]}, "unknown category"),
    ({"kind": "roll", "hold": "01"}, "hold must be a list"),
    ({"kind": "dance"}, "unknown action"),
    ({"nope": 1}, "unknown action None"),
])
def test_bad_actions_are_rejected_and_change_nothing(action, needle):
    s = YatzyState(seats(1), seed=2)
    s.apply({"kind": "roll", "hold": []})
    s.apply({"kind": "score", "category": "chance"})
    s.apply({"kind": "roll", "hold": []})
    before = s.to_json()
    with pytest.raises(IllegalAction, match=needle):
        s.apply(action)
    assert s.to_json() == before


def test_legal_actions_are_exactly_what_apply_accepts():
    s = MaxiYatzyState(seats(1), seed=9)
    assert s.legal_actions() == [{"kind": "roll", "hold": []}]
    s.apply({"kind": "roll", "hold": []})
    legal = s.legal_actions()
    assert len(legal) == 64 + 20
    for action in legal:
        MaxiYatzyState.load(s.save()).apply(action)


@pytest.mark.parametrize("dice_count", [5, 6])
@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_seeded_bot_games_end_with_full_sheets_and_right_totals(dice_count, players):
    game = "yatzy" if dice_count == 5 else "maxi_yatzy"
    for seed in range(3):
        s = play_game(game, ["random"] * players, seed=seed)
        assert s.is_over() and s.legal_actions() == []
        for seat in range(players):
            sheet = s.sheets[seat]
            assert set(sheet) == set(CATEGORIES[dice_count])
            t = s.totals(seat)
            upper = sum(sheet[c] for c in CATEGORIES[dice_count][:6])
            threshold, bonus = (63, 50) if dice_count == 5 else (84, 100)
            assert t["upper"] == upper
            assert t["bonus"] == (bonus if upper >= threshold else 0)
            assert t["total"] == sum(sheet.values()) + t["bonus"]
        ranking = s.ranking()
        totals = [r["score"] for r in ranking]
        assert totals == sorted(totals, reverse=True)
        assert [r["place"] for r in ranking][0] == 1
        assert s.turns_played == players * len(CATEGORIES[dice_count])


def test_ties_are_shared():
    s = YatzyState(seats(3), seed=1)
    for i in range(3):
        s.sheets[i] = {c: 0 for c in CATEGORIES[5]}
    s.sheets[0]["chance"] = s.sheets[2]["chance"] = 20
    s.sheets[1]["chance"] = 10
    assert s.is_over()
    assert sorted(s.winners()) == [0, 2]
    places = {r["seat"]: r["place"] for r in s.ranking()}
    assert places == {0: 1, 2: 1, 1: 3}


def test_seating_order_is_random_but_seeded():
    orders = {tuple(YatzyState(seats(4), seed=k).order) for k in range(20)}
    assert len(orders) > 5
    assert YatzyState(seats(4), seed=3).order == YatzyState(seats(4), seed=3).order


def test_same_seed_same_game():
    a = play_game("yatzy", ["normal", "easy"], seed=42)
    b = play_game("yatzy", ["normal", "easy"], seed=42)
    assert a.to_json() == b.to_json()


def test_json_round_trip_mid_game_continues_identically():
    s = MaxiYatzyState(seats(3), {"stakes": True}, seed=11)
    rng = random.Random(0)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    copy = MaxiYatzyState.load(json.loads(json.dumps(s.save())))
    assert copy.to_dict() == s.to_dict()
    for _ in range(30):
        action = rng.choice(s.legal_actions())
        assert s.apply(action) == copy.apply(action)
    assert copy.to_json() == s.to_json()


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d.update(game="farkle"), "farkle"),
    (lambda d: d.update(format=1), "another version"),
    (lambda d: d.pop("seats"), "seats"),
    (lambda d: d["seats"][0].update(name=""), "name"),
    (lambda d: d["seats"][0].update(name="x" * 10_000), "name"),
    (lambda d: d.update(seed="12"), "seed"),
    (lambda d: d.update(seed=10**400), "seed"),
    (lambda d: d["options"].update(dice=6), "dice must be 5, not 6"),  # that is Maxi Yatzy
    (lambda d: d["options"].update(bet=10**30), "bet"),
    (lambda d: d["actions"].append({"kind": "score", "category": "chance", "x": 1}),
     "move 3 is not legal: unexpected field"),
    (lambda d: d["actions"].insert(0, {"kind": "score", "category": "chance"}),
     "move 1 is not legal"),
    (lambda d: d["actions"].pop(), "does not give the saved game"),
    (lambda d: d.update(digest="0" * 32), "does not give the saved game"),
    (lambda d: d.update(actions={"kind": "roll"}), "moves"),
])
def test_corrupt_saves_give_a_clear_error(mutate, needle):
    s = YatzyState(seats(2), seed=4)
    s.apply({"kind": "roll", "hold": []})
    s.apply({"kind": "roll", "hold": [0, 1]})
    data = json.loads(json.dumps(s.save()))
    assert YatzyState.load(data).to_json() == s.to_json()
    mutate(data)
    with pytest.raises(SaveError, match=needle):
        YatzyState.load(data)


def test_not_a_save_at_all():
    with pytest.raises(SaveError, match="not a JSON object"):
        YatzyState.load("{oops")


@pytest.mark.parametrize("options,needle", [
    ({"dice": 7}, "dice must be 5, not 7"), ({"bet": 0}, "bet"), ({"colour": "red"}, "colour"),
    ({"stakes": "yes"}, "stakes"),
])
def test_bad_options(options, needle):
    with pytest.raises(ValueError, match=needle):
        YatzyState(seats(2), options)


def test_player_counts():
    with pytest.raises(ValueError, match="1 to 6"):
        YatzyState([], seed=1)
    with pytest.raises(ValueError, match="1 to 6"):
        YatzyState(seats(7), seed=1)


# -- Stakes -------------------------------------------------------------------------------

def stakes_game(n=2, **opts):
    return YatzyState(seats(n), {"stakes": True, **opts}, seed=3)


def test_stakes_bets_go_into_the_pot():
    s = stakes_game(3, bet=20)
    assert s.chips == [980, 980, 980] and s.pot == 60


def test_bankrolls_carry_over_and_broke_players_buy_back_in():
    s = stakes_game(2, bet=10, bankrolls=[1500, 4])
    assert s.chips == [1490, 990] and s.rebuys == [1]


def test_winner_takes_the_pot_and_chips_are_conserved_with_the_house():
    s = play_game("yatzy", ["hard", "random"], seed=8, options={"stakes": True, "bet": 10})
    winner = s.winners()
    assert len(winner) == 1
    rewards = 0  # first-roll rewards come from the house; replay the game to count them
    replay = YatzyState(s.seats, dict(s.options), seed=s.seed)
    from game.bots import make_policy
    bots = [make_policy(GAMES["yatzy"].bot_module, b.bot, seed=s.seed * 31 + i) for i, b in enumerate(s.seats)]
    while not replay.is_over():
        for e in replay.apply(bots[replay.current].choose(replay)):
            if e["type"] == "reward":
                rewards += e["chips"]
    assert replay.chips == s.chips
    assert sum(s.chips) == 2000 + rewards
    assert s.chips[winner[0]] >= 1000 + 10 - 10


def test_pot_split_on_tie_with_remainder_to_the_house():
    s = YatzyState(seats(3), {"stakes": True, "bet": 5}, seed=1)
    for i in range(3):
        s.sheets[i] = {c: 0 for c in CATEGORIES[5]}
    del s.sheets[2]["chance"]
    s.sheets[0]["chance"] = 30
    s.sheets[1]["chance"] = 30
    while s.current != 2:
        s.advance_turn()
    s.apply({"kind": "roll", "hold": []})
    s.dice = [1, 1, 1, 2, 2]
    events = s.apply({"kind": "score", "category": "chance"})
    pot = next(e for e in events if e["type"] == "pot")
    assert pot == {"type": "pot", "winners": [0, 1], "chips": 7, "house": 1}
    assert s.chips == [1002, 1002, 995]


@pytest.mark.parametrize("category,dice,mult", [
    ("large_straight", [2, 3, 4, 5, 6], 0.5), ("full_house", [2, 2, 5, 5, 5], 1.0),
    ("yatzy", [3, 3, 3, 3, 3], 2.0),
])
def test_first_roll_rewards(category, dice, mult):
    s = stakes_game(1, bet=10)
    s.apply({"kind": "roll", "hold": []})
    s.dice = list(dice)
    events = s.apply({"kind": "score", "category": category})
    reward = [e for e in events if e["type"] == "reward"]
    assert reward and reward[0]["chips"] == int(10 * mult) == int(10 * FIRST_ROLL_REWARDS[category])
    assert s.chips[0] == 990 + int(10 * mult)


def test_no_reward_after_a_reroll_or_without_stakes():
    s = stakes_game(1)
    s.apply({"kind": "roll", "hold": []})
    s.apply({"kind": "roll", "hold": []})
    s.dice = [4, 4, 4, 4, 4]
    events = s.apply({"kind": "score", "category": "yatzy"})
    assert not [e for e in events if e["type"] == "reward"] and s.chips == [990]
    plain = YatzyState(seats(1), seed=3)
    plain.apply({"kind": "roll", "hold": []})
    plain.dice = [4, 4, 4, 4, 4]
    assert not [e for e in plain.apply({"kind": "score", "category": "yatzy"})
                if e["type"] == "reward"]
