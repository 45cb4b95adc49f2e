"""Noise suppressors are streaming stages: frame in, frame out, noise down, speech kept."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.errors import InputError
from voicemaster.speech.audio.sources import FRAME_SAMPLES, ArraySource
from voicemaster.speech.audio.denoise import DENOISERS, denoise_frames, make_denoiser
from voicemaster.speech.voices.synthetic import mix_at_snr, pink_noise, speak


def available(name: str) -> bool:
    try:
        make_denoiser(name)
    except InputError:
        return False
    return True


SUPPRESSORS = [n for n in DENOISERS if n != "none" and not n.startswith("auto")]


@pytest.fixture(scope="module")
def noisy() -> tuple[np.ndarray, np.ndarray]:
    clean = np.concatenate([np.zeros(16000, np.int16), speak("we touch apple"), np.zeros(8000, np.int16)])
    return clean, mix_at_snr(clean, pink_noise(len(clean), seed=4), 5)


def run(name: str, audio: np.ndarray) -> np.ndarray:
    return np.concatenate(list(denoise_frames(ArraySource(audio).frames(), make_denoiser(name))))[: len(audio)]


def best_lag_correlation(a: np.ndarray, b: np.ndarray, max_lag: int = 800) -> float:
    """Correlation of a with b, allowing for the suppressor's delay."""
    best = 0.0
    for lag in range(0, max_lag, 16):
        x, y = a[lag:].astype(float), b[: len(b) - lag].astype(float)
        best = max(best, float(np.corrcoef(x, y)[0, 1]))
    return best


def test_none_passes_frames_through_untouched(noisy) -> None:
    _, audio = noisy
    assert np.array_equal(run("none", audio), audio)


@pytest.mark.parametrize("name", SUPPRESSORS)
def test_suppressor_lowers_the_noise_and_keeps_the_speech(noisy, name) -> None:
    if not available(name):
        pytest.skip(f"{name} package not installed")
    clean, audio = noisy
    out = run(name, audio)
    assert out.dtype == np.int16 and len(out) == len(audio)
    frames = list(denoise_frames(ArraySource(audio[:3200]).frames(), make_denoiser(name)))
    assert all(f.shape == (FRAME_SAMPLES,) for f in frames)
    noise_before = np.sqrt(np.mean(audio[4000:14000].astype(float) ** 2))
    noise_after = np.sqrt(np.mean(out[4000:14000].astype(float) ** 2))
    assert noise_after < 0.97 * noise_before
    speech = slice(16000, len(clean) - 8000)
    assert best_lag_correlation(out[speech], clean[speech]) > best_lag_correlation(audio[speech], clean[speech]) - 0.15


def test_unknown_suppressor_is_one_clear_error() -> None:
    with pytest.raises(InputError, match="unknown noise suppressor 'magic'"):
        make_denoiser("magic")


def test_auto_suppresses_steady_noise_but_leaves_babble_untouched() -> None:
    from voicemaster.speech.voices.synthetic import babble

    speech = np.concatenate([np.zeros(16000 * 2, np.int16), speak("guess ocean")])
    in_pink = mix_at_snr(speech, pink_noise(len(speech), seed=1), 10)
    gate = make_denoiser("auto")
    out = np.concatenate(list(denoise_frames(ArraySource(in_pink).frames(), gate)))[: len(in_pink)]
    assert gate.active and gate.background_spread_db() < 3.5
    assert np.sqrt(np.mean(out[20000:30000].astype(float) ** 2)) < 0.5 * np.sqrt(np.mean(in_pink[20000:30000].astype(float) ** 2))

    in_babble = mix_at_snr(speech, babble(len(speech), seed=1), 10)
    gate = make_denoiser("auto")
    out = np.concatenate(list(denoise_frames(ArraySource(in_babble).frames(), gate)))[: len(in_babble)]
    assert not gate.active and gate.background_spread_db() > 4.0
    assert np.array_equal(out[16000:], in_babble[16000:])


def test_the_front_end_denoises_before_the_endpointer_cuts(noisy) -> None:
    from voicemaster.speech.audio.front_end import open_front_end

    _, audio = noisy
    utterances = list(open_front_end("auto").utterances(ArraySource(audio)))
    assert len(utterances) == 1 and 0.9 < utterances[0].start_s < 1.3
