"""`WhisperEar`: Whisper base as the app's ear — the free transcript, and the closed-set
decision of what (if anything) was said to the referee."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from voicemaster.speech.ears.whisper.engine import Engine
from voicemaster.speech.ears.whisper.scorer import Scorer
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.heard import Heard
from voicemaster.understand.listening import Listening


class WhisperEar:
    """Loaded once (CTranslate2, int8, two threads); used from one thread at a time (the hearing worker).

    ModelError (an InputError: one line naming the directory) when the model will not load."""

    name = "whisper"
    denoise = "none"
    """Whisper hears the room as it is: on the same recordings, WebRTC's suppressor in steady
    noise turned most of a clean game's requests into nothing (it was trained on noisy
    speech; suppression artefacts are what it never heard)."""

    def __init__(self, model_dir: str | Path, thresholds: Thresholds = THRESHOLDS) -> None:
        self.scorer = Scorer(Engine(Path(model_dir)), thresholds)

    @property
    def engine(self) -> Engine:
        """The loaded model, for another ear to share (the grid ear of a table laid out)."""
        return self.scorer.engine

    def close(self) -> None:
        """Frees the model (a grid ear sharing it hears no more); closing again does nothing. An
        ear left open is closed at the interpreter's exit (engine.py says why it must be)."""
        self.scorer.engine.close()

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        """Heard.evidence is the decision's Evidence (whisper/decide.py)."""
        return self.scorer.hear(audio, now)
