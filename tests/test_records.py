"""Records and remembered settings (issue 6): they survive restarts, and damaged files are
reported once, set aside, and never stop the game."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import records, storage
from game.app import App
from game.catalog import GAMES
from game.games.yatzy.rules import CATEGORIES, YatzyState
from game.records import Records
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.records import RecordsScene
from tests.test_saves import json_values, mutate, paths
from tests.ui_driver import button, click, frames, key, new_app


def finished(scores: list[int], names=("You", "Ada"), bots=(None, "easy")) -> YatzyState:
    """A finished Yatzy game whose totals are ``scores`` (sheet filled by hand)."""
    state = YatzyState([Seat(n, b) for n, b in zip(names, bots, strict=True)], seed=1)
    for seat, score in enumerate(scores):
        sheet = {c: 0 for c in CATEGORIES[5]}
        sheet["chance"] = score
        state.sheets[seat] = sheet
    return state


def test_records_count_games_wins_best_average_and_only_humans():
    r = Records()
    assert r.add_game("yatzy", finished([200, 150])) == {0: []}  # a first game: no record
    news = r.add_game("yatzy", finished([250, 260]))
    assert news == {0: ["best score yet (was 200)", "top of the high scores"]}
    r.add_game("yatzy", finished([100, 90]))
    (name, you), = r.table("yatzy")
    assert name == "You" and (you.games, you.wins, you.best) == (3, 2, 250)
    assert you.average == pytest.approx(550 / 3)
    assert [h["score"] for h in r.high_scores("yatzy")] == [250, 200, 100]
    assert Records.from_json(json.loads(json.dumps(r.to_json()))).to_json() == r.to_json()


def test_only_what_beats_an_earlier_game_is_news_and_it_names_its_record():
    """A record is news only when it beats an earlier game: not a first game ever (won or
    lost), not a score that only fills an empty place of the table; the news says what its
    record is, and what was beaten."""
    r = Records()
    assert r.add_game("maxi_yatzy", finished([90, 300])) == {0: []}  # first ever, and lost
    assert r.add_game("maxi_yatzy", finished([80, 10])) == {0: []}  # 2nd place of 2: no news
    assert r.add_game("maxi_yatzy", finished([85, 10])) == {  # beats the 80, not the 90
        0: ["2nd in the high scores"]}
    both = finished([150, 140], ("You", "Bo"), (None, None))  # two people, one game
    assert r.add_game("maxi_yatzy", both) == {
        0: ["best score yet (was 90)", "top of the high scores"],
        1: ["2nd in the high scores"]}  # (Bo's first game: no best beaten)
    assert r.add_game("yatzy", finished([400, 10])) == {0: []}  # each game its own records
    for score in range(11, 18):  # the table fills up (the lowest: 13)
        r.add_game("maxi_yatzy", finished([score, 0]))
    assert len(r.high_scores("maxi_yatzy")) == records.HIGH_SCORES
    lowest = r.high_scores("maxi_yatzy")[-1]["score"]
    assert r.add_game("maxi_yatzy", finished([lowest, 0])) == {0: []}  # does not get in
    assert r.add_game("maxi_yatzy", finished([lowest + 1, 0])) == {  # after an equal 14
        0: ["10th in the high scores"]}
    assert [records.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_a_shared_first_place_counts_as_a_win_and_high_scores_keep_ten():
    r = Records()
    r.add_game("yatzy", finished([120, 120], ("You", "Bo"), (None, None)))
    assert [p.wins for _, p in r.table("yatzy")] == [1, 1]
    for score in range(20):
        r.add_game("yatzy", finished([score * 10, 0]))
    high = r.high_scores("yatzy")
    assert len(high) == records.HIGH_SCORES and high[0]["score"] == 190


@pytest.mark.parametrize("change", [
    lambda d: d.update(format=2),
    lambda d: d["games"]["yatzy"]["players"]["You"].update(wins=99),
    lambda d: d["games"]["yatzy"]["players"]["You"].update(games=-1),
    lambda d: d["games"]["yatzy"]["players"]["You"].update(best=1.5),
    lambda d: d["games"]["yatzy"]["players"].update({"x" * 500: {}}),
    lambda d: d["games"]["yatzy"]["high"].append({"name": "You", "score": "a", "hinted": False}),
    lambda d: d["games"]["yatzy"]["high"].extend([{"name": "A", "score": 1, "hinted": False}] * 11),
    lambda d: d["games"].update({"bad id!": {"players": {}, "high": []}}),
    lambda d: d["games"]["yatzy"].update(is_over=True),
])
def test_damaged_records_are_refused(change):
    r = Records()
    r.add_game("yatzy", finished([200, 150]))
    data = json.loads(json.dumps(r.to_json()))
    change(data)
    with pytest.raises(storage.StoreError):
        Records.from_json(data)


REAL = Records()
REAL.add_game("yatzy", finished([200, 150]))
REAL.add_game("farkle", finished([50, 60]))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_any_mutation_of_the_records_is_refused_or_safe(data):
    base = REAL.to_json()
    path = data.draw(st.sampled_from(list(paths(base))))
    how = data.draw(st.sampled_from(["replace", "delete", "insert"]))
    value = mutate(base, path, how, data.draw(json_values))
    try:
        loaded = Records.from_json(value)
    except storage.StoreError as exc:
        assert 0 < len(str(exc)) < 200
        return
    assert Records.from_json(json.loads(json.dumps(loaded.to_json()))).to_json() == loaded.to_json()
    for gid in loaded.games:
        for name, p in loaded.table(gid):
            assert 0 <= p.wins <= p.games and len(name) <= 16
        consistent(loaded, gid)


def consistent(r: Records, gid: str) -> None:
    """What loaded records always are: bests a game can score, averages up to the best,
    high scores in order, of players with a record, no better than their best."""
    from game.catalog import GAMES
    low, high = GAMES[gid].state_type().score_range(GAMES[gid].fixed_options)
    players = dict(r.table(gid))
    for p in players.values():
        if p.games:
            assert low <= p.best <= high and low <= p.average <= p.best
    scores = [h["score"] for h in r.high_scores(gid)]
    assert scores == sorted(scores, reverse=True)
    for h in r.high_scores(gid):
        assert h["name"] in players and h["score"] <= players[h["name"]].best


def contradictions(data: st.DataObject, base: dict) -> tuple[str, dict]:
    """Real records made to contradict themselves in one of the ways issue 18 lists, with
    random magnitudes: each is refused as a whole."""
    data_ = json.loads(json.dumps(base))
    gid = data.draw(st.sampled_from(sorted(data_["games"])))
    g = data_["games"][gid]
    name = data.draw(st.sampled_from(sorted(g["players"])))
    p = g["players"][name]
    kind = data.draw(st.sampled_from(["best too high", "negative best", "average above best",
                                      "high out of order", "high above best", "stranger",
                                      "too many highs", "unknown game"]))
    if kind == "best too high":
        p["best"] += data.draw(st.integers(10**6, 10**12))
        p["total"] = p["best"] * p["games"]
    elif kind == "negative best":
        if gid in ("farkle", "pirates"):
            p["best"] = -data.draw(st.integers(10**6 + 1, 10**11))
        else:
            p["best"] = -data.draw(st.integers(1, 10**6))
        p["total"] = p["best"] * p["games"]
        g["high"] = [h for h in g["high"] if h["name"] != name]
    elif kind == "average above best":
        p["total"] = p["best"] * p["games"] + data.draw(st.integers(1, 10**6))
    elif kind == "high out of order":
        g["high"] = [{"name": name, "score": p["best"] - 5, "hinted": False},
                     {"name": name, "score": p["best"], "hinted": False}]
        p["games"] = max(p["games"], 2)
        p["total"] = p["best"] * p["games"]
    elif kind == "high above best":
        g["high"] = [{"name": name, "score": p["best"] + data.draw(st.integers(1, 50)),
                      "hinted": False}]
    elif kind == "stranger":
        g["high"] = [{"name": "Nobody here", "score": 1, "hinted": False}]
    elif kind == "too many highs":
        g["high"] = [{"name": name, "score": p["best"], "hinted": False}] * (p["games"] + 1)
    else:
        data_["games"]["chess"] = data_["games"].pop(gid)
    return kind, data_


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_records_that_contradict_themselves_are_refused_as_a_whole(data):
    kind, damaged = contradictions(data, REAL.to_json())
    with pytest.raises(storage.StoreError) as refused:
        Records.from_json(damaged)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200, kind


@pytest.mark.parametrize("change, words", [
    (lambda p, g: p.update(best=1_000_000_000, total=1_000_000_000), "no game can score"),
    (lambda p, g: p.update(best=-5, total=-5), "no game can score"),
    (lambda p, g: p.update(total=p["best"] * p["games"] + 1), "average above its best"),
    (lambda p, g: g.update(high=[{"name": "Zoe", "score": 1, "hinted": False}]), "no record"),
    (lambda p, g: g.update(high=[{"name": "You", "score": 201, "hinted": False}]),
     "above its player's best"),
    (lambda p, g: g.update(high=[{"name": "You", "score": 100, "hinted": False},
                                 {"name": "You", "score": 150, "hinted": False}]),
     "out of order"),
])
def test_each_contradiction_of_issue_18_is_named(change, words, isolated_saves):
    """A best of a billion in Yatzy (whose most is 404), a negative best in a game that
    never scores below 0, an average above the best, a high score of nobody, above its
    player's best, or out of order: the file is set aside and the reason named."""
    data = json.loads(json.dumps(REAL.to_json()))
    g = data["games"]["yatzy"]
    change(g["players"]["You"], g)
    storage.write_text(storage.RECORDS, json.dumps(data))
    loaded, problem = records.load()
    assert loaded.games == {} and words in problem and problem.startswith("The records")
    assert storage.path_of(storage.RECORDS).with_name("records.damaged.json").exists()


def test_records_survive_a_restart_and_show_on_their_screen(app):
    app.record_game("yatzy", finished([222, 100]))
    again = new_app()
    assert again.load_records().table("yatzy")[0][1].best == 222
    again.push(MenuScene(again))
    frames(again)
    click(button(again.scene, "Records").rect.center)
    frames(again, 2)
    assert isinstance(again.scene, RecordsScene) and again.scene.game_id == "yatzy"
    key(pygame.K_RIGHT)
    frames(again)
    assert again.scene.game_id == "maxi_yatzy"
    key(pygame.K_ESCAPE)
    frames(again)
    assert isinstance(again.scene, MenuScene)


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[" * 50_000, b'{"format": 1}', b"null"])
def test_damaged_records_file_is_reported_and_set_aside(content, isolated_saves):
    path = storage.path_of(storage.RECORDS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = new_app()
    loaded = app.load_records()
    if content == b"null":  # JSON null is "no records": nothing to report
        return
    assert loaded.games == {} and "records could not be read" in app.toast[0]
    assert (isolated_saves / "records.damaged.json").read_bytes() == content
    app.record_game("yatzy", finished([10, 5]))  # and they work again
    assert new_app().load_records().table("yatzy")


def test_bot_pace_and_mute_are_remembered(app):
    menu = app.scene
    click(button(menu, "Bot pace:").rect.center)
    frames(app)
    speed = app.settings.bot_speed
    key(pygame.K_m)
    frames(app)
    assert app.sounds.muted
    pygame.quit()
    again = App(sound=True, seed=1)  # a restart (new_app would set the test pace)
    assert speed != "normal" and again.settings.bot_speed == speed and again.sounds.muted


@pytest.mark.parametrize("content, kept", [
    (b"\x00\x01", {}),
    (json.dumps({"format": 1, "bot_speed": "warp", "muted": True}).encode(), {"muted": True}),
    (json.dumps({"format": 1, "bot_speed": "slow", "muted": "yes"}).encode(),
     {"bot_speed": "slow"}),
    (json.dumps({"format": 1, "seats": {"yatzy": [{"name": "x" * 99, "bot": None}]}}).encode(), {}),
    (json.dumps({"format": 1, "options": {"farkle": {"target": 10**9}}}).encode(), {}),
])
def test_damaged_settings_fall_back_to_defaults(content, kept, isolated_saves):
    path = storage.path_of(storage.SETTINGS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    pygame.quit()
    app = App(sound=True, seed=1)
    assert app.toast and "settings" in app.toast[0]
    for key_, value in kept.items():
        assert getattr(app.settings, key_) == value
    assert app.settings.bot_speed in ("slow", "normal", "fast")
    assert (isolated_saves / "settings.damaged.json").exists()


def test_seats_names_and_options_are_remembered_across_restarts(app):
    menu = app.scene
    menu.choose_game("farkle")
    menu.seats[0].name = "Zoë Ωmega"
    menu.options["farkle"]["target"] = 5000
    click(button(menu, "Start").rect.center)
    frames(app)
    pygame.quit()
    again = App(sound=True, seed=1)
    again.push(MenuScene(again, "farkle"))
    frames(again)
    assert again.scene.seats[0].name == "Zoë Ωmega"
    assert again.scene.option_value(next(o for o in again.scene.info.options
                                         if o.key == "target")) == 5000


def test_a_remembered_random_bot_comes_back_as_a_random_bot(app):
    """A "random" bot seat in the settings stays a bot (it used to come back human)."""
    app.settings.seats["farkle"] = [{"name": "Ann", "bot": None},
                                    {"name": "Rando", "bot": "random"},
                                    {"name": "Hal", "bot": "hard"}]
    app.push(MenuScene(app, "farkle"))
    frames(app)
    assert [(s.name, s.bot) for s in app.scene.seats] == [
        ("Ann", None), ("Rando", "random"), ("Hal", "hard")]
    assert button(app.scene, "Random") is not None  # its strength is shown


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_value_of_every_game_round_trips_through_the_settings(game_id,
                                                                          isolated_saves):
    """Issue 17: choosing a Grab It! session made every later launch say "Some settings were
    damaged" and move settings.json aside. Every value the menu offers for every option of
    every game is saved and read back as it was, with no message."""
    from game import prefs
    from game.app import Settings
    info = GAMES[game_id]
    for opt in info.options:
        values = (True, False) if opt.kind == "bool" else opt.choices
        for value in values:
            chosen = Settings()
            chosen.options = {game_id: {opt.key: value}}
            assert prefs.save_from(chosen)
            back = Settings()
            assert prefs.load_into(back) == "", (opt.key, value)
            assert back.options[game_id] == {opt.key: value}
            assert not storage.path_of(storage.SETTINGS).with_name(
                "settings.damaged.json").exists()
