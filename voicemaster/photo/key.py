"""The key card from a photo: 25 coloured squares and the lights along its edges.

Red and blue squares are found by their colour (saturated, square, all about one size), a
5 × 5 grid is fitted through them (lattice.py), and every place is then judged by the colour
in its middle, each against the others of the same photo (the light and the white balance
vary): red, blue, beige (a bystander) or dark (the assassin, crossed). The lights are the
saturated colour in a ring just outside the grid. A key must hold 9 and 8 agents, 7
bystanders and 1 assassin, and the lights must be the colour of the team with 9.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import cv2
import numpy as np

from voicemaster.game.cards import Team
from voicemaster.photo.image import decode
from voicemaster.photo.lattice import SIZE, AmbiguousGrid, Lattice, NoGrid, fit_lattice
from voicemaster.photo.result import KeyPhoto, PhotoError
from voicemaster.photo.tuning import KEY_CARD


@dataclass(frozen=True)
class KeyGrid:
    lattice: Lattice
    """In pixels of `image`."""
    image: np.ndarray
    """The photo with its long side at most KEY_CARD.work_side (BGR)."""
    area: float
    """The grid's share of the photo's area."""


def read_key_photo(data: bytes) -> KeyPhoto:
    """The key card of a photo (see KeyPhoto); PhotoError when no key card is found or its
    colours do not make a key."""
    start = time.perf_counter()
    return read_key(find_key_grids(decode(data)), start)


def read_key(grids: list[KeyGrid], start: float) -> KeyPhoto:
    """read_key_photo on the grids find_key_grids found; `start`: perf_counter() when the
    photo came."""
    if not grids:
        raise PhotoError("no key card found (its red and blue squares)")
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
    key = _colours(straight)
    counts = {letter: key.count(letter) for letter in "RBNA"}
    if sorted((counts["R"], counts["B"])) != [8, 9] or counts["N"] != 7 or counts["A"] != 1:
        return (f"the key card read as {counts['R']} red, {counts['B']} blue, {counts['N']} bystanders and "
                f"{counts['A']} assassin, not 9-8-7-1: photograph it again, square on and without glare")
    nine = Team.RED if counts["R"] == 9 else Team.BLUE
    lights = _lights(straight)
    if lights is not None and lights is not nine:
        return f"the key card's lights are {lights.value} but {nine.value} has 9 agents: photograph it again"
    return "".join(key), nine


def find_key_grids(bgr: np.ndarray) -> list[KeyGrid]:
    """The grid of a key card's squares, if the photo shows one: more than one when a whole
    row or column holds no red or blue square and either side of them could hold it."""
    scale = min(1.0, KEY_CARD.work_side / max(bgr.shape[:2]))
    small = bgr if scale == 1.0 else cv2.resize(bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    squares = _squares(small)
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
    return [KeyGrid(lattice, small, _area(lattice, size)) for lattice, place_of in options
            if len(place_of) >= KEY_CARD.min_squares]


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


def _squares(bgr: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """Middles and angles of saturated red or blue squares (seen at a slant: quadrilaterals
    up to twice as long as wide), those of the commonest size."""
    t = KEY_CARD
    found: list[tuple[np.ndarray, float, float]] = []
    kernel = np.ones((t.open_px, t.open_px), np.uint8)
    smallest = (t.smallest_side * min(bgr.shape[:2])) ** 2
    for mask in _masks(bgr):
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < smallest:
                continue
            (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
            if min(w, h) <= 0 or max(w, h) / min(w, h) > t.square_aspect or area / (w * h) < t.square_fill:
                continue
            found.append((np.array([cx, cy]), float(angle), math.sqrt(area)))
    if not found:
        return []
    sides = np.array([s for _, _, s in found])
    alike = [(np.abs(np.log(sides / s)) < math.log(t.size_alike)).sum() for s in sides]
    side = float(sides[int(np.argmax(alike))])
    return [(c, a) for c, a, s in found if abs(math.log(s / side)) < math.log(t.size_alike)]


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


def _colours(straight: np.ndarray) -> list[str]:
    """Each place's kind by the colour of its middle (the most colourful third of it: glare
    washes out part of a square, seldom all of it): clustered by hue (CIELAB's
    angle, which dim light and glare move little; a colour near grey counts for little)
    into red, blue and beige, each cluster started at the kind's usual colour, once the assassin is set apart: the darkest greyest place, when it is clearly
    darker and greyer than any other."""
    t = KEY_CARD
    lab = cv2.cvtColor(straight, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= 100 / 255
    lab[..., 1:] -= 128
    cell = t.cell
    inner = int(cell * t.middle)
    colours, shadows = [], []
    for place in range(SIZE * SIZE):
        row, col = divmod(place, SIZE)
        x, y = int((col + 1.5) * cell), int((row + 1.5) * cell)
        patch = lab[y - inner:y + inner + 1, x - inner:x + inner + 1].reshape(-1, 3)
        chroma = np.linalg.norm(patch[:, 1:], axis=1)
        colours.append(np.median(patch[chroma >= np.percentile(chroma, t.colourful_percentile)], axis=0))
        shadows.append(np.percentile(patch[:, 0], t.shadow_percentile))
    colour = np.array(colours)
    darkness = np.array(shadows) + t.chroma_darkness * np.linalg.norm(colour[:, 1:], axis=1)
    order = np.argsort(darkness)
    assassin = int(order[0]) if darkness[order[0]] < t.assassin_darker * darkness[order[1]] else None
    rest = [k for k in range(SIZE * SIZE) if k != assassin]
    saturation = np.minimum(1.0, np.linalg.norm(colour[rest, 1:], axis=1) / t.grey)
    hue = np.arctan2(colour[rest, 2], colour[rest, 1])
    points = np.column_stack([np.cos(hue), np.sin(hue)]) * saturation[:, None]
    centres = np.array([[math.cos(math.radians(a)) * m, math.sin(math.radians(a)) * m] for a, m in t.starts])
    for _ in range(t.rounds):
        label = np.argmin(((points[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2), axis=1)
        for c in range(3):
            if (label == c).any():
                centres[c] = points[label == c].mean(axis=0)
    kinds = ["A"] * (SIZE * SIZE)
    for k, c in zip(rest, label):
        kinds[k] = "RBN"[c]
    return kinds


def _lights(straight: np.ndarray) -> Team | None:
    """The colour of the lights round the grid, if there is a clear one."""
    red, blue = _masks(straight)
    ring = np.ones(red.shape, bool)
    cell = KEY_CARD.cell
    lo, hi = int(1.0 * cell), int((SIZE + 1) * cell)
    ring[lo:hi, lo:hi] = False
    r, b = int((red[ring] > 0).sum()), int((blue[ring] > 0).sum())
    enough = KEY_CARD.lights_share * ring.sum()
    dominance = KEY_CARD.lights_dominance
    if r >= enough and r > dominance * b:
        return Team.RED
    if b >= enough and b > dominance * r:
        return Team.BLUE
    return None
