"""The key card from a photo: 25 coloured squares and the lights along its edges.

The squares are found two ways: by their colour (saturated red and blue, square, all about
one size), and as the bright squares on the card's dark panel (a real card's patterned blue
squares break up in a colour mask; under the panel's dark gaps every square stands out, the
bystanders' too), at a few brightness levels. A 5 × 5 grid is fitted through each set of
squares (lattice.py) and the one that holds the most is kept, if some red or blue squares lie
on it (a grid of codename cards is no key card). key_colours.py then judges every place's
colour. The lights are the saturated colour in a ring just outside the grid, on the card's
own edge. A key must hold 9 and 8 agents, 7 bystanders and 1 assassin, and the lights, when
seen, must be the colour of the team with 9.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

import cv2
import numpy as np

from voicemaster.game.cards import Team
from voicemaster.photo.image import decode
from voicemaster.photo.key_colours import KeyColours, Unclear, as_lab, judge_colours
from voicemaster.photo.lattice import SIZE, AmbiguousGrid, Lattice, NoGrid, fit_lattice
from voicemaster.photo.result import KeyPhoto, PhotoError
from voicemaster.photo.tuning import KEY_CARD


Square = tuple[np.ndarray, float]
"""A square's middle (px) and angle (degrees)."""
Shape = tuple[np.ndarray, float, float]
"""A square's middle, angle and side (px)."""
MOST_AGENTS = 9
"""The starting team's agents: no key card shows more squares of one team's colour."""


@dataclass(frozen=True)
class KeyGrid:
    lattice: Lattice
    """In pixels of `image`."""
    image: np.ndarray
    """The photo with its long side at most KEY_CARD.work_side (BGR)."""
    area: float
    """The grid's share of the photo's area."""
    found: int
    """How many of the squares found lie on it."""
    red: int = 0
    blue: int = 0
    """How many of its places hold a saturated red square, and a blue one."""

    @property
    def two_teams(self) -> bool:
        """Both teams' colours on it, neither on more places than the starting team has agents:
        a key card's squares, not codename cards all tinted by a blue (or red) lamp."""
        return 0 < self.red <= MOST_AGENTS and 0 < self.blue <= MOST_AGENTS


def read_key_photo(data: bytes) -> KeyPhoto:
    """The key card of a photo (see KeyPhoto); PhotoError when no key card is found or its
    colours do not make a key."""
    start = time.perf_counter()
    return read_key(find_key_grids(decode(data)), start)


def read_key(grids: list[KeyGrid], start: float) -> KeyPhoto:
    """read_key_photo on the grids find_key_grids found; `start`: perf_counter() when the
    photo came."""
    if not grids:
        raise PhotoError("no key card found (its red and blue squares): photograph it square on, "
                         "the whole card in the frame")
    read = [_read(grid) for grid in grids]
    good = [r for r in read if isinstance(r, tuple)]
    if len(good) != 1:
        raise PhotoError(next((r for r in read if isinstance(r, str)), "the key card's grid is unclear: "
                              "photograph it again, square on"))
    key, starts = good[0]
    return KeyPhoto(key, starts, (time.perf_counter() - start) * 1000)


def _read(grid: KeyGrid) -> tuple[str, Team] | str:
    """The key and who starts, or why this grid is no key."""
    straight = _straighten(grid)
    try:
        colours = judge_colours(straight)
    except Unclear as exc:
        return str(exc)
    lights = _lights(straight, colours)
    if colours.teams_sure and lights not in (None, colours.nine):
        return f"the key card's lights are {lights.value} but {colours.nine.value} has 9 agents: photograph it again"
    if not colours.teams_sure and lights is not colours.nine:
        return "which team has 9 agents is unclear: photograph the key card again, its lights in the frame"
    return colours.key, colours.nine


def find_key_grids(bgr: np.ndarray) -> list[KeyGrid]:
    """The grid of a key card's squares, if the photo shows one: more than one when a whole
    row or column holds no square found and either side of them could hold it."""
    scale = min(1.0, KEY_CARD.work_side / max(bgr.shape[:2]))
    small = bgr if scale == 1.0 else cv2.resize(bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    teams = _colour_squares(small)
    coloured = [square for squares in teams for square in squares]
    if len(coloured) < KEY_CARD.least_coloured:
        return []
    best = _grids(small, coloured)
    value = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 2]
    for level in KEY_CARD.bright_levels:
        if best and best[0].found == SIZE * SIZE:
            break
        grids = [g for g in _grids(small, _bright_squares(value, level)) if _holds(g, coloured)]
        if grids and (not best or grids[0].found > best[0].found):
            best = grids
    return [_with_teams(g, teams) for g in best]


def _grids(small: np.ndarray, squares: list[Square]) -> list[KeyGrid]:
    """The grids through these squares (see find_key_grids), each holding at least
    KEY_CARD.min_squares of them."""
    if len(squares) < KEY_CARD.min_squares:
        return []
    centres = np.array([c for c, _ in squares])
    axis = _square_axis([a for _, a in squares])
    size = (small.shape[1], small.shape[0])
    try:
        options = [fit_lattice(centres, np.ones(len(centres)), size, axis)]
    except NoGrid:
        return []
    except AmbiguousGrid as exc:
        options = exc.options
    return [KeyGrid(lattice, small, _area(lattice, size), len(place_of)) for lattice, place_of in options
            if len(place_of) >= KEY_CARD.min_squares]


def _holds(grid: KeyGrid, coloured: list[Square]) -> bool:
    """Whether at least KEY_CARD.least_coloured red or blue squares lie on the grid's places."""
    on = sum(grid.lattice.place_of(centre) is not None for centre, _ in coloured)
    return on >= KEY_CARD.least_coloured


def _with_teams(grid: KeyGrid, teams: tuple[list[Square], list[Square]]) -> KeyGrid:
    """The grid with how many of its places hold a red square, and a blue one."""
    red, blue = (len({grid.lattice.place_of(centre) for centre, _ in squares} - {None}) for squares in teams)
    return replace(grid, red=red, blue=blue)


def _area(lattice: Lattice, size: tuple[int, int]) -> float:
    """The grid's share of the photo's area."""
    corners = np.array([lattice.centre(p) for p in (0, SIZE - 1, SIZE * SIZE - 1, SIZE * (SIZE - 1))])
    area = cv2.contourArea(corners.astype(np.float32)) * (SIZE / (SIZE - 1)) ** 2
    return float(area / (size[0] * size[1]))


def _masks(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    t = KEY_CARD
    vivid = (s >= t.min_saturation) & (v >= t.min_value)
    red = ((h <= t.red_hues[0]) | (h >= t.red_hues[1])) & vivid
    blue = (h >= t.blue_hues[0]) & (h <= t.blue_hues[1]) & vivid
    return red.astype(np.uint8) * 255, blue.astype(np.uint8) * 255


def _colour_squares(bgr: np.ndarray) -> tuple[list[Square], list[Square]]:
    """Middles and angles of saturated red squares and of blue ones, those of the commonest
    size of them all."""
    kernel = np.ones((KEY_CARD.open_px, KEY_CARD.open_px), np.uint8)
    red, blue = (_square_shapes(cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), cv2.RETR_EXTERNAL)
                 for mask in _masks(bgr))
    kept = _commonest(red + blue)
    return [_plain(red[i]) for i in kept if i < len(red)], [_plain(blue[i - len(red)]) for i in kept if i >= len(red)]


def _bright_squares(value: np.ndarray, level: int) -> list[Square]:
    """Middles and angles of squares at least `level` bright (`value`: the photo's HSV value,
    0-255) on a darker ground, those of the commonest size; squares within squares count
    (the panel lies in the card)."""
    bright = (value >= level).astype(np.uint8) * 255
    kernel = np.ones((KEY_CARD.open_px, KEY_CARD.open_px), np.uint8)
    return _commonest_size(_square_shapes(cv2.morphologyEx(bright, cv2.MORPH_OPEN, kernel), cv2.RETR_LIST))


def _square_shapes(mask: np.ndarray, mode: int) -> list[Shape]:
    """Middle, angle and side of every shape in the mask that is a square seen at a slant
    (a quadrilateral up to KEY_CARD.square_aspect times as long as wide, filling most of it)."""
    t = KEY_CARD
    smallest = (t.smallest_side * min(mask.shape[:2])) ** 2
    found = []
    for contour in cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)[0]:
        area = cv2.contourArea(contour)
        if area < smallest:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
        if min(w, h) <= 0 or max(w, h) / min(w, h) > t.square_aspect or area / (w * h) < t.square_fill:
            continue
        found.append((np.array([cx, cy]), float(angle), math.sqrt(area)))
    return found


def _commonest_size(found: list[Shape]) -> list[Square]:
    """The middles and angles of the squares within KEY_CARD.size_alike of the commonest side,
    each once (a square's outline and its inside are one square)."""
    return [_plain(found[i]) for i in _commonest(found)]


def _commonest(found: list[Shape]) -> list[int]:
    """Which of `found` _commonest_size keeps, in order."""
    if not found:
        return []
    alike = math.log(KEY_CARD.size_alike)
    sides = np.array([s for _, _, s in found])
    side = float(sides[int(np.argmax([(np.abs(np.log(sides / s)) < alike).sum() for s in sides]))])
    kept: list[int] = []
    for i, (centre, _, s) in enumerate(found):
        if abs(math.log(s / side)) < alike and all(np.linalg.norm(centre - found[k][0]) >= side / 2 for k in kept):
            kept.append(i)
    return kept


def _plain(shape: Shape) -> Square:
    """A shape's middle and angle."""
    return shape[0], shape[1]


def _square_axis(angles: list[float]) -> np.ndarray:
    """The squares' common edge direction (angles in degrees, any quarter turn)."""
    quarter = np.radians(np.array(angles)) * 4
    mean = math.atan2(np.sin(quarter).mean(), np.cos(quarter).mean()) / 4
    return np.array([math.cos(mean), math.sin(mean)])


def _straighten(grid: KeyGrid) -> np.ndarray:
    """The grid and a ring of one step round it, square on: (SIZE + 2) steps of
    KEY_CARD.cell px, the grid's (column, row) 0 at pixel 1.5 steps."""
    cell = KEY_CARD.cell
    to_grid = np.array([[1 / cell, 0, -1.5], [0, 1 / cell, -1.5], [0, 0, 1]])
    h = grid.lattice.homography @ to_grid
    side = (SIZE + 2) * cell
    return cv2.warpPerspective(grid.image, h, (side, side), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _lights(straight: np.ndarray, colours: KeyColours) -> Team | None:
    """The colour of the lights round the grid, if there is a clear one: pixels of the ring
    just outside it far nearer the card's own red (or blue) squares' colour than the ring's
    usual colour (the card's border, whatever the light makes of it)."""
    ring = np.ones(straight.shape[:2], bool)
    cell = KEY_CARD.cell
    lo, hi = int(1.0 * cell), int((SIZE + 1) * cell)
    ring[lo:hi, lo:hi] = False
    seen = as_lab(straight)[ring][:, 1:]
    border = np.linalg.norm(seen - np.median(seen, axis=0), axis=1)
    red = np.linalg.norm(seen - np.array(colours.red), axis=1)
    blue = np.linalg.norm(seen - np.array(colours.blue), axis=1)
    nearer = KEY_CARD.lights_nearer
    r = int(((red < nearer * border) & (red < blue)).sum())
    b = int(((blue < nearer * border) & (blue < red)).sum())
    enough = KEY_CARD.lights_share * ring.sum()
    dominance = KEY_CARD.lights_dominance
    if r >= enough and r > dominance * b:
        return Team.RED
    if b >= enough and b > dominance * r:
        return Team.BLUE
    return None
