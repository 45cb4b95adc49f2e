"""The microphone level check gives advice a new user can act on."""

from __future__ import annotations

import numpy as np

from voicemaster.speech.audio.level_check import measure
from voicemaster.speech.voices.synthetic import speak


def frames_of(audio: np.ndarray) -> list[np.ndarray]:
    return [audio[i : i + 320] for i in range(0, len(audio) - 319, 320)]


def advice_for(gain: float, hiss: float = 20.0) -> str:
    speech = speak("we guess apple and then we touch the dragon", voice="en-us").astype(np.float64)
    room = np.random.default_rng(0).normal(0, hiss, len(speech) * 2)
    audio = np.concatenate([room[: len(speech)], speech * gain + room[len(speech) :]])
    shown: list[float] = []
    report = measure(frames_of(np.clip(audio, -32768, 32767).astype(np.int16)), 60.0, shown.append)
    assert len(shown) == len(audio) // 320
    return report.advice()


def test_a_well_placed_microphone_is_good() -> None:
    assert advice_for(0.5).startswith("Good")


def test_a_far_microphone_is_too_quiet() -> None:
    assert advice_for(0.004, hiss=1.0).startswith("Too quiet")


def test_an_overdriven_microphone_clips() -> None:
    assert advice_for(8.0).startswith("Too loud")


def test_a_noisy_room_is_called_out() -> None:
    assert "noisy" in advice_for(0.05, hiss=300.0)
