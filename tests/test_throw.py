"""Dice are thrown (issue 17): they come in from the thrower's edge of the felt, hop and
settle in their places well under a second, inside the tray (the only part drawn again
while they move), with the landing heard when they come to rest; held dice stay put; F
lands them at once and the fast pace shortens the throw; the throw never draws from the
game's generator. The last turn's dice leave the felt when the next turn comes on screen,
and the coach's gold ring goes round a die wherever it is drawn (held or chosen: lifted).

Frames are stepped with the fixed dt of tests.ui_driver; positions are read from where
the table drew each die (``TableScene.die_spots``, the probe's "die" and "hint ring")."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.ui import probe
from tests.test_unseen import Scripted, finished, indices
from tests.ui_driver import DT, frames, key, use_hand, wait_for_hint

GAME_IDS = list(GAMES)


def start(app, game_id: str, person_first: bool = True, options: dict | None = None):
    """A game of You against the bot Ada at the play scene, You (or Ada) to play first."""
    info = GAMES[game_id]
    for seed in range(200):
        state = info.new_game([Seat("You", None), Seat("Ada", "easy")], options, seed=seed)
        if (state.current == 0) == person_first:
            break
    play = app.show("play", info=info, state=state, autosave=False)
    use_hand("keyboard")  # (the throws are keyed: a change of hand lays the table out anew)
    frames(app)
    return play


def ready(app, play, limit: int = 1200) -> None:
    """Frames until You may roll (a Fortune Card drawn first: Space, and Space again)."""
    for _ in range(limit):
        if isinstance(app.scene, CardDrawScene):
            if app.scene.phase in ("wait", "show") and app.scene.human:
                key(pygame.K_SPACE)
        elif not play.busy and play.human_turn and getattr(play.state, "drawn", True):
            return
        frames(app)
    raise AssertionError("You never got to roll")


def force(play, faces: list) -> None:
    play.state.rng = Scripted(play.state.rng, indices(faces))


def throw(app, play, hotkey=pygame.K_SPACE):
    """Throw (Space) and step until the dice rest: per frame, where each die was drawn,
    the dirty rectangles of a tray-only redraw, and the sounds so far; then the frame of
    the landing."""
    played = len(app.sounds.played)
    key(hotkey)
    shots = []
    for n in range(120):
        drawn = app.step(DT)
        if not play.animator.busy:
            break
        if not drawn:  # the frame that throws does game work, the next one draws it:
            assert n == 0, "every frame of a throw after the first is drawn"
            continue
        moving = play.draw_moving(app.screen)
        shots.append(([r.copy() for r in play.die_spots], moving,
                      list(app.sounds.played[played:])))
    else:
        raise AssertionError("the dice never came to rest")
    return shots, ([r.copy() for r in play.die_spots], None, list(app.sounds.played[played:]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_dice_fly_in_from_the_throwers_edge_and_rest_in_their_places(app, game_id):
    play = start(app, game_id)
    ready(app, play)
    shots, (rest, _, sounds) = throw(app, play)
    tray = play.regions["tray"]
    assert 10 <= len(shots) and (len(shots) + 1) * DT < 1.0, "well under a second"
    first_spots = shots[0][0]
    thrown = [i for i in range(len(rest)) if first_spots[i] != rest[i]]
    assert len(thrown) >= 5, "the dice of a first roll are all thrown"
    for i in thrown:  # You throw from the bottom edge of the felt
        assert first_spots[i].centery > tray.centery
        assert first_spots[i].centery > rest[i].centery
    moved = [before[0] != after[0] for before, after in zip(shots, shots[1:], strict=False)]
    assert all(moved[:len(moved) // 2]) and sum(moved) >= 2 * len(moved) // 3, "they travel"
    for spots, dirty, _ in shots:  # inside the tray: the only part drawn again
        assert dirty and len(dirty) == 1
        for spot in spots:
            assert tray.contains(spot), (spot, tray)
            assert dirty[0].contains(spot)
    for i in thrown:  # and they hop: off the felt, then down again
        heights = [rest[i].centery - s[0][i].centery for s in shots]
        assert max(abs(h) for h in heights) > 0
    frames(app)
    moved = set(play.slides) | (set(range(len(rest))) if play.effects.shaking() else set())
    # (a skull slides on to the skulls' corner, a third skull shakes the dice: their tests)
    assert [s for i, s in enumerate(play.die_spots) if i not in moved] == \
        [s for i, s in enumerate(rest) if i not in moved], "at rest in their places"


@pytest.mark.parametrize("where", ["play", "replay"])
def test_the_landing_is_heard_when_the_dice_come_to_rest_not_at_the_throw(app, where):
    if where == "play":
        play = start(app, "yatzy")
        ready(app, play)
        shots, (_, _, sounds) = throw(app, play)
    else:
        info, final = finished("yatzy")
        move = [i for i, a in enumerate(final.actions) if a["kind"] == "roll"][3]
        play = app.show("replay", info=info, final=final, start=move)
        frames(app, 2)
        shots, (_, _, sounds) = throw(app, play, hotkey=pygame.K_n)
    assert shots[0][2] == ["roll"], "the throw is heard at once"
    assert all("land" not in heard for *_, heard in shots), "nothing lands in the air"
    assert sounds.count("land") == 1 and sounds[-1] == "land", sounds


def test_held_dice_stay_put_while_the_others_are_thrown(app):
    play = start(app, "yatzy")
    ready(app, play)
    throw(app, play)
    frames(app, 2)
    key(pygame.K_1)
    key(pygame.K_3)
    frames(app)
    assert play.table.held == {0, 2}
    held = {i: play.die_spots[i].copy() for i in (0, 2)}
    assert all(held[i].bottom < play.die_rects[i].bottom for i in held), "held: lifted"
    shots, (rest, _, _) = throw(app, play)
    for spots, *_ in shots:
        assert all(spots[i] == held[i] for i in held), "a held die does not move"
    assert any(spots[1] != rest[1] for spots, *_ in shots), "the others are thrown"
    assert all(rest[i] == held[i] for i in held)


def test_skipping_ahead_lands_the_dice_at_once_and_the_fast_pace_throws_quicker(app):
    lengths = {}
    for pace in ("normal", "fast"):
        app.settings.bot_speed = pace
        play = start(app, "farkle")
        ready(app, play)
        shots, _ = throw(app, play)
        lengths[pace] = len(shots)
    assert lengths["fast"] < lengths["normal"] < 1 / DT
    play = start(app, "farkle")
    ready(app, play)
    key(pygame.K_SPACE)
    frames(app, 2)
    assert play.animator.busy
    key(pygame.K_f)  # skip ahead
    frames(app)
    assert not play.animator.busy and play.unseen is None
    assert any(text.startswith("You roll") for text, _ in play.history.entries)


def test_the_throw_never_draws_from_the_games_generator(app):
    play = start(app, "pirates")
    ready(app, play)
    key(pygame.K_SPACE)
    frames(app)
    assert play.animator.busy
    rng = play.state.rng
    before = (rng.getstate(), rng.draws)
    while play.animator.busy:
        frames(app)
    assert (rng.getstate(), rng.draws) == before
    assert play.animator.rng is not rng


def shown_dice(app, play):
    """The faces of the dice on the felt in a full frame (None: a blank die), and what
    the probe saw drawn."""
    with probe.record_shown() as shown:
        app.invalidate()
        frames(app)
    faces = [spec.value for spec in play.table.dice()]
    tray = play.regions["tray"]  # (the move history draws small dice of its own)
    drawn = [what for kind, what, rect in shown if kind == "die" and tray.contains(rect)]
    assert not drawn or drawn == faces or app.scene is not play
    return faces, shown


def test_a_farkle_leaves_the_felt_when_the_next_turn_comes_on_screen(app):
    play = start(app, "farkle")
    ready(app, play)
    force(play, [2, 3, 4, 6, 2, 3])
    key(pygame.K_SPACE)
    frames(app)
    while play.animator.busy:
        frames(app)
    frames(app)
    assert play.banner is not None and "FARKLE" in play.banner[0].text
    faces, _ = shown_dice(app, play)
    assert sorted(faces) == [2, 2, 3, 3, 4, 6], "seen while the farkle is announced"
    for _ in range(600):
        frames(app)
        if play.shown_seat == 1:
            break
    assert play.shown_seat == 1 and not play.state.rolled  # Ada's turn, before her roll
    faces, _ = shown_dice(app, play)
    assert faces and all(f is None for f in faces), f"Your farkle lingers: {faces}"


def test_a_pirates_turn_leaves_the_felt_with_its_card_when_the_next_turn_comes(app):
    play = start(app, "pirates")
    ready(app, play)
    force(play, ["gold"] * 4 + ["parrot"] * 4)
    key(pygame.K_SPACE)
    frames(app)
    while play.busy:
        frames(app)
    key(pygame.K_RETURN)  # stop and score
    frames(app)
    faces, shown = shown_dice(app, play)
    assert sorted(faces) == ["gold"] * 4 + ["parrot"] * 4, "seen while the turn is scored"
    for _ in range(600):
        frames(app)
        if isinstance(app.scene, CardDrawScene):
            break
    assert play.shown_seat == 1 and isinstance(app.scene, CardDrawScene)  # Ada draws
    app.pop()  # (the card scene aside: the felt under it)
    faces, shown = shown_dice(app, play)
    assert faces and all(f is None for f in faces), f"Your dice linger: {faces}"
    assert [what for kind, what, _ in shown if kind == "card"] == [None], "and your card"


def rings(app):
    """(each hinted die's ring, where that die was drawn) in a full frame."""
    with probe.record_shown() as shown:
        app.invalidate()
        frames(app)
    tray = app.scene.regions["tray"]  # (the move history draws small dice of its own)
    dice = [rect for kind, _, rect in shown if kind == "die" and tray.colliderect(rect)]
    return {i: (rect, dice[i]) for kind, i, rect in shown if kind == "hint ring"}


def assert_round(marks: dict, lifted: set[int]) -> None:
    assert marks, "no ring on the table"
    for i, (ring, die) in marks.items():
        assert ring.center == die.center and ring.contains(die), (i, ring, die)
    for i in lifted:
        assert i in marks


@pytest.mark.parametrize("game_id,faces,pick", [
    ("yatzy", [6, 6, 6, 2, 1], "held"),  # held dice rise: the ring too
    ("farkle", [1, 1, 1, 2, 3, 4], "chosen"),  # dice chosen to set aside rise
    ("pirates", ["skull", "gold", "gold", "diamond", "parrot", "monkey", "sword", "parrot"],
     "chosen"),  # dice chosen to reroll rise
])
def test_the_coachs_ring_follows_a_die_when_it_lifts(app, game_id, faces, pick):
    app.settings.coach = "on"
    play = start(app, game_id)
    ready(app, play)
    force(play, faces)
    key(pygame.K_SPACE)
    frames(app)
    assert play.animator.busy
    key(pygame.K_h)  # asked for while the dice are in the air: refused, no ring
    while play.animator.busy:
        assert not rings(app), "a ring while the dice are in the air"
    ready(app, play)
    key(pygame.K_h)
    hint = wait_for_hint(app, play)
    marked, _ = play.table.hint_marks(hint.action)
    assert marked, hint.action
    assert_round(rings(app), set())  # at rest, nothing lifted yet
    for i in sorted(marked):  # pick the hinted dice: they rise, the rings with them
        key(pygame.K_1 + i)
    frames(app)
    modes = {i: play.table.dice()[i].mode for i in marked}
    assert set(modes.values()) == {pick}, modes
    marks = rings(app)
    assert_round(marks, marked)
    assert all(marks[i][1].bottom < play.die_rects[i].bottom for i in marked), "lifted"


def test_a_pirate_fortune_replay_plays_on_past_the_end_of_a_turn(app):
    """The pause that shows how a turn ended counts down in a replay too (it used to hold
    a Pirate Fortune replay at the first turn's end for ever)."""
    from game.scenes.results import ResultsScene
    info, final = finished("pirates")
    replay = app.show("replay", info=info, final=final)
    frames(app)
    for _ in range(4):
        key(pygame.K_PLUS)  # 8x: no animations
    for _ in range(20_000):
        frames(app)
        if isinstance(app.scene, ResultsScene):
            break
    assert replay.step_index == len(final.actions) and isinstance(app.scene, ResultsScene)
