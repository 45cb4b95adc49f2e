"""Whisper's 80-band log-mel spectrogram in plain numpy.

The same numbers as faster_whisper.feature_extractor.FeatureExtractor (tests compare
them), written out here because importing faster_whisper pulls in PyAV and onnxruntime
and costs about a second of start-up for two small functions.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from voicemaster.speech.audio.format import SAMPLE_RATE

N_FFT = 400
HOP = 160
"""10 ms per mel frame."""


@lru_cache(maxsize=2)
def mel_filters(n_mels: int = 80) -> np.ndarray:
    """Slaney-style mel filterbank (librosa's default, which Whisper was trained with)."""
    fftfreqs = np.fft.rfftfreq(n=N_FFT, d=1.0 / SAMPLE_RATE)
    mels = np.linspace(0.0, 45.245640471924965, n_mels + 2)
    f_sp = 200.0 / 3
    freqs = f_sp * mels
    min_log_hz, min_log_mel, logstep = 1000.0, 1000.0 / f_sp, np.log(6.4) / 27.0
    log_t = mels >= min_log_mel
    freqs[log_t] = min_log_hz * np.exp(logstep * (mels[log_t] - min_log_mel))
    fdiff = np.diff(freqs)
    ramps = freqs.reshape(-1, 1) - fftfreqs.reshape(1, -1)
    lower = -ramps[:-2] / fdiff[:-1, None]
    upper = ramps[2:] / fdiff[1:, None]
    weights = np.maximum(0.0, np.minimum(lower, upper))
    weights *= (2.0 / (freqs[2 : n_mels + 2] - freqs[:n_mels]))[:, None]
    return weights.astype(np.float32)


def log_mel(audio: np.ndarray, n_mels: int = 80) -> np.ndarray:
    """[n_mels, len(audio) // HOP] log-mel of float32 audio in -1..1.

    The window's trailing zeros (most of a short utterance's encoder window) are not
    transformed: their frames are known to be silent."""
    x = np.pad(audio.astype(np.float32), (N_FFT // 2, N_FFT // 2), mode="reflect")
    n_frames = 1 + (len(x) - N_FFT) // HOP
    live = _frames_with_sound(audio, n_frames)
    frames = np.lib.stride_tricks.as_strided(x, (live, N_FFT), (HOP * x.strides[0], x.strides[0]))
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    spectrum = np.fft.rfft(frames * window, n=N_FFT, axis=-1).astype(np.complex64)
    power = np.zeros((N_FFT // 2 + 1, n_frames - 1), dtype=np.float32)  # Whisper drops the last frame
    power[:, : min(live, n_frames - 1)] = (np.abs(spectrum[: n_frames - 1]) ** 2).T
    mel = mel_filters(n_mels) @ power
    log_spec = np.log10(np.clip(mel, 1e-10, None))
    log_spec = np.maximum(log_spec, log_spec.max() - 8.0)
    return ((log_spec + 4.0) / 4.0).astype(np.float32)


def _frames_with_sound(audio: np.ndarray, n_frames: int) -> int:
    """How many leading frames can see a non-zero sample (the rest, and the end's reflection
    of them, are digital silence)."""
    nonzero = np.flatnonzero(audio)
    if len(nonzero) == 0:
        return 0 if len(audio) > N_FFT // 2 + 1 else n_frames
    last = int(nonzero[-1])
    if last >= len(audio) - (N_FFT // 2 + 1):
        return n_frames
    return min(n_frames, (last + N_FFT // 2) // HOP + 1)
