"""One meaning per colour, readable by everyone.

The colours that mean something (a player; the best box or the leader; a gain, a loss; the
coach's advice; and the neutral ones: held dice, focus, odds, notices, text) are checked
pairwise with a published simulation of colour vision deficiency -- Machado, Oliveira and
Fernandes (2009), protanopia, deuteranopia and tritanopia at severity 1.0 -- and the
CIEDE2000 colour difference (tools/colour_vision.py, pure Python, checked here against the
formula's published test data).

The thresholds, in CIEDE2000 units: about 1 is a just-noticeable difference between two
large patches side by side. A player's colour must be told from the others at a glance in
a name or a small marker, so two players differ by at least APART_NORMAL with normal
vision, and at least APART_CVD[palette] under each deficiency (the colour-blind palette
gives up some of the usual hues for more). A meaning's colour is at least MEANING_APART from
every player's colour (normal vision): a gold box is never taken for player 5's. Under a
deficiency the meanings keep a second cue (a shape: game.ui.marks) and are checked by the
tests of those shapes; their colours still keep MEANING_APART_CVD[palette] from the
players'. A gain and a loss differ by GOOD_BAD under every vision."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.catalog import GAMES
from game.ui import theme
from tools.colour_vision import (
    MACHADO,
    VISIONS,
    ciede2000,
    contrast,
    delta_e,
    simulate,
)

APART_NORMAL = 12.0
APART_CVD = {"standard": 9.0, "colour_blind": 13.5}
MEANING_APART = 12.0
MEANING_APART_CVD = {"standard": 5.0, "colour_blind": 8.0}
GOOD_BAD = 10.0
CONTRAST = 4.5  # WCAG 2 AA for text: every player's and every meaning's colour on a panel
CHROMATIC = ("best", "good", "bad", "coach")  # the meanings a palette colours
CVD = tuple(MACHADO)
ROOT = Path(__file__).resolve().parent.parent

PALETTES = list(theme.PALETTES)


def players(name: str) -> list[tuple[int, int, int]]:
    return list(theme.PALETTES[name].players)


# -- the tools themselves ------------------------------------------------------------------
# Sharma, Wu and Dalal (2005), Table 1: (L*a*b* 1, L*a*b* 2, ΔE00).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("a, b, expected", SHARMA)
def test_ciede2000_gives_the_published_differences(a, b, expected):
    assert ciede2000(a, b) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(b, a) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_confuses_what_each_deficiency_confuses():
    for kind in CVD:  # greys stay greys: only hues are lost
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert simulate(grey, kind) == grey
    brick, olive = (200, 70, 50), (110, 120, 50)  # a red-green confusion pair
    assert delta_e(brick, olive) > 40
    assert delta_e(brick, olive, "protanopia") < 9 and delta_e(brick, olive, "deuteranopia") < 6
    assert delta_e(brick, olive, "tritanopia") > 25  # (blue-yellow blindness tells them apart)
    assert simulate((0, 0, 255), "tritanopia") != (0, 0, 255)


# -- the palettes --------------------------------------------------------------------------
@pytest.mark.parametrize("name", PALETTES)
def test_the_eight_players_stay_apart_in_every_vision(name):
    colours = players(name)
    assert len(colours) == 8 and len(set(colours)) == 8
    for vision in VISIONS:
        need = APART_NORMAL if vision == "normal" else APART_CVD[name]
        for i, a in enumerate(colours):
            for j, b in enumerate(colours[i + 1:], i + 1):
                d = delta_e(a, b, vision)
                assert d >= need, f"{name}: players {i + 1} and {j + 1} {d:.1f} apart ({vision})"


@pytest.mark.parametrize("name", PALETTES)
def test_no_meaning_is_near_a_players_colour(name):
    palette = theme.PALETTES[name]
    for meaning, colour in palette.meanings.items():
        for i, p in enumerate(palette.players):
            d = delta_e(colour, p)
            assert d >= MEANING_APART, f"{name}: {meaning} is {d:.1f} from player {i + 1}"
            if meaning in CHROMATIC:
                for vision in CVD:
                    d = delta_e(colour, p, vision)
                    assert d >= MEANING_APART_CVD[name], \
                        f"{name}: {meaning} is {d:.1f} from player {i + 1} ({vision})"


@pytest.mark.parametrize("name", PALETTES)
def test_the_meanings_are_apart_from_each_other(name):
    meanings = theme.PALETTES[name].meanings
    chromatic = {k: meanings[k] for k in CHROMATIC}
    for a in chromatic:  # each colour one meaning: none is another's, nor text's
        for b, colour in meanings.items():
            if a != b:
                assert delta_e(chromatic[a], colour) >= MEANING_APART, (name, a, b)
    for vision in VISIONS:  # a gain and a loss, in every vision (and their signs besides)
        d = delta_e(meanings["good"], meanings["bad"], vision)
        assert d >= GOOD_BAD, f"{name}: good and bad {d:.1f} apart ({vision})"


@pytest.mark.parametrize("name", PALETTES)
def test_every_meaningful_colour_reads_on_the_panels(name):
    palette = theme.PALETTES[name]
    for colour in list(palette.players) + [palette.meanings[k] for k in CHROMATIC]:
        for ground in (theme.BG, theme.PANEL, theme.BG_DARK):
            assert contrast(colour, ground) >= CONTRAST, (name, colour, ground)


def test_no_other_colour_of_the_game_is_near_a_players():
    """The theme's other colours, every colour written in the scenes' and widgets' code, and
    the sparks and confetti: none of them could be taken for a player's (the pictures of
    the dice faces and the cards are art, not marks, and are left out)."""
    found = {}
    literal = re.compile(r"\((\d{1,3}), (\d{1,3}), (\d{1,3})\)")
    art = {"symbols.py", "cards.py", "theme.py"}
    for folder in ("game/scenes", "game/ui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name in art:
                continue
            for n, line in enumerate(path.read_text().splitlines(), 1):
                if "KEYS" in line:  # (the colour keys of the dice sprites: never shown)
                    continue
                for m in literal.finditer(line):
                    found[f"{path.relative_to(ROOT)}:{n}"] = tuple(int(v) for v in m.groups())
    from game.ui.celebrate import STYLES, colours
    for name in PALETTES:
        theme.use_palette(name)
        try:
            shown = {f"theme.{k}": v for k, v in vars(theme).items()
                     if k.isupper() and isinstance(v, tuple) and len(v) == 3
                     and all(isinstance(c, int) for c in v)}
            shown.update(found)
            shown.update({f"{style} spark {i}": c for style in STYLES
                          for i, c in enumerate(colours(style))})
            for where, colour in shown.items():
                for i, p in enumerate(players(name)):
                    assert delta_e(colour, p) >= MEANING_APART, \
                        f"{where} {colour} is near player {i + 1}'s {p} ({name})"
        finally:
            theme.use_palette("standard")


def test_switching_the_palette_recolours_what_was_already_written():
    standard, safe = theme.PALETTES["standard"], theme.PALETTES["colour_blind"]
    assert theme.player_colour(1) == standard.players[1] and theme.BEST == standard.best
    theme.use_palette("colour_blind")
    try:
        assert theme.player_colour(1) == safe.players[1]
        assert (theme.BEST, theme.GOOD, theme.BAD, theme.COACH) == (
            safe.best, safe.good, safe.bad, safe.coach)
        # a history line written before the switch is drawn in the new palette
        assert theme.live(standard.players[3]) == safe.players[3]
        assert theme.live(standard.bad) == safe.bad
        assert theme.live(theme.TEXT) == theme.TEXT
    finally:
        theme.use_palette("standard")
    assert theme.player_colour(1) == standard.players[1] and theme.live(safe.good) == standard.good


# -- a second cue besides colour ----------------------------------------------------------
def grey(surface: pygame.Surface, rect: pygame.Rect) -> list[list[int]]:
    """The rect's pixels as luminance (0-255): what a greyscale screen shows."""
    return [[round(0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b)
             for c in (surface.get_at((x, y)) for x in range(rect.x, rect.right))]
            for y in range(rect.y, rect.bottom)]


@pytest.fixture
def canvas():
    pygame.init()
    theme.forget_fonts()  # fonts of an earlier pygame.init() (another test's app) are dead
    theme.metrics.configure((400, 300))
    surface = pygame.Surface((400, 300))
    yield surface


def test_every_seat_has_a_shape_of_its_own(canvas):
    from game.ui import marks
    masks = []
    for seat in range(8):
        canvas.fill((0, 0, 0))
        marks.shape(canvas, marks.seat_shape(seat), (40, 40), 16, (255, 255, 255))
        masks.append(pygame.mask.from_threshold(canvas, (255, 255, 255), (1, 1, 1, 255)))
    assert len({marks.seat_shape(s) for s in range(8)}) == 8
    for i, a in enumerate(masks):
        for j, b in enumerate(masks[i + 1:], i + 1):
            both = a.overlap_area(b, (0, 0))
            either = a.count() + b.count() - both
            assert both / either < 0.85, f"seats {i + 1} and {j + 1} look alike without colour"


def test_a_held_die_stands_out_in_greyscale(canvas):
    """Held (and chosen) dice are lifted off the felt and sit on a light plate: in a
    greyscale picture the plate's edge is far from the felt, and the die is higher."""
    from game.ui.dice import draw_die
    spot = pygame.Rect(60, 80, 64, 64)
    drawn = {}
    for mode in ("free", "held", "chosen"):
        canvas.fill(theme.FELT)
        drawn[mode] = draw_die(canvas, spot, 4, mode=mode)
        if mode != "free":
            assert drawn[mode].y < drawn["free"].y, f"{mode}: not lifted"
            edge = drawn[mode].inflate(6, 6)  # just outside the die: the plate
            lum = grey(canvas, pygame.Rect(edge.x + 20, edge.y, 10, 2))
            felt = grey(canvas, pygame.Rect(5, 5, 2, 2))[0][0]
            assert min(min(r) for r in lum) - felt > 80, f"{mode}: no plate round the die"
    canvas.fill(theme.FELT)
    draw_die(canvas, spot, 4, mode="free")
    edge = drawn["free"].inflate(6, 6)
    lum = grey(canvas, pygame.Rect(edge.x + 20, edge.y, 10, 2))
    felt = grey(canvas, pygame.Rect(5, 5, 2, 2))[0][0]
    assert max(max(r) for r in lum) - felt < 30  # a free die has none


def test_the_rings_are_unlike_each_other(canvas):
    """The coach's ring is dashed and tagged "Coach"; keyboard focus is a double ring,
    light outside and dark inside; neither looks like the other in greyscale."""
    from game.ui import marks, text
    ring = pygame.Rect(100, 100, 120, 80)
    canvas.fill(theme.PANEL)
    with text.record() as drawn:
        marks.coach_ring(canvas, ring)
    assert any(d.text == "Coach" for d in drawn)
    bottom = [tuple(canvas.get_at((x, ring.bottom - 2)))[:3] for x in range(ring.x + 12,
                                                                            ring.right - 12)]
    runs = sum(1 for a, b in zip(bottom, bottom[1:], strict=False) if a != b)
    assert theme.COACH in bottom and runs >= 6, "the coach's ring is not dashed"
    canvas.fill(theme.PANEL)
    outer = marks.focus_ring(canvas, ring)
    column = [tuple(canvas.get_at((ring.centerx, y)))[:3] for y in range(outer.y, ring.y)]
    assert theme.FOCUS in column and theme.BG_DARK in column, "focus: not two rings"
    assert column.index(theme.FOCUS) < column.index(theme.BG_DARK)  # light outside
    bottom = [tuple(canvas.get_at((x, outer.bottom - 1)))[:3] for x in range(ring.x + 12,
                                                                             ring.right - 12)]
    assert len(set(bottom)) == 1, "focus is a whole ring, not dashed"


@pytest.mark.parametrize("mark", ["best", "leader", "good", "bad"])
def test_the_sheets_marks_differ_without_colour(canvas, mark):
    """The star (best), crown (leader), plus (gain) and minus (loss) drawn in a cell before
    its figure: in greyscale each has a shape of its own."""
    from game.ui import marks
    pictures = {}
    for name in ("best", "leader", "good", "bad"):
        canvas.fill(theme.PANEL)
        marks.icon(canvas, name, (40, 40), 12)
        lum = grey(canvas, pygame.Rect(0, 0, 80, 80))
        pictures[name] = pygame.mask.Mask((80, 80))
        for y, row in enumerate(lum):  # the light part of the picture
            for x, v in enumerate(row):
                if v > 100:
                    pictures[name].set_at((x, y))
    for other, picture in pictures.items():
        if other != mark:
            xor = pictures[mark].count() + picture.count() - 2 * picture.overlap_area(
                pictures[mark], (0, 0))
            assert xor > 20, f"{mark} and {other} are nearly the same shape"


# -- the principle at every table ------------------------------------------------------------
def played(game_id: str, players: int, seed: int = 3):
    """A whole game of ``game_id`` by bots, and every position it went through (saved)."""
    from game.bots import make_policy
    from game.rules.core import Seat
    info = GAMES[game_id]
    while not info.takes(players):
        players -= 1
    seats = [Seat(f"P{i + 1} Name", "normal") for i in range(players)]
    state = info.new_game(seats, seed=seed)
    bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(players)}
    positions = []
    for _ in range(20_000):
        if state.is_over():
            break
        state.apply(bots[state.current].choose(state))
        positions.append(len(state.actions))
    return info, state, positions


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_coloured_mark_at_a_table_has_its_second_cue(game_id):
    """Every sheet of a whole game (each position, and the final one): a cell in the colour of
    a gain shows a + (as its sign or its mark), a loss's a minus or its mark, the best's and
    the leader's a star or a crown. And in the move history, a line in a player's colour is
    that player's (it names them, or goes on the line before it), a line in a gain's colour
    shows the + of it."""
    from game.scenes.tables import StandIn, load_table, replayed_history
    pygame.init()
    theme.metrics.configure((1280, 720))
    info, final, positions = played(game_id, 4)
    seen = set()
    for n in positions[::3] + [len(final.actions)]:
        state = final.rewound(n)
        table = load_table(info.table_module())(StandIn(state))
        table.new_turn()
        for row in table.sheet().rows:
            for cell in row.cells:
                if not cell.text:
                    continue
                colour = tuple(cell.colour)
                if colour == theme.GOOD:
                    assert cell.mark == "good" or cell.text.startswith("+"), (row.label, cell)
                elif colour == theme.BAD:
                    assert cell.mark == "bad", (row.label, cell)
                elif colour == theme.BEST:
                    assert cell.mark in ("best", "leader") and cell.bold, (row.label, cell)
                seen.add(cell.mark)
    assert "leader" in seen
    if game_id in ("farkle", "pirates"):
        assert {"good", "bad"} <= seen
    names = [s.name for s in final.seats]
    colours = {theme.player_colour(i): i for i in range(len(names))}
    side_of = getattr(final, "side_of", lambda seat: seat)
    for text, colour in replayed_history(info, final):
        colour = tuple(colour)
        if colour in colours and not text.startswith("   "):
            side = colours[colour]
            owners = [names[i] for i in range(len(names)) if side_of(i) == side]
            assert any(name in text for name in owners), (text, colour)
        if colour == theme.GOOD:
            assert "+" in text, text


def test_a_die_too_small_for_its_word_says_it_with_a_tick(canvas):
    """A chosen die's word ('CHOSEN') under a die too small for it read 'CHOS…' (Farkle at
    640x360): a tick in the word's colour says it instead; a die with room has its word."""
    from game.ui import probe, text
    from game.ui.dice import draw_die
    for side, word in ((33, False), (90, True)):
        canvas.fill(theme.FELT)
        spot = pygame.Rect(40, 40, side, side)
        with text.record() as drawn, probe.record_shown() as shown:
            die = draw_die(canvas, spot, 5, mode="chosen", label="CHOSEN")
        said = [d.text for d in drawn]
        assert not any("…" in t for t in said), said
        if word:
            assert said == ["CHOSEN"]
            continue
        assert said == [] and ("die label", "CHOSEN") in [(k, w) for k, w, _ in shown]
        under = pygame.Rect(spot.x, die.bottom + 4, spot.w, 30)
        ink = [canvas.get_at((x, y))[:3] for x in range(under.left, under.right)
               for y in range(under.top, under.bottom)]
        assert tuple(theme.HELD[:3]) in ink, "no tick under the die"
