"""The daily challenge: the same dice for everyone from the date, every game that can be
played alone, a week of days, one counted try, the bot's score and the coach's verdict at
the end, a streak, and a share text that tells nothing of the dice and whose link opens
the game as a replay (and offers the day's challenge)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from game import daily, dailyplay, linkplay, links, storage
from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import DUPLICATE
from game.tasks import run_now
from tests.ui_driver import button, click, frames, key

DAY = dt.date(2026, 11, 27)


@pytest.fixture
def on_day(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)
    return DAY


def test_the_date_picks_the_dice_for_every_game_that_can_be_played_alone():
    assert [i.id for i in daily.games()] == [g for g, i in GAMES.items() if i.takes(1)]
    assert {"yatzy", "maxi_yatzy", "farkle", "pirates"} <= {i.id for i in daily.games()}
    for info in daily.games():
        seeds = {daily.seed(info, DAY - dt.timedelta(days=k)) for k in range(30)}
        assert len(seeds) == 30  # a new challenge every day
        state = daily.new_game(info, DAY, "Ann")
        assert state.options[DUPLICATE] is True and not daily.check_game(info, DAY, state)
        assert daily.seed(info, DAY) == daily.seed(info, dt.date(2026, 11, 27))
    assert daily.seed(GAMES["yatzy"], DAY) != daily.seed(GAMES["farkle"], DAY)
    assert daily.days(DAY)[0] == DAY and daily.days(DAY)[-1] == DAY - dt.timedelta(days=7)
    assert daily.playable(DAY - dt.timedelta(days=7), DAY)
    assert not daily.playable(DAY - dt.timedelta(days=8), DAY)
    assert not daily.playable(DAY + dt.timedelta(days=1), DAY)


@pytest.mark.parametrize("game_id", [i.id for i in daily.games()])
def test_two_players_whose_holds_agree_see_the_same_dice_and_days_differ(game_id):
    info = GAMES[game_id]
    first = {}
    for name in ("Ann", "Ben"):
        state = daily.new_game(info, DAY, name)
        if game_id == "pirates":
            state.apply({"kind": "draw"})
        first[name] = next(e for e in state.apply({"kind": "roll"} if game_id != "yatzy" and
                                                  game_id != "maxi_yatzy" else
                                                  {"kind": "roll", "hold": []})
                           if e["type"] == "rolled")["dice"]
    assert first["Ann"] == first["Ben"]
    other = []
    for k in range(1, 6):
        state = daily.new_game(info, DAY - dt.timedelta(days=k), "Ann")
        if game_id == "pirates":
            state.apply({"kind": "draw"})
        action = {"kind": "roll", "hold": []} if "yatzy" in game_id else {"kind": "roll"}
        other.append(next(e for e in state.apply(action) if e["type"] == "rolled")["dice"])
    assert sum(d != first["Ann"] for d in other) >= 4


def play_through(app, info, bot, limit=60_000) -> None:
    for _ in range(limit):
        scene = app.scene
        name = type(scene).__name__
        if name == "DailyResultScene":
            return
        if name == "PlayScene":
            if scene.finished:
                key(pygame.K_RETURN)
            elif scene.human_turn and not scene.busy:
                scene.fast_forward = True  # (the test does not wait for the dice to land)
                scene.act(bot.choose(scene.state))
        elif name == "CardDrawScene":
            key(pygame.K_SPACE)
        frames(app)
    raise AssertionError(f"stuck on {type(app.scene).__name__}")


def settle_result(app, limit=5000):
    for _ in range(limit):
        frames(app)
        if app.scene.ready():
            return app.scene
    raise AssertionError("the bot's game and the review did not finish")


def test_one_try_counts_a_day_and_the_end_says_score_bot_loss_and_streak(app, on_day):
    info = GAMES["yatzy"]
    # yesterday's counted try (a streak of one so far)
    yesterday = daily.new_game(info, DAY - dt.timedelta(days=1), "You")
    daily.finish(info, DAY - dt.timedelta(days=1),
                 run_game(yesterday, make_policy(GAMES["yatzy"].bot_module, "easy", seed=2)))
    click(button(app.scene, "Daily challenge").rect.center)
    frames(app, 2)
    assert type(app.scene).__name__ == "DailyScene"
    assert "Streak: 1 day in a row" in app.scene.streak_text()
    click(button(app.scene, "Yatzy").rect.center)
    frames(app)
    click(button(app.scene, "Today").rect.center)
    frames(app, 2)
    play = app.scene
    assert play.flow.counted and play.state.seed == daily.seed(info, DAY)
    key(pygame.K_h)  # no hints in the counted try
    frames(app)
    assert app.toast[0].startswith("No hints in the daily challenge")
    assert play.current_hint() is None and play.hint_task is None
    bot = make_policy(GAMES["yatzy"].bot_module, "normal", seed=4)
    # half way, back to the menu: the try is kept, and goes on where it was
    for _ in range(4000):
        if len(play.state.actions) >= 12 and not play.busy:
            break
        if play.human_turn and not play.busy:
            play.act(bot.choose(play.state))
        frames(app)
    moves = play.state.actions
    app.to_menu()
    click(button(app.scene, "Daily challenge").rect.center)
    frames(app, 2)
    assert "go on with your try" in button(app.scene, "Today").label
    click(button(app.scene, "Today").rect.center)
    frames(app, 2)
    assert app.scene.state.actions == moves and app.scene.flow.counted
    play_through(app, info, bot)
    result = settle_result(app)
    mine = daily.measure(result.state)
    expert = run_now(daily.bot_steps(info, DAY))
    assert result.bot == expert and result.lost is not None
    lines = " ".join(result.lines())
    assert f"The expert bot on the same dice: {expert.text()}" in lines
    assert f"lost {result.lost:,.1f} points" in lines and "Streak: 2 days in a row" in lines
    kept = daily.get(info, DAY)
    assert kept.counts and kept.result == mine and kept.bot == expert and kept.lost == result.lost
    assert daily.streak(info, DAY) == 2
    # the same day again is practice: it changes nothing kept
    click(button(result, "Practice").rect.center)
    frames(app, 2)
    assert app.scene.flow.counted is False and app.scene.hint_refusal() == ""
    play_through(app, info, make_policy(GAMES["yatzy"].bot_module, "easy", seed=9))
    assert "A practice try: it does not count." in app.scene.lines()
    assert daily.get(info, DAY).result == mine
    # ...and the daily list shows the counted result
    click(button(app.scene, "Daily").rect.center)
    frames(app, 2)
    assert mine.text() in button(app.scene, "Today").label


def run_game(state, policy):
    while not state.is_over():
        state.apply(policy.choose(state))
    return state


def test_a_streak_counts_days_in_a_row_with_a_counted_try(on_day):
    info = GAMES["farkle"]
    assert daily.streak(info, DAY) == 0
    bot = make_policy(GAMES["farkle"].bot_module, "hard", seed=1)
    for k in (1, 2, 3, 5):
        day = DAY - dt.timedelta(days=k)
        daily.finish(info, day, run_game(daily.new_game(info, day), bot))
    assert daily.streak(info, DAY) == 3  # today still to play: yesterday and the two before
    daily.finish(info, DAY, run_game(daily.new_game(info, DAY), bot))
    assert daily.streak(info, DAY) == 4
    daily.spoil(info, DAY - dt.timedelta(days=4))
    day4 = DAY - dt.timedelta(days=4)
    daily.finish(info, day4, run_game(daily.new_game(info, day4), bot))
    assert not daily.get(info, day4).counts and daily.streak(info, DAY) == 4
    assert daily.streak(GAMES["yatzy"], DAY) == 0


def test_the_share_text_tells_no_dice_and_its_link_replays_the_game(app, on_day):
    info = GAMES["farkle"]
    bot = make_policy(GAMES["farkle"].bot_module, "normal", seed=3)
    state = run_game(daily.new_game(info, DAY, "Ann"), bot)
    daily.finish(info, DAY, state)
    app.show("daily_result", info=info, day=DAY, state=state)
    result = settle_result(app)
    text = result.share_text()
    head, squares, link = text.split("\n")[:2], text.split("\n")[2], text.split("\n")[3]
    click(button(result, "Copy").rect.center)
    frames(app)
    assert pygame.scrap.get_text() == text and app.toast[0] == "Copied: paste it in a chat"
    assert len(squares) == daily.STRIP and set(squares) <= set(daily.SQUARES.values())
    assert head[0] == "Dice Harbor daily · Farkle · Fri 27 Nov 2026"
    assert head[1].startswith(daily.measure(state).text())
    # nothing but the link depends on the dice: another game with the same result, the
    # same verdict and streak gives the same text but for its link
    measure, bot_m = daily.measure(state), result.bot
    other = daily.share_text(info, DAY, measure, bot_m, squares, result.streak, "LINK")
    assert other.split("\n")[:3] == text.split("\n")[:3]
    faces = {str(d) for d in range(1, 7)}
    rolled = [e["dice"] for e in replayed_events(state) if e["type"] == "rolled"]
    assert len(rolled) > 10
    assert not any(" ".join(map(str, dice)) in text or "".join(map(str, dice)) in
                   text.replace(link, "") for dice in rolled if len(dice) >= 3)
    assert not (faces & set(squares))
    # the link opens the sharer's game as a replay, and offers the day's challenge
    os_home = storage.folder()
    assert os_home.exists()
    daily_entry = daily.read()[0]
    storage.write_text(storage.DAILY, None)  # a friend's device: no try of that day
    assert linkplay.open_text(app, link)
    shared = app.scene
    assert type(shared).__name__ == "DailySharedScene" and shared.state.digest() == state.digest()
    assert "Play it first" in shared.words()
    click(button(shared, "Watch").rect.center)
    frames(app)
    replay = app.scene
    assert type(replay).__name__ == "ReplayScene" and replay.final.digest() == state.digest()
    replay.change_speed(4)
    for _ in range(20_000):
        frames(app)
        if app.scene is shared:
            break
    assert app.scene is shared and replay.step_index == len(state.actions)
    assert daily.get(info, DAY).spoiled  # watched first: the try will not count
    click(button(shared, "Play").rect.center)
    frames(app, 2)
    assert app.scene.state.seed == daily.seed(info, DAY) and len(app.scene.state.actions) == 0
    assert daily_entry  # (the sharer's device had it)


def replayed_events(state):
    fresh = type(state).replay(state.seats, state.options, state.seed, [])
    out = []
    for action in state.actions:
        out += fresh.apply(action)
    return out


def test_a_link_that_is_not_a_days_challenge_is_refused(app, on_day):
    info = GAMES["yatzy"]
    bot = make_policy(GAMES["yatzy"].bot_module, "normal", seed=3)
    state = run_game(daily.new_game(info, DAY, "Ann"), bot)
    wrong_day = links.encode(info, state, day=(DAY - dt.timedelta(days=1)).isoformat())
    assert linkplay.open_text(app, wrong_day)
    assert app.toast[0].startswith("This daily challenge link cannot be opened: its dice")
    unfinished = links.encode(info, state.rewound(5), day=DAY.isoformat())
    linkplay.open_text(app, unfinished)
    assert "not finished" in app.toast[0]
    assert type(app.scene).__name__ == "MenuScene"


def test_damaged_daily_store_is_set_aside_with_one_sentence(on_day):
    storage.write_text(storage.DAILY, '{"format": 1, "games": {"yatzy": {"2026-11-27": '
                                      '{"save": null, "result": [999, "x"]}}}}')
    tries, problem = daily.read()
    assert tries == {} and problem.startswith("The daily challenges could not be read (")
    assert problem.endswith("start afresh.") and storage.read_text(storage.DAILY) is None


def test_a_finished_counted_try_opens_from_the_list_and_older_saves_are_trimmed(app, on_day):
    info = GAMES["pirates"]
    bot = make_policy(GAMES["pirates"].bot_module, "normal", seed=3)
    old = DAY - dt.timedelta(days=20)
    daily.finish(info, old, run_game(daily.new_game(info, old), bot))
    daily.finish(info, DAY, run_game(daily.new_game(info, DAY), bot))
    assert daily.get(info, old).save is None and daily.get(info, old).counts  # results only
    assert dailyplay.counted_game(info, DAY) is not None
    app.show("daily", game_id="pirates")
    frames(app)
    click(button(app.scene, "Today").rect.center)
    frames(app)
    assert type(app.scene).__name__ == "DailyResultScene" and app.scene.counted
