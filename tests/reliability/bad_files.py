"""Malformed input files, each built from a good one with one thing wrong."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np

from tests.conftest import BOARD, KEY_ROWS
from voicemaster.speech.voices.synthetic import pink_noise

GOOD_BOARD = "\n".join(BOARD) + "\n"
GOOD_KEY = "\n".join(KEY_ROWS) + "\n"


def wav_bytes(samples: np.ndarray, rate: int = 16000, bits: int = 16, channels: int = 1) -> bytes:
    data = samples.astype("<i2").tobytes() if bits == 16 else bytes(len(samples) * bits // 8)
    fmt = struct.pack("<HHIIHH", 1, channels, rate, rate * channels * bits // 8, channels * bits // 8, bits)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def extensible_wav_bytes(samples: np.ndarray, rate: int = 16000) -> bytes:
    """A mono 16-bit WAV with the 40-byte WAVE_FORMAT_EXTENSIBLE header (as Audacity and many
    recorders write): its real format tag, PCM, is 24 bytes into the fmt chunk."""
    pcm_guid = struct.pack("<H", 1) + bytes.fromhex("000000001000800000aa00389b71")
    fmt = struct.pack("<HHIIHHHHI", 0xFFFE, 1, rate, rate * 2, 2, 16, 22, 16, 4) + pcm_guid
    data = samples.astype("<i2").tobytes()
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def noise_wav() -> bytes:
    """Three seconds of pink noise: a recording with nobody speaking."""
    return wav_bytes(pink_noise(48000, seed=3))


def journal_header(cards: list[str] = BOARD, version: int = 1, key: str = "".join(KEY_ROWS)) -> str:
    rules = {"exact_guesses": False, "lenient_clues": False, "allow_rhymes": False,
             "allow_compound_clues": False, "coop": False,
             "timer": {"enabled": False, "clue_seconds": 120.0, "guess_seconds": 120.0, "enforced": False}}
    return json.dumps({"format": "voicemaster-journal", "version": version, "cards": cards,
                       "key": key, "rules": rules, "created": 0.0})


def record(**fields: object) -> str:
    return json.dumps({**fields, "t": 0.0})


FILES: dict[str, bytes | str] = {
    "board-24.txt": "\n".join(BOARD[:24]) + "\n",
    "board-dup.txt": "\n".join([*BOARD[:24], BOARD[3].upper()]) + "\n",
    "board-digits.txt": "\n".join([*BOARD[:24], "r2d2"]) + "\n",
    "board-latin1.txt": GOOD_BOARD.replace("apple", "pomme").encode() + "caf\xe9\n".encode("latin-1"),
    "board-blank-line.txt": "\n".join([*BOARD[:12], "", *BOARD[12:]]) + "\n",
    "board-empty.txt": "",
    "board-ice-cream.txt": "\n".join([*BOARD[:23], "Ice Cream", "ice-cream"]) + "\n",
    "key-4-lines.txt": "\n".join(KEY_ROWS[:4]) + "\n",
    "key-letter.txt": GOOD_KEY.replace("NNNNA", "NNNNX"),
    "key-counts.txt": GOOD_KEY.replace("BBBBB", "RBBBB"),
    "key-long-row.txt": GOOD_KEY.replace("RRRRB", "RRRRBB"),
    "key-blank-line.txt": GOOD_KEY.replace("BBBBB\n", "\nBBBBB\n"),
    "words-few.txt": "\n".join(BOARD[:10]) + "\n",
    "words-dup.txt": "\n".join([*BOARD, "apple"]) + "\n",
    "words-binary.txt": bytes(range(256)) * 4,
    "config-syntax.toml": "house_rules = [exact-guesses\n",
    "config-unknown.toml": 'colour = "red"\n',
    "config-timer-type.toml": '[timer]\nclue_seconds = "long"\n',
    "config-rules-type.toml": "house_rules = 5\n",
    "config-rule-name.toml": 'house_rules = ["double-points"]\n',
    "config-voice-rate.toml": '[voice]\nrate = "fast"\n',
    "config-timer-key.toml": "[timer]\nminutes = 3\n",
    "config-bool.toml": '[timer]\nenforced = "yes"\n',
    "config-engine.toml": 'engine = "sphinx"\n',
    "config-engine-both.toml": 'engine = "both"\n',
    "config-audio-out.toml": 'audio_out = "loud"\n',
    "config-volume.toml": "[voice]\nvolume = 3\n",
    "config-voice-string.toml": 'voice = "en-gb"\n',
    "config-voice-name.toml": '[voice]\nvoice = "vulcan"\n',
    "journal-empty.jsonl": "",
    "journal-garbage.jsonl": b"\x89PNG\r\n\x1a\n" + bytes(range(200)),
    "journal-newer.jsonl": journal_header(version=7) + "\n",
    "journal-torn-middle.jsonl": "\n".join([journal_header(), '{"action": "clue", "wo', record(action="guess", card="apple")]) + "\n",
    "journal-bad-card.jsonl": "\n".join([journal_header(), record(action="clue", word="ocean", number=2),
                                         record(action="guess", card="zeppelin")]) + "\n",
    "journal-24-cards.jsonl": journal_header(cards=BOARD[:24]) + "\n",
    "journal-bad-number.jsonl": "\n".join([journal_header(), record(action="clue", word="ocean", number=12)]) + "\n",
    "journal-good.jsonl": "\n".join([journal_header(), record(action="clue", word="ocean", number=2)]) + "\n",
    "wav-empty.wav": b"",
    "wav-header-cut.wav": wav_bytes(np.zeros(1600, dtype=np.int16))[:30],
    "wav-text.wav": "this is not audio at all\n",
    "wav-12bit.wav": wav_bytes(np.zeros(1600, dtype=np.int16), bits=12),
    "wav-data-cut.wav": wav_bytes(np.zeros(16000, dtype=np.int16))[:2000],
    "wav-extensible-cut.wav": extensible_wav_bytes(np.zeros(16000, dtype=np.int16))[:44],
    "wav-no-data.wav": wav_bytes(np.zeros(16000, dtype=np.int16))[:44],
    "wav-noise.wav": b"",
}


def write_files(directory: Path) -> None:
    (directory / "board.txt").write_text(GOOD_BOARD)
    (directory / "key.txt").write_text(GOOD_KEY)
    (directory / "a-directory.txt").mkdir()
    for name, content in FILES.items():
        data = noise_wav() if name == "wav-noise.wav" else content
        path = directory / name
        if isinstance(data, str):
            path.write_text(data)
        else:
            path.write_bytes(data)
