"""Per-game configuration of the shared play scene: one small module per game."""

from __future__ import annotations

import importlib


def load_table(name: str):
    return importlib.import_module(f"game.scenes.tables.{name}").Table
