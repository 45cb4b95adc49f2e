"""Photos of a dealt table and of key cards for the setup's tests, rendered by bench/photos (the photo
reader's own renderer, deterministic by seed) once per test run, into a folder of the run:
no photo is committed."""

from __future__ import annotations

import functools
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.photos.board import BoardShot, render_board
from bench.photos.cards import Font
from bench.photos.key import KeyShot, render_key
from voicemaster.setup.dealing import bundled_wordlist
from voicemaster.card_files import read_wordlist

SIZE = (2016, 1512)
"""Half a phone's photo each way: a quarter of the time to render and to read."""
FONTS = (Font("DejaVuSans-Bold.ttf"),)
_FOLDER = tempfile.TemporaryDirectory(prefix="voicemaster-test-photos-")


@dataclass(frozen=True)
class TablePhoto:
    path: Path
    words: tuple[str, ...]
    """The 25 cards row by row as the photo shows them."""
    hidden: frozenset[int]
    """Places (0-24) a hand covers."""


@functools.cache
def table_photo(seed: str, hands: int = 0) -> TablePhoto:
    """A photo of 25 cards of the default word list dealt by `seed`, with `hands` over some."""
    words = random.Random(seed).sample(list(read_wordlist(bundled_wordlist("default"))), 25)
    rendered = render_board(words, BoardShot(size=SIZE, hands=hands), FONTS, seed)
    path = Path(_FOLDER.name) / f"table-{seed}-{hands}.jpg"
    path.write_bytes(rendered.data)
    return TablePhoto(path, rendered.truth.words, rendered.truth.hidden)


@dataclass(frozen=True)
class KeyPhoto:
    path: Path
    key: str
    """25 letters R/B/N/A row by row as the photo shows the card."""
    starts: str
    """"red" or "blue"."""


@functools.cache
def key_photo(seed: str) -> KeyPhoto:
    """A photo of a key card in its stand, any way round, drawn by `seed`."""
    rendered = render_key(KeyShot(size=SIZE), seed)
    path = Path(_FOLDER.name) / f"key-{seed}.jpg"
    path.write_bytes(rendered.data)
    return KeyPhoto(path, rendered.truth.key, rendered.truth.starts)
