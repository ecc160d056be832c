"""The games, one folder (a package) per family: its rules, bots, table, odds, rules text
and data, and its catalog entries as data (``ENTRIES`` in its ``__init__``), which
game.catalog collects. Nothing here imports a game: each folder is found by its name."""
