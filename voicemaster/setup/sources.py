"""Threads that feed the app's inbox: typed lines, or audio cut into utterances.

Microphone and WAV replay go through the same `feed_audio` and the one audio front
end (speech/audio/front_end.py), so both reach the recognizer the same way.
"""

from __future__ import annotations

import itertools
import queue
import threading
from typing import Callable, TextIO

import numpy as np

from voicemaster.inbox import EndOfInput, Item, Level, Notice, Paused, Shown, SourceFailed, Spoken, Typed
from voicemaster.errors import InputError
from voicemaster.speech.audio.sources import AudioDeviceError, AudioSource
from voicemaster.speech.audio.endpointer import Utterance, frame_energy_db
from voicemaster.speech.audio.front_end import FrontEnd
from voicemaster.understand.requests import shortest_sayings

LEVEL_EVERY_FRAMES = 10
QUIT_WORDS = frozenset({"quit", "exit"})
TYPED_HELP = (
    "Type what you would say: "
    + ", ".join(f"'{saying}'" for saying in shortest_sayings())
    + ". 'quit' ends."
)
"""Written from the request table, so it offers exactly what is understood."""


def start_thread(target: Callable[[], None], name: str, inbox: "queue.Queue[Item]") -> threading.Thread:
    """A source's thread; should it die, the app hears so (SourceFailed) and stops with a
    message, rather than waiting forever for what the thread would have sent."""

    def guarded() -> None:
        try:
            target()
        except BaseException as exc:
            inbox.put(SourceFailed(name, exc))

    thread = threading.Thread(target=guarded, name=name, daemon=True)
    thread.start()
    return thread


def feed_typed(stream: TextIO, inbox: "queue.Queue[Item]", ends_input: bool = True) -> None:
    """One utterance per line, until end of input or a line saying quit. Not `ends_input`:
    typing goes beside speech (a card typed during setup), whose end is the end of input."""
    for line in stream:
        if not typed_line(line, inbox):
            break
    if ends_input:
        inbox.put(EndOfInput())


def typed_line(line: str, inbox: "queue.Queue[Item]") -> bool:
    """One typed line to the inbox: `help` is answered on the displays; False after `quit`."""
    text = line.strip()
    if text.lower() in QUIT_WORDS:
        return False
    if text.lower() == "help":
        inbox.put(Shown(TYPED_HELP))
    elif text:
        inbox.put(Typed(text))
    return True


def feed_audio(source: AudioSource, front_end: FrontEnd, inbox: "queue.Queue[Item]", hear_ahead: bool = False) -> None:
    """The front end's utterances, one Spoken item each; faults become notices. With
    `hear_ahead` (a source in real time) each pause long enough to be the end is sent too
    (Paused), so the ear starts on it while the rest of the silence is waited for, and the
    level every few frames for the meter (Level: the loop alone writes what is shown);
    faster than real time the utterance follows at once and there is nothing to gain."""
    frames_seen = itertools.count()

    def meter(frame: np.ndarray) -> None:
        if next(frames_seen) % LEVEL_EVERY_FRAMES == 0:
            inbox.put(Level(level_of(frame)))

    def paused(utterance: Utterance) -> None:
        inbox.put(Paused(utterance.audio))

    try:
        for utterance in front_end.utterances(source, on_frame=meter if hear_ahead else None,
                                              on_pause=paused if hear_ahead else None):
            inbox.put(Spoken(utterance.audio))
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
