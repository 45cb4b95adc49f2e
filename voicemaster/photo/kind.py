"""A photo of either kind: a key card that fills a good part of the frame makes it a key
photo; a smaller one (a key card standing beside the dealt cards, or photographed from
afar) makes it one only when the photo holds no grid of codename cards. A grid of squares all
of one colour is no key card however large (codename cards under a blue lamp): the photo is
read as a board first."""

from __future__ import annotations

import time

from voicemaster.photo.board import NoCards, read_board
from voicemaster.photo.image import decode
from voicemaster.photo.key import find_key_grids, read_key
from voicemaster.photo.result import BoardPhoto, KeyPhoto
from voicemaster.photo.tuning import KEY_CARD


def read_photo(data: bytes) -> BoardPhoto | KeyPhoto:
    """The board or the key card, whichever the photo shows (PhotoError as each reader says)."""
    start = time.perf_counter()
    bgr = decode(data)
    grids = find_key_grids(bgr)
    large = [g for g in grids if g.area >= KEY_CARD.key_area and g.two_teams]
    if large:
        return read_key(large, start)
    try:
        return read_board(bgr, start)
    except NoCards:
        if not grids:
            raise
    return read_key(grids, start)
