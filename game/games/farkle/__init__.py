"""Farkle: the catalog's entry."""

from game.entry import GameInfo, Option

ENTRIES = (
    GameInfo(
        id="farkle", title="Farkle", pitch="Six dice, press your luck: bank it or risk it all.",
        min_players=1, max_players=8, state_class="rules:FarkleState", bot_module="bot",
        options=(
            Option("target", "Target score", "int", choices=(2000, 5000, 10000, 15000, 20000),
                   help="Reaching it starts the last round: everyone else gets one more turn."),
            Option("on_board", "On the board", "bool",
                   help="A player's first bank must reach a minimum."),
            Option("on_board_min", "First bank at least", "int",
                   choices=(300, 350, 500, 750, 1000), shown_if="on_board"),
            Option("min_bank", "Minimum to stop", "bool",
                   help="Once on the board, a player may only bank a turn worth the minimum."),
            Option("min_bank_points", "Stop at least", "int", choices=(200, 300, 350, 400, 500),
                   shown_if="min_bank"),
            Option("three_farkles", "Three farkles: -1,000", "bool",
                   help="Three farkles in a row cost 1,000 points; any bank resets the count."),
            Option("vant_hof", "Van't Hof 6", "bool",
                   help="Six 1s set aside in one turn, across rolls, are worth 3,000 together."),
            Option("piggyback", "Piggybacking", "bool",
                   help="Start your turn on the dice the previous player left, with their "
                        "points."),
            Option("piggyback_credit", "Farkled piggyback pays back", "bool",
                   shown_if="piggyback",
                   help="If a piggybacking turn farkles, the previous player gets the points "
                        "again."),
        ),
        rules_help="farkle.txt",
        lesson="lesson:FARKLE", table="table", odds="odds:odds_steps", package=__name__),
)
