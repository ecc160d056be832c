"""Grab It!: the catalog's entry."""

from game.entry import BOX_ODDS, GameInfo, session_option

ENTRIES = (
    GameInfo(
        id="grab_it", title="Grab It!",
        pitch="Twelve shared boxes: what you grab, nobody else gets.",
        min_players=2, max_players=6, state_class="rules:GrabItState", bot_module="bot",
        options=(
            session_option("One game, or a session of 1 to 3 games per side, the first roller "
                           "moving on each game; most games won takes it."),
        ),
        rules_help="grab_it.txt",
        lesson="lesson:GRAB_IT", table="table", player_counts=(2, 3, 4, 6), odds=BOX_ODDS,
        package=__name__),
)
