"""Pirate Fortune: the catalog's entry."""

from game.entry import GameInfo, Option

ENTRIES = (
    GameInfo(
        id="pirates", title="Pirate Fortune",
        pitch="Eight dice, a Fortune Card, mind the skulls.",
        min_players=1, max_players=4, state_class="rules:PirateState", bot_module="bot",
        options=(
            Option("deck", "Fortune deck", "choice", choices=("default", "classic"),
                   names=(("default", "Standard"), ("classic", "Classic")),
                   help="Standard: 35 cards with Storm and Truce; Classic: 35 cards without "
                        "them."),
            Option("negative", "Negative scores", "bool",
                   help="Lost battles, Truces and the Island may take a score below 0."),
            Option("target", "Target score", "int",
                   choices=(3000, 5000, 6000, 8000, 10000, 12000),
                   help="Reaching it starts the last round: everyone else gets one more turn."),
        ),
        rules_help="pirates.txt",
        lesson="lesson:PIRATES", table="table", odds="odds:odds_steps", package=__name__),
)
