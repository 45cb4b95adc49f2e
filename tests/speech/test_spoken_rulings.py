"""The table's rulings said aloud: a recording replayed through `voicemaster play --input
FILE.wav`, heard by the default ears, scored from the journal.

Each recording is one voice saying a whole exchange: "allow it" before any refusal and
"challenge" after a clue the table allowed (neither may do anything), a refused clue the
table allows, a guess, and the other team's clue challenged and ruled out. Synthetic voices
are heard imperfectly, so the whole exchange must come through for one voice of two, and
no voice may produce a move that was not said (a clue word may be misheard: the scripted
spymaster confirms whatever is read back).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.reliability.bad_files import wav_bytes
from voicemaster.speech.voices.speakers import say
from voicemaster.speech.voices.synthetic import pink_noise

VM = [sys.executable, "-m", "voicemaster"]
VOICES = ("flite:rms", "piper:joe")
GAP = 16000
EXCHANGE = [
    "allow it",  # nothing was refused yet: not heard
    "clue apples two",
    "yes",  # the clue as read back; a form of APPLE, refused
    "allow it",
    "challenge",  # the table allowed this clue itself: not heard
    "we guess bank",
    "stop",
    "clue river one",
    "yes",
    "challenge",
    "no",  # ruled out: an illegal clue with its penalty
]
RECORDS = [
    {"action": "clue", "word": "apples", "number": 2},
    {"action": "overrule"},
    {"action": "guess", "card": "bank"},
    {"action": "stop"},
    {"action": "clue", "word": "river", "number": 1},
    {"action": "challenge"},
    {"action": "ruling", "accept": False},
]


def recording(lines: list[str], voice: str, path: Path) -> Path:
    """Each line after a second of quiet room noise, the same noise under the speech."""
    parts = []
    for line in lines:
        speech = np.concatenate([np.zeros(GAP, dtype=np.int16), say(line, voice)]).astype(np.int32)
        room = np.resize(pink_noise(4 * GAP, seed=5) // 60, len(speech))
        parts.append(np.clip(speech + room, -32768, 32767).astype(np.int16))
    path.write_bytes(wav_bytes(np.concatenate([*parts, np.zeros(GAP, dtype=np.int16)])))
    return path


def journal_records(journal: Path) -> list[dict[str, object]]:
    records = [json.loads(line) for line in journal.read_text().splitlines()[1:]]
    return [{k: v for k, v in record.items() if k != "t"} for record in records]


def test_overrule_and_challenge_said_aloud(board_files: tuple[Path, Path], tmp_path: Path) -> None:
    board, key = board_files
    heard = {}
    for voice in VOICES:
        wav = recording(EXCHANGE, voice, tmp_path / f"{voice.replace(':', '-')}.wav")
        journal = tmp_path / f"{voice.replace(':', '-')}.jsonl"
        done = subprocess.run(
            [*VM, "play", "--input", str(wav), "--board", str(board), "--key", str(key), "--journal", str(journal),
             "--audio-out", "none"],
            capture_output=True, text=True, timeout=600,
        )
        assert done.returncode == 0, done.stderr
        heard[voice] = journal_records(journal)
        said_in_order = iter(record["action"] for record in RECORDS)
        assert all(record["action"] in said_in_order for record in heard[voice]), (voice, heard[voice])
    assert any(records == RECORDS for records in heard.values()), heard
