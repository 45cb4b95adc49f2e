"""Every source yields the same 20 ms frames; the microphone survives device faults."""

from __future__ import annotations

import struct
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from voicemaster.errors import InputError
from voicemaster.speech.audio.sources import (
    FRAME_SAMPLES, ArraySource, AudioDeviceError, Microphone, NoMicrophone, list_devices,
    read_wav, wav_source,
)
from voicemaster.speech.voices.synthetic import speak
from voicemaster.speech.audio.wav import resample

from tests.speech.fake_microphone import ScriptedMicrophone, blocks_of


def write_wav(path: Path, samples: np.ndarray, rate: int, tag: int = 1, bits: int = 16) -> None:
    """A WAV (PCM or float) written byte by byte, so the test does not trust the code under test."""
    samples = samples.reshape(len(samples), -1)
    channels = samples.shape[1]
    if tag == 3:
        body = samples.astype("<f4").tobytes()
    elif bits == 8:
        body = (np.round(samples * 127) + 128).astype(np.uint8).tobytes()
    elif bits == 24:
        ints = np.round(samples * (2**23 - 1)).astype("<i4").reshape(-1)
        body = b"".join(int(v).to_bytes(3, "little", signed=True) for v in ints)
    else:
        body = np.round(samples * 32767).astype("<i2").tobytes()
    block = channels * bits // 8
    fmt = struct.pack("<HHIIHH", tag, channels, rate, rate * block, block, bits)
    riff = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(body)) + body
    path.write_bytes(b"RIFF" + struct.pack("<I", len(riff)) + riff)


def similarity(a: np.ndarray, b: np.ndarray) -> float:
    n = min(len(a), len(b))
    return float(np.corrcoef(a[:n].astype(float), b[:n].astype(float))[0, 1])


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    return speak("cover apple")


@pytest.mark.parametrize(
    "rate,channels,tag,bits",
    [(16000, 1, 1, 16), (44100, 2, 1, 16), (48000, 1, 3, 32), (8000, 1, 1, 8), (22050, 2, 1, 24)],
)
def test_any_wav_format_becomes_the_same_16k_mono_speech(tmp_path, speech, rate, channels, tag, bits) -> None:
    x = resample(speech.astype(float) / 32768, 16000, rate)
    stereo = np.stack([x] * channels, axis=1) if channels > 1 else x
    path = tmp_path / "in.wav"
    write_wav(path, stereo, rate, tag, bits)
    audio = read_wav(path)
    assert audio.dtype == np.int16
    assert abs(len(audio) - len(speech)) <= 2
    assert similarity(audio, speech) > (0.9 if rate >= 16000 else 0.7)


@pytest.mark.parametrize(
    "content,problem",
    [
        (b"", "empty"),
        (b"hello, I am a text file\n", "not a WAV"),
        (b"RIFF\x10\x00\x00\x00WAVEfmt ", "cut short: the WAV ends inside its header"),
        ("truncate", "cut short: the WAV holds"),
        ("alaw", "unsupported WAV encoding"),
    ],
)
def test_bad_wavs_are_one_clear_error_naming_the_file(tmp_path, speech, content, problem) -> None:
    path = tmp_path / "bad.wav"
    if content == "truncate":
        write_wav(path, speech.astype(float) / 32768, 16000)
        path.write_bytes(path.read_bytes()[:-1000])
    elif content == "alaw":
        write_wav(path, speech.astype(float) / 32768, 16000, tag=6, bits=8)
    else:
        path.write_bytes(content)
    with pytest.raises(InputError) as info:
        read_wav(path)
    assert str(path) in str(info.value) and problem in str(info.value)


def test_missing_wav_is_an_input_error(tmp_path) -> None:
    with pytest.raises(InputError, match="nope.wav"):
        read_wav(tmp_path / "nope.wav")


def test_wav_source_frames_cover_the_file_and_pace_in_real_time(tmp_path, speech) -> None:
    path = tmp_path / "in.wav"
    write_wav(path, speech.astype(float) / 32768, 16000)
    frames = list(wav_source(path).frames())
    assert all(f.shape == (FRAME_SAMPLES,) and f.dtype == np.int16 for f in frames)
    assert np.array_equal(np.concatenate(frames)[: len(speech)], read_wav(path))
    start = time.monotonic()
    n = len(list(ArraySource(np.zeros(16000 * 3 // 10, np.int16), realtime=True).frames()))
    assert n == 15 and time.monotonic() - start >= 0.27


def test_overflows_are_counted_and_frames_still_flow() -> None:
    audio = np.arange(480 * 10, dtype=np.int16)
    mic = Microphone(
        stream_factory=ScriptedMicrophone([(blocks_of(audio, {0, 5}), True)]),
        retries=0, stall_timeout=0.05, queue_frames=4,
    )
    got: list[np.ndarray] = []
    with pytest.raises(AudioDeviceError, match="could not be reopened"):
        for frame in mic.frames():
            got.append(frame)
    assert mic.overflows == 2 + 6
    assert np.array_equal(np.concatenate(got)[: 480 * 4], audio[: 480 * 4])


def test_device_failure_is_reported_and_listening_resumes() -> None:
    first, second = np.full(480 * 4, 7, np.int16), np.full(480 * 4, 9, np.int16)
    factory = ScriptedMicrophone([OSError("PortAudio: device unavailable"), (blocks_of(first), True),
                                  OSError("still busy"), (blocks_of(second), False)])
    faults: list[str] = []
    mic = Microphone(stream_factory=factory, retries=3, retry_delay=0.01, stall_timeout=0.05,
                     on_fault=lambda e: faults.append(str(e)))
    frames = []
    for frame in mic.frames():
        frames.append(frame)
        if len(frames) == 2 * 480 * 4 // FRAME_SAMPLES:
            mic.close()
    audio = np.concatenate(frames)
    assert np.array_equal(audio, np.concatenate([first, second]))
    assert mic.reopens == 2
    assert "device unavailable" in faults[0] and len(faults) == 3
    assert all(stream.closed for stream in factory.opened)


def test_reopen_gives_up_with_a_catchable_error() -> None:
    mic = Microphone(stream_factory=ScriptedMicrophone([]), retries=2, retry_delay=0.01)
    with pytest.raises(AudioDeviceError, match="device gone"):
        next(iter(mic.frames()))


def test_close_from_another_thread_ends_a_silent_stream() -> None:
    mic = Microphone(stream_factory=ScriptedMicrophone([([], False)]), stall_timeout=0.05)
    threading.Timer(0.2, mic.close).start()
    assert list(mic.frames()) == []


@pytest.mark.skipif(any(d.inputs for d in list_devices()), reason="this machine has a microphone")
def test_no_microphone_says_what_to_do_instead() -> None:
    with pytest.raises(NoMicrophone) as info:
        next(iter(Microphone().frames()))
    message = str(info.value)
    assert "--input text" in message and "--input FILE.wav" in message and "voicemaster demo" in message
    assert isinstance(info.value, InputError)


def test_extensible_wavs_with_extra_chunks_are_read(tmp_path, speech) -> None:
    """Recorders write WAVE_FORMAT_EXTENSIBLE headers and LIST/odd-sized chunks before the data."""
    body = speech.astype("<i2").tobytes()
    fmt = struct.pack("<HHIIHH", 0xFFFE, 1, 16000, 32000, 2, 16) + struct.pack("<HHI", 22, 16, 4)
    fmt += struct.pack("<H", 1) + bytes(14)
    chunks = b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"LIST" + struct.pack("<I", 5) + b"abcde\x00"
    chunks += b"data" + struct.pack("<I", len(body)) + body
    path = tmp_path / "ext.wav"
    path.write_bytes(b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks)
    assert np.array_equal(read_wav(path), speech)
