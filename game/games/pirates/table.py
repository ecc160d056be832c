"""Pirate Fortune at the shared table: the Fortune Card beside eight pirate dice, skulls
set apart, the treasure chest, the turn's worth and the odds always in view."""

from __future__ import annotations

import pygame

from game.games.pirates.rules import CARD_EFFECTS, CARD_NAMES, CARD_SKULLS, SEA_BATTLES, PirateState
from game.rules.core import Action, Event
from game.scenes import scene_class
from game.scenes.tables.base import (
    Banner,
    ButtonSpec,
    DieSpec,
    Scoring,
    dice_text,
    leader_cell,
)
from game.scenes.tables.base import Table as BaseTable
from game.ui import hands, layout, probe, theme
from game.ui.cards import draw_card
from game.ui.dice import die_index_for_key
from game.ui.inline import FACE_WORDS
from game.ui.layout import fr
from game.ui.sheet import Cell, Row, SheetModel
from game.ui.symbols import draw_symbol
from game.ui.text import draw_text_in, fits_whole
from game.ui.words import count, number, says, signed

ISLAND_TINT = (90, 20, 30, 120)
END_PAUSE = 0.6  # seconds to see how a turn ended before the next card is drawn
RESULT_TEXT = {"disqualified": "out", "island": "island", "battle_lost": "battle",
               "truce": "truce", "storm": "storm", "score": ""}


def faces_text(faces: list[str]) -> str:
    """Pirate dice as the history writes them, counted: "[3 skulls, 2 coins]" (drawn as
    dice, game.ui.inline)."""
    return "[" + ", ".join(count(faces.count(f), *FACE_WORDS[f])
                           for f in dict.fromkeys(sorted(faces))) + "]"


def zones(tray: pygame.Rect) -> dict[str, pygame.Rect | int]:
    """The places on the felt, from its size: the card on the left, the dice in play in one
    row (two rows of four on a narrow tray, so no die is smaller than a finger on a touch
    layout), under them the chest (or what the card asks for) and the skulls. "die" is the
    side of a die in play, in device pixels."""
    px = theme.px
    area = layout.inset(tray, x=12, y=12)
    card_w = max(px(64), min(px(130), area.w // 5, int((area.h - px(24)) / 1.46)))
    card = pygame.Rect(area.x, area.y + px(6), card_w, int(card_w * 1.46))
    right = pygame.Rect(card.right + px(14), area.y, area.right - card.right - px(14), area.h)
    gap = px(8)
    floor = px(theme.TOUCH_MIN if theme.metrics.touch else 36)
    die = min(px(54), (right.w - 7 * gap) // 8)
    per_row = 8
    if die < floor:
        per_row = 4
        die = min(px(60), (right.w - 3 * gap) // 4)
    lines = 8 // per_row
    dice_h = lines * die + (lines - 1) * gap
    row = pygame.Rect(right.x, right.y + px(22), per_row * die + (per_row - 1) * gap, dice_h)
    below = pygame.Rect(right.x, row.bottom + px(12), right.w, right.bottom - row.bottom - px(12))
    chest, skulls = layout.cols(below, fr(1.6), fr(1), gap=10)
    return {"card": card, "row": row, "chest": chest, "skulls": skulls, "die": die,
            "per_row": per_row}


def _small_die(zone: pygame.Rect, per_row: int, top: int) -> int:
    """The side of a die set on the chest or among the skulls: ``per_row`` across the zone."""
    px = theme.px
    return max(px(20), min(px(36), (zone.w - px(16) - (per_row - 1) * px(6)) // per_row,
                           (zone.h - top - px(8) - px(6)) // 2))


def zone_spots(zone: pygame.Rect, n: int, per_row: int, words: int, left: int = 8
               ) -> tuple[list[pygame.Rect], bool]:
    """Where ``n`` dice lie in a zone of the felt (the skulls, the chest), ``per_row`` to a
    line under ``words`` dp of words, and whether the zone has that line for its words. A
    zone too low for its words and a line of dice (a 360x640 phone: a skull die fell off
    the felt) lays them in one line after ``left`` dp, as large as fit."""
    px = theme.px
    die = _small_die(zone, per_row, px(words))
    if zone.y + px(words) + die <= zone.bottom - px(2):
        return [pygame.Rect(zone.x + px(8) + (k % per_row) * (die + px(6)),
                            zone.y + px(words) + (k // per_row) * (die + px(6)), die, die)
                for k in range(n)], True
    gap = px(4)
    across = max(n, 3)
    die = max(px(12), min(zone.h - px(8), px(36),
                          (zone.w - px(left + 8) - (across - 1) * gap) // across))
    top = zone.centery - die // 2
    return [pygame.Rect(zone.x + px(left) + k * (die + gap), top, die, die)
            for k in range(n)], False


def skull_spots(zone: pygame.Rect, n: int) -> tuple[list[pygame.Rect], bool]:
    """The skulls' spots in their zone (``zone_spots``: three to a line under the count)."""
    return zone_spots(zone, n, 3, 26)


def chest_spots(zone: pygame.Rect, n: int) -> tuple[list[pygame.Rect], bool]:
    """The chest's dice (six to a line under its name; after its picture in a low zone)."""
    return zone_spots(zone, n, 6, 30, left=34)


ISLAND_RULE = " A roll without a new skull ends the turn."  # (the status may leave it out)
RISK_DETAIL = " of disqualification"  # (what a reroll risks: left out where room is short)


class Table(BaseTable):
    state: PirateState

    def __init__(self, scene):
        super().__init__(scene)
        self.end_dice: list[str] = []  # how the last turn ended, shown until the next roll
        self.end_card: str | None = None
        self.end_island = False  # that turn ended on the Island (its skulls are all dice)
        self.pause = 0.0
        self.draw_shown = -1  # turns_played when the card scene was last shown

    def new_turn(self) -> None:
        self.chosen: set[int] = set()
        self.draw_shown = -1  # (after an undo the card scene may come up again for this turn)

    # -- the card-draw scene -----------------------------------------------------------------
    def hold(self) -> bool:
        return self.pause > 0

    def tick(self, dt: float) -> None:
        if self.pause > 0:  # (counted in replays too: a replay waits for it as well)
            self.pause = max(0.0, self.pause - (dt if not self.scene.fast_forward else 1.0))

    def update(self, dt: float) -> None:
        s, scene = self.state, self.scene
        if s.is_over() or s.drawn or scene.app.scene is not scene or scene.busy:
            return  # busy: dice landing, events and banners still to show, the pause
        if scene.fast_forward and not scene.human_turn:
            return  # skipping ahead: the bot draws through the play scene, unseen
        if self.draw_shown == s.turns_played:
            return
        self.draw_shown = s.turns_played
        scene.app.open("carddraw", play=scene)

    # -- what pressing things does ---------------------------------------------------------
    def reroll_action(self) -> Action:
        if not self.state.rolled:
            return {"kind": "roll"}
        return {"kind": "roll", "dice": sorted(self.chosen)}

    def chest_action(self) -> Action:
        return {"kind": "chest", "dice": sorted(set(self.state.chest) | self.chosen)}

    def selected(self) -> tuple[str, list[Action]] | None:
        s = self.state
        if not s.rolled or not self.chosen:
            return None
        shown = dice_text([s.dice[i] for i in sorted(self.chosen) if i < len(s.dice)])
        return f"Rerolling {shown}", [self.reroll_action()]

    def click_die(self, index: int) -> None:
        s = self.state
        if not s.drawn:
            self.scene.complain(lambda: hands.keyed("Draw a Fortune Card first", "Space"))
            return
        if not s.rolled:
            self.scene.complain(lambda: hands.keyed("Roll the dice first", "Space"))
            return
        if index >= len(s.dice):
            return
        if s.dice[index] == "skull":
            self.scene.complain("Skulls stay where they are")
            return
        if index in s.chest:
            self.scene.act({"kind": "chest", "dice": [i for i in s.chest if i != index]})
            return
        self.chosen ^= {index}
        self.scene.app.sounds.play("hold")

    def handle_key(self, event: pygame.event.Event) -> bool:
        s = self.state
        index = die_index_for_key(event.key, 8)
        if index is not None:
            self.click_die(index)
        elif event.key in (pygame.K_SPACE, pygame.K_r):
            if not s.drawn:
                self.draw_shown = -1  # show the card scene again
            else:
                self.scene.act(self.reroll_action())
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_s):
            if s.rolled:
                self.scene.act({"kind": "stop"})
            else:
                self.scene.complain("Roll first: there is nothing to score yet")
        elif event.key == pygame.K_c:
            self.press("chest")
        elif event.key == pygame.K_x:
            self.scene.act({"kind": "sorceress"})
        elif event.key == pygame.K_a:
            self.press("all")
        else:
            return False
        return True

    def press(self, key: str) -> None:
        if key == "draw":
            self.draw_shown = -1  # the card scene comes up again
        elif key == "chest":
            if not self.chosen:
                self.scene.complain("Choose dice first, then put them on the chest")
            else:
                self.scene.act(self.chest_action())
        elif key == "all":
            self.chosen = set(self.state.free_positions())

    # -- the flow --------------------------------------------------------------------------
    def preview_bot(self, action: Action) -> None:
        if action["kind"] in ("roll", "chest"):
            self.chosen = set(action.get("dice", []))

    def after_action(self, action: Action, events: list[Event]) -> None:
        self.chosen = set()
        if any(e["type"] in ("rolled", "drew") for e in events):
            self.end_dice, self.end_card = [], None
        scored = next((e for e in events if e["type"] == "scored"), None)
        island = next((e for e in events if e["type"] == "island_penalty"), None)
        if scored or island:
            self.end_dice = scored["dice"] if scored else ["skull"] * island["skulls"]
            self.end_card = (scored or island)["card"]
            self.end_island = scored is None
            self.pause = END_PAUSE

    def scoring(self, events: list[Event], before) -> Scoring | None:
        """A turn's score goes to the player's score: the dice that count fly there (a
        disqualified turn: only what the chest saved), the score counts up or down. The
        Island of Skulls: every opponent's score falls."""
        columns = self.columns()[0]
        island = next((e for e in events if e["type"] == "island_penalty"), None)
        if island is not None:
            seat = island["seat"]
            changes = [("Score", columns.index(v), before.totals[v], island["totals"][v])
                       for v in island["victims"]]
            return Scoring(island, seat, [], None, None, -island["penalty"], changes=changes,
                           colour=theme.BAD)
        event = next((e for e in events if e["type"] == "scored"), None)
        if event is None:
            return None
        seat, points, faces = event["seat"], event["points"], event["dice"]
        if event["result"] == "disqualified":
            dice = [i for i in before.chest if i < len(faces)] if points > 0 else []
            if not dice:
                return None  # (its moment is the stamp: DISQUALIFIED)
        else:
            dice = [i for i, f in enumerate(faces) if f != "skull"]
        column = columns.index(seat)
        return Scoring(event, seat, dice, "Score", column, points,
                       label=signed(points) if points else "0",
                       changes=[("Score", column, before.totals[seat], event["total"])],
                       colour=self.seat_colour(seat) if points >= 0 else theme.BAD)

    def arrange(self, events: list[Event]) -> list[Event]:
        """The Sorceress's die is seen landing before its face is told."""
        told = [e for e in events if e["type"] == "sorceress"]
        if not told:
            return events
        rest = [e for e in events if e["type"] != "sorceress"]
        at = next((i + 1 for i, e in enumerate(rest) if e["type"] == "rolled"), len(rest))
        return rest[:at] + told + rest[at:]

    def turn_shown(self) -> None:
        self.end_dice, self.end_card = [], None  # the last turn's dice and card leave the felt

    def describe(self, event: Event) -> Banner | None:
        kind = event["type"]
        who = self.scene.name(event["seat"]) if "seat" in event else ""
        if kind == "scored":
            points, result = event["points"], event["result"]
            if result == "disqualified":
                extra = f", the chest saves {number(points)}" if points > 0 else ""
                return Banner(f"Three skulls! {says(who, 'is')} out{extra}", theme.BAD, "farkle",
                              big=True, shake=True, stamp="DISQUALIFIED")
            if result == "battle_lost":
                return Banner(f"{says(who, 'loses')} the Sea Battle: {number(points)}", theme.BAD,
                              "farkle", big=True)
            if result == "truce":
                return Banner(f"Swords under a Truce: {says(who, 'loses')} {number(-points)}",
                              theme.BAD, "error", big=True)
            full = next((p for label, p in event["parts"] if label == "Full Chest"), None)
            if full is not None:
                return Banner(f"FULL CHEST! Every die counts: {says(who, 'scores')} "
                              f"{number(points)} (+{number(full)} bonus)", theme.BEST, "celebrate", big=True,
                              celebrate="gold")
            big = points >= 2000
            return Banner(f"{says(who, 'scores')} {number(points)} "
                          f"(total {number(event['total'])})",
                          theme.player_colour(event["seat"]), "bonus" if big else "score",
                          big=big)
        if kind == "island":
            return Banner(f"ISLAND OF SKULLS! {event['skulls']} skulls: the others lose "
                          f"{number(event['penalty'] // max(1, event['skulls']))} a skull",
                          theme.BAD, "island", big=True, celebrate="skulls")
        if kind == "island_penalty":
            if not event["victims"]:
                return Banner(f"{says(who, 'leaves')} the Island with {event['skulls']} skulls",
                              theme.INFO, "score")
            return Banner(f"Everyone else loses {number(event['penalty'])} "
                          f"({event['skulls']} skulls)",
                          theme.BAD, "farkle", big=True)
        if kind == "cursed":
            return Banner("Third skull! The Sorceress can still save the turn", theme.BAD,
                          "error", big=True)
        if kind == "sorceress":
            return Banner(f"The Sorceress rerolls a skull: {event['face']}", theme.INFO, "hold")
        if kind == "reshuffled":
            return Banner(f"The deck is reshuffled ({event['cards']} cards)", theme.INFO, "card")
        if kind == "drew":
            return Banner(f"{says(who, 'draws')} {CARD_NAMES[event['card']]}", theme.INFO, "")
        return self.race_banner(event)

    def history_line(self, event: Event) -> tuple[str, tuple] | None:
        kind = event["type"]
        if kind == "rolled":
            seat = event["seat"]
            faces = [event["dice"][i] for i in range(len(event["dice"]))
                     if i not in event.get("hold", [])]
            return (f"   {says(self.scene.name(seat), 'rolls')} {faces_text(faces)}",
                    theme.player_colour(seat))
        if kind == "chest":
            seat = event["seat"]
            on = [self.state.dice[i] for i in event["dice"]] if self.state.rolled else []
            return (f"   chest: {faces_text(on) if on else 'empty'}", theme.player_colour(seat))
        return None

    # -- drawing -----------------------------------------------------------------------------
    def view_key(self) -> tuple:
        return (tuple(self.end_dice), self.end_card, self.pause > 0)

    def _faces(self) -> list[str]:
        return self.state.dice or self.end_dice

    def dice(self) -> list[DieSpec]:
        s = self.state
        if not s.rolled:
            if self.end_dice:
                return [DieSpec(f, "aside" if f == "skull" else "free") for f in self.end_dice]
            return [DieSpec(None, "blank") for _ in range(8)]
        specs = []
        for i, f in enumerate(s.dice):
            if f == "skull":
                specs.append(DieSpec(f, "aside"))
            elif i in s.chest:
                specs.append(DieSpec(f, "free"))  # the chest itself shows they are kept
            else:
                specs.append(DieSpec(f, "chosen" if i in self.chosen else "free"))
        return specs

    def tray_height(self, width: float) -> float:
        """A phone held upright: the card beside two rows of four dice, the chest and the
        skulls under them."""
        die = min(60, max(theme.TOUCH_MIN if theme.metrics.touch else 36,
                          (width - 24 - 78 - 24) / 4))
        return 12 + 22 + 2 * die + 8 + 12 + 96 + 12

    def _card_skulls(self) -> int:
        """The card's skulls beside the dice's in the skull zone (the last turn's, while its
        end is still on the felt)."""
        s = self.state
        if s.rolled or not self.end_dice:
            return s.card_skulls()
        return 0 if self.end_island else CARD_SKULLS.get(self.end_card or "", 0)

    def dice_rects(self, tray: pygame.Rect, n: int) -> list[pygame.Rect]:
        z = zones(tray)
        faces = self._faces()
        chest = self.state.chest if self.state.rolled else []
        die, per_row, row = z["die"], z["per_row"], z["row"]
        on_chest_spots = chest_spots(z["chest"], len(chest))[0]
        spots = skull_spots(z["skulls"], faces[:n].count("skull") + self._card_skulls())[0]
        rects, skulls, on_chest = [], 0, 0
        for i in range(n):
            face = faces[i] if i < len(faces) else None
            if face == "skull":
                rects.append(spots[skulls])
                skulls += 1
            elif i in chest:
                rects.append(on_chest_spots[on_chest])
                on_chest += 1
            else:
                col, line = i % per_row, i // per_row
                gap = (row.w - per_row * die) // max(1, per_row - 1)
                rects.append(pygame.Rect(row.x + col * (die + gap), row.y + line * (die + gap),
                                         die, die))
        return rects

    def card_spot(self, tray: pygame.Rect) -> pygame.Rect:
        return zones(tray)["card"]

    def click_tray(self, pos) -> bool:
        """A tap on the card before drawing draws (the card scene comes up)."""
        z = zones(self.scene.regions["tray"]) if self.scene.regions else None
        s = self.state
        if z is not None and z["card"].collidepoint(pos) and not s.drawn and \
                self.scene.human_turn and not s.is_over():
            self.press("draw")
            return True
        return False

    def tray_key(self) -> tuple | None:
        return (self.scene.card_turn(),)  # (a card turning over on the felt: each frame)

    def draw_tray(self, surface: pygame.Surface, tray: pygame.Rect) -> None:
        s = self.state
        px = theme.px
        z = zones(tray)
        card = s.card or self.end_card
        flip = self.scene.card_turn()
        if flip is not None:  # a card drawn on the felt turns over (face down until half-way)
            draw_card(surface, z["card"], s.CARD_DECK, card if card and flip >= 0.5 else None,
                      flip=flip)
        else:
            draw_card(surface, z["card"], s.CARD_DECK, card if card else None)
        if not s.drawn and self.scene.human_turn and not s.is_over():
            probe.control("card", z["card"], surface=surface)
        below = pygame.Rect(z["card"].x - px(4), z["card"].bottom + px(6), z["card"].w + px(8),
                            px(36))
        draw_text_in(surface, f"deck {len(s.deck)} · discards {len(s.discard)}", below, 12,
                     theme.FELT_TEXT, min_size=12, wrap=True, valign="top")
        skulls = z["skulls"]
        pygame.draw.rect(surface, theme.FELT_DARK, skulls, border_radius=px(12))
        card_skulls = self._card_skulls()
        if s.rolled or not self.end_dice:
            dice_skulls, island = s.dice.count("skull") if s.rolled else 0, s.island
        else:  # the last turn's end, still on the felt: its skulls
            dice_skulls, island = self.end_dice.count("skull"), self.end_island
        tally = f"{dice_skulls + card_skulls}" + ("" if island else " / 3")
        spots, worded = skull_spots(skulls, dice_skulls + card_skulls)
        label = pygame.Rect(skulls.x + px(8), skulls.y + px(4), skulls.w - px(16), px(20))
        if not worded:  # (a low zone: the count after the dice, where there is room)
            after = spots[-1].right + px(6) if spots else skulls.x + px(8)
            label = pygame.Rect(after, skulls.centery - px(10), skulls.right - px(8) - after,
                                px(20))
        if not worded:  # the count alone after the skulls, where it holds whole
            probe.shown("skulls label", f"Skulls {tally}", label)
            said = next((t for t in (f"Skulls {tally}", tally)
                         if fits_whole(t, label, 14, 12, True)), "")
            draw_text_in(surface, said, label, 14, (230, 220, 220), True, "left", min_size=12)
        elif fits_whole(f"Skulls {tally}", label, 14, 12, True):
            draw_text_in(surface, f"Skulls {tally}", label, 14, (230, 220, 220), True, "left",
                         min_size=12)
        else:  # a narrow zone ('Skulls 0…' at 640x360): a skull for the word
            icon = pygame.Rect(label.x, label.y, label.h, label.h)
            draw_symbol(surface, "skull", icon.inflate(-px(2), -px(2)))
            probe.shown("skulls label", f"Skulls {tally}", icon)
            draw_text_in(surface, tally, pygame.Rect(icon.right + px(4), label.y,
                                                     label.right - icon.right - px(4), label.h),
                         14, (230, 220, 220), True, "left", min_size=12)
        for k in range(card_skulls):  # the card's skulls, as outlines after the dice
            r = spots[dice_skulls + k]
            pygame.draw.rect(surface, (200, 200, 200), r, max(1, px(2)), border_radius=px(8))
            draw_symbol(surface, "skull", r.inflate(-px(6), -px(6)))
        self._draw_left_zone(surface, z["chest"])
        if s.island:
            tint = pygame.Surface(tray.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, ISLAND_TINT, tint.get_rect(), border_radius=px(22))
            surface.blit(tint, tray.topleft)
            pygame.draw.rect(surface, theme.BAD, tray, max(2, px(4)), border_radius=px(22))

    def _draw_left_zone(self, surface: pygame.Surface, zone: pygame.Rect) -> None:
        """The chest with the Treasure Chest card; else what the card asks for, big."""
        s = self.state
        px = theme.px
        card = s.card
        if card == "chest":
            pygame.draw.rect(surface, (96, 62, 32), zone, border_radius=px(12))
            pygame.draw.rect(surface, (214, 170, 80), zone, max(1, px(3)), border_radius=px(12))
            draw_symbol(surface, "chest", pygame.Rect(zone.x + px(6), zone.y + px(3), px(24),
                                                      px(24)))
            title = pygame.Rect(zone.x + px(34), zone.y + px(4), zone.w - px(40), px(22))
            if s.chest and not chest_spots(zone, len(s.chest))[1]:
                return  # (a low zone: its dice in a line after the picture, no words)
            draw_text_in(surface, "Treasure Chest" if fits_whole(
                "Treasure Chest", title, 14, 12, True) else "Chest",  # (a small window's)
                title, 14, theme.TEXT, True, "left", min_size=12)
            if not s.chest:
                mine = self.scene.human_turn and s.rolled
                words = hands.say("choose dice, then C", "click dice, then To chest") if mine \
                    else "empty"
                room = layout.inset(zone, top=30, x=8, bottom=6)
                if fits_whole(words, room, 13, 12):  # (else the To chest button says it)
                    draw_text_in(surface, words, room, 13, (230, 210, 170), min_size=12,
                                 wrap=True)
            return
        lines: list[tuple[str, tuple]] = []
        if s.island:
            lines = [("ISLAND OF SKULLS", theme.BAD),
                     (f"{s.skulls()} skulls: others lose {number(s.island_penalty())}", theme.TEXT),
                     ("each roll must add a skull", theme.TEXT_DIM)]
        elif card in SEA_BATTLES:
            need, bonus = SEA_BATTLES[card]
            have = s.counts()[3] if s.rolled else 0
            colour = theme.GOOD if have >= need else theme.TEXT
            lines = [("SEA BATTLE", colour), (f"swords {have} of {need}", colour),
                     (f"win {signed(bonus)} / lose {number(-bonus)}", theme.TEXT_DIM)]
        elif card == "storm":
            left = max(0, 2 - s.rolls)
            lines = [("STORM", theme.TEXT), (f"rolls left: {left}", theme.TEXT),
                     ("coins and diamonds: 200", theme.TEXT_DIM)]
        elif card == "truce":
            swords = s.counts()[3] if s.rolled else 0
            lines = [("TRUCE", theme.BAD if swords else theme.GOOD),
                     (f"swords: {swords} = {number(-1000 * swords)}" if swords else "no swords: good",
                      theme.BAD if swords else theme.TEXT),
                     ("each sword costs 1,000", theme.TEXT_DIM)]
        elif card == "sorceress":
            used = s.sorceress_used
            lines = [("SORCERESS", theme.TEXT), ("used" if used else "can reroll one skull",
                                                 theme.TEXT_DIM if used else theme.TEXT)]
        if not lines:
            return
        pygame.draw.rect(surface, theme.FELT_DARK, zone, border_radius=px(12))
        inner = layout.inset(zone, x=8, y=6)
        line_h = theme.font(15).get_height()
        lines = lines[:max(1, 1 + (inner.h - px(28)) // max(1, line_h))]  # what the zone holds
        parts = layout.rows(inner, fr(1.3), *([fr(1)] * (len(lines) - 1)), gap=2)
        for i, ((text, colour), box) in enumerate(zip(lines, parts, strict=True)):
            draw_text_in(surface, text, box, 20 if i == 0 else 15, colour, i < 2, min_size=12)

    def buttons(self) -> list[ButtonSpec]:
        s = self.state
        if not s.drawn:
            return [ButtonSpec("Draw a card", None, hotkey="Space", key="draw")]
        if not s.rolled:
            return [ButtonSpec("Roll 8 dice", {"kind": "roll"}, hotkey="Space")]
        if s.cursed():
            return [ButtonSpec("Sorceress", {"kind": "sorceress"}, hotkey="X"),
                    ButtonSpec("Give up", {"kind": "stop"}, hotkey="Enter")]
        n = len(self.chosen)
        reroll_ok = s.can_reroll() and n >= 2 and all(i in s.free_positions() for i in self.chosen)
        stop = "Stop: island" if s.island else f"Stop: {number(s.stop_value()[0])}"
        specs = [ButtonSpec(f"Reroll {n}" if n else "Reroll", self.reroll_action(),
                            enabled=reroll_ok, hotkey="Space"),
                 ButtonSpec(stop, {"kind": "stop"}, hotkey="Enter")]
        if s.can_sorceress():
            specs.append(ButtonSpec("Sorceress", {"kind": "sorceress"}, hotkey="X"))
        elif s.card == "chest" and not s.island:
            specs.append(ButtonSpec("To chest", None, enabled=bool(self.chosen), hotkey="C",
                                    key="chest"))
        return specs

    def turn_info(self) -> str:
        s = self.state
        return "" if s.is_over() or not s.card else self.race_info(CARD_NAMES[s.card])

    def last_round(self) -> bool:
        return self.state.last_round

    def describe_move(self, action: Action) -> str:
        kind = action["kind"]
        if kind == "chest":
            dice = [self.state.dice[i] for i in action["dice"] if i < len(self.state.dice)]
            return f"Put {dice_text(dice)} on the chest" if action["dice"] else \
                "Take the dice off the chest"
        if kind in ("draw", "sorceress"):
            return "Draw a Fortune Card" if kind == "draw" else "Call the Sorceress"
        return super().describe_move(action)

    progress = BaseTable.race_progress

    def status(self) -> list[str]:
        s = self.state
        if s.is_over():
            return ["The game is over."]
        lines = []
        human = self.scene.human_turn
        if not s.drawn:
            lines.append(hands.say("Press Space to draw a Fortune Card.", "Click Draw a card to "
                                   "start the turn.") if human else
                         f"{says(self.scene.name(s.current), 'draws')} a card…")
        elif not s.rolled and self._card_on_table():  # (the dice out: the card beside them)
            lines.append(f"{CARD_NAMES[s.card]}: {CARD_EFFECTS[s.card]}")
        if s.rolled and s.island:
            lines.append(f"Island of Skulls: {s.skulls()} skulls, every opponent loses "
                         f"{number(s.island_penalty())}." + ISLAND_RULE)
        elif s.rolled:
            stop = f"Stop now: {number(s.stop_value()[0])}" + self._stop_detail()
            if s.cursed():
                lines.append(hands.say("Three skulls: the Sorceress may reroll one (X), or give "
                                       "up (Enter).", "Three skulls: click Sorceress to reroll "
                                       "one, or Give up.") if human else
                             "Three skulls: the Sorceress may reroll one.")
            elif self.chosen and s.can_reroll():
                p = s.disqualify_chance(sorted(self.chosen))
                lines.append(f"Reroll {len(self.chosen)} dice: {100 * p:.1f}% risk"
                             f"{RISK_DETAIL}.")
            elif human and s.can_reroll():
                lines.append(self._prompt())
            lines.append(stop)  # (after what to do: a small status keeps the instruction)
            warning = self._truce_warning()
            if warning:
                lines.insert(0, warning)
        if s.last_round:
            still = ", ".join(self.scene.name(x) for x in s.still_to_play)
            lines.append(f"Last round - still to play: {still}. "
                         f"Beat {number(s.leader_total(s.current))}!")
        return lines

    def _prompt(self) -> str:
        return hands.say("Press 1-8 to choose 2 or more dice (A: all), then Space to reroll "
                         "them.", "Click 2 or more dice, then Reroll.")

    def _truce_warning(self) -> str:
        """What the Truce's swords cost, said before all (and left out where room is short:
        'Stop now: -1,000 = Truce: 1 sword -1,000' says it too)."""
        s = self.state
        if not (s.rolled and not s.island and s.card == "truce" and s.counts()[3]):
            return ""
        swords = count(s.counts()[3], "sword")
        return f"Warning: {swords} under the Truce cost {number(1000 * s.counts()[3])}!"

    def _stop_detail(self) -> str:
        """How 'Stop now: 300' is made: ' = 3 x monkey 100 + …' ('' when it is nothing)."""
        s = self.state
        if not s.rolled or s.island or s.is_over():
            return ""
        _, _, parts = s.stop_value()
        detail = " + ".join(f"{label} {number(p)}" for label, p in parts if not
                            label.startswith("Captain"))
        if s.card == "captain" and parts:
            detail = f"({detail}) x2"
        return f" = {detail}" if detail else ""

    def status_details(self) -> list[str]:
        """The score's breakdown after 'Stop now: 300', the Island's reminder of its rule,
        what a reroll's risk is of: they go first on a phone (where 'Stop now' was lost
        under 'Reroll 2 dice: 30.6% chance to be disqualified.')."""
        s = self.state
        if s.rolled and s.island and not s.is_over():
            return [ISLAND_RULE]
        detail = self._stop_detail()
        risk = [RISK_DETAIL] if self.chosen and s.rolled and s.can_reroll() else []
        warning = self._truce_warning()
        prompt = self._prompt() if self.scene.human_turn and s.rolled and s.can_reroll() \
            and not self.chosen and not s.cursed() and not s.island else ""
        short = hands.say("1-8: choose 2+ dice, Space: reroll.", "Choose 2+ dice, then Reroll.")
        # (last, with the coach's advice under it, the prompt goes: the advice says it)
        steps = [(prompt, short), short + "\n"] if prompt else []
        return ([warning + "\n"] if warning else []) + ([detail] if detail else []) + risk \
            + steps

    def _card_on_table(self) -> bool:
        """The card is back on the table (no card draw over it, where its face says it)."""
        app = self.scene.app
        return app is None or app.scene is self.scene or \
            not isinstance(app.scene, scene_class("carddraw"))

    @staticmethod
    def _turn_cell(r: dict) -> Cell:
        if r["result"] == "island":
            return Cell(f"Island {number(-r['penalty'])}", theme.INFO,
                        short=f"Isl. {number(-r['penalty'])}")
        if r["points"] > 0:
            return Cell(signed(r["points"]), theme.GOOD, mark="good")
        if r["points"] < 0:
            return Cell(number(r["points"]), theme.BAD, mark="bad")
        return Cell(RESULT_TEXT.get(r["result"], "") or "0", theme.BAD, mark="bad")

    def sheet(self) -> SheetModel:
        s = self.state
        seats, headers, active = self.columns()
        target = s.options["target"]
        scores = [s.totals[i] for i in seats]
        rows = [Row("Score", [leader_cell(number(t), t, scores) for t in scores], kind="total"),
                Row("To target", [Cell(number(max(0, target - s.totals[i])), theme.TEXT_DIM)
                                  for i in seats])]
        now = short = ""
        if s.rolled and not s.is_over():
            now = (f"Island {number(-s.island_penalty())}" if s.island
                   else number(s.stop_value()[0]))
            short = f"Isl. {number(-s.island_penalty())}" if s.island else ""
        rows.append(Row("This turn", [Cell(now, theme.TEXT, True, short=short)
                                      if i == s.current else Cell("", theme.TEXT, True)
                                      for i in seats]))
        rows.append(Row("Island losses", [
            Cell(number(sum(h["points"] for h in s.history[i] if h["result"] == "penalised"))
                 if any(h["result"] == "penalised" for h in s.history[i]) else "",
                 theme.BAD, mark="bad") for i in seats]))
        rows += self.turn_rows(seats, self._turn_cell)
        footer = (f"Solo: reach {number(target)} in as few turns as you can"
                  if len(s.seats) == 1 else
                  f"First to {number(target)} starts the last round · crown: the leader")
        return SheetModel(headers, rows, active, footer=footer)
