"""Grab It!'s lesson (Learn to play): a script of steps, run by the shared
lesson scene (game.scenes.learn); game.lessons says how a script reads."""

from game.lessons import ENTER_GOT_IT, ROLL, Lesson, Say, bot, do, end, keep, pick, read, roll

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
