"""`--audio-out FILE.wav` keeps the evening in one recording: a resumed game continues it."""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import numpy as np

from tests.voice.test_tts import read_wav

VM = [sys.executable, "-m", "voicemaster"]


def play(board_files: tuple[Path, Path], journal: Path, wav: Path, lines: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    board, key = board_files
    return subprocess.run(
        [*VM, "play", "--input", "text", "--board", str(board), "--key", str(key), "--journal", str(journal),
         "--audio-out", str(wav), *extra],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
    )


def test_resuming_with_the_same_wav_appends_to_the_first_part(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    journal, wav = tmp_path / "game.jsonl", tmp_path / "evening.wav"
    first = play(board_files, journal, wav, ["clue ocean two"])
    assert first.returncode == 0, first.stderr
    params, before = read_wav(wav)
    assert params.nchannels == 1 and params.sampwidth == 2 and len(before) > params.framerate
    second = play(board_files, journal, wav, ["guess apple"], "--resume")
    assert second.returncode == 0, second.stderr
    again, after = read_wav(wav)
    assert again.framerate == params.framerate
    assert len(after) > len(before) + params.framerate // 2
    assert np.array_equal(after[: len(before)], before)
    assert np.abs(after[len(before):].astype(np.int32)).max() > 1000, "the second part is speech"


def test_a_wav_of_another_format_is_refused_not_overwritten(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    wav = tmp_path / "music.wav"
    with wave.open(str(wav), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(44100)
        out.writeframes(bytes(44100 * 4))
    original = wav.read_bytes()
    done = play(board_files, tmp_path / "game.jsonl", wav, ["status"])
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"voicemaster: {wav}: exists and is not a 16-bit mono WAV that VoiceMaster wrote, so it cannot be "
        "continued; choose another --audio-out file"
    ]
    assert wav.read_bytes() == original
