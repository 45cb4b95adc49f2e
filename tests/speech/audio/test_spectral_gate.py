"""The utterance stage's spectral gate: noisereduce's stationary gating, without scipy and matplotlib."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.speech.audio.front_end import reduce_steady_noise
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.spectral_gate import gate
from voicemaster.speech.voices.synthetic import babble, mix_at_snr, pink_noise, speak


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    return speak("we guess dragon")


def _recordings(speech: np.ndarray) -> dict[str, np.ndarray]:
    padded = np.concatenate([np.zeros(4000, np.int16), speech, np.zeros(2000, np.int16)])
    return {
        "pink noise 5 dB": mix_at_snr(padded, pink_noise(len(padded), seed=3), 5),
        "babble 10 dB": mix_at_snr(padded, babble(len(padded), seed=4), 10),
        "clean, digital silence around": padded,
        "noise only": pink_noise(9000, seed=5),
        "shortest gated": mix_at_snr(padded, pink_noise(len(padded), seed=6), 5)[:1600],
    }


def test_the_gate_computes_what_noisereduce_computes(speech: np.ndarray) -> None:
    """The front end was measured with noisereduce (bench/results): the same samples, to rounding."""
    noisereduce = pytest.importorskip("noisereduce")
    for name, audio in _recordings(speech).items():
        theirs = noisereduce.reduce_noise(y=audio.astype(np.float32), sr=SAMPLE_RATE, stationary=True)
        ours = gate(audio, SAMPLE_RATE)
        assert ours.shape == audio.shape, name
        assert np.abs(ours - theirs).max() <= 0.01 * np.abs(theirs).max() + 1.0, name


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def test_steady_noise_is_muted_between_words_and_the_speech_kept(speech: np.ndarray) -> None:
    lead = 8000
    clean = np.concatenate([np.zeros(lead, np.int16), speech])
    noisy = mix_at_snr(clean, pink_noise(len(clean), seed=9), 5)
    cleaned = reduce_steady_noise(noisy)
    assert cleaned.dtype == np.int16 and len(cleaned) == len(noisy)
    pause, words = slice(0, lead - 1000), slice(lead, None)
    assert _rms(cleaned[pause]) < 0.1 * _rms(noisy[pause])
    assert _rms(cleaned[words]) / _rms(cleaned[pause]) > 10 * _rms(noisy[words]) / _rms(noisy[pause])
