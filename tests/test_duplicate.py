"""Duplicate dice, the core's mode for the daily challenge: a die thrown in round k by the
r-th roll of the turn in position p shows what the seed, k, r and p say, whatever was held
or rolled before; everything else random (the deck, the seating) stays the generator's.
Ordinary games roll exactly as they always did."""

from __future__ import annotations

import random

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import DUPLICATE, IllegalAction, SaveError, Seat
from game.sim import play_game

# Final fingerprints of seeded games of normal bots, as the code before duplicate dice
# existed gave them: ordinary games (their dice, saves, replays) are bit for bit the same.
BEFORE = {
    ("yatzy", 2): "cc83c47ead2373ea060f9207aad925ba",
    ("maxi_yatzy", 2): "e0f6666d07e5b899f717ebf2547991ef",
    ("farkle", 3): "ded56d45fe488956e6783e2ac183edde",
    ("pirates", 2): "897f40d506f9cdca19be37a7cda6bf24",
    ("bona_fortuna", 2): "b1b710929211469b8058c9198d1b5ef8",
    ("grab_it", 2): "e9ee5eee67031bf98a189146eb729901",
    ("yatzy", 1): "1109d67a69d29ddd4091b9d5f9d23cda",
    ("farkle", 1): "df0851af6add9ad3a327e0a1f00c08a1",
    ("pirates", 1): "e8e2c9ae0bf22599a7184f3e89034bc0",
}
BEFORE_IDS = {"yatzy", "farkle", "pirates", "bona_fortuna", "grab_it"}  # as they were then
SOLO = [gid for gid, info in GAMES.items() if info.takes(1)]


@pytest.mark.parametrize("game_id,players", sorted(BEFORE))
def test_ordinary_games_roll_exactly_as_before(game_id, players):
    state = play_game(game_id, ["normal"] * players, seed=2024)
    # (Maxi Yatzy's fingerprint was made under "yatzy", the id it had then: the same game)
    assert state.digest(game_id if game_id in BEFORE_IDS else "yatzy") == BEFORE[(game_id, players)]
    assert DUPLICATE not in state.options and DUPLICATE not in state.save()["options"]


def rolls_of(game_id: str, seed: int, choose) -> dict[tuple[int, int], dict[int, object]]:
    """Play a duplicate-dice game alone with ``choose(state, legal)``; for every roll, keyed
    by (turns played, roll of the turn), the faces each position the roll threw shows."""
    info = GAMES[game_id]
    state = info.new_game([Seat("A")], {DUPLICATE: True}, seed=seed)
    out: dict[tuple[int, int], dict[int, object]] = {}
    turn, k = -1, 0
    for _ in range(400):  # (enough rolls to compare; a random player may take long to end)
        if state.is_over():
            break
        action = choose(state, state.legal_actions())
        spec = state.roll_spec(action)
        if spec is not None:
            k = k + 1 if turn == state.turns_played else 1
            turn = state.turns_played
            key = (turn, k)
            before = state.turns_played
            events = state.apply(action)
            rolled = next(e for e in events if e["type"] == "rolled")
            assert state.turns_played >= before
            out[key] = {p: rolled["dice"][p] for p in spec.rolled}
        else:
            state.apply(action)
    return out


@pytest.mark.parametrize("game_id", SOLO)
def test_two_players_whose_holds_agree_see_the_same_dice(game_id):
    """Two different players (a hard bot and random play) on the same day's dice: at every
    roll both made, each position both threw shows the same face."""
    hard = make_policy(GAMES[game_id].bot_module, "hard", seed=1)
    rng = random.Random(5)
    a = rolls_of(game_id, 77, lambda s, legal: hard.choose(s))
    b = rolls_of(game_id, 77, lambda s, legal: rng.choice(legal))
    shared = [(key, p) for key in a.keys() & b.keys() for p in a[key].keys() & b[key].keys()]
    assert len(shared) > 20
    assert all(a[key][p] == b[key][p] for key, p in shared)
    # ...and they are dice, not one face: every roll is not the same everywhere
    assert len({a[key][p] for key, p in shared}) > 2
    # another seed (another day) gives other dice at the same rolls
    c = rolls_of(game_id, 78, lambda s, legal: hard.choose(s))
    same = [(key, p) for key in a.keys() & c.keys() for p in a[key].keys() & c[key].keys()]
    assert sum(a[key][p] != c[key][p] for key, p in same) > len(same) // 2


def test_a_die_held_then_rolled_takes_its_own_slots_value():
    info = GAMES["yatzy"]
    one = info.new_game([Seat("A")], {DUPLICATE: True}, seed=3)
    two = info.new_game([Seat("B")], {DUPLICATE: True}, seed=3)
    one.apply({"kind": "roll", "hold": []})
    two.apply({"kind": "roll", "hold": []})
    assert one.dice == two.dice
    one.apply({"kind": "roll", "hold": [0, 1]})
    two.apply({"kind": "roll", "hold": [0, 2]})
    assert one.dice[3:] == two.dice[3:]  # both threw dice 4 and 5: the same faces
    assert one.dice[0] == two.dice[0]  # both held die 1


def test_pirate_fortunes_cards_come_in_one_order_whatever_the_dice():
    info = GAMES["pirates"]
    hard = make_policy(GAMES["pirates"].bot_module, "hard", seed=1)
    rng = random.Random(9)

    def cards(choose) -> list[str]:
        state = info.new_game([Seat("A")], {DUPLICATE: True}, seed=123)
        drawn = []
        while not state.is_over() and len(drawn) < 40:  # (random play may never reach it)
            for e in state.apply(choose(state)):
                if e["type"] == "drew":
                    drawn.append(e["card"])
        return drawn

    a = cards(hard.choose)
    b = cards(lambda s: rng.choice(s.legal_actions()))
    n = min(len(a), len(b))
    assert n >= 10 and a[:n] == b[:n]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bots_play_duplicate_games_and_they_load_like_any_save(game_id):
    info = GAMES[game_id]
    n = info.min_players if info.takes(info.min_players) else 2
    state = play_game(game_id, ["normal"] * n, seed=4, options={DUPLICATE: True})
    assert state.is_over() and state.options[DUPLICATE] is True
    again = info.state_type().load(state.save())
    assert again.digest() == state.digest() and again.actions == state.actions
    # the same seed without the mode is another game
    assert play_game(game_id, ["normal"] * n, seed=4).digest() != state.digest()


def test_a_forced_outcome_stays_forced_in_duplicate_mode():
    """The bots' and the odds' chance model (``after``) still forces what it asks for."""
    state = GAMES["yatzy"].new_game([Seat("A")], {DUPLICATE: True}, seed=8)
    child, _ = state.after({"kind": "roll", "hold": []}, (6, 6, 6, 6, 6))
    assert child.dice == [6, 6, 6, 6, 6]
    farkle = GAMES["farkle"].new_game([Seat("A")], {DUPLICATE: True}, seed=8)
    child, _ = farkle.after({"kind": "roll"}, (1, 1, 1, 5, 5, 2))
    assert sorted(child.dice) == [1, 1, 1, 2, 5, 5]


def test_the_mode_is_on_or_absent_and_an_illegal_move_changes_nothing():
    info = GAMES["yatzy"]
    with pytest.raises(ValueError, match="duplicate must be on"):
        info.new_game([Seat("A")], {DUPLICATE: False}, seed=1)
    with pytest.raises(ValueError, match="duplicate must be on"):
        info.new_game([Seat("A")], {DUPLICATE: 1}, seed=1)
    save = info.new_game([Seat("A")], seed=1).save()
    save["options"][DUPLICATE] = "yes"
    with pytest.raises(SaveError):
        info.state_type().load(save)
    state = info.new_game([Seat("A")], {DUPLICATE: True}, seed=1)
    state.apply({"kind": "roll", "hold": []})
    before = state.to_json()
    draws = state.rng.draws
    with pytest.raises(IllegalAction):
        state.apply({"kind": "roll", "hold": [9]})
    with pytest.raises(IllegalAction):
        state.apply({"kind": "roll", "hold": "x"})
    assert state.to_json() == before and state.rng.draws == draws
    # a roll is a roll: undo never crosses it, in this mode too
    state.apply({"kind": "roll", "hold": [0]})
    assert "roll" in state.undo_refusal()
