"""Shared fixtures: one fixed deal that every rules test can reason about.

Synthetic speech is kept on disk between runs (git-ignored .cache/tts, keyed by text, voice
and settings), for every test and the commands they start: the suite renders each clip once.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from voicemaster.game.cards import KEY_LETTERS, Deal
from voicemaster.speech.voices.synthetic import CACHE_ENV

os.environ.setdefault(CACHE_ENV, str(Path(__file__).resolve().parents[1] / ".cache" / "tts"))

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
