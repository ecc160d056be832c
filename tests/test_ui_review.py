"""The post-game review through the real scenes and real input events: V / Review on the
results, the progress while it works, a click on the top decision opens the replay paused
just before that move, Back returns to the review and then to the results; the recent games
in the records open their review and replay; a damaged recent-games store is reported and
the records still open; the hints mark survives Continue."""

from __future__ import annotations

import json

import pygame

from game import storage
from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.sim import play_game
from game.ui import theme
from tests.test_ui_coach import roll_first, start
from tests.test_ui_layout import assert_fits
from tests.ui_driver import (
    button,
    click,
    continue_from_menu,
    frames,
    key,
    new_app,
    play_until_results,
    wait_for_hint,
)


def yatzy_move(scene) -> None:
    """A plain human: roll once, then score the first open box the cursor offers."""
    if scene.state.rolls == 0:
        key(pygame.K_SPACE)
    else:
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        key(pygame.K_RETURN)


def finish_yatzy(app) -> ResultsScene:
    start(app, "Yatzy", "yatzy")
    play_until_results(app, yatzy_move, lambda scene: key(pygame.K_f))
    results = app.scene
    assert isinstance(results, ResultsScene)
    return results


def wait_review(app, scene: ReviewScene, limit: int = 2000) -> int:
    for n in range(limit):
        if scene.review is not None:
            return n
        frames(app)
    raise AssertionError("the review did not finish")


def human_decisions(state, seat: int) -> list[int]:
    pos = type(state).replay(state.seats, state.options, state.seed, [])
    out = []
    for i, action in enumerate(state.actions):
        if pos.current == seat and len(pos.legal_actions()) > 1:
            out.append(i)
        pos.apply(action)
    return out


def row_centre(review, i: int) -> tuple[int, int]:
    """The middle of the i-th row on show in the review's list."""
    from game.ui import theme
    lst = review.regions["list"]
    return (lst.centerx, lst.y + review.head_h + theme.px(6) + i * review.row_h
            + review.row_h // 2)


def test_review_from_the_results_and_a_decision_replayed(app):
    results = finish_yatzy(app)
    final = results.state
    key(pygame.K_v)
    frames(app)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.state is final
    assert review.review is None and review.working  # it works over frames, showing progress
    assert_fits(app, "review in progress")
    waited = wait_review(app, review)
    assert waited >= 1 and review.task.slices >= 2
    assert_fits(app, "review")
    (you,) = review.review.seats
    assert you.name == "You" and you.seat == 0
    assert [d.index for d in you.decisions] == human_decisions(final, 0)
    assert you.total_loss > 0  # "first open box" play is far from the expert's
    ranked = review.rows()
    assert ranked[0].loss == max(d.loss for d in you.decisions if d.loss is not None)
    # The top decision, clicked: the replay waits just before that move.
    top = ranked[0]
    click(row_centre(review, 0))
    frames(app, 3)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.paused
    assert replay.state.actions == final.actions[:top.index]
    assert replay.step_index == top.index and replay.script[top.index] == top.played
    assert f"Move {top.index + 1}" in replay.note and top.played_text in replay.note
    # The best move there is marked on the table with the coach's ring, like a hint.
    assert top.best != top.played and replay.current_hint().action == top.best
    assert "coach" not in replay.table.footer()  # no "H for a hint" where H gives none
    dice, box = replay.table.hint_marks(top.best)
    assert dice or box
    for i in dice:  # (a dashed ring: the coach's colour along the top of it)
        ring = replay.die_spots[i].inflate(theme.px(12), theme.px(12))
        edge = [tuple(app.screen.get_at((x, ring.top + 1)))[:3] for x in range(ring.x, ring.right)]
        assert edge.count(theme.COACH) > ring.w // 4
    assert_fits(app, "replay at a reviewed moment")
    frames(app, 30)  # paused: nothing moves on by itself
    assert replay.state.actions == final.actions[:top.index]
    key(pygame.K_n)  # step: the move that was played
    frames(app, 5)
    assert replay.state.actions == final.actions[:top.index + 1]
    assert replay.current_hint() is None  # the mark is for that moment only
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is review  # back to the review, as it was
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is results


def test_the_review_button_keys_and_scrolling(app):
    results = finish_yatzy(app)
    click(button(results, "Review").rect.center)
    frames(app)
    review = app.scene
    assert isinstance(review, ReviewScene)
    wait_review(app, review)
    rows = review.rows()
    assert len(rows) > 12  # more than one page
    assert review.top == 0 and review.cursor == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0, touch=False))
    frames(app)
    assert review.top == 3  # the wheel scrolls three rows
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert review.top > 3
    key(pygame.K_HOME)
    frames(app)
    assert review.top == 0 and review.cursor == 0
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    frames(app)
    assert review.cursor == 2
    click(button(review, "Page down").rect.center)  # touch: the page buttons
    frames(app)
    assert review.top > 0
    key(pygame.K_HOME)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)  # Enter opens the highlighted (second) decision
    frames(app, 2)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.state.actions == results.state.actions[:rows[1].index]
    click(button(app.scene, "Back").rect.center)
    frames(app)
    assert app.scene is review
    click(button(review, "Back").rect.center)
    frames(app)
    assert app.scene is results


def test_back_while_the_review_works_returns_at_once(app):
    results = finish_yatzy(app)
    key(pygame.K_v)
    frames(app)
    review = app.scene
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is results and review.task.done and review.review is None


def test_a_recent_game_is_reviewed_and_replayed_from_the_records(app):
    results = finish_yatzy(app)
    final = results.state
    key(pygame.K_t)
    frames(app)
    records = app.scene
    assert isinstance(records, RecordsScene)
    key(pygame.K_g)
    for _ in range(200):
        frames(app)
        if records.recent is not None:
            break
    assert records.showing_recent and len(records.recent) == 1
    game = records.recent[0]
    assert game.info.id == "yatzy" and game.state.to_json() == final.to_json()
    assert not game.hinted
    assert_fits(app, "records, recent games")
    click(button(records, "Review").rect.center)
    frames(app)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.state.actions == final.actions
    wait_review(app, review)
    assert [d.index for d in review.review.seats[0].decisions] == human_decisions(final, 0)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is records
    key(pygame.K_r)  # R: the replay of the chosen (first) recent game
    frames(app)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.state.actions == [] and not replay.paused
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is records
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is results


def open_records_from_the_menu(app) -> RecordsScene:
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    click(button(menu, "Records").rect.center)
    frames(app)
    records = app.scene
    assert isinstance(records, RecordsScene)
    for _ in range(200):
        frames(app)
        if records.recent is not None:
            return records
    raise AssertionError("the recent games were not read")


def test_a_damaged_recent_store_gives_a_message_and_the_records_open(app):
    path = storage.path_of(storage.RECENT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"format": 1, "games": [')
    app.toast = None
    records = open_records_from_the_menu(app)
    assert records.recent == []
    assert app.toast is not None and "recent games could not be read" in app.toast[0]
    assert not path.exists() and path.with_name("recent.damaged.json").exists()
    key(pygame.K_g)
    frames(app)
    assert_fits(app, "records, no recent games")
    key(pygame.K_v)  # nothing to review: said so, no crash
    frames(app)
    assert app.scene is records and "No recent games" in app.toast[0]


def test_one_damaged_recent_game_is_dropped_and_the_rest_listed(app):
    from game import recent
    good = play_game("grab_it", ["easy", "normal"], 3)
    recent.remember(recent.RecentGame(GAMES["grab_it"], good, True, 1))
    path = storage.path_of(storage.RECENT)
    data = json.loads(path.read_text())
    broken = json.loads(json.dumps(data["games"][0]))
    broken["save"]["digest"] = "0" * 32
    data["games"].insert(0, broken)
    path.write_text(json.dumps(data))
    app.toast = None
    records = open_records_from_the_menu(app)
    assert len(records.recent) == 1 and records.recent[0].hinted
    assert "A recent game could not be read" in app.toast[0]


def test_a_game_without_a_human_offers_every_seat(app):
    state = play_game("farkle", ["easy", "hard", "normal"], 5)
    results = ResultsScene(app, GAMES["farkle"], state)
    app.replace_all(results)
    frames(app)
    key(pygame.K_v)
    frames(app)
    review = app.scene
    assert review.task is None and review.rows() == []
    assert_fits(app, "review with nobody to review")
    click(button(review, "Review every seat").rect.center)
    frames(app)
    wait_review(app, review)
    assert [r.seat for r in review.review.seats] == [0, 1, 2]
    key(pygame.K_TAB)
    frames(app)
    assert review.tab == 1 and review.rows() == review.review.seats[1].ranked()
    click(button(review, state.seats[2].name).rect.center)
    frames(app)
    assert review.tab == 2


def test_the_hints_mark_survives_continue_into_the_records_and_results(app):
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    key(pygame.K_h)
    wait_for_hint(app, play)  # the coach works over frames (more when its tables are cold)
    assert play.hints_used
    key(pygame.K_RETURN)  # a move after the hint (the autosave has the mark anyway)
    frames(app, 3)
    assert json.loads(storage.save_path().read_text()).get("hinted") is True
    # The app is closed and opened again: Continue.
    app2 = new_app()
    continue_from_menu(app2)
    again = app2.scene
    assert isinstance(again, PlayScene) and again.hints_used
    assert again.state.actions == play.state.actions
    play_until_results(app2, yatzy_move, lambda scene: key(pygame.K_f))
    results = app2.scene
    assert isinstance(results, ResultsScene) and results.hinted
    record = app2.load_records().games["yatzy"]
    assert record.players["You"].hinted == 1
    from game import recent
    games, _ = recent.load()
    assert games[0].hinted and games[0].state.to_json() == results.state.to_json()


def test_an_unhinted_game_continues_unmarked(app):
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    key(pygame.K_RETURN)
    frames(app, 3)
    assert "hinted" not in json.loads(storage.save_path().read_text())
    app2 = new_app()
    continue_from_menu(app2)
    assert isinstance(app2.scene, PlayScene) and not app2.scene.hints_used


def test_a_hint_asked_before_any_move_is_kept_too(app):
    play = start(app, "Yatzy", "yatzy", bot="easy")
    roll_first(app, play)
    key(pygame.K_h)
    wait_for_hint(app, play)  # over frames, more when the coach's tables are cold
    assert json.loads(storage.save_path().read_text()).get("hinted") is True
    assert storage.load_marked()[3] is True
    assert [s.name for s in play.state.seats][0] == "You" and Seat("You").is_human


def test_a_review_that_fails_says_so_and_back_still_works(app, monkeypatch):
    import game.scenes.review as review_scene

    def broken(*args, **kwargs):
        yield 0.5
        raise RuntimeError("a bot's table is missing")
    monkeypatch.setattr(review_scene, "review_steps", broken)
    state = play_game("yatzy", ["easy", "normal"], 2)
    state.seats[0] = Seat("You")
    results = ResultsScene(app, GAMES["yatzy"], state)
    app.replace_all(results)
    frames(app)
    key(pygame.K_v)
    frames(app, 3)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.review is None
    assert "could not be made" in review.error and "table is missing" in review.error
    assert_fits(app, "a failed review")
    key(pygame.K_RETURN)  # nothing to open: told so, no crash
    frames(app)
    assert app.scene is review
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.scene is results


def test_endgame_losses_in_chance_to_win_show_as_percentages(app):
    """A weak Farkle player's endgame is priced in chance to win: its rows read "-7.5%"
    (blue, or red from 5 points), ranked first, and the header counts the win chance lost
    apart from the points."""
    from game.scenes.review import loss_text
    from tests.test_ui_coach import drawn_text
    state = play_game("farkle", ["random", "hard"], 6)
    review = ReviewScene(app, GAMES["farkle"], state, seats=[0])
    app.replace_all(review)
    frames(app)
    wait_review(app, review)
    frames(app)
    r = review.review.seat(0)
    assert r.total_win_loss > 0.05 and r.total_loss > 0
    rows = review.rows()
    top = rows[0]
    assert top.unit == "win" and not top.is_best  # a lost chance to win leads the list
    text, colour = loss_text(top)
    assert text == f"-{top.loss * 100:.1f}%" and colour in (theme.TEXT, theme.BAD)
    points = next(d for d in rows if d.unit == "points" and not d.is_best)
    assert loss_text(points)[0] == f"-{points.loss:,.1f}"  # points keep their plain figure
    drawn = drawn_text(app)
    assert text in drawn
    assert f"{r.total_loss:,.1f} points lost · {r.total_win_loss * 100:.1f}% win chance lost" \
        in " ".join(drawn.replace(" | ", " ").split()), drawn
    assert_fits(app, "review with losses in chance to win")
    # the replay of that moment says what it cost in words
    review.open(0)
    frames(app)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert f"{top.loss * 100:.1f}% chance of winning lost" in replay.note


def test_grab_it_race_losses_say_how_margin_counts(app):
    from tests.test_ui_coach import drawn_text
    state = play_game("grab_it", ["random", "hard"], 4)
    review = ReviewScene(app, GAMES["grab_it"], state, seats=[0])
    app.replace_all(review)
    frames(app)
    wait_review(app, review)
    frames(app)
    top = review.rows()[0]
    assert top.unit == "win" and top.loss >= 0.05
    drawn = " ".join(drawn_text(app).replace(" | ", " ").split())
    assert "win chance lost (each point you win or lose by counts as 1%)" in drawn, drawn
    assert f"-{top.loss * 100:.1f}%" in drawn
    assert_fits(app, "grab it review with a race loss")
    review.open(0)
    frames(app)
    assert (f"{top.loss * 100:.1f}% chance of winning lost, each point you win or lose by counts as 1%"
            in app.scene.note)
