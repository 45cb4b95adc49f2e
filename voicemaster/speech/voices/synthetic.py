"""Synthetic speech and noise (espeak-ng) for tests, benchmarks and the demo.

Every function returns 16 kHz mono int16, the pipeline's format, so a test
can feed its output straight to an endpointer or a recognizer.
"""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import threading
from pathlib import Path
from typing import Callable

import numpy as np

from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.wav import decode_wav, float_to_int16, to_pipeline_audio

CACHE_ENV = "VOICEMASTER_TTS_CACHE"
"""When set, a directory where speak() keeps its audio between runs."""

BABBLE_VOICES = (
    "en-us+m3", "en-gb+f3", "en-us+f4", "en-gb-scotland+m2", "en-029+f2",
    "en-us-nyc+m5", "en-gb-x-rp+f5", "en-us+m7", "en-gb+m4", "en-us+f1",
)
_BABBLE_TEXT = (
    "I think the one about the sea is too risky, we should wait for the next clue.",
    "Did anyone see where I put my glass? It was right here a minute ago.",
    "No no, he said two, so there must be another one connected to the first.",
    "Honestly I would have gone with the animal, but it is your call this time.",
    "We are behind by three already, so we might as well take a chance now.",
    "That reminds me of the trip we took last summer to the mountains.",
    "Wait, which team are we on again? I keep forgetting the colours.",
    "Could you pass the crisps please, and maybe another drink for me.",
    "If it were me I would stop here and keep the lead for the next round.",
    "She always gives clues that nobody understands until the very end.",
    "The music is a bit loud, can somebody turn it down a little bit.",
    "Last game took almost an hour, let us try to be quicker this time.",
)


class SpeechSynthesisError(RuntimeError):
    """espeak-ng is missing or failed."""


def speak(
    text: str,
    voice: str = "en-us",
    speed: int = 160,
    pitch: int = 50,
    cache_dir: str | Path | None = None,
) -> np.ndarray:
    """`text` spoken by espeak-ng as 16 kHz mono int16 (a fresh copy: callers may mutate it)."""
    directory = cache_dir if cache_dir is not None else os.environ.get(CACHE_ENV)
    return _speak_cached(text, voice, int(speed), int(pitch), str(directory or "")).copy()


@functools.lru_cache(maxsize=512)
def _speak_cached(text: str, voice: str, speed: int, pitch: int, directory: str) -> np.ndarray:
    return cached_on_disk(directory, "tts", (text, voice, speed, pitch, SAMPLE_RATE),
                          lambda: _run_espeak(text, voice, speed, pitch))


def cached_on_disk(directory: str, prefix: str, key: tuple[object, ...], make: Callable[[], np.ndarray]) -> np.ndarray:
    """`make()`, kept in `directory` (when given) under a hash of `key` between runs; a
    damaged file is made again, and a file appears whole or not at all (parallel runs)."""
    if not directory:
        return make()
    digest = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    path = Path(directory) / f"{prefix}-{digest}.npy"
    if path.exists():
        try:
            return np.load(path)
        except (OSError, ValueError):
            path.unlink(missing_ok=True)
    audio = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.npy")
    np.save(tmp, audio)
    os.replace(tmp, path)
    return audio


def _run_espeak(text: str, voice: str, speed: int, pitch: int) -> np.ndarray:
    command = ["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "--stdout", text]
    try:
        done = subprocess.run(command, capture_output=True, check=True, timeout=60)
    except FileNotFoundError as exc:
        raise SpeechSynthesisError("espeak-ng is not installed (apt-get install espeak-ng)") from exc
    except subprocess.CalledProcessError as exc:
        raise SpeechSynthesisError(f"espeak-ng failed: {exc.stderr.decode(errors='replace')}") from exc
    samples, fmt = decode_wav(done.stdout, "espeak-ng output", streamed=True)
    return to_pipeline_audio(samples, fmt.rate)


def active_frames(audio: np.ndarray, frame: int = 320, floor_db: float = 40.0) -> np.ndarray:
    """Boolean mask of frames within `floor_db` of the loudest frames (the active speech)."""
    n = len(audio) // frame
    if n == 0:
        return np.zeros(0, dtype=bool)
    power = np.mean(audio[: n * frame].astype(np.float64).reshape(n, frame) ** 2, axis=1)
    reference = np.percentile(power, 95)
    return power > reference * 10 ** (-floor_db / 10) if reference > 0 else np.zeros(n, dtype=bool)


def active_power(audio: np.ndarray, frame: int = 320) -> float:
    """Mean power over the active frames, the way speech level is measured (cf. ITU-T P.56)."""
    mask = active_frames(audio, frame)
    if not mask.any():
        return float(np.mean(audio.astype(np.float64) ** 2)) if len(audio) else 0.0
    frames = audio[: len(mask) * frame].astype(np.float64).reshape(len(mask), frame)
    return float(np.mean(frames[mask] ** 2))


def mix_at_snr(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """`speech` plus `noise` (tiled or cut to length) at `snr_db` over active speech; int16.

    If the sum would clip, both are scaled down together, which keeps the SNR.
    """
    if len(speech) == 0:
        return speech.astype(np.int16)
    if len(noise) == 0:
        raise ValueError("noise is empty")
    reps = -(-len(speech) // len(noise))
    n = np.tile(noise.astype(np.float64), reps)[: len(speech)]
    noise_power = float(np.mean(n**2))
    s = speech.astype(np.float64)
    if noise_power > 0:
        n *= np.sqrt(active_power(speech) / (noise_power * 10 ** (snr_db / 10)))
    mixed = s + n
    peak = float(np.max(np.abs(mixed)))
    if peak > 32767:
        mixed *= 32767 / peak
    return np.round(mixed).astype(np.int16)


def babble(n_samples: int, talkers: int = 5, seed: int = 0) -> np.ndarray:
    """Several espeak-ng talkers, different voices and sentences, all at once; int16."""
    rng = np.random.default_rng(seed)
    total = np.zeros(n_samples)
    voices = rng.choice(len(BABBLE_VOICES), size=talkers, replace=talkers > len(BABBLE_VOICES))
    for voice_index in voices:
        order = rng.permutation(len(_BABBLE_TEXT))
        passage = " ".join(_BABBLE_TEXT[i] for i in order[:4])
        speed = int(rng.integers(140, 190))
        voice = speak(passage, BABBLE_VOICES[voice_index], speed=speed).astype(np.float64)
        voice = np.roll(np.tile(voice, -(-n_samples // len(voice)) + 1), -int(rng.integers(len(voice))))
        voice = voice[:n_samples]
        level = np.sqrt(active_power(voice.astype(np.int16))) or 1.0
        total += voice / level
    return _normalise(total)


def pink_noise(n_samples: int, seed: int = 0) -> np.ndarray:
    """1/f noise (power falls 3 dB per octave) from 50 Hz up, at about -20 dBFS RMS; int16.

    Below 50 Hz it is flat then cut under 20 Hz, as a microphone would: unbounded
    1/f power near DC would make the level swing by several dB over seconds.
    """
    rng = np.random.default_rng(seed)
    spectrum = rng.standard_normal(n_samples // 2 + 1) + 1j * rng.standard_normal(n_samples // 2 + 1)
    freqs = np.fft.rfftfreq(n_samples, 1 / SAMPLE_RATE)
    spectrum /= np.sqrt(np.maximum(freqs, 50.0))
    spectrum[freqs < 20.0] = 0
    return _normalise(np.fft.irfft(spectrum, n=n_samples))


def _normalise(x: np.ndarray, rms: float = 0.1) -> np.ndarray:
    current = float(np.sqrt(np.mean(x**2))) if len(x) else 0.0
    scaled = x * (rms / current) if current > 0 else x
    return float_to_int16(np.clip(scaled, -1.0, 1.0))
