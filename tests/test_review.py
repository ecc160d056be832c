"""The post-game review (game.review), pure: a game played by the coach's own policy loses
nothing, a seeded weak bot reviewed as if human loses points, the decisions are exactly the
reviewed seats' real choices priced at the position before the move, ranked biggest loss
first, with an accuracy figure, and unpriced decisions reported as such."""

from __future__ import annotations

import pytest

from game.catalog import GAMES
from game.coach import Coach, strongest
from game.contract import PolicyBase
from game.review import (
    BEST_MARGIN,
    WIN_MARGIN,
    Decision,
    SeatReview,
    human_seats,
    plain_move,
    review,
    review_steps,
)
from game.rules.core import Seat
from game.sim import play_game

PRICED_GAMES = tuple(GAMES)  # the coach prices moves in every game
OPTIONS: dict = {}  # every game at its default options
WIN_GAMES = ("farkle", "grab_it")  # their strongest bot plays for the win near the end


def bot_game(game_id: str, policies, seed: int):
    return play_game(game_id, policies, seed, OPTIONS.get(game_id))


def real_decisions(state, seats) -> list[int]:
    """The move indices at which one of ``seats`` chose among several legal moves, found
    by replaying the game independently of the review."""
    out = []
    pos = type(state).replay(state.seats, state.options, state.seed, [])
    for i, action in enumerate(state.actions):
        if pos.current in seats and len(pos.legal_actions()) > 1:
            out.append(i)
        pos.apply(action)
    return out


@pytest.mark.parametrize("game_id", PRICED_GAMES)
def test_the_strongest_policys_own_game_loses_nothing(game_id):
    info = GAMES[game_id]
    best = strongest(info)
    state = bot_game(game_id, [best, best], seed=11)
    result = review(info, state, seats=[0, 1])
    assert [r.seat for r in result.seats] == [0, 1]
    for r in result.seats:
        assert r.priced >= 5, (game_id, r.priced)  # there was something to price
        assert r.total_loss == 0.0 and r.total_win_loss == 0.0
        assert r.accuracy == 1.0 and r.best_moves == r.priced
        assert all(d.loss == 0.0 for d in r.decisions if d.priced)
        if game_id in WIN_GAMES:  # the endgame is priced too, in chance to win
            assert r.win_priced >= 1, (game_id, r.summary())
            assert "0.0% win chance lost" in r.summary()
            # every decision after the roll is priced (Farkle's roll-or-piggyback is not)
            assert all(d.priced for d in r.decisions if d.position != "start of the turn")


@pytest.mark.parametrize("game_id", PRICED_GAMES)
@pytest.mark.parametrize("weak", ["easy", "random"])
def test_a_seeded_weak_bot_reviewed_as_human_loses_points(game_id, weak):
    info = GAMES[game_id]
    state = bot_game(game_id, [weak, strongest(info)], seed=4)
    result = review(info, state, seats=[0])
    r = result.seat(0)
    assert r.total_loss > 0.5, (game_id, weak, r.summary())
    assert r.accuracy is not None and r.accuracy < 1.0
    assert r.total_loss == pytest.approx(sum(d.loss for d in r.decisions
                                             if d.loss and d.unit == "points"))
    assert r.total_win_loss == pytest.approx(sum(d.loss for d in r.decisions
                                                 if d.loss and d.unit == "win"))
    assert any(d.loss and d.loss >= BEST_MARGIN and d.played != d.best for d in r.decisions)


def test_human_seats_are_reviewed_by_default_and_match_the_save():
    info = GAMES["yatzy"]
    seats = [Seat("Ada"), Seat("Bot", "normal"), Seat("Cleo")]
    state = info.new_game(seats, seed=8)
    from game.bots import make_policy
    policies = [make_policy(GAMES["yatzy"].bot_module, s, seed=i) for i, s in enumerate(["easy", "normal", "random"])]
    while not state.is_over():
        state.apply(policies[state.current].choose(state))
    assert human_seats(state) == [0, 2]
    from_state = review(info, state)
    from_save = review(info, state.save())  # the stored form gives the same review
    assert [r.seat for r in from_state.seats] == [0, 2]
    assert [r.name for r in from_state.seats] == ["Ada", "Cleo"]
    for a, b in zip(from_state.seats, from_save.seats, strict=True):
        assert a.decisions == b.decisions
    for r in from_state.seats:
        expected = real_decisions(state, {r.seat})
        assert [d.index for d in r.decisions] == expected  # every choice, nothing else
        assert all(d.seat == r.seat and d.played == state.actions[d.index] for d in r.decisions)


def test_each_decision_is_priced_at_the_position_before_its_move():
    info = GAMES["yatzy"]
    state = bot_game("yatzy", ["easy", "hard"], seed=21)
    result = review(info, state, seats=[0])
    coach = Coach(info, seed=state.seed)
    checked = 0
    for d in result.seat(0).decisions[::7]:
        before = state.rewound(d.index)
        hint = coach.hint(before)
        assert d.best == hint.action
        assert d.loss == pytest.approx(hint.cost(before, state.actions[d.index]))
        assert d.position.startswith("[" + " ".join(map(str, before.dice)) + "]")
        # Yatzy: a seat's turn number is the boxes it had filled before, plus one
        assert d.turn == len(before.sheets[0]) + 1
        checked += 1
    assert checked >= 5


def test_decisions_are_ranked_win_losses_first_then_points_unpriced_last():
    info = GAMES["farkle"]  # the endgame is priced in chance to win: both units occur
    state = bot_game("farkle", ["easy", "normal"], seed=3)
    r = review(info, state, seats=[0]).seat(0)
    ranked = r.ranked()
    assert sorted(ranked, key=lambda d: d.index) == r.decisions
    lost_win = [d for d in ranked if d.unit == "win" and d.priced and d.loss >= WIN_MARGIN]
    assert lost_win and ranked[:len(lost_win)] == lost_win  # the decisive moments first
    assert [d.loss for d in lost_win] == sorted((d.loss for d in lost_win), reverse=True)
    rest = [d for d in ranked[len(lost_win):] if d.priced]
    assert any(d.unit == "points" for d in rest)
    # then by points lost (a best move in chance to win counts as 0)
    keys = [d.loss if d.unit == "points" else 0.0 for d in rest]
    assert keys == sorted(keys, reverse=True) and keys[0] > 0
    assert all(not d.priced for d in ranked[len(lost_win) + len(rest):])
    for a, b in zip(rest, rest[1:], strict=False):  # ties keep the game's order
        if (a.loss if a.unit == "points" else 0.0) == (b.loss if b.unit == "points" else 0.0):
            assert a.index < b.index


def test_the_accuracy_figure_counts_best_moves_among_priced_decisions():
    def d(i, loss):
        return Decision(i, 0, 1, "", {"kind": "x"}, {"kind": "x"}, "", "", loss)
    r = SeatReview(0, "Ada", [d(0, 0.0), d(1, BEST_MARGIN - 0.001), d(2, BEST_MARGIN),
                              d(3, 7.5), d(4, None)])
    assert r.priced == 4 and r.best_moves == 2
    assert r.accuracy == 0.5
    assert r.total_loss == pytest.approx(0.0 + BEST_MARGIN - 0.001 + BEST_MARGIN + 7.5)
    assert [x.index for x in r.ranked()] == [3, 2, 1, 0, 4]
    text = r.summary()
    assert "7.6 points lost" in text and "accuracy 50%" in text and "(2 of 4 best moves)" in text
    assert "4 of 5 decisions priced" in text
    assert SeatReview(1, "Bo").accuracy is None
    assert "win chance" not in text  # no decision priced in chance to win


def test_win_chance_losses_are_counted_apart_and_best_below_half_a_point():
    def d(i, loss, unit="points"):
        return Decision(i, 0, 1, "", {"kind": "x"}, {"kind": "x"}, "", "", loss, unit)
    r = SeatReview(0, "Ada", [d(0, 3.0), d(1, 0.004, "win"), d(2, 0.005, "win"),
                              d(3, 0.12, "win"), d(4, 0.0, "win"), d(5, 40.0), d(6, None)])
    assert WIN_MARGIN == 0.005
    assert r.total_loss == pytest.approx(43.0)  # points only
    assert r.total_win_loss == pytest.approx(0.129)
    assert r.priced == 6 and r.win_priced == 4
    assert [x.is_best for x in r.decisions] == [False, True, False, False, True, False, False]
    assert r.best_moves == 2 and r.accuracy == pytest.approx(2 / 6)
    # lost chances to win first, then points (a best win decision as 0), unpriced last
    assert [x.index for x in r.ranked()] == [3, 2, 5, 0, 1, 4, 6]
    text = r.summary()
    assert "43.0 points lost · 12.9% win chance lost · accuracy 33%" in text, text
    assert "6 of 7 decisions priced" in text
    assert "12.9% win chance lost (a note) · accuracy" in r.summary("a note")


@pytest.mark.parametrize("game_id, weak", [("farkle", "easy"), ("farkle", "random"),
                                           ("grab_it", "random")])
def test_a_weak_bot_loses_chances_to_win_in_the_endgame(game_id, weak):
    # (Grab It!'s easy bot plays its one or two last boxes as the hard one does in these
    # seeds: its endgame costs nothing there)
    info = GAMES[game_id]
    lost = []
    for seed in (4, 5, 6):
        state = bot_game(game_id, [weak, strongest(info)], seed=seed)
        r = review(info, state, seats=[0]).seat(0)
        assert r.win_priced >= 1, (game_id, seed)
        assert r.total_win_loss == pytest.approx(sum(d.loss for d in r.decisions
                                                     if d.unit == "win" and d.loss))
        lost.append(r.total_win_loss)
    assert max(lost) > 0.05, (game_id, lost)  # five percentage points or more somewhere
    # Grab It!'s race measure counts margin too, and the review says so
    note = review(info, state, seats=[0]).win_note
    assert note == ("each point you win or lose by counts as 1%" if game_id == "grab_it" else "")


class _Unpricing(PolicyBase):
    """The strongest policy without ``action_values``: it names moves, never prices them
    (the contract's defaults answer the rest)."""

    def __init__(self, policy):
        self.policy = policy

    def choose(self, state):
        return self.policy.choose(state)


def test_unpriced_decisions_are_reported_as_such():
    info = GAMES["yatzy"]
    state = bot_game("yatzy", ["easy", "easy"], seed=5)
    coach = Coach(info, seed=1)
    coach.policy = _Unpricing(coach.policy)
    from game.tasks import run_now
    r = run_now(review_steps(info, state, [0], coach=coach)).seat(0)
    assert r.decisions and all(d.loss is None and not d.priced for d in r.decisions)
    assert r.priced == 0 and r.accuracy is None and r.total_loss == 0
    assert "none priced" in r.summary()
    # the best move is still named where the coach gives one
    assert all(d.best and d.best_text for d in r.decisions)


def test_every_decision_is_listed_priced_or_not():
    info = GAMES["bona_fortuna"]
    state = bot_game("bona_fortuna", ["easy", "hard"], seed=2)
    r = review(info, state, seats=[0]).seat(0)
    assert [d.index for d in r.decisions] == real_decisions(state, {0})
    assert r.priced == sum(d.loss is not None for d in r.decisions)


def test_the_generator_yields_progress_per_move_and_refuses_unknown_seats():
    info = GAMES["grab_it"]
    state = bot_game("grab_it", ["easy", "normal"], seed=6)
    steps = review_steps(info, state, [1])
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            result = stop.value
            break
    n = len(state.actions)  # one step per move at least (more where a hint has pieces)
    assert len(seen) >= n and seen == sorted(seen) and seen[-1] == 1.0
    assert set(seen) - {0.0} == {k / n for k in range(1, n + 1)}
    assert result.moves == len(state.actions) and result.seats[0].seat == 1
    with pytest.raises(ValueError):
        review(info, state, seats=[5])


def test_a_game_without_humans_reviews_nobody_by_default():
    info = GAMES["yatzy"]
    state = bot_game("yatzy", ["easy", "easy"], seed=1)
    result = review(info, state)
    assert result.seats == []


def test_plain_words_name_the_dice():
    info = GAMES["yatzy"]
    state = info.new_game([Seat("A")], seed=1)
    state.apply({"kind": "roll", "hold": []})
    text = plain_move(state, {"kind": "roll", "hold": [0, 2]})
    assert text == f"Roll hold [{state.dice[0]} {state.dice[2]}]"


class _PiecewiseCoach(Coach):
    """A coach whose hints come in pieces (``hint_steps``): the review uses them."""

    pieces = 0

    def hint_steps(self, state):
        for _ in range(3):
            self.pieces += 1
            yield
        return self.hint(state)


def test_a_coach_with_hint_pieces_is_run_piece_by_piece():
    info = GAMES["yatzy"]
    state = bot_game("yatzy", ["easy", "normal"], seed=9)
    plain = review(info, state, seats=[0]).seat(0)
    coach = _PiecewiseCoach(info, seed=state.seed)
    steps = review_steps(info, state, [0], coach=coach)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as stop:
            piecewise = stop.value.seat(0)
            break
    assert coach.pieces == 3 * len(plain.decisions)
    assert yields == len(state.actions) + coach.pieces
    assert piecewise.decisions == plain.decisions
