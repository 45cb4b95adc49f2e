"""Shared fixtures: one fixed deal that every rules test can reason about, and the Whisper
ear loaded once per test worker.

Synthetic speech is kept on disk between runs (git-ignored .cache/tts, keyed by text, voice
and settings), for every test and the commands they start: the suite renders each clip once.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from voicemaster.game.cards import KEY_LETTERS, Deal
from voicemaster.speech.voices.synthetic import CACHE_ENV

if TYPE_CHECKING:
    from voicemaster.speech.ears.whisper.ear import WhisperEar

os.environ.setdefault(CACHE_ENV, str(Path(__file__).resolve().parents[1] / ".cache" / "tts"))

LONGEST_FIRST = (
    "tests/reliability/test_crash_wav.py",
    "tests/setup/test_setup_speech.py",
    "tests/test_demo.py",
    "tests/reliability/test_bad_input.py",
    "tests/referee/test_build_morphology.py",
    "tests/reliability/test_crash_typed.py",
    "tests/setup/test_grid_ear.py",
    "tests/test_check_clue_cli.py",
    "tests/test_hear_ahead.py",
    "tests/test_packaging.py",
    "tests/test_readme_commands.py",
    "tests/speech/ears/test_whisper_ear.py",
    "tests/test_journal.py",
    "tests/setup/test_play_setup.py",
    "tests/setup/test_setup_command.py",
)
"""Test files of more than about 30 s, longest first (their tests' --durations=0, summed). `make test`
hands each file whole to the next free worker in this order, then the rest in their usual
order: the long ones start early and both workers end together. A new long file goes here."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


BOARD = (
    "apple bank bear boot bridge castle chair cloud crown dragon drum engine falcon "
    "forest ghost glove honey island jungle kettle ladder lemon mirror needle orbit"
).split()
KEY_ROWS = ["RRRRR", "RRRRB", "BBBBB", "BBNNN", "NNNNA"]
RED = BOARD[:9]
BLUE = BOARD[9:17]
BYSTANDERS = BOARD[17:24]
ASSASSIN = BOARD[24]


def fixed_deal() -> Deal:
    return Deal(tuple(BOARD), tuple(KEY_LETTERS[c] for c in "".join(KEY_ROWS)))


@pytest.fixture
def deal() -> Deal:
    return fixed_deal()


@pytest.fixture
def board_files(tmp_path: Path) -> tuple[Path, Path]:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(BOARD) + "\n")
    key = tmp_path / "key.txt"
    key.write_text("\n".join(KEY_ROWS) + "\n")
    return board, key


@pytest.fixture(scope="session")
def whisper_ear() -> Iterator[WhisperEar]:
    """The real Whisper base ear, loaded once per test worker and shared by every file that
    hears with it: what it keeps of an utterance is read only right after hearing it
    (`last`)."""
    from voicemaster.speech.ears.whisper.ear import WhisperEar
    from voicemaster.speech.ears.whisper.model import bundled_model, installed_parts

    if installed_parts() is None:
        pytest.skip("the Whisper model packages are not installed")
    ear = WhisperEar(bundled_model())
    yield ear
    ear.close()
