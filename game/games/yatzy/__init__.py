"""Yatzy and Maxi Yatzy (5 and 6 dice), which share their rules, bots and table: the
catalog's entries for them."""

from game.entry import BOX_ODDS, GameInfo, Option

STAKES_OPTIONS = (
    Option("stakes", "Stakes (chips, bets, pot)", "bool",
           help="Everyone bets into a pot; the winner takes it. First-roll Large Straight, "
                "Full House or Yatzy pays 0.5x, 1x or 2x the bet."),
    Option("bet", "Bet per game", "int", choices=(5, 10, 20, 50, 100), shown_if="stakes"),
)

ENTRIES = (
    GameInfo(
        id="yatzy", title="Yatzy", pitch="Five dice, three rolls, fifteen boxes to fill.",
        min_players=1, max_players=6, state_class="rules:YatzyState", bot_module="bot",
        fixed_options={"dice": 5}, options=STAKES_OPTIONS, rules_help="yatzy.txt",
        lesson="lesson:YATZY",
        table="table", odds=BOX_ODDS, package=__name__),
    GameInfo(
        id="maxi_yatzy", title="Maxi Yatzy",
        pitch="Six dice and twenty boxes: royal, triplets, 4+2.",
        min_players=1, max_players=6, state_class="rules:MaxiYatzyState", bot_module="bot",
        fixed_options={"dice": 6}, options=STAKES_OPTIONS, rules_help="maxi_yatzy.txt",
        lesson="lesson:MAXI_YATZY",
        table="table", odds=BOX_ODDS, package=__name__),
)
