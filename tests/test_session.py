"""Sessions (several games with the same seats, standings, saves) and sides in the core."""

import json

import pytest

from game.bots import make_policy
from game.catalog import GAMES
from game.rules.core import SaveError, Seat
from game.rules.session import Session, session_seed


def seats(n, bot="normal"):
    return [Seat(f"P{i}", bot) for i in range(n)]


def play_out(state, stop=None):
    """Bots play the game to its end (or ``stop`` actions)."""
    bots = {i: make_policy(GAMES["grab_it"].bot_module if state.GAME_ID == "grab_it"
                           else GAMES["yatzy"].bot_module, s.bot, seed=state.seed + i)
            for i, s in enumerate(state.seats)}
    n = 0
    while not state.is_over() and (stop is None or n < stop):
        state.apply(bots[state.current].choose(state))
        n += 1
    return state


def play_session(session):
    play_out(session.current)
    while not session.is_over():
        play_out(session.next_game())
    return session


@pytest.mark.parametrize("players,rounds,length", [(2, 2, 4), (3, 1, 3), (4, 1, 2), (6, 2, 6)])
def test_a_whole_session(players, rounds, length):
    session = play_session(Session(GAMES["grab_it"], seats(players), {}, rounds, seed=players))
    assert session.length == length and len(session.games) == length and session.is_over()
    first = session.games[0].order[0]
    assert session.games[0].roll_off  # the first game's roll-off decides...
    for k, game in enumerate(session.games):  # ... then the first roller moves on a seat
        assert game.order[0] == (first + k) % players
        assert game.seed == session_seed(players, k)
        assert game.seats == session.seats
        if k:  # what the bots see of the session: games to come, 6 x wins and points
            before = Session._tally(session.games[:k])
            want = [length - k - 1]
            for w, p in zip(*before, strict=True):
                want += [round(6 * w), p]
            assert game.options["standing"] == want
    sides = len(session.sides())
    starts = [session.games[k].side_of(session.games[k].order[0]) for k in range(length)]
    assert sorted(starts) == sorted(list(range(sides)) * rounds)  # every side starts equally
    table = session.standings()
    assert sum(r["wins"] for r in table) == pytest.approx(length)
    for r in table:
        assert r["points"] == sum(r["games"]) and len(r["games"]) == length
    keys = [(r["wins"], r["points"]) for r in table]
    assert keys == sorted(keys, reverse=True)
    assert session.winners() == [r["side"] for r in table if r["place"] == 1]
    with pytest.raises(ValueError, match="over"):
        session.next_game()


def test_next_game_only_after_the_current_one():
    session = Session(GAMES["grab_it"], seats(2), {}, 1, seed=3)
    with pytest.raises(ValueError, match="not over"):
        session.next_game()


def test_standings_games_won_first_then_total_points():
    # Find seeded sessions whose two games were won one each: then points decide.
    for seed in range(1, 60):
        session = play_session(Session(GAMES["grab_it"], seats(2), {}, 1, seed=seed))
        results = session.results()
        if sorted(w for r in results for w in r["winners"]) != [0, 1]:
            continue
        table = session.standings()
        assert table[0]["wins"] == table[1]["wins"] == 1
        assert table[0]["points"] > table[1]["points"] and table[0]["place"] == 1
        assert table[1]["place"] == 2
        break
    else:
        pytest.fail("no 1-1 session in 60 seeds")
    # and one where a side won both: it leads even with fewer points overall
    for seed in range(1, 60):
        session = play_session(Session(GAMES["grab_it"], seats(2), {}, 1, seed=seed))
        table = session.standings()
        if table[0]["wins"] == 2:
            assert table[0]["place"] == 1 and table[1]["wins"] == 0
            return
    pytest.fail("no 2-0 session in 60 seeds")


def test_json_round_trip_mid_session_and_mid_game():
    session = Session(GAMES["grab_it"], seats(4), {}, 2, seed=7)
    play_out(session.current)
    play_out(session.next_game(), stop=9)
    data = json.loads(json.dumps(session.to_json()))
    assert [g["seed"] for g in data["games"]] == [session_seed(7, 0), session_seed(7, 1)]
    assert len(data["results"]) == 1
    again = Session.from_json(data, GAMES)
    assert again.to_json() == session.to_json()
    assert again.standings() == session.standings()
    play_out(session.current)
    play_out(again.current)
    assert again.current.to_json() == session.current.to_json()
    play_out(again.next_game())
    assert again.next_game().options["first"] == (again.games[0].order[0] + 3) % 4


def _tamper(data, how):
    if how == "seed":
        data["seed"] += 1
    elif how == "game seed":
        data["games"][1]["seed"] += 1
    elif how == "first":
        data["games"][1]["options"]["first"] = (data["games"][1]["options"]["first"] + 1) % 2
    elif how == "results":
        data["results"][0]["scores"][0] += 1
    elif how == "too many":
        data["games"] += [data["games"][1]] * 3
    elif how == "unfinished":
        data["games"][0]["actions"] = data["games"][0]["actions"][:5]
    elif how == "rounds":
        data["rounds"] = 0
    elif how == "extra":
        data["cheat"] = 1
    elif how == "seats":
        data["seats"] = data["seats"][:1]
    elif how == "game":
        data["game"] = "chess"
    elif how == "move":
        data["games"][1]["actions"][0] = {"kind": "score", "category": "sum"}
    return data


@pytest.mark.parametrize("how,needle", [
    ("seed", "does not belong"), ("game seed", "game 2"), ("first", "game 2"),
    ("results", "results"), ("too many", "more than"), ("unfinished", "game 1"),
    ("rounds", "games per side"), ("extra", "cheat"), ("seats", "seats"), ("game", "chess"),
    ("move", "game 2"),
])
def test_damaged_session_saves_are_refused(how, needle):
    session = Session(GAMES["grab_it"], seats(2), {}, 2, seed=5)
    play_out(session.current)
    play_out(session.next_game(), stop=3)
    data = _tamper(json.loads(json.dumps(session.to_json())), how)
    with pytest.raises(SaveError, match=needle):
        Session.from_json(data, GAMES)


def test_any_game_can_be_a_session():
    session = Session(GAMES["maxi_yatzy"], seats(2, "easy"), {}, 1, seed=2)
    assert session.length == 2 and session.current.n_dice == 6
    play_session(session)
    assert Session.from_json(json.loads(json.dumps(session.to_json())), GAMES).standings() == \
        session.standings()


def test_menu_options_start_a_session():
    info = GAMES["grab_it"]
    state, session = info.start(seats(3), {"session": 2}, seed=4)
    assert session is not None and session.length == 6 and state is session.current
    state, session = info.start(seats(3), {"session": 0}, seed=4)
    assert session is None and state.GAME_ID == "grab_it"
    assert info.default_options() == {"session": 0, "first": -1, "standing": []}


def test_sides_default_to_one_seat_each():
    state = play_out(GAMES["yatzy"].new_game(seats(3, "easy"), seed=3))
    assert state.sides() == [[0], [1], [2]]
    assert [(r["name"], r["score"], r["place"]) for r in state.side_ranking()] == \
        [(r["name"], r["score"], r["place"]) for r in state.ranking()]
    assert state.winning_sides() == state.winners()


class FinishedGame:
    """A stand-in for a finished two-side game with these side scores."""

    def __init__(self, scores):
        self.scores, self.seed, self.order = scores, 0, [0, 1]

    def is_over(self):
        return True

    def sides(self):
        return [[0], [1]]

    def side_scores(self):
        return list(self.scores)

    def winning_sides(self):
        return [k for k, s in enumerate(self.scores) if s == max(self.scores)]

    def side_name(self, k):
        return f"S{k}"


def test_standings_ties_in_games_and_points_share_the_place():
    session = Session(GAMES["grab_it"], seats(2), {}, 2, seed=1)
    session.games = [FinishedGame([100, 90]), FinishedGame([80, 90])]
    assert [(r["wins"], r["points"], r["place"]) for r in session.standings()] == \
        [(1, 180, 1), (1, 180, 1)]
    assert session.winners() == [0, 1]
    session.games = [FinishedGame([100, 100]), FinishedGame([70, 90])]  # a shared game: 1/2 each
    assert [(r["side"], r["wins"], r["place"]) for r in session.standings()] == \
        [(1, 1.5, 1), (0, 0.5, 2)]
    session.games = [FinishedGame([100, 90]), FinishedGame([80, 95])]  # 1-1: points decide
    assert [(r["side"], r["points"], r["place"]) for r in session.standings()] == \
        [(1, 185, 1), (0, 180, 2)]
