"""The lessons' scripts (game.lessons) against the rules: every game has one; played through
the engine with its dice forced through the chance model (``GameState.after``) every move is
legal and every roll shows what the script says; it is short (two or three turns of the
player's) and shows the rule it is there for; and every move it teaches is the strongest
bot's own best move, so a lesson never teaches a mistake."""

from __future__ import annotations

import re

import pytest

from game.catalog import GAMES
from game.coach import Coach
from game.lessons import Say, lesson_for
from game.scenes.learn import lesson_game
from game.scenes.tables import StandIn, load_table
from game.ui import hands

# What each lesson is there to show, as the events of its game say it (the list).
SHOWS = {
    "yatzy": "a box crossed out for 0",
    "maxi_yatzy": "a box crossed out for 0",
    "farkle": "hot dice, and a farkle",
    "pirates": "a third skull",
    "bona_fortuna": "the Doubled column",
    "grab_it": "a box snatched from under the other player",
}


def shown(events: list[dict]) -> set[str]:
    """The rules these events show (see SHOWS)."""
    found = set()
    for e in events:
        if e["type"] == "scored" and e.get("points") == 0 and "category" in e:
            found.add("a box crossed out for 0")
        if e["type"] == "hot_dice":
            found.add("hot dice")
        if e["type"] == "farkle":
            found.add("a farkle")
        if e["type"] == "scored" and e.get("result") == "disqualified":
            found.add("a third skull")
        if e["type"] == "scored" and e.get("column") == "doubled":
            found.add("the Doubled column")
        if e["type"] == "moment" and e.get("moment") == "snatched":
            found.add("a box snatched from under the other player")
    return found


def play(game_id: str):
    """The lesson played through the rules, every roll (or card) forced to what the script
    says; yields (step, state before, move, what it shows, state after, events, the dice
    chosen just before) for every move, the bot's too."""
    info = GAMES[game_id]
    lesson = lesson_for(game_id)
    state = lesson_game(info, lesson)
    chosen: set[int] = set()
    for step in lesson.steps:
        if step.kind == "pick":
            chosen = set(step.dice)
        moves = [(step.move, step.shows)] if step.kind == "do" else list(step.moves)
        for move, shows in moves:
            before = state
            spec = state.roll_spec(move)
            outcome = [shows[i] for i in spec.rolled] if spec is not None else list(shows)
            state, events = state.after(move, outcome)
            yield step, before, move, shows, state, events, chosen
            chosen = set()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_short_lesson_that_ends(game_id):
    lesson = lesson_for(game_id)
    assert lesson is not None and lesson.game == game_id and lesson_for(game_id) is lesson
    kinds = [s.kind for s in lesson.steps]
    assert kinds[-1] == "end" and kinds.count("end") == 1
    turns = sum(1 for s in lesson.steps if s.kind == "bot")
    assert turns >= 1  # the other player's turn, between the player's
    for step in lesson.steps:
        assert str(step.say).strip(), step
        if step.kind == "do":
            assert step.move is not None
        if isinstance(step.say, Say):  # each hand's own words
            assert "press" not in step.say.click.lower()
            assert "click" not in step.say.keys.lower() and "tap" not in step.say.keys.lower()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_lesson_is_a_game_the_rules_play_with_the_dice_it_says(game_id):
    info = GAMES[game_id]
    table = load_table(info.table_module())
    seen: set[str] = set()
    human_turns = set()
    for step, before, move, shows, after, events, chosen in play(game_id):
        if step.kind == "do":
            assert before.seats[before.current].is_human, (step, "the player's move")
            human_turns.add(before.turns_played)
            for field in ("hold", "set_aside", "dice"):  # the move uses what was just chosen
                if chosen and field in move:
                    assert set(move[field]) == chosen, (step, move)
        else:
            assert not before.seats[before.current].is_human, (step, "the bot's move")
        rolled = before.roll_spec(move)
        if rolled is not None:
            dice = next(e["dice"] for e in events if e["type"] == "rolled")
            assert list(dice) == list(shows), (step, dice)  # the dice land as written
            for i in set(range(len(shows))) - set(rolled.rolled):
                assert shows[i] == before.dice[i], (step, "a held die changed")
        elif shows:
            assert after.card == shows[0], (step, "the card drawn")
        else:
            assert not any(e["type"] == "rolled" for e in events), (step, "an unseen roll")
        seen |= shown(table(StandIn(after)).moments(events))
    wanted = set(SHOWS[game_id].split(", and "))
    assert wanted <= seen, (game_id, seen)
    assert 2 <= len(human_turns) + 1 <= 4  # two or three turns in all


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_move_a_lesson_teaches_is_the_strongest_bots_best(game_id):
    """The coach (the strongest bot) prices each of the player's moves in the lesson: none
    costs anything (the lessons' dice were chosen so)."""
    info = GAMES[game_id]
    coach = Coach(info, seed=1)
    priced = 0
    for step, before, move, *_ in play(game_id):
        if step.kind != "do" or len(before.legal_actions()) < 2:
            continue  # (the only move there is: the first roll, the card)
        hint = coach.hint(before)
        cost = hint.cost(before, dict(move))
        assert cost is not None and cost <= 1e-6, (step.say, move, hint.action, cost)
        priced += 1
    assert priced >= 2


KEY_WORDS = re.compile(r"\b(press|Space|Enter|Esc|Escape|arrows?|keys?|keyboard|Tab|F1|F11|"
                       r"Ctrl|Backspace)\b")


@pytest.mark.parametrize("mode", ["touch", "mouse", "keyboard"])
def test_every_word_of_every_lesson_is_for_the_hand_in_use(mode):
    """After a tap no word of a lesson names a key (nor says click); with the mouse none
    says tap; with the keys none says click or tap, and every move names its key."""
    before = hands.hands.mode
    hands.hands.use(mode)
    try:
        for lesson in filter(None, map(lesson_for, GAMES)):
            for step in lesson.steps:
                for words in (step.say, step.wrong, step.rule):
                    said = str(words)
                    where = f"{lesson.game}: {said!r}"
                    if mode == "touch":
                        assert not KEY_WORDS.search(said), where
                        assert "click" not in said.lower(), where
                    elif mode == "mouse":
                        assert not re.search(r"\btap", said, re.I), where
                        assert not KEY_WORDS.search(said) or not isinstance(words, Say), where
                    else:
                        assert not re.search(r"\b(click|tap)", said, re.I), where
                if mode == "keyboard" and step.kind in ("pick", "do"):
                    assert KEY_WORDS.search(str(step.say)), (lesson.game, str(step.say))
    finally:
        hands.hands.use(before)
