"""Pig, a seventh game kept only under tests/ (issue 26's proof): one die, roll or hold, a 1
loses the turn's points, the first to the target wins. Its catalog entry names every piece
by a whole module path; ``tests.pig.offered()`` puts it on offer for a test's duration
(game.catalog.offered), so the real app, the coach, the odds, the review, the records and
the simulator find it as they find the six games, through the catalog and the contract."""

from __future__ import annotations

from game.catalog import GameInfo, Option, offered

INFO = GameInfo(
    id="pig", title="Pig", pitch="One die: roll on or hold, and a 1 loses the turn.",
    min_players=2, max_players=4, state_class="tests.pig.rules:PigState",
    bot_module="tests.pig.bots", table="tests.pig.table", rules_help="tests.pig:rules.txt",
    odds="tests.pig.odds:odds_steps",
    options=(Option("target", "Target score", "int", choices=(30, 50, 100),
                    help="The first to reach it wins at once."),))


def on_offer():
    """Pig on offer in the catalog while the ``with`` lasts."""
    return offered(INFO)
