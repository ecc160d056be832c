"""Drawing the table at the real size costs pixels: what the frame does not fill twice must
still be drawn whole. The background is filled around the score sheet's band (the sheet
paints every pixel between its rounded corners): a table drawn over a screen of garbage
leaves none of it, at every size, with the odds beside the sheet and without."""

from __future__ import annotations

import pygame
import pytest

from game.bots import make_policy
from game.catalog import GAMES
from tests.test_ui_screens import SIZE_IDS, SIZES, long_seats, make_app

GARBAGE = (1, 254, 3)  # a colour the game never draws


def garbage_left(app) -> int:
    screen = app.screen
    app.scene.sheet._picture_key = None  # drawn afresh (as when it changed), not its picture
    screen.fill(GARBAGE)
    app.scene.draw(screen)
    mask = pygame.mask.from_threshold(screen, GARBAGE, (1, 1, 1, 255))
    return mask.count()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_table_leaves_nothing_of_the_last_frame(game_id, size):
    app = make_app(size)
    try:
        info = GAMES[game_id]
        seats = long_seats(min(4, info.max_players) if info.takes(4) else 2)
        state = info.new_game(seats, seed=7)
        bots = {i: make_policy(info.bot_module, "normal", seed=i) for i in range(len(seats))}
        for _ in range(8):
            state.apply(bots[state.current].choose(state))
        play = app.show("play", info=info, state=state, autosave=False)
        for _ in range(5):
            app.step(1 / 60)
        assert garbage_left(app) == 0
        play.odds.toggle()  # the odds beside the sheet (where the game has them)
        for _ in range(5):
            app.step(1 / 60)
        assert garbage_left(app) == 0
    finally:
        pygame.quit()
