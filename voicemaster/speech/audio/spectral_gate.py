"""Stationary spectral gating: the noisereduce algorithm the utterance stage was measured with, in numpy.

noisereduce (`reduce_noise(stationary=True)`) pulls in scipy and matplotlib, about
250 MB of a pip install, for one short-time Fourier transform. This is the same
computation with its defaults (tests/speech/audio/test_spectral_gate.py compares the two
sample by sample): the signal's own spectrum gives each frequency's noise level
(mean + 1.5 standard deviations of its dB values over time); time-frequency bins
above it pass, the others are muted, and the 0/1 mask is smoothed over 500 Hz and
50 ms before it is applied (those numbers: tuning.SpectralGateTuning). Unlike
noisereduce, an utterance is gated in one piece however long it is (noisereduce cuts
37 s chunks at 16 kHz; utterances are shorter).
"""

from __future__ import annotations

import numpy as np

from voicemaster.speech.audio.tuning import SPECTRAL_GATE

N_FFT = 1024
HOP = N_FFT // 4
PADDING = 30000
"""Zeros around the signal, as noisereduce pads its chunks: they set where the frames fall."""
EPS = np.finfo(np.float64).eps


def _window() -> np.ndarray:
    """A periodic Hann window (scipy's get_window("hann", N_FFT))."""
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)


def _stft(x: np.ndarray) -> np.ndarray:
    """Frequencies × frames, the signal padded by half a window each side (scipy's boundary="zeros")."""
    padded = np.pad(x, N_FFT // 2)
    frames = (len(padded) - (N_FFT - HOP)) // HOP
    index = np.arange(N_FFT)[None, :] + HOP * np.arange(frames)[:, None]
    return np.fft.rfft(padded[index] * _window(), n=N_FFT).T


def _istft(spectrum: np.ndarray) -> np.ndarray:
    """Overlap-add inverse of _stft, normalised by the summed squared windows."""
    window = _window()
    frames = spectrum.shape[1]
    length = N_FFT + HOP * (frames - 1)
    out, norm = np.zeros(length), np.zeros(length)
    pieces = np.fft.irfft(spectrum.T, n=N_FFT) * window
    for i in range(frames):
        out[i * HOP : i * HOP + N_FFT] += pieces[i]
        norm[i * HOP : i * HOP + N_FFT] += window**2
    out = np.where(norm > 1e-10, out / np.where(norm > 1e-10, norm, 1.0), out)
    return out[N_FFT // 2 : -(N_FFT // 2)]


def _decibels(spectrum: np.ndarray) -> np.ndarray:
    db = 20 * np.log10(np.abs(spectrum) + EPS)
    return np.maximum(db, db.max(axis=-1, keepdims=True) - SPECTRAL_GATE.top_db)


def _triangle(half: int) -> np.ndarray:
    """noisereduce's smoothing ramp: up over `half` steps, a peak of 1, down again."""
    ramp = np.concatenate([np.linspace(0, 1, half + 1, endpoint=False), np.linspace(1, 0, half + 2)])[1:-1]
    return ramp / ramp.sum()


def _smooth(mask: np.ndarray, kernel: np.ndarray, axis: int) -> np.ndarray:
    """Convolution along one axis, the same size out, zeros beyond the edges."""
    return np.apply_along_axis(lambda row: np.convolve(row, kernel, mode="same"), axis, mask)


def gate(audio: np.ndarray, rate: int) -> np.ndarray:
    """`audio` (float samples) with the bins below its own noise threshold muted, as float64."""
    g = SPECTRAL_GATE
    x = np.asarray(audio, dtype=np.float64)
    noise_db = _decibels(_stft(x))
    threshold = noise_db.mean(axis=1) + g.n_std * noise_db.std(axis=1)
    spectrum = _stft(np.pad(x, PADDING))
    mask = (_decibels(spectrum) > threshold[:, None]).astype(np.float64)
    mask = _smooth(mask, _triangle(int(g.freq_smooth_hz / (rate / (N_FFT / 2)))), axis=0)
    mask = _smooth(mask, _triangle(int(g.time_smooth_ms / (HOP / rate * 1000))), axis=1)
    cleaned = np.zeros(len(x) + 2 * PADDING)
    restored = _istft(spectrum * mask)[: len(cleaned)]
    cleaned[: len(restored)] = restored
    return cleaned[PADDING : PADDING + len(x)]
