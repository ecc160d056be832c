"""Every test runs headless and keeps its saves away from the player's real ones."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# The dummy audio device's thread sleeps a whole buffer between its turns, and closing the
# device (pygame.quit(), before every test's new app) waits for it: a short buffer (5.8 ms
# at 44.1 kHz) plays the same sounds, to no one, and closes sooner (pygame.quit() took
# 27-33 ms, median of 40, on a busy machine at the default buffer; 16-20 ms with this one).
pygame.mixer.pre_init(buffer=256)

# The property tests are deterministic too: the same examples on every run and machine
# (derandomize), none replayed from a local example database. A test's own @settings adds to
# this profile.
settings.register_profile("dice-harbor", derandomize=True, database=None)
settings.load_profile("dice-harbor")


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_HARBOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


_solo_scores: dict[tuple[str, str, int, int], float] = {}


@pytest.fixture(scope="session")
def solo_mean():
    """``solo_mean(game_id, policy, games, seed)``: game.sim.run's mean score of one bot
    playing alone (the same seeded games, game_seed(seed, g)), each game played once per
    worker: the yatzy hard bot's first 150 games of seed 1 serve both
    test_yatzy_bots.py's strength order and test_yatzy_expert.py's 200-game mean, which
    tests/scheduling.py (SHARED_SETUP) runs on one worker."""
    import statistics

    from game.sim import game_seed, play_game

    def mean(game_id: str, policy: str, games: int, seed: int) -> float:
        scores = []
        for g in range(games):
            key = (game_id, policy, seed, g)
            if key not in _solo_scores:
                state = play_game(game_id, [policy], game_seed(seed, g))
                _solo_scores[key] = state.final_scores()[0]
            scores.append(_solo_scores[key])
        return statistics.fmean(scores)
    return mean


@pytest.fixture
def app():
    """The real app at its menu, headless, seeded, bots at the fast pace."""
    import pygame

    from game.scenes.menu import MenuScene
    from tests.ui_driver import frames, new_app
    a = new_app()
    a.push(MenuScene(a))
    frames(a)
    yield a
    pygame.quit()


# A test's record_property(REPORT, text): a benchmark table, printed at the end of a run
# with -s. It travels in the test's report, so it shows under xdist as well, where a
# worker's own output never reaches the terminal.
REPORT = "printed report"


def pytest_terminal_summary(terminalreporter, config):
    """The reports tests recorded (with -s), and the random order's seed, so that a failing
    order can be run again (-q hides pytest's header, where pytest-randomly prints it)."""
    if config.getoption("capture") == "no":
        for outcome in ("passed", "failed"):
            for report in terminalreporter.stats.get(outcome, []):
                for name, text in getattr(report, "user_properties", ()):
                    if name == REPORT and getattr(report, "when", "call") == "call":
                        terminalreporter.write_line(str(text))
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int):
        terminalreporter.write_line(f"tests ran in a random order: repeat it with "
                                    f"--randomly-seed={seed}")


# -- how xdist deals the tests out (tests/scheduling.py) ------------------------------------

@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` (pyproject's): files that share a costly fixture on one worker,
    the longest work first. Any other ``--dist`` is xdist's own."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.scheduling import SharedSetupLongestFirst
    return SharedSetupLongestFirst(config, log)


DURATIONS = "dice-harbor/durations"  # the cache's key
_durations: dict[str, float] = {}


def pytest_runtest_logreport(report):
    """Each test's time (set-up, call and teardown), for the next run's order; the
    controller sees every worker's reports."""
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session):
    """Keep this run's durations, merged with those kept (a run of some tests keeps the
    others' figures); in the controller, or in the one process of a run with -n 0."""
    cache = getattr(session.config, "cache", None)
    if cache is None or not _durations or hasattr(session.config, "workerinput"):
        return
    kept = cache.get(DURATIONS, {}) or {}
    kept.update({k: round(v, 3) for k, v in _durations.items()})
    cache.set(DURATIONS, kept)
