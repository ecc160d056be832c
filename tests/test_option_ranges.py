"""Every option of every game has its range in the engine, the one place that decides: the
menu offers nothing the engine refuses, and a caller or a save outside a range is refused
with one sentence. The Stakes rule can never leave a bankroll below zero."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.catalog import GAMES, SESSION_OPTION
from game.games.yatzy.rules import YatzyState
from game.rules.core import SaveError, Seat


def parents_on(info, opt) -> dict:
    """The options a sub-option needs on to matter (and Stakes for the bankrolls)."""
    return {opt.shown_if: True} if opt.shown_if else {}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_value_the_menu_offers_is_accepted_by_the_engine(game_id):
    info = GAMES[game_id]
    cls = info.state_type()
    for opt in info.options:
        if opt.key == SESSION_OPTION:
            continue  # a session, not a rule: game.rules.session checks its games per side
        values = (True, False) if opt.kind == "bool" else opt.choices
        for value in values:
            merged = cls.validate_options({**parents_on(info, opt), opt.key: value,
                                           **info.fixed_options})
            assert merged[opt.key] == value


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_values_outside_a_range_are_refused_in_one_sentence(game_id):
    cls = GAMES[game_id].state_type()
    for key, (low, high) in cls.OPTION_RANGES.items():
        for bad in (low - 1, high + 1, 10**12, -10**12):
            with pytest.raises(ValueError) as refused:
                cls.validate_options({key: bad})
            message = str(refused.value)
            assert key in message and "\n" not in message and len(message) < 200
        for bad in ("5", 5.5, True, None, [5]):
            if isinstance(cls.DEFAULT_OPTIONS[key], float):
                continue
            with pytest.raises(ValueError):
                cls.validate_options({key: bad})


def test_the_stakes_bet_is_what_the_menu_offers_and_no_more():
    offered = next(o for o in GAMES["yatzy"].options if o.key == "bet").choices
    low, high = YatzyState.OPTION_RANGES["bet"]
    assert (low, high) == (min(offered), max(offered))
    for bet in (1001, 75309, 4, 0):
        with pytest.raises(ValueError, match="bet"):
            YatzyState([Seat("A"), Seat("B")], {"stakes": True, "bet": bet}, seed=1)


@pytest.mark.parametrize("options, needle", [
    ({"stakes": True, "bankrolls": [-1, 1000]}, "bankrolls"),
    ({"stakes": True, "bankrolls": [1000, 10**9]}, "bankrolls"),
    ({"stakes": True, "bankrolls": [1000]}, "one entry per player"),
    ({"stakes": False, "bankrolls": [1000, 1000]}, "Stakes rule, which is off"),
    ({"stakes": True, "bankrolls": [1000, True]}, "bankrolls"),
])
def test_bankrolls_out_of_range_are_refused(options, needle):
    with pytest.raises(ValueError, match=needle):
        YatzyState([Seat("A"), Seat("B")], options, seed=1)


def test_a_save_with_a_huge_bet_and_bankrolls_is_refused_at_load():
    """Issue 18: bet 5000 with bankrolls [4999, 1000000000] loaded and resumed with chips
    -4,000 and 999,995,000."""
    good = YatzyState([Seat("A"), Seat("B")], {"stakes": True, "bet": 10}, seed=3).save()
    bad = dict(good, options={"dice": 5, "stakes": True, "bet": 5000,
                              "bankrolls": [4999, 1_000_000_000]})
    with pytest.raises(SaveError) as refused:
        YatzyState.load(bad)
    assert "bet" in str(refused.value) and len(str(refused.value)) < 300


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(bet=st.integers(5, 100), chips=st.lists(st.integers(0, YatzyState.MAX_CHIPS),
                                               min_size=2, max_size=6))
def test_no_bankroll_goes_below_zero(bet, chips):
    """Whatever the bet and bankrolls the engine accepts, the chips after the bets are in
    (and after a whole game, the pot paid out) are never negative."""
    from game.bots import make_policy
    seats = [Seat(f"P{i}", "easy") for i in range(len(chips))]
    state = YatzyState(seats, {"stakes": True, "bet": bet, "bankrolls": chips}, seed=bet)
    assert min(state.chips) >= 0
    bots = {i: make_policy(GAMES["yatzy"].bot_module, "easy", seed=i) for i in range(len(chips))}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    assert min(state.chips) >= 0


def test_play_again_keeps_bankrolls_inside_the_range(app):
    """A bankroll grown past the cap carries over capped, not refused."""
    info = GAMES["yatzy"]
    state = YatzyState([Seat("You", "easy"), Seat("Ada", "easy")], {"stakes": True}, seed=2)
    from game.bots import make_policy
    bots = {i: make_policy(GAMES["yatzy"].bot_module, "easy", seed=i) for i in range(2)}
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    state.chips[0] = YatzyState.MAX_CHIPS + 500
    results = app.show("results", info=info, state=state)
    results.play_again()
    assert app.scene.state.options["bankrolls"][0] == YatzyState.MAX_CHIPS
