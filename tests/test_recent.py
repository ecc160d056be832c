"""The recent games store (game.recent) and the hints mark of the autosave: both read back
strictly; damage is refused with one readable sentence and set aside, never a crash."""

from __future__ import annotations

import json

import pytest

from game import recent, storage
from game.catalog import GAMES
from game.rules.core import SaveError, Seat
from game.sim import play_game


def finished(game_id: str = "yatzy", seed: int = 1, players=("easy", "normal")):
    return play_game(game_id, list(players), seed)


def remember(game_id: str, state, hinted=False, when=1_700_000_000) -> str:
    return recent.remember(recent.RecentGame(GAMES[game_id], state, hinted, when))


def stored() -> dict:
    return json.loads(storage.path_of(storage.RECENT).read_text())


def test_games_come_back_newest_first_with_their_mark_and_date():
    a, b = finished("yatzy", 1), finished("grab_it", 2)
    assert remember("yatzy", a, hinted=True, when=100) == ""
    assert remember("grab_it", b, when=200) == ""
    games, problem = recent.load()
    assert problem == ""
    assert [g.info.id for g in games] == ["grab_it", "yatzy"]
    assert [g.hinted for g in games] == [False, True] and [g.when for g in games] == [200, 100]
    assert games[1].state.to_json() == a.to_json() and games[0].state.to_json() == b.to_json()
    assert games[0].players().startswith("1. ")


def test_only_the_last_few_are_kept():
    states = [finished("grab_it", seed) for seed in range(recent.KEEP + 3)]
    for i, s in enumerate(states):
        remember("grab_it", s, when=i)
    games, _ = recent.load()
    assert len(games) == recent.KEEP == len(stored()["games"])
    assert [g.when for g in games] == list(range(recent.KEEP + 2, 2, -1))


def test_the_store_stays_within_its_size(monkeypatch):
    states = [finished("yatzy", seed) for seed in range(4)]
    two = [recent.RecentGame(GAMES["yatzy"], states[i], False, i).to_json() for i in (3, 2)]
    limit = len(json.dumps({"format": recent.FORMAT, "games": two}, separators=(",", ":")))
    monkeypatch.setitem(storage.MAX_BYTES, storage.RECENT, limit + 10)
    for i, s in enumerate(states):
        remember("yatzy", s, when=i)
    text = storage.path_of(storage.RECENT).read_text()
    assert len(text) <= storage.MAX_BYTES[storage.RECENT]
    games, problem = recent.load()
    assert problem == "" and [g.when for g in games] == [3, 2]  # the oldest went first


@pytest.mark.parametrize("text", [b"\xff\xfe not text", b"{not json", b"[]", b'{"format": 9}',
                                  json.dumps({"format": 1, "games": [{}] * 11}).encode()])
def test_a_damaged_store_is_set_aside_and_starts_afresh(text):
    path = storage.path_of(storage.RECENT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    games, problem = recent.load()
    assert games == [] and problem.startswith("The recent games could not be read (")
    assert problem.endswith("and start afresh.") and len(problem) < 200
    assert not path.exists() and path.with_name("recent.damaged.json").read_bytes() == text
    # and a new game is kept again afterwards
    assert remember("yatzy", finished()) == ""
    assert len(recent.load()[0]) == 1


def test_a_store_too_large_is_refused_unread(monkeypatch):
    monkeypatch.setitem(storage.MAX_BYTES, storage.RECENT, 1000)
    path = storage.path_of(storage.RECENT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "games": []}) + " " * 2000)
    games, problem = recent.load()
    assert games == [] and "larger than 1 kB" in problem


def _entry_cases():
    state = finished("yatzy", 5)
    good = recent.RecentGame(GAMES["yatzy"], state, False, 5).to_json()
    unfinished = GAMES["yatzy"].new_game([Seat("A")], seed=1)
    unfinished.apply({"kind": "roll", "hold": []})
    moved = json.loads(json.dumps(good))
    moved["save"]["actions"][3] = {"kind": "score", "category": "no_such_box"}
    return {
        "extra field": {**good, "x": 1},
        "hints not a bool": {**good, "hinted": "yes"},
        "date negative": {**good, "when": -1},
        "date a bool": {**good, "when": True},
        "unknown game": {**good, "game_id": "chess"},
        "an illegal move": moved,
        "a changed seed": {**good, "save": {**good["save"], "seed": good["save"]["seed"] + 1}},
        "unfinished": {**good, "save": unfinished.save()},
        "not a dict": [1, 2],
        "maxi save as yatzy": {**good, "save": finished("maxi_yatzy", 1).save()},
    }


@pytest.mark.parametrize("case", sorted(_entry_cases()))
def test_one_damaged_game_is_dropped_and_the_others_kept(case):
    good = finished("grab_it", 3)
    remember("grab_it", good, when=7)
    data = stored()
    bad = _entry_cases()[case]
    data["games"].insert(0, bad)
    storage.path_of(storage.RECENT).write_text(json.dumps(data))
    with pytest.raises(SaveError):
        recent.decode_entry(bad)
    games, problem = recent.load()
    assert [g.when for g in games] == [7] and games[0].state.to_json() == good.to_json()
    assert problem.startswith("A recent game could not be read (") and problem.endswith(
        "and was set aside.") and len(problem) < 300
    assert storage.path_of(storage.RECENT).with_name("recent.damaged.json").exists()
    assert recent.load()[1] == ""  # written back clean: no message the second time
    assert len(stored()["games"]) == 1


def test_reading_is_spread_over_steps_one_game_each():
    for seed in range(3):
        remember("yatzy", finished("yatzy", seed), when=seed)
    steps = recent.load_steps()
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as stop:
            games, problem = stop.value
            break
    assert progress == [0.0, 1 / 3, 2 / 3, 1.0] and len(games) == 3 and problem == ""


# -- the hints mark in the autosave ------------------------------------------------------
def test_the_autosave_keeps_the_hints_mark():
    state = GAMES["yatzy"].new_game([Seat("A"), Seat("B", "easy")], seed=3)
    state.apply({"kind": "roll", "hold": []})
    storage.store("yatzy", state, hinted=True)
    info, loaded, session, hinted = storage.load_marked()
    assert hinted is True and loaded.to_json() == state.to_json() and session is None
    assert storage.load_any()[1].to_json() == state.to_json()  # the old reader still reads it
    storage.store("yatzy", state)
    assert storage.load_marked()[3] is False
    assert "hinted" not in json.loads(storage.save_path().read_text())  # old saves look so


@pytest.mark.parametrize("mark", [False, "yes", 1, None, [True]])
def test_a_damaged_hints_mark_is_refused(mark):
    state = GAMES["yatzy"].new_game([Seat("A")], seed=3)
    data = {"game_id": "yatzy", "save": state.save(), "hinted": mark}
    storage.save_path().parent.mkdir(parents=True, exist_ok=True)
    storage.save_path().write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        storage.load_marked()
    assert "hints mark" in str(err.value)


def test_a_session_keeps_the_mark_too():
    from game.rules.session import Session
    seats = [Seat("A"), Seat("B", "easy")]
    session = Session(GAMES["grab_it"], seats, {}, 1, 4)
    storage.store("grab_it", session.current, session, hinted=True)
    info, state, loaded, hinted = storage.load_marked()
    assert hinted and loaded is not None and info.id == "grab_it"


@pytest.mark.parametrize("mark", [False, "yes", 1, None])
def test_a_damaged_recorded_mark_is_refused(mark):
    state = GAMES["yatzy"].new_game([Seat("A")], seed=3)
    data = {"game_id": "yatzy", "save": state.save(), "recorded": mark}
    storage.save_path().parent.mkdir(parents=True, exist_ok=True)
    storage.save_path().write_text(json.dumps(data))
    with pytest.raises(SaveError, match="recorded mark"):
        storage.load_marks()


def test_the_marks_round_trip():
    state = GAMES["yatzy"].new_game([Seat("A")], seed=3)
    storage.store("yatzy", state, hinted=True, recorded=True)
    assert storage.load_marks()[3] == {"hinted", "recorded"}
    storage.store("yatzy", state)
    assert storage.load_marks()[3] == set()
