"""The one shape of an ear: audio of one utterance and what may be said now, in; a Heard, out."""

from __future__ import annotations

from typing import Protocol, TypeVar

import numpy as np

from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import Intent
from voicemaster.understand.listening import GridListening, Listening
from voicemaster.understand.setup_phrases import SetupIntent

Now = TypeVar("Now", contravariant=True)
"""What may be said now: `Listening` during a game, `GridListening` while a table is laid out."""
Said = TypeVar("Said", covariant=True)
"""What it takes an utterance for: a game's `Intent`, a table laid out's `SetupIntent`."""


class Ear(Protocol[Now, Said]):
    """A recognizer with its way of deciding what was said (grammar passes, phrase scoring)."""

    @property
    def name(self) -> str: ...

    @property
    def denoise(self) -> str:
        """The noise stage before the endpointer this ear hears best with (a speech/audio/denoise.py
        name), used unless --denoise says otherwise."""
        ...

    def hear(self, audio: np.ndarray, now: Now) -> Heard[Said]:
        """One utterance (16 kHz mono int16, as the endpointer cut it), against what may be said now."""
        ...

    def close(self) -> None:
        """Frees what the ear holds while the program still runs, not at the interpreter's exit."""
        ...


GameEar = Ear[Listening, Intent]
"""An ear of a game: Whisper, pocketsphinx, vosk."""
SetupEar = Ear[GridListening, SetupIntent]
"""The ear of a table being laid out: the grid ear."""
