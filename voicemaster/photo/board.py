"""The 25 codename cards from a photo of the table.

Text lines are found, turned the right way up and read (lines.py); a card's two printings of
its word are paired (they read opposite ways, each has the other above it, and they say much
the same: pairing by place alone pairs a card with its neighbour's printing and shifts the
grid); each pair, or a line alone, gives where its card's middle is; a 5 × 5 grid is fitted
through the middles (lattice.py); every place's readings decide its word (words.py). Cards
that fall between the grid's places mean the grid is not the table's: the photo is refused
rather than words put in wrong places.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from rapidfuzz import fuzz

from voicemaster.photo.image import decode
from voicemaster.photo.lattice import SIZE, AmbiguousGrid, Lattice, NoGrid, fit_lattice, place_name
from voicemaster.photo.lines import Box, TextLine, find_boxes, read_boxes
from voicemaster.photo.ocr import Ocr, Reading, ocr
from voicemaster.photo.result import BoardPhoto, PhotoError
from voicemaster.photo.tuning import BOARD, LINES, WORDS
from voicemaster.photo.words import Sighting, decide, letters, vocabulary


class NoCards(PhotoError):
    """The photo holds no grid of codename cards (it may still hold a key card)."""

    def __init__(self) -> None:
        super().__init__("no grid of cards found")


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


def read_board(bgr: np.ndarray, start: float) -> BoardPhoto:
    """read_board_photo on decoded pixels (BGR); `start`: perf_counter() when the photo came."""
    engine = ocr()
    vocab = vocabulary()
    boxes = find_boxes(engine, bgr)
    lines = _lines_of(engine, boxes)
    pairs = _pairs(lines)
    reach = _reach(lines, pairs)
    cards = _cards(lines, pairs, reach)
    if len(cards) < BOARD.min_cards:
        raise NoCards()
    height, width = bgr.shape[:2]
    try:
        lattice, place_of = fit_lattice(np.array([c.middle for c in cards]),
                                        np.array([BOARD.pair_weight if len(c.lines) > 1 else 1.0 for c in cards]),
                                        (width, height), _reading_axis([line.box for line in lines]))
    except NoGrid:
        raise NoCards() from None
    except AmbiguousGrid as exc:
        raise PhotoError(f"only {exc.found} cards found, in {exc.rows} rows of {exc.cols}: "
                         "photograph the whole table") from None
    at: dict[int, list[TextLine]] = {}
    for k, place in place_of.items():
        at.setdefault(place, []).extend(cards[k].lines)
    if len(at) < BOARD.min_cards:
        raise NoCards()
    astray = sum(1 for k, card in enumerate(cards) if k not in place_of and _legible(card))
    if astray > max(BOARD.stray, BOARD.stray_share * len(place_of)):
        raise PhotoError("the cards do not line up in a 5 × 5 grid: photograph the table again, from above")
    unread = [p for p in range(SIZE * SIZE) if p not in at]
    for place, lines_there in _look_again(engine, bgr, lattice, unread, reach).items():
        at[place] = lines_there
    outside = [p for p in range(SIZE * SIZE) if p not in at and not _inside(lattice.centre(p), width, height)]
    if outside:
        names = ", ".join(place_name(p) for p in outside)
        raise PhotoError(f"only {SIZE * SIZE - len(outside)} cards in the photo: {names} missing")
    pace = _pace([line for lines_there in at.values() for line in lines_there])
    words = tuple(decide([_sighting(line, pace) for line in at.get(p, [])], vocab) for p in range(SIZE * SIZE))
    return BoardPhoto(words, (time.perf_counter() - start) * 1000)


def _pace(lines: list[TextLine]) -> float:
    """This photo's usual letter width, in line heights (the face and the slant set it)."""
    paces = [line.box.length / line.box.height / len(letters(line.text)) for line in lines if line.score >= WORDS.sure]
    return float(np.median(paces)) if paces else 0.0


def _sighting(line: TextLine, pace: float) -> Sighting:
    """A reading, doubted as cut short when its line ends against something else on one
    side, or holds fewer letters than its length has room for (glare washed some out)."""
    roomy = pace > 0 and line.box.length / line.box.height / len(letters(line.text)) > BOARD.roomy * pace
    return Sighting(Reading(line.text, line.score), line.box.whole and not roomy)


def _look_again(engine: Ocr, bgr: np.ndarray, lattice: Lattice, places: list[int],
                reach: dict[str, float]) -> dict[int, list[TextLine]]:
    """Places where no line was found, looked at again: their part of the photo, detected at
    up to BOARD.look_closer times the first detection's scale (a far row's words are small)."""
    found: dict[int, list[TextLine]] = {}
    height, width = bgr.shape[:2]
    scale = BOARD.look_closer * LINES.detect_side / max(height, width)
    around = (-BOARD.look_reach, BOARD.look_reach)
    for place in places:
        row, col = divmod(place, SIZE)
        corners = lattice.homography @ np.array([[col + dx, row + dy, 1.0] for dx in around for dy in around]).T
        xs, ys = corners[0] / corners[2], corners[1] / corners[2]
        x0, y0 = max(0, int(xs.min())), max(0, int(ys.min()))
        x1, y1 = min(width, int(xs.max()) + 1), min(height, int(ys.max()) + 1)
        if x1 - x0 < BOARD.look_min_px or y1 - y0 < BOARD.look_min_px:
            continue
        boxes = find_boxes(engine, bgr, (x0, y0, x1, y1), scale)
        lines = _lines_of(engine, boxes)
        for card in _cards(lines, _pairs(lines), reach):
            if lattice.place_of(card.middle) == place:
                found.setdefault(place, []).extend(card.lines)
    return found


def _inside(point: np.ndarray, width: int, height: int) -> bool:
    return 0 <= point[0] < width and 0 <= point[1] < height


def _reading_axis(boxes: list[Box]) -> np.ndarray:
    """The direction most lines read along (either way): a card row runs along it."""
    angles = np.array([2 * math.atan2(b.along[1], b.along[0]) for b in boxes])
    weights = np.array([b.length for b in boxes])
    mean = math.atan2((np.sin(angles) * weights).sum(), (np.cos(angles) * weights).sum()) / 2
    return np.array([math.cos(mean), math.sin(mean)])


def _legible(card: _Card) -> bool:
    return any(line.score >= WORDS.sure for line in card.lines)


def _cards(lines: list[TextLine], pairs: list[tuple[int, int]], reach: dict[str, float]) -> list[_Card]:
    """Paired lines as cards, and the lines left alone as cards of their own, each placed
    `reach` of its heights above itself (_reach)."""
    paired = {i for pair in pairs for i in pair}
    cards = [_Card((lines[i].box.centre + lines[j].box.centre) / 2, (lines[i], lines[j])) for i, j in pairs]
    for k, line in enumerate(lines):
        if k in paired:
            continue
        kind = "large" if not pairs or _nearer_large(lines, pairs, line.box.height) else "small"
        cards.append(_Card(line.box.centre + line.box.up * reach[kind] * line.box.height, (line,)))
    return cards



def _lines_of(engine: Ocr, boxes: list[Box]) -> list[TextLine]:
    """The lines read from `boxes` that hold enough letters for a card's word."""
    return [line for line in read_boxes(engine, boxes)
            if line is not None and len(letters(line.text)) >= WORDS.min_letters]

def _pairs(lines: list[TextLine]) -> list[tuple[int, int]]:
    """Lines that are one card's two printings: reading opposite ways, each above the other
    in its own frame, a few line heights apart, saying much the same. (taller, shorter)."""
    options = []
    for i, j in combinations(range(len(lines)), 2):
        a, b = lines[i].box, lines[j].box
        if float(a.along @ b.along) > BOARD.pair_opposite:
            continue
        offset = b.centre - a.centre
        dist = float(np.linalg.norm(offset))
        tall = max(a.height, b.height)
        nearest, farthest = BOARD.pair_distance
        if not nearest * tall < dist < farthest * tall:
            continue
        if min(float(a.up @ offset), float(-b.up @ offset)) < BOARD.pair_above * dist:
            continue
        alike = fuzz.ratio(letters(lines[i].text), letters(lines[j].text))
        if alike < BOARD.pair_alike:
            continue
        options.append((alike, -dist / tall, i, j))
    used: set[int] = set()
    pairs = []
    for _, _, i, j in sorted(options, reverse=True):
        if i not in used and j not in used:
            used |= {i, j}
            pairs.append((i, j) if lines[i].box.height >= lines[j].box.height else (j, i))
    return pairs


def _nearer_large(lines: list[TextLine], pairs: list[tuple[int, int]], height: float) -> bool:
    large = float(np.median([lines[i].box.height for i, _ in pairs]))
    small = float(np.median([lines[j].box.height for _, j in pairs]))
    return abs(math.log(height / large)) <= abs(math.log(height / small))


def _reach(lines: list[TextLine], pairs: list[tuple[int, int]]) -> dict[str, float]:
    """From a line to its card's middle in its own heights, as this photo's pairs show it."""
    if len(pairs) < BOARD.min_pairs:
        return {"large": BOARD.half_pair_large, "small": BOARD.half_pair_small}
    half = [float(np.linalg.norm(lines[i].box.centre - lines[j].box.centre)) / 2 for i, j in pairs]
    return {"large": float(np.median([h / lines[i].box.height for h, (i, _) in zip(half, pairs)])),
            "small": float(np.median([h / lines[j].box.height for h, (_, j) in zip(half, pairs)]))}
