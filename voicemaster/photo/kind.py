"""A photo of either kind: a key card that fills a good part of the frame makes it a key
photo (a key card standing beside the dealt cards, small, does not)."""

from __future__ import annotations

import time

from voicemaster.photo.board import read_board
from voicemaster.photo.image import decode
from voicemaster.photo.key import find_key_grids, read_key
from voicemaster.photo.result import BoardPhoto, KeyPhoto

KEY_AREA = 0.04
"""A key card's grid covering this share of the photo or more makes it a key photo."""


def read_photo(data: bytes) -> BoardPhoto | KeyPhoto:
    """The board or the key card, whichever the photo shows (PhotoError as each reader says)."""
    start = time.perf_counter()
    rgb = decode(data)
    grids = [g for g in find_key_grids(rgb) if g.area >= KEY_AREA]
    if grids:
        return read_key(grids, start)
    return read_board(rgb, start)
