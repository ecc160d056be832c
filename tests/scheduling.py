"""How pytest-xdist hands the suite to its two workers (``-n 2 --dist loadgroup``, pyproject).

xdist's own ``loadgroup`` would not do here, for two reasons:

* **Tests that share a costly module fixture run on one worker.** Every test of
  ``tests/test_pyodide.py`` reads one run of the pyodide drivers (Node.js and WebAssembly
  CPython: most of a minute of CPU), every browser test one staged site and one Chromium;
  spread over both workers, each worker would pay for them again. ``xdist_group`` marks
  were meant for that, but on pytest 9.2 a mark no longer reaches the scheduler
  (pytest-xdist issue #1386: the tests are dealt out as if unmarked), so the files are named
  here (``SHARED_SETUP``, each with its group: the two files of browser tests share the
  session's site and Chromium, tests/browser/conftest.py; a single test can be named
  too, file::test); a group a mark does bring
  (``name@group``) is kept as well.
* **The longest work starts first, so that both workers end together** (the longest
  processing time first rule): a minute of pyodide or a ten-second screen sweep dealt out
  last would leave the other core idle meanwhile. A test's weight is its duration in the
  last run (kept in .pytest_cache by tests/conftest.py), else its figure in
  tests/durations.json (every test of the suite that took a second or more, the mean of its
  cases, measured on a quiet core: what a fresh clone, as CI's, goes by; a stale figure
  only changes the order, never a result), else ``SLOW``'s, else ``DEFAULT``; ties keep the
  collection's (random) order.

Everything else is dealt out one test at a time, as ``--dist load`` does.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

from tests.conftest import DURATIONS

SHARED_SETUP = {"tests/test_pyodide.py": "pyodide",  # file -> its group: one worker each
                "tests/browser/test_browser.py": "browser",
                "tests/browser/test_start.py": "browser",
                # a test (its cases) -> its group: the yatzy hard bot's games (solo_mean)
                "tests/test_yatzy_bots.py::test_strength_ordering_yatzy": "yatzy_solo",
                "tests/test_yatzy_expert.py::test_short_seeded_simulation_mean": "yatzy_solo",
                # ... its effects synthesised once (tests/test_tools.py's make_sounds)
                **{f"tests/test_tools.py::test_{name}": "make_sounds" for name in (
                    "make_sounds_makes_every_committed_sound_again_byte_for_byte",
                    "make_sounds_check_names_what_differs", "every_sound_effect_renders")}}

# Seconds a test takes on a quiet core, for a run with no durations kept: the measured
# figures (file::test, for every case of a parametrized test), and by file for the two
# whose module fixture the first test pays for (the mean of their tests).
MEASURED = json.loads((Path(__file__).with_name("durations.json")).read_text(encoding="utf-8"))
SLOW = {
    "tests/test_pyodide.py": 0.5,
    "tests/browser/test_browser.py": 4.4,
    "tests/browser/test_start.py": 5.0,
}
DEFAULT = 0.1


def weight(nodeid: str, known: dict[str, float]) -> float:
    if nodeid in known:
        return known[nodeid]
    test = nodeid.split("[", 1)[0]
    if test in MEASURED:
        return MEASURED[test]
    return SLOW.get(test.split("::", 1)[0], DEFAULT)


class SharedSetupLongestFirst(LoadScopeScheduling):
    """``--dist loadgroup`` as it should be: see the module's doc."""

    def __init__(self, config, log=None):
        super().__init__(config, log)
        cache = getattr(config, "cache", None)
        self.known = (cache.get(DURATIONS, {}) if cache is not None else {}) or {}
        self.ordered = False

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):  # an xdist_group mark that got through
            return nodeid.split("@")[-1]
        path = nodeid.split("::", 1)[0]
        return SHARED_SETUP.get(nodeid.split("[", 1)[0], SHARED_SETUP.get(path, nodeid))

    def _assign_work_unit(self, node) -> None:
        if not self.ordered:  # (the first call: the work queue is complete, none dealt yet)
            self.ordered = True
            units = sorted(self.workqueue.items(),
                           key=lambda unit: -sum(weight(t, self.known) for t in unit[1]))
            self.workqueue = OrderedDict(units)
        super()._assign_work_unit(node)

