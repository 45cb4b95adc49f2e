"""One path for a recording: `voicemaster play --input FILE.wav` and `voicemaster recognize` hear
the same WAV the same way (the same noise stage and endpointer cut it, the same ear decides
against the same moment of the game), so what `recognize` and the benchmarks report is what
the table gets. Each WAV is named by what it says (speech-to-phrase's habit): `oov_*` files are
table talk and must yield nothing; `start_*` files open on the speech, with no silence before
it, and must not lose their first word.

Both commands run in this process on the one Whisper model the tests share (loading it is
the only thing skipped); play's understanding is read from what its board prints ("Heard:
"clue ocean two" → clue ocean two").
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import RED
from tests.reliability.bad_files import wav_bytes
from voicemaster import cli
from voicemaster.commands import recognize
from voicemaster.speech.ears import engines
from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.ears.engines import OpenedEar
from voicemaster.speech.ears.match_cards import similarity
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.speech.voices.speakers import say
from voicemaster.understand.intents import from_json
from voicemaster.voice.answers import understood_phrase

pytestmark = [
    pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed"),
    pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)"),
]

CLUE_PHASE = (
    ("clue fruit two", "espeak:en-us"),
    ("clue fruit two", "flite:rms"),
    ("clue ocean two", "flite:awb"),
    ("start clue ocean two", "flite:rms"),
    ("oov I think the dragon one is ours", "flite:slt"),
)
"""Voices heard right here on both paths (espeak's "ocean" is "option" on some CPUs, piper's
"fruit" "Clifford"): the clues are also asked right, 3 of 4."""
GUESS_PHASE = (
    (f"start we guess {RED[1]}", "piper:joe"),
    ("start stop", "flite:rms"),
    ("oov what about the falcon is it ours", "piper:joe"),
)
"""The guess phase is the red team's, after the clue "ocean three" (a journal resumed)."""


class Shared:
    """The tests' Whisper ear, lent to a command: it is the command's to use, not to close."""

    def __init__(self, ear: GameEar) -> None:
        self.ear = ear
        self.name, self.denoise, self.hear = ear.name, ear.denoise, ear.hear

    def close(self) -> None:
        """The ear outlives the command."""


@pytest.fixture
def lent_ear(whisper_ear: GameEar, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = OpenedEar(Shared(whisper_ear))  # type: ignore[arg-type]
    monkeypatch.setattr(engines, "open_ear", lambda *_args: opened)
    monkeypatch.setattr(recognize, "open_ear", lambda *_args: opened)


def recording(directory: Path, said: str, voice: str) -> Path:
    """The WAV named by what it says: a second of quiet room before the speech (none for a
    `start_` file), a second after, a faint hiss throughout."""
    speech = say(said.removeprefix("start ").removeprefix("oov "), voice).astype(np.int32)
    lead = 0 if said.startswith("start ") else 16000
    audio = np.concatenate([np.zeros(lead, np.int32), speech, np.zeros(16000, np.int32)])
    hiss = np.random.default_rng(len(said)).normal(0, 20, len(audio)).astype(np.int32)
    path = directory / f"{said.replace(' ', '_')}.{voice.replace(':', '-')}.wav"
    path.write_bytes(wav_bytes(np.clip(audio + hiss, -32768, 32767).astype(np.int16)))
    return path


def understood_by_play(capsys: pytest.CaptureFixture[str], wav: Path, table: list[str]) -> list[tuple[str, str]]:
    """What play heard and took each utterance for (utterances taken for nothing print nothing)."""
    capsys.readouterr()
    assert cli.main(["play", "--input", str(wav), *table, "--audio-out", "none"]) == 0
    out = capsys.readouterr().out
    return [(m[1], m[2]) for m in re.finditer(r'^Heard: "(.*)" → (.+)$', out, re.MULTILINE)]


def understood_by_recognize(capsys: pytest.CaptureFixture[str], wavs: list[Path], *moment: str) -> dict[str, list[dict]]:
    capsys.readouterr()
    assert cli.main(["recognize", *moment, *map(str, wavs)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {str(w): [line for line in lines if line["file"] == str(w)] for w in wavs}


def taken(lines: list[dict]) -> list[tuple[str, str]]:
    return [(line["transcript"], understood_phrase(from_json(line["intent"]))) for line in lines if line["intent"]]


def check_one_path(said: str, play: list[tuple[str, str]], heard: list[dict]) -> None:
    assert play == taken(heard), (said, play, heard)
    if said.startswith("oov "):
        assert play == [], said
    if said.startswith("start "):
        first, written = said.split()[1], heard[0]["transcript"].split()
        assert written and similarity(written[0], first) >= 0.5, (said, heard)


def test_play_and_recognize_hear_a_recording_alike(
    lent_ear: None, board_files: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board, key = board_files
    journal = tmp_path / "guessing.jsonl"
    capsys.readouterr()
    typed = ["play", "--input", "text", "--board", str(board), "--key", str(key), "--journal", str(journal),
             "--audio-out", "none"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", __import__("io").StringIO("clue ocean three\n"))
        assert cli.main(typed) == 0
    clue_wavs = [recording(tmp_path, said, voice) for said, voice in CLUE_PHASE]
    guess_wavs = [recording(tmp_path, said, voice) for said, voice in GUESS_PHASE]
    heard = understood_by_recognize(capsys, clue_wavs, "--board", str(board), "--phase", "clue")
    heard |= understood_by_recognize(capsys, guess_wavs, "--board", str(board), "--phase", "guess")
    fresh = ["--board", str(board), "--key", str(key)]
    for (said, _), wav in zip(CLUE_PHASE, clue_wavs):
        check_one_path(said, understood_by_play(capsys, wav, fresh), heard[str(wav)])
    for (said, _), wav in zip(GUESS_PHASE, guess_wavs):
        resumed = tmp_path / f"{wav.stem}.jsonl"
        shutil.copy(journal, resumed)
        check_one_path(said, understood_by_play(capsys, wav, ["--resume", "--journal", str(resumed)]), heard[str(wav)])
    right = [heard[str(w)][0]["intent"] for w in clue_wavs[:4]]
    assert sum(i == {"type": "clue", "word": w, "number": 2} for i, w in zip(right, ("fruit", "fruit", "ocean", "ocean"))) >= 3
