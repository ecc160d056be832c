"""The browser tests' site and browser, built and started once a run (session scope): the
tests of tests/browser/test_browser.py and test_start.py share them (tests/scheduling.py
deals both files to one worker). Needs Chromium (Debian's ``chromium``), Node.js and npm
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
