"""Photos rendered once per test session (bench/photos, calibration seeds: the benchmark's
test split is never read by tests), and the reader's OCR engine loaded once."""

from __future__ import annotations

import pytest

from bench.photos.board import BoardShot, RenderedBoard, render_board
from bench.photos.conditions import BOARD, fonts_for, words_for
from bench.photos.key import KeyShot, RenderedKey, render_key

TWO_WORDS = ["loch ness", "ice cream", "pilot", "castle", "zanzibar", "platypus", "einstein", "apple", "bear",
             "anchor", "violin", "tiger", "jupiter", "garden", "ladder", "quokka", "robot", "candle", "pirate",
             "honey", "shadow", "cairo", "dragon", "rocket", "scuba diver"]
"""Two-word cards, names, a word wordfreq barely knows (quokka) and deck words."""


def board(name: str, shot: BoardShot, words: list[str] | None = None) -> RenderedBoard:
    seed = f"tests-{name}"
    return render_board(words or words_for("calib", seed), shot, fonts_for("calib"), seed)


@pytest.fixture(scope="session")
def clean_board() -> RenderedBoard:
    return board("clean", BOARD["clean"], TWO_WORDS)


@pytest.fixture(scope="session")
def turned_board() -> RenderedBoard:
    """Taken from the table's right-hand side, a hand and a cup over cards, the key card,
    the box and a spare card around the grid."""
    return board("turned", BoardShot(sides=(90.0,), azimuth_jitter=15.0, roll=10.0, hands=1, cups=1, clutter=True,
                                     fill=(0.55, 0.65)))


@pytest.fixture(scope="session")
def cut_board() -> RenderedBoard:
    """Aimed so that an edge row or column is outside the photo."""
    return board("cut", BoardShot(cut=True, fill=(0.7, 0.8)))


@pytest.fixture(scope="session")
def key_photo() -> RenderedKey:
    return render_key(KeyShot(roll=180.0), "tests-key")
