"""`voicemaster recognize` on real WAV files, exactly as SPEC §3 prints it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from voicemaster.cli import main

CARDS = (
    "apple bank bear boot bridge castle chair cloud crown dragon drum engine falcon "
    "forest ghost glove honey island jungle kettle ladder lemon mirror needle"
).split() + ["Ice Cream"]


def _wav(directory: Path, name: str, text: str, voice: str = "en-us", speed: int = 175) -> str:
    path = directory / name
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text], check=True)
    return str(path)


@pytest.fixture
def board(tmp_path: Path) -> str:
    path = tmp_path / "board.txt"
    path.write_text("\n".join(CARDS) + "\n")
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    assert main(["recognize", *argv]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_guess_phase_wavs_in_order(tmp_path: Path, board: str, capsys: pytest.CaptureFixture[str]) -> None:
    files = [
        _wav(tmp_path, "we_touch_ice_cream.wav", "we touch ice cream"),
        _wav(tmp_path, "chatter.wav", "I think the dragon one is ours", "en-gb"),
        _wav(tmp_path, "stop.wav", "stop guessing"),
    ]
    out = _run(capsys, "--board", board, "--phase", "guess", "--engine", "pocketsphinx", *files)
    assert [o["file"] for o in out] == files
    assert out[0]["intent"] == {"type": "guess", "word": "Ice Cream"}
    assert out[1]["intent"] is None
    assert out[2]["intent"] == {"type": "stop"}, out[2]
    for o in out:
        assert set(o) == {"file", "transcript", "intent", "confidence", "decode_ms"}
        assert isinstance(o["transcript"], str) and 0.0 <= float(o["confidence"]) <= 1.0  # type: ignore[arg-type]
        assert float(o["decode_ms"]) > 0  # type: ignore[arg-type]


CLUE_VOICES = (("en-us", 140), ("en-us", 150), ("en-us+m1", 175), ("en-us+m3", 175), ("en-gb", 175))
"""espeak's "ocean" is near "option" for Whisper: at 175 words a minute its en-us voice is
written "clue option two" on some CPUs (int8 scores differ) and "ocean" on others."""


def test_clue_phase_wav(tmp_path: Path, board: str, capsys: pytest.CaptureFixture[str]) -> None:
    wavs = [_wav(tmp_path, f"clue{i}.wav", "clue ocean two", v, s) for i, (v, s) in enumerate(CLUE_VOICES)]
    out = _run(capsys, "--board", board, "--phase", "clue", *wavs)
    right = [o["intent"] == {"type": "clue", "word": "ocean", "number": 2} for o in out]
    assert sum(right) >= 3, out


def test_bad_wav_is_one_line_error(tmp_path: Path, board: str, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wav at all")
    assert main(["recognize", "--board", board, "--phase", "guess", "--engine", "pocketsphinx", str(bad)]) == 2
    assert "bad.wav" in capsys.readouterr().err


def test_explicit_vosk_without_model_is_an_input_error(tmp_path: Path, board: str, capsys: pytest.CaptureFixture[str]) -> None:
    wav = _wav(tmp_path, "undo.wav", "undo")
    code = main(["recognize", "--board", board, "--phase", "guess", "--engine", "vosk", "--model", str(tmp_path / "none"), wav])
    assert code == 2
    assert "vosk" in capsys.readouterr().err


def test_a_bad_file_is_reported_in_its_line_and_the_others_are_still_heard(
    tmp_path: Path, board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _wav(tmp_path, "stop.wav", "stop guessing")
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    junk = tmp_path / "junk.wav"
    junk.write_bytes(b"not a wav at all")
    last = _wav(tmp_path, "undo.wav", "undo")
    files = [first, str(empty), str(junk), last]
    assert main(["recognize", "--board", board, "--phase", "guess", "--engine", "pocketsphinx", *files]) == 2
    captured = capsys.readouterr()
    out = [json.loads(line) for line in captured.out.splitlines()]
    assert [o["file"] for o in out] == files
    assert out[0]["intent"] == {"type": "stop"} and out[3]["intent"] == {"type": "undo"}
    for bad in out[1:3]:
        assert {k: bad[k] for k in ("transcript", "intent", "confidence", "decode_ms")} == dict.fromkeys(
            ("transcript", "intent", "confidence", "decode_ms"))
        assert Path(str(bad["file"])).name in str(bad["error"])
    errors = captured.err.splitlines()
    assert len(errors) == 2 and "empty.wav" in errors[0] and "junk.wav" in errors[1]


def test_without_a_board_or_phase_a_recording_is_heard_against_the_default_word_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wav = _wav(tmp_path, "guess.wav", "we guess dragon")
    out = _run(capsys, "--engine", "pocketsphinx", wav)
    assert out[0]["file"] == wav and out[0]["intent"] == {"type": "guess", "word": "dragon"}, out


@pytest.mark.parametrize("command", ["play", "demo", "recognize", "setup", "photo", "check-clue", "state", "key", "models"])
def test_help_stands_on_its_own(command: str) -> None:
    """No help cites a document the user does not have; recognize says what WAV and --engine are."""
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-m", "voicemaster", command, "--help"], capture_output=True, text=True,
                           timeout=60)
    assert shown.returncode == 0 and "SPEC" not in shown.stdout, shown.stdout
    if command == "recognize":
        text = " ".join(shown.stdout.split())
        assert "WAV recordings: WAV files" in text and "--engine {auto,whisper,vosk,pocketsphinx} the recognizer" in text
        assert "--question a question of the referee's is open" in text and "--whole take each file as one utterance" in text
