"""Choosing the recognizer: vosk whenever a model is present, else the embedded pocketsphinx."""

from __future__ import annotations

from pathlib import Path

from voicemaster.errors import InputError
from voicemaster.speech.models import find_vosk_model
from voicemaster.speech.recognizer import Recognizer


def open_recognizer(engine: str = "auto", model: str | Path | None = None) -> Recognizer:
    """`auto` picks vosk when a model is found (in models/ or at `model`), else pocketsphinx."""
    if engine not in ("auto", "pocketsphinx", "vosk"):
        raise InputError(f"unknown engine '{engine}' (auto, pocketsphinx or vosk)")
    if engine != "pocketsphinx":
        found = find_vosk_model(model)
        if engine == "auto" and model is None and found is not None and "-en" not in found.name:
            found = None  # the game is English: another language's model is not picked by itself
        if found is not None:
            from voicemaster.speech.vosk_backend import VoskRecognizer

            return VoskRecognizer(found)
        if engine == "vosk":
            raise InputError(
                "no vosk model found: put one in models/ or pass --model PATH "
                "(voicemaster models says how to get vosk-model-small-en-us-0.15)"
            )
    from voicemaster.speech.pocketsphinx_backend import PocketsphinxRecognizer

    return PocketsphinxRecognizer()
