"""Sound effects: .ogg files from assets/sounds, silent when there is no audio device.

A sound may come in takes (``name_take.ogg``, made by tools/make_sounds.py): the caller
says which take fits (a throw of two dice or of eight, the other of two landings), and
the sound itself plays where there is no such take."""

from __future__ import annotations

import os

import pygame

from game import web

from .theme import ASSETS


class Sounds:
    def __init__(self, enabled: bool = True):
        self.muted = False
        self.volume = 100  # percent: the sound effects' volume (the settings' effects_volume)
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.played: list[str] = []  # names, newest last: lets tests see feedback happen
        self.decoded_here = False  # the last ``preload`` decoded a sound itself (not the page)
        self.takes: list[str] = []  # the files played for them (a take, or the sound)
        folder = ASSETS / "sounds"
        self._files = {n.removesuffix(".ogg") for n in os.listdir(folder)  # (not a glob:
                       if n.endswith(".ogg")} if folder.is_dir() else set()  # no regex)
        # The audio device is opened (``open``) when the app has drawn its first frame, or
        # the first sound plays, not before: in the page it took 0.29 s of a phone's start.
        self.closed = enabled
        self.available = enabled
        self._asked: set[str] | None = None  # the sounds the page decodes (``preload``)
        self.from_page: set[str] = set()  # the sounds made of the page's samples

    def open(self) -> bool:
        """Open the audio device, once; False when there is none (then no sound plays)."""
        if self.closed:
            self.closed = False
            try:
                pygame.mixer.init()
            except pygame.error:
                self.available = False  # no device (CI, some browsers before a click)
        return self.available

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

    def play(self, name: str, take: str = "") -> None:
        self.played = (self.played + [name])[-50:]
        if take and f"{name}_{take}" in self._files:
            name = f"{name}_{take}"
        self.takes = (self.takes + [name])[-50:]
        if self.muted or not self.available or self.volume <= 0 or not self.open():
            return
        if name not in self._cache:
            self._load(name)
        sound = self._cache[name]
        if sound is not None:
            sound.set_volume(max(0, min(100, self.volume)) / 100)
            sound.play()

    def _load(self, name: str) -> None:
        path = ASSETS / "sounds" / f"{name}.ogg"
        try:
            self._cache[name] = pygame.mixer.Sound(str(path)) if path.exists() else None
        except pygame.error:
            self._cache[name] = None

    def preload(self) -> bool:
        """Decode one more sound before it is first played, the throws' and landings' first
        (a frame with nothing else to do calls it: in a phone's page a sound decoded at its
        first play took about 10 ms of the frame of the first roll, the first landing...).
        Where the page decodes sounds itself (the pyodide page: game/web.py,
        ``decode_sounds``) the first call asks it for every sound, and each later call takes
        one it has decoded, its samples made a Sound as the mixer plays them: decoding one
        in the game's WebAssembly took 9.5-19 ms of a frame at a phone's CPU. False when
        every sound is loaded, or none can play."""
        self.decoded_here = False
        if self.closed or not self.available:
            return False
        if self._asked is None:
            self._asked = self._ask_page()
        if self._asked:
            ready = web.decoded_sound()
            if ready is not None:
                name, samples = ready
                self._asked.discard(name)
                if name not in self._cache:  # (not played, and so loaded, meanwhile)
                    if samples is None:
                        self._load(name)  # (the page could not: decoded here)
                        self.decoded_here = True
                    else:
                        self._cache[name] = pygame.mixer.Sound(buffer=samples)
                        self.from_page.add(name)
            return True
        left = self._unloaded()
        if not left:
            return False
        self._load(left[0])
        self.decoded_here = True
        return True

    def _unloaded(self) -> list[str]:
        """The sounds not loaded yet, the throws' and landings' first."""
        return [n for _, n in sorted((not n.startswith(("roll", "land")), n)
                                     for n in self._files if n not in self._cache)]

    def _ask_page(self) -> set[str]:
        """The sounds the page was asked to decode: none natively, nor where it cannot."""
        mixer = pygame.mixer.get_init()
        paths = {n: ASSETS / "sounds" / f"{n}.ogg" for n in self._unloaded()}
        return set(paths) if mixer and paths and web.decode_sounds(paths, mixer) else set()
