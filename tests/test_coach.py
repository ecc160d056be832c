"""The coach's hints: the strongest policy's move in every game, with consistent values."""

from __future__ import annotations

import random

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.coach import Coach, Hint, move_key, strongest
from game.contract import PolicyBase
from game.rules.core import Seat

GAME_IDS = list(GAMES)


def sampled_states(game_id: str, games: int = 3, every: int = 3, players: int = 2):
    """States met in seeded games between a random player and a normal bot."""
    info = GAMES[game_id]
    for g in range(games):
        seats = [Seat("P1", "random"), Seat("P2", "normal")][:max(info.min_players, players)]
        state = info.new_game(seats, None, seed=100 + g)
        bots = [make_policy(info.bot_module, s.bot, seed=g * 7 + i) for i, s in enumerate(seats)]
        step = 0
        while not state.is_over() and step < 2000:
            if step % every == 0:
                yield state
            state.apply(bots[state.current].choose(state))
            step += 1


STRONGEST = {"yatzy": "expert", "maxi_yatzy": "hard", "farkle": "hard", "pirates": "hard",
             "bona_fortuna": "hard", "grab_it": "hard"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_strongest_is_expert_for_yatzy_else_hard(game_id):
    assert strongest(GAMES[game_id]) == STRONGEST[game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hint_is_the_strongest_policys_move(game_id):
    info = GAMES[game_id]
    coach = Coach(info)
    reference = make_policy(info.bot_module, strongest(info), seed=0)
    checked = valued = 0
    for state in sampled_states(game_id):
        snapshot = state.rewound(len(state.actions))
        h = coach.hint(state)
        assert isinstance(h, Hint)
        assert h.action == reference.choose(snapshot), (game_id, state.turns_played)
        assert _legal(state, h.action)
        checked += 1
        if h.values is not None:
            valued += 1
            best = max(v for _, v in h.values)
            assert h.value == pytest.approx(best, abs=0.05)  # the hinted move is the best
            assert h.cost(state, h.action) == pytest.approx(0.0, abs=0.05)
            for action, v in h.values:
                assert h.cost(state, action) == pytest.approx(max(0.0, h.value - v))
    assert checked > 20
    if game_id in ("yatzy", "maxi_yatzy", "farkle", "pirates", "grab_it", "bona_fortuna"):
        assert valued > 5, "this game's hints should carry values"


def _legal(state, action) -> bool:
    trial = state.rewound(len(state.actions))
    trial.apply(action)  # raises if illegal
    return True


def test_a_worse_yatzy_move_costs_points():
    info = GAMES["yatzy"]
    coach = Coach(info)
    rng = random.Random(5)
    worse = 0
    for state in sampled_states("yatzy", games=2, every=1):
        h = coach.hint(state)
        if h.values is None:
            continue
        others = [(a, v) for a, v in h.values if v < h.value - 0.5]
        if others:
            a, v = rng.choice(others)
            assert h.cost(state, a) == pytest.approx(h.value - v)
            assert h.cost(state, a) > 0.4
            worse += 1
    assert worse > 10


def test_equal_dice_are_the_same_move():
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You")], None, seed=3)
    state.apply({"kind": "roll", "hold": []})
    state.dice = [2, 2, 5, 6, 1]
    assert move_key(state, {"kind": "roll", "hold": [0]}) == \
        move_key(state, {"kind": "roll", "hold": [1]})
    assert move_key(state, {"kind": "roll", "hold": [0]}) != \
        move_key(state, {"kind": "roll", "hold": [2]})


def test_coach_setting_cycles_and_persists(isolated_saves):
    from game import prefs
    from game.app import Settings
    s = Settings()
    assert s.coach == "request"
    assert [s.next_coach() for _ in range(3)] == ["always", "off", "request"]
    s.next_coach()
    assert prefs.save_from(s)
    back = Settings()
    assert prefs.load_into(back) == ""
    assert back.coach == "always"
    good, bad = prefs.decode({"format": prefs.FORMAT, "coach": "sometimes"})
    assert "coach" not in good and bad == ["coach"]


# -- Bona Fortuna's priced hints ---------------------------------------------------------------

def test_bona_hints_price_every_legal_move_with_the_hard_bots_choice_the_best():
    """Sampled positions of seeded games (both phases): the hint is HardPolicy.choose, its
    value the largest of action_values, every legal move has a price, and a clearly worse
    move costs something."""
    from game.games.bona_fortuna.bot import HardPolicy
    coach = Coach(GAMES["bona_fortuna"])
    phases: set[int] = set()
    priced = worse = 0
    for state in sampled_states("bona_fortuna", games=3, every=2):
        snapshot = state.rewound(len(state.actions))
        h = coach.hint(state)
        assert h.action == HardPolicy(random.Random(1)).choose(snapshot)
        values = HardPolicy(random.Random(2)).action_values(snapshot)
        if state.rolls == 0:
            assert values is None and h.values is None
            continue
        assert h.values is not None and h.value == max(v for _, v in values)
        assert h.value_text is None  # (a worth against the boxes' usual value: not said)
        for action in state.legal_actions():
            cost = h.cost(state, action)
            assert cost is not None and cost >= 0.0, action
        assert h.cost(state, h.action) == 0.0
        worst, low = min(values, key=lambda av: av[1])
        if low < h.value - 0.5:
            assert h.cost(state, worst) == pytest.approx(h.value - low) and h.cost(
                state, worst) > 0.5
            worse += 1
        phases.add(state.phase)
        priced += 1
    assert phases == {1, 2} and priced > 50 and worse > 30


def test_bona_a_wasted_five_of_a_kind_costs_many_points():
    info = GAMES["bona_fortuna"]
    state = info.new_game([Seat("You"), Seat("Ada", "hard")], None, seed=4)
    while state.seats[state.current].bot:
        state.apply(make_policy(GAMES["bona_fortuna"].bot_module, "hard", seed=0).choose(state))
    state.apply({"kind": "roll", "hold": []})
    state.dice, state.rolls = [6, 6, 6, 6, 6], 3
    h = Coach(info).hint(state)
    assert h.action["kind"] == "score" and h.action["box"] == "five_of_a_kind"
    assert h.cost(state, {"kind": "score", "box": "fours", "column": "normal"}) > 20
    assert "(The move only" not in Coach(info).advice(state, h, _NoSelection())


class _NoSelection:
    def describe_move(self, action):
        return str(action)

    def selected(self):
        return None


# -- hints over frames ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_task_path_gives_the_same_hint_as_the_direct_one(game_id):
    """Coach.hint_steps run by a Task, one piece per frame, equals Coach.hint exactly."""
    from game.tasks import Task
    info = GAMES[game_id]
    stepped, direct = Coach(info), Coach(info)
    compared = 0
    for state in sampled_states(game_id, games=1, every=4):
        task = Task(stepped.hint_steps(state))
        frames = 0
        while not task.step(budget=0.0):
            frames += 1
            assert frames < 10_000
        assert task.error is None, task.error
        a, b = task.result, direct.hint(state)
        assert (a.action, a.value, a.values, a.label, a.value_text) == \
            (b.action, b.value, b.values, b.label, b.value_text)
        assert frames >= 1  # at least the move and the rest came in separate pieces
        compared += 1
    assert compared > 5


def test_pirate_hints_price_every_reroll_the_player_can_choose():
    """Not only the best reroll: every set of dice the player may reroll is priced from the
    exact tables (under the Treasure Chest those that keep just the chest's dice), and
    under the Storm its one reroll too."""
    info = GAMES["pirates"]
    coach = Coach(info)
    bot = make_policy(GAMES["pirates"].bot_module, "hard", seed=0)
    priced_rolls = storms = 0
    for state in sampled_states("pirates", games=6, every=1):
        if not state.rolled or state.island or state.cursed() or bot.situation(state):
            continue
        h = coach.hint(state)
        if state.card == "storm" and not state.can_reroll():
            continue
        assert h.values is not None, (state.card, state.dice)
        for action in state.legal_actions():
            if action["kind"] != "roll":
                continue
            kept = sorted(i for i, f in enumerate(state.dice)
                          if f != "skull" and i not in action["dice"])
            if state.card == "chest" and kept != sorted(state.chest):
                continue
            cost = h.cost(state, action)
            assert cost is not None and cost >= 0.0, (state.card, state.dice, action)
            priced_rolls += 1
        storms += state.card == "storm"
        # the hinted move has the top value
        assert h.value == max(v for _, v in h.values)
    assert priced_rolls > 500 and storms > 0


def test_tables_built_in_pieces_equal_tables_built_at_once():
    from game.bots import turn_search
    from game.bots.turn_search import Tables
    from game.games.farkle import bot as farkle
    from game.games.yatzy import expert_table as yatzy_table
    from game.tasks import run_now

    def pieces(steps):
        count = 0
        while True:
            try:
                next(steps)
                count += 1
            except StopIteration as stop:
                return stop.value, count

    built, count = pieces(Tables.steps(6))
    whole = Tables(6)
    assert count >= 10
    assert (built.out_idx, built.out_p, built.subkeeps) == \
        (whole.out_idx, whole.out_p, whole.subkeeps)
    assert turn_search.tables(6).out_p == whole.out_p
    table, count = pieces(farkle._turn_table_steps(350))
    assert count >= 30 and table.roll == farkle.TurnTable(350).roll
    race, count = pieces(farkle._race_steps(40))
    assert count >= 10 and race.w == farkle.RaceTable(40).w
    values = [(i * 37) % 2001 - 1000 for i in range(40_000)]
    blob = yatzy_table.encode_stream(values)
    decoded, count = pieces(yatzy_table.decode_stream_steps(blob, len(values)))
    assert list(decoded) == values and count >= 2
    with pytest.raises(ValueError):
        run_now(yatzy_table.decode_stream_steps(blob[:-9], len(values)))
    blob = yatzy_table.PATH.read_bytes()
    made = yatzy_table.Table.__new__(yatzy_table.Table)
    _, count = pieces(made.build_steps(blob))
    assert count >= 4 and made.rank == yatzy_table.Table(blob).rank
    lazy = made.pattern_steps(5)
    row, count = pieces(lazy)
    assert list(row) == list(yatzy_table.Table(blob).pattern_values(5)) and count >= 2
    assert made.pattern_values(5) is row  # kept: unpacked once
    t = turn_search.tables(5)
    end = [float((i * 7919) % 97) for i in range(len(t.dice))]
    mid, count = pieces(t.best_over_keeps_steps(end, chunk=50))
    assert mid == t.best_over_keeps(end) and count >= 9


def test_farkle_endgame_search_is_done_in_pieces_before_the_move():
    """Near the end the hard Farkle bot searches for the win: the coach's task does that
    search in pieces (warm_steps) and the move is the one the bot makes without it."""
    from game.games.farkle.bot import HardPolicy
    from game.tasks import Task
    coach = Coach(GAMES["farkle"])
    searched = 0
    for state in sampled_states("farkle", games=2, every=1):
        if not state.rolled or max(state.totals) < state.options["target"] - 4000:
            continue
        coach.policy._plan = None
        task = Task(coach.hint_steps(state))
        while not task.step(budget=0.0):
            pass
        assert task.error is None
        fresh = HardPolicy(random.Random(0)).choose(state.rewound(len(state.actions)))
        assert task.result.action == fresh
        if coach.policy._plan is not None:
            searched += 1
            assert task.slices > 10  # the search itself came in pieces
    assert searched > 5


def test_a_cancelled_build_leaves_nothing_behind():
    from game.bots.loading import Lazy

    def build(n):
        yield
        yield
        return [n]

    lazy = Lazy(build)
    steps = lazy.steps(3)
    next(steps)
    steps.close()
    assert lazy.built == {}
    assert lazy.get(3) == [3] and lazy.get(3) is lazy.get(3)
    from game.tasks import run_now
    assert run_now(lazy.steps(3)) is lazy.get(3)


def test_advice_says_when_a_move_is_the_only_one_or_not_priced():
    info = GAMES["yatzy"]
    state = info.new_game([Seat("You"), Seat("Ada", "hard")], None, seed=4)
    coach = Coach(info)
    h = coach.hint(state)  # before the first roll: rolling is the only move
    assert h.values is None and "(The only move now.)" in coach.advice(state, h, _NoSelection())
    # a policy that names its move but does not price the others (no action_values)
    state.apply({"kind": "roll", "hold": []})
    coach.policy = _MoveOnly(coach.policy)
    h = coach.hint(state)
    assert h.values is None and h.value is None and h.unit == "points"
    said = coach.advice(state, h, _NoSelection())  # the move, and nothing of the bot's ways
    assert said == f"Coach (expert bot): {h.action}.", said


class _MoveOnly(PolicyBase):
    def __init__(self, policy):
        self.policy = policy

    def choose(self, state):
        return self.policy.choose(state)


# -- moves priced in chance to win --------------------------------------------------------------

def endgame_states(game_id: str, games: int = 3, seed: int = 300):
    """Positions where the hard bot plays for the win, met in seeded games between the hard
    bot and an easy one (Farkle: near the target, the last round; Grab It!: the race of the
    last boxes), with more than one legal move."""
    info = GAMES[game_id]
    for g in range(games):
        seats = [Seat("Hard", "hard"), Seat("Easy", "easy")]
        state = info.new_game(seats, None, seed=seed + g)
        bots = [make_policy(info.bot_module, "hard", seed=g), make_policy(info.bot_module, "easy",
                                                                         seed=g + 50)]
        judge = make_policy(info.bot_module, "hard", seed=0)
        while not state.is_over():
            if len(state.legal_actions()) > 1 and judge.value_unit(state) == "win":
                yield state
            state.apply(bots[state.current].choose(state))


@pytest.mark.parametrize("game_id", ["farkle", "grab_it"])
def test_endgame_hints_price_every_move_in_chance_to_win(game_id):
    info = GAMES[game_id]
    coach = Coach(info)
    reference = make_policy(info.bot_module, "hard", seed=0)
    checked = last_turns = 0
    for state in endgame_states(game_id):
        snapshot = state.rewound(len(state.actions))
        h = coach.hint(state)
        assert h.unit == "win" and h.values is not None, (game_id, state.turns_played)
        assert h.action == reference.choose(snapshot)
        values = [v for _, v in h.values]
        assert h.value == max(values) or h.value >= max(values) - 1e-9  # the bot's own maximum
        assert h.cost(state, h.action) == pytest.approx(0.0, abs=1e-9)
        # every legal move is priced (equal dice are the same move)
        assert {move_key(state, a) for a in state.legal_actions()} == \
            {move_key(state, a) for a, _ in h.values}
        for action, v in h.values:
            assert h.cost(state, action) == pytest.approx(max(0.0, h.value - v))
        assert h.value_text and "{:.0%}" in h.value_text and 0.0 <= h.value <= 1.0
        if game_id == "farkle":  # every value a chance (in Grab It! see below)
            assert all(0.0 <= v <= 1.0 for v in values)
            last_turns += state.last_round
        checked += 1
    assert checked >= 10, checked
    if game_id == "farkle":
        assert last_turns >= 3


def _farkle_last_turn(seed: int = 7):
    """A seeded hard-bot game replayed to its last player's last turn, just after a roll
    that scores, the leader some way ahead: beat them now or lose."""
    from game.sim import play_game
    info = GAMES["farkle"]
    for s in range(seed, seed + 40):
        game = play_game("farkle", ["hard", "hard"], s)
        for i in range(len(game.actions)):
            state = game.rewound(i)
            me = state.current
            if (state.last_round and state.rolled and state.still_to_play == [me]
                    and state.leader_total(me) - state.totals[me] >= 300
                    and any(a["kind"] == "bank" for a in state.legal_actions())):
                return info, state
    raise AssertionError("no last-turn position found")


def test_banking_short_of_the_leader_on_the_last_turn_costs_the_win():
    info, state = _farkle_last_turn()
    coach = Coach(info)
    h = coach.hint(state)
    assert h.unit == "win" and h.action["kind"] == "roll"
    me = state.current
    short = [a for a in state.legal_actions() if a["kind"] == "bank"]
    for bank in short:  # each bank ends the game behind the leader: no chance at all
        assert h.cost(state, bank) == pytest.approx(h.value) and h.cost(state, bank) > 0
    table = _Selecting(short[0], "bank now")
    text = coach.advice(state, h, table)
    assert f"{h.value:.0%} chance to win" in text, text
    assert f"Your choice (bank now) costs {h.value * 100:.1f}% chance of winning." in text, text
    assert state.totals[me] < state.leader_total(me)


def test_win_advice_wording():
    from game.coach import cost_words
    assert cost_words(0.075, "win") == "costs 7.5% chance of winning"
    assert cost_words(0.0004, "win") == "is as good"
    assert cost_words(4.2) == "costs 4.2 points on average"
    assert cost_words(0.01) == "is as good"


class _Selecting(_NoSelection):
    def __init__(self, action, words):
        self.action, self.words = action, words

    def selected(self):
        return self.words, [self.action]


def test_grab_it_race_values_are_the_bots_own_less_a_constant_and_the_hint_a_chance():
    """Grab It!'s hard bot weighs a race move by its chance to win plus 1 % per point of
    margin: the coach's values are exactly those, moved so that the bot's move reads as its
    bare chance to win -- which is the mean of the same chance one roll later (the bot's
    play followed through the dice), and on the last roll the box's own chance."""
    from game.bots.turn_search import tables
    from game.games.grab_it.bot import HardPolicy
    from game.rules.core import roll_outcomes
    coach = Coach(GAMES["grab_it"])
    bot = HardPolicy(random.Random(0))
    followed = 0
    for state in endgame_states("grab_it", games=6):
        h = coach.hint(state)
        turn = bot.turn(state)
        di = tables(5).index[tuple(sorted(state.dice))]
        scores = {a["category"]: v for a, v in h.values if a["kind"] == "score"}
        for c, v in scores.items():  # differences are the bot's own box values'
            c0 = next(iter(scores))
            assert v - scores[c0] == pytest.approx(turn.values[c][di] - turn.values[c0][di],
                                                   abs=1e-9)
        if h.action["kind"] == "score":
            assert h.value == pytest.approx(turn.wins[h.action["category"]][di], abs=1e-12)
            continue
        # a reroll: its chance is the mean of the chance at each outcome, the bot playing on
        kept = [state.dice[i] for i in h.action["hold"]]
        mean = 0.0
        for outcome, p in roll_outcomes(5 - len(kept)):
            after = state.rewound(len(state.actions))
            after.dice = kept + list(outcome)
            after.rolls = state.rolls + 1
            later = Coach(GAMES["grab_it"]).hint(after)
            mean += p * later.value
        assert h.value == pytest.approx(mean, abs=1e-9), (state.dice, h.action)
        followed += 1
    assert followed >= 5


def test_grab_it_race_advice_says_how_margin_counts():
    coach = Coach(GAMES["grab_it"])
    for state in endgame_states("grab_it", games=4):
        h = coach.hint(state)
        worse = [(a, v) for a, v in h.values if h.value - v > 0.01]
        if not worse:
            continue
        action, v = worse[0]
        text = coach.advice(state, h, _Selecting(action, "that"))
        assert f"expected {h.value:.0%} chance to win" in text, text
        assert (f"Your choice (that) costs {(h.value - v) * 100:.1f}% chance of winning "
                "(each point you win or lose by counts as 1%)." in text), text
        return
    raise AssertionError("no priced race move found")


@pytest.mark.parametrize("credit", [False, True])
def test_a_piggyback_offer_is_priced_against_a_fresh_roll(credit):
    """Farkle before the roll with a piggyback offer: the coach prices both starts in
    expected turn points, the hard bot's choice the better, the other costing the gap."""
    from game.games.farkle.rules import FarkleState
    info = GAMES["farkle"]
    coach = Coach(info)
    seen = set()
    for dice, points in ((5, 1000), (1, 300), (2, 2500), (6, 350)):
        state = FarkleState([Seat("a"), Seat("b")], {"piggyback": True,
                                                     "piggyback_credit": credit}, seed=1)
        state.piggy = {"seat": state.order[1], "dice": dice, "points": points}
        h = coach.hint(state)
        assert h.unit == "points" and h.values is not None and len(h.values) == 2
        assert h.action == make_policy(GAMES["farkle"].bot_module, "hard", seed=0).choose(state)
        other = {"kind": "roll"} if h.action["kind"] == "piggyback" else {"kind": "piggyback"}
        values = dict((a["kind"], v) for a, v in h.values)
        assert h.value == max(values.values())
        assert h.cost(state, other) == pytest.approx(abs(values["roll"] - values["piggyback"]))
        assert h.cost(state, other) > 0
        seen.add(h.action["kind"])
    assert seen == {"roll", "piggyback"}


# -- Pirate Fortune's endgame: priced in chance to win -------------------------------------

def _pirate_endgame_states(games: int = 4):
    """Positions of seeded hard-vs-hard games where the hard bot plays for the win (its
    last turn, a stop that would reach the target)."""
    from game.games.pirates.bot import HardPolicy
    info = GAMES["pirates"]
    probe = HardPolicy(random.Random(0))
    for g in range(games):
        state = info.new_game([Seat("A", "hard"), Seat("B", "hard")], None, seed=300 + g)
        bots = [make_policy(GAMES["pirates"].bot_module, "hard", seed=g * 7 + i) for i in range(2)]
        while not state.is_over():
            if probe.goal(state) is not None:
                yield state
            state.apply(bots[state.current].choose(state))


def test_pirate_endgame_hints_are_priced_in_chance_to_win():
    """In the endgame the hint is HardPolicy.choose, in unit "win", its value the largest;
    stop, every reroll (under the chest those of the chest's dice) and the Sorceress are
    priced, and a worse move costs a chance to win."""
    from game.games.pirates.bot import HardPolicy
    coach = Coach(GAMES["pirates"])
    seen = costly = 0
    for state in _pirate_endgame_states():
        h = coach.hint(state)
        fresh = HardPolicy(random.Random(1)).choose(state.rewound(len(state.actions)))
        assert h.action == fresh
        if h.values is None:
            assert len(state.legal_actions()) <= 1 or (state.card == "storm"
                                                      and not state.can_reroll())
            continue
        assert h.unit == "win" and 0.0 <= h.value <= 1.0
        assert h.value == max(v for _, v in h.values)
        assert "chance to win" in h.value_text.format(h.value)
        for action in state.legal_actions():
            if action["kind"] == "chest":
                continue
            if action["kind"] == "roll" and state.card == "chest":
                kept = sorted(i for i, f in enumerate(state.dice)
                              if f != "skull" and i not in action["dice"])
                if kept != sorted(state.chest):
                    continue
            assert h.cost(state, action) is not None, (state.card, state.dice, action)
        worst = min(v for _, v in h.values)
        if h.value - worst > 0.01:
            bad = next(a for a, v in h.values if v == worst)
            assert h.cost(state, bad) > 0.01
            costly += 1
        seen += 1
    assert seen > 10 and costly > 3


def test_pirate_endgame_is_solved_in_pieces_before_the_move():
    from game.games.pirates import reach as pirates_reach
    from game.tasks import Task
    coach = Coach(GAMES["pirates"])
    solved = big = 0
    for state in _pirate_endgame_states(games=2):
        if state.card == "storm":
            continue
        pirates_reach._TABLES.clear()
        task = Task(coach.hint_steps(state))
        while not task.step(budget=0.0):
            pass
        assert task.error is None and task.result.unit == "win"
        assert pirates_reach._TABLES  # solved by warm_steps, before the move
        assert task.slices >= 4
        solved += 1
        big += task.slices > 50  # a solve with many layers to go came in many pieces
    assert solved > 3 and big > 0


def test_review_of_a_hard_game_loses_nothing_in_the_pirate_endgame():
    from game.review import review
    info = GAMES["pirates"]
    for seed in (300, 301):
        state = info.new_game([Seat("A", "hard"), Seat("B", "hard")], None, seed=seed)
        bots = [make_policy(GAMES["pirates"].bot_module, "hard", seed=i) for i in range(2)]
        while not state.is_over():
            state.apply(bots[state.current].choose(state))
        result = review(info, state, seats=[0, 1])
        for seat in (0, 1):
            r = result.seat(seat)
            assert r.win_priced > 0
            assert r.total_win_loss == pytest.approx(0.0, abs=1e-9)
            assert r.total_loss == pytest.approx(0.0, abs=0.05)
