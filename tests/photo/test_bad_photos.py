"""Photos that give no table are refused with one line a player can act on."""

from __future__ import annotations

import io
import random
import re

import numpy as np
import pytest
from PIL import Image

from bench.photos.board import RenderedBoard
from bench.photos.scene import jpeg, table_texture
from voicemaster.photo import PhotoError, read_board_photo, read_key_photo
from voicemaster.photo.lattice import place_name


def png(pixels: np.ndarray) -> bytes:
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("read", [read_board_photo, read_key_photo])
def test_bytes_that_are_no_image_are_refused(read) -> None:  # type: ignore[no-untyped-def]
    for data in (b"", b"hello, this is text"):
        with pytest.raises(PhotoError, match="^not an image"):
            read(data)


@pytest.mark.parametrize("read", [read_board_photo, read_key_photo])
def test_the_start_of_a_jpeg_alone_is_cut_short(read) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PhotoError, match="^cut short: a JPEG whose data ends early"):
        read(b"\xff\xd8\xff\xe0 truncated jpeg")


def test_a_tiny_photo_is_refused_with_its_size_and_the_least_size() -> None:
    with pytest.raises(PhotoError) as refused:
        read_board_photo(png(np.full((240, 320, 3), 128, np.uint8)))
    assert str(refused.value) == "too small (320×240; at least 640×480)"


def test_a_photo_of_an_empty_table_has_no_grid() -> None:
    table = table_texture(random.Random(3), "wood", (1200, 1600), 2.0)
    with pytest.raises(PhotoError, match="^no grid of cards found$"):
        read_board_photo(jpeg(table, 85))
    with pytest.raises(PhotoError, match="^no key card found"):
        read_key_photo(jpeg(table, 85))


def test_cards_outside_the_photo_are_named_by_their_places(cut_board: RenderedBoard) -> None:
    outside = cut_board.truth.outside
    assert 3 <= len(outside) <= 10
    with pytest.raises(PhotoError) as refused:
        read_board_photo(cut_board.data)
    match = re.fullmatch(r"only (\d+) cards in the photo: (.+) missing", str(refused.value))
    assert match, str(refused.value)
    named = match.group(2).split(", ")
    assert int(match.group(1)) == 25 - len(named)
    assert set(named) <= {place_name(p) for p in outside}, "a card whose middle is off the photo may still be read"
    assert len(named) >= len(outside) - 2
