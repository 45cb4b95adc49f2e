"""The table's acoustics for the speech benchmark: reverberant rooms and babble of natural talkers.

- Rooms are image-method shoebox rooms (pyroomacoustics) of random size, RT60 and
  talker-to-microphone distance: "reverberant" is a real impulse response, not an effect.
- Babble is several natural talkers at once, each reading table talk, voices taken from
  outside the split being measured, so the target speaker never talks over himself.
Both are cached on disk (bench/.cache), keyed by their seeds.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np
from scipy.signal import fftconvolve

from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.voices.synthetic import active_power, pink_noise
from voicemaster.speech.voices.speakers import Voice, say

CACHE = Path(__file__).resolve().parents[1] / ".cache"
BABBLE_TEXT = (
    "I think the one about the sea is too risky, we should wait for the next clue.",
    "Did anyone see where I put my glass? It was right here a minute ago.",
    "Honestly I would have gone with the animal, but it is your call this time.",
    "That reminds me of the trip we took last summer to the mountains.",
    "Wait, which team are we on again? I keep forgetting the colours.",
    "Could you pass the crisps please, and maybe another drink for me.",
    "She always gives clues that nobody understands until the very end.",
    "The music is a bit loud, can somebody turn it down a little bit.",
    "Last game took almost an hour, let us try to be quicker this time.",
    "My sister is coming over on Sunday, so we should clean the kitchen.",
    "Have you tried that new bakery on the corner? Their bread is amazing.",
    "I can never remember whose turn it is to shuffle the cards.",
    "The traffic this morning was terrible, it took me forty minutes.",
    "We should order some food before the place closes at ten.",
)


def mix(speech: np.ndarray, noise: np.ndarray, snr_db: float, reference: np.ndarray | None = None) -> np.ndarray:
    """`speech` plus `noise` (tiled or cut to length) at `snr_db` over the active power of
    `reference` (default: the speech); float in and out, no clipping yet."""
    reps = -(-len(speech) // len(noise))
    n = np.tile(noise.astype(np.float64), reps)[: len(speech)]
    noise_power = float(np.mean(n**2)) or 1.0
    level = active_power(reference if reference is not None else speech)
    return speech.astype(np.float64) + n * np.sqrt(level / (noise_power * 10 ** (snr_db / 10)))


def at_peak(x: np.ndarray, peak_dbfs: float) -> np.ndarray:
    """Scaled to a fixed peak, as a microphone's gain would put it."""
    peak = float(np.max(np.abs(x))) or 1.0
    return np.round(x * (32767 * 10 ** (peak_dbfs / 20)) / peak).astype(np.int16)


def pink_noise_like(n_samples: int, seed: int) -> np.ndarray:
    """Pink noise at unit RMS, as float."""
    pink = pink_noise(n_samples, seed).astype(np.float64)
    return pink / (np.sqrt(np.mean(pink**2)) or 1.0)


def room_tone(n_samples: int, seed: int) -> np.ndarray:
    """The quiet floor of a room: the clean condition is never digital silence."""
    return pink_noise_like(n_samples, seed) * 0.3 + np.random.default_rng(seed + 1).standard_normal(n_samples) * 0.05


def rir(seed: int) -> np.ndarray:
    """A shoebox room's impulse response: 3.5-7 m x 3-5.5 m x 2.4-3 m, RT60 0.3-0.8 s, the
    talker 0.8-2.5 m from a microphone on the table."""
    path = CACHE / "rir" / f"rir-{seed}.npy"
    if path.exists():
        return np.load(path)
    import pyroomacoustics as pra

    rng = np.random.default_rng(seed)
    dims = np.array([rng.uniform(3.5, 7), rng.uniform(3, 5.5), rng.uniform(2.4, 3)])
    absorption, max_order = pra.inverse_sabine(rng.uniform(0.3, 0.8), dims)
    room = pra.ShoeBox(dims, fs=SAMPLE_RATE, materials=pra.Material(absorption), max_order=min(max_order, 30))
    mic = np.array([dims[0] / 2 + rng.uniform(-0.5, 0.5), dims[1] / 2 + rng.uniform(-0.5, 0.5), 0.8])
    source = mic + np.array([1.0, 0.0, 0.4])
    for _ in range(100):
        angle, distance = rng.uniform(0, 2 * np.pi), rng.uniform(0.8, 2.5)
        source = mic + np.array([distance * np.cos(angle), distance * np.sin(angle), rng.uniform(0.3, 0.6)])
        if np.all(source > 0.2) and np.all(source < dims - 0.2):
            break
    room.add_source(source)
    room.add_microphone(mic)
    room.compute_rir()
    response = np.asarray(room.rir[0][0], dtype=np.float64)
    response /= np.max(np.abs(response))
    _save(path, response)
    return response


def reverberate(x: np.ndarray, response: np.ndarray) -> np.ndarray:
    return fftconvolve(x.astype(np.float64), response)[: len(x)]


def babble_track(voices: tuple[Voice, ...], seconds: float, talkers: int, seed: int, room_seed: int | None = None) -> np.ndarray:
    """`talkers` natural voices at once, each reading shuffled table talk at an equal level;
    each from its own place in a room when `room_seed` is given."""
    key = hashlib.sha256(repr((tuple(v.name for v in voices), seconds, talkers, seed, room_seed)).encode()).hexdigest()[:24]
    path = CACHE / "babble" / f"babble-{key}.npy"
    if path.exists():
        return np.load(path)
    rng = np.random.default_rng(seed)
    n = int(seconds * SAMPLE_RATE)
    total = np.zeros(n)
    for k in range(talkers):
        voice = voices[k % len(voices)] if talkers <= len(voices) else voices[int(rng.integers(len(voices)))]
        talk = _passage(voice, n, rng)
        if room_seed is not None:
            talk = reverberate(talk, rir(room_seed * 100 + k + 1))
        total += talk / (np.sqrt(active_power(talk.astype(np.float32))) or 1.0)
    total /= np.sqrt(np.mean(total**2)) or 1.0
    _save(path, total.astype(np.float32))
    return total


def _passage(voice: Voice, n: int, rng: np.random.Generator) -> np.ndarray:
    """One talker's table talk, at least `n` samples, starting somewhere in its first second."""
    parts: list[np.ndarray] = []
    for i in rng.permutation(len(BABBLE_TEXT)):
        said = say(BABBLE_TEXT[i], voice.name, rate=float(rng.uniform(0.9, 1.15)), pitch=float(rng.uniform(-2, 2)))
        parts += [said.astype(np.float64), np.zeros(int(rng.uniform(0.1, 0.5) * SAMPLE_RATE))]
        if sum(len(p) for p in parts) > n:
            break
    talk = np.concatenate(parts)
    talk = np.tile(talk, -(-n // len(talk)) + 1)[: n + SAMPLE_RATE]
    return np.roll(talk, -int(rng.integers(SAMPLE_RATE)))[:n]


def _save(path: Path, array: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.npy")
    np.save(tmp, array)
    os.replace(tmp, path)
