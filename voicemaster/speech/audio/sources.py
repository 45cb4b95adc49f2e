"""One stream of fixed-size 16 kHz mono int16 frames, whatever the source.

The microphone's PortAudio callback only enqueues; everything after it (denoise,
endpointer, recognizer) consumes `frames()` identically for a microphone, a WAV
file or an array of synthetic speech.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol

import numpy as np

from voicemaster.errors import InputError
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.wav import read_wav

__all__ = [
    "FRAME_SAMPLES", "AudioDeviceError", "NoMicrophone", "ArraySource", "Microphone",
    "DeviceInfo", "list_devices", "read_wav", "reframe", "wav_source",
]

FRAME_MS = 20
FRAME_SAMPLES = SAMPLE_RATE * FRAME_MS // 1000

NO_MICROPHONE_HINT = (
    "no microphone found: use --input text (type the utterances), "
    "--input FILE.wav (replay a recording), or try `voicemaster demo`"
)


class AudioDeviceError(RuntimeError):
    """The audio device failed and could not be reopened; the app may fall back to text."""


class NoMicrophone(InputError):
    """There is no input device at all."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(NO_MICROPHONE_HINT + (f" ({detail})" if detail else ""))


class AudioSource(Protocol):
    def frames(self) -> Iterator[np.ndarray]:
        """FRAME_SAMPLES int16 samples per frame until the source ends or is closed."""
        ...

    def close(self) -> None: ...


def reframe(chunks: Iterable[np.ndarray], frame: int = FRAME_SAMPLES) -> Iterator[np.ndarray]:
    """Chunks of any length -> frames of exactly `frame` samples (the last one zero-padded)."""
    pending = np.zeros(0, dtype=np.int16)
    for chunk in chunks:
        pending = np.concatenate([pending, np.asarray(chunk, dtype=np.int16).reshape(-1)])
        usable = len(pending) - len(pending) % frame
        for start in range(0, usable, frame):
            yield pending[start : start + frame].copy()
        pending = pending[usable:]
    if len(pending):
        yield np.concatenate([pending, np.zeros(frame - len(pending), dtype=np.int16)])


class ArraySource:
    """Frames of an in-memory recording, optionally paced like a live microphone."""

    def __init__(self, audio: np.ndarray, realtime: bool = False, name: str = "<audio>") -> None:
        self.audio = np.asarray(audio, dtype=np.int16)
        self.realtime = realtime
        self.name = name
        self._closed = threading.Event()

    def frames(self) -> Iterator[np.ndarray]:
        start = time.monotonic()
        for i, frame in enumerate(reframe([self.audio])):
            if self._closed.is_set():
                return
            if self.realtime:
                delay = start + i * FRAME_MS / 1000 - time.monotonic()
                if delay > 0 and self._closed.wait(delay):
                    return
            yield frame

    def close(self) -> None:
        self._closed.set()


def wav_source(path: str | Path, realtime: bool = False) -> ArraySource:
    """A WAV file of any rate, channels and sample width as a frame source."""
    return ArraySource(read_wav(path), realtime=realtime, name=str(path))


class InputStream(Protocol):
    """The part of sounddevice.RawInputStream the microphone uses (fakes implement it in tests)."""

    active: bool

    def start(self) -> None: ...

    def close(self) -> None: ...


StreamFactory = Callable[[Callable[..., None], int, Any], InputStream]


def _sounddevice_stream(callback: Callable[..., None], blocksize: int, device: Any) -> InputStream:
    import sounddevice

    try:
        sounddevice.query_devices(device, kind="input")
    except (ValueError, sounddevice.PortAudioError) as exc:
        raise NoMicrophone(str(exc)) from exc
    return sounddevice.RawInputStream(
        samplerate=SAMPLE_RATE, channels=1, dtype="int16", blocksize=blocksize,
        device=device, callback=callback,
    )


def _device_errors() -> tuple[type[BaseException], ...]:
    try:
        import sounddevice
    except OSError:
        return (OSError,)
    return (OSError, sounddevice.PortAudioError)


class Microphone:
    """Live frames from an input device; reopens the stream when the device fails.

    `on_fault` hears each failure before the retry, so the app can say
    "microphone lost, retrying" while nothing else stops.
    """

    def __init__(
        self,
        device: Any = None,
        stream_factory: StreamFactory = _sounddevice_stream,
        retries: int = 5,
        retry_delay: float = 1.0,
        stall_timeout: float = 2.0,
        queue_frames: int = 500,
        on_fault: Callable[[AudioDeviceError], None] | None = None,
    ) -> None:
        self.device = device
        self.stream_factory = stream_factory
        self.retries = retries
        self.retry_delay = retry_delay
        self.stall_timeout = stall_timeout
        self.on_fault = on_fault
        self.overflows = 0
        """Blocks PortAudio flagged as overflowed plus blocks dropped because the queue was full."""
        self.reopens = 0
        self._queue: queue.Queue[bytes] = queue.Queue(maxsize=queue_frames)
        self._stream: InputStream | None = None
        self._closed = threading.Event()

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status and getattr(status, "input_overflow", False):
            self.overflows += 1
        try:
            self._queue.put_nowait(bytes(indata))
        except queue.Full:
            self.overflows += 1

    def _open(self) -> None:
        stream = self.stream_factory(self._callback, FRAME_SAMPLES, self.device)
        try:
            stream.start()
        except BaseException:
            stream.close()
            raise
        self._stream = stream

    def _close_stream(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.close()
            except _device_errors():
                pass

    def _reopen(self, reason: str) -> None:
        """Close and reopen with retries; AudioDeviceError once they are spent."""
        self._close_stream()
        last = reason
        for attempt in range(1, self.retries + 1):
            if self.on_fault is not None:
                self.on_fault(AudioDeviceError(f"microphone failed ({last}); retry {attempt}/{self.retries}"))
            if self._closed.wait(self.retry_delay):
                return
            try:
                self._open()
                self.reopens += 1
                return
            except NoMicrophone as exc:
                last = str(exc)
            except _device_errors() as exc:
                last = str(exc)
        raise AudioDeviceError(f"microphone failed and could not be reopened: {last}")

    def _chunks(self) -> Iterator[np.ndarray]:
        try:
            self._open()
        except _device_errors() as exc:
            self._reopen(str(exc))
        while not self._closed.is_set():
            try:
                data = self._queue.get(timeout=self.stall_timeout)
            except queue.Empty:
                if not self._closed.is_set():
                    stream = self._stream
                    stopped = stream is None or not stream.active
                    self._reopen("the input stream stopped" if stopped else "no audio from the device")
                continue
            yield np.frombuffer(data, dtype=np.int16)

    def frames(self) -> Iterator[np.ndarray]:
        try:
            yield from reframe(self._chunks())
        finally:
            self._close_stream()

    def close(self) -> None:
        self._closed.set()


@dataclass(frozen=True)
class DeviceInfo:
    index: int
    name: str
    inputs: int
    outputs: int
    default_rate: float


def list_devices() -> list[DeviceInfo]:
    """Audio devices PortAudio can see ([] when there are none or no PortAudio)."""
    try:
        import sounddevice
    except OSError:
        return []
    try:
        devices = sounddevice.query_devices()
    except sounddevice.PortAudioError:
        return []
    return [
        DeviceInfo(
            index=int(d["index"]), name=str(d["name"]), inputs=int(d["max_input_channels"]),
            outputs=int(d["max_output_channels"]), default_rate=float(d["default_samplerate"]),
        )
        for d in devices
    ]
