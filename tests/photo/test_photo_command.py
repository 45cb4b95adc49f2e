"""`voicemaster photo` prints SPEC §3's JSON, one object per image in order; an image that
cannot be read gets its line with an error, the others are still read, exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

from bench.photos.board import RenderedBoard
from bench.photos.key import RenderedKey
from voicemaster.game.cards import card_key

FIELDS = ["file", "kind", "cards", "key", "starts", "ms"]


def photo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voicemaster", "photo", *args], capture_output=True, text=True,
                          timeout=600)


def test_board_and_key_photos_are_told_apart_and_a_bad_file_gets_an_error_line(
        tmp_path: Path, clean_board: RenderedBoard, key_photo: RenderedKey) -> None:
    board, key, text, gone = tmp_path / "table.jpg", tmp_path / "key.jpg", tmp_path / "notes.jpg", tmp_path / "gone.jpg"
    board.write_bytes(clean_board.data)
    key.write_bytes(key_photo.data)
    text.write_text("not a photo")
    done = photo(str(board), str(text), str(key), str(gone))
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(board), str(text), str(key), str(gone)]
    first, bad, third, missing = lines
    assert list(first) == FIELDS and first["kind"] == "board" and first["key"] is None and first["starts"] is None
    assert len(first["cards"]) == 25
    said = [c for c in first["cards"] if c is not None]
    assert sum(card_key(c) == card_key(t) for c, t in zip(first["cards"], clean_board.truth.words) if c) == len(said)
    assert len(said) >= 23
    assert list(third) == FIELDS and third["kind"] == "key" and third["cards"] is None
    assert third["key"] == key_photo.truth.key and third["starts"] == key_photo.truth.starts
    assert isinstance(third["ms"], float)
    for line in (bad, missing):
        assert line["cards"] is None and line["key"] is None and line["starts"] is None
    assert bad["error"].startswith("not an image") and missing["error"].startswith("cannot read")
    assert f"{text}: not an image" in done.stderr


def test_a_photo_cut_short_says_so_in_one_line_and_the_whole_one_is_still_read(
        tmp_path: Path, clean_board: RenderedBoard) -> None:
    """A copy or an upload that did not finish: the JPEG (or PNG) is there, its end is not."""
    pixels = cv2.imdecode(np.frombuffer(clean_board.data, np.uint8), cv2.IMREAD_COLOR)
    png = cv2.imencode(".png", pixels)[1].tobytes()
    cut_jpeg, cut_png, whole = tmp_path / "cut.jpg", tmp_path / "cut.png", tmp_path / "whole.jpg"
    cut_jpeg.write_bytes(clean_board.data[: len(clean_board.data) * 2 // 3])
    cut_png.write_bytes(png[: len(png) // 2])
    whole.write_bytes(clean_board.data)
    done = photo(str(cut_jpeg), str(cut_png), str(whole))
    assert done.returncode == 2
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    assert first["error"] == "cut short: a JPEG whose data ends early (copy or take the photo again)"
    assert second["error"] == "cut short: a PNG whose data ends early (copy or take the photo again)"
    assert third["kind"] == "board" and "error" not in third
    assert done.stderr.splitlines() == [f"voicemaster: {cut_jpeg}: {first['error']}",
                                        f"voicemaster: {cut_png}: {second['error']}"]


def test_kind_key_on_a_board_photo_says_no_key_card(tmp_path: Path, clean_board: RenderedBoard) -> None:
    board = tmp_path / "table.jpg"
    board.write_bytes(clean_board.data)
    done = photo("--kind", "key", str(board))
    assert done.returncode == 2
    line = json.loads(done.stdout)
    assert line["kind"] == "key" and line["key"] is None and line["error"].startswith("no key card found")


BLUE_LAMP = (1.35, 0.84, 0.24)
"""Gains on blue, green and red that turn the rendered cards' colour into the colour of the
cards of a real photo taken under a blue lamp (issue 45: hue 101, saturation 193 in OpenCV's
HSV): every card a saturated blue square."""


def test_a_board_under_a_blue_lamp_is_read_as_a_board_not_a_key_card(
        tmp_path: Path, clean_board: RenderedBoard) -> None:
    pixels = cv2.imdecode(np.frombuffer(clean_board.data, np.uint8), cv2.IMREAD_COLOR)
    lit = np.clip(pixels.astype(np.float32) * np.array(BLUE_LAMP, np.float32), 0, 255).astype(np.uint8)
    board = tmp_path / "blue table.jpg"
    board.write_bytes(cv2.imencode(".jpg", lit, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    done = photo(str(board))
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout)
    assert line["kind"] == "board" and line["key"] is None
    said = [(c, t) for c, t in zip(line["cards"], clean_board.truth.words) if c is not None]
    assert len(said) >= 23 and all(card_key(c) == card_key(t) for c, t in said)
