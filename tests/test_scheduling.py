"""How xdist deals the suite out (tests/scheduling.py): the files that share a costly
session or module fixture go to one worker as one unit; every other test is its own."""

from tests.scheduling import SharedSetupLongestFirst


def unit(nodeid: str) -> str:
    return SharedSetupLongestFirst._split_scope(None, nodeid)


def test_the_browser_files_share_one_worker_and_the_rest_are_dealt_one_by_one():
    # both files play in the session's one site and one Chromium (tests/browser/conftest.py)
    assert unit("tests/browser/test_start.py::test_a") == unit(
        "tests/browser/test_browser.py::test_b[x]") == "browser"
    assert unit("tests/test_pyodide.py::test_c") == "pyodide"
    assert unit("tests/test_contract.py::test_d") == "tests/test_contract.py::test_d"
    assert unit("tests/test_x.py::test_e@group") == "group"  # a mark's group, kept
    # one test of each of two files: the yatzy hard bot's games (conftest's solo_mean)
    assert unit("tests/test_yatzy_bots.py::test_strength_ordering_yatzy") == unit(
        "tests/test_yatzy_expert.py::test_short_seeded_simulation_mean") == "yatzy_solo"
    assert unit("tests/test_tools.py::test_every_sound_effect_renders") == unit(
        "tests/test_tools.py::test_make_sounds_check_names_what_differs") == "make_sounds"
    assert unit("tests/test_yatzy_bots.py::test_same_seed_same_game") == (
        "tests/test_yatzy_bots.py::test_same_seed_same_game")
