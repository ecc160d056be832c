#!/usr/bin/env python3
"""Synthesise Dice Harbor's sound effects and write them as Ogg Vorbis files.

Pure standard library (math, random, struct, wave) for the synthesis; the WAV files are
then encoded with ``oggenc`` (Debian package ``vorbis-tools``), because the browser build
(pygbag) plays Ogg Vorbis.  Each effect draws its randomness from its own
``random.Random`` seeded with its name, and its Ogg stream serial number comes from its
name too (never from its place in the list), so a rerun gives the very same files, byte
for byte, and adding an effect changes no other file.  ``--check`` renders every effect
again and compares it with the committed file (the test suite runs it).

Usage (from the repository root)::

    apt-get install vorbis-tools                              # once, provides oggenc
    .venv/bin/python tools/make_sounds.py                     # writes assets/sounds/*.ogg
    .venv/bin/python tools/make_sounds.py --check             # each file as the tool makes it?
    .venv/bin/python tools/make_sounds.py --out DIR --only roll,win --wav  # also the .wav

A new sound: write ``fx_NAME(rng)`` returning its samples (floats in -1..1 at ``RATE``,
usually through ``finish``), add it to ``EFFECTS``, run the tool with ``--only NAME`` and
commit ``assets/sounds/NAME.ogg`` with the code.  Changing an effect means running the
tool for it again; ``--check`` (and so the test suite) fails until the file is remade.
The files are made with the libvorbis of Debian 12 (``Xiph.Org libVorbis I 20200704``);
another libvorbis may encode the same samples to other bytes, which ``--check`` says.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
import zlib

RATE = 44100
TAU = 2.0 * math.pi
SEED = 20240611
OGG_QUALITY = "2"  # oggenc -q: about 50-60 kbit/s for mono 44.1 kHz, plenty for effects

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "assets", "sounds")


# --------------------------------------------------------------------------- helpers


def note(name: str) -> float:
    """Frequency of a note name such as 'C5', 'F#4' or 'Bb3' (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        semis += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2.0 ** ((semis + 12 * (octave - 4)) / 12.0)


def silence(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * RATE))


def mix(buf: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    """Add ``sound`` into ``buf`` starting at ``at`` seconds (the buffer grows if needed)."""
    start = int(round(at * RATE))
    end = start + len(sound)
    if end > len(buf):
        buf.extend([0.0] * (end - len(buf)))
    for i, s in enumerate(sound):
        buf[start + i] += s * gain


def envelope(n: int, attack: float, decay: float, hold: float = 0.0) -> list[float]:
    """Soft attack (raised cosine, seconds), optional hold, then exponential decay.

    ``decay`` is the time constant in seconds.  The last 5 ms fade to exactly zero.
    """
    a = max(1, int(attack * RATE))
    h = int(hold * RATE)
    out = []
    for i in range(n):
        if i < a:
            v = 0.5 - 0.5 * math.cos(math.pi * i / a)
        elif i < a + h:
            v = 1.0
        else:
            v = math.exp(-(i - a - h) / (decay * RATE))
        out.append(v)
    tail = min(n, int(0.005 * RATE))
    for k in range(tail):
        out[n - 1 - k] *= k / tail
    return out


def bell(
    freq: float, dur: float, decay: float, partials=None, attack: float = 0.004, detune: float = 0.0
) -> list[float]:
    """A soft bell / mallet tone: a few partials, higher ones dying faster."""
    if partials is None:
        partials = [(1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05)]
    n = int(dur * RATE)
    env = envelope(n, attack, decay)
    out = [0.0] * n
    for ratio, amp in partials:
        f = freq * ratio
        if f >= RATE / 2 * 0.9:
            continue
        w = TAU * f / RATE
        w2 = TAU * f * (1.0 + detune) / RATE
        # higher partials decay faster: extra exponential per partial
        k = 1.0 / (decay * RATE) * (ratio - 1.0) * 0.8
        for i in range(n):
            s = math.sin(w * i)
            if detune:
                s = 0.5 * (s + math.sin(w2 * i))
            out[i] += amp * s * math.exp(-k * i)
    return [o * e for o, e in zip(out, env, strict=True)]


def brass(
    freq: float,
    dur: float,
    attack: float = 0.03,
    release: float = 0.12,
    vibrato: float = 0.0,
    bright: float = 1.0,
) -> list[float]:
    """A warm brass-like tone: harmonics whose brightness follows the envelope."""
    n = int(dur * RATE)
    a = max(1, int(attack * RATE))
    r = max(1, int(release * RATE))
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        if i < a:
            e = 0.5 - 0.5 * math.cos(math.pi * i / a)
        else:
            e = 1.0 - 0.15 * min(1.0, (i - a) / max(1, n - a - r))
        if i > n - r:
            e *= max(0.0, (n - i) / r) ** 2
        vib = 1.0 + vibrato * math.sin(TAU * 5.5 * t) * min(1.0, t / 0.25)
        phase += TAU * freq * vib / RATE
        b = bright * (0.35 + 0.65 * e)
        s = (
            math.sin(phase)
            + 0.5 * b * math.sin(2 * phase)
            + 0.28 * b * b * math.sin(3 * phase)
            + 0.12 * b**3 * math.sin(4 * phase)
            + 0.05 * b**3 * math.sin(5 * phase)
        )
        out.append(s * e)
    return out


class OnePole:
    """One-pole low-pass filter."""

    def __init__(self, cutoff: float):
        self.set(cutoff)
        self.y = 0.0

    def set(self, cutoff: float) -> None:
        self.a = 1.0 - math.exp(-TAU * cutoff / RATE)

    def __call__(self, x: float) -> float:
        self.y += self.a * (x - self.y)
        return self.y


class StateVariable:
    """Resonant Chamberlin state-variable filter; ``tap`` picks the low- or band-pass output
    (low-pass for the 'wah', band-pass for ticks and sparkle)."""

    def __init__(self, freq: float, q: float, tap: str):
        self.low = 0.0
        self.band = 0.0
        self.q = 1.0 / q
        self.tap = tap
        self.set(freq)

    def set(self, freq: float) -> None:
        self.f = 2.0 * math.sin(math.pi * min(freq, RATE / 6) / RATE)

    def __call__(self, x: float) -> float:
        self.low += self.f * self.band
        high = x - self.low - self.q * self.band
        self.band += self.f * high
        return self.low if self.tap == "low" else self.band


def knock(rng: random.Random, strength: float) -> list[float]:
    """One die hitting a wooden table: a short bright tick plus a damped wooden body."""
    dur = 0.06
    n = int(dur * RATE)
    body_f = rng.uniform(650.0, 1150.0)
    body_f2 = body_f * rng.uniform(2.3, 2.8)
    tick_bp = StateVariable(rng.uniform(2500.0, 4200.0), 1.5, "band")
    soften = OnePole(6500.0)
    out = []
    for i in range(n):
        t = i / RATE
        noise = rng.uniform(-1.0, 1.0) * math.exp(-t / 0.0025)
        tick = soften(tick_bp(noise)) * 2.4
        body = math.sin(TAU * body_f * t) * math.exp(-t / 0.012) + 0.4 * math.sin(
            TAU * body_f2 * t
        ) * math.exp(-t / 0.006)
        out.append((tick + 0.55 * body) * strength)
    a = int(0.0006 * RATE)
    for i in range(a):
        out[i] *= i / a
    return out


def finish(buf: list[float], peak: float) -> list[float]:
    """Remove DC, fade the edges and normalise to ``peak`` (well below full scale)."""
    mean = sum(buf) / len(buf)
    buf = [s - mean for s in buf]
    fade_in = min(len(buf), int(0.002 * RATE))
    for i in range(fade_in):
        buf[i] *= i / fade_in
    fade_out = min(len(buf), int(0.02 * RATE))
    for k in range(fade_out):
        buf[len(buf) - 1 - k] *= k / fade_out
    top = max(abs(s) for s in buf) or 1.0
    return [s * peak / top for s in buf]


# --------------------------------------------------------------------------- effects


def fx_roll(rng: random.Random) -> list[float]:
    """Dice rattling on a wooden table: clustered knocks that settle down."""
    buf = silence(0.75)
    t = 0.01
    hits = 0
    while t < 0.6 and hits < 18:
        progress = t / 0.6
        strength = (1.0 - 0.75 * progress) * rng.uniform(0.55, 1.0)
        mix(buf, knock(rng, strength), t)
        if rng.random() < 0.35:  # a quick bounce of the same die
            mix(buf, knock(rng, strength * 0.45), t + rng.uniform(0.012, 0.025))
        hits += 1
        t += rng.uniform(0.018, 0.055) * (1.0 + 1.4 * progress)
    return finish(buf, 0.80)


def fx_land(rng: random.Random) -> list[float]:
    """The thrown dice coming to rest: a last soft bounce or two and the settling knocks,
    close together, quieter than the throw (it plays when the dice land)."""
    buf = silence(0.2)
    t = 0.004
    for k in range(4):
        strength = (1.0 - 0.2 * k) * rng.uniform(0.75, 1.0)
        mix(buf, knock(rng, strength), t)
        if k == 0:  # the first die to stop rocks once on its edge
            mix(buf, knock(rng, 0.35), t + rng.uniform(0.018, 0.03))
        t += rng.uniform(0.012, 0.03)
    return finish(buf, 0.6)


def fx_hold(rng: random.Random) -> list[float]:
    """A soft, low click for keeping a die."""
    n = int(0.11 * RATE)
    lp = OnePole(2500.0)
    out = []
    for i in range(n):
        t = i / RATE
        body = math.sin(TAU * 520.0 * t) * math.exp(-t / 0.018)
        body += 0.3 * math.sin(TAU * 1310.0 * t) * math.exp(-t / 0.007)
        tick = lp(rng.uniform(-1.0, 1.0)) * math.exp(-t / 0.002) * 1.5
        out.append(body + tick)
    for i in range(int(0.001 * RATE)):
        out[i] *= i / (0.001 * RATE)
    return finish(out, 0.45)


def fx_click(rng: random.Random) -> list[float]:
    """A crisp, short UI click."""
    n = int(0.1 * RATE)
    bp = StateVariable(3200.0, 3.0, "band")
    out = []
    for i in range(n):
        t = i / RATE
        tick = bp(rng.uniform(-1.0, 1.0)) * math.exp(-t / 0.0035) * 2.0
        tone = math.sin(TAU * 1760.0 * t) * math.exp(-t / 0.01)
        out.append(tick + 0.6 * tone)
    return finish(out, 0.40)


def fx_score(rng: random.Random) -> list[float]:
    """A pleasant two-note chime (a rising fourth)."""
    buf = silence(0.8)
    mix(buf, bell(note("G5"), 0.5, 0.16, detune=0.002), 0.0, 0.8)
    mix(buf, bell(note("C6"), 0.7, 0.22, detune=0.002), 0.11, 1.0)
    return finish(buf, 0.60)


def fx_bonus(rng: random.Random) -> list[float]:
    """A rising major arpeggio ending on a held chord."""
    buf = silence(1.05)
    notes = ["C5", "E5", "G5", "C6", "E6"]
    for k, name in enumerate(notes):
        last = k == len(notes) - 1
        mix(
            buf,
            bell(note(name), 0.8 if last else 0.6, 0.28 if last else 0.18, detune=0.0025),
            0.085 * k,
            0.75 + 0.05 * k,
        )
    return finish(buf, 0.62)


def fx_hot_dice(rng: random.Random) -> list[float]:
    """Sparkly, fast pentatonic run up two octaves with a shimmer."""
    buf = silence(0.95)
    names = ["C6", "D6", "E6", "G6", "A6", "C7", "D7", "E7", "G7"]
    glass = [(1.0, 1.0), (2.76, 0.25), (5.4, 0.08)]
    for k, name in enumerate(names):
        mix(buf, bell(note(name), 0.45, 0.12, partials=glass), 0.038 * k, 0.55 + 0.04 * k)
    # shimmer: a few tiny random high pings on top
    for _ in range(10):
        f = note("C7") * 2.0 ** (rng.choice([0, 2, 4, 7, 9, 12]) / 12.0)
        mix(buf, bell(f, 0.2, 0.05, partials=[(1.0, 1.0)]), rng.uniform(0.12, 0.55), 0.18)
    return finish(buf, 0.55)


def fx_farkle(rng: random.Random) -> list[float]:
    """A sad, soft 'wah wah wahhh' falling line over a low thud."""
    buf = silence(1.35)
    # low thud
    n = int(0.25 * RATE)
    thud = []
    for i in range(n):
        t = i / RATE
        f = 95.0 - 35.0 * min(1.0, t / 0.15)
        thud.append(math.sin(TAU * f * t) * math.exp(-t / 0.07))
    mix(buf, thud, 0.0, 0.8)
    # three falling "wah" notes; the last one is longer, slides down and wobbles
    steps = [
        (note("D4"), note("D4") * 0.985, 0.03, 0.26, 0.0),
        (note("C#4"), note("C#4") * 0.985, 0.31, 0.26, 0.0),
        (note("C4"), note("A3"), 0.59, 0.72, 0.02),
    ]
    for f0, f1, start, dur, wobble in steps:
        n = int(dur * RATE)
        lp = StateVariable(300.0, 2.5, "low")
        phase = 0.0
        out = []
        for i in range(n):
            x = i / n
            t = i / RATE
            f = f0 * (f1 / f0) ** (x**1.5) * (1.0 + wobble * math.sin(TAU * 6.0 * t))
            phase += TAU * f / RATE
            # soft sawtooth from a few harmonics
            s = sum(math.sin(h * phase) / h for h in range(1, 8))
            # the "wah": the filter opens quickly, then slowly closes
            lp.set(220.0 + 1100.0 * math.sin(math.pi * min(1.0, x**0.6)) ** 2)
            e = min(1.0, i / (0.025 * RATE)) * min(1.0, (n - i) / (0.06 * RATE))
            out.append(lp(s) * e)
        mix(buf, out, start, 1.0)
    return finish(buf, 0.50)


def fx_win(rng: random.Random) -> list[float]:
    """A short fanfare: three pickup notes and a held major chord (about 1.5 s)."""
    buf = silence(1.55)
    pickups = [("G4", 0.0), ("C5", 0.13), ("E5", 0.26)]
    for name, t in pickups:
        mix(buf, brass(note(name), 0.16, attack=0.012, release=0.05), t, 0.55)
    mix(buf, brass(note("G5"), 0.22, attack=0.012, release=0.06), 0.39, 0.6)
    chord = [("C5", 0.35), ("E5", 0.3), ("G5", 0.3), ("C6", 0.45)]
    for name, gain in chord:
        mix(
            buf,
            brass(note(name), 0.95, attack=0.03, release=0.45, vibrato=0.004, bright=0.9),
            0.55,
            gain,
        )
    # a bell on top of the chord for sparkle
    mix(buf, bell(note("C7"), 0.9, 0.3), 0.55, 0.12)
    return finish(buf, 0.68)


def fx_error(rng: random.Random) -> list[float]:
    """A gentle low double buzz ('uh-uh') for an illegal click."""
    buf = silence(0.34)
    for start, f in ((0.0, 165.0), (0.15, 147.0)):
        n = int(0.13 * RATE)
        lp = OnePole(900.0)
        out = []
        for i in range(n):
            t = i / RATE
            ph = TAU * f * t
            s = math.sin(ph) + 0.45 * math.sin(3 * ph) + 0.2 * math.sin(5 * ph)
            e = min(1.0, t / 0.012) * min(1.0, (n - i) / (0.04 * RATE))
            out.append(lp(s) * e)
        mix(buf, out, start)
    return finish(buf, 0.32)


def fx_card(rng: random.Random) -> list[float]:
    """A card flip: a short airy swoosh that rises and falls, with a light snap."""
    dur = 0.26
    n = int(dur * RATE)
    bp = StateVariable(800.0, 2.5, "band")
    soften = OnePole(5000.0)
    out = []
    for i in range(n):
        x = i / n
        bp.set(700.0 + 2800.0 * math.sin(math.pi * x) ** 1.5)
        # quick rise, longer fall
        e = (x / 0.35) ** 2 if x < 0.35 else ((1.0 - x) / 0.65) ** 1.5
        out.append(soften(bp(rng.uniform(-1.0, 1.0))) * e)
    buf = out + silence(0.06)
    snap = []
    bp2 = StateVariable(2200.0, 2.5, "band")
    for i in range(int(0.03 * RATE)):
        t = i / RATE
        snap.append(bp2(rng.uniform(-1.0, 1.0)) * math.exp(-t / 0.004))
    mix(buf, snap, dur * 0.82, 0.7)
    return finish(buf, 0.45)


def fx_celebrate(rng: random.Random) -> list[float]:
    """A moment worth celebrating (a Yatzy, a full chest, a box snatched): a brassy
    fanfare whose last chord shimmers with a spray of high bells (about 1.3 s)."""
    buf = silence(1.35)
    for name, t in (("C5", 0.0), ("E5", 0.09), ("G5", 0.18)):
        mix(buf, brass(note(name), 0.12, attack=0.01, release=0.04, bright=1.1), t, 0.5)
    for name, gain in (("C5", 0.3), ("G5", 0.3), ("C6", 0.4), ("E6", 0.3)):
        mix(buf, brass(note(name), 0.8, attack=0.02, release=0.4, vibrato=0.005, bright=1.0),
            0.28, gain)
    glass = [(1.0, 1.0), (2.76, 0.2)]
    for _ in range(16):  # the sparkle
        f = note("C7") * 2.0 ** (rng.choice([0, 4, 7, 12, 16]) / 12.0)
        mix(buf, bell(f, 0.25, 0.06, partials=glass), rng.uniform(0.3, 1.0), 0.16)
    return finish(buf, 0.66)


def fx_island(rng: random.Random) -> list[float]:
    """The Island of Skulls: two deep drum hits under a falling minor line with a tritone,
    a little eerie (about 1.3 s)."""
    buf = silence(1.35)
    for start in (0.0, 0.32):
        n = int(0.45 * RATE)
        drum = []
        for i in range(n):
            t = i / RATE
            f = 70.0 - 25.0 * min(1.0, t / 0.2)
            drum.append(math.sin(TAU * f * t) * math.exp(-t / 0.12))
        mix(buf, drum, start, 0.9)
    for name, t, dur in (("A4", 0.05, 0.35), ("Eb4", 0.33, 0.35), ("D4", 0.62, 0.7)):
        mix(buf, brass(note(name), dur, attack=0.04, release=0.2, vibrato=0.012, bright=0.6),
            t, 0.45)
        mix(buf, bell(note(name) / 2, dur + 0.2, 0.25), t, 0.25)
    return finish(buf, 0.6)


def fx_your_turn(rng: random.Random) -> list[float]:
    """A person's turn starts: a soft, friendly rising "ding-ding" (about 0.6 s)."""
    buf = silence(0.65)
    mix(buf, bell(note("E5"), 0.4, 0.14, detune=0.002), 0.0, 0.7)
    mix(buf, bell(note("A5"), 0.5, 0.2, detune=0.002), 0.12, 0.9)
    return finish(buf, 0.5)


def fx_record(rng: random.Random) -> list[float]:
    """A new record: a brass call (a rising fourth, twice) over a bell chord that rings on,
    with a glassy sparkle on top (about 1.6 s), unlike the win fanfare it follows."""
    buf = silence(1.65)
    for name, t, d in (("G4", 0.0, 0.12), ("C5", 0.12, 0.12), ("G4", 0.26, 0.12),
                       ("C5", 0.38, 0.5)):
        mix(buf, brass(note(name), d, attack=0.01, release=0.05, bright=0.8), t, 0.45)
    for name, gain in (("C6", 0.55), ("E6", 0.45), ("G6", 0.45), ("C7", 0.35)):
        mix(buf, bell(note(name), 1.1, 0.45, detune=0.003), 0.5, gain)
    glass = [(1.0, 1.0), (2.76, 0.25), (5.4, 0.08)]
    for k in range(7):
        name = ("C7", "E7", "G7", "C8")[rng.randrange(4)]
        mix(buf, bell(note(name), 0.35, 0.08, partials=glass), 0.55 + 0.09 * k, 0.18)
    return finish(buf, 0.66)


# -- moments: takes of the throw and the landing, and the table's moments in motion -------


def fx_roll_take(dice: int):
    """The throw of ``dice`` dice: one or two rattle briefly, eight clatter long."""
    def make(rng: random.Random) -> list[float]:
        hits_max = 4 + 3 * dice
        length = 0.35 + 0.04 * dice
        buf = silence(length + 0.15)
        t, hits = 0.01, 0
        while t < length and hits < hits_max:
            progress = t / length
            strength = (1.0 - 0.7 * progress) * rng.uniform(0.55, 1.0)
            mix(buf, knock(rng, strength), t)
            if rng.random() < 0.3:  # a quick bounce of the same die
                mix(buf, knock(rng, strength * 0.45), t + rng.uniform(0.012, 0.025))
            hits += 1
            t += rng.uniform(0.02, 0.06) * (1.0 + 1.4 * progress) * (6.0 / (3.0 + dice))
        return finish(buf, 0.55 + 0.04 * min(dice, 6))
    return make


def fx_land_take(dice: int):
    """The dice coming to rest, as many knocks as dice (one or two are a soft tap, eight a
    clatter), each take placed and weighted by its own generator."""
    def make(rng: random.Random) -> list[float]:
        buf = silence(0.1 + 0.025 * dice)
        t = 0.004
        for k in range(dice):
            strength = (1.0 - 0.5 * k / max(1, dice)) * rng.uniform(0.7, 1.0)
            mix(buf, knock(rng, strength), t)
            if k == 0 and rng.random() < 0.6:  # the first to stop rocks once on its edge
                mix(buf, knock(rng, 0.3), t + rng.uniform(0.018, 0.03))
            t += rng.uniform(0.008, 0.022)
        return finish(buf, 0.4 + 0.04 * min(dice, 6))
    return make


def fx_lift(rng: random.Random) -> list[float]:
    """Dice lifting off the felt to go to their box: a soft airy rise (quiet)."""
    n = int(0.3 * RATE)
    bp = StateVariable(600.0, 1.8, "band")
    soften = OnePole(3500.0)
    out = []
    for i in range(n):
        x = i / n
        bp.set(500.0 + 1900.0 * x ** 1.3)
        e = (x / 0.7) ** 1.5 if x < 0.7 else ((1.0 - x) / 0.3) ** 2
        out.append(soften(bp(rng.uniform(-1.0, 1.0))) * e)
    return finish(out, 0.22)


def fx_scratch(rng: random.Random) -> list[float]:
    """A box crossed out: a quick pencil stroke (quiet)."""
    n = int(0.22 * RATE)
    bp = StateVariable(2600.0, 4.0, "band")
    out = []
    for i in range(n):
        x = i / n
        bp.set(3200.0 - 1400.0 * x)
        grain = 0.6 + 0.4 * math.sin(TAU * 90.0 * i / RATE) ** 2  # the paper's tooth
        e = min(1.0, x / 0.08) * (1.0 - x) ** 0.7
        out.append(bp(rng.uniform(-1.0, 1.0)) * e * grain)
    return finish(out, 0.3)


def fx_slide(rng: random.Random) -> list[float]:
    """A die sliding over the felt to its place and stopping (quiet)."""
    n = int(0.2 * RATE)
    lp = StateVariable(900.0, 1.2, "low")
    out = []
    for i in range(n):
        x = i / n
        e = min(1.0, x / 0.1) * (1.0 - x) ** 1.2
        out.append(lp(rng.uniform(-1.0, 1.0)) * e)
    buf = out + silence(0.05)
    mix(buf, knock(rng, 0.35), 0.17)
    return finish(buf, 0.28)


def fx_skull(rng: random.Random) -> list[float]:
    """A skull rolling to its corner: a hollow, bony double clack."""
    buf = silence(0.3)
    for k, at in enumerate((0.0, rng.uniform(0.07, 0.1))):
        n = int(0.12 * RATE)
        f = rng.uniform(280.0, 340.0) * (1.0 - 0.12 * k)
        out = []
        for i in range(n):
            t = i / RATE
            body = math.sin(TAU * f * t) * math.exp(-t / 0.03)
            body += 0.5 * math.sin(TAU * f * 2.6 * t) * math.exp(-t / 0.012)
            out.append(body)
        mix(buf, out, at, 1.0 - 0.35 * k)
        mix(buf, knock(rng, 0.5 - 0.2 * k), at)
    return finish(buf, 0.45)


def fx_bank(rng: random.Random) -> list[float]:
    """A bank: coins poured onto the pile, a bright chink to close."""
    buf = silence(0.6)
    coin = [(1.0, 1.0), (2.41, 0.5), (3.87, 0.3), (5.93, 0.12)]
    for k in range(7):
        f = rng.uniform(2600.0, 3600.0)
        mix(buf, bell(f, 0.22, 0.05, partials=coin), 0.03 + 0.045 * k + rng.uniform(0, 0.02),
            0.35 + 0.05 * k)
    mix(buf, bell(note("E6"), 0.35, 0.12, detune=0.003), 0.34, 0.6)
    return finish(buf, 0.5)


def fx_mark(rng: random.Random) -> list[float]:
    """A grabbed box's owner marker dropping into place: a small round pop."""
    n = int(0.16 * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 380.0 + 520.0 * math.exp(-t / 0.025)
        phase += TAU * f / RATE
        out.append(math.sin(phase) * math.exp(-t / 0.04))
    buf = out + silence(0.02)
    mix(buf, knock(rng, 0.25), 0.0)
    return finish(buf, 0.4)


def fx_doubling(rng: random.Random) -> list[float]:
    """The Doubling Round opens: a brass call answered an octave up (everything doubles),
    about a second."""
    buf = silence(1.1)
    for name, t in (("G4", 0.0), ("C5", 0.12)):
        mix(buf, brass(note(name), 0.14, attack=0.01, release=0.05, bright=0.9), t, 0.5)
    for name, t in (("G5", 0.3), ("C6", 0.42)):
        mix(buf, brass(note(name), 0.14, attack=0.01, release=0.05, bright=1.0), t, 0.45)
    for name, gain in (("C5", 0.3), ("C6", 0.35), ("G5", 0.25)):
        mix(buf, brass(note(name), 0.5, attack=0.02, release=0.3, vibrato=0.004), 0.56, gain)
    return finish(buf, 0.6)


def fx_game_over(rng: random.Random) -> list[float]:
    """The game is over and a bot won: two soft, even bells going down (no fanfare)."""
    buf = silence(0.75)
    mix(buf, bell(note("E5"), 0.45, 0.16, detune=0.002), 0.0, 0.7)
    mix(buf, bell(note("C5"), 0.6, 0.22, detune=0.002), 0.16, 0.8)
    return finish(buf, 0.38)


EFFECTS = {
    "roll": fx_roll,
    "hold": fx_hold,
    "score": fx_score,
    "bonus": fx_bonus,
    "farkle": fx_farkle,
    "hot_dice": fx_hot_dice,
    "win": fx_win,
    "click": fx_click,
    "error": fx_error,
    "card": fx_card,
    "land": fx_land,
    "celebrate": fx_celebrate,
    "island": fx_island,
    "your_turn": fx_your_turn,
    "record": fx_record,
    "lift": fx_lift,
    "scratch": fx_scratch,
    "slide": fx_slide,
    "skull": fx_skull,
    "bank": fx_bank,
    "mark": fx_mark,
    "doubling": fx_doubling,
    "game_over": fx_game_over,
    # takes of the throw and the landing by the dice thrown (1: one or two, 2: three to
    # five, 3: six to eight), two of each landing so that two in a row differ
    **{f"roll_{k}": fx_roll_take(dice) for k, dice in (("1", 2), ("2", 4), ("3", 7))},
    **{f"land_{k}{take}": fx_land_take(dice) for k, dice in (("1", 2), ("2", 4), ("3", 7))
       for take in "ab"},
}


# --------------------------------------------------------------------------- output


def write_wav(path: str, samples: list[float]) -> None:
    frames = bytearray()
    for s in samples:
        v = int(round(max(-1.0, min(1.0, s)) * 32767.0))
        frames += struct.pack("<h", v)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def serial(name: str) -> int:
    """The effect's Ogg stream serial number: fixed by its name alone (it once came from
    the effect's place in EFFECTS, and two branches that each added a sound at the end gave
    three committed files serials the merged list no longer made)."""
    return zlib.crc32(name.encode()) & 0x7FFFFFFF


def encode_ogg(oggenc: str, wav_path: str, ogg_path: str, serial: int) -> None:
    cmd = [oggenc, "-Q", "-q", OGG_QUALITY, "-s", str(serial), "-o", ogg_path, wav_path]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"make_sounds: oggenc failed on {wav_path}:\n{result.stderr}")


@functools.cache
def effect_samples(name: str) -> list[float]:
    """The effect's samples: one seeded generator per effect, so effects do not depend on
    each other (and are made once in a process: a test suite that checks the files twice
    synthesises them once; the list is not to be changed)."""
    return EFFECTS[name](random.Random(f"{SEED}:{name}"))


def render(names: list[str], out: str, oggenc: str, keep_wav: bool = False,
           quiet: bool = False) -> None:
    """Write ``out/NAME.ogg`` (and ``NAME.wav`` with ``keep_wav``) for each effect."""
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            samples = effect_samples(name)
            wav_path = os.path.join(out if keep_wav else tmp, name + ".wav")
            write_wav(wav_path, samples)
            ogg_path = os.path.join(out, name + ".ogg")
            encode_ogg(oggenc, wav_path, ogg_path, serial(name))
            if not quiet:
                print(f"{ogg_path}: {len(samples) / RATE:.2f} s, "
                      f"{os.path.getsize(ogg_path)} bytes")


def vendor(ogg: bytes) -> str:
    """The encoder library's name in an Ogg Vorbis file (its comment header's vendor)."""
    at = ogg.find(b"\x03vorbis")
    if at < 0:
        return "?"
    size = struct.unpack("<I", ogg[at + 7:at + 11])[0]
    return ogg[at + 11:at + 11 + size].decode("utf-8", "replace")


def without_serial(ogg: bytes) -> list[bytes]:
    """The file's Ogg pages with their stream serial number and checksum blanked."""
    pages, at = [], 0
    while ogg.startswith(b"OggS", at) and at + 27 <= len(ogg):
        segments = ogg[at + 27:at + 27 + ogg[at + 26]]
        end = at + 27 + len(segments) + sum(segments)
        page = bytearray(ogg[at:end])
        page[14:18] = page[22:26] = b"\0\0\0\0"
        pages.append(bytes(page))
        at = end
    return pages if at == len(ogg) else [ogg]


def check(folder: str, oggenc: str) -> list[str]:
    """What differs between ``folder`` and the tool's output: one line per file made
    differently, missing, or there without an effect that makes it (empty: all agree)."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        render(list(EFFECTS), tmp, oggenc, quiet=True)
        for name in EFFECTS:
            made = open(os.path.join(tmp, name + ".ogg"), "rb").read()
            path = os.path.join(folder, name + ".ogg")
            if not os.path.isfile(path):
                problems.append(f"{name}.ogg is missing: make it with --only {name}")
                continue
            kept = open(path, "rb").read()
            if kept == made:
                continue
            line = f"{name}.ogg differs from what the tool makes now: remake it with --only {name}"
            if without_serial(kept) == without_serial(made):
                line += " (only its Ogg serial number differs: the sound is the same)"
            elif vendor(kept) != vendor(made):
                line += (f" (or the encoder differs: the file was made by {vendor(kept)!r}, "
                         f"this machine's oggenc uses {vendor(made)!r})")
            problems.append(line)
    for file in sorted(os.listdir(folder)):
        if file.endswith(".ogg") and file[:-4] not in EFFECTS:
            problems.append(f"{file} is made by no effect of this tool (add it to EFFECTS)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=DEFAULT_OUT, help="output folder (assets/sounds)")
    parser.add_argument("--wav", action="store_true", help="keep the .wav renders as well")
    parser.add_argument("--only", default="", help="comma-separated effect names")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; say which files in --out the tool would change")
    args = parser.parse_args(argv)

    oggenc = shutil.which("oggenc")
    if oggenc is None:
        sys.exit("make_sounds: 'oggenc' not found. Install it with: apt-get install vorbis-tools")

    if args.check:
        problems = check(args.out, oggenc)
        for line in problems:
            print(line)
        if not problems:
            print(f"all {len(EFFECTS)} sounds in {args.out} are as the tool makes them")
        return 1 if problems else 0

    names = [n for n in args.only.split(",") if n] or list(EFFECTS)
    unknown = [n for n in names if n not in EFFECTS]
    if unknown:
        sys.exit(f"make_sounds: unknown effect(s): {', '.join(unknown)}")
    render(names, args.out, oggenc, keep_wav=args.wav)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
