"""The game contract (game/contract.py, issue 26): every game in the catalog answers what
the shared code asks, and the shared modules ask only that -- no branching on a game's id,
no probing of a state's or a bot's attributes, no import of a game's own modules."""

from __future__ import annotations

import ast
import functools
import random
from pathlib import Path

import pytest

from game.bots import bot_module, make_policy, policy_names_for
from game.catalog import GAMES, module_path
from game.contract import BoxOdds, CardGame, GameRules, Policy, PolicyBase
from game.odds import CATEGORY_GAMES, Odds, odds, odds_job, shows_boxes
from game.rules.core import GameState, Seat
from tests import pig

ROOT = Path(__file__).resolve().parent.parent
# The shared pieces outside the scenes: they find games through the catalog and ask them
# through the contract only.
SHARED = ("game/odds.py", "game/coach.py", "game/review.py", "game/sim.py",
          "game/records.py", "game/recent.py", "game/storage.py", "game/links.py",
          "game/contract.py", "game/rules/session.py", "game/rules/core.py",
          "game/rules/shared.py", "game/bots/__init__.py", "game/bots/turn_search.py",
          # the cards: drawn and written in the rules as the game's deck says
          "game/ui/cards.py", "game/ui/inline.py", "game/scenes/rules.py")
# Scenes that ask a game only through the contract and its table: no id, no game's module
# (their own scene's privates aside).
SHARED_SCENES = ("game/scenes/carddraw.py", "game/scenes/odds_view.py")


def a_position(game_id: str, moves: int = 7) -> GameState:
    info = GAMES[game_id]
    state = info.new_game([Seat("A", "easy"), Seat("B", "easy")][:max(2, info.min_players)],
                          seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_keeps_the_contract(game_id):
    info = GAMES[game_id]
    state = a_position(game_id)
    assert isinstance(state, GameRules) and state.GAME_ID == game_id
    assert isinstance(state.table_dice(), list) and isinstance(state.roll_number(), int)
    assert isinstance(state.points_at_stake(), int)
    deck = state.CARD_DECK  # a game with cards says how they look, and holds a deck
    assert isinstance(state, CardGame) == (deck is not None)
    if deck is not None:
        assert set(state.deck) | set(state.discard) | {state.card} - {None} <= set(
            face.id for face in deck.faces)
    assert shows_boxes(info) == isinstance(state, BoxOdds) == (game_id in CATEGORY_GAMES)
    assert isinstance(run := odds(state, []), Odds) and run.game == game_id
    assert odds_job(state) is odds_job(info.new_game(state.seats, seed=1))
    bots = bot_module(info)
    assert set(bots.strengths(info.default_options())) <= set(bots.POLICIES)
    for name in policy_names_for(info):
        policy = make_policy(info.bot_module, name, seed=1)
        assert isinstance(policy, Policy) and isinstance(policy, PolicyBase), name
        assert policy.value_unit(state) in ("points", "win")


# What each game's position says of itself: the review's words and the coach's move keys
# read these (they once probed ``dice``, ``rolls`` and ``turn_total``).
FACTS = {"yatzy": (5, True, False), "maxi_yatzy": (6, True, False),
         "farkle": (None, False, True), "pirates": (8, True, False),
         "bona_fortuna": (5, True, False), "grab_it": (5, True, False)}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_position_facts_are_the_games_own(game_id):
    dice, counts_rolls, has_stake = FACTS[game_id]
    info = GAMES[game_id]
    state = info.new_game([Seat("A", "hard"), Seat("B", "hard")][:max(2, info.min_players)],
                          seed=5)
    bot = make_policy(info.bot_module, "hard", seed=5)
    seen_roll = seen_stake = 0
    for _ in range(60):
        if state.is_over():
            break
        shown = state.table_dice()
        assert shown == list(getattr(state, "dice", [])) and shown is not state.dice
        if dice is not None and shown:
            assert len(shown) == dice
        seen_roll = max(seen_roll, state.roll_number())
        seen_stake = max(seen_stake, state.points_at_stake())
        state.apply(bot.choose(state))
    assert (seen_roll > 0) == counts_rolls and (seen_stake > 0) == has_stake


def test_the_category_games_show_each_boxs_chance():
    assert set(CATEGORY_GAMES) == {"yatzy", "maxi_yatzy", "bona_fortuna", "grab_it"}


def test_a_game_without_odds_says_so():
    state = a_position("farkle")
    info = GAMES["farkle"]
    GAMES["farkle"] = type(info)(**{**info.__dict__, "odds": ""})
    try:
        with pytest.raises(ValueError, match="no odds for 'farkle'"):
            odds(state, [])
    finally:
        GAMES["farkle"] = info


@functools.cache
def parsed(source: str) -> ast.Module:
    """``source``'s syntax tree, parsed once a run (several tests walk every module's)."""
    return ast.parse(source)


def _calls_and_imports(source: str):
    tree = parsed(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr"):
            yield node.lineno, f"{node.func.id}(...)"
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, ("from", node.module, [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, ("import", alias.name, [])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, ("text", node.value)
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            yield node.lineno, f"the private .{node.attr}"


# Every game the shared code must not name: the catalog's, and the one kept under tests/
# (tests/pig, played through the real app by tests/test_pig.py).
ELSEWHERE = (pig.INFO,)


def _own_modules() -> set[str]:
    """The modules that belong to one game: its rules, bots, odds and table."""
    games = [*GAMES.values(), *ELSEWHERE]
    own = {module_path("game.rules", info.state_class.split(":")[0]) for info in games}
    own |= {module_path("game.bots", info.bot_module) for info in games}
    own |= {module_path("game.scenes.tables", info.table) for info in games if info.table}
    return own | {info.odds.split(":")[0] for info in games if info.odds} - {"game.odds"}


def reaches_into_games(rel: str, source: str) -> list:
    """What in ``source`` (the shared module ``rel``) reaches past the contract: a game's id
    as a text, an import of a game's own module or of a private name, getattr probes."""
    ids = set(GAMES) | {info.id for info in ELSEWHERE}
    own = _own_modules()
    found = []
    for line, what in _calls_and_imports(source):
        if isinstance(what, str):
            if not (rel == "game/rules/core.py" and what.startswith("the private")):
                found.append((line, what))  # (core's own helpers keep their privates)
        elif what[0] == "text":
            if what[1] in ids:
                found.append((line, f"the game id {what[1]!r}"))
        elif what[1] in own or any(n.startswith("_") for n in what[2]) \
                or what[1] == "tests" or what[1].startswith("tests."):
            found.append((line, f"{what[0]} {what[1]} {what[2]}"))
    return found


@pytest.mark.parametrize("rel", SHARED)
def test_the_shared_code_asks_games_only_through_the_contract(rel):
    found = reaches_into_games(rel, (ROOT / rel).read_text(encoding="utf-8"))
    assert not found, f"{rel} reaches into games: {found}"


@pytest.mark.parametrize("rel", SHARED_SCENES)
def test_the_shared_scenes_import_no_game_and_name_none(rel):
    found = [(line, what) for line, what in
             reaches_into_games(rel, (ROOT / rel).read_text(encoding="utf-8"))
             if not what.startswith(("the private", "getattr", "hasattr"))]
    assert not found, f"{rel} reaches into games: {found}"


@pytest.mark.parametrize("line", [
    'if state.GAME_ID == "pig":\n    pass\n',
    "from tests.pig.rules import PigState\n",
    "import tests.pig.bots\n",
    "from tests.pig import INFO\n",
    'policy = make_policy("tests.pig.bots", "hard")\n',
])
def test_a_shared_module_naming_the_game_kept_under_tests_is_caught(line):
    """The check above would catch a shared module that named Pig (by id, by its modules),
    though Pig is not in the catalog outside tests/test_pig.py."""
    assert "pig" not in GAMES
    assert naming_pig(line)  # (the whole tree's check below)
    if "make_policy" not in line:  # (a module path as a text: that check's alone)
        assert reaches_into_games("game/odds.py", line)


def naming_pig(source: str) -> list[tuple[int, str]]:
    """Lines of ``source`` whose texts or imports name Pig or its modules."""
    out = []
    for line, what in _calls_and_imports(source):
        if isinstance(what, str):
            continue
        kind, name = what[0], what[1]
        if (kind == "text" and (name == pig.INFO.id or "tests.pig" in name)) or (
                kind != "text" and (name.startswith("tests.pig")
                                    or (name == "tests" and "pig" in what[2]))):
            out.append((line, str(what)))
    return out


def test_no_line_of_the_shared_code_names_the_game_kept_under_tests():
    """Nothing under game/ (or tools/, main.py) names Pig, by id or by its modules: it is
    found through the catalog alone."""
    found = {}
    for path in [*sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "tools").rglob("*.py")),
                 ROOT / "main.py"]:
        hits = naming_pig(path.read_text(encoding="utf-8"))
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    assert not found


def test_an_entry_may_name_its_modules_by_whole_path():
    """A game kept outside game/ (a test's) names its rules, bots and odds by whole paths."""
    info = GAMES["farkle"]
    elsewhere = type(info)(**{**info.__dict__, "state_class": "game.games.farkle.rules:FarkleState",
                              "bot_module": "game.games.farkle.bot"})
    assert elsewhere.state_type() is info.state_type()
    assert bot_module(elsewhere) is bot_module(info)
    assert make_policy(elsewhere.bot_module, "hard", seed=1).choose(a_position("farkle")) \
        == make_policy(info.bot_module, "hard", seed=1).choose(a_position("farkle"))


# -- one folder per game, the layers, no import circle (issue 26) ---------------------------
GAME_DIR = ROOT / "game"
# The public paths of the scoring functions (API.md): thin doors into the game folders.
PUBLIC_RULES = {"game.rules.yatzy": ("game.games.yatzy.rules", ["score"]),
                "game.rules.farkle": ("game.games.farkle.rules", ["score_selection", "has_score"]),
                "game.rules.pirates": ("game.games.pirates.rules", ["score_turn"]),
                "game.rules.bona_fortuna": ("game.games.bona_fortuna.rules", ["meld_score"]),
                "game.rules.grab_it": ("game.games.grab_it.rules", ["score"])}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


MODULES = {module_name(p): p for p in GAME_DIR.rglob("*.py")}


def imports_of(name: str) -> tuple[set[str], set[str]]:
    """See _imports_of (read once per module and run: each test that walks the graph asked
    again, 3 s of parsing in all); the sets are the caller's to change."""
    ours, others = _imports_of(name)
    return set(ours), set(others)


@functools.cache
def _imports_of(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """What module ``name`` imports anywhere in it (at its top, inside functions, under
    TYPE_CHECKING): (modules of game/, each with the packages it runs the __init__ of;
    other top-level modules)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    ours, others = set(), set()

    def add(target: str) -> None:
        if target.split(".")[0] != "game":
            others.add(target.split(".")[0])
            return
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            if ".".join(parts[:i]) in MODULES:
                ours.add(".".join(parts[:i]))

    for node in ast.walk(parsed(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            add(base)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:  # a module of the package
                    add(f"{base}.{alias.name}")
    ours.discard(name)
    return frozenset(ours), frozenset(others)


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of game/ it imports; the catalog's game folders (found by
    name, through importlib) count as imports of the catalog."""
    from game.catalog import GAME_FOLDERS
    graph = {name: imports_of(name)[0] for name in MODULES}
    graph["game.catalog"] |= set(GAME_FOLDERS)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_among_the_game_modules():
    """No two modules of game/ import each other, directly or round a loop, counting the
    imports inside functions and those for types alone."""
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    graph = import_graph()
    graph["game.rules.core"] = graph["game.rules.core"] | {"game.catalog"}
    assert any({"game.rules.core", "game.catalog"} <= set(c) for c in circles(graph))
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_shared_code_imports_no_game_folder():
    """Shared modules find games through the catalog: none imports a module of a game's
    folder (but the public doors of the scoring functions, API.md)."""
    graph = import_graph()
    shared = [m for m in MODULES if not m.startswith("game.games")
              and m not in PUBLIC_RULES and m != "game.catalog"]
    reaching = {m: sorted(t for t in graph[m] if t.startswith("game.games."))
                for m in shared}
    assert {m: t for m, t in reaching.items() if t} == {}
    for door, (home, _) in PUBLIC_RULES.items():
        assert graph[door] <= {home, "game.games", home.rpartition(".")[0], "game"}, door


def test_no_game_folder_imports_another():
    """A game's folder stands alone: what two games share (the category games' table, the
    hold-and-roll rules) is a shared piece both import, never one game's module (Grab It!'s
    table was Yatzy's subclass)."""
    from game.catalog import GAME_FOLDERS
    graph = import_graph()
    reaching = {}
    for folder in GAME_FOLDERS:
        for m in (m for m in MODULES if m == folder or m.startswith(folder + ".")):
            others = sorted(t for t in graph[m] if t.startswith("game.games.")
                            and t != folder and not t.startswith(folder + "."))
            if others:
                reaching[m] = others
    assert reaching == {}


def test_an_import_inside_a_function_says_why():
    """An import inside a function breaks a real cost (a start that needs no pygame, a
    table fetched when first used, a module only the browser has): each says which in a
    comment on its line or just above it, so a new one cannot hide an import circle."""
    silent = []
    for path in sorted(GAME_DIR.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for fn in ast.walk(parsed(source)):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    near = lines[max(0, node.lineno - 3):node.lineno]
                    if "#" not in near[-1] and not any(x.strip().startswith("#") for x in near):
                        silent.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert silent == []


def test_the_settings_file_is_read_without_pygame():
    """game.prefs checks a remembered window size with the layouts' limits (game.ui.sizes)
    and imports nothing that draws: it imported the layout, pygame and all, inside a
    function."""
    graph = import_graph()
    seen, todo = set(), ["game.prefs"]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += graph[m]
    assert "game.ui.sizes" in seen
    assert not [m for m in seen if "pygame" in imports_of(m)[1]]


def test_the_public_rules_paths_hand_on_the_scoring_functions():
    """API.md: ``game.rules.<module>`` keeps the pure scoring functions (and the module's
    other public names) where the code lives in the game's folder."""
    import importlib
    for door, (home, functions) in PUBLIC_RULES.items():
        public, own = importlib.import_module(door), importlib.import_module(home)
        for name in set(own.__all__) | set(functions):
            assert getattr(public, name) is getattr(own, name), f"{door}.{name}"


def test_every_game_lives_in_its_folder():
    """A game's entry, rules, bots, table, odds, lesson and rules text are in its folder."""
    import importlib

    from game.catalog import GAME_FOLDERS
    assert [info for f in GAME_FOLDERS for info in importlib.import_module(f).ENTRIES] \
        == list(GAMES.values())
    for info in GAMES.values():
        assert info.package in GAME_FOLDERS
        inside = [info.state_class.split(":")[0], info.bot_module, info.table_module()]
        if info.odds and not info.odds.startswith("game.odds:"):
            inside.append(info.odds.split(":")[0])
        if info.lesson:
            inside.append(info.lesson.split(":")[0])
        for module in inside:
            assert module.startswith(info.package + "."), (info.id, module)
            assert module in MODULES, module
        assert info.rules_path().is_file()
        assert info.rules_path().parent == MODULES[info.package].parent


def pure_modules() -> list[str]:
    """What must run without pygame (API.md: the rules and the bots; the odds and the
    catalog beside them, which the browser's Python and the simulator load): game.rules,
    game.bots and every module of a game folder but its table."""
    scenes = {info.table_module() for info in GAMES.values()}  # (the table, the lesson: the
    scenes |= {info.lesson.split(":")[0] for info in GAMES.values() if info.lesson}  # UI's)
    return [m for m in MODULES if m.startswith(("game.rules", "game.bots", "game.games"))
            and m not in scenes] + ["game.catalog", "game.entry", "game.odds", "game.sim",
                                    "game.coach", "game.contract"]


def test_the_rules_and_bots_run_without_pygame():
    """No module the rules and the bots need imports pygame (or a scene or the UI), not
    even through another module or inside a function."""
    graph = import_graph()
    pure = pure_modules()
    assert "game.games.yatzy.expert_table" in pure and "game.games.pirates.odds" in pure
    for start in pure:
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            if m in seen:
                continue
            seen.add(m)
            todo += graph[m]
        bad = sorted(m for m in seen if m.startswith(("game.scenes", "game.ui", "game.app")))
        assert not bad, f"{start} imports {bad}"
        assert not [m for m in seen if "pygame" in imports_of(m)[1]], start
# -- the tables and the scenes ask, never probe --------------------------------------------
# A table asks its scene only what tables.base.TableHost declares, and every host answers
# all of it (the stand-ins with inert defaults); the scenes ask a table, a state and the app
# through members they declare. What is left of getattr/hasattr in the scenes, the widgets,
# the app and the tables is listed here with its reason (a dunder such as ``__iter__``, "is
# it iterable", is never a probe of a game).
PROBES_ALLOWED = {
    # pygame's events carry different attributes by their type
    ("game/ui/scroll.py", "getattr(event, 'key', None)"),
    ("game/ui/hands.py", "getattr(event, 'touch_id', 0)"),
    ("game/ui/hands.py", "getattr(event, 'touch', False)"),
    ("game/scenes/menu.py", "hasattr(event, 'pos')"),
    ("game/scenes/records.py", "hasattr(event, 'pos')"),
    ("game/scenes/replay.py", "hasattr(event, 'pos')"),
    ("game/scenes/results.py", "hasattr(event, 'pos')"),
    # a colour named in data, read from the theme when drawn (palettes change it)
    ("game/ui/theme.py", "getattr(pal, name)"),
    ("game/ui/theme.py", "getattr(palette, name)"),
    ("game/scenes/daily_result.py", "getattr(theme, colour)"),
    # a pygame.Rect's point named by the caller ("topleft", "center"...)
    ("game/ui/widgets.py", "getattr(inner, anchor)"),
    # the scene registry: a class named in the registry's data
    ("game/scenes/__init__.py", "getattr(importlib.import_module(module), cls)"),
    # the table scene's parts, read and written by their old names (a property factory)
    ("game/scenes/table_view.py", "getattr(self, part)"),
}


def _probes(source: str) -> list[tuple[int, str]]:
    """Every getattr/hasattr call in ``source`` (as (line, its text)) but one asking for a
    dunder."""
    out = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str) \
                    and name.value.startswith("__") and name.value.endswith("__"):
                continue
            out.append((node.lineno, ast.unparse(node)))
    return out


def _table_files() -> set[Path]:
    """The modules every game's table is made of (its own, and those it derives from)."""
    import inspect

    from game.scenes.tables import load_table
    files = set()
    for info in [*GAMES.values(), *ELSEWHERE]:
        for cls in load_table(info.table_module()).__mro__:
            if cls.__module__.startswith(("game.", "tests.")):
                files.add(Path(inspect.getsourcefile(cls)).resolve())
    return files


def probing_files() -> list[Path]:
    return sorted({*(ROOT / "game" / "scenes").rglob("*.py"), *(ROOT / "game" / "ui").rglob("*.py"),
                   ROOT / "game" / "app.py", *_table_files()})


def test_the_scenes_and_the_tables_ask_and_never_probe():
    """No getattr/hasattr in the scenes, the widgets, the app or any game's table (Pig's
    too) but the few listed with their reason: a table once probed its scene (``dice_row``,
    ``dice_moving``, ``count_up``, ``app.settings``, ``current_hint``, ``sheet``,
    ``regions``, ``card_turn``...), the scenes a table (``held``, ``cursor``...), a state
    (``chips``, ``final_scores``, ``side_of``) or a bot (``warm_steps``)."""
    found, seen = [], set()
    for path in probing_files():
        rel = path.relative_to(ROOT).as_posix()
        for line, call in _probes(path.read_text(encoding="utf-8")):
            seen.add((rel, call))
            if (rel, call) not in PROBES_ALLOWED:
                found.append(f"{rel}:{line}: {call}")
    assert not found, "probes (declare the member and ask it): " + "; ".join(found)
    assert PROBES_ALLOWED <= seen, f"allowed but gone (take them off): {PROBES_ALLOWED - seen}"


@pytest.mark.parametrize("line", [
    'if not hasattr(self.scene, "dice_row"):\n    pass\n',
    'moving = getattr(self.scene, "dice_moving", False)\n',
    'settings = getattr(getattr(self.scene, "app", None), "settings", None)\n',
    'chips = getattr(self.state, "chips", None)\n',
    'warm = getattr(policy, "warm_steps", None)\n',
    'for name in ("held", "chosen"):\n    x = getattr(self, name, None)\n',
])
def test_a_probe_coming_back_is_caught(line):
    assert _probes(line) and all(("game/scenes/tables/base.py", call) not in PROBES_ALLOWED
                                 for _, call in _probes(line))
    assert not _probes('if isinstance(dice, str) or not hasattr(dice, "__iter__"):\n    pass\n')


def _host_members() -> list[str]:
    from game.scenes.tables.base import TableHost
    names = set(TableHost.__annotations__)
    names |= {n for n, v in vars(TableHost).items() if callable(v) and not n.startswith("_")}
    return sorted(names)


def test_every_host_a_table_sits_at_answers_the_whole_table_host(app):
    """The table scene and the stand-ins (the results', the review's, the menu's progress,
    the replayed history) each answer every member of TableHost, the stand-ins inertly, so
    a table asks directly: a default taken off a stand-in fails here, not in a screen."""
    import pygame

    from game.scenes.tables import Rewind, StandIn
    state = a_position("pirates")
    members = _host_members()
    assert {"app", "coaching", "view_state", "dice_moving", "regions", "sheet", "history",
            "count_up", "current_hint", "card_turn", "dice_row", "shown_seat"} <= set(members)
    for host in (StandIn(state), Rewind(state)):
        assert [m for m in members if not hasattr(host, m)] == [], type(host).__name__
        assert host.app is None and host.view_state is None and not host.coaching
        assert not host.dice_moving and not host.busy and host.regions == {}
        assert host.sheet is None and host.current_hint() is None and host.card_turn() is None
        assert host.dice_row(pygame.Rect(0, 0, 400, 200), 5, False) == []
        assert host.act(state.legal_actions()[0]) is False and state.actions == a_position(
            "pirates").actions  # (a stand-in applies nothing)
        assert host.count_up("Total", 0, 0, 10, (0, 0, 0)) is None
    assert StandIn(state).history is None and Rewind(state).history.entries == []
    app.show("play", info=GAMES["pirates"], state=state, autosave=False)
    scene = app.scene
    assert [m for m in members if not hasattr(scene, m)] == []
    assert scene.coaching and scene.app is app and scene.view_state is state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_says_its_chips_and_what_carries_into_the_next(game_id):
    """The results show the chips a game says each seat holds (none but Yatzy's Stakes)
    and Play again starts from the options it says carry over: a valid game's, the chips
    as the next bankrolls."""
    info = GAMES[game_id]
    stakes = "stakes" in info.state_type().DEFAULT_OPTIONS
    seats = [Seat("A", "easy"), Seat("B", "easy")][:max(2, info.min_players)]
    state = info.new_game(seats, {"stakes": True} if stakes else {}, seed=4)
    bots = [make_policy(info.bot_module, "easy", seed=i) for i in range(len(seats))]
    while not state.is_over():
        state.apply(bots[state.current].choose(state))
    chips = state.chip_counts()
    assert chips == (state.chips if stakes else []) and chips is not getattr(state, "chips", 0)
    again = state.next_options()
    assert info.state_type().validate_options(again) == again
    assert again == ({**state.options, "bankrolls": chips} if stakes else state.options)
