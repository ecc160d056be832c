"""Learn to play: a short guided game of each game, as data.

A lesson is a script of steps, keyed by the game's catalog entry (``LESSONS[info.id]``);
one shared scene runs every lesson (game.scenes.learn). Each step says what the player
does next and, the first time a rule matters, the rule; the table points at the dice, the
button or the box to use, and only the expected move goes on:

* ``pick``: choose these dice (hold them, set them aside, pick them for a reroll: whatever
  choosing a die means in this game);
* ``do``: make this move (the fields given must match; a roll shows ``shows``);
* ``read``: read it, then go on (a rule, what a bot just did);
* ``bot``: the other player's turn, its moves given (a roll shows what is given);
* ``end``: what was learnt; then a real game, or the menu.

The dice are prepared, not faked: a move's roll is made by the rules engine with its
outcome forced through the engine's chance model (``GameState.after``), so the table shows
exactly what the rules do with those dice. ``shows`` is the dice as they lie after the roll
(a drawn card: its name), so a script reads as the table looks.

Words follow the hand that plays (``say``): the keys with a keyboard, "click" with a mouse,
"tap" after a touch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ui import hands

Action = dict[str, Any]

# -- the hand that plays: every word of a lesson goes through ``say`` (game.ui.hands) -----------
say = hands.say


@dataclass(frozen=True)
class Say:
    """Words for each hand (see ``say``)."""

    keys: str
    click: str
    tap: str | None = None

    def __str__(self) -> str:
        return say(self.keys, self.click, self.tap)


Words = str | Say


def words(text: Words) -> str:
    return str(text)


# -- a lesson's steps ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    kind: str  # pick | do | read | bot | end
    say: Words  # what to do now, one sentence
    rule: str = ""  # a rule, explained here because it matters now
    move: Action | None = None  # do: the move that goes on (its fields must match)
    dice: tuple[int, ...] = ()  # pick: the dice to choose, by position
    shows: tuple = ()  # do: what the move's roll shows (the dice after it; a card's name)
    point: str | None = None  # read: a box of the sheet to point at
    wrong: Words = ""  # the correction after another move (default: the instruction)
    moves: tuple[tuple[Action, tuple], ...] = ()  # bot: its moves and what each shows


def pick(dice: tuple[int, ...], text: Words, rule: str = "", wrong: Words = "") -> Step:
    return Step("pick", text, rule, dice=tuple(dice), wrong=wrong)


def do(move: Action, text: Words, rule: str = "", shows: tuple = (), wrong: Words = "") -> Step:
    return Step("do", text, rule, move=move, shows=tuple(shows), wrong=wrong)


def read(text: Words, rule: str = "", point: str | None = None) -> Step:
    return Step("read", text, rule, point=point)


def bot(text: Words, *moves: tuple[Action, tuple], rule: str = "") -> Step:
    return Step("bot", text, rule, moves=tuple((m, tuple(s)) for m, s in moves))


def end(text: Words, rule: str = "") -> Step:
    return Step("end", text, rule)


@dataclass(frozen=True)
class Lesson:
    game: str  # the catalog entry it teaches
    steps: tuple[Step, ...]
    bot: str = "Ada"  # the other player's name
    options: dict[str, Any] = field(default_factory=dict)  # rule options of the lesson's game


def matches(expected: Action, action: Action) -> bool:
    """Whether ``action`` is the move ``expected`` asks for: the same kind, and every field
    ``expected`` gives the same (lists of dice as sets)."""
    if action.get("kind") != expected.get("kind"):
        return False
    for key, want in expected.items():
        got = action.get(key)
        if isinstance(want, list):
            if not isinstance(got, list) or sorted(got) != sorted(want):
                return False
        elif got != want:
            return False
    return True


def roll(*dice) -> Action:
    """A Yatzy-style roll holding these dice (none: the first roll of a turn)."""
    return {"kind": "roll", "hold": list(dice)}


ROLL = {"kind": "roll"}
ENTER_GOT_IT = Say("Press Enter to go on.", "Click Got it to go on.")

# -- the lessons -------------------------------------------------------------------------------
def keep(what: str, keys: str = "press Space", click: str = "click Roll again") -> Say:
    """The correction of a roll step: keep what is held, then roll."""
    return Say(f"Keep {what} held and {keys}.", f"Keep {what} held and {click}.")


YATZY = Lesson("yatzy", (
    do(ROLL, Say("Press Space to roll the five dice.", "Click Roll to throw the five dice."),
       "Each turn: up to three rolls, then fill one box of the sheet.",
       shows=(5, 2, 5, 3, 5)),
    pick((0, 2, 4), Say("Three 5s! Hold them: press 1, 3 and 5.",
                        "Three 5s! Click each 5 to hold it."),
         "Held dice stay put when you roll again.",
         wrong=Say("Hold the three 5s: press 1, 3 and 5.", "Hold the three 5s: click them.")),
    do(roll(0, 2, 4), Say("Press Space to roll the two other dice.",
                          "Click Roll again: only the two free dice are thrown."),
       shows=(5, 4, 5, 1, 5), wrong=keep("the three 5s")),
    do(roll(0, 2, 4), Say("No new 5. Press Space for your last roll.",
                          "No new 5. Click Roll again for your last roll."),
       shows=(5, 5, 5, 6, 5), wrong=keep("the three 5s")),
    do({"kind": "score", "category": "fives"},
       Say("Four 5s: move to Fives with the arrows, then press Enter.",
           "Four 5s make 20 in Fives: click Fives on the sheet."),
       "Upper bonus: Ones to Sixes worth 63 or more (three of each) earn 50 more. Four 5s "
       "put you ahead.",
       wrong=Say("Move to Fives with the arrows, then press Enter.", "Click Fives on the sheet.")),
    bot("Ada's turn: watch her roll.",
        (roll(), (6, 6, 2, 6, 3)), (roll(0, 1, 3), (6, 6, 4, 6, 6)),
        ({"kind": "score", "category": "sixes"}, ())),
    do(ROLL, Say("Your turn again: press Space to roll.", "Your turn again: click Roll."),
       shows=(3, 5, 4, 3, 4)),
    pick((2, 4), Say("Hold the two 4s: press 3 and 5.", "Click the two 4s to hold them."),
         wrong=Say("Hold the two 4s: press 3 and 5.", "Hold the two 4s: click them.")),
    do(roll(2, 4), Say("Press Space to roll the three other dice.",
                       "Click Roll again to throw the three other dice."),
       shows=(1, 1, 4, 2, 4), wrong=keep("the two 4s")),
    do(roll(2, 4), Say("No new 4: press Space for your last roll.",
                       "No new 4: click Roll again for your last roll."),
       shows=(2, 3, 4, 6, 4), wrong=keep("the two 4s")),
    do({"kind": "score", "category": "small_straight"},
       Say("Move to Small Straight with the arrows, then press Enter twice.",
           "Click Small Straight twice to cross it out."),
       "Nothing fits well, so cross out a box for 0: Small Straight (1 2 3 4 5, 15 points) "
       "costs least.",
       wrong=Say("Cross out Small Straight: the arrows to it, then Enter twice.",
                 "Cross out Small Straight: click it twice.")),
    end("That is Yatzy: fifteen turns, every box filled once, the most points wins."),
))

MAXI_YATZY = Lesson("maxi_yatzy", (
    do(ROLL, Say("Press Space to roll the six dice.", "Click Roll to throw the six dice."),
       "Each turn: up to three rolls, then fill one of the twenty boxes.",
       shows=(4, 1, 4, 6, 4, 2)),
    pick((0, 2, 4), Say("Three 4s! Hold them: press 1, 3 and 5.",
                        "Three 4s! Click each 4 to hold it."),
         "Held dice stay put when you roll again.",
         wrong=Say("Hold the three 4s: press 1, 3 and 5.", "Hold the three 4s: click them.")),
    do(roll(0, 2, 4), Say("Press Space to roll the three other dice.",
                          "Click Roll again: only the free dice are thrown."),
       shows=(4, 4, 4, 3, 4, 5), wrong=keep("the three 4s")),
    pick((0, 1, 2, 4), Say("Another 4: hold it too (press 2).",
                           "Another 4: click it to hold it too."),
         wrong=Say("Hold the new 4 as well: press 2.", "Hold the new 4 as well: click it.")),
    do(roll(0, 1, 2, 4), Say("Press Space for your last roll.",
                             "Click Roll again for your last roll."),
       shows=(4, 4, 4, 6, 4, 2), wrong=keep("the four 4s")),
    do({"kind": "score", "category": "fours"},
       Say("Move to Fours with the arrows, then press Enter.",
           "Four 4s make 16 in Fours: click Fours on the sheet."),
       "Upper bonus: Ones to Sixes worth 84 or more (four of each) earn 100 more. Four 4s "
       "keep you on course.",
       wrong=Say("Move to Fours with the arrows, then press Enter.", "Click Fours on the sheet.")),
    bot("Ada's turn: watch her roll.",
        (roll(), (2, 5, 5, 1, 5, 3)), (roll(1, 2, 4), (5, 5, 5, 6, 5, 5)),
        ({"kind": "score", "category": "fives"}, ())),
    do(ROLL, Say("Your turn again: press Space to roll.", "Your turn again: click Roll."),
       shows=(2, 2, 3, 2, 3, 1)),
    pick((0, 1, 3), Say("Three 2s: hold them (press 1, 2 and 4).",
                        "Three 2s: click them to hold them."),
         wrong=Say("Hold the three 2s: press 1, 2 and 4.", "Hold the three 2s: click them.")),
    do(roll(0, 1, 3), Say("Press Space to roll the three other dice.",
                          "Click Roll again to throw the three other dice."),
       shows=(2, 2, 1, 2, 1, 1), wrong=keep("the three 2s")),
    do(roll(0, 1, 3), Say("No new 2: press Space for your last roll.",
                          "No new 2: click Roll again for your last roll."),
       shows=(2, 2, 1, 2, 1, 3), wrong=keep("the three 2s")),
    do({"kind": "score", "category": "five_of_a_kind"},
       Say("Move to Five of a Kind with the arrows, then press Enter twice.",
           "Click Five of a Kind twice to cross it out."),
       "Three 2s make only 6 in Twos, behind the bonus: cross out Five of a Kind, seldom "
       "made, for 0.",
       wrong=Say("Cross out Five of a Kind: the arrows to it, then Enter twice.",
                 "Cross out Five of a Kind: click it twice.")),
    end("That is Maxi Yatzy: twenty turns, every box filled once, the most points wins."),
))

FARKLE = Lesson("farkle", (
    do(ROLL, Say("Press Space to roll the six dice.", "Click Roll to throw the six dice."),
       "After each roll, set scoring dice aside, then roll the rest or bank your points.",
       shows=(1, 5, 3, 3, 3, 6)),
    pick((0, 1, 2, 3, 4), Say("Choose the 1, the 5 and the three 3s: press 1 to 5.",
                              "Click the 1, the 5 and the three 3s: 450 points."),
         "A 1 scores 100, a 5 scores 50, three of a kind 100 times the number (three 1s: "
         "300).",
         wrong=Say("Choose the 1, the 5 and the three 3s: press 1 to 5.",
                   "Choose the 1, the 5 and the three 3s: click them.")),
    do({"kind": "roll", "set_aside": [0, 1, 2, 3, 4]},
       Say("Press Space: they go aside, the last die is thrown.",
           "Click Roll 1 die: they go aside, the last die is thrown."),
       shows=(1,),
       wrong=Say("Choose the 1, the 5 and the three 3s, then press Space.",
                 "Choose the 1, the 5 and the three 3s, then click Roll 1 die.")),
    pick((0,), Say("A 1: choose it (press 1).", "A 1: click it."),
         "Hot dice: when every die has scored, you roll all six again and keep your points.",
         wrong=Say("Choose the 1: press 1.", "Choose the 1: click it.")),
    do({"kind": "roll", "set_aside": [0]},
       Say("Press Space to roll all six again.", "Click Hot dice: roll 6."),
       shows=(2, 1, 4, 1, 2, 1),
       wrong=Say("Choose the 1, then press Space.", "Choose the 1, then click Hot dice.")),
    pick((1, 3, 5), Say("Three 1s: 300. Choose them (press 2, 4 and 6).",
                        "Three 1s make 300: click them."),
         wrong=Say("Choose the three 1s: press 2, 4 and 6.", "Choose the three 1s: click them.")),
    do({"kind": "bank", "set_aside": [1, 3, 5]},
       Say("850 this turn: press B to bank it.", "850 this turn: click Bank to keep it."),
       "Your first bank must reach 500. Three dice could well farkle (score nothing) and "
       "lose all 850.",
       wrong=Say("Choose the three 1s, then press B to bank.",
                 "Choose the three 1s, then click Bank.")),
    bot("Ada's turn: watch her push her luck.",
        (ROLL, (1, 2, 3, 4, 6, 6)), ({"kind": "roll", "set_aside": [0]}, (2, 3, 4, 6, 6))),
    read(ENTER_GOT_IT, "Farkle! Nothing in Ada's roll scored: her turn ends and she loses "
         "the 100 she had."),
    end("That is Farkle: the first to 10,000 starts the last round, and everyone else has one "
        "more turn."),
))

PIRATES = Lesson("pirates", (
    read(ENTER_GOT_IT, "Each turn: draw a Fortune Card, roll eight dice, reroll some as often "
         "as you like, then stop to score."),
    do({"kind": "draw"}, Say("Press Space to draw a Fortune Card.",
                             "Click the deck to draw a Fortune Card."),
       shows=("gold",)),
    do(ROLL, Say("Press Space to roll the eight dice.", "Click Roll 8 dice."),
       "Gold Coin: the card counts as one more coin.",
       shows=("skull", "gold", "gold", "monkey", "monkey", "parrot", "sword", "diamond")),
    pick((5, 6), Say("Choose the parrot and the sword to reroll: press 6 and 7.",
                     "Click the parrot and the sword: a third monkey makes a set."),
         "Coins and diamonds score 100 each; three or more alike make a set (3: 100, 4: 200). "
         "Skulls stay put.",
         wrong=Say("Choose the parrot and the sword: press 6 and 7.",
                   "Choose the parrot and the sword: click them.")),
    do({"kind": "roll", "dice": [5, 6]}, Say("Press Space to reroll them.", "Click Reroll 2."),
       shows=("skull", "gold", "gold", "monkey", "monkey", "monkey", "skull", "diamond"),
       wrong=Say("Choose the parrot and the sword, then press Space.",
                 "Choose the parrot and the sword, then click Reroll 2.")),
    do({"kind": "stop"}, Say("Press Enter to stop and keep your 600.",
                             "Click Stop to keep your 600."),
       "Two skulls: a third would end your turn with nothing. Stop while you are ahead.",
       wrong=Say("Stop now: press Enter.", "Stop now: click Stop.")),
    bot("Ada's turn: watch her push her luck.",
        ({"kind": "draw"}, ("diamond",)),
        (ROLL, ("skull", "parrot", "parrot", "monkey", "sword", "skull", "diamond", "sword")),
        ({"kind": "roll", "dice": [3, 4, 7]}, ("skull", "parrot", "parrot", "parrot", "skull",
                                               "skull", "diamond", "parrot"))),
    read(ENTER_GOT_IT, "Three skulls: Ada's turn is over and scores nothing."),
    end("That is Pirate Fortune: the first to 8,000 starts the last round, and everyone else "
        "has one more turn."),
))

BONA_FORTUNA = Lesson("bona_fortuna", (
    do(ROLL, Say("Press Space to roll the five dice.", "Click Roll to throw the five dice."),
       "Two columns of nine boxes, Normal and Doubled. Each turn: up to three rolls, then "
       "fill one box.",
       shows=(4, 4, 2, 4, 6)),
    pick((0, 1, 3), Say("Three 4s: hold them (press 1, 2 and 4).",
                        "Three 4s: click them to hold them."),
         wrong=Say("Hold the three 4s: press 1, 2 and 4.", "Hold the three 4s: click them.")),
    do(roll(0, 1, 3), Say("Press Space to roll the two other dice.",
                          "Click Roll again to throw the two other dice."),
       shows=(4, 4, 6, 4, 1), wrong=keep("the three 4s")),
    do(roll(0, 1, 3), Say("Press Space for your last roll.", "Click Roll again for your last roll."),
       shows=(4, 4, 4, 4, 1), wrong=keep("the three 4s")),
    do({"kind": "score", "box": "four_of_a_kind", "column": "doubled"},
       Say("Move to 4 of a Kind, Doubled column, with the arrows; press Enter.",
           "Click 4 of a Kind in the Doubled column."),
       "4 of a Kind is worth 40, and twice that in the Doubled column: 80. Keep Doubled for "
       "your best dice.",
       wrong=Say("4 of a Kind, Doubled column: the arrows to it, then Enter.",
                 "Click 4 of a Kind in the Doubled column.")),
    bot("Ada's turn: watch her roll.",
        (roll(), (1, 2, 3, 4, 6)),
        ({"kind": "score", "box": "small_straight", "column": "normal"}, ())),
    read(ENTER_GOT_IT, "Ada put a Small Straight in her Normal column: 20."),
    end("That is Bona Fortuna: eighteen turns each, then the Doubling Round: the boxes left, on "
        "one shared board, worth double."),
))

GRAB_IT = Lesson("grab_it", (
    do(ROLL, Say("Press Space to roll the five dice.", "Click Roll to throw the five dice."),
       "Twelve boxes shared by everyone: a box you grab is gone for the others.",
       shows=(3, 2, 4, 3, 5)),
    pick((0, 1, 2, 4), Say("Hold the 3, 2, 4 and 5: press 1, 2, 3 and 5.",
                           "Click the 3, 2, 4 and 5 to hold them."),
         "2 3 4 5 is a Small Straight (40); a 1 or a 6 would make a Big Straight (50).",
         wrong=Say("Hold the 3, 2, 4 and 5: press 1, 2, 3 and 5.",
                   "Hold the 3, 2, 4 and 5: click them.")),
    do(roll(0, 1, 2, 4), Say("Press Space to roll the last die.",
                             "Click Roll again to throw the last die."),
       shows=(3, 2, 4, 4, 5), wrong=keep("the four dice")),
    do(roll(0, 1, 2, 4), Say("No 1 or 6: press Space for your last roll.",
                             "No 1 or 6: click Roll again for your last roll."),
       shows=(3, 2, 4, 2, 5), wrong=keep("the four dice")),
    do({"kind": "score", "category": "small_straight"},
       Say("Move to Small Straight with the arrows, then press Enter.",
           "Click Small Straight to grab it: 40."),
       "Deny: what Ada would likely get in a box. Small Straight is her best: grabbing it "
       "hurts her most.",
       wrong=Say("Grab Small Straight: the arrows to it, then Enter.", "Click Small Straight.")),
    bot("Ada's turn: watch her roll.",
        (roll(), (5, 5, 2, 5, 1)), (roll(0, 1, 3), (5, 5, 5, 5, 3)),
        ({"kind": "score", "category": "four_of_a_kind"}, ())),
    read(ENTER_GOT_IT, "Ada grabbed 4 of a Kind: now nobody else can score it.",
         point="four_of_a_kind"),
    end("That is Grab It!: twelve turns in all, the most points wins."),
))

LESSONS: dict[str, Lesson] = {lesson.game: lesson for lesson in (
    YATZY, MAXI_YATZY, FARKLE, PIRATES, BONA_FORTUNA, GRAB_IT)}


def lesson_for(game_id: str) -> Lesson | None:
    return LESSONS.get(game_id)
