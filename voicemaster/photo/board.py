"""The 25 codename cards from a photo of the table.

Text lines are found and read (lines.py); a card's two printings of its word are paired
(they read opposite ways, say about the same, and each has the other above it); each pair,
or a line alone, gives where its card's middle is; a 5 × 5 grid is fitted through the
middles (lattice.py); every place's readings decide its word (words.py).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from rapidfuzz import fuzz

from voicemaster.photo.image import decode
from voicemaster.photo.lattice import SIZE, AmbiguousGrid, NoGrid, fit_lattice, place_name
from voicemaster.photo.lines import TextLine, find_lines
from voicemaster.photo.ocr import Reading, ocr
from voicemaster.photo.result import BoardPhoto, PhotoError
from voicemaster.photo.words import Sighting, decide, letters, vocabulary

MIN_CARDS = 8
"""Fewer cards found than this is no grid."""
HALF_PAIR = {"large": 1.3, "small": 2.0}
"""From a line alone to its card's middle, in the line's heights, when the photo has too
few pairs to measure it."""


@dataclass(frozen=True)
class _Card:
    """One card's evidence: where its middle is and what its lines say."""

    middle: np.ndarray
    lines: tuple[TextLine, ...]


def read_board_photo(data: bytes) -> BoardPhoto:
    """The 25 cards of a photo of the table (see BoardPhoto); PhotoError when the photo
    holds no grid of cards, or part of the grid is outside it."""
    start = time.perf_counter()
    return read_board(decode(data), start)


def read_board(rgb: np.ndarray, start: float) -> BoardPhoto:
    """read_board_photo on decoded pixels; `start`: perf_counter() when the photo came."""
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    engine = ocr()
    vocab = vocabulary()
    lines = [line for line in find_lines(engine, bgr) if len(letters(line.text)) >= 2]
    cards = _cards(lines)
    if len(cards) < MIN_CARDS:
        raise PhotoError("no grid of cards found")
    height, width = bgr.shape[:2]
    try:
        lattice, place_of = fit_lattice(np.array([c.middle for c in cards]),
                                        np.array([2.0 if len(c.lines) > 1 else 1.0 for c in cards]),
                                        (width, height), _reading_axis(lines))
    except NoGrid:
        raise PhotoError("no grid of cards found") from None
    except AmbiguousGrid as exc:
        raise PhotoError(f"only {exc.found} cards found, in {exc.rows} rows of {exc.cols}: "
                         "photograph the whole table") from None
    at: dict[int, list[TextLine]] = {}
    for k, place in place_of.items():
        at.setdefault(place, []).extend(cards[k].lines)
    if len(at) < MIN_CARDS:
        raise PhotoError("no grid of cards found")
    outside = [p for p in range(SIZE * SIZE) if p not in at and not _inside(lattice.centre(p), width, height)]
    if outside:
        names = ", ".join(place_name(p) for p in outside)
        raise PhotoError(f"only {SIZE * SIZE - len(outside)} cards in the photo: {names} missing")
    words = tuple(decide([Sighting(Reading(line.text, line.score), line.whole) for line in at.get(p, [])], vocab)
                  for p in range(SIZE * SIZE))
    return BoardPhoto(words, (time.perf_counter() - start) * 1000)


def _inside(point: np.ndarray, width: int, height: int) -> bool:
    return 0 <= point[0] < width and 0 <= point[1] < height


def _reading_axis(lines: list[TextLine]) -> np.ndarray:
    """The direction most lines read along (either way): a card row runs along it."""
    angles = np.array([2 * math.atan2(line.along[1], line.along[0]) for line in lines])
    weights = np.array([line.length for line in lines])
    mean = math.atan2((np.sin(angles) * weights).sum(), (np.cos(angles) * weights).sum()) / 2
    return np.array([math.cos(mean), math.sin(mean)])


def _cards(lines: list[TextLine]) -> list[_Card]:
    """Lines paired into cards, and the lines left alone as cards of their own."""
    pairs = _pairs(lines)
    paired = {i for pair in pairs for i in pair}
    reach = _half_pairs(lines, pairs)
    cards = [_Card((lines[i].centre + lines[j].centre) / 2, (lines[i], lines[j])) for i, j in pairs]
    large = np.median([max(lines[i].height, lines[j].height) for i, j in pairs]) if pairs else None
    small = np.median([min(lines[i].height, lines[j].height) for i, j in pairs]) if pairs else None
    for k, line in enumerate(lines):
        if k in paired:
            continue
        kind = "large"
        if large is not None and small is not None and abs(math.log(line.height / small)) < abs(math.log(line.height / large)):
            kind = "small"
        cards.append(_Card(line.centre + line.up * reach[kind] * line.height, (line,)))
    return cards


def _pairs(lines: list[TextLine]) -> list[tuple[int, int]]:
    """Lines that are one card's two printings: reading opposite ways, each above the other
    in its own frame, a few line heights apart, saying much the same."""
    options = []
    for i, j in combinations(range(len(lines)), 2):
        a, b = lines[i], lines[j]
        if float(a.along @ b.along) > -0.8:
            continue
        offset = b.centre - a.centre
        dist = float(np.linalg.norm(offset))
        tall = max(a.height, b.height)
        if not 0.8 * tall < dist < 7 * tall:
            continue
        if float(a.up @ offset) < 0.35 * dist or float(-b.up @ offset) < 0.35 * dist:
            continue
        alike = fuzz.ratio(letters(a.text), letters(b.text))
        if alike < 50:
            continue
        options.append((alike, -dist / tall, i, j))
    used: set[int] = set()
    pairs = []
    for _, _, i, j in sorted(options, reverse=True):
        if i not in used and j not in used:
            used |= {i, j}
            pairs.append((i, j))
    return pairs


def _half_pairs(lines: list[TextLine], pairs: list[tuple[int, int]]) -> dict[str, float]:
    """From a line to its card's middle in its own heights, as this photo's pairs show it."""
    if len(pairs) < 3:
        return dict(HALF_PAIR)
    large, small = [], []
    for i, j in pairs:
        half = float(np.linalg.norm(lines[i].centre - lines[j].centre)) / 2
        big, little = (lines[i], lines[j]) if lines[i].height >= lines[j].height else (lines[j], lines[i])
        large.append(half / big.height)
        small.append(half / little.height)
    return {"large": float(np.median(large)), "small": float(np.median(small))}
