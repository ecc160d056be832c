"""Bona Fortuna's lesson (Learn to play): a script of steps, run by the shared
lesson scene (game.scenes.learn); game.lessons says how a script reads."""

from game.lessons import ENTER_GOT_IT, ROLL, Lesson, Say, bot, do, end, keep, pick, read, roll

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
