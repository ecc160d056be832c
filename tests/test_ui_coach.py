"""The coach through the real scenes and real input events: H and the Hint button show the
strongest bot's move on the table with its value and the cost of the player's selection,
a bot's turn gets a polite refusal, the coach setting cycles and persists, "always" needs
no key, and a game with hints is marked in the records and on the results screen."""

import re

import pygame
import pytest

from game import prefs
from game.app import Settings
from game.bots import make_policy
from game.catalog import GAMES
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from tests.test_ui_layout import assert_fits
from tests.ui_driver import button, click, frames, key, play_until_results, wait_for_hint


def start(app, title: str, game_id: str, bot: str = "normal") -> PlayScene:
    menu = app.scene
    click(button(menu, title).rect.center)
    frames(app)
    menu.seats[0].bot = None
    menu.seats[1].bot = bot
    menu.rebuild()
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info.id == game_id
    return play


def settle(app, play, limit: int = 3000) -> None:
    """Frames until the human may act (bots skipped ahead, banners waited out)."""
    for _ in range(limit):
        if play.human_turn and not play.busy:
            return
        if not play.human_turn and not play.fast_forward:
            key(pygame.K_f)
        frames(app)
    raise AssertionError("the human's turn did not come")


def roll_first(app, play) -> None:
    settle(app, play)
    key(pygame.K_SPACE)
    frames(app)
    settle(app, play)


def test_h_in_yatzy_shows_the_experts_move_and_prices_the_selection(app):
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    assert play.current_hint() is None and not play.hints_used
    expected = make_policy(GAMES["yatzy"].bot_module, "expert", seed=0).choose(play.state)
    key(pygame.K_h)
    hint = wait_for_hint(app, play)
    assert play.hints_used
    assert hint.action == expected and hint.label == "expert"
    assert hint.value is not None and hint.value == max(v for _, v in hint.values)
    advice = play.coach.advice(play.state, hint, play.table)
    assert "expected" in advice and "more points this game" in advice
    dice, box = play.table.hint_marks(hint.action)
    assert dice or box  # something is marked on the table
    assert_fits(app, "play with a hint")
    # Select a clearly worse move: score the worst-valued box now. Its cost is shown.
    worst_action, worst = min(hint.values, key=lambda av: av[1])
    if worst_action["kind"] == "score":
        play.table.cursor = worst_action["category"]
    else:
        play.table.held = set(worst_action["hold"])
    advice = play.coach.advice(play.state, hint, play.table)
    cost = hint.value - worst
    assert cost > 0 and f"costs {cost:.1f} points on average" in advice
    assert_fits(app, "play with a hint and a priced selection")
    # The hint goes with the position: after a move it is gone.
    key(pygame.K_SPACE)
    frames(app)
    assert play.current_hint() is None


def test_the_hint_button_in_farkle_and_a_refusal_on_a_bots_turn(app):
    play = start(app, "Farkle", "farkle")
    roll_first(app, play)
    expected = make_policy(GAMES["farkle"].bot_module, "hard", seed=0).choose(play.state)
    click(button(play, "Hint").rect.center)
    hint = wait_for_hint(app, play)
    assert hint.action == expected and play.hints_used
    assert hint.values is not None and "points banked this turn" in \
        play.coach.advice(play.state, hint, play.table)
    assert_fits(app, "farkle with a hint")
    # Bank or roll as hinted: it is legal. Then on the bot's turn H is refused politely.
    play.act(hint.action)
    for _ in range(600):
        if not play.human_turn and not play.state.is_over():
            break
        if play.human_turn and not play.busy:
            play.act(play.coach.hint(play.state).action)
        frames(app)
    assert not play.human_turn
    app.toast = None
    key(pygame.K_h)
    frames(app)
    assert app.toast is not None and "your own turn" in app.toast[0]
    assert play.current_hint() is None


def test_off_refuses_and_always_shows_without_a_key(app):
    app.settings.coach = "off"
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    assert not button(play, "Hint").enabled
    key(pygame.K_h)
    frames(app)
    assert play.current_hint() is None and not play.hints_used
    assert "coach is off" in app.toast[0]
    app.settings.coach = "always"
    wait_for_hint(app, play)
    assert play.hints_used


def test_the_menu_cycles_the_coach_and_it_persists(app):
    menu = app.scene
    assert button(menu, "Coach").label == "Coach: On request"
    click(button(menu, "Coach").rect.center)
    frames(app)
    assert app.settings.coach == "always" and button(menu, "Coach").label == "Coach: Always"
    back = Settings()
    prefs.load_into(back)
    assert back.coach == "always"
    click(button(menu, "Coach").rect.center)
    frames(app)
    assert app.settings.coach == "off"
    assert_fits(app, "menu with the coach button")


def test_a_hinted_game_is_marked_in_the_records_and_the_results(app):
    start(app, "Yatzy", "yatzy")
    asked = []

    def move(scene):
        if scene.state.rolls == 0:
            key(pygame.K_SPACE)
        elif not asked:
            key(pygame.K_h)  # one hint in the whole game
            asked.append(1)
        elif not scene.hints_used:
            pass  # the coach is still thinking: wait for its hint before moving on
        else:
            key(pygame.K_DOWN)
            key(pygame.K_RETURN)
            key(pygame.K_RETURN)

    play_until_results(app, move, lambda scene: key(pygame.K_f), drawn=False)
    results = app.scene
    assert isinstance(results, ResultsScene) and results.hinted
    assert_fits(app, "results of a hinted game")
    record = app.load_records().games["yatzy"]
    assert record.players["You"].hinted == 1
    assert any(h["hinted"] for h in record.high if h["name"] == "You")


def test_an_unhinted_game_is_not_marked(app):
    start(app, "Yatzy", "yatzy")

    def move(scene):
        if scene.state.rolls == 0:
            key(pygame.K_SPACE)
        else:
            key(pygame.K_DOWN)
            key(pygame.K_RETURN)
            key(pygame.K_RETURN)

    play_until_results(app, move, lambda scene: key(pygame.K_f), drawn=False)
    assert not app.scene.hinted
    assert app.load_records().games["yatzy"].players["You"].hinted == 0


GAMES_BY_TITLE = [("Yatzy", "yatzy"), ("Maxi Yatzy", "maxi_yatzy"), ("Farkle", "farkle"),
                  ("Pirate Fortune", "pirates"), ("Bona Fortuna", "bona_fortuna"),
                  ("Grab It!", "grab_it")]


@pytest.mark.parametrize("title,game_id", GAMES_BY_TITLE)
def test_every_game_takes_hints_on_the_table(app, title, game_id):
    """In every game: the human asks for a hint at each decision and plays it; every hint
    is drawn inside its box, marks only dice on the table, and is a legal move."""
    from game.scenes.carddraw import CardDrawScene
    from tests.ui_driver import undrawn
    play = start(app, title, game_id)
    taken = valued = 0
    for _ in range(20_000):
        scene = app.scene
        if play.state.is_over():
            break
        if isinstance(scene, CardDrawScene):
            if scene.human and scene.phase == "wait":
                key(pygame.K_SPACE)
        elif scene is play and play.human_turn and not play.busy:
            play.request_hint()
            with undrawn(app):  # (a hint looked at is drawn afresh: assert_fits)
                hint = wait_for_hint(app, play)
            dice, _ = play.table.hint_marks(hint.action)
            assert all(i < len(play.state.dice) for i in dice)
            if taken % 5 == 0:
                assert_fits(app, f"{game_id} with a hint, decision {taken}")
            valued += hint.values is not None
            assert play.act(hint.action), hint.action
            taken += 1
            if taken >= 30:
                break
        elif scene is play and not play.human_turn and not play.fast_forward:
            key(pygame.K_f)
        with undrawn(app):
            frames(app)
    assert (taken >= 30 or play.state.is_over() and taken >= 10) and play.hints_used
    if game_id in ("yatzy", "maxi_yatzy", "farkle", "pirates", "grab_it"):
        assert valued > 0


def test_the_hinted_mark_survives_undo(app):
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    key(pygame.K_h)
    wait_for_hint(app, play)
    assert play.hints_used
    box = play.state.open_categories()[-1]
    play.act({"kind": "score", "category": box})
    frames(app)
    key(pygame.K_z, mod=pygame.KMOD_CTRL)
    frames(app)
    assert box not in play.state.sheets[0] and play.hints_used
    assert play.current_hint() is None  # the old hint went with the old position


def drawn_text(app) -> str:
    from game.ui import text
    with text.record() as drawn:
        app.draw()
    return " | ".join(t for t, _, _ in drawn)


def test_h_in_bona_fortuna_thinks_over_frames_then_prices_the_selection(app):
    """The hint is worked out by a task over frames ("Coach is thinking…" meanwhile), is
    the hard bot's move with the best value, and prices what the player selected."""
    import random

    from game.games.bona_fortuna.bot import HardPolicy
    play = start(app, "Bona Fortuna", "bona_fortuna")
    roll_first(app, play)
    play.hint_budget = 0.0  # one piece of the coach's work per frame: the frames show it
    expected = HardPolicy(random.Random(0)).choose(play.state.rewound(len(play.state.actions)))
    key(pygame.K_h)
    frames(app)
    assert play.current_hint() is None and play.coach_thinking() and not play.hints_used
    assert "Coach is thinking" in drawn_text(app)
    assert_fits(app, "bona fortuna while the coach thinks")
    waited = 1
    while play.current_hint() is None:
        assert play.coach_thinking() and "Coach is thinking" in drawn_text(app)
        frames(app)
        waited += 1
        assert waited < 500, "the hint never came"
    assert waited >= 3  # the move and its values came in separate frames
    hint = play.current_hint()
    assert play.hints_used and not play.coach_thinking()
    assert hint.action == expected and hint.label == "hard"
    assert hint.values is not None and hint.value == max(v for _, v in hint.values)
    text = drawn_text(app)
    assert "Coach is thinking" not in text and "Coach (hard bot)" in text
    advice = play.coach.advice(play.state, hint, play.table)
    assert "Rerolling all" in advice and ("costs" in advice or "is as good" in advice)
    # A clearly worse box under the cursor: its cost is shown, to the tenth of a point.
    boxes = [(a, v) for a, v in hint.values if a["kind"] == "score"]
    worst, value = min(boxes, key=lambda av: av[1])
    from game.games.bona_fortuna.table import target_key
    play.table.cursor = target_key(worst.get("column"), worst["box"])
    advice = play.coach.advice(play.state, hint, play.table)
    cost = hint.value - value
    assert cost > 0.05 and f"costs {cost:.1f} points on average" in advice
    assert f"costs {cost:.1f} points" in drawn_text(app)
    assert_fits(app, "bona fortuna with a priced hint")


def test_a_move_made_while_the_coach_thinks_drops_its_work(app):
    play = start(app, "Bona Fortuna", "bona_fortuna")
    roll_first(app, play)
    play.hint_budget = 0.0
    key(pygame.K_h)
    frames(app)
    assert play.coach_thinking()
    task = play.hint_task[1]
    key(pygame.K_SPACE)  # roll again before the hint came: that hint is for the old dice
    frames(app)
    assert play.hint_task is None and task.done and task.result is None
    for _ in range(30):
        frames(app)
        assert play.current_hint() is None and not play.hints_used


def test_the_yatzy_sheet_marks_the_coachs_box_and_no_other(app):
    """One adviser: with the coach always on, at every decision the gold cells are exactly
    the hinted box (none when the hint is to roll again); with it off, none at all."""
    app.settings.coach = "always"
    play = start(app, "Yatzy", "yatzy")
    boxes_seen = rolls_seen = 0
    for _ in range(20_000):
        if boxes_seen >= 3 and rolls_seen >= 2 or play.state.is_over():
            break
        if play.human_turn and not play.busy:
            if play.state.rolls == 0:
                key(pygame.K_SPACE)
                frames(app)
                continue
            hint = wait_for_hint(app, play)
            model = play.table.sheet()
            gold = [r.key for r in model.rows if r.cells and r.cells[0].fill is not None]
            if hint.action["kind"] == "score":
                assert gold == [hint.action["category"]]
                boxes_seen += 1
            else:
                assert gold == []
                rolls_seen += 1
            assert "coach" in model.footer and "hard bot" not in model.footer
            play.act(hint.action)
        elif not play.human_turn and not play.fast_forward:
            key(pygame.K_f)
        frames(app)
    assert boxes_seen >= 3 and rolls_seen >= 2
    app.settings.coach = "off"
    settle(app, play)
    key(pygame.K_SPACE)
    frames(app)
    settle(app, play)
    play.state.rolls = 3
    frames(app, 5)
    model = play.table.sheet()
    assert [r.key for r in model.rows if r.cells and r.cells[0].fill is not None] == []
    assert "coach" not in model.footer and "crosses it out" in model.footer  # (keys: Space)


def test_a_failing_coach_complains_once_and_the_game_goes_on(app):
    """An error inside the coach's task ends that task (never the frame loop): one toast,
    and "always" does not ask again for the same position."""
    from game.coach import Coach
    from game.contract import PolicyBase
    play = start(app, "Yatzy", "yatzy")
    roll_first(app, play)
    coach = Coach(play.info)

    class Broken(PolicyBase):
        def choose(self, state):
            raise RuntimeError("no")

    coach.policy = Broken()
    play.coach = coach
    app.settings.coach = "always"
    started = []
    original = play._show_hint
    play._show_hint = lambda: (started.append(1), original())
    for _ in range(30):
        frames(app)
    assert "could not help" in app.toast[0] and play.current_hint() is None
    assert started and play.hint_task is None and play.hint_failed == play._position()
    asked = len(started)
    frames(app, 10)
    assert play.hint_task is None and len(started) == asked  # not asked again


def farkle_last_turn_game(seed: int = 7):
    """A seeded hard-bot Farkle game replayed, with seat 0 a human, to seat 0's last turn
    just after a roll, behind the leader, where setting some dice aside clearly costs a
    chance to win (the coach prices it > 1 %)."""
    from game.catalog import GAMES
    from game.coach import Coach
    from game.rules.core import Seat
    from game.sim import play_game
    info = GAMES["farkle"]
    coach = Coach(info)
    for s in range(seed, seed + 60):
        game = play_game("farkle", ["hard", "hard"], s)
        for i in range(len(game.actions)):
            state = game.rewound(i)
            if not (state.current == 0 and state.last_round and state.rolled
                    and state.still_to_play == [0]
                    and state.leader_total(0) - state.totals[0] >= 300):
                continue
            h = coach.hint(state)
            worse = [o for o in state.scoring_options()
                     if min(h.cost(state, {"kind": k, "set_aside": o["positions"]}) or 0.0
                            for k in ("roll", "bank")) > 0.01]
            if h.unit == "win" and h.value > 0.05 and worse:
                seats = [Seat("You"), Seat("Ada", "hard")]
                return info, type(state).replay(seats, state.options, state.seed,
                                                game.actions[:i]), worse[0]["positions"]
    raise AssertionError("no last-turn position found")


def test_h_on_farkles_last_turn_prices_moves_in_chance_to_win(app):
    info, state, worse = farkle_last_turn_game()
    play = PlayScene(app, info, state, autosave=False)
    app.replace_all(play)
    frames(app)
    settle(app, play)
    assert play.human_turn and play.state.rolled and play.state.last_round
    expected = make_policy(GAMES["farkle"].bot_module, "hard", seed=0).choose(play.state)
    key(pygame.K_h)
    hint = wait_for_hint(app, play)
    assert hint.action == expected and hint.unit == "win"
    assert hint.value == max(v for _, v in hint.values) and 0.05 < hint.value <= 1.0
    advice = play.coach.advice(play.state, hint, play.table)
    assert f"expected {hint.value:.0%} chance to win" in advice, advice
    assert "points" not in advice
    frames(app)
    drawn = " ".join(drawn_text(app).replace(" | ", " ").split())
    words = " ".join(re.sub(r"\[[^\]]*\]", " ", advice).split())  # (its dice: pictures)
    assert "[" in advice and words in drawn and "[" not in drawn, (advice, drawn)
    assert_fits(app, "farkle's last turn with a hint in chance to win")
    # Select dice whose best use is clearly worse: the cost is in percentage points
    play.table.chosen = set(worse)
    cost = min(hint.cost(play.state, a) for a in play.table.selected()[1])
    advice = play.coach.advice(play.state, hint, play.table)
    assert cost > 0.01 and f"costs {cost * 100:.1f}% chance of winning." in advice, advice
    frames(app)
    assert f"{cost * 100:.1f}% chance" in drawn_text(app)
    assert_fits(app, "farkle's last turn with a selection priced in chance to win")
