"""Synthetic speech and noise are what the benchmarks claim they are."""

from __future__ import annotations

import numpy as np

from voicemaster.speech.voices.synthetic import active_power, babble, mix_at_snr, pink_noise, speak


def test_speak_returns_16k_int16_speech_of_plausible_length() -> None:
    audio = speak("we touch apple")
    assert audio.dtype == np.int16
    assert 0.6 < len(audio) / 16000 < 2.5
    assert np.abs(audio).max() > 3000


def test_speak_is_cached_and_returns_independent_copies(tmp_path) -> None:
    first = speak("stop guessing", cache_dir=tmp_path)
    first[:] = 0
    second = speak("stop guessing", cache_dir=tmp_path)
    assert np.abs(second).max() > 0
    assert len(list(tmp_path.glob("tts-*.npy"))) == 1


def test_mix_hits_the_requested_snr_over_active_speech() -> None:
    speech = np.concatenate([np.zeros(16000, np.int16), speak("guess ocean"), np.zeros(16000, np.int16)])
    noise = pink_noise(48000, seed=3)
    for snr in (20, 10, 5):
        mixed = mix_at_snr(speech, noise, snr)
        added = mixed.astype(np.float64) - speech
        measured = 10 * np.log10(active_power(speech) / np.mean(added**2))
        assert abs(measured - snr) < 0.2


def test_mix_never_wraps_around_when_loud() -> None:
    speech = speak("pass")
    mixed = mix_at_snr(speech, pink_noise(8000), -10)
    assert np.abs(mixed.astype(np.int32)).max() <= 32767
    assert np.corrcoef(mixed.astype(float), speech.astype(float))[0, 1] > 0.2


def test_babble_is_several_voices_and_reproducible() -> None:
    a = babble(16000 * 2, talkers=4, seed=1)
    assert a.dtype == np.int16 and len(a) == 32000
    assert np.array_equal(a, babble(16000 * 2, talkers=4, seed=1))
    assert not np.array_equal(a, babble(16000 * 2, talkers=4, seed=2))
    frame_rms = np.sqrt(np.mean(a.astype(float).reshape(-1, 320) ** 2, axis=1))
    assert (frame_rms > 0.1 * frame_rms.max()).mean() > 0.8


def test_pink_noise_spectrum_falls_about_3db_per_octave() -> None:
    x = pink_noise(16000 * 4, seed=0).astype(float)
    power = np.abs(np.fft.rfft(x)) ** 2
    freqs = np.fft.rfftfreq(len(x), 1 / 16000)
    low = power[(freqs > 250) & (freqs < 500)].mean()
    high = power[(freqs > 2000) & (freqs < 4000)].mean()
    assert 7 < 10 * np.log10(low / high) < 11
