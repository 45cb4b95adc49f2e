"""What the speech path made of one utterance, whichever recognizer heard it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from voicemaster.speech.ears.recognizer import Transcript
from voicemaster.understand.intents import Intent
from voicemaster.understand.listening import Listening


@dataclass(frozen=True)
class Heard:
    transcript: Transcript
    """The open decode: what the table actually said, as far as the model knows."""
    intent: Intent | None
    """None: nothing addressed to the referee (chatter, noise, or too unsure)."""
    confidence: float
    """0..1; 0 when nothing was accepted."""
    decode_ms: float
    """Every decoding pass together."""
    alternatives: tuple[str, ...] = ()
    """Cards that fit about as well as the chosen one (an ambiguous result)."""
    read_back: bool = False
    """A clue heard with too little confidence to act on: read it back for a yes first."""


class Ear(Protocol):
    """A recognizer with its way of deciding what was said (grammar passes, phrase scoring)."""

    name: str
    denoise: str
    """The noise stage before the endpointer this ear hears best with (a speech/audio/denoise.py
    name), used unless --denoise says otherwise."""

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        """One utterance cleaned by the front end, against what may be said now."""
        ...

    def close(self) -> None:
        """Frees what the ear holds while the program still runs, not at the interpreter's exit."""
        ...
