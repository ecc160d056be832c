"""Moments that move, through the real play scene from forced rolls: a score is shown going
to its box (the dice that make it lift and travel there with their points, the box lights,
the total counts up; a 0 crosses the box out), and the dice stay in view long enough to be
seen; Farkle's set-aside dice slide to the row out of play, a bank goes to the banked score,
a farkle shakes and greys the dice; Pirate Fortune's skulls slide to their corner and the
chest takes its dice visibly, a third skull is stamped, the Island takes points from every
opponent; Grab It!'s owner marker drops into the box; the Doubling Round opens with its
stamp. Every animation is finished by the next input, shortened by the bots' pace, and
"reduce motion" turns travel into a fade and drops the shaking, the sparks and the
confetti. Celebrations are for what they celebrate: a small one (the lit box) for the
ordinary, the sparks for the rare, confetti for a person's win or record only."""

from __future__ import annotations

import math
from contextlib import contextmanager

import pygame
import pytest

from game.catalog import GAMES
from game.games.pirates.table import zones
from game.rules.core import Seat
from game.ui import motion, probe, theme
from tests.forced import arrive, land, loaded_dice, settle
from tests.test_ui_moments import pirates_with, press, start, with_card
from tests.ui_driver import DT, click, frames, key, sheet_spot


def film(app, until, limit: int = 240) -> list[list]:
    """Step frames until ``until()`` (at most ``limit``): what each frame showed (the
    probes of game.ui.probe.shown), one list per frame."""
    shots = []
    for _ in range(limit):
        with probe.record_shown() as shown:
            app.step(DT)
        shots.append(list(shown))
        if until():
            break
    return shots


def kinds(shot, kind) -> list:
    return [(what, r) for k, what, r in shot if k == kind]


def on_felt(shot, play) -> list:
    """The dice drawn on the felt in a frame (not those the history writes as pictures)."""
    tray = play.regions["tray"]
    return [(v, r) for v, r in kinds(shot, "die") if tray.colliderect(r)]


def centre_distance(a: pygame.Rect, b: pygame.Rect) -> float:
    return math.dist(a.center, b.center)


def normal_pace(app):
    app.settings.bot_speed = "normal"


@contextmanager
def motion_reduced(app, on: bool = True):
    """The "reduce motion" setting on (as the settings screen puts it in force), and off
    again after."""
    app.settings.reduce_motion = on
    app.apply_looks()
    try:
        yield
    finally:
        app.settings.reduce_motion = False
        app.apply_looks()


class Heard:
    """The sounds played from now on."""

    def __init__(self, app):
        self.app, self.start = app, len(app.sounds.played)

    def __call__(self) -> list[str]:
        return self.app.sounds.played[self.start:]


# -- a box filled: the dice go to it, it lights, the total counts ---------------------------

BOX_GAMES = [  # game, the roll, the box clicked, the dice that make it (positions)
    ("yatzy", [3, 3, 3, 5, 6], "threes", [0, 1, 2]),
    ("maxi_yatzy", [2, 2, 6, 6, 6, 1], "three_of_a_kind", [2, 3, 4]),
    ("grab_it", [1, 2, 3, 4, 6], "small_straight", [0, 1, 2, 3, 4]),
    ("bona_fortuna", [6, 6, 6, 2, 1], "normal:sixes", [0, 1, 2]),
]


@pytest.mark.parametrize("game_id, faces, box, making", BOX_GAMES,
                         ids=[g[0] for g in BOX_GAMES])
def test_a_filled_box_is_shown_going_to_its_box(app, game_id, faces, box, making):
    options = {"first": 0} if game_id == "grab_it" else {}
    play = start(app, game_id, [Seat("Ann"), Seat("Bob", "easy")], **options)
    normal_pace(app)
    press(app, play, pygame.K_SPACE, faces)
    settle(app, play)
    spot = sheet_spot(app, play, box)
    row, column = (box.split(":")[1], 0) if ":" in box else (box, 0)
    target = play._locate(row, column)
    assert target is not None and target.top <= spot[1] < target.bottom
    heard = Heard(app)
    click(spot)
    shots = film(app, lambda: play.flight is None and not play._scoring_waits())
    travelling = [kinds(s, "travel die") for s in shots]
    flying = [t for t in travelling if t]
    assert flying, "the dice that make the box are seen going"
    making_faces = sorted(faces[i] for i in making)
    assert sorted(v for v, _ in flying[0]) == making_faces  # (the last ones fade into it)
    assert all(set(v for v, _ in t) <= set(making_faces) for t in flying)
    # they leave from the felt and end at the box
    first = max(centre_distance(r, target) for _, r in flying[0])
    last = max(centre_distance(r, target) for _, r in flying[-1])
    assert first > 4 * last and play.regions["tray"].collidepoint(flying[0][0][1].center)
    # they were in view long enough: lifted in place, then on their way
    assert len(flying) * DT >= motion.SEEN
    # the points went with them
    assert any(kinds(s, "travel points") for s in shots)
    # at the box: it lights, the total counts up
    after = film(app, lambda: not play.effects.busy, limit=120)
    lit = [r for s in after for _, r in kinds(s, "lit")]
    assert lit and all(r == target for r in lit)
    assert "count" in play.effects.started
    assert play.state.is_over() or play.state.current == 1
    sounds = heard()  # they rise (softly), and land in the box
    landed = [i for i, x in enumerate(sounds) if x in ("score", "celebrate")]  # (a box
    assert "lift" in sounds and landed and sounds.index("lift") < landed[0]  # snatched)


def test_the_first_roll_yatzy_stays_on_the_felt_before_it_goes_to_its_box(app):
    """The case of the issue: a bot's first-roll Yatzy vanished 0.17 s after it scored,
    under its own banner. Its dice are now in view from the roll's landing until they reach
    the box, at least ``motion.SEEN`` after the score."""
    play = start(app, "yatzy", [Seat("Bot", "normal"), Seat("Ann")])
    normal_pace(app)
    with loaded_dice(play.state, {"kind": "roll", "hold": []}, [4, 4, 4, 4, 4]):
        for _ in range(600):
            frames(app)
            if play.landing is not None or play.state.rolls:
                break
    land(app, play)
    for _ in range(900):  # the YATZY! moment, then the bot scores
        if play.flight is not None:
            break
        frames(app)
    assert play.flight is not None and play.flight.event["category"] == "yatzy"
    shots = film(app, lambda: play.flight is None)
    seen = sum(1 for s in shots if len(kinds(s, "travel die")) == 5)
    assert seen * DT >= motion.SEEN


def test_the_next_players_dice_are_on_the_felt_after_a_score(app):
    """The dice that went to a box leave the felt with their player: the next player's
    throw lands in full view (Yatzy has no turn event of its own to say so)."""
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
    press(app, play, pygame.K_SPACE, [3, 3, 3, 5, 6])
    settle(app, play)
    click(sheet_spot(app, play, "threes"))
    frames(app)
    arrive(app, play)
    for _ in range(600):  # Bob's first throw lands
        if play.state.current == 1 and play.state.rolls and not play.busy:
            break
        frames(app)
    assert play.state.current == 1 and play.state.rolls
    with probe.record_shown() as shown:
        app.draw()
    assert [v for v, _ in on_felt(shown, play)] == play.state.dice


def test_a_zero_crosses_the_box_out(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
    press(app, play, pygame.K_SPACE, [1, 1, 2, 3, 4])
    settle(app, play)
    spot = sheet_spot(app, play, "sixes")
    heard = Heard(app)
    click(spot)
    click(spot)  # a 0: the second click confirms it
    shots = film(app, lambda: play.flight is None and not play._scoring_waits())
    places = {tuple(r) for s in shots for _, r in kinds(s, "travel die")}
    assert len(places) == 5, "the dice fade where they are: nothing goes to a 0"
    after = film(app, lambda: not play.effects.busy, limit=120)
    assert any(kinds(s, "strike") for s in after)
    cell = play.table.sheet().rows[5].cells[0]
    assert cell.text == "0" and cell.strike  # the stroke stays on the sheet
    assert "scratch" in heard()


def test_an_ordinary_score_gets_the_small_flourish_a_yatzy_the_big_one(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
    bursts = play.burst.starts
    press(app, play, pygame.K_SPACE, [3, 3, 3, 5, 6])
    settle(app, play)
    click(sheet_spot(app, play, "threes"))
    frames(app)
    arrive(app, play)
    assert "lit" in play.effects.started and play.burst.starts == bursts  # small
    settle(app, play)
    for _ in range(3000):  # the bot's turn, then Ann's again
        if play.human_turn and not play.busy:
            break
        frames(app)
    press(app, play, pygame.K_SPACE, [6, 6, 6, 6, 6])
    assert play.burst.starts == bursts + 1 and play.banner[0].big  # big


# -- Farkle --------------------------------------------------------------------------------

def test_farkle_set_aside_dice_slide_to_the_row_out_of_play_and_the_turn_grows(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")])
    press(app, play, pygame.K_SPACE, [1, 3, 4, 6, 2, 2])
    key(pygame.K_1)
    frames(app)
    start_rect = play.die_rects[0]
    heard = Heard(app)
    with loaded_dice(play.state, play.table.roll_action(), [5, 3, 4, 6, 2]):
        key(pygame.K_SPACE)
        shots = film(app, lambda: not play.animator.busy)
    aside = [t for t in (kinds(s, "travel die") for s in shots) if t]
    assert aside and aside[0][0][0] == 1
    slot = play._aside_slots(play.regions["tray"], play.table.aside_dice())[-1][0]
    assert centre_distance(aside[0][0][1], start_rect) < centre_distance(aside[0][0][1], slot)
    assert aside[-1][0][1] == slot or centre_distance(aside[-1][0][1], slot) < slot.w
    assert "aside" in play.effects.started and "slide" in heard()
    land(app, play)
    assert "count" in play.effects.started  # the turn total grows


def test_farkle_a_bank_goes_to_the_banked_score(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")], on_board=False)
    press(app, play, pygame.K_SPACE, [1, 1, 1, 6, 2, 3])
    settle(app, play)
    key(pygame.K_a)
    key(pygame.K_b)
    frames(app)
    target = play._locate("Banked", 0)
    shots = film(app, lambda: play.flight is None)
    points = [r for s in shots for _, r in kinds(s, "travel points")]
    assert points and centre_distance(points[-1], target) < centre_distance(points[0], target)
    assert play.state.totals[0] > 0
    film(app, lambda: not play.effects.busy, limit=120)
    assert {"lit", "count"} <= set(play.effects.started)
    assert "bank" in app.sounds.played[-6:]


def test_farkle_a_farkle_shakes_and_greys_the_dice(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")])
    press(app, play, pygame.K_SPACE, [2, 3, 4, 6, 2, 3])
    frames(app)
    assert play.effects.shaking()
    rest = list(play.die_rects)
    shots = film(app, lambda: not play.effects.shaking(), limit=60)
    dice = [on_felt(s, play) for s in shots]
    assert any(r != rest[i] for d in dice for i, (_, r) in enumerate(d[:6]))  # they shook
    assert all(spec.mode == "dead" for spec in play.table.dice())


def test_farkle_hot_dice_ring_all_six(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")])
    press(app, play, pygame.K_SPACE, [1, 1, 1, 5, 5, 5])
    settle(app, play)
    key(pygame.K_a)
    frames(app)
    with loaded_dice(play.state, play.table.roll_action(), [2, 3, 4, 6, 1, 2]):
        key(pygame.K_SPACE)
        shots = film(app, lambda: bool(play.banner), limit=60)
    shots += film(app, lambda: False, limit=10)
    assert any(what == 6 for s in shots for what, _ in kinds(s, "rings"))


# -- Pirate Fortune ------------------------------------------------------------------------

def test_pirates_skulls_slide_to_their_corner_and_the_chest_takes_its_dice(app):
    play = pirates_with(app, "chest")
    normal_pace(app)
    faces = ["skull", "parrot", "parrot", "monkey", "gold", "gold", "diamond", "sword"]
    heard = Heard(app)
    press(app, play, pygame.K_SPACE, faces, action={"kind": "roll"})
    z = zones(play.regions["tray"])
    assert 0 in play.slides and heard()[-1] == "skull"
    shots = film(app, lambda: not play.slides, limit=60)
    skull = [r for s in shots for v, r in on_felt(s, play) if v == "skull"]
    assert not z["skulls"].contains(skull[0]) and z["skulls"].contains(skull[-1])
    assert len(set(map(tuple, skull))) > 3, "it slides, it does not jump"
    key(pygame.K_5)  # the two coins onto the chest
    key(pygame.K_6)
    key(pygame.K_c)
    frames(app)
    assert play.state.chest == [4, 5] and {4, 5} <= set(play.slides)
    assert app.sounds.played[-1] == "slide"
    shots = film(app, lambda: not play.slides, limit=60)
    coins = [[r for v, r in on_felt(s, play) if v == "gold"] for s in shots]
    assert not any(z["chest"].contains(r) for r in coins[0])
    assert all(z["chest"].contains(r) for r in coins[-1])


def test_pirates_a_stop_goes_to_the_score(app):
    play = pirates_with(app, "gold")
    normal_pace(app)
    faces = ["parrot", "parrot", "parrot", "monkey", "monkey", "sword", "gold", "diamond"]
    press(app, play, pygame.K_SPACE, faces, action={"kind": "roll"})
    settle(app, play)
    target = play._locate("Score", 0)
    key(pygame.K_RETURN)
    shots = film(app, lambda: play.flight is None and not play._scoring_waits())
    dice = [kinds(s, "travel die") for s in shots]
    assert any(len(d) == 8 for d in dice)
    last = [r for d in dice if d for _, r in d][-1]
    assert centre_distance(last, target) < target.h * 2


def test_pirates_a_third_skull_is_stamped_and_the_island_costs_every_opponent(app):
    play = pirates_with(app, "gold")
    faces = ["skull", "skull", "skull", "parrot", "monkey", "sword", "gold", "diamond"]
    press(app, play, pygame.K_SPACE, faces, action={"kind": "roll"})
    shots = film(app, lambda: False, limit=20)
    assert any(what == "DISQUALIFIED" for s in shots for what, _ in kinds(s, "stamp"))
    assert "shake" in play.effects.started
    # The Island: another game, four skulls, every opponent's score falls
    play = start(app, "pirates", [Seat("Ann"), Seat("Bob", "easy"), Seat("Cy", "easy")])
    play.state.totals[1] = play.state.totals[2] = 1000
    play = pirates_with_island(app, play)
    key(pygame.K_RETURN)  # stop on the Island
    film(app, lambda: play.flight is None and not play._scoring_waits())
    shots = film(app, lambda: not play.effects.busy, limit=120)
    losses = {tuple(r) for s in shots for _, r in kinds(s, "float")}
    assert len(losses) >= 2, "each opponent's loss is shown at their score"


def pirates_with_island(app, play):
    with_card(app, play, "gold")
    press(app, play, pygame.K_SPACE, ["skull", "skull", "skull", "skull", "parrot", "monkey",
                                      "sword", "gold"], action={"kind": "roll"})
    settle(app, play)
    assert play.state.island
    return play


# -- Grab It!, Bona Fortuna ------------------------------------------------------------------

def test_grab_it_the_owner_marker_drops_into_the_box(app):
    play = start(app, "grab_it", [Seat("Ann"), Seat("Bob", "easy")], first=0)
    press(app, play, pygame.K_SPACE, [2, 2, 3, 3, 6])
    settle(app, play)
    click(sheet_spot(app, play, "two_pair"))
    frames(app)
    arrive(app, play)
    box = play._locate("two_pair", 0)
    shots = film(app, lambda: not play.effects.busy, limit=120)
    marks = [r for s in shots for _, r in kinds(s, "marker")]
    assert marks and box.colliderect(marks[-1]) and not box.colliderect(marks[0])
    assert "mark" in app.sounds.played[-5:]


def test_bona_fortuna_the_doubling_round_opens_with_its_moment(app):
    play = start(app, "bona_fortuna", [Seat("Ann"), Seat("Bob", "easy")])
    play.table.scene.app.settings.bot_speed = "fast"
    event = {"type": "phase", "phase": 2, "starter": 0, "totals": [10, 20]}
    play._words(event)
    shots = film(app, lambda: False, limit=10)
    assert any(what == "DOUBLING ROUND" for s in shots for what, _ in kinds(s, "stamp"))
    assert play.banner and play.banner[0].big and "doubling" in app.sounds.played


@pytest.mark.parametrize("size, word", [((1280, 720, 1, False), "Doubled"),
                                        ((1000, 700, 1, False), "×2"),
                                        ((390, 844, 3, True), "×2")],
                         ids=["1280x720", "1000x700", "390x844r3"])
def test_bona_fortuna_the_doubled_column_has_one_name_whatever_the_players(size, word):
    from tests.test_ui_screens import make_app
    app = make_app(size)
    try:
        names = set()
        for n in (2, 4):
            seats = [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(1, n)]
            play = start(app, "bona_fortuna", seats)
            names.add(play.table.sheet().headers[1][0])
        assert names == {word}
    finally:
        pygame.quit()


# -- every animation: skippable, paced, reduced ------------------------------------------------

def test_the_next_input_finishes_what_moves_and_acts(app):
    play = start(app, "yatzy", [Seat("Ann"), Seat("Ann 2")])
    press(app, play, pygame.K_SPACE, [3, 3, 3, 5, 6])
    settle(app, play)
    click(sheet_spot(app, play, "threes"))
    frames(app, 3)
    assert play.flight is not None and play.effects.busy
    key(pygame.K_h)  # any key (here: a hint, refused on the next player's turn)
    frames(app)
    assert play.flight is None and not play.effects.busy
    assert play.state.sheets[0]["threes"] == 9 and play.shown_seat == 1


def test_the_bots_pace_shortens_every_moment(app):
    lengths = {}
    for pace in ("slow", "normal", "fast"):
        play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
        app.settings.bot_speed = pace
        press(app, play, pygame.K_SPACE, [3, 3, 3, 5, 6])
        settle(app, play)
        click(sheet_spot(app, play, "threes"))
        lengths[pace] = len(film(app, lambda play=play: play.flight is None))
    assert lengths["slow"] > lengths["normal"] > lengths["fast"]


def test_reduce_motion_fades_instead_of_travelling_and_drops_shakes_and_sparks(app):
    with motion_reduced(app):
        play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
        key(pygame.K_SPACE)
        rest = play.dice_row(play.regions["tray"], 5, False)
        with loaded_dice(play.state, play.table.roll_action(), [3, 3, 3, 5, 6]):
            shots = film(app, lambda: not play.animator.busy, limit=60)
        for s in shots:  # no tumbling: the dice wait where they rest
            assert [r for _, r in on_felt(s, play)] == rest
        settle(app, play)
        click(sheet_spot(app, play, "threes"))
        shots = film(app, lambda: play.flight is None and not play._scoring_waits())
        spots = [tuple(r) for s in shots for _, r in kinds(s, "travel die")]
        assert spots and len(set(spots)) <= 3, "they fade where they are, they do not fly"
        # no sparks for a Yatzy, no shaking for a farkle
        settle(app, play)
        for _ in range(3000):
            if play.human_turn and not play.busy:
                break
            frames(app)
        press(app, play, pygame.K_SPACE, [6, 6, 6, 6, 6])
        assert play.banner and play.banner[0].big and not play.burst.busy
        farkle = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")])
        press(app, farkle, pygame.K_SPACE, [2, 3, 4, 6, 2, 3])
        frames(app)
        assert farkle.banner and not farkle.effects.shaking() and "shake" not in farkle.effects.started


# -- the results: confetti for a person's win or record only --------------------------------

def finished_game(winner_human: bool):
    from game.bots import make_policy
    info = GAMES["yatzy"]
    for seed in range(60):
        state = info.new_game([Seat("Ann", "easy"), Seat("Bob", "hard")], seed=seed)
        bots = {i: make_policy(info.bot_module, s.bot, seed=i) for i, s in enumerate(state.seats)}
        while not state.is_over():
            state.apply(bots[state.current].choose(state))
        ranking = state.ranking()
        if (ranking[0]["seat"] == 0) == winner_human and ranking[0]["place"] != ranking[1]["place"]:
            state.seats[0] = Seat("Ann")  # Ann is a person (the bots played her moves)
            return info, state
    raise AssertionError("no such game")


@pytest.mark.parametrize("case", ["a bot wins", "the person wins", "a record", "reduced"])
def test_confetti_only_for_a_persons_win_or_record(app, case):
    info, state = finished_game(winner_human=case in ("the person wins", "reduced"))
    news = {0: ["new best!"]} if case == "a record" else {}
    app.sounds.played.clear()
    with motion_reduced(app, case == "reduced"):
        scene = app.show("results", info=info, state=state, news=news)
        frames(app, 120)
        falling = scene.confetti_rects(app.screen.get_size())
    if case in ("a bot wins", "reduced"):
        assert not falling
    else:
        assert falling
    assert ("win" in app.sounds.played) == (case != "a bot wins")
    assert ("game_over" in app.sounds.played) == (case == "a bot wins")  # quieter


# -- sound: every moment heard, the throw and the landing not the same sample each time ----

def test_throws_and_landings_sound_by_the_number_of_dice_and_never_twice_alike(app):
    play = start(app, "farkle", [Seat("Ann"), Seat("Bob", "easy")])
    takes = len(app.sounds.takes)
    press(app, play, pygame.K_SPACE, [1, 1, 1, 5, 5, 3])  # six dice
    settle(app, play)
    key(pygame.K_a)  # the five scoring dice aside: one die thrown
    frames(app)
    with loaded_dice(play.state, play.table.roll_action(), [5]):
        key(pygame.K_SPACE)
        frames(app)
    land(app, play)
    heard = app.sounds.takes[takes:]
    rolls = [t for t in heard if t.startswith("roll")]
    landings = [t for t in heard if t.startswith("land")]
    assert rolls == ["roll_3", "roll_1"], heard  # six dice, then one
    assert len(landings) == 2 and landings[0][:6] != landings[1][:6], landings
    assert landings[0][-1] != landings[1][-1], "two landings in a row: two takes"


def test_every_sound_a_moment_plays_is_there():
    """Each sound the table's moments ask for has its file (made by tools/make_sounds.py),
    and the quiet ones are quieter than a score's chime."""
    import array  # (the files are checked against the tool by tests/test_tools.py)

    from game.ui.theme import ASSETS
    folder = ASSETS / "sounds"
    names = ["lift", "scratch", "slide", "skull", "bank", "mark", "doubling", "game_over",
             "roll_1", "roll_2", "roll_3"] + [f"land_{k}{t}" for k in "123" for t in "ab"]
    for name in names:
        assert (folder / f"{name}.ogg").is_file(), name
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    try:
        def peak(name):
            samples = array.array("h", pygame.mixer.Sound(str(folder / f"{name}.ogg")).get_raw())
            return max(abs(s) for s in samples)
        for quiet in ("lift", "scratch", "slide"):
            assert peak(quiet) < 0.75 * peak("score"), quiet
    finally:
        pygame.mixer.quit()


def test_dice_set_aside_beyond_the_row_s_places_fade_where_they_are(app):
    """Dice set aside when the row of dice out of play has fewer places left than dice (a
    narrow tray late in a Farkle turn: the demo of eight players at 2560x1440 crashed): the
    dice with a place slide to it, the others fade out where they are."""
    from game.ui.moments import Travel
    starts = [pygame.Rect(40 + 70 * i, 200, 60, 60) for i in range(3)]
    place = pygame.Rect(20, 20, 30, 30)
    travel = Travel(0.5, tray=True, name="aside", dice=[(i, 5, r) for i, r in enumerate(starts)],
                    ends=[place], label="+150", hidden=False)
    surface = pygame.Surface((400, 300))
    alphas = []
    while not travel.done:
        travel.draw(surface)
        spots = travel._spots()
        alphas.append([alpha for _, _, alpha in spots])
        travel.update(DT)
    assert travel.drawn >= 10
    assert spots[0][1].center == place.center and spots[0][2] == 255, "the first has a place"
    assert all(a[1] >= b[1] and a[2] >= b[2] for a, b in zip(alphas, alphas[1:], strict=False)), "fading"
    assert alphas[-1][1] < 64 and alphas[-1][2] < 64
    assert spots[1][1].center == starts[1].move(0, -theme.px(6)).center, "where it was"


def test_points_with_no_box_to_go_to_rise_inside_the_felt(app):
    """A score whose box is not on screen (a phone's Grab It! board with the scorer's column
    paged out, a 0): the "+20" rises from the dice and fades. On a low felt (a phone held
    upright: the buttons just above the tray) it stays on the felt in every frame, never
    over the buttons (it drifted over Undo's row); the table gives every score's travel
    the felt as its bounds."""
    from game.ui.moments import Travel
    felt = pygame.Rect(16, 208, 748, 234)
    dice = [(i, 5, pygame.Rect(40 + 150 * i, 250, 100, 100)) for i in range(5)]

    def path(bounds):
        travel = Travel(0.7, dice=dice, label="+20", hold=0.25, bounds=bounds)
        spots = []
        while not travel.done:
            travel.update(DT)
            spot = travel._label_spot()
            if spot is not None and spot[1] > 0 and travel.started and not travel.done:
                spots.append(spot[0])
        return spots

    free = path(None)
    assert min(r.top for r in free) < felt.top  # (unbounded, it leaves this felt)
    kept = path(felt)
    assert len(kept) > 10 and kept[0].bottom > kept[-1].bottom  # (it still rises)
    assert all(felt.contains(r) for r in kept)
    # the table's scores travel with the felt as their bounds
    play = start(app, "yatzy", [Seat("Ann"), Seat("Bob", "easy")])
    normal_pace(app)
    press(app, play, pygame.K_SPACE, [3, 3, 3, 5, 6])
    settle(app, play)
    click(sheet_spot(app, play, "threes"))
    frames(app)
    travel = next(e for e in play.effects.items if e.name == "travel")
    assert travel.bounds == play.regions["tray"]


def test_a_row_revealed_is_in_view_once_the_sheet_is_laid_out():
    """A row brought into view (a box clicked by keys, a score's box) before the sheet is laid
    out again (the status under the dice grew a line, the scroll's sign took its place) is
    whole in view after the next frames: it was scrolled for the room the rows had before,
    and a phone's sheet, which shows whole rows only, left it cut out of view."""
    from game.app import App
    pygame.quit()
    app = App(sound=False, seed=2024, window_size=(390, 844), dpr=2, touch=True)
    try:
        play = start(app, "grab_it", [Seat("Ann"), Seat("Bob", "easy")], first=0)
        press(app, play, pygame.K_SPACE, [1, 2, 3, 4, 6])
        settle(app, play)
        for row in ("small_straight", "five_of_a_kind", "sum", "two_pair"):
            spot = sheet_spot(app, play, row)  # (asserts it is on the sheet, whole)
            assert play.sheet.rect.collidepoint(spot)
    finally:
        pygame.quit()
