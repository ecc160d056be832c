"""Playing a game by link: starting one, opening a link, and the play scene's flow for it.

Each person plays their turn on their own device; bots move on whichever device has the
game. The device that opens a link shows the moves made since its player's last turn on
the table (skippable with Skip >> or F), lets whoever's turn it is play it, plays the bots
after it, and as soon as the turn passes to another person shows the link to send them
(scene "link_send"). A finished game's link is recorded once on each device and opens its
results, review and replay. Nothing here is a scene: scenes are reached by name.
"""

from __future__ import annotations

from game import dailyplay, links, page
from game.catalog import GAMES, GameInfo
from game.rules.core import GameState, SaveError, Seat
from game.ui import theme
from game.ui.words import possessive

SHOW_STEP = 0.8  # seconds between two moves made elsewhere, shown on the table
HAND_OVER = 1.0  # seconds the table stays after the turn passed, before the link is shown
TRUST = ("For friends, not for stakes: the dice come from the game's seed, so someone who "
         "reads the code could foresee them; the review shows every decision against the "
         "coach for all to see.")


def site_for(known: str = "") -> str:
    """Where this device's links point: the page it runs in (the browser), else the site
    set for it (``$DICE_HARBOR_SITE``), the one the game's links came from, the last one a
    link opened here came from; "" for none (the link is then its code alone)."""
    return (links.site_of(page.address()) or links.site_of(page.configured_site()) or known
            or links.last_site())


def viewer_of(state: GameState, mine=()) -> int | None:
    """The person this device plays now: whoever's turn it is, if a person; else the first
    of this device's seats, else the first person at the table."""
    if not state.is_over() and state.seats[state.current].is_human:
        return state.current
    people = [i for i, s in enumerate(state.seats) if s.is_human]
    return next((i for i in mine if i in people), people[0] if people else None)


def since_last_move(state: GameState, seat: int | None) -> int:
    """How many moves of ``state`` come before the moves made since ``seat`` last moved
    (0: every move, when it has not moved yet)."""
    actors = state.actors
    last = max((i for i, a in enumerate(actors) if a == seat), default=-1)
    return last + 1


class LinkFlow:
    """The play scene's flow for a game by link (``PlayScene(flow=...)``)."""

    kept = "It stays on this device: the menu lists it under Games by link."
    quit_note = "The game by link stays on this device: the menu lists it"

    def __init__(self, info: GameInfo, site: str, viewer: int | None, target=None,
                 received: bool = False):
        self.info = info
        self.received = received  # a finished game's link: its end was sent from elsewhere
        self.site = site
        self.viewer = viewer  # the person playing on this device now
        # every move of the game as it was sent: those the table has not made yet were made
        # elsewhere and are shown first (a move another scene makes meanwhile, the Fortune
        # Card a card draw turns over, counts as shown)
        self.target = [dict(a) for a in target] if target is not None else None
        self.wait = SHOW_STEP
        self.hold = HAND_OVER
        self.told = False

    def remaining(self, state: GameState) -> list[dict]:
        """The moves made elsewhere still to show on the table."""
        if self.target is None or state.action_count >= len(self.target):
            return []
        return self.target[state.action_count:]

    def watching(self, scene) -> bool:
        """Nobody at this device may move: moves made elsewhere are being shown, or the turn
        has passed to a person playing on another device (the link is about to be shown)."""
        if self.remaining(scene.state):
            return True
        view = scene.view_state
        return (self.viewer is not None and not view.is_over()
                and view.seats[view.current].is_human and view.current != self.viewer)

    def update(self, scene, dt: float) -> bool:
        """Show the next move made elsewhere, or hand the turn on; True when it acted."""
        todo = self.remaining(scene.state)
        if todo:
            if not self.told:
                self.told = True
                who = possessive(scene.state.seats[self.viewer].name) if self.viewer is not None \
                    else "the last"
                skip = "Skip >>" if theme.metrics.touch else "Skip >> (F)"
                scene.app.notify(f"The moves since {who} last turn, as they were played: "
                                 f"{skip} shows them at once", theme.INFO, 5)
            if scene.busy:
                return True
            self.wait -= dt
            if self.wait > 0 and not scene.fast_forward:
                return True
            self.wait = SHOW_STEP
            if not scene.act(todo[0]):  # (it was legal where it was made: never, unless the
                self.target = None      # table made another move meanwhile; show no more)
            if not self.remaining(scene.state):
                scene._build_top_buttons()
            return True
        state = scene.state
        if scene.busy or state.is_over():
            return False
        seat = state.current
        if not state.seats[seat].is_human:
            return False
        if self.viewer is None:
            self.viewer = seat
        if seat == self.viewer:
            self.hold = HAND_OVER
            return False
        self.hold -= dt
        if self.hold > 0 and not scene.fast_forward:
            return True
        self.send(scene)
        return True

    def send(self, scene, final: bool = False, news=None) -> None:
        mine = [self.viewer] if self.viewer is not None else []
        links.keep(self.info, scene.state, mine=mine, site=self.site)
        scene.app.show("link_send", info=self.info, state=scene.state, site=self.site,
                       final=final, news=news, hinted=scene.hints_used)

    def store(self, scene) -> bool:
        if self.remaining(scene.state):
            return True  # (moves made elsewhere, shown again: the game was kept whole on opening)
        mine = [self.viewer] if self.viewer is not None else []
        return links.keep(self.info, scene.state, mine=mine, site=self.site)

    def results(self, scene) -> None:
        """The game is over on this device: recorded here once, then its final link."""
        news = record_once(scene.app, self.info, scene.state, scene.hints_used)
        if self.received:
            scene.app.show("results", info=self.info, state=scene.state, news=news)
        else:
            self.send(scene, final=True, news=news)

    def hint_refusal(self, scene) -> str:
        return ""


def record_once(app, info: GameInfo, state: GameState, hinted: bool = False):
    """A finished game by link in this device's records and recent games, once."""
    entry = links.find(links.game_key(info, state))
    news = None
    if entry is None or not entry.recorded:
        news = app.record_game(info.id, state, hinted=hinted)
    links.keep(info, state, recorded=True)
    return news


# -- starting and opening ----------------------------------------------------------------------
def start(app, info: GameInfo, seats: list[Seat], options: dict, seed: int) -> None:
    """A new game by link from the menu's game, options and seats; this device plays the
    first person listed."""
    state = info.new_game([Seat(s.name, s.bot) for s in seats], options, seed=seed)
    people = [i for i, s in enumerate(state.seats) if s.is_human]
    site = site_for()
    links.keep(info, state, mine=people[:1], site=site)
    app.show("play", info=info, state=state, autosave=False,
             flow=LinkFlow(info, site, people[0] if people else None))


def open_text(app, text: str) -> bool:
    """Open a link as pasted or as the page's address had it: its game as it stands on
    this device, or one sentence saying why not (nothing changes then)."""
    try:
        link = links.decode(text)
    except SaveError as exc:
        app.sounds.play("error")
        app.notify(str(exc), theme.BAD, 7)
        return False
    if link.day:
        dailyplay.open_shared(app, link)
        return True
    entry = links.find(link.id)
    got = link.state.actions
    if entry is not None:
        have = entry.save.get("actions", [])
        if len(have) > len(got) and have[:len(got)] == got:
            app.show("menu", game_id=link.info.id)
            app.open("confirm", title="An older link",
                     text=f"This link shows move {len(got)} of the {link.info.title} game "
                          f"with {_names(link.state)}; it is at move {len(have)} on this "
                          "device already.",
                     yes="Open the newer position", no="Back",
                     on_yes=lambda: resume(app, entry.id))
            return True
        if got[:len(have)] != have:
            split = next(i for i, (a, b) in enumerate(zip(have, got, strict=False)) if a != b)
            app.show("menu", game_id=link.info.id)
            app.open("confirm", title="Another course",
                     text=f"This link's {link.info.title} game went another way at move "
                          f"{split + 1} than the one kept on this device.",
                     yes="Open the link's game", no="Keep this device's",
                     on_yes=lambda: play(app, link.info, link.state, link.site, entry))
            return True
    play(app, link.info, link.state, link.site, entry)
    return True


def _names(state: GameState) -> str:
    names = [s.name for s in state.seats]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def play(app, info: GameInfo, state: GameState, site: str = "", entry=None) -> None:
    """The game at the table on this device: the moves since its player's last turn shown
    first; a game whose turn is another person's (a link this device sent) at its link;
    a finished one at its results."""
    mine = list(entry.mine) if entry is not None else []
    site = site or (entry.site if entry is not None else "")
    if state.is_over():
        seen = entry is not None and entry.save.get("actions") == state.actions
        if mine and not seen:  # the last moves, made elsewhere, first; then the results
            keep = since_last_move(state, mine[0])
            links.keep(info, state, site=site)
            app.show("play", info=info, state=state.rewound(keep), autosave=False,
                     flow=LinkFlow(info, site_for(site), mine[0], state.actions,
                                   received=True))
            return
        news = record_once(app, info, state)
        links.keep(info, state, site=site)
        app.show("results", info=info, state=state, news=news)
        return
    viewer = viewer_of(state, mine)
    sent = (entry is not None and mine and viewer not in mine
            and entry.save.get("actions") == state.actions)
    links.keep(info, state, site=site, mine=[] if sent else [viewer])
    if sent:  # the link this device sent, opened again: still the other person's turn
        app.show("link_send", info=info, state=state, site=site_for(site))
        return
    keep = since_last_move(state, viewer)
    start = state.rewound(keep) if keep < state.action_count else state
    app.show("play", info=info, state=start, autosave=False,
             flow=LinkFlow(info, site_for(site), viewer, state.actions))


def resume(app, game: str) -> None:
    """A game by link kept on this device, from the menu: checked and replayed first."""
    entry = links.find(game)
    if entry is None:
        app.notify("That game by link is no longer on this device", theme.BAD)
        return
    try:
        info, state = links.load(entry)
    except SaveError as exc:
        links.forget(game)
        app.to_menu()
        app.notify(f"That game by link cannot be opened ({exc}); it was set aside.",
                   theme.BAD, 7)
        return
    if not state.is_over() and state.current not in entry.mine \
            and state.seats[state.current].is_human:
        app.show("link_send", info=info, state=state, site=site_for(entry.site))
        return
    viewer = viewer_of(state, entry.mine)
    if state.is_over():
        app.show("results", info=info, state=state)
        return
    app.show("play", info=info, state=state, autosave=False,
             flow=LinkFlow(info, site_for(entry.site), viewer))


def play_here(app, info: GameInfo, state: GameState, site: str) -> None:
    """The person whose turn it is plays on this device (the device passed round)."""
    seat = state.current
    links.keep(info, state, mine=[seat], site=site)
    app.show("play", info=info, state=state, autosave=False, flow=LinkFlow(info, site, seat))


def menu_line(entry: links.Entry) -> str:
    """A game by link as the menu lists it: "Farkle with Ada and Bram: Ada's turn"."""
    info = GAMES[entry.game_id]
    names = entry.names
    turn = names[entry.turn] if entry.turn is not None and entry.turn < len(names) else ""
    who = "your turn" if entry.turn in entry.mine else f"{possessive(turn)} turn"
    others = [n for i, n in enumerate(names) if i not in entry.mine] or names
    return f"{info.title} with {_join(others)}: {who}"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
