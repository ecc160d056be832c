"""Playing the daily challenge: starting a day's try, the play scene's flow for it, and
a challenge someone shared (its link opens their game as a replay and offers the day's
challenge). Nothing here is a scene: scenes are reached by name."""

from __future__ import annotations

import datetime as dt

from game import daily, links
from game.catalog import GameInfo
from game.rules.core import GameState, SaveError
from game.ui import theme


class DailyFlow:
    """The play scene's flow for a daily challenge (``PlayScene(flow=...)``): the counted
    try is kept after every move (and goes on where it was left); no hints in it; the end
    is the challenge's own result screen."""

    def __init__(self, info: GameInfo, day: dt.date, counted: bool):
        self.info, self.day, self.counted = info, day, counted
        self.kept = ("Your try stays on this device: the daily challenge goes on with it."
                     if counted else "This practice try is not kept.")
        self.quit_note = ("Your daily try is kept: Daily challenge goes on with it"
                          if counted else "Practice try left")

    def watching(self, scene) -> bool:
        return False

    def update(self, scene, dt_: float) -> bool:
        return False

    def store(self, scene) -> bool:
        if not self.counted:
            return True
        if scene.state.is_over():
            daily.finish(self.info, self.day, scene.state)
            return True
        return daily.keep_playing(self.info, self.day, scene.state)

    def results(self, scene) -> None:
        news = None
        if self.counted:
            daily.finish(self.info, self.day, scene.state)
            news = scene.app.record_game(self.info.id, scene.state)
        scene.app.show("daily_result", info=self.info, day=self.day, state=scene.state,
                       counted=self.counted, news=news)

    def hint_refusal(self, scene) -> str:
        if self.counted:
            return "No hints in the daily challenge: the coach reviews your try at the end"
        return ""


def player_name(app, info: GameInfo) -> str:
    """The name a try is played under: the first person seated for this game in the menu
    (remembered), else "You"."""
    seats = app.settings.seats.get(info.id) or []
    for seat in seats:
        if isinstance(seat, dict) and not seat.get("bot") and isinstance(seat.get("name"), str) \
                and seat["name"].strip():
            return seat["name"].strip()[:16]
    return "You"


def play_day(app, info: GameInfo, day: dt.date, practice: bool = False) -> None:
    """The day's try: the counted one (started, or continued where it was left) unless
    that is over (or ``practice``), then a practice try on the same dice."""
    entry = daily.get(info, day)
    counted = not practice and daily.playable(day) and not (entry is not None and entry.done)
    state = None
    if counted and entry is not None and entry.save is not None:
        state = daily.load_try(info, day, entry)
        if state is None:
            app.notify("The try kept for that day could not be read: it starts again",
                       theme.BAD, 5)
    if state is None:
        state = daily.new_game(info, day, player_name(app, info))
        if counted:
            daily.keep_playing(info, day, state)
    if not counted and not practice and not daily.playable(day):
        app.notify("That day is past the last week: this try is practice", theme.INFO, 4)
    app.show("play", info=info, state=state, autosave=False,
             flow=DailyFlow(info, day, counted))


def open_shared(app, link: links.Link) -> None:
    """A daily challenge someone shared: their finished try, checked to be that day's."""
    day = daily.parse_day(link.day)
    problem = ""
    if day is None:
        problem = "its day cannot be read"
    elif not link.info.takes(1) or daily.check_game(link.info, day, link.state):
        problem = daily.check_game(link.info, day, link.state) or "that game has no daily"
    elif not link.state.is_over():
        problem = "the try in it is not finished"
    if problem:
        app.sounds.play("error")
        app.notify(f"This daily challenge link cannot be opened: {problem}.", theme.BAD, 7)
        return
    app.show("daily_shared", info=link.info, day=day, state=link.state)


def counted_game(info: GameInfo, day: dt.date) -> GameState | None:
    """The day's finished counted try, replayed (None when there is none to show)."""
    entry = daily.get(info, day)
    if entry is None or not entry.done:
        return None
    try:
        return daily.load_try(info, day, entry)
    except SaveError:
        return None
