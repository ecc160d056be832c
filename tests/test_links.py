"""A game in a link: short, URL-safe, clear of the page runtimes' own use of the address,
and checked exactly as a save is: a damaged, cut, edited or foreign link gets one sentence
and changes nothing on the device that opens it."""

from __future__ import annotations

import base64
import functools
import json
import re
import zlib
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import linkplay, links, storage
from game.catalog import GAMES
from game.rules.core import Seat
from game.sim import play_game

ROOT = Path(__file__).resolve().parent.parent
TABLES = {"yatzy": 4, "maxi_yatzy": 3, "farkle": 8, "pirates": 4, "bona_fortuna": 3,
          "grab_it": 4}


@functools.cache
def finished(game_id: str, seed: int = 11):
    """A whole game of normal bots, two of its seats people (the link's players)."""
    state = play_game(game_id, ["normal"] * TABLES[game_id], seed=seed)
    seats = [Seat(f"P{i}" if i < 2 else s.name, None if i < 2 else s.bot)
             for i, s in enumerate(state.seats)]
    info = GAMES[game_id]
    return info, info.state_type().replay(seats, state.options, state.seed, state.actions)


@functools.cache
def code_of(game_id: str) -> str:
    info, state = finished(game_id)
    return links.encode(info, state)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_whole_game_goes_into_a_link_and_comes_back_the_same(game_id):
    info, state = finished(game_id)
    code = code_of(game_id)
    assert code.startswith("dh1.") and re.fullmatch(r"dh1\.[A-Za-z0-9_-]+", code)
    for text in (code, f"https://example.org/dice/index.html#{code}",
                 f"  <https://example.org/#{code}>. ", f"#{code})"):
        link = links.decode(text)
        assert link.info is info
        assert link.state.digest() == state.digest() and link.state.actions == state.actions
    assert links.decode(f"https://example.org/x/#{code}").site == "https://example.org/x/"
    # a game in progress too (its first moves only)
    half = state.rewound(len(state.actions) // 2)
    assert links.decode(links.encode(info, half)).state.digest() == half.digest()


def test_links_are_short_enough_for_a_chat():
    """A whole Yatzy game of four and a Farkle game of eight (the README gives these)."""
    yatzy = [len(links.encode(*pair)) for pair in
             (finished("yatzy", s) for s in (11, 12, 13))]
    farkle = [len(links.encode(GAMES["farkle"], play_game("farkle", ["normal"] * 8, seed=s)))
              for s in (11, 12, 13)]
    assert max(yatzy) < 600 and max(farkle) < 600, (yatzy, farkle)
    # the same games as JSON saves would be several times longer
    info, state = finished("yatzy")
    assert len(json.dumps(state.save())) > 8 * len(code_of("yatzy"))


def test_the_fragment_keeps_clear_of_pygbag_and_pyodide():
    """pygbag turns query arguments into environment variables and opens its debug mode for
    '#debug'; a link uses the fragment only, with its own marker, and the page moves it out
    of the address before pygbag reads it (and leaves any other fragment alone)."""
    for game_id in TABLES:
        code = code_of(game_id)
        assert "?" not in code and "#" not in code and "%" not in code and "&" not in code
        assert not code.startswith("debug")
    for name in ("dice-harbor.tmpl", "pyodide.tmpl"):
        page = (ROOT / "web" / name).read_text(encoding="utf-8")
        assert "function takeLink()" in page and "/^dh\\d+\\./.test(code)" in page
        assert 'addEventListener("hashchange", takeLink)' in page
    pygbag = (ROOT / "web" / "dice-harbor.tmpl").read_text(encoding="utf-8")
    # (pythons.js reads window.config first: the link is taken in the same script, before)
    assert pygbag.index("takeLink()\n") < pygbag.index("config = {")


def sentence(message: str) -> bool:
    """One sentence: a capital first, one full stop at the end, no line break, short."""
    return (message[:1].isupper() and message.endswith(".") and "\n" not in message
            and len(message) <= 260 and not re.search(r"\.\s+[A-Z]", message[:-1]))


def refused(text) -> str:
    with pytest.raises(links.LinkError) as caught:
        links.decode(text)
    message = str(caught.value)
    assert sentence(message), message
    return message


def repack(code: str, edit) -> str:
    """A link re-made with its header or moves edited (as someone editing it would)."""
    body = code[4:]
    raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    head, _, moves = raw.partition(b"\0")
    header = json.loads(head)
    header, moves = edit(header, bytearray(moves))
    packed = zlib.compress(json.dumps(header).encode() + b"\0" + bytes(moves))
    return "dh1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_edited_and_foreign_links_are_refused_in_one_sentence():
    code = code_of("yatzy")

    def header(**changes):
        return repack(code, lambda h, m: ({**h, **changes}, m))

    def move(index: int, value: int):
        def edit(h, m):
            m[index] = value
            return h, m
        return repack(code, edit)

    assert "does not give the game" in refused(header(r=12345))
    assert "does not give the game" in refused(header(s=[["P0", None], ["P9", None],
                                                         ["Bram", "normal"], ["Cleo", "normal"]]))
    assert "does not give the game" in refused(header(d="0" * 32))
    assert re.search("does not give the game|not one the game allows|not legal",
                     refused(move(5, 3)))
    assert "another version" in refused(code.replace("dh1.", "dh7.", 1))
    assert "does not have" in refused(header(g="chess"))
    assert "option dice" in refused(header(o={"dice": 9}))
    assert "computer player" in refused(header(s=[["P0", None], ["P1", "genius"],
                                                  ["Bram", "normal"], ["Cleo", "normal"]]))
    assert "not one the game allows" in refused(move(0, 2))  # the first move is the roll
    assert "not a Dice Harbor link" in refused("https://example.org/#debug")
    assert "not a Dice Harbor link" in refused("hello")
    assert "not a Dice Harbor link" in refused(None)
    assert "damaged" in refused(code[:len(code) // 2])
    assert "damaged" in refused(code + "A")
    assert "damaged" in refused(code.replace(code[20], "$" if code[20] != "$" else "%", 1))
    assert "too long" in refused("dh1." + "A" * 30_000)
    bomb = "dh1." + base64.urlsafe_b64encode(zlib.compress(b"{" * 5_000_000)).decode().rstrip("=")
    assert "more than any game" in refused(bomb)
    deep = repack(code, lambda h, m: (h, m))
    assert links.decode(deep).state.digest() == finished("yatzy")[1].digest()


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    """A headless app whose storage is a folder of its own, with a game by link kept."""
    import os
    home = tmp_path_factory.mktemp("device")
    old = os.environ.get("DICE_HARBOR_HOME")
    os.environ["DICE_HARBOR_HOME"] = str(home)
    from tests.ui_driver import new_app
    app = new_app()
    app.show("menu")
    info, state = finished("farkle")
    links.keep(info, state.rewound(40), mine=[0])
    storage.store("yatzy", GAMES["yatzy"].new_game([Seat("Ann")], seed=1))
    yield app, home
    pygame.quit()
    if old is None:
        os.environ.pop("DICE_HARBOR_HOME", None)
    else:
        os.environ["DICE_HARBOR_HOME"] = old


def snapshot(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(home.iterdir()) if p.is_file()}


MUTATIONS = st.one_of(
    st.tuples(st.just("replace"), st.integers(0, 10_000), st.sampled_from(
        list("AZaz09-_.#%=+/ ") + ["é", "\n"])),
    st.tuples(st.just("delete"), st.integers(0, 10_000), st.integers(1, 40)),
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.text(min_size=1, max_size=6)),
    st.tuples(st.just("cut"), st.integers(0, 10_000), st.just(0)),
    st.tuples(st.just("swap"), st.integers(0, 10_000), st.integers(1, 30)),
)


def mutate(text: str, mutation) -> str:
    kind, at, extra = mutation
    at %= len(text)
    if kind == "replace":
        return text[:at] + extra + text[at + 1:]
    if kind == "delete":
        return text[:at] + text[at + extra:]
    if kind == "insert":
        return text[:at] + extra + text[at:]
    if kind == "cut":
        return text[:at]
    j = min(len(text) - 1, at + extra)
    chars = list(text)
    chars[at], chars[j] = chars[j], chars[at]
    return "".join(chars)


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(TABLES)), mutation=MUTATIONS)
def test_a_mutated_link_opens_the_same_game_or_is_refused_in_one_sentence(device, game, mutation):
    app, home = device
    info, state = finished(game)
    text = "https://example.org/play/#" + code_of(game)
    broken = mutate(text, mutation)
    before = snapshot(home)
    try:
        link = links.decode(broken)
    except links.LinkError as exc:
        assert sentence(str(exc)), str(exc)
        app.toast = None
        assert linkplay.open_text(app, broken) is False  # the app says the same, and...
        assert app.toast is not None and app.toast[0] == str(exc)
        assert snapshot(home) == before  # ...nothing changed on the device
        return
    # still a link of ours (a change in the address, or one a chat trims): the same game
    assert link.info is info and link.state.digest() == state.digest()
    assert link.state.actions == state.actions


def test_an_older_link_of_a_game_further_on_says_so_and_offers_the_newer(device):
    app, home = device
    info, state = finished("farkle")
    links.keep(info, state.rewound(60), mine=[0])
    before = snapshot(home)
    assert linkplay.open_text(app, links.encode(info, state.rewound(30)))
    assert type(app.scene).__name__ == "ConfirmScene" and app.scene.title == "An older link"
    assert "move 30" in app.scene.text and "move 60" in app.scene.text
    assert snapshot(home) == before
    app.scene.accept()  # Open the newer position
    assert app.scene.state.actions == state.rewound(60).actions
    # a link whose game went another way than the one kept here is not taken silently
    k = next(i for i in range(60) if len(state.rewound(i).legal_actions()) > 1)
    forked = state.rewound(k)
    forked.apply(next(a for a in forked.legal_actions() if a != state.actions[k]))
    app.show("menu")
    before = snapshot(home)
    linkplay.open_text(app, links.encode(info, forked))
    assert app.scene.title == "Another course" and f"at move {k + 1} " in app.scene.text
    assert snapshot(home) == before
    app.pop()  # Keep this device's: nothing changes
    assert links.find(links.game_key(info, state)).moves == 60
