"""Whisper's evidence kept with each clip a benchmark hears, and decided again from it.

A benchmark run logs what the decision reads (decide.Evidence) for every clip; a change of the
decision (another bar, another rule) is then measured on the very same hearings in seconds,
without decoding again. Thresholds to try are given as NAME=VALUE, live or in a replay.
"""

from __future__ import annotations

import math
from dataclasses import asdict, replace

from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.ears.whisper.decide import Evidence, decide, rescued
from voicemaster.speech.ears.whisper.phrases import Phrase
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.heard import Heard
from voicemaster.understand.listening import Listening


def with_settings(settings: list[str]) -> Thresholds:
    """The shipped thresholds with some changed ("min_window_frames=800", "guess_prompt=0")."""
    changes: dict[str, object] = {}
    for setting in settings:
        name, value = setting.split("=", 1)
        current = getattr(THRESHOLDS, name)
        changes[name] = value == "1" if isinstance(current, bool) else type(current)(float(value))
    return replace(THRESHOLDS, **changes)


def whisper_with(settings: list[str]) -> GameEar:
    """The Whisper ear with some thresholds changed, to measure an idea before adopting it."""
    from voicemaster.speech.ears.whisper.ear import WhisperEar
    from voicemaster.speech.ears.whisper.model import bundled_model

    return WhisperEar(bundled_model(), with_settings(settings))


def whisper_evidence(heard: Heard) -> dict | None:
    """The Whisper ear's evidence for a clip it heard, as JSON (None for another ear's)."""
    evidence = heard.evidence
    if not isinstance(evidence, Evidence):
        return None
    ev = asdict(evidence)
    phrase = evidence.phrase
    ev["phrase"] = None if phrase is None else {
        "request": phrase.request, "text": phrase.text, "card": phrase.card, "clue": phrase.clue,
        "number": phrase.number, "distractor": phrase.distractor,
    }
    return {k: (None if isinstance(v, float) and v != v else v) for k, v in ev.items()}


def replayed(evidence: dict, heard: str, ms: float, t: Thresholds) -> Heard:
    """A logged clip decided again by Whisper's rules as they are now, with thresholds `t`."""
    ev = dict(evidence)
    phrase = ev.pop("phrase")
    ev.setdefault("transcript", ev.pop("free_raw", ""))
    ev = {k: (math.inf if v is None else v) for k, v in ev.items()}
    ev["close"] = tuple(tuple(c) for c in ev["close"])
    ev["short_words"] = tuple(ev.get("short_words", ()))
    condensed = Evidence(phrase=None if phrase is None else Phrase(tokens=(), **phrase), **ev)
    decision = rescued(condensed, decide(condensed, t), t)
    return Heard(heard, decision.intent, decision.confidence, decision.read_back, ms)
