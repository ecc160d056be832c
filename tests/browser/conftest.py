"""The browser tests' site, browser and two tabs, built and started once a run (session
scope): the tests of tests/browser/test_browser.py and test_start.py share them
(tests/scheduling.py deals both files to one worker). Needs Chromium (Debian's ``chromium``), Node.js and npm
(for the pinned pyodide) and the wheel in its cache (tests/browser/site.py); without them the
tests skip with one line saying what is missing, and under CI (CI=true) they fail."""

from __future__ import annotations

import os

import pytest

from tests.browser.cdp import Browser, find_chromium
from tests.browser.site import Site, wheel


def _missing(message: str):
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI: {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    if find_chromium() is None:
        _missing("Chromium is not installed (apt-get install chromium); .ci/run installs it")
    from tests.test_pyodide import ensure_pyodide, require_node
    _, npm = require_node()
    ensure_pyodide(npm)
    path, problem = wheel()
    if path is None:
        _missing(problem)
    s = Site(tmp_path_factory.mktemp("site"), path)
    yield s
    s.close()


@pytest.fixture(scope="session")
def browser(site):
    b = Browser(extra_flags=["--autoplay-policy=user-gesture-required",
                             "--disable-audio-output"])  # (sound rendered, never played)
    yield b
    b.close()


# Two tabs the tests share, each started once: the desktop's (1280x720) and a phone's
# (390x844 at ratio 3, touch); each test that starts at the menu gets one restarted
# (Game.restart: storage cleared, a new App) instead of a new page that starts Python again;
# the tests about the page's start read what the tab's start left.
@pytest.fixture(scope="session")
def desktop_tab(browser, site):
    from tests.browser.test_browser import Game
    g = Game(browser, site)
    # what the page's start left, before any test: the expert's table not in the archive
    g.at_start = g.py("from game.games.yatzy import expert_table as yatzy_table\n"
                      "result = [yatzy_table.PATH.exists(), yatzy_table._TABLE is None]")
    g.stop()  # (until a test restarts it)
    yield g
    g.close()


@pytest.fixture(scope="session")
def phone_tab(browser, site):
    from tests.browser.test_browser import LOADING_WATCH, Game
    g = Game(browser, site, width=390, height=844, ratio=3, touch=True, watch=LOADING_WATCH)
    # what the page's start left, before any test: how pygame came, the start's moments,
    # which files it asked for and when (tests/browser/test_start.py)
    g.at_start = g.page.js("({pygame: window.diceHarbor.pygame, marks: window.diceHarbor.marks, "
                           "asked: performance.getEntriesByType('resource')"
                           ".map(e => [new URL(e.name).pathname, e.startTime])})")
    g.stop()
    yield g
    g.close()


@pytest.fixture
def desktop(desktop_tab):
    from tests.browser.test_browser import restarted
    yield from restarted(desktop_tab)


@pytest.fixture
def phone(phone_tab):
    from tests.browser.test_browser import restarted
    yield from restarted(phone_tab)
