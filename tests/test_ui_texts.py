"""Every scene of every game read as a player reads it (tests/scene_tour.py visits them):
no code words or keys on screen, numbers of 1,000 and more with their separators, no "You"
with a verb in the wrong form, no name written with other capitals than typed.

The checks are the tour's ``problems``; the first test shows that they find what they look
for, so that a check that went blind fails here rather than passing everywhere."""

from __future__ import annotations

import pytest

from game.catalog import GAMES
from tests.scene_tour import Screens, hand_problems, problems, tour

NAMES = ["You", "åsa-Märta", "Ada"]  # two people (one of them "You"), a bot
HANDS = ("touch", "keyboard", "mouse")


def hands_read_right(screens: Screens) -> list[str]:
    """Every screen read after a tap, a key and a click: words for that hand only."""
    found = []
    for hand in HANDS:
        found += sorted(set(hand_problems(screens.by_hand[hand])))[:15]
    return found


def test_the_checks_find_what_they_look_for():
    screens = Screens("pirates", NAMES)
    bad = ["You scratche 5 of a Kind for everyone", "You rolls [1 2 3]", "You is thinking…",
           "Target score: 10000", "Åsa-märta's Fortune Card", "Fortune deck: default",
           "Session: 0", "Coach: request", "Bot pace: fast", "unknown option for grab_it",
           "it is seat 0's turn", "The coach could not help here (KeyError)", "Best: 12250.0",
           "Stop now: -1000", "You's turn", "-0.0 · 100%", "-0.0% win chance"]
    good = ["You scratch 5 of a Kind for everyone", "You roll [1 2 3]", "You are thinking…",
            "Target score: 10,000", "åsa-Märta's Fortune Card", "Fortune deck: Standard",
            "Session: one game", "Coach: On request", "Bot pace: Fast", "Your turn",
            "Stop now: -1,000", "U+4E2D", "25 Nov 04:48", "Ada draws Truce", "None yet",
            "your turn", "1. You 12,250 · 2. Ada 9,700", "Remove You", "You: 24 in Chance",
            "-0.5 · 0.0% · 89%", "Roll 4+ swords: +1,000. Fail: -1,000.", "-10.5%"]
    for text in bad:
        screens.shown = {"table": {text}}
        assert problems(screens), f"{text!r} was let through"
    for text in good:
        screens.shown = {"table": {text}}
        assert not problems(screens), problems(screens)
    screens.shown = {"rules": {"Three farkles in a row cost 1000 points"}}
    assert problems(screens)  # the rules write numbers as the game does


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_scene_reads_right(game_id):
    """Two people, one of them "You", and a bot; every option value in the menu; a whole
    game; the pause menu, the rules, the card draw, the results, the standings, the
    records, the review and a replay. Each screen is read after a tap, a key and a click
    too: after a tap no key and no click is named, with the keyboard no click or tap, with
    a mouse no tap and no key in a sentence, and the table asks for what the hand does."""
    screens = tour(game_id, NAMES, hands=HANDS)
    for where in ("menu", "table", "table: the words of every event", "pause: quit?", "rules",
                  "results", "records", "recent games", "review", "replay"):
        assert screens.shown.get(where), f"the tour did not see the {where}"
        for hand in HANDS:
            assert screens.by_hand[hand].shown.get(where), f"no {where} after a {hand}"
    found = problems(screens)
    assert not found, "\n".join(sorted(set(found))[:40])
    found = hands_read_right(screens)
    assert not found, "\n".join(found)


def test_the_most_players_with_the_longest_names_read_right():
    """Six seats of Yatzy with the longest names the menu takes (two people, four bots),
    read after a tap, a key and a click."""
    from game.launcher import LONG_NAMES
    screens = tour("yatzy", LONG_NAMES[:6], every_option=False, hands=HANDS)
    found = problems(screens) + hands_read_right(screens)
    assert not found, "\n".join(sorted(set(found))[:40])


@pytest.mark.parametrize("game_id", ["farkle", "pirates", "yatzy"])
def test_solo_and_you_as_a_bot_read_right(game_id):
    """One person alone; then "You" kept as the name of a bot ("You are playing")."""
    for names, people in ((["You"], 1), (["You", "Ada"], 0)):
        screens = tour(game_id, names, every_option=False, people=people)
        found = problems(screens)
        assert not found, "\n".join(sorted(set(found))[:40])


def test_partnerships_read_right():
    """Grab It! with four: two teams of two ("You & Ada win!"), a session's standings."""
    screens = tour("grab_it", ["You", "åsa-Märta", "Ada", "Bram"], every_option=False)
    assert screens.shown.get("session standings")
    found = problems(screens)
    assert not found, "\n".join(sorted(set(found))[:40])
