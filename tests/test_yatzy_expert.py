"""The expert Yatzy bot and its table of exact state values.

The table is checked against an independent brute-force solver written here (ordered
dice, every outcome of 6^r rolls enumerated, no multiset probabilities, no matrices) on
late-game states, where the whole rest of the game is one or two turns; the expert's
decisions are checked against the expected values that the table gives each legal action.
A table made with another bonus threshold, bonus or Yatzy score fails these.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest

from game.bots import POLICY_NAMES, make_policy, policy_names_for, strengths_for
from game.bots.turn_search import TurnPlan
from game.catalog import GAMES
from game.games.yatzy import expert_table as yt
from game.games.yatzy.bot import POLICIES, ExpertPolicy, tables
from game.games.yatzy.rules import CATEGORIES, UPPER, MaxiYatzyState, YatzyState, score
from game.rules.core import Seat
from game.sim import parse_args, run
from tests.ui_driver import button, click, frames

CATS = CATEGORIES[5]
TOL = 0.5 / yt.SCALE + 1e-9  # the table is rounded to hundredths


# ---------------------------------------------------------------------------------------
# An independent solver: ordered dice, brute-force enumeration of every roll.

def points(category: str, dice) -> int:
    return score(category, list(dice))


@cache
def outcomes(r: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, 7), repeat=r))


class Turn:
    """One turn played optimally, ``final_value(sorted dice)`` being what the best box is
    worth with the dice the turn ends on."""

    def __init__(self, final_value):
        self.end = cache(final_value)
        self.after_keep = cache(self._after_keep)
        self.showing = cache(self._showing)

    def _after_keep(self, keep: tuple[int, ...], left: int) -> float:
        """Expected value when ``keep`` is held and the rest rolled, ``left`` rolls to go
        counting this one."""
        rolls = outcomes(5 - len(keep))
        return sum(self.showing(tuple(sorted(keep + o)), left - 1) for o in rolls) / len(rolls)

    def _showing(self, d: tuple[int, ...], left: int) -> float:
        best = self.end(d)  # stop and score
        if left:
            for mask in range(31):  # every hold but all five (that is stopping)
                keep = tuple(v for i, v in enumerate(d) if mask >> i & 1)
                best = max(best, self.after_keep(keep, left))
        return best


def solve_turn(final_value) -> float:
    return Turn(final_value).after_keep((), 3)


def bonus(upper: int) -> int:
    return 50 if upper >= 63 else 0


@cache
def one_box(category: str, upper: int) -> float:
    """Exact value with only ``category`` open and this upper total."""
    def end(d):
        s = points(category, d)
        return s + bonus(upper + s if category in UPPER else upper)
    return solve_turn(end)


@cache
def two_boxes(a: str, b: str, upper: int) -> float:
    def end(d):
        best = -1.0
        for this, other in ((a, b), (b, a)):
            s = points(this, d)
            best = max(best, s + one_box(other, upper + s if this in UPPER else upper))
        return best
    return solve_turn(end)


def table_value(open_cats, upper: int) -> float:
    return yt.value(open_cats, upper)


# ---------------------------------------------------------------------------------------
# The table


def test_layout_keeps_only_reachable_upper_totals_in_play():
    assert yt.reachable(63) == [0]  # nothing filled yet
    assert yt.reachable(63 & ~yt.BIT["sixes"]) == [0, 6, 12, 18, 24, 30]
    assert yt.reachable(0) == list(range(64))  # every upper box filled
    assert yt.columns(0) == (True, [])  # all filled: the bonus is decided
    assert yt.columns(yt.BIT["sixes"]) == (True, list(range(33, 63)))
    assert yt.columns(63) == (False, [0])
    with pytest.raises(KeyError):
        yt.table().value(yt.mask_of(CATS) & ~yt.BIT["sixes"], 5)  # 5 from sixes alone


def test_table_damage_is_refused():
    blob = yt.PATH.read_bytes()
    with pytest.raises(ValueError):
        yt.Table(b"not a table" + blob)
    with pytest.raises(ValueError):
        yt.Table(blob[:-1])
    broken = yt.Table(blob[:300] + bytes(len(blob) - 300))
    with pytest.raises(ValueError):
        broken.load_all()
    values = [0, 5, 7, 5128, 12, 12]
    assert list(yt.decode_stream(yt.encode_stream(values), len(values))) == values


def test_start_value_is_the_known_optimum():
    assert table_value(CATS, 0) == pytest.approx(256.4, abs=0.05)
    # a full sheet is worth its bonus and nothing else
    assert yt.table().value(0, 63) == 50 and yt.table().value(0, 62) == 0


@pytest.mark.parametrize("category,upper", [
    ("yatzy", 0), ("yatzy", 63), ("chance", 10), ("one_pair", 40), ("two_pairs", 0),
    ("full_house", 63), ("small_straight", 20), ("large_straight", 0),
    ("three_of_a_kind", 5), ("four_of_a_kind", 62),
    ("sixes", 33), ("sixes", 45), ("sixes", 62), ("fives", 50), ("ones", 62), ("ones", 58),
    ("threes", 54), ("fours", 47)])
def test_one_open_box_matches_brute_force(category, upper):
    mask = yt.BIT[category]
    if upper > max(yt.reachable(mask & 63)):
        pytest.skip("unreachable")
    assert table_value([category], upper) == pytest.approx(one_box(category, upper), abs=TOL)


@pytest.mark.parametrize("a,b,upper", [
    ("sixes", "yatzy", 36), ("ones", "chance", 61), ("fours", "fives", 48),
    ("full_house", "yatzy", 63), ("twos", "small_straight", 57)])
def test_two_open_boxes_match_brute_force(a, b, upper):
    assert table_value([a, b], upper) == pytest.approx(two_boxes(a, b, upper), abs=TOL)


def test_every_sampled_state_is_one_optimal_turn_from_its_successors():
    """Bellman's equation on random mid-game states, through the bots' own turn search:
    V(state) = E[best over the turn of points + V(next state)], to the table's rounding."""
    t = yt.table()
    tabs = tables(5)
    rng = random.Random(11)
    for _ in range(25):
        mask = rng.randrange(1, yt.ALL_OPEN + 1)
        upper = rng.choice(yt.reachable(mask & 63))
        open_cats = [c for c in CATS if mask & yt.BIT[c]]
        end = [max(tabs.scores[c][i] + t.value(mask & ~yt.BIT[c],
                                                upper + (tabs.scores[c][i] if c in UPPER else 0))
                   for c in open_cats) for i in range(len(tabs.dice))]
        assert TurnPlan(5, end).value() == pytest.approx(t.value(mask, upper), abs=2 * TOL)


def test_bonus_threshold_matters_where_it_should():
    """Sixes open as the last box: with 33 in the upper section five sixes make the bonus
    (63), worth 50 * P(five sixes in a turn) = 50 * 0.0133 more than with 32, where even
    five sixes end one point short."""
    with_chance = table_value(["sixes"], 33)
    without = table_value(["sixes"], 32)  # 32 + 30 = 62 < 63: the bonus is out of reach
    assert without == pytest.approx(one_box("sixes", 0), abs=TOL)  # pure points
    assert with_chance - without == pytest.approx(50 * 0.0133, abs=0.15)


# ---------------------------------------------------------------------------------------
# The expert's decisions


_TURNS: dict = {}


def turn_of(state: YatzyState) -> Turn:
    """The brute-force turn for the state's sheet (shared by the states of one turn)."""
    open_cats = tuple(state.open_categories())
    upper = state.totals(state.current)["upper"]
    key = (open_cats, upper)
    if key not in _TURNS:
        def scored(c, d):
            s = points(c, d)
            rest = [x for x in open_cats if x != c]
            return s + table_value(rest, upper + s if c in UPPER else upper)
        _TURNS[key] = Turn(lambda d: max(scored(c, d) for c in open_cats))
    return _TURNS[key]


def action_value(state: YatzyState, action: dict) -> float:
    """Expected final points to come from ``action``, computed from the table by brute
    force: scoring is points + V(next state); a roll is the optimal rest of the turn."""
    open_cats = state.open_categories()
    upper = state.totals(state.current)["upper"]

    def scored(c, d):
        s = points(c, d)
        rest = [x for x in open_cats if x != c]
        return s + table_value(rest, upper + s if c in UPPER else upper)

    if action["kind"] == "score":
        return scored(action["category"], state.dice)
    turn = turn_of(state)
    if state.rolls == 0:
        return turn.after_keep((), 3)
    keep = tuple(sorted(state.dice[i] for i in action["hold"]))
    return turn.after_keep(keep, state.ROLLS_PER_TURN - state.rolls)


def sampled_decisions(n: int, seed: int):
    """States met while a seeded expert plays, some mid-game and late."""
    rng = random.Random(seed)
    state = YatzyState([Seat("E", "expert")], {"dice": 5}, seed=seed)
    bot = ExpertPolicy(random.Random(seed))
    out = []
    while not state.is_over():
        if state.rolls and rng.random() < n / 30:
            out.append(YatzyState.load(state.save()))
        state.apply(bot.choose(state))
    return out[:n]


@pytest.mark.parametrize("seed", [3, 8])
def test_expert_chooses_an_action_of_maximal_expected_value(seed):
    states = sampled_decisions(6, seed)
    assert len(states) >= 3
    for state in states:
        chosen = ExpertPolicy(random.Random(0)).choose(state)
        assert chosen in state.legal_actions()
        # the candidates: every distinct hold (as a multiset) and every box
        cands = {}
        for a in state.legal_actions():
            if a["kind"] == "roll":
                key = tuple(sorted(state.dice[i] for i in a["hold"]))
                if len(key) < 5:
                    cands.setdefault(("roll", key), a)
            else:
                cands[("score", a["category"])] = a
        values = {k: action_value(state, a) for k, a in cands.items()}
        best = max(values.values())
        mine = action_value(state, chosen)
        assert mine == pytest.approx(best, abs=1e-9), (state.dice, state.rolls, chosen, best)


def test_expert_scratches_wisely_late():
    """Three open boxes, dice 1-1-2-3-6 after the last roll: the expert takes what the
    table says is best, which is not simply the most points now."""
    state = YatzyState([Seat("E", "expert")], {"dice": 5}, seed=1)
    sheet = state.sheets[state.current]
    for c in CATS:
        if c not in ("ones", "yatzy", "chance"):
            sheet[c] = 0
    state.dice, state.rolls = [1, 1, 2, 3, 6], 3
    chosen = ExpertPolicy(random.Random(0)).choose(state)
    values = {c: action_value(state, {"kind": "score", "category": c})
              for c in ("ones", "yatzy", "chance")}
    assert chosen == {"kind": "score", "category": max(values, key=values.get)}


def test_expert_is_five_dice_only():
    state = MaxiYatzyState([Seat("E", "expert")], seed=1)
    state.apply({"kind": "roll", "hold": []})
    with pytest.raises(ValueError, match="five-dice"):
        ExpertPolicy(random.Random(0)).choose(state)


def test_short_seeded_simulation_mean(solo_mean):
    """200 seeded games (260.88; hard scores 257.28 on the same dice seeds), game.sim.run's
    mean; seed 1, whose first 150 games of hard test_yatzy_bots.py's strength order plays
    (solo_mean plays them once)."""
    mean = solo_mean("yatzy", "expert", 200, seed=1)
    assert 248 <= mean <= 265, mean  # 256.4 +- about 2.5 standard errors of 200 games
    hard = solo_mean("yatzy", "hard", 200, seed=1)
    assert mean > hard


def test_simulation_is_reproducible():
    a = run("yatzy", ["expert", "hard"], games=6, seed=2)
    b = run("yatzy", ["expert", "hard"], games=6, seed=2)
    assert [p["mean_score"] for p in a["players"]] == [p["mean_score"] for p in b["players"]]


# ---------------------------------------------------------------------------------------
# Where expert is offered


def test_strengths_per_game():
    assert "expert" in POLICIES and "expert" in POLICY_NAMES
    assert strengths_for(GAMES["yatzy"]) == ("easy", "normal", "hard", "expert")
    assert strengths_for(GAMES["maxi_yatzy"]) == ("easy", "normal", "hard")
    assert strengths_for(GAMES["farkle"]) == ("easy", "normal", "hard")
    assert "random" in policy_names_for(GAMES["farkle"])
    assert isinstance(make_policy(GAMES["yatzy"].bot_module, "expert", seed=1), ExpertPolicy)


def test_simulator_accepts_expert_for_yatzy_only(capsys):
    assert parse_args(["yatzy", "--players", "expert,hard"]).players == ["expert", "hard"]
    for game in ("maxi_yatzy", "farkle", "grab_it"):
        with pytest.raises(SystemExit) as exit_info:
            parse_args([game, "--players", "expert,hard"])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "expert" in err and game in err


def test_saves_and_settings_accept_expert_only_where_it_exists():
    from game import prefs, storage
    state = GAMES["yatzy"].new_game([Seat("You"), Seat("Ada", "expert")], seed=4)
    state.apply({"kind": "roll", "hold": []})
    info, loaded = storage.decode_game({"game_id": "yatzy", "save": state.save()})
    assert loaded.seats[1].bot == "expert"
    maxi = GAMES["maxi_yatzy"].new_game([Seat("You"), Seat("Ada", "hard")], seed=4).save()
    maxi["seats"][1]["bot"] = "expert"
    with pytest.raises(storage.StoreError, match="computer player"):
        storage.decode_game({"game_id": "maxi_yatzy", "save": maxi})
    assert prefs._seats("yatzy", [{"name": "A", "bot": "expert"}])
    with pytest.raises(ValueError):
        prefs._seats("farkle", [{"name": "A", "bot": "expert"}, {"name": "B", "bot": None}])


def test_menu_offers_expert_only_for_yatzy(app):
    menu = app.scene

    def strengths_by_clicking(title: str) -> list[str]:
        click(button(menu, title).rect.center)
        frames(app)
        seen = []
        for _ in range(5):
            b = next(b for b in menu.focus.buttons
                     if b.label.lower() in POLICY_NAMES and b.label.lower() != "random")
            seen.append(b.label)
            click(b.rect.center)
            frames(app)
        return seen

    yatzy = strengths_by_clicking("Yatzy")
    assert set(yatzy) == {"Easy", "Normal", "Hard", "Expert"}
    while menu.seats[1].bot != "expert":
        menu.cycle_strength(1)
    click(button(menu, "Maxi Yatzy").rect.center)  # an expert seat becomes hard there
    frames(app)
    assert menu.seats[1].bot == "hard"
    assert set(strengths_by_clicking("Maxi Yatzy")) == {"Easy", "Normal", "Hard"}


def test_table_loads_lazily():
    import subprocess
    import sys
    code = ("import game.games.yatzy.bot, game.games.yatzy.expert_table as t, game.sim;"
            "assert t._TABLE is None; t.table(); assert t._TABLE is not None")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_state_of_one_box_rows_is_sane():
    """Values rise with the upper total (never hurts) and fall as boxes close."""
    t = yt.table()
    rng = random.Random(5)
    for _ in range(300):
        mask = rng.randrange(1, yt.ALL_OPEN + 1)
        totals = yt.reachable(mask & 63)
        vals = [t.value(mask, u) for u in totals]
        assert vals == sorted(vals)
        c = rng.choice([c for c in CATS if mask & yt.BIT[c]])
        less = mask & ~yt.BIT[c]
        if less:
            u = totals[0]
            assert t.value(less, u) <= t.value(mask, u) + 1e-9
