"""Computer players. A policy looks at a game state and returns one of its legal actions.

No pygame here. Each game's bot module (in its folder, game/games/<family>/) has a ``POLICIES`` dict mapping a
strength ("easy", "normal", "hard", and for some games more) to a policy class; "random"
works for every game. A module whose strengths depend on the game's options (``expert``
exists for five-dice Yatzy only) says so with ``strengths(options)``; ``strengths_for``
and ``policy_names_for`` give the list for one game.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from game.contract import BotModule, Policy, PolicyBase
from game.rules.core import Action, GameState

STRENGTHS = ("easy", "normal", "hard")  # every game has these
EXTRA_STRENGTHS = ("expert",)  # only some games (see strengths_for)
POLICY_NAMES = STRENGTHS + EXTRA_STRENGTHS + ("random",)  # every name any game knows


class RandomPolicy(PolicyBase):
    """The baseline every real policy must beat: a kind of action uniformly (roll, stop,
    score...), then one of the legal actions of that kind uniformly. Choosing the kind
    first keeps a game whose rolls have hundreds of variants (Pirate Fortune's eight
    dice) from drowning its one "stop" so that the game would never end."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: GameState) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions():
            by_kind.setdefault(action["kind"], []).append(action)
        return self.rng.choice(by_kind[self.rng.choice(list(by_kind))])


def make_policy(bot_module: str, name: str, seed: int | None = None) -> Policy:
    """The policy ``name`` of the bot module ``bot_module`` (a catalog entry's, a whole
    module path), with its own seeded randomness."""
    rng = random.Random(seed)
    if name == "random":
        return RandomPolicy(rng)
    module = importlib.import_module(bot_module)
    try:
        return module.POLICIES[name](rng)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(POLICY_NAMES)}") from None


def every_strength(options: dict[str, Any]) -> tuple[str, ...]:
    """``strengths`` (game.contract.BotModule) for a game whose bots are the same whatever
    its options: the three every game has."""
    return STRENGTHS


def bot_module(info) -> BotModule:
    """The bots of a game (a catalog ``GameInfo``)."""
    return importlib.import_module(info.bot_module)  # type: ignore[return-value]


def strengths_for(info) -> tuple[str, ...]:
    """The strengths a game (a catalog ``GameInfo``) offers, weakest first."""
    return tuple(bot_module(info).strengths(info.default_options()))


def policy_names_for(info) -> tuple[str, ...]:
    """Every bot name a game accepts: its strengths and "random"."""
    return strengths_for(info) + ("random",)
