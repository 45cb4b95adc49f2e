"""`WhisperEar`: Whisper base as the app's ear — the free transcript, and the closed-set
decision of what (if anything) was said to the referee."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from voicemaster.speech.ears.heard import Heard
from voicemaster.speech.ears.recognizer import Transcript
from voicemaster.speech.ears.whisper.engine import Engine, until_repeat
from voicemaster.speech.ears.whisper.scorer import Scorer, Verdict, transcript_confidence
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.listening import Listening
from voicemaster.vocabulary import DIGIT_WORDS

_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")


def normalised(text: str) -> str:
    """As the other backends write a transcript: lower-case words, single spaces, no
    punctuation, a lone digit spelled out ("The clue is needs 6." → "the clue is needs six")."""
    words = _WORD.findall(text.lower())
    return " ".join(DIGIT_WORDS[int(w)] if len(w) == 1 and w.isdigit() else w for w in words)


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
        self.last: Verdict | None = None
        """The last utterance's evidence and timings (benchmarks and debugging)."""

    def close(self) -> None:
        """Nothing runs beside this ear."""

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        return self._heard(self.scorer.hear(audio, now))

    def _heard(self, verdict: Verdict) -> Heard:
        self.last = verdict
        decision, timings = verdict.decision, verdict.timings
        return Heard(
            self._transcript(verdict), decision.intent, decision.confidence if decision.intent is not None else 0.0,
            timings.total_ms, decision.alternatives, decision.read_back,
        )

    def _transcript(self, verdict: Verdict) -> Transcript:
        """The free decode's first saying (Whisper repeats itself on a short window); nothing
        when the model itself says no one spoke."""
        timings, tokens = verdict.timings, verdict.free.tokens
        decode_ms = timings.features_ms + timings.encode_ms + timings.free_decode_ms
        if verdict.evidence.silent:
            return Transcript("", 0.0, decode_ms=decode_ms)
        said = self.scorer.engine.tokenizer.decode(tokens[: until_repeat(tokens)])
        return Transcript(normalised(said), transcript_confidence(verdict.evidence), decode_ms=decode_ms)
