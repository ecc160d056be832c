"""Every event every game can emit is shown by the real play scene and by replays: for
each one a seeded game is continued to one move before it, the move is played, and frames
are drawn (a crash fails; so does an event with neither a banner nor a line in the move
history, except the ones the screen shows otherwise).

The events are read from the engines' source, so a new event without its words fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import Seat
from tests.ui_driver import frames

ROOT = Path(__file__).resolve().parent.parent
# Shown otherwise: whose turn it is, in the top bar; the end, as the final sheet and results.
SILENT = {"turn", "game_over"}

# (game, event): the options, the bots and the seed of a game where the event happens, and
# the move (1-based) that makes it. Found by playing seeded games (the event search below
# checks every one still happens there).
CASES = {
    ("yatzy", "rolled"): ({"stakes": True}, ["easy", "normal"], 1, 1),
    ("yatzy", "scored"): ({"stakes": True}, ["easy", "normal"], 1, 4),
    ("yatzy", "reward"): ({"stakes": True}, ["easy", "normal"], 1, 70),
    ("yatzy", "bonus"): ({"stakes": True}, ["easy", "normal"], 1, 114),
    ("yatzy", "pot"): ({"stakes": True}, ["easy", "normal"], 1, 118),
    ("yatzy", "game_over"): ({"stakes": True}, ["easy", "normal"], 1, 118),
    ("maxi_yatzy", "rolled"): ({"stakes": True}, ["easy", "normal"], 1, 1),
    ("maxi_yatzy", "scored"): ({"stakes": True}, ["easy", "normal"], 1, 4),
    ("maxi_yatzy", "pot"): ({"stakes": True}, ["easy", "normal"], 1, 155),
    ("maxi_yatzy", "game_over"): ({"stakes": True}, ["easy", "normal"], 1, 155),
    ("maxi_yatzy", "reward"): ({"stakes": True}, ["normal", "hard"], 2, 79),
    ("maxi_yatzy", "bonus"): ({"stakes": True}, ["normal", "hard"], 2, 151),
}
FARKLE = {"three_farkles": True, "vant_hof": True, "piggyback": True, "piggyback_credit": True,
          "target": 3000, "on_board": False}
for event, move in (("rolled", 1), ("set_aside", 2), ("banked", 2), ("turn", 2),
                    ("hot_dice", 9), ("vant_hof", 10), ("last_round", 10), ("piggyback", 11),
                    ("farkle", 11), ("piggyback_credit", 11), ("game_over", 14)):
    CASES[("farkle", event)] = (FARKLE, ["easy", "normal", "hard"], 1, move)
CASES[("farkle", "penalty")] = (FARKLE, ["normal", "hard", "random"], 2, 19)
for event, pols, seed, move in (
        ("drew", ["easy", "normal"], 1, 1), ("rolled", ["easy", "normal"], 1, 2),
        ("scored", ["easy", "normal"], 1, 7), ("turn", ["easy", "normal"], 1, 7),
        ("last_round", ["easy", "normal"], 1, 38), ("game_over", ["easy", "normal"], 1, 48),
        ("sorceress", ["hard", "random"], 3, 7), ("chest", ["hard", "random"], 3, 33),
        ("island", ["random", "easy"], 4, 13), ("island_penalty", ["random", "easy"], 4, 14),
        ("cursed", ["hard", "random"], 7, 44), ("reshuffled", ["random", "easy"], 344, 136)):
    CASES[("pirates", event)] = ({"target": 3000}, pols, seed, move)
for event, move in (("rolled", 1), ("scored", 4), ("turn", 4), ("bonus", 70), ("phase", 140),
                    ("game_over", 174)):
    CASES[("bona_fortuna", event)] = ({}, ["easy", "normal"], 1, move)
for event, move in (("rolled", 1), ("scored", 2), ("game_over", 40)):
    CASES[("grab_it", event)] = ({}, ["easy", "normal"], 1, move)

# The save of issue 18: a last round that ends with nobody at the target (a Sea Battle lost
# takes the leader back under it): Continue, press Enter (stop), and play goes on.
PLAY_ON = {"format": 2, "game": "pirates", "seats": [{"name": "You", "bot": None},
                                                     {"name": "Ada", "bot": None}],
           "options": {"deck": "default", "negative": False, "target": 3000}, "seed": 3245,
           "actions": [{"kind": "draw"}, {"kind": "roll"}, {"kind": "roll", "dice": [1, 5]},
                       {"kind": "stop"}, {"kind": "draw"}, {"kind": "roll"}],
           "digest": "863a171623be414e110c5b59c37354f1"}


def rules_modules(game_id: str) -> list[str]:
    """The rules modules whose events a game's table shows: its own and the shared one."""
    return [GAMES[game_id].state_class.split(":")[0], "game.rules.shared"]


def emitted(module: str) -> set[str]:
    return set(re.findall(r'"type": "([a-z_]+)"', (ROOT / f"{module.replace('.', '/')}.py").read_text()))


def test_every_event_an_engine_emits_has_a_case():
    """A new event type in an engine fails here until it has a case (and its words)."""
    for game_id in GAMES:
        modules = rules_modules(game_id)
        have = {event for g, event in CASES if g == game_id}
        if game_id == "pirates":
            have |= {"play_on"}
        events = set().union(*(emitted(m) for m in modules))
        shared_only = {"phase"} if game_id != "bona_fortuna" else set()
        shared_only |= {"last_round", "play_on"} if game_id in ("yatzy", "maxi_yatzy",
                                                                "bona_fortuna", "grab_it") \
            else set()
        if game_id == "farkle":
            shared_only |= {"play_on"}  # (a race, like Pirate Fortune's: its words are shared)
        missing = events - have - shared_only
        assert not missing, f"{game_id}: no case for {sorted(missing)}"


def game_up_to(game_id: str, options: dict, policies: list[str], seed: int, move: int):
    """(the game after move - 1 moves, the move, the finished game) of a seeded bot game;
    seat 0 is made human (named You) so that the words for a person are exercised too."""
    info = GAMES[game_id]
    seats = [Seat(f"P{i}", p) for i, p in enumerate(policies)]
    state = info.new_game(seats, options, seed=seed)
    bots = {i: make_policy(info.bot_module, p, seed=seed + i) for i, p in enumerate(policies)}
    actions = []
    while not state.is_over():
        action = bots[state.current].choose(state)
        actions.append(action)
        state.apply(action)
    people = [Seat("You" if i == 0 else f"P{i}", None if i == 0 else p)
              for i, p in enumerate(policies)]
    cls = info.state_type()
    before = cls.replay(people, state.options, seed, actions[:move - 1])
    final = cls.replay(people, state.options, seed, actions)
    return before, actions[move - 1], final


def shown(app, scene, event_type: str, entries: int) -> None:
    """Play frames until the scene has shown what it waits to show; the event's words are
    in the history (``entries`` were there before the move)."""
    for _ in range(600):
        frames(app)
        if not scene.busy:
            break
    frames(app, 3)
    if event_type not in SILENT:
        assert len(scene.history.entries) > entries, f"{event_type}: nothing in the history"
    assert all(isinstance(t, str) for t, _ in scene.history.entries)


@pytest.mark.parametrize("case", sorted(CASES), ids=[f"{g}-{e}" for g, e in sorted(CASES)])
def test_the_event_is_shown_in_play_and_in_a_replay(app, case):
    game_id, event_type = case
    options, policies, seed, move = CASES[case]
    before, action, final = game_up_to(game_id, options, policies, seed, move)
    info = GAMES[game_id]
    probe = info.state_type().replay(before.seats, before.options, before.seed, before.actions)
    assert event_type in {e["type"] for e in probe.apply(action)}, "the case went stale"
    play = app.show("play", info=info, state=before, autosave=False)
    play.banner = None
    frames(app, 2)
    play.bot_plan = None
    entries = len(play.history.entries)
    assert play.act(action)
    shown(app, play, event_type, entries)
    replay = app.show("replay", info=info, final=final, start=move - 1)
    frames(app, 2)
    entries = len(replay.history.entries)
    replay.step_once()
    shown(app, replay, event_type, entries)


def test_play_goes_on_after_a_last_round_nobody_won(app):
    """Issue 18's crash: Continue this save, press Enter: the last round ends with nobody at
    the target, and play goes on, announced."""
    from game.games.pirates.rules import PirateState
    from tests.ui_driver import key
    state = PirateState.load(PLAY_ON)
    play = app.show("play", info=GAMES["pirates"], state=state, autosave=False)
    play.banner = None
    frames(app, 2)
    import pygame
    key(pygame.K_RETURN)
    for _ in range(300):
        frames(app)
        if not play.busy and not state.last_round:
            break
    assert not state.is_over() and state.actions[-1] == {"kind": "stop"}
    assert any("play on" in t for t, _ in play.history.entries)
