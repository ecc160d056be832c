"""The score sheet widget: one size for its row labels."""

import pygame

from game.ui import text, theme
from game.ui.sheet import Cell, Row, ScoreSheet, SheetModel


def model(labels):
    return SheetModel([("A", (255, 255, 255))], [Row(label, [Cell("1")]) for label in labels])


def label_heights(sheet, labels):
    surface = pygame.Surface((1280, 720))
    with text.record() as rec:
        sheet.draw(surface, model(labels))
    return {label: ink.h for label in labels
            for t, ink, _ in rec if t == label or t.rstrip("…") and label.startswith(t.rstrip("…"))}


def test_row_labels_share_one_size_down_to_four_below_the_sheets():
    pygame.init()
    theme.forget_fonts()  # fonts cached under an earlier pygame.init() are dead
    sheet = ScoreSheet(pygame.Rect(0, 0, 600, 400), label_width=170)
    short = ["ONES", "TWOS", "FIVES"]
    alone = label_heights(sheet, short)
    assert len(set(alone.values())) == 1
    # A longer capitalised label makes every label smaller alike (capitals: same ink height).
    mixed = label_heights(sheet, short + ["THREE OF A KIND"])
    assert len(set(mixed.values())) == 1 and mixed["ONES"] < alone["ONES"]
    # A label far too long for the column shrinks on its own below the floor; the others
    # stay at the floor (4 below the sheet's size), not at its tiny size.
    huge = label_heights(sheet, short + ["THREE OF A KIND OR A FULL HOUSE"])
    assert huge["ONES"] == huge["TWOS"] == huge["FIVES"] > huge["THREE OF A KIND OR A FULL HOUSE"]
    size = 22
    assert sheet._label_size(model(short + ["THREE OF A KIND OR A FULL HOUSE"]), size, 38) == \
        size - 4
