"""What the screens say, read through the real app: names as typed, sentences that agree,
numbers as the rules write them, dialogs that say what they act on, name entry."""

from __future__ import annotations

import pygame

from game.catalog import GAMES
from game.rules.core import Seat
from game.scenes.carddraw import CardDrawScene
from game.ui import text
from tests.ui_driver import frames, new_app


def drawn_texts(app) -> list[str]:
    """Every whole text on screen now (a wrapped text once), the message included."""
    app.invalidate()
    with text.record() as drawn:
        app.draw()
    seen: list[str] = []
    for d in drawn:
        if d.source not in seen:
            seen.append(d.source)
    return seen


def pirate_game_for(first: str, other: str, seed_from: int = 0):
    info = GAMES["pirates"]
    for seed in range(seed_from, seed_from + 200):
        state = info.new_game([Seat(first), Seat(other)], {}, seed=seed)
        if state.current == 0:
            return info, state
    raise AssertionError("no seed lets the first seat start")


def test_the_card_draw_keeps_a_name_as_typed():
    """A person's own card draw is titled with their name exactly as typed ("åsa-Märta's",
    never "Åsa-märta's"), and "Your Fortune Card" for You."""
    for name, title in (("åsa-Märta", "åsa-Märta's Fortune Card"),
                        ("You", "Your Fortune Card")):
        app = new_app()
        try:
            info, state = pirate_game_for(name, "Ada" if name == "You" else "You")
            app.show("play", info=info, state=state, autosave=False)
            for _ in range(300):
                frames(app)
                if isinstance(app.scene, CardDrawScene):
                    break
            assert isinstance(app.scene, CardDrawScene) and app.scene.human
            texts = drawn_texts(app)
            assert title in texts, texts
        finally:
            pygame.quit()
