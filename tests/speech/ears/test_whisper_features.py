"""Our log-mel is faster-whisper's (which is installed for this comparison only), and the Whisper
ear's start-up does not import faster-whisper or its heavy dependencies."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from voicemaster.speech.voices.synthetic import pink_noise, speak
from voicemaster.speech.ears.whisper.features import log_mel

feature_extractor = pytest.importorskip("faster_whisper.feature_extractor")


def _signals() -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    speech = speak("we touch the castle").astype(np.float32) / 32768.0
    noise = pink_noise(24_321).astype(np.float32) / 32768.0
    padded = np.concatenate([speech, np.zeros(8000, dtype=np.float32)])
    return [(rng.standard_normal(16_000) * 0.1).astype(np.float32), speech, noise, padded, np.zeros(1600, np.float32)]


@pytest.mark.parametrize("index", range(5))
def test_log_mel_equals_faster_whispers_feature_extractor(index: int) -> None:
    x = _signals()[index]
    theirs = feature_extractor.FeatureExtractor(80)(x, padding=0)
    ours = log_mel(x)
    assert ours.shape == theirs.shape == (80, len(x) // 160)
    assert ours.dtype == np.float32
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-6)


def test_with_faster_whispers_trailing_padding_too() -> None:
    x = _signals()[1]
    theirs = feature_extractor.FeatureExtractor(80)(x)
    np.testing.assert_allclose(log_mel(np.pad(x, (0, 160))), theirs, rtol=0, atol=1e-6)


def test_starting_the_ear_imports_neither_faster_whisper_nor_its_dependencies() -> None:
    code = (
        "import sys, voicemaster.speech.ears.whisper.ear, voicemaster.speech.ears.engines; "
        "print(sorted(m for m in ('faster_whisper', 'av', 'onnxruntime', 'torch', 'wordfreq') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
