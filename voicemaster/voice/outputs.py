"""Where synthesized announcements go: the speaker (aplay) or one growing WAV file."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path
from typing import BinaryIO, Callable, Protocol

import numpy as np

from voicemaster.errors import InputError
from voicemaster.voice.synth import Pcm


class OutputError(RuntimeError):
    """Audio could not be delivered (device gone, disk full, player stuck)."""


class AudioOutput(Protocol):
    audible: bool
    """True when the sound reaches the room, so the microphone must ignore it."""

    def open(self) -> str | None:
        """Prepare once, at start; return why this output cannot work (text is used instead)."""

    def play(self, pcm: Pcm, started: Callable[[], None], timeout: float) -> None:
        """Deliver `pcm`; call `started()` when its first audio is out. Raises OutputError."""

    def close(self) -> None: ...


def _aplay_command(rate: int) -> list[str]:
    return ["aplay", "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", str(rate), "-"]


def _last_line(text: bytes) -> str:
    lines = [line.strip() for line in text.decode(errors="replace").splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


class AplayPlayer:
    """Plays through ALSA's aplay in a child process, so a stuck device can be killed."""

    audible = True

    def open(self) -> str | None:
        """Play 50 ms of silence: the only sure test that the default device opens."""
        silence = bytes(2 * 1102)
        try:
            done = subprocess.run(_aplay_command(22050), input=silence, capture_output=True, timeout=5)
        except FileNotFoundError:
            return "aplay is not installed (apt-get install alsa-utils)"
        except subprocess.TimeoutExpired:
            return "the audio device does not respond"
        if done.returncode != 0:
            return f"no usable audio output device ({_last_line(done.stderr)})"
        return None

    def play(self, pcm: Pcm, started: Callable[[], None], timeout: float) -> None:
        try:
            child = subprocess.Popen(
                _aplay_command(pcm.rate), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
            )
        except OSError as exc:
            raise OutputError(f"cannot start aplay: {exc}") from exc
        started()
        try:
            _, err = child.communicate(pcm.samples.astype("<i2").tobytes(), timeout=pcm.seconds + timeout)
        except subprocess.TimeoutExpired as exc:
            child.kill()
            child.wait()
            raise OutputError("the audio device stopped responding") from exc
        if child.returncode != 0:
            raise OutputError(f"aplay failed: {_last_line(err)}")

    def close(self) -> None:
        """Nothing is held between announcements."""


_HEADER = 44


class WavFileOutput:
    """Appends every announcement to one WAV; the header is rewritten after each append,
    so a crash at any moment leaves a playable file. A WAV already there (the first part
    of the evening, before a --resume) is continued, never overwritten."""

    audible = False

    def __init__(self, path: str | Path, gap: float) -> None:
        self.path = Path(path)
        self._gap = gap
        self._file: BinaryIO | None = None
        self._rate: int | None = None
        self._data_bytes = 0

    def open(self) -> str | None:
        """A path that cannot be written, or a file this cannot continue, is the user's
        input error, not a reason to go silent."""
        try:
            if self.path.is_file() and self.path.stat().st_size > 0:
                self._file = open(self.path, "r+b")
                size = self.path.stat().st_size
                self._rate, self._data_bytes = _continued(self._file.read(_HEADER), size, self.path)
            else:
                self._file = open(self.path, "wb")
                self._file.write(_wav_header(22050, 0))
                self._file.flush()
        except OSError as exc:
            raise InputError(f"cannot write audio output: {exc.strerror or exc}", path=str(self.path)) from exc
        return None

    def play(self, pcm: Pcm, started: Callable[[], None], timeout: float) -> None:
        if self._file is None:
            raise OutputError("the WAV output is closed")
        if self._rate is None:
            self._rate = pcm.rate
        elif pcm.rate != self._rate:
            raise OutputError(f"announcement at {pcm.rate} Hz cannot join a {self._rate} Hz WAV")
        audio = pcm.samples.astype("<i2")
        if self._data_bytes:
            audio = np.concatenate([np.zeros(round(self._gap * self._rate), dtype="<i2"), audio])
        try:
            self._append(audio.tobytes())
        except OSError as exc:
            raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
        started()

    def _append(self, data: bytes) -> None:
        assert self._file is not None and self._rate is not None
        f = self._file
        f.seek(_HEADER + self._data_bytes)
        f.write(data)
        self._data_bytes += len(data)
        f.seek(0)
        f.write(_wav_header(self._rate, self._data_bytes))
        f.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _continued(header: bytes, size: int, path: Path) -> tuple[int | None, int]:
    """Rate and data length of a WAV this output wrote (16-bit mono PCM, one data chunk);
    samples written after the header's last update (a crash) are kept."""
    fields = struct.unpack("<4sI4s4sIHHIIHH4sI", header) if len(header) == _HEADER else None
    ours = (b"RIFF", b"WAVE", b"fmt ", 16, 1, 1, 16, b"data")
    if fields is None or tuple(fields[i] for i in (0, 2, 3, 4, 5, 6, 10, 11)) != ours:
        raise InputError(
            "exists and is not a 16-bit mono WAV that VoiceMaster wrote, so it cannot be continued; "
            "choose another --audio-out file", path=str(path),
        )
    data_bytes = size - _HEADER - (size - _HEADER) % 2
    return (int(fields[7]) if data_bytes else None), data_bytes


def _wav_header(rate: int, data_bytes: int) -> bytes:
    """RIFF header of a 16-bit mono PCM WAV holding `data_bytes` of samples."""
    return struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF", 36 + data_bytes, b"WAVE",
        b"fmt ", 16, 1, 1, rate, rate * 2, 2, 16,
        b"data", data_bytes,
    )
