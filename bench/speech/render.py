"""The clip a recognizer hears for one corpus item under one listening condition.

A clip is room tone before the utterance (an endpointer's pre-roll, 0.2-0.4 s), the
utterance, room tone after it (the part of the trailing silence that reaches the
recognizer), then the condition: a reverberant room and/or noise at an SNR over the
active speech, and a random microphone gain. Everything is seeded by the item and the
condition, so a clip is the same on every machine and run.
"""

from __future__ import annotations

import hashlib

import numpy as np

from bench.speech import rooms
from bench.speech.corpus import SPLITS, Item
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.voices.speakers import VOICES, Voice, say

CONDITIONS: dict[str, tuple[str | None, float | None, bool]] = {
    # name: (noise, SNR in dB, reverberant room)
    "clean": (None, None, False),
    "babble 20": ("babble", 20.0, False),
    "babble 10": ("babble", 10.0, False),
    "babble 5": ("babble", 5.0, False),
    "pink 10": ("pink", 10.0, False),
    "room + babble 15": ("babble", 15.0, True),
}
ROOM_BASE = {"calib": 1000, "test": 2000, "espeak": 3000}
BABBLE_TRACKS = 4
BABBLE_SECONDS = 60.0
TALKERS = 5


def _seed(*parts: object) -> int:
    return int(hashlib.sha256(repr(parts).encode()).hexdigest()[:8], 16)


def babble_voices(split: str) -> tuple[Voice, ...]:
    """Natural talkers who are not the split's own speakers."""
    return tuple(v for v in VOICES if v.natural and v.speaker not in SPLITS[split])


def _noise_bursts(n: int, rng: np.random.Generator) -> np.ndarray:
    """Knocks, a crisp bag, a chair: a few band-limited bursts, no speech."""
    x = np.zeros(n)
    for _ in range(int(rng.integers(1, 5))):
        length = int(rng.uniform(0.03, 0.3) * SAMPLE_RATE)
        start = int(rng.integers(0, max(1, n - length)))
        burst = rng.standard_normal(length) * np.exp(-np.linspace(0, rng.uniform(2, 8), length))
        width = int(rng.integers(2, 30))
        x[start : start + length] += np.convolve(burst, np.ones(width) / width, mode="same") * rng.uniform(0.3, 1.0)
    return x


def _body(item: Item, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray | None]:
    """The utterance (or the quiet or knocks) and the speech that sets the level, if any."""
    if item.kind in ("silence", "noise"):
        body = np.zeros(int(rng.uniform(0.8, 2.0) * SAMPLE_RATE))
        return (_noise_bursts(len(body), rng) * 3000 if item.kind == "noise" else body), None
    speech = say(item.text, item.voice, rate=item.rate, pitch=item.pitch).astype(np.float64)
    return speech, speech


def render(item: Item, condition: str) -> np.ndarray:
    """16 kHz int16, as the front end would hand it to the recognizer."""
    noise, snr, reverberant = CONDITIONS[condition]
    rng = np.random.default_rng(_seed(item.id, condition))
    body, reference = _body(item, rng)
    pre, post = (int(rng.uniform(0.2, 0.4) * SAMPLE_RATE) for _ in range(2))
    x = np.concatenate([np.zeros(pre), body, np.zeros(post)])
    if reverberant and item.kind != "silence":
        x = rooms.reverberate(x, rooms.rir(ROOM_BASE[item.split] + int(rng.integers(40))))
        reference = x if reference is not None else None
    level = reference if reference is not None else np.full(SAMPLE_RATE, 3000.0)
    x = rooms.mix(x, rooms.room_tone(len(x), _seed(item.id, "tone")), 45.0, level)
    if noise == "babble":
        track = int(rng.integers(BABBLE_TRACKS))
        base = ROOM_BASE[item.split]
        babble = rooms.babble_track(babble_voices(item.split), BABBLE_SECONDS, TALKERS, seed=base + track,
                                    room_seed=base + 50 + track if reverberant else None)
        start = int(rng.integers(0, len(babble) - len(x)))
        x = rooms.mix(x, babble[start : start + len(x)], float(snr), level)
    elif noise == "pink":
        x = rooms.mix(x, rooms.pink_noise_like(len(x), _seed(item.id, "pink")), float(snr), level)
    return rooms.at_peak(x, peak_dbfs=float(rng.uniform(-20, -3)))
