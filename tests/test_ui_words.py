"""What the screens say, read through the real app: names as typed, sentences that agree,
numbers as the rules write them, dialogs that say what they act on, name entry."""

from __future__ import annotations

import re

import pygame
import pytest

from game import storage
from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import NAME_MAX, Seat
from game.scenes.carddraw import CardDrawScene
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.ui import text, theme
from tests.frame_sampling import Sampled
from tests.ui_driver import button, click, frames, key, new_app, type_text, use_hand


def drawn_texts(app) -> list[str]:
    """Every whole text on screen now (a wrapped text once), the message included."""
    from tests.scene_tour import capture
    return capture(app)


def finished_yatzy():
    """A whole game of Yatzy, "You" against a normal bot, both played by an easy bot."""
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "normal")], {}, seed=1)
    bot = make_policy(info.bot_module, "easy", seed=1)
    while not state.is_over():
        state.apply(bot.choose(state))
    return info, state


def pirate_game_for(first: str, other: str, seed_from: int = 0):
    info = GAMES["pirates"]
    for seed in range(seed_from, seed_from + 200):
        state = info.new_game([Seat(first), Seat(other)], {}, seed=seed)
        if state.current == 0:
            return info, state
    raise AssertionError("no seed lets the first seat start")


def test_the_card_draw_keeps_a_name_as_typed():
    """A person's own card draw is titled with their name exactly as typed ("åsa-Märta's",
    never "Åsa-märta's"), and "Your Fortune Card" for You."""
    for name, title in (("åsa-Märta", "åsa-Märta's Fortune Card"),
                        ("You", "Your Fortune Card")):
        app = new_app()
        try:
            info, state = pirate_game_for(name, "Ada" if name == "You" else "You")
            app.show("play", info=info, state=state, autosave=False)
            for _ in range(300):
                frames(app)
                if isinstance(app.scene, CardDrawScene):
                    break
            assert isinstance(app.scene, CardDrawScene) and app.scene.human
            texts = drawn_texts(app)
            assert title in texts, texts
        finally:
            pygame.quit()


# -- name entry -------------------------------------------------------------------------------
def start_typing(app, seat: int = 0):
    """Click a seat's name and rub it out, as a player about to type a new one does."""
    menu = app.scene
    click(button(menu, menu.seats[seat].name).rect.center)
    frames(app)
    assert menu.typing == seat
    for _ in range(NAME_MAX):
        key(pygame.K_BACKSPACE)
    frames(app)
    return menu


def test_a_refused_character_is_named_in_words(app):
    """The fonts cannot draw 中 or 😀: the message names them in words (and never tries to
    draw them, which would show an empty box)."""
    menu = start_typing(app)
    type_text("Li中")
    frames(app)
    assert menu.seats[0].name == "Li"
    message = app.toast[0]
    assert message.startswith("The Chinese character U+4E2D cannot be shown"), message
    assert "中" not in message and theme.can_draw(message)
    assert message in drawn_texts(app)  # on screen, whole
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="😀☃"))  # (an input method
    frames(app)  # may send several characters at once)
    message = app.toast[0]
    assert message.startswith("The emoji U+1F600 (grinning face) (and 1 other character) "
                              "cannot be shown"), message
    assert theme.can_draw(message) and menu.seats[0].name == "Li"


def test_two_seats_cannot_share_a_name(app):
    """Records are kept per name: a name another seat has (whatever its capitals and
    spaces) is refused while typing, put back when the typing is left, and Start never
    starts a game with two equal names; a new bot takes a name nobody has."""
    menu = start_typing(app)
    assert [s.name for s in menu.seats] == ["", "Ada"]  # a person, the default bot
    type_text(" aDA ")
    key(pygame.K_RETURN)
    frames(app)
    assert menu.typing == 0  # refused: the field stays open to change it
    assert "Ada is already at the table" in app.toast[0]
    assert "cannot share a name" in app.toast[0]
    key(pygame.K_ESCAPE)  # left with the clash: the name it had comes back
    frames(app)
    assert menu.typing is None and menu.seats[0].name == "You"

    menu = start_typing(app)
    type_text("ada")
    click(button(menu, "Start").rect.center)  # the click leaves the field: refused, not started
    frames(app)
    assert isinstance(app.scene, MenuScene) and menu.seats[0].name == "You"
    assert "Ada is already at the table" in app.toast[0]

    menu = start_typing(app)
    type_text("bram")
    key(pygame.K_RETURN)
    frames(app)
    assert menu.typing is None and menu.seats[0].name == "bram"
    click(button(menu, "+ Add player").rect.center)  # the next bot name would be "Bram"
    frames(app)
    assert [s.name for s in menu.seats] == ["bram", "Ada", "Cleo"]

    menu.seats[2].name = "ADA"  # (say, seats remembered from an older version)
    click(button(menu, "Start").rect.center)
    frames(app)
    assert isinstance(app.scene, MenuScene) and "cannot share a name" in app.toast[0]
    menu.seats[2].name = "Cleo"
    click(button(menu, "Start").rect.center)
    frames(app)
    assert isinstance(app.scene, PlayScene)
    assert [s.name for s in app.scene.state.seats] == ["bram", "Ada", "Cleo"]


def test_emptied_names_do_not_clash(app):
    menu = start_typing(app)
    key(pygame.K_RETURN)
    frames(app)
    assert menu.seats[0].name == "Player"
    menu.toggle_kind(1)  # Ada becomes a person
    menu = start_typing(app, 1)
    key(pygame.K_TAB)
    frames(app)
    assert [s.name for s in menu.seats] == ["Player", "Player 2"] and menu.typing is None


# -- solo play --------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, target", [("farkle", 2000), ("pirates", 3000)])
def test_a_solo_race_reports_the_turns_it_took(game_id, target):
    """Solo Farkle and Pirate Fortune are practice at reaching the target in as few turns as
    possible (RULES.md): the results say how many turns it took, not "You win!"."""
    info = GAMES[game_id]
    state = info.new_game([Seat("You")], {"target": target}, seed=3)
    bot = make_policy(info.bot_module, "normal", seed=1)
    while not state.is_over():
        state.apply(bot.choose(state))
    turns = state.turns_taken(0)
    app = new_app()
    try:
        app.show("results", info=info, state=state)
        frames(app)
        texts = drawn_texts(app)
        assert f"You reached {target:,} in {turns} turns!" in texts, texts
        assert f"Solo: reach {target:,} in as few turns as you can" in texts
        assert not any("win" in t.lower() for t in texts), texts
    finally:
        pygame.quit()


def test_a_solo_yatzy_reports_the_score():
    info = GAMES["yatzy"]
    state = info.new_game([Seat("åsa-Märta")], {}, seed=3)
    bot = make_policy(info.bot_module, "normal", seed=1)
    while not state.is_over():
        state.apply(bot.choose(state))
    app = new_app()
    try:
        app.show("results", info=info, state=state)
        frames(app)
        score = int(state.final_scores()[0])
        assert f"åsa-Märta scored {score}!" in drawn_texts(app)
    finally:
        pygame.quit()


# -- questions --------------------------------------------------------------------------------
def test_replacing_the_saved_game_names_it_and_enter_keeps_it(app):
    """Start over a saved game asks first: the question names the game it would throw away
    (its game, players and where it stands, in the words of its table: a race's scores),
    and its default -- Enter -- keeps it. Continue names it too."""
    info = GAMES["farkle"]
    state = info.new_game([Seat("You"), Seat("åsa-Märta"), Seat("Ada", "normal")], {}, seed=2)
    bot = make_policy(info.bot_module, "normal", seed=1)
    while state.turns_played < 4:
        state.apply(bot.choose(state))
    storage.store("farkle", state)
    menu = MenuScene(app)  # (Yatzy chosen)
    app.replace_all(menu)
    frames(app)
    scores = " · ".join(f"{s.name} {v:,}" for s, v in zip(state.seats, state.totals,
                                                           strict=True))
    assert sum(state.totals) > 0  # (the scores say where it stands)
    assert button(menu, "Continue").note == f"Farkle: {scores}"  # (the scores name them)
    click(button(menu, "Start").rect.center)
    frames(app)
    question = app.scene
    assert isinstance(question, ConfirmScene)
    texts = drawn_texts(app)
    assert "Replace the saved Farkle game?" in texts, texts
    assert (f"The Farkle game of You, åsa-Märta and Ada ({scores}) is saved. Starting a "
            "new Yatzy game replaces it; Continue resumes it instead.") in texts, texts
    assert question.focus.focused is button(question, "No, keep it")
    key(pygame.K_RETURN)
    frames(app)
    assert app.scene is menu and storage.load()[1].actions == state.actions


def test_the_quit_question_keeps_playing_on_enter(app):
    info = GAMES["yatzy"]
    play = app.show("play", info=info, state=info.new_game([Seat("You")], {}, seed=1),
                    autosave=False)
    frames(app)
    app.open("pause", play=play)
    pause = app.scene
    click(button(pause, "Quit to menu").rect.center)
    frames(app)
    assert pause.confirming and pause.focus.focused is button(pause, "No, keep playing")
    assert "Quit this Yatzy game?" in drawn_texts(app)
    key(pygame.K_RETURN)
    frames(app)
    assert app.scenes[0] is play and not pause.confirming


# -- labels a player reads ----------------------------------------------------------------------
def test_the_menu_names_the_teams(app):
    """Partnerships are named by their players (the seats have no numbers on screen)."""
    menu = MenuScene(app, "grab_it", [Seat("You"), Seat("åsa-Märta"), Seat("Ada", "normal"),
                                      Seat("Bram", "hard")])
    app.replace_all(menu)
    frames(app)
    texts = drawn_texts(app)
    assert "Teams: You + Ada · åsa-Märta + Bram" in texts, texts
    assert not any(t.startswith("Teams: 1") for t in texts)
    long = [Seat(n * 16) for n in "WMQ"] + [Seat(n * 16, "easy") for n in "HNO"]
    app.replace_all(MenuScene(app, "grab_it", long))  # names that do not fit: written shorter
    frames(app)
    teams = [t for t in drawn_texts(app) if t.startswith("Teams: ")]
    assert len(teams) == 1 and "…" in teams[0] and teams[0].count(" + ") == 3, teams
    for first, second in (("W", "H"), ("M", "N"), ("Q", "O")):  # each partner beside theirs
        assert re.search(f"{first}+… \\+ {second}+…", teams[0]), teams


def test_records_draw_no_column_titles_over_nothing(app):
    records = app.show("records", game_id="bona_fortuna")
    frames(app)
    texts = drawn_texts(app)
    assert "No games recorded yet: finish a game to see it here." in texts
    assert not {"Games", "Wins", "Best", "Average"} & set(texts), texts
    info = GAMES["bona_fortuna"]
    state = info.new_game([Seat("You"), Seat("Ada", "normal")], {}, seed=1)
    bot = make_policy(info.bot_module, "easy", seed=1)
    while not state.is_over():
        state.apply(bot.choose(state))
    app.record_game("bona_fortuna", state)
    app.show("records", game_id="bona_fortuna")
    frames(app)
    assert {"Games", "Wins", "Best", "Average"} <= set(drawn_texts(app))
    del records


def test_the_results_name_their_column_for_players_or_teams(app):
    info = GAMES["grab_it"]
    for seats, column in (([Seat("You"), Seat("Ada", "normal")], "Player"),
                          ([Seat("You"), Seat("Bram", "hard"), Seat("Ada", "normal"),
                            Seat("Cleo", "easy")], "Team")):
        state = info.new_game(seats, {}, seed=2)
        bot = make_policy(info.bot_module, "easy", seed=1)
        while not state.is_over():
            state.apply(bot.choose(state))
        app.show("results", info=info, state=state)
        frames(app)
        texts = drawn_texts(app)
        assert column in texts and ({"Player", "Team"} - {column}).isdisjoint(texts), texts


def test_the_session_names_its_column_for_players_or_teams(app):
    from game.rules.session import Session
    for seats, column in (([Seat("You"), Seat("Ada", "normal")], "Player"),
                          ([Seat("You"), Seat("Bram", "hard"), Seat("Ada", "normal"),
                            Seat("Cleo", "easy")], "Team")):
        session = Session(GAMES["grab_it"], seats, {}, 1, seed=3)
        bot = make_policy(GAMES["grab_it"].bot_module, "easy", seed=1)
        while not session.current.is_over():
            session.current.apply(bot.choose(session.current))
        app.show("session", info=GAMES["grab_it"], session=session)
        frames(app)
        texts = drawn_texts(app)
        assert column in texts and "Side" not in texts, texts


def test_the_review_says_your_decisions(app):
    info, state = finished_yatzy()
    app.show("review", info=info, state=state)
    frames(app)
    texts = drawn_texts(app)
    assert "Reviewing your decisions…" in texts, texts
    assert not any("of You" in t for t in texts)


def test_a_coach_failure_names_no_code(app):
    from game.tasks import Task
    info = GAMES["yatzy"]
    play = app.show("play", info=info, state=info.new_game([Seat("You")], {}, seed=1),
                    autosave=False)
    frames(app, 5)

    def failing():
        raise KeyError("yatzy")
        yield  # (a generator)
    play.hint_task = (play._position(), Task(failing()))
    frames(app)
    assert app.toast and "coach" in app.toast[0]
    assert "KeyError" not in app.toast[0] and "yatzy" not in app.toast[0]


def test_bona_fortuna_moves_name_the_meld():
    from game.scenes.tables import StandIn, load_table
    info = GAMES["bona_fortuna"]
    table = load_table(info.table_module())(StandIn(info.new_game([Seat("You"), Seat("Ada")])))
    assert table.describe_move({"kind": "score", "box": "three_or_full", "column": "normal",
                                "meld": "full_house"}) == "Score Full House (Normal)"
    assert table.describe_move({"kind": "score", "box": "three_or_full",
                                "meld": "three_of_a_kind"}) == "Score 3 of a Kind"


def test_the_replay_lists_its_own_keys(app):
    """With the keyboard in hand, the replay's own keys; with a mouse, what the mouse does
    there; the sheet's footer offers what a replay does (never how to scratch a box)."""
    info, state = finished_yatzy()
    app.show("replay", info=info, final=state)
    use_hand("keyboard")
    frames(app)
    keys = next(t for t in drawn_texts(app) if "F11 fullscreen" in t)
    assert "N step" in keys and "Esc back" in keys
    assert "H hint" not in keys and "Esc menu" not in keys
    assert any(t.startswith("Replay · 0 of ") and "N: step" in t for t in drawn_texts(app))
    use_hand("mouse")
    frames(app)
    texts = drawn_texts(app)
    assert not any("F11" in t or "N step" in t for t in texts), texts
    assert "The wheel scrolls the move history" in texts
    assert any(t.startswith("Replay · 0 of ") and "Step, Pause" in t for t in texts), texts
    assert f"0 of {len(state.actions)} played" in texts  # under the speed, whatever the hand
    assert not any("scratch" in t.lower() or "0 twice" in t for t in texts), texts


def test_the_strength_tip_lists_the_strengths_of_the_game(app):
    menu = app.scene  # Yatzy: a bot may be expert there
    tips = {b.tooltip for b in menu.focus.buttons if b.ident.startswith("strength")}
    assert tips == {"This bot's strength: easy, normal, hard or expert (a click steps it)"}
    menu.choose_game("farkle")
    tips = {b.tooltip for b in menu.focus.buttons if b.ident.startswith("strength")}
    assert tips == {"This bot's strength: easy, normal or hard (a click steps it)"}


def test_a_loss_of_nothing_is_not_minus_zero():
    from game.scenes.review import lost
    assert lost(0.0) == "0.0" and lost(0.04) == "0.0" and lost(0.06) == "-0.1"
    assert lost(4.2) == "-4.2" and lost(1078.66) == "-1,078.7"


def test_a_table_the_game_cannot_seat_is_refused_in_words(app):
    menu = MenuScene(app, "grab_it", [Seat("You")] + [Seat(n, "easy") for n in
                                                      ("Ada", "Bram", "Cleo", "Dax")])
    app.replace_all(menu)
    frames(app)
    click(button(menu, "Start").rect.center)
    frames(app)
    assert app.scene is menu
    assert app.toast[0] == ("Grab It! takes 2, 3, 4 or 6 players (4 and 6 play in teams of "
                            "two)")


def test_the_refusal_fits_a_phone():
    """On a phone held upright the message place holds two short lines: the refusal of a
    character is drawn whole there."""
    from game.app import App
    pygame.quit()
    app = App(sound=False, seed=5, window_size=(390, 844), dpr=3, touch=True)
    try:
        menu = app.show("menu", game_id="yatzy", seats=[Seat("You"), Seat("Ada", "normal")])
        frames(app)
        menu.edit_name(0)
        type_text("中")
        frames(app)
        app.invalidate()
        with text.record() as drawn:
            app.draw()
        lines = [d.text for d in drawn if d.source == app.toast[0]]
        assert lines and not any(text.ELLIPSIS in line for line in lines), lines
    finally:
        pygame.quit()


# -- every line agrees with every other --------------------------------------------------------
THINKING = re.compile(r"^(.+?) (?:is|are) thinking…|^(.+?) draws? a card…")
PROMPT = re.compile(r"^(?:Press|Click|Tap|\d rolls? left\.|No rolls left:|Roll and Bank wait)")
CHEST = re.compile(r"dice, then (?:C|To chest)$")


@pytest.mark.parametrize("game_id", ["pirates", "yatzy", "farkle"])
def test_the_top_bar_and_the_status_speak_of_the_same_turn(game_id):
    """Two people and a bot, every hand-over watched frame by frame: the status never names
    another player than the top bar ("Your turn" over "Ada draws a card…"), never asks a
    person for a move on a bot's turn (nor the chest's "choose dice, then C"), and the skull
    zone counts the skulls it shows (not "Skulls 0 / 3" beside the last turn's skulls). (The
    frames read: those where the turn, the seat shown, the game or the table changes, the
    two after, and every fourth otherwise.)"""
    from game.games.pirates.rules import CARD_SKULLS
    from tests.ui_driver import undrawn
    info = GAMES[game_id]
    names = ["You", "åsa-Märta", "Bram"]
    state = info.new_game([Seat("You"), Seat("åsa-Märta"), Seat("Bram", "normal")], {},
                          seed=7)
    app = new_app()
    try:
        play = app.show("play", info=info, state=state, autosave=False)
        movers = {i: make_policy(info.bot_module, "normal", seed=i) for i in (0, 1)}
        checked = skulls_seen = 0
        turns, handovers = set(), 0
        look = Sampled(every=2)
        for step in range(30_000):
            scene = app.scene
            if len(turns) > 16 or (isinstance(scene, PlayScene) and scene.finished):
                break
            if isinstance(scene, CardDrawScene):
                key(pygame.K_SPACE)
            elif scene.human_turn and not scene.busy:
                scene.act(movers[scene.state.current].choose(scene.state))
            with undrawn(app):  # (a frame read is drawn afresh: drawn_texts)
                frames(app)
            if not isinstance(app.scene, PlayScene) or step % 2:
                continue
            turns.add(play.state.turns_played)
            handovers += play.handing_over
            if not look((play.shown_seat, play.state.current, play.handing_over, play.busy,
                         len(play.state.actions), play.table.view_key())):
                continue
            texts = drawn_texts(app)
            shown = play.shown_seat
            who = names[shown] if shown is not None else None
            bot = shown is not None and play.state.seats[shown].bot is not None
            for text in texts:
                m = THINKING.match(text)
                if m:
                    assert (m.group(1) or m.group(2)) == who, (play.turn_text()[0], text)
                if bot:
                    assert not PROMPT.match(text) and not CHEST.search(text), \
                        (play.turn_text()[0], text)
            checked += 1
            if game_id == "pirates":
                label = next(t for t in texts if t.startswith("Skulls "))
                card = play.table.state.card or play.table.end_card
                outlines = CARD_SKULLS.get(card or "", 0) if play.table.state.rolled or \
                    not play.table.end_dice or not play.table.end_island else 0
                dice = [d.value for d in play.table.dice()].count("skull")
                assert label.split()[1] == str(dice + outlines), (label, dice, outlines)
                skulls_seen += dice >= 3
        assert checked > 100 and len(turns) > 16
        assert handovers or game_id == "yatzy"  # (its hand-overs come and go within a frame)
        assert game_id != "pirates" or skulls_seen, "no turn with three skulls was watched"
    finally:
        pygame.quit()


def test_continue_says_where_the_game_stands_as_its_table_does(app):
    """Continue names the game, its players and where it stands in the words the table
    shows ("turn 3 of 15"), not a count of everybody's turns."""
    from tests.ui_driver import continue_from_menu
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "normal")], {}, seed=1)
    bot = make_policy(info.bot_module, "normal", seed=1)
    while state.turns_played < 5:
        state.apply(bot.choose(state))
    storage.store("yatzy", state)
    menu = MenuScene(app)
    app.replace_all(menu)
    frames(app)
    note = button(menu, "Continue").note
    play = continue_from_menu(app)
    assert isinstance(play, PlayScene)
    turn = play.table.turn_info()
    assert turn.startswith("turn ") and turn in drawn_texts(app)  # the top bar's words
    assert note == f"Yatzy: You, Ada · {turn}", note
    assert turn != f"turn {state.turns_played} of 15"  # (not everybody's turns counted)
