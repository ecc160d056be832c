"""Sound effects: .ogg files from assets/sounds, silent when there is no audio device.

A sound may come in takes (``name_take.ogg``, made by tools/make_sounds.py): the caller
says which take fits (a throw of two dice or of eight, the other of two landings), and
the sound itself plays where there is no such take."""

from __future__ import annotations

import os

import pygame

from .theme import ASSETS


class Sounds:
    def __init__(self, enabled: bool = True):
        self.muted = False
        self.volume = 100  # percent: the sound effects' volume (the settings' effects_volume)
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.played: list[str] = []  # names, newest last: lets tests see feedback happen
        self.takes: list[str] = []  # the files played for them (a take, or the sound)
        folder = ASSETS / "sounds"
        self._files = {n.removesuffix(".ogg") for n in os.listdir(folder)  # (not a glob:
                       if n.endswith(".ogg")} if folder.is_dir() else set()  # no regex)
        # The audio device is opened (``open``) when the app has drawn its first frame, or
        # the first sound plays, not before: in the page it took 0.29 s of a phone's start.
        self.closed = enabled
        self.available = enabled

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
        False when every sound is loaded, or none can play."""
        if self.closed or not self.available:
            return False
        left = sorted((not n.startswith(("roll", "land")), n) for n in self._files
                      if n not in self._cache)
        if not left:
            return False
        self._load(left[0][1])
        return True
