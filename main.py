"""Dice Harbor: the entry point for the desktop and for pygbag's browser build.

    python main.py                                   play
    python main.py --demo GAME [--seed S] [--frames N] [--screenshot PATH]
"""

import asyncio
import sys

from game.launcher import main

if __name__ == "__main__":
    code = asyncio.run(main(sys.argv[1:]))
    if code:  # only a refusal exits non-zero (never in the browser, where main returns 0)
        sys.exit(code)
