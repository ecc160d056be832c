"""Pirate Fortune's lesson (Learn to play): a script of steps, run by the shared
lesson scene (game.scenes.learn); game.lessons says how a script reads."""

from game.lessons import ENTER_GOT_IT, ROLL, Lesson, Say, bot, do, end, pick, read

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
