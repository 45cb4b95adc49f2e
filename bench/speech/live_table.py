"""A table's microphone and loudspeaker in real time, for benchmarks that run the app whole:
the reader's generated speech over the room's own sound, the app's announcements taking
their length (bench/setup_time.py)."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterator

import numpy as np

from bench.speech import rooms
from bench.speech.render import BABBLE_SECONDS, ROOM_BASE, TALKERS, babble_voices
from voicemaster.speech.audio.sources import FRAME_MS, FRAME_SAMPLES

CONDITIONS = {"clean": None, "babble 20": 20.0}
"""Table talk throughout, this many dB below the reader (None: a quiet room)."""
SPEECH_RMS = 32768 * 10 ** (-26 / 20)
"""The reader's active speech level at the microphone (-26 dBFS)."""


class Room:
    """The table's microphone and loudspeaker: what the reader says arrives in real time over
    the room's own sound; what the app says takes its length out of the loudspeaker."""

    def __init__(self, background: np.ndarray) -> None:
        self._background = background
        self._lock = threading.Lock()
        self._speech: np.ndarray | None = None
        self._at = 0
        self._said = threading.Event()
        self._closed = threading.Event()
        self.plays: list[list[float]] = []
        """[start, end] of each announcement played (end 0 while it plays)."""

    def frames(self) -> Iterator[np.ndarray]:
        start, i, n = time.monotonic(), 0, len(self._background)
        while not self._closed.is_set():
            delay = start + i * FRAME_MS / 1000 - time.monotonic()
            if delay > 0 and self._closed.wait(delay):
                return
            at = (i * FRAME_SAMPLES) % (n - FRAME_SAMPLES)
            frame = self._background[at : at + FRAME_SAMPLES].copy()
            with self._lock:
                if self._speech is not None:
                    part = self._speech[self._at : self._at + FRAME_SAMPLES]
                    frame[: len(part)] += part
                    self._at += FRAME_SAMPLES
                    if self._at >= len(self._speech):
                        self._speech = None
                        self._said.set()
            yield np.clip(np.round(frame), -32768, 32767).astype(np.int16)
            i += 1

    def say(self, speech: np.ndarray) -> None:
        """Returns once the whole utterance has reached the microphone."""
        with self._lock:
            self._said.clear()
            self._speech, self._at = speech, 0
        while not self._said.wait(0.1) and not self._closed.is_set():
            pass

    def close(self) -> None:
        self._closed.set()

    # the loudspeaker (voicemaster.voice.outputs.AudioOutput)
    audible = True

    def open(self) -> str | None:
        return None

    def play(self, pcm: Any, started: Callable[[], None], timeout: float) -> None:
        started()
        played = [time.monotonic(), 0.0]
        self.plays.append(played)
        self._closed.wait(pcm.seconds)
        played[1] = time.monotonic()

    def started_after(self, since: float) -> bool:
        """The app said something (perhaps the same as before: the board then shows no change)."""
        return any(s >= since for s, _ in list(self.plays))

    def spoken_since(self, since: float) -> bool:
        """An announcement that started after `since` has been played, and none is playing."""
        plays = list(self.plays)
        return any(s >= since and e for s, e in plays) and all(e for _, e in plays)


def background(split: str, condition: str, seed: int) -> np.ndarray:
    """Room tone 45 dB below the reader, and table talk 20 dB below with 'babble 20', throughout."""
    n = int(BABBLE_SECONDS * 16000)
    tone = rooms.room_tone(n, seed)
    x = tone * np.sqrt(SPEECH_RMS**2 / 10**4.5 / np.mean(tone**2))
    snr = CONDITIONS[condition]
    if snr is not None:
        babble = rooms.babble_track(babble_voices(split), BABBLE_SECONDS, TALKERS, seed=ROOM_BASE[split] + seed % 4)
        x = x + babble * np.sqrt(SPEECH_RMS**2 / 10 ** (snr / 10) / np.mean(babble**2))
    return x.astype(np.float64)
