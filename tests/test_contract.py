"""The game contract (game/contract.py, issue 26): every game in the catalog answers what
the shared code asks, and the shared modules ask only that -- no branching on a game's id,
no probing of a state's or a bot's attributes, no import of a game's own modules."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.bots import bot_module, make_policy, policy_names_for
from game.catalog import GAMES
from game.contract import BoxOdds, GameRules, Policy, PolicyBase
from game.odds import CATEGORY_GAMES, Odds, odds, odds_job, shows_boxes
from game.rules.core import GameState, Seat

ROOT = Path(__file__).resolve().parent.parent
# The shared pieces outside the scenes: they find games through the catalog and ask them
# through the contract only.
SHARED = ("game/odds.py", "game/coach.py", "game/review.py", "game/sim.py",
          "game/records.py", "game/recent.py", "game/storage.py", "game/links.py",
          "game/contract.py", "game/rules/session.py", "game/rules/core.py",
          "game/rules/shared.py", "game/bots/__init__.py", "game/bots/turn_search.py")


def a_position(game_id: str, moves: int = 7) -> GameState:
    info = GAMES[game_id]
    state = info.new_game([Seat("A", "easy"), Seat("B", "easy")][:max(2, info.min_players)],
                          seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_keeps_the_contract(game_id):
    info = GAMES[game_id]
    state = a_position(game_id)
    assert isinstance(state, GameRules) and state.GAME_ID == game_id
    assert isinstance(state.table_dice(), list) and isinstance(state.roll_number(), int)
    assert isinstance(state.points_at_stake(), int)
    assert shows_boxes(info) == isinstance(state, BoxOdds) == (game_id in CATEGORY_GAMES)
    assert isinstance(run := odds(state, []), Odds) and run.game == game_id
    assert odds_job(state) is odds_job(info.new_game(state.seats, seed=1))
    bots = bot_module(info)
    assert set(bots.strengths(info.default_options())) <= set(bots.POLICIES)
    for name in policy_names_for(info):
        policy = make_policy(info.bot_module, name, seed=1)
        assert isinstance(policy, Policy) and isinstance(policy, PolicyBase), name
        assert policy.value_unit(state) in ("points", "win")


# What each game's position says of itself: the review's words and the coach's move keys
# read these (they once probed ``dice``, ``rolls`` and ``turn_total``).
FACTS = {"yatzy": (5, True, False), "maxi_yatzy": (6, True, False),
         "farkle": (None, False, True), "pirates": (8, True, False),
         "bona_fortuna": (5, True, False), "grab_it": (5, True, False)}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_position_facts_are_the_games_own(game_id):
    dice, counts_rolls, has_stake = FACTS[game_id]
    info = GAMES[game_id]
    state = info.new_game([Seat("A", "hard"), Seat("B", "hard")][:max(2, info.min_players)],
                          seed=5)
    bot = make_policy(info.bot_module, "hard", seed=5)
    seen_roll = seen_stake = 0
    for _ in range(60):
        if state.is_over():
            break
        shown = state.table_dice()
        assert shown == list(getattr(state, "dice", [])) and shown is not state.dice
        if dice is not None and shown:
            assert len(shown) == dice
        seen_roll = max(seen_roll, state.roll_number())
        seen_stake = max(seen_stake, state.points_at_stake())
        state.apply(bot.choose(state))
    assert (seen_roll > 0) == counts_rolls and (seen_stake > 0) == has_stake


def test_the_category_games_show_each_boxs_chance():
    assert set(CATEGORY_GAMES) == {"yatzy", "maxi_yatzy", "bona_fortuna", "grab_it"}


def test_a_game_without_odds_says_so():
    state = a_position("farkle")
    info = GAMES["farkle"]
    GAMES["farkle"] = type(info)(**{**info.__dict__, "odds": ""})
    try:
        with pytest.raises(ValueError, match="no odds for 'farkle'"):
            odds(state, [])
    finally:
        GAMES["farkle"] = info


def _calls_and_imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr"):
            yield node.lineno, f"{node.func.id}(...)"
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, ("from", node.module, [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, ("import", alias.name, [])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, ("text", node.value)
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            yield node.lineno, f"the private .{node.attr}"


@pytest.mark.parametrize("rel", SHARED)
def test_the_shared_code_asks_games_only_through_the_contract(rel):
    own = {info.state_class.split(":")[0] for info in GAMES.values()}
    own |= {info.bot_module for info in GAMES.values()}
    own |= {info.odds.split(":")[0] for info in GAMES.values() if info.odds} - {"game.odds"}
    found = []
    for line, what in _calls_and_imports(ROOT / rel):
        if isinstance(what, str):
            if not (rel == "game/rules/core.py" and what.startswith("the private")):
                found.append((line, what))  # (core's own helpers keep their privates)
        elif what[0] == "text":
            if what[1] in GAMES:
                found.append((line, f"the game id {what[1]!r}"))
        elif what[1] in own or any(n.startswith("_") for n in what[2]):
            found.append((line, f"{what[0]} {what[1]} {what[2]}"))
    assert not found, f"{rel} reaches into games: {found}"


def test_an_entry_may_name_its_modules_by_whole_path():
    """A game kept outside game/ (a test's) names its rules, bots and odds by whole paths."""
    info = GAMES["farkle"]
    elsewhere = type(info)(**{**info.__dict__, "state_class": "game.games.farkle.rules:FarkleState",
                              "bot_module": "game.games.farkle.bot"})
    assert elsewhere.state_type() is info.state_type()
    assert bot_module(elsewhere) is bot_module(info)
    assert make_policy(elsewhere.bot_module, "hard", seed=1).choose(a_position("farkle")) \
        == make_policy(info.bot_module, "hard", seed=1).choose(a_position("farkle"))
