"""Bona Fortuna: the catalog's entry."""

from game.entry import BOX_ODDS, GameInfo

ENTRIES = (
    GameInfo(
        id="bona_fortuna", title="Bona Fortuna",
        pitch="Fill two columns, then fight for doubled boxes.",
        min_players=2, max_players=4, state_class="rules:BonaFortunaState",
        bot_module="bot", rules_help="bona_fortuna.txt",
        lesson="lesson:BONA_FORTUNA", table="table", odds=BOX_ODDS,
        package=__name__),
)
