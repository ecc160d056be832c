"""Dice Harbor: the entry point for the desktop and for the browser build.

    python main.py                                   play
    python main.py --demo GAME [--seed S] [--frames N] [--screenshot PATH]

In a browser page whose event loop is already running (pyodide, pygbag), the game is
started on that loop instead of a new one.
"""

import asyncio
import sys

from game.launcher import main

if __name__ == "__main__":
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # a plain Python: run the game's loop to its end
        code = asyncio.run(main(sys.argv[1:]))
        if code:  # only a refusal exits non-zero (never in the browser, where main returns 0)
            sys.exit(code)
    else:  # a browser page's loop is running already: the game is one more task on it
        game = asyncio.ensure_future(main([]))
