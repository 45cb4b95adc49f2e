"""Noise suppression: an optional, switchable stage on the frame stream.

Each denoiser is streaming (state carried from frame to frame) so it sits
between the audio source and the endpointer and learns the room's noise
continuously. Which one is the default is decided by measurement:
bench/noise_suppression.py, results in bench/results/noise_suppression.md.
"""

from __future__ import annotations

import collections
import importlib.util
from typing import Callable, Iterable, Iterator, Protocol

import numpy as np

from voicemaster.errors import InputError
from voicemaster.speech.audio.sources import FRAME_MS, FRAME_SAMPLES
from voicemaster.speech.audio.endpointer import frame_energy_db
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.tuning import STEADY_NOISE, SteadyNoiseTuning


class Denoiser(Protocol):
    name: str

    def process(self, frame: np.ndarray) -> np.ndarray:
        """One FRAME_SAMPLES int16 frame in, the same length out (state kept between calls)."""
        ...


class NoDenoiser:
    name = "none"

    def process(self, frame: np.ndarray) -> np.ndarray:
        return frame


class WebrtcDenoiser:
    """WebRTC's audio-processing noise suppressor (webrtc-noise-gain), on 10 ms halves."""

    def __init__(self, level: int = 2) -> None:
        from webrtc_noise_gain import AudioProcessor

        self.name = f"webrtc-ns{level}"
        self._processor = AudioProcessor(0, level)

    def process(self, frame: np.ndarray) -> np.ndarray:
        out = [self._processor.Process10ms(frame[i : i + 160].tobytes()).audio for i in range(0, len(frame), 160)]
        return np.frombuffer(b"".join(out), dtype=np.int16).copy()


class SpeexDenoiser:
    """The speexdsp spectral noise suppressor."""

    name = "speex"

    def __init__(self) -> None:
        from speexdsp_ns import NoiseSuppression

        self._ns = NoiseSuppression.create(FRAME_SAMPLES, SAMPLE_RATE)

    def process(self, frame: np.ndarray) -> np.ndarray:
        return np.frombuffer(self._ns.process(frame.tobytes()), dtype=np.int16).copy()


class _StreamingFir:
    """An FIR filter applied block by block with its history carried over."""

    def __init__(self, taps: np.ndarray) -> None:
        self.taps = taps
        self._history = np.zeros(len(taps) - 1)

    def __call__(self, block: np.ndarray) -> np.ndarray:
        x = np.concatenate([self._history, block])
        self._history = x[len(x) - len(self.taps) + 1 :]
        return np.convolve(x, self.taps, mode="valid")


def _lowpass(cutoff: float, n: int = 97) -> np.ndarray:
    """Windowed-sinc low-pass; cutoff as a fraction of the Nyquist rate."""
    t = np.arange(n) - (n - 1) / 2
    return cutoff * np.sinc(cutoff * t) * np.kaiser(n, 8.0)


class RnnoiseDenoiser:
    """Xiph's RNNoise (pyrnnoise), which runs at 48 kHz: upsampled x3 and back per frame."""

    name = "rnnoise"

    def __init__(self) -> None:
        from pyrnnoise import rnnoise

        self._rnnoise = rnnoise
        self._state = rnnoise.create()
        self._up = _StreamingFir(3 * _lowpass(0.9 / 3))
        self._down = _StreamingFir(_lowpass(0.9 / 3))

    def process(self, frame: np.ndarray) -> np.ndarray:
        stuffed = np.zeros(len(frame) * 3)
        stuffed[::3] = frame
        high = self._up(stuffed)
        size = self._rnnoise.FRAME_SIZE
        pieces = [
            self._rnnoise.process_mono_frame(self._state, np.clip(high[i : i + size], -32768, 32767).astype(np.int16))[0]
            for i in range(0, len(high), size)
        ]
        low = self._down(np.concatenate(pieces).astype(np.float64))[::3]
        return np.clip(np.round(low), -32768, 32767).astype(np.int16)

    def __del__(self) -> None:
        state, self._state = getattr(self, "_state", None), None
        if state is not None:
            self._rnnoise.destroy(state)


class SteadyNoiseGate:
    """Runs `inner` always, but passes its output on only while the background is steady.

    Measured (bench/results/noise_suppression.md): every suppressor helps in
    steady noise (fans, hum, pink noise) but hurts recognition in babble, where
    the "noise" is speech itself. Steady noise has frame energies tightly
    bunched (median minus 10th percentile about 1-2.5 dB over 3 s); babble
    spreads them over 5-7 dB. Silence counts as steady (suppression is harmless there).
    Its numbers: tuning.SteadyNoiseTuning.
    """

    def __init__(self, inner: Denoiser, tuning: SteadyNoiseTuning = STEADY_NOISE) -> None:
        self.inner = inner
        self.name = f"auto-{inner.name}"
        self.tuning = tuning
        self._energies: collections.deque[float] = collections.deque(maxlen=tuning.window_ms // FRAME_MS)
        self.active = False

    def background_spread_db(self) -> float:
        energies = np.fromiter(self._energies, float)
        high, low = self.tuning.spread_percentiles
        return float(np.percentile(energies, high) - np.percentile(energies, low))

    def process(self, frame: np.ndarray) -> np.ndarray:
        t = self.tuning
        processed = self.inner.process(frame)
        self._energies.append(max(frame_energy_db(frame), t.quietest_db))
        if len(self._energies) >= t.judge_after_ms // FRAME_MS:
            spread = self.background_spread_db()
            hysteresis = t.hysteresis_db if self.active else -t.hysteresis_db
            self.active = spread < t.max_spread_db + hysteresis
        return processed if self.active else frame


DENOISERS: dict[str, Callable[[], Denoiser]] = {
    "none": NoDenoiser,
    "webrtc": WebrtcDenoiser,
    "webrtc-ns1": lambda: WebrtcDenoiser(1),
    "webrtc-ns3": lambda: WebrtcDenoiser(3),
    "webrtc-ns4": lambda: WebrtcDenoiser(4),
    "speex": SpeexDenoiser,
    "rnnoise": RnnoiseDenoiser,
    "auto": lambda: SteadyNoiseGate(WebrtcDenoiser(4)),
    "auto-ns3": lambda: SteadyNoiseGate(WebrtcDenoiser(3)),
    "auto-rnnoise": lambda: SteadyNoiseGate(RnnoiseDenoiser()),
}
OPTIONAL_PACKAGES: dict[str, tuple[str, str]] = {
    "speex": ("speexdsp_ns", "speexdsp-ns"),
    "rnnoise": ("pyrnnoise", "pyrnnoise"),
    "auto-rnnoise": ("pyrnnoise", "pyrnnoise"),
}
"""Suppressors whose package (module, pip name) VoiceMaster does not install: offered only
when present. pyrnnoise pulls in matplotlib and a media stack, and speexdsp-ns has wheels for
Linux and Python 3.11-3.12 only; neither is a default (bench/results/noise_suppression.md)."""
DEFAULT_DENOISER = "auto"
"""Measured best for the grammar recognizers (pocketsphinx): see SteadyNoiseGate and
bench/results/noise_suppression.md. Each ear says which stage it hears best with."""


def installed(name: str) -> bool:
    """Is the package this suppressor needs there (without importing it)?"""
    module = OPTIONAL_PACKAGES.get(name)
    return module is None or importlib.util.find_spec(module[0]) is not None


def offered() -> list[str]:
    """The suppressors that can run here, for --denoise."""
    return [name for name in sorted(DENOISERS) if installed(name)]


def check_installed(name: str | None) -> None:
    """InputError with the install command for a suppressor whose package is missing."""
    if name in OPTIONAL_PACKAGES and not installed(name):
        package = OPTIONAL_PACKAGES[name][1]
        raise InputError(f"--denoise {name} needs the {package} package, which is not installed: pip install {package}")


def make_denoiser(name: str) -> Denoiser:
    """A fresh denoiser by name; InputError for an unknown one or a missing package."""
    if name not in DENOISERS:
        raise InputError(f"unknown noise suppressor {name!r}; choose from {', '.join(offered())}")
    check_installed(name)
    try:
        return DENOISERS[name]()
    except (ImportError, OSError) as exc:
        raise InputError(f"noise suppressor {name!r} is not available: {exc}") from exc


def denoise_frames(frames: Iterable[np.ndarray], denoiser: Denoiser) -> Iterator[np.ndarray]:
    for frame in frames:
        yield denoiser.process(frame)
