"""Sentences built from a player's name read right for "You" and for any other name; a name
is never re-cased; numbers read as the rules write them (game.ui.words and its users)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.catalog import GAMES
from game.games.grab_it.rules import LABELS, GrabItState
from game.rules.core import Seat
from game.scenes.tables import StandIn, load_table
from game.ui.words import YOU, Possessive, number, plain_form, possessive, says, signed, verb

GAME = Path(__file__).resolve().parent.parent / "game"

# Every verb the code hands ``says``/``verb``, with the form it takes after "You". A verb
# the code starts using must be added here (test_every_verb_the_code_uses_is_known).
YOU_FORMS = {
    "is": "are", "has": "have", "does": "do", "goes": "go", "was": "were",
    "scores": "score", "loses": "lose", "banks": "bank", "piggybacks": "piggyback",
    "gets": "get", "sets": "set", "scratches": "scratch", "grabs": "grab", "wins": "win",
    "rolls": "roll", "takes": "take", "leaves": "leave", "draws": "draw", "starts": "start",
    "passes": "pass", "reaches": "reach", "pushes": "push", "plays": "play",
    "leads": "lead", "tries": "try", "fixes": "fix", "buzzes": "buzz",
    # not a third-person present: the same after "You"
    "may": "may", "reached": "reached", "farkled": "farkled", "scored": "scored",
    "rolled": "rolled",
}


def verbs_in_code() -> set[str]:
    """The literal verbs of every ``says(name, "verb")`` and ``verb(name, "verb")`` call in
    the game's code."""
    found = set()
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("says", "verb") and len(node.args) == 2
                    and isinstance(node.args[1], ast.Constant)):
                found.add(node.args[1].value)
    return found


def test_every_verb_the_code_uses_is_known():
    used = verbs_in_code()
    assert {"scratches", "takes", "starts", "is", "rolls"} <= used  # the scan finds them
    assert used <= set(YOU_FORMS), f"add these verbs to YOU_FORMS: {used - set(YOU_FORMS)}"


@pytest.mark.parametrize("third", sorted(YOU_FORMS))
def test_says_agrees_with_you_and_keeps_other_names(third):
    assert says(YOU, third) == f"You {YOU_FORMS[third]}"
    assert verb(YOU, third) == YOU_FORMS[third]
    assert plain_form(third) == YOU_FORMS[third]
    for name in ("Ada", "åsa-Märta", "Констанция Щукин", "Yours", "Youssef"):
        assert says(name, third) == f"{name} {third}"  # only "You" is the second person
        assert verb(name, third) == third
    for name in ("you", "YOU"):  # typed so, still "You": the verb agrees, the name stays
        assert says(name, third) == f"{name} {YOU_FORMS[third]}"


def test_possessives_keep_the_name_as_typed():
    assert possessive(YOU) == "your" and Possessive(YOU) == "Your"
    assert possessive("åsa-Märta") == "åsa-Märta's"
    assert Possessive("åsa-Märta") == "åsa-Märta's"  # not "Åsa-märta's"
    assert Possessive("ada") == "ada's"


@pytest.mark.parametrize("value, text", [
    (0, "0"), (950, "950"), (1000, "1,000"), (8000, "8,000"), (12250, "12,250"),
    (-1000, "-1,000"), (1_000_000, "1,000,000"), (12250.0, "12,250"), (2.5, "2.5"),
    (1234.56, "1,234.6")])
def test_numbers_read_as_the_rules_write_them(value, text):
    assert number(value) == text


def test_signed_numbers():
    assert signed(1500) == "+1,500" and signed(-1000) == "-1,000" and signed(0) == "0"
    assert signed(50) == "+50"
    assert number(1234.5, 1) == "1,234.5" and number(1234, 1) == "1,234.0"


# -- through the real tables ------------------------------------------------------------------
def grab_it_table(state):
    table = load_table(GAMES["grab_it"].table_module())(StandIn(state))
    table.new_turn()
    return table


def grab_it_game(first: str, names: list[str]) -> GrabItState:
    """A Grab It! game whose roll-off ``first`` won (the first seed, in order, that gives it)."""
    for seed in range(500):
        state = GrabItState([Seat(n) for n in names], seed=seed)
        if state.seats[state.order[0]].name == first:
            return state
    raise AssertionError(f"no seed lets {first} start")


@pytest.mark.parametrize("first, other", [(YOU, "Ada"), ("åsa-Märta", YOU)])
def test_grab_it_roll_off_sentence(first, other):
    state = grab_it_game(first, [other, first])
    lines = grab_it_table(state).status()
    roll_off = next(line for line in lines if line.startswith("Roll-off"))
    start = "You start." if first == YOU else f"{first} starts."
    assert roll_off.endswith(start), roll_off
    for seat, total in state.roll_off[-1].items():
        assert f"{state.seats[int(seat)].name} {total}" in roll_off
    thinking = "You are thinking…" if first == YOU else f"{first} is thinking…"
    assert thinking in lines


def scratch(state: GrabItState):
    """Roll, then fill a box the dice do not make: the 'scored' event of the scratch."""
    state.apply({"kind": "roll", "hold": []})
    box = next(c for c, v in state.preview().items() if v == 0)
    events = state.apply({"kind": "score", "category": box})
    return box, next(e for e in events if e["type"] == "scored")


@pytest.mark.parametrize("name", [YOU, "åsa-Märta"])
def test_grab_it_scratch_sentence(name):
    state = grab_it_game(name, ["Ada", name])
    table = grab_it_table(state)
    box, event = scratch(state)
    assert event["points"] == 0
    who = "You scratch" if name == YOU else f"{name} scratches"
    banner = table.describe(event)
    assert banner.text == f"{who} {LABELS[box]} for everyone"
    line, _ = table.history_line(event)
    assert line.startswith(f"{who} {LABELS[box]} with [")


# -- big numbers in the race games ------------------------------------------------------------
BIG = re.compile(r"(?<![\d,.\w])[-+]?\d{4,}(?![\d,])")  # four digits in a row: no separator


def table_texts(table, events) -> list[str]:
    """What a table says about these events and the position now: banners, history lines,
    the status, the turn line, the buttons and every text of the sheet."""
    out = []
    for event in events:
        banner = table.describe(event)
        line = table.history_line(event)
        out += [banner.text] if banner else []
        out += [line[0]] if line else []
    out += table.status() + [table.turn_info()] + [b.label for b in table.buttons()]
    model = table.sheet()
    out += [h[0] for h in model.headers] + [model.footer or ""]
    out += [r.label for r in model.rows] + [c.text for r in model.rows for c in r.cells]
    return out


@pytest.mark.parametrize("game_id", ["farkle", "pirates"])
def test_the_race_tables_write_big_numbers_with_separators(game_id):
    """A whole game to 10,000 (Farkle) or 8,000 (Pirate Fortune) played by bots: every
    banner, history line, status, button and sheet cell writes 1,000 and more with its
    separators -- and big numbers are there to be written."""
    from game.bots import make_policy
    from game.catalog import GAMES
    info = GAMES[game_id]
    state = info.new_game([Seat("You", "normal"), Seat("Ada", "normal")], {}, seed=4)
    table = load_table(info.table_module())(StandIn(state))
    bots = [make_policy(info.bot_module, "normal", seed=i) for i in range(2)]
    texts = []
    while not state.is_over():
        table.new_turn()
        events = state.apply(bots[state.current].choose(state))
        texts += table_texts(table, events)
    assert any(re.search(r"\d,\d{3}", t) for t in texts)
    bad = sorted({t for t in texts if BIG.search(t)})
    assert not bad, bad


# -- the menu's options -----------------------------------------------------------------------
def test_every_option_value_is_shown_in_words():
    """An option's value as the menu shows it: never the code's value ("default", a 0 that
    means one game), a number as the rules write it."""
    from game.catalog import GAMES
    for info in GAMES.values():
        for opt in info.options:
            values = (True, False) if opt.kind == "bool" else opt.choices
            for value in values:
                shown = opt.text(value)
                assert shown and "_" not in shown, (info.id, opt.key, value)
                if isinstance(value, str):  # a name for it, not the code's word
                    assert shown[:1].isupper(), (info.id, opt.key, value, shown)
                elif isinstance(value, int) and not isinstance(value, bool):
                    assert shown == f"{value:,}" or not shown[:1].isdigit() or \
                        shown.startswith(f"{value} "), (info.id, opt.key, value, shown)
    pirates = {o.key: o for o in GAMES["pirates"].options}
    assert pirates["deck"].text("default") == "Standard"
    assert pirates["target"].text(8000) == "8,000"
    session = {o.key: o for o in GAMES["grab_it"].options}["session"]
    assert [session.text(v) for v in session.choices] == [
        "one game", "1 game per side", "2 games per side", "3 games per side"]


def test_a_damaged_record_is_named_by_its_game_title():
    """Messages name a game by its title: "the high scores of Maxi Yatzy", not the key."""
    from game import storage
    from game.records import Records
    good = {"players": {}, "high": []}
    for damage in ({"players": {}, "high": [{"name": "Ada"}]}, {"players": 3, "high": []},
                   {"players": {"Ada": {"games": 1}}, "high": []}):
        data = {"format": Records().to_json()["format"],
                "games": {"maxi_yatzy": damage, "yatzy": good}}
        with pytest.raises(storage.StoreError) as caught:
            Records.from_json(data)
        assert "Maxi Yatzy" in str(caught.value) and "maxi_yatzy" not in str(caught.value)
