"""Small windows (640x360 with keys, a 360x640 phone): the dice's words and keys, and the
table's buttons, said whole and drawn clear of each other."""

from __future__ import annotations

from contextlib import contextmanager

import pygame
import pytest

from game.catalog import GAMES
from game.games.farkle.rules import score_selection
from game.games.pirates.table import zones
from game.ui import probe, text
from tests.test_ui_screens import long_seats, make_app
from tests.ui_driver import frames, use_hand


def first_roll(game_id: str, players: int, wanted, seeds: int = 300):
    """The first game (by seed) whose person, at their first roll, has what ``wanted``
    (a test of the state) asks for."""
    info = GAMES[game_id]
    for seed in range(seeds):
        state = info.new_game(long_seats(players, humans=1), seed=seed)
        while state.current != 0 or not state.rolled:
            state.apply(state.legal_actions()[0])
        if wanted(state):
            return state
    raise AssertionError(f"no {game_id} game of {seeds} seeds has it")


@contextmanager
def at_table(game_id: str, state, size, settle: int = 30):
    """The play scene on ``state`` at ``size``, settled: (the scene, what it drew)."""
    app = make_app(size)
    try:
        play = app.show("play", info=GAMES[game_id], state=state, autosave=False)
        frames(app, settle)
        with text.record() as drawn:
            app.draw()
        yield play, drawn
    finally:
        pygame.quit()


def hot_dice(size):
    """Farkle at ``size``, the person's six dice all scoring and all chosen (hot dice)."""
    info = GAMES["farkle"]
    state = first_roll("farkle", 2, lambda s: len(s.dice) == 6 and score_selection(s.dice))
    app = make_app(size)
    play = app.show("play", info=info, state=state, autosave=False)
    frames(app, 30)
    if not size[3]:
        use_hand("keyboard")
    play.table.chosen = set(range(6))
    play.table_buttons.set(play._table_buttons())
    frames(app, 2)
    return app, play


@pytest.mark.parametrize("size", [(640, 360, 1, False), (360, 640, 2, True)],
                         ids=["640x360r1-keys", "360x640r2-touch"])
def test_two_lines_of_dice_keep_their_words_and_keys_clear_of_each_other(size):
    """Six dice in two lines: the upper dice's 'CHOSEN' was drawn under the lower dice
    (lifted, they covered it), and the lower dice's keys over the upper dice's words.
    Every word and key on the felt is drawn whole, over no die and no other word."""
    app, play = hot_dice(size)
    try:
        with text.record() as drawn:
            app.draw()
        tray = play.regions["tray"]
        on_felt = [d for d in drawn if tray.contains(d.ink)]
        words = [d for d in on_felt if d.text == "CHOSEN"]
        ticks = 6 - len(words)
        assert len(words) == 6 or ticks == 6, [d.text for d in on_felt]
        keys = [d for d in on_felt if d.text in {str(k) for k in range(1, 7)}]
        assert len(keys) == (0 if size[3] else 6)
        dice = play.tray.die_spots
        for d in words + keys:
            assert not any(die.colliderect(d.ink) for die in dice), f"{d.text!r} under a die"
            assert not any(o is not d and o.ink.colliderect(d.ink) for o in words + keys), \
                f"{d.text!r} over another word"
    finally:
        pygame.quit()


def test_a_button_s_label_comes_before_its_key():
    """At 640x360 the Roll button read 'Hot dice: …' over its key 'Space': a label that
    does not fit whole with its key under it takes the whole button."""
    app, play = hot_dice((640, 360, 1, False))
    try:
        with text.record() as drawn, probe.record() as controls:
            app.draw()
        roll = next(b for b in play.table_buttons.buttons if b.label.startswith("Hot dice"))
        inside = [d.text for d in drawn if roll.rect.contains(d.box)]
        assert " ".join(inside) == "Hot dice: roll 6", inside
        bank = next(b for b in play.table_buttons.buttons if b.label.startswith("Bank"))
        assert "B / Enter" in [d.text for d in drawn if bank.rect.contains(d.box)]
        assert controls
    finally:
        pygame.quit()


def _cut(drawn, seats) -> list[str]:
    """Words drawn ending in '…' that are not a player's name written shorter."""
    names = [s.name for s in seats]
    return [d.text for d in drawn if d.text.endswith("…") and "…" not in d.source
            and d.source not in names]


def _truce(state) -> bool:
    return state.card == "truce" and state.counts()[3] > 0 and not state.island


@pytest.mark.parametrize("size", [(360, 640, 2, True), (640, 360, 1, False),
                                  (844, 390, 3, True)],
                         ids=["360x640r2-touch", "640x360r1", "844x390r3-touch"])
@pytest.mark.parametrize("case", ["grab_it partners", "pirates truce"])
def test_a_crowded_status_leaves_out_its_reminders_before_cutting_words(case, size):
    """Three lines for a status of two ended in '…': Grab It!'s partners' reminder over the
    prompt ('Tap  with the dice. …'), Pirate Fortune's Truce warning over the prompt and
    'Stop now'. The reminder goes first (the Truce's cost is in 'Stop now: -1,000'), and
    the board's 'scratched' and takers' names have short forms ('–', initials)."""
    from game.bots import make_policy
    game_id = case.split()[0]
    info = GAMES[game_id]
    seats = long_seats(info.max_players if game_id == "grab_it" else 4, humans=1)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(len(seats))}
    state = None
    for seed in range(40):
        state = info.new_game(seats, seed=seed)
        while not state.is_over():
            if state.current == 0 and (
                    (game_id == "grab_it" and state.rolls == 0 and state.turns_played > 6)
                    or (game_id == "pirates" and state.rolled and _truce(state))):
                break
            state.apply(bots[state.current].choose(state))
        if not state.is_over():
            break
    assert state is not None and not state.is_over()
    with at_table(info.id, state, size) as (play, drawn):
        assert not _cut(drawn, seats), _cut(drawn, seats)
        said = " ".join(d.text for d in drawn if play.regions["status"].contains(d.box))
        if game_id == "pirates":
            assert "Stop now: -" in said, said
        else:
            assert play.table.turn_prompt("grab").split()[0] in said, said


def test_the_treasure_chest_s_zone_says_its_words_whole_in_a_small_window():
    """At 640x360 the chest's zone read 'Treasure C…' over 'click dice, then T…' drawn
    below it: its title is 'Chest' where the whole does not fit, and the hint is left to
    the To chest button where it has no room."""
    info = GAMES["pirates"]
    seats = long_seats(4, humans=1)
    state = first_roll("pirates", 4, lambda s: s.card == "chest")
    with at_table(info.id, state, (640, 360, 1, False)) as (play, drawn):
        assert not _cut(drawn, seats), _cut(drawn, seats)
        assert "Chest" in [d.text for d in drawn]
        tray = play.regions["tray"]
        assert all(tray.contains(d.ink) for d in drawn if d.source.startswith("click dice"))


@pytest.mark.parametrize("size", [(360, 640, 2, True), (844, 390, 3, True), (640, 360, 1, False),
                                  (1280, 720, 1, False)],
                         ids=["360x640r2-touch", "844x390r3-touch", "640x360r1", "1280x720"])
def test_the_skulls_lie_inside_their_zone(size):
    """On a 360x640 phone the skull zone was too low for its words and a line of dice: the
    skull die fell off the felt under it. Every skull (the dice's and the card's) lies in
    the zone, and its count is said whole or not at all."""
    info = GAMES["pirates"]
    seats = long_seats(4, humans=1)
    state = first_roll("pirates", 4, lambda s: s.dice.count("skull") + s.card_skulls() >= 2
                       and not s.island)
    with at_table(info.id, state, size, settle=40) as (play, drawn):
        zone = zones(play.regions["tray"])["skulls"]
        skulls = [play.tray.die_rects[i] for i, f in enumerate(state.dice) if f == "skull"]
        assert skulls and all(zone.contains(r) for r in skulls), (zone, skulls)
        assert not _cut(drawn, seats), _cut(drawn, seats)


@pytest.mark.parametrize("size", [(360, 640, 2, True), (640, 360, 1, False), (1280, 720, 1, False)],
                         ids=["360x640r2-touch", "640x360r1", "1280x720"])
def test_the_chest_s_dice_lie_inside_its_zone(size):
    """The dice put on the Treasure Chest lie inside its zone at every size (a low zone,
    as at 640x360, takes them in one line after its picture)."""
    info = GAMES["pirates"]
    seats = long_seats(4, humans=1)
    state = first_roll("pirates", 4, lambda s: s.card == "chest" and sum(
        f != "skull" for f in s.dice) >= 3)
    state.apply({"kind": "chest", "dice": [i for i, f in enumerate(state.dice)
                                           if f != "skull"][:3]})
    assert len(state.chest) == 3
    with at_table(info.id, state, size, settle=40) as (play, drawn):
        zone = zones(play.regions["tray"])["chest"]
        assert all(zone.contains(play.tray.die_rects[i]) for i in state.chest)
        assert not _cut(drawn, seats), _cut(drawn, seats)
