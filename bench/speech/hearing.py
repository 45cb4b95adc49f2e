"""A benchmark's clip heard as `voicemaster recognize` hears a file: the path `play` takes."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.recordings import hear_recording
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import Intent
from voicemaster.understand.listening import Listening


def heard_as_a_file(ear: GameEar, audio: np.ndarray, now: Listening) -> Heard[Intent]:
    """`audio` through play's front end (speech/recordings.py): each utterance the endpointer cuts,
    decided against `now`. The clip's decision is the first utterance acted on (what the referee
    would do first), else the first one heard; its transcript all of theirs, its time their sum."""
    heard = list(hear_recording(ear, ArraySource(audio), now))
    acted = [h for h in heard if h.intent is not None]
    first = (acted or heard or [Heard("")])[0]
    transcript = " | ".join(h.transcript for h in heard if h.transcript)
    return replace(first, transcript=transcript, decode_ms=sum(h.decode_ms for h in heard))
