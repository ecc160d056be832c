"""A session: several games of one game with the same seats, and its standings.

Any game can be played as a session. The number of games is a multiple of the number of
sides (``rounds`` games per side) so that every side starts equally often: when the
game's state takes a ``first`` option (the seat that moves first, -1 = the game decides,
as Grab It!'s roll-off does), the first game decides and each later game starts one seat
further round the table. Standings rank the sides by games won (a shared win counts 1/k
to each of k winners), then by the total of their scores over all games; a tie in both
shares the place.

A session is played of a game's catalog entry (game.entry.GameInfo: its state class and
fixed options), handed in; this module imports no catalog (the catalog is above it).
A session is what made it: game id, seats, options, its seed (each game's seed follows
from it), its length and the saves of its games, the last one perhaps in progress.
``to_json()`` writes exactly that (plus each finished game's result, for people reading
the file); ``from_json()`` checks every field and rebuilds each game by replaying its
save through ``GameState.load``, so a session that did not arise in play cannot be loaded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from .core import GameState, SaveError, Seat, format_problem, rank

SESSION_FORMAT = 1
MAX_ROUNDS = 5  # games per side


def session_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a session with this seed."""
    return (seed * 1_000_003 + index) % 2**31


def _info(games: Mapping[str, Any], game_id: Any):
    try:
        return games[game_id]
    except (KeyError, TypeError):
        raise SaveError(f"unknown game {str(game_id)[:40]!r}") from None


class Session:
    def __init__(self, info: Any, seats: Sequence[Seat], options: dict[str, Any] | None = None,
                 rounds: int = 1, seed: int = 0, _games: list[GameState] | None = None):
        """A new session of the game ``info`` (its catalog entry, game.entry.GameInfo)."""
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise ValueError(f"a session has 1 to {MAX_ROUNDS} games per side, got {rounds!r}")
        self.info = info
        self.game_id = info.id
        self.seats = [Seat(s.name, s.bot) for s in seats]
        self.options = {k: v for k, v in (options or {}).items() if k not in self.info.fixed_options}
        self.rounds = rounds
        self.seed = seed
        self.games: list[GameState] = _games if _games is not None else [self._new_game(0)]
        self.length = rounds * len(self.games[0].sides())

    # -- the games ---------------------------------------------------------------------------
    def _rotates(self) -> bool:
        return "first" in self.info.state_type().DEFAULT_OPTIONS

    def game_options(self, index: int) -> dict[str, Any]:
        """The options of game ``index``: the session's, who moves first from game 2 on,
        and, for a game whose state takes a ``standing`` option, the games still to come
        and each side's games won (x6, so shared wins stay whole) and points before it."""
        options = dict(self.options)
        if index > 0 and self._rotates():
            options["first"] = (self.games[0].order[0] + index) % len(self.seats)
        if index > 0 and "standing" in self.info.state_type().DEFAULT_OPTIONS:
            wins, points = self._tally(self.games[:index])
            standing = [self.length - index - 1]
            for w, p in zip(wins, points, strict=True):
                standing += [round(6 * w), int(p)]
            options["standing"] = standing
        return options

    @staticmethod
    def _tally(games: Sequence[GameState]) -> tuple[list[float], list[float]]:
        """Games won (a shared win counts 1/k) and points of each side over ``games``."""
        n = len(games[0].sides())
        wins, points = [0.0] * n, [0.0] * n
        for g in games:
            if not g.is_over():
                continue
            winners = g.winning_sides()
            for k, score in enumerate(g.side_scores()):
                points[k] += score
                if k in winners:
                    wins[k] += 1 / len(winners)
        return wins, points

    def _new_game(self, index: int) -> GameState:
        return self.info.new_game([Seat(s.name, s.bot) for s in self.seats],
                                  self.game_options(index), seed=session_seed(self.seed, index))

    @property
    def current(self) -> GameState:
        return self.games[-1]

    @property
    def finished(self) -> list[GameState]:
        return [g for g in self.games if g.is_over()]

    def is_over(self) -> bool:
        return len(self.games) == self.length and self.current.is_over()

    def next_game(self) -> GameState:
        """Start the next game (the current one must be over); returns it."""
        if not self.current.is_over():
            raise ValueError("the current game is not over yet")
        if self.is_over():
            raise ValueError("the session is over")
        self.games.append(self._new_game(len(self.games)))
        return self.current

    # -- standings -------------------------------------------------------------------------
    def sides(self) -> list[list[int]]:
        return self.games[0].sides()

    def results(self) -> list[dict[str, Any]]:
        """Each finished game: its seed, who moved first, side scores and winning sides."""
        return [{"seed": g.seed, "first": g.order[0], "scores": g.side_scores(),
                 "winners": g.winning_sides()} for g in self.finished]

    def standings(self) -> list[dict[str, Any]]:
        """Sides best first: side, seats, name, wins, points, the score of each game played,
        and place (games won first, then total points; equal in both share a place)."""
        sides = self.sides()
        wins, points = self._tally(self.games)
        per_game: list[list[float]] = [[] for _ in sides]
        for r in self.results():
            for k, score in enumerate(r["scores"]):
                per_game[k].append(score)
        keys = [(round(wins[k], 9), points[k]) for k in range(len(sides))]
        places = rank(keys)
        rows = [{"side": k, "seats": list(side), "name": self.games[0].side_name(k),
                 "wins": wins[k], "points": points[k], "games": per_game[k], "place": places[k]}
                for k, side in enumerate(sides)]
        return sorted(rows, key=lambda r: (r["place"], r["side"]))

    def winners(self) -> list[int]:
        """The sides on top of the standings (the session's winners once it is over)."""
        return [r["side"] for r in self.standings() if r["place"] == 1]

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": SESSION_FORMAT, "kind": "session", "game": self.game_id,
                "seats": [asdict(s) for s in self.seats], "options": dict(self.options),
                "rounds": self.rounds, "seed": self.seed, "results": self.results(),
                "games": [g.save() for g in self.games]}

    @classmethod
    def from_json(cls, data: Any, games: Mapping[str, Any]) -> Session:
        """The session ``to_json`` wrote, every game replayed; SaveError otherwise.
        ``games``: the catalog's entries by id (game.catalog.GAMES)."""
        if not isinstance(data, dict) or data.get("kind") != "session":
            raise SaveError("not a saved session")
        if data.get("format") != SESSION_FORMAT or isinstance(data.get("format"), bool):
            raise SaveError(format_problem("the session", data.get("format"), SESSION_FORMAT))
        known = {"format", "kind", "game", "seats", "options", "rounds", "seed", "results",
                 "games"}
        extra = set(data) - known
        if extra:
            raise SaveError(f"unknown field(s) in the session: {', '.join(sorted(extra))[:100]}")
        info = _info(games, data.get("game"))
        cls_ = info.state_type()
        seats, options = data.get("seats"), data.get("options")
        rounds, seed, games = data.get("rounds"), data.get("seed"), data.get("games")
        if not isinstance(seats, list) or not info.takes(len(seats)):
            raise SaveError(f"a {info.title} session needs {info.players_text()} seats")
        seats = [Seat.from_json(s) for s in seats]
        if not isinstance(options, dict) or "first" in options:
            raise SaveError("the session's options are not a JSON object of rule options")
        try:
            cls_.validate_options({**options, **info.fixed_options})
        except (ValueError, TypeError) as exc:
            raise SaveError(f"the session's options are wrong: {exc}"[:300]) from None
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise SaveError(f"a session has 1 to {MAX_ROUNDS} games per side")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise SaveError("the session's seed is not a whole number from 0 to 2^63")
        if not isinstance(games, list) or not games:
            raise SaveError("the session has no games")
        loaded: list[GameState] = []
        session = None
        for i, save in enumerate(games):
            try:
                game = cls_.load(save)
            except SaveError as exc:
                raise SaveError(f"game {i + 1} of the session: {exc}"[:300]) from None
            if i and not loaded[-1].is_over():
                raise SaveError(f"game {i} of the session was not finished before the next")
            loaded.append(game)
            if session is None:  # the first game fixes the sides, hence the length
                session = cls(info, seats, options, rounds, seed, _games=loaded)
                if len(games) > session.length:
                    raise SaveError(f"the session has more than its {session.length} games")
            want = {**session.game_options(i), **info.fixed_options}
            if (game.seats != seats or game.seed != session_seed(seed, i)
                    or game.options != cls_.validate_options(want)):
                raise SaveError(f"game {i + 1} does not belong to this session "
                                f"(other seats, seed or options)")
        if "results" in data and data["results"] != session.results():
            raise SaveError("the session's results do not match its games")
        return session
