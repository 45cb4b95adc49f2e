"""WAV decoding and resampling to the pipeline's 16 kHz mono int16.

Written on numpy alone: the standard `wave` module refuses float and
extensible WAVs, and a resampling library would be a heavy dependency for
one windowed-sinc filter.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voicemaster.errors import InputError
from voicemaster.speech.audio.format import SAMPLE_RATE

_PCM = 1
_FLOAT = 3
_EXTENSIBLE = 0xFFFE
_STREAMING_SIZES = (0x7FFFF000, 0x7FFFFFFF, 0xFFFFFFFF)
"""Data sizes written by tools that stream a WAV to a pipe (espeak-ng --stdout)."""


@dataclass(frozen=True)
class WavFormat:
    rate: int
    channels: int
    sample_width: int
    """bytes per sample"""
    is_float: bool


def decode_wav(data: bytes, name: str, streamed: bool = False) -> tuple[np.ndarray, WavFormat]:
    """Samples as float32 in -1..1, shape (frames, channels), and the format.

    `streamed` accepts a data chunk shorter than declared (a WAV written to a pipe);
    otherwise that is a file cut short, and so is a header that ends early: said so, not
    taken for an unsupported encoding (a cut extensible header loses its real format tag).
    """
    if len(data) == 0:
        raise InputError("empty file, not a WAV", path=name)
    if len(data) < 12 and len(data) >= 4 and data[:4] == b"RIFF":
        raise InputError(f"cut short: the WAV ends inside its header ({len(data)} bytes)", path=name)
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise InputError("not a WAV file (no RIFF/WAVE header)", path=name)
    fmt: WavFormat | None = None
    pos = 12
    while pos + 8 <= len(data):
        chunk_id, size = struct.unpack_from("<4sI", data, pos)
        body = data[pos + 8 : pos + 8 + size]
        if chunk_id == b"fmt ":
            if len(body) < size:
                raise InputError(f"cut short: the WAV ends inside its header (its fmt chunk has {len(body)} "
                                 f"of {size} bytes)", path=name)
            fmt = _parse_fmt(body, name)
        elif chunk_id == b"data":
            if fmt is None:
                raise InputError("WAV data chunk before its fmt chunk", path=name)
            if len(body) < size and not (streamed or size in _STREAMING_SIZES):
                raise InputError(_data_cut(len(body), size), path=name)
            return _samples(body, fmt, name), fmt
        pos += 8 + size + (size & 1)
    if fmt is None:
        raise InputError("cut short: the WAV ends inside its header (no fmt chunk)", path=name)
    raise InputError("cut short: the WAV's header is whole but its sound data is missing (no data chunk)",
                     path=name)


def _data_cut(present: int, declared: int) -> str:
    if present == 0:
        return f"cut short: the WAV's header is whole but its sound data is missing (0 of {declared} bytes)"
    return f"cut short: the WAV holds {present} of its {declared} bytes of sound data"


def _parse_fmt(body: bytes, name: str) -> WavFormat:
    if len(body) < 16:
        raise InputError(f"bad WAV header: its fmt chunk is {len(body)} bytes, at least 16 expected", path=name)
    tag, channels, rate, _, _, bits = struct.unpack_from("<HHIIHH", body)
    if tag == _EXTENSIBLE:
        if len(body) < 26:
            raise InputError(f"bad WAV header: an extensible fmt chunk of {len(body)} bytes, at least 26 expected",
                             path=name)
        tag = struct.unpack_from("<H", body, 24)[0]
    if tag not in (_PCM, _FLOAT):
        raise InputError(f"unsupported WAV encoding (format tag {tag}); use PCM", path=name)
    width = bits // 8
    allowed = (4, 8) if tag == _FLOAT else (1, 2, 3, 4)
    if bits % 8 or width not in allowed:
        raise InputError(f"unsupported WAV sample size: {bits} bits", path=name)
    if channels < 1 or not 1000 <= rate <= 384000:
        raise InputError(f"bad WAV format: {channels} channels at {rate} Hz", path=name)
    return WavFormat(rate=rate, channels=channels, sample_width=width, is_float=tag == _FLOAT)


def _samples(body: bytes, fmt: WavFormat, name: str) -> np.ndarray:
    frame = fmt.channels * fmt.sample_width
    body = body[: len(body) - len(body) % frame]
    if fmt.is_float:
        x = np.frombuffer(body, dtype="<f4" if fmt.sample_width == 4 else "<f8")
        x = np.nan_to_num(x.astype(np.float32), nan=0.0, posinf=1.0, neginf=-1.0)
    elif fmt.sample_width == 1:
        x = (np.frombuffer(body, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    elif fmt.sample_width == 3:
        raw = np.frombuffer(body, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        ints = raw[:, 0] | (raw[:, 1] << 8) | (raw[:, 2] << 16)
        ints = np.where(ints >= 1 << 23, ints - (1 << 24), ints)
        x = ints.astype(np.float32) / float(1 << 23)
    else:
        dtype = "<i2" if fmt.sample_width == 2 else "<i4"
        scale = float(1 << (8 * fmt.sample_width - 1))
        x = np.frombuffer(body, dtype=dtype).astype(np.float32) / scale
    return x.reshape(-1, fmt.channels)


def to_pipeline_audio(samples: np.ndarray, rate: int) -> np.ndarray:
    """(frames, channels) float in -1..1 at `rate` -> 16 kHz mono int16."""
    mono = samples.mean(axis=1) if samples.ndim == 2 else samples
    mono = resample(mono.astype(np.float64), rate, SAMPLE_RATE)
    return float_to_int16(mono)


def float_to_int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x * 32768.0), -32768, 32767).astype(np.int16)


def read_wav(path: str | Path) -> np.ndarray:
    """A whole WAV file as 16 kHz mono int16; InputError naming the file if it is bad."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read WAV: {exc.strerror or exc}", path=str(path)) from exc
    samples, fmt = decode_wav(data, str(path))
    return to_pipeline_audio(samples, fmt.rate)


def resample(x: np.ndarray, rate_in: int, rate_out: int, half_taps: int = 24) -> np.ndarray:
    """Kaiser-windowed sinc interpolation; low-passed below the lower Nyquist."""
    if rate_in == rate_out or len(x) == 0:
        return np.asarray(x, dtype=np.float64)
    g = math.gcd(rate_in, rate_out)
    up, down = rate_out // g, rate_in // g
    n_out = (len(x) * up) // down
    cutoff = 0.94 * min(1.0, up / down)
    padded = np.concatenate([np.zeros(half_taps), x, np.zeros(half_taps + 1)])
    offsets = np.arange(-half_taps + 1, half_taps + 1)
    window = np.kaiser(2 * half_taps, 8.0)
    out = np.empty(n_out)
    block = 8192
    for start in range(0, n_out, block):
        n = np.arange(start, min(start + block, n_out))
        base, frac = np.divmod(n * down, up)
        idx = base[:, None] + offsets[None, :] + half_taps
        t = offsets[None, :] - frac[:, None] / up
        weights = cutoff * np.sinc(cutoff * t) * window[None, :]
        out[start : start + len(n)] = np.sum(padded[idx] * weights, axis=1)
    return out
