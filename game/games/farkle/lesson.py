"""Farkle's lesson (Learn to play): a script of steps, run by the shared
lesson scene (game.scenes.learn); game.lessons says how a script reads."""

from game.lessons import ENTER_GOT_IT, ROLL, Lesson, Say, bot, do, end, pick, read

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
