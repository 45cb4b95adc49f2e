"""Threads that feed the app's inbox: typed lines, or audio cut into utterances.

Microphone and WAV replay go through the same `feed_audio`, so both are cut by the
one endpointer and reach the recognizer the same way.
"""

from __future__ import annotations

import queue
import threading
from typing import Callable, TextIO

import numpy as np

from voicemaster.app import EndOfInput, Item, Notice, Spoken, Typed
from voicemaster.errors import InputError
from voicemaster.speech.audio_sources import AudioDeviceError, AudioSource
from voicemaster.speech.endpointer import Endpointer, frame_energy_db

LEVEL_EVERY_FRAMES = 10


def start_thread(target: Callable[[], None], name: str) -> threading.Thread:
    thread = threading.Thread(target=target, name=name, daemon=True)
    thread.start()
    return thread


def feed_typed(stream: TextIO, inbox: "queue.Queue[Item]") -> None:
    """One utterance per line, until end of input."""
    for line in stream:
        if line.strip():
            inbox.put(Typed(line.strip()))
    inbox.put(EndOfInput())


def feed_audio(
    source: AudioSource,
    endpointer: Endpointer,
    inbox: "queue.Queue[Item]",
    on_level: Callable[[float], None] | None = None,
) -> None:
    """Frames → endpointer → one Spoken item per utterance; faults become notices."""
    try:
        for index, frame in enumerate(source.frames()):
            if on_level is not None and index % LEVEL_EVERY_FRAMES == 0:
                on_level(level_of(frame))
            utterance = endpointer.push(frame)
            if utterance is not None:
                inbox.put(Spoken(utterance.audio))
        last = endpointer.flush()
        if last is not None:
            inbox.put(Spoken(last.audio))
    except (AudioDeviceError, InputError) as exc:
        inbox.put(Notice(f"I can no longer hear the table: {exc}. Your game is saved."))
    finally:
        source.close()
        inbox.put(EndOfInput())


def fault_notices(inbox: "queue.Queue[Item]") -> Callable[[AudioDeviceError], None]:
    """A Microphone's on_fault: each failure and retry is told to the table, not only the last."""

    def tell(exc: AudioDeviceError) -> None:
        text = str(exc)
        inbox.put(Notice(f"{text[:1].upper()}{text[1:]}. Keep playing: your game is saved."))

    return tell


def level_of(frame: np.ndarray) -> float:
    """0..1 from -60 dBFS to 0 dBFS, for the display's microphone bar."""
    return min(1.0, max(0.0, (frame_energy_db(frame) + 60.0) / 60.0))
