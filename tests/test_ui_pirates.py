"""Pirate Fortune through the real scenes with real input: whole human-vs-bot games by
keyboard and by mouse, card draws in the card-draw scene, chest moves, the Sorceress."""

import pygame

from game.scenes.carddraw import CardDrawScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.ui.dice import FACE_SETS, die_face, die_index_for_key
from tests.ui_driver import button, click, frames, key, play_until_results

MAX_STEPS = 40_000


def start_pirates(app, strength="normal", **options):
    menu = app.scene
    click(button(menu, "Pirate Fortune").rect.center)
    frames(app)
    menu.seats[1].bot = strength
    menu.options["pirates"].update(options)
    click(button(menu, "Start").rect.center)
    frames(app)
    play = app.scenes[0]  # the card-draw scene may already be over it
    assert isinstance(play, PlayScene) and play.info.id == "pirates"
    return play


def play_pirates(app, by_mouse: bool, seen: dict) -> None:
    """Our player: draw the card, keep coins, diamonds and the biggest set, reroll the rest
    while there are fewer than two skulls; with the chest card, every kept die goes on the
    chest first; the Sorceress undoes a third skull."""
    def press(scene, label, hotkey):
        if by_mouse:
            frames(app)
            click(button(scene, label).rect.center)
        else:
            key(hotkey)

    def move(scene):
        state, table = scene.state, scene.table
        if not state.rolled:
            assert state.drawn, "the card-draw scene comes before the first roll"
            press(scene, "Roll", pygame.K_SPACE)
            return
        if state.cursed():
            seen["sorceress"] = True
            press(scene, "Sorceress", pygame.K_x)
            return
        if state.island:
            seen["island"] = True
            if state.can_reroll():
                for i in state.free_positions():
                    click(scene.die_rects[i].center) if by_mouse else key(pygame.K_1 + i)
                frames(app)
                press(scene, "Reroll", pygame.K_SPACE)
            else:
                press(scene, "Stop", pygame.K_RETURN)
            return
        free = state.free_positions()
        faces = [state.dice[i] for i in free]
        best = max(("parrot", "monkey", "sword"), key=faces.count)
        keep = [i for i in free if state.dice[i] in ("gold", "diamond", best)]
        if state.card == "chest" and keep:
            seen["chest"] = True
            for i in keep:
                click(scene.die_rects[i].center) if by_mouse else key(pygame.K_1 + i)
            frames(app)
            assert table.chosen == set(keep)
            press(scene, "To chest", pygame.K_c)
            frames(app)
            assert set(keep) <= set(state.chest)
            return
        roll = [i for i in free if i not in keep]
        if state.skulls() >= 2 or len(roll) < 2 or not state.can_reroll() or \
                state.stop_value()[0] >= 600:
            press(scene, "Stop", pygame.K_RETURN)
            return
        for i in roll:
            click(scene.die_rects[i].center) if by_mouse else key(pygame.K_1 + i)
        frames(app)
        assert table.chosen == set(roll)
        assert "risk of disqualification" in " ".join(table.status())
        press(scene, "Reroll", pygame.K_SPACE)

    def draw(scene):
        assert isinstance(scene, CardDrawScene)
        if scene.human and scene.phase == "wait":
            seen["draws"] = seen.get("draws", 0) + 1
            click((640, 360)) if by_mouse else key(pygame.K_SPACE)
        elif not scene.human:
            seen["bot_draws"] = seen.get("bot_draws", 0) + 1

    def skip(scene):
        if seen.get("bot_draws", 0) > 3:  # watch the bots draw a few cards first
            click(button(scene, "Skip").rect.center) if by_mouse else key(pygame.K_f)

    play_until_results(app, move, skip, MAX_STEPS, overlay_move=draw, drawn=False,
                       aim=by_mouse)


def check_result(app):
    results = app.scene
    assert isinstance(results, ResultsScene)
    state = results.state
    assert state.is_over()
    assert max(state.totals) >= state.options["target"]
    assert results.ranking[0]["score"] == max(state.totals)


def test_keyboard_game_against_hard(app):
    seen = {}
    start_pirates(app, "hard", target=3000)
    play_pirates(app, by_mouse=False, seen=seen)
    check_result(app)
    assert seen["draws"] >= 3 and seen["bot_draws"] > 0


def test_mouse_game_against_easy_with_the_classic_deck(app):
    seen = {}
    start_pirates(app, "easy", target=3000, deck="classic", negative=True)
    play_pirates(app, by_mouse=True, seen=seen)
    check_result(app)
    assert seen["draws"] >= 3


def test_chest_moves_and_the_reroll_button(app):
    play = start_pirates(app)
    state = play.state
    while not isinstance(app.scene, CardDrawScene) or not app.scene.human:
        if isinstance(app.scene, PlayScene) and not app.scene.human_turn:
            key(pygame.K_f)
        frames(app, 2)
    draw = app.scene
    state.deck.append("chest")  # the next card: the Treasure Chest
    key(pygame.K_SPACE)
    frames(app)
    assert state.card == "chest" and draw.phase in ("flip", "shuffle")
    frames(app, 60)
    assert draw.phase == "show"
    key(pygame.K_RETURN)
    frames(app)
    assert app.scene is play
    key(pygame.K_SPACE)
    frames(app, 60)
    assert state.rolled
    state.dice = ["gold", "gold", "skull", "parrot", "monkey", "sword", "diamond", "parrot"]
    frames(app)
    assert not button(play, "Reroll").enabled
    click(play.die_rects[0].center)
    frames(app)
    assert not button(play, "Reroll").enabled  # one die may not be rolled alone
    click(play.die_rects[2].center)  # a skull
    frames(app)
    assert "Skulls stay" in app.toast[0] and play.table.chosen == {0}
    key(pygame.K_2)
    frames(app)
    click(button(play, "To chest").rect.center)
    frames(app, 2)  # (the frame of a move does game work, the next one draws it: App.worked)
    assert state.chest == [0, 1] and play.table.chosen == set()
    assert play.die_rects[0].y > 200  # drawn in the chest zone now
    click(play.die_rects[1].center)  # off the chest again
    frames(app)
    assert state.chest == [0]
    for k in (pygame.K_4, pygame.K_5):
        key(k)
    frames(app)
    assert button(play, "Reroll 2").enabled
    status = " ".join(play.table.status())
    assert "Stop now: 300" in status and "2.8% risk" in status  # 1 skull: 2 more is 1/36
    key(pygame.K_RETURN)
    frames(app, 3)
    assert state.history[0][-1]["points"] == 300 and state.totals[0] == 300


def test_pirate_options_and_faces(app):
    menu = app.scene
    click(button(menu, "Pirate Fortune").rect.center)
    frames(app)
    labels = [b.label for b in menu.focus.buttons]
    for text in ("Fortune deck: Standard", "Negative scores: Off", "Target score: 8,000"):
        assert any(label.startswith(text) for label in labels), (text, labels)
    click(button(menu, "Fortune deck").rect.center)
    frames(app)
    assert any(b.label.startswith("Fortune deck: Classic") for b in menu.focus.buttons)
    for face in FACE_SETS["pirate"]:  # every face drawn in code, distinct pictures
        assert die_face(face, 60).get_size() == (60, 60)
    images = {pygame.image.tobytes(die_face(f, 60), "RGBA") for f in FACE_SETS["pirate"]}
    assert len(images) == 6
    assert die_index_for_key(pygame.K_8, 8) == 7 and die_index_for_key(pygame.K_9, 8) is None


def wait_for_human_draw(app):
    for _ in range(5000):
        scene = app.scene
        if isinstance(scene, CardDrawScene) and scene.human and scene.phase == "wait":
            return scene
        if isinstance(scene, PlayScene) and not scene.human_turn and not scene.fast_forward:
            key(pygame.K_f)
        frames(app, 2)
    raise AssertionError("no card to draw")


def test_reshuffle_is_shown_and_the_sorceress_is_a_button(app):
    play = start_pirates(app)
    state = play.state
    draw = wait_for_human_draw(app)
    state.discard, state.deck = state.deck + state.discard, []  # the pile has run out
    cards = len(state.discard)
    key(pygame.K_SPACE)
    frames(app)
    assert draw.phase == "shuffle" and state.discard == [] and len(state.deck) == cards - 1
    assert any("reshuffled" in text for text, _ in play.history.lines)
    frames(app, 100)
    assert draw.phase == "show"
    click((640, 360))  # a click (or key) closes it
    frames(app)
    assert app.scene is play
    state.card, state.dice, state.rolls = "sorceress", ["skull"] * 3 + ["gold"] * 5, 1
    frames(app)
    assert button(play, "Sorceress").enabled
    labels = [b.label for b in play.table_buttons.buttons]
    assert labels == ["Sorceress", "Give up"]
    key(pygame.K_x)
    frames(app, 40)
    assert state.sorceress_used


def test_ctrl_z_and_undo_work_over_the_next_players_card(app):
    """Issue 17: after a stop the next player's card comes up about 0.6 s later and swallowed
    Ctrl+Z while Undo still looked enabled. Over the card, Ctrl+Z (and the Undo button)
    take the stop back: the card goes, the turn is the player's again; a new stop brings
    the next player's card up again."""
    from game.catalog import GAMES
    from game.rules.core import Seat
    seats = [Seat("You"), Seat("Ann", "easy")]
    state = GAMES["pirates"].new_game(seats, seed=1)
    if state.seats[state.current].bot:  # the person first, the bot next
        state = GAMES["pirates"].new_game(seats[::-1], seed=1)
    assert not state.seats[state.current].bot
    play = app.show("play", info=GAMES["pirates"], state=state, autosave=False)
    play.banner = None
    for _ in range(3):
        frames(app, 2)
        if isinstance(app.scene, CardDrawScene):
            app.scene.draw_card()
            app.scene.close()
    me = state.current
    play.act({"kind": "roll"})
    frames(app, 90)
    assert state.rolled and not state.cursed() and state.current == me  # (this seed's roll)
    play.act({"kind": "stop"})
    for _ in range(120):  # the end is shown, then the next player's card comes up
        frames(app)
        if isinstance(app.scene, CardDrawScene):
            break
    card = app.scene
    assert isinstance(card, CardDrawScene) and card.seat != me
    assert button(play, "Undo").enabled  # it looks enabled: it must work
    key(pygame.K_z, mod=pygame.KMOD_CTRL)
    frames(app, 2)
    assert app.scene is play and play.state.current == me and play.state.rolled
    play.act({"kind": "stop"})
    for _ in range(120):
        frames(app)
        if isinstance(app.scene, CardDrawScene):
            break
    assert isinstance(app.scene, CardDrawScene)
    click(button(play, "Undo").rect.center)  # the button, clicked over the card
    frames(app, 2)
    assert app.scene is play and play.state.current == me


def test_the_island_s_status_on_a_small_phone_says_its_news_whole():
    """On the Island of Skulls at 360x640: 'every opponent loses 500.' whole, the reminder
    of the rule left out where there is no room for it (it read '…ends th…')."""
    from game.rules.core import Seat
    from game.ui import text
    from tests.test_ui_moments import start
    from tests.test_ui_motion import pirates_with_island
    from tests.test_ui_screens import make_app
    app = make_app((360, 640, 2, True))
    try:
        play = start(app, "pirates", [Seat("Ann"), Seat("Bot", "easy")])
        pirates_with_island(app, play)
        play.banner = None
        app.invalidate()
        with text.record() as drawn:
            app.draw()
        status = play.regions["status"]
        said = " ".join(d.text for d in drawn if status.contains(d.box))
        skulls = play.state.skulls()
        news = f"Island of Skulls: {skulls} skulls, every opponent loses " \
               f"{play.state.island_penalty():,}."
        assert news in said, said
        assert "…" not in said, said
    finally:
        pygame.quit()
