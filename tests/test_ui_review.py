"""The post-game review through the real scenes and real input events: V / Review on the
results, the progress while it works, a click on the top decision opens the replay paused
just before that move, Back returns to the review and then to the results; the recent games
in the records open their review and replay; a damaged recent-games store is reported and
the records still open; the hints mark survives Continue."""

from __future__ import annotations

import functools
import json
import re

import pygame
import pytest

from game import storage
from game.catalog import GAMES
from game.review import review_steps
from game.rules.core import Seat
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene, table_describer
from game.sim import play_game
from game.tasks import Task
from game.ui import inline, probe, text, theme
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
    play_until_results(app, yatzy_move, lambda scene: key(pygame.K_f), drawn=False)
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
    return review.row_rects()[review.top + i].center


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
    play_until_results(app2, yatzy_move, lambda scene: key(pygame.K_f), drawn=False)
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


# -- every word whole on a phone and a small window ----------------------------------------
SMALL = [(360, 640, 2, True), (390, 844, 3, True), (640, 360, 1, False), (844, 390, 3, True)]


@functools.cache
def made_review(game_id: str):
    """(the finished game of the screens test, its review of seat 0: the longest names,
    the most players), made once for every size."""
    from tests.test_ui_screens import load, positions
    info = GAMES[game_id]
    final = load(info, positions(game_id)[1])
    job = review_steps(info, final, [0], describe=table_describer(info, final))
    while True:
        try:
            next(job)
        except StopIteration as done:
            return final, done.value


def words_of(text: str) -> list[str]:
    """The words of a text as drawn, its dice left out (they are pictures)."""
    return re.findall(r"\w+", "".join(p for p in inline.parse(text) if isinstance(p, str)))


def dice_in(text: str) -> int:
    return sum(len(p.values) for p in inline.parse(text) if isinstance(p, inline.Dice))


def cut(app, drawn, controls, names) -> list[str]:
    """Texts drawn cut with "…" (but a player's name written shorter), or out of their box
    or the window, and controls out of the window or over each other."""
    window = pygame.Rect((0, 0), app.screen.get_size())
    problems = [f"{d.source!r} drawn as {d.text!r}" for d in drawn
                if d.text.endswith("…") and "…" not in d.source and d.source not in names]
    problems += text.overflows(drawn)
    problems += [f"{d.text!r} out of the window" for d in drawn if not window.contains(d.ink)]
    problems += [f"control {c.name!r} out of the window" for c in controls
                 if not window.contains(c.shown)]
    problems += [f"controls {a.name!r} and {b.name!r} overlap" for i, a in enumerate(controls)
                 for b in controls[i + 1:] if a.shown.colliderect(b.shown)
                 and not (a.region and b.region and a.group == b.group)]
    return problems


def buttons_shown(app, buttons, drawn) -> list[str]:
    """Buttons out of the window, over each other, or whose label is not drawn."""
    window = pygame.Rect((0, 0), app.screen.get_size())
    said = {d.source for d in drawn}
    problems = [f"button {b.label!r} at {tuple(b.rect)} out of the window" for b in buttons
                if not window.contains(b.rect)]
    problems += [f"button {b.label!r}'s label not drawn" for b in buttons if b.label not in said]
    problems += [f"buttons {a.label!r} and {b.label!r} overlap" for i, a in enumerate(buttons)
                 for b in buttons[i + 1:] if a.rect.colliderect(b.rect)]
    return problems


@pytest.mark.parametrize("size", SMALL, ids=[f"{w}x{h}r{d}" for w, h, d, _ in SMALL])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_review_and_the_replay_say_every_word_whole_on_small_screens(game_id, size):
    """Every page of the review and a replay at a reviewed moment, on a phone upright and
    on its side and in a 640x360 window: no text cut with "…" (a name may be written
    shorter), and every row's words and dice drawn inside it (a position's "after roll 2"
    was left out, a move's "and roll again" too, without a sign)."""
    from tests.test_ui_screens import at_once, make_app
    info = GAMES[game_id]
    final, made = made_review(game_id)
    names = [s.name for s in final.seats]
    app = make_app(size)
    try:
        review = app.show("review", info=info, state=final, seats=[0])
        review.task = Task(at_once(made))
        frames(app, 2)
        assert review.review is made
        rows, seen = review.rows(), set()
        while True:
            app.invalidate()
            with text.record() as drawn, probe.record_shown() as pictures, \
                    probe.record() as controls:
                app.draw()
            assert not cut(app, drawn, controls, names), cut(app, drawn, controls, names)
            assert not buttons_shown(app, review.focus.buttons, drawn)
            for i, rect in review.row_rects().items():
                seen.add(i)
                inside = [d for d in drawn if rect.contains(d.ink)]
                said = {w for d in inside for w in words_of(d.text)}
                texts = review._texts(rows[i])
                missing = [w for t in texts for w in words_of(t) if w not in said]
                assert not missing, f"row {i} {texts}: {missing} not drawn"
                dice = sum(1 for kind, _, r in pictures if kind == "die" and rect.contains(r))
                assert dice == sum(dice_in(t) for t in texts), f"row {i} {texts}: {dice} dice"
            if review.top + review.rows_per_page >= len(rows):
                break
            review.page(1)
        assert seen == set(range(len(rows)))  # (every row was on a page)

        review.top = review.cursor = 0
        review.open(0)
        frames(app, 3)
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        for _ in range(3):  # the reviewed moment, then a move played, then playing on
            app.invalidate()
            with text.record() as drawn, probe.record() as controls:
                app.draw()
            assert not cut(app, drawn, controls, names), cut(app, drawn, controls, names)
            assert not buttons_shown(app, replay.top_buttons.buttons, drawn)
            shown = {d.source for d in drawn}
            assert replay._played() in shown  # how far the replay is, somewhere
            if replay.step_index == replay.start_index:  # the moment's note, every word
                status = replay.regions["status"]
                said = {w for d in drawn if status.contains(d.ink) for w in words_of(d.text)}
                note = replay.short_note
                assert not [w for w in words_of(note) if w not in said and
                            not any(w in words_of(n) for n in names)], (note, said)
                replay.step_once()
            else:
                replay.toggle_pause()
            frames(app, 2)
    finally:
        pygame.quit()
