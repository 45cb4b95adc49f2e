"""A 5 × 5 grid in a photo, from the points that were found on it.

Cards (or a key card's squares) lie on a grid that the camera sees in perspective: a
homography from grid coordinates to photo pixels. The grid is grown from the middle one
neighbour at a time (so that strong perspective does not matter), then fitted as a whole,
then named as the photo shows it: row 1 the row nearest the photo's top, each row from the
photo's left.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from voicemaster.photo.tuning import LATTICE

SIZE = 5


class NoGrid(Exception):
    """The points make no grid (too few, or no two directions)."""


@dataclass(frozen=True)
class Lattice:
    homography: np.ndarray
    """(column, row, 1), 0-based as the photo shows the grid → photo pixels."""

    def centre(self, place: int) -> np.ndarray:
        row, col = divmod(place, SIZE)
        return _apply(self.homography, np.array([[col, row]], dtype=np.float64))[0]

    def coordinates(self, points: np.ndarray) -> np.ndarray:
        """Photo pixels → (column, row) in grid steps."""
        return _apply(np.linalg.inv(self.homography), np.asarray(points, dtype=np.float64).reshape(-1, 2))

    def place_of(self, point: np.ndarray, snap: float = LATTICE.snap) -> int | None:
        """The place (0-24) whose node is within `snap` grid steps of `point`, or None."""
        col, row = self.coordinates(point)[0]
        c, r = int(round(col)), int(round(row))
        if 0 <= c < SIZE and 0 <= r < SIZE and abs(col - c) <= snap and abs(row - r) <= snap:
            return r * SIZE + c
        return None


def place_name(place: int) -> str:
    row, col = divmod(place, SIZE)
    return f"row {row + 1} card {col + 1}"


def fit_lattice(points: np.ndarray, weights: np.ndarray, image_size: tuple[int, int],
                axis: np.ndarray | None = None) -> tuple[Lattice, dict[int, int]]:
    """The grid through `points` (N × 2 photo px) and which place each point took (index →
    place). `axis`: a unit vector along one of the grid's directions, when known.
    Raises NoGrid, or AmbiguousGrid when part of the grid is missing and it cannot be told
    which part."""
    points = np.asarray(points, dtype=np.float64)
    if len(points) < LATTICE.min_points:
        raise NoGrid(f"{len(points)} points")
    step_u, step_v = _steps(points, axis)
    index = _grow(points, weights, step_u, step_v)
    if len(index) < LATTICE.min_points:
        raise NoGrid("no neighbours in two directions")
    h, index = _refine(points, weights, index)
    return _frame(points, h, index, weights, image_size)


class AmbiguousGrid(Exception):
    """Whole rows or columns are missing and either side of the points found could hold
    them: `options` are the grids it could be."""

    def __init__(self, found: int, rows: int, cols: int, options: list[tuple[Lattice, dict[int, int]]]) -> None:
        super().__init__(f"{found} points in {rows} rows of {cols}")
        self.found, self.rows, self.cols, self.options = found, rows, cols, options


def _apply(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.column_stack([pts, np.ones(len(pts))]) @ m.T
    return p[:, :2] / p[:, 2:3]


def _steps(points: np.ndarray, axis: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """The two grid steps near the points' middle: the shortest neighbour vectors along
    `axis` (or the commonest direction) and across it."""
    diffs = points[None, :, :] - points[:, None, :]
    dist = np.linalg.norm(diffs, axis=2)
    np.fill_diagonal(dist, np.inf)
    nearest = np.sort(dist, axis=1)[:, 0]
    typical = float(np.median(nearest[np.isfinite(nearest)]))
    close = (dist < LATTICE.close * typical)
    vectors = diffs[close]
    if axis is None:
        axis = _commonest_direction(vectors)
    axis = axis / np.linalg.norm(axis)
    across = np.array([-axis[1], axis[0]])
    steps = []
    for direction, cone in zip((axis, across), LATTICE.cones):
        best: list[np.ndarray] = []
        for i in range(len(points)):
            v = diffs[i][close[i]]
            if not len(v):
                continue
            lengths = np.linalg.norm(v, axis=1)
            cosines = (v @ direction) / lengths
            ok = np.abs(cosines) >= math.cos(math.radians(cone))
            if ok.any():
                k = np.argmin(np.where(ok, lengths, np.inf))
                best.append(v[k] * np.sign(cosines[k]))
        if len(best) < LATTICE.min_neighbours:
            raise NoGrid("too few neighbours")
        steps.append(np.median(np.array(best), axis=0))
    return steps[0], steps[1]


def _commonest_direction(vectors: np.ndarray) -> np.ndarray:
    t = LATTICE
    angles = np.mod(np.arctan2(vectors[:, 1], vectors[:, 0]), math.pi)
    bins = np.histogram(angles, bins=t.direction_bins, range=(0, math.pi))[0].astype(float)
    smooth = bins + t.bin_smoothing * (np.roll(bins, 1) + np.roll(bins, -1))
    peak = (np.argmax(smooth) + 0.5) * math.pi / t.direction_bins
    near = np.abs(((angles - peak + math.pi / 2) % math.pi) - math.pi / 2) < math.radians(t.direction_near)
    mean = math.atan2(np.sin(2 * angles[near]).mean(), np.cos(2 * angles[near]).mean()) / 2 if near.any() else peak
    return np.array([math.cos(mean), math.sin(mean)])


def _grow(points: np.ndarray, weights: np.ndarray, step_u: np.ndarray, step_v: np.ndarray) -> dict[int, tuple[int, int]]:
    """Grid indices reached from the point nearest the weighted middle, one neighbour at a
    time, each step measured where it is taken (perspective changes steps across a photo)."""
    middle = (points * weights[:, None]).sum(axis=0) / weights.sum()
    start = int(np.argmin(np.linalg.norm(points - middle, axis=1)))
    index = {start: (0, 0)}
    taken = {(0, 0): start}
    local = {start: (step_u, step_v)}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        u, v = local[p]
        i, j = index[p]
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)):
            target = (i + di, j + dj)
            if target in taken:
                continue
            guess = points[p] + di * u + dj * v
            step = min(np.linalg.norm(u), np.linalg.norm(v))
            reach = LATTICE.snap * step * (LATTICE.double_step_reach if abs(di) + abs(dj) > 1 else 1.0)
            d = np.linalg.norm(points - guess, axis=1)
            d[list(index)] = np.inf
            q = int(np.argmin(d))
            if d[q] > reach:
                continue
            index[q], taken[target] = target, q
            seen = (points[q] - points[p]) / (di or dj)
            local[q] = (seen, v) if di else (u, seen)
            queue.append(q)
    return index


def _refine(points: np.ndarray, weights: np.ndarray, index: dict[int, tuple[int, int]]) -> tuple[np.ndarray, dict[int, tuple[int, int]]]:
    """A homography through the indexed points, then every point re-indexed by it and the
    homography fitted again, up to LATTICE.refits times."""
    h = _fit(points, index)
    for _ in range(LATTICE.refits):
        coords = _apply(np.linalg.inv(h), points)
        rounded = np.round(coords)
        off = np.abs(coords - rounded).max(axis=1)
        claim: dict[tuple[int, int], int] = {}
        for k in np.argsort(off):
            if off[k] > LATTICE.snap:
                continue
            node = (int(rounded[k][0]), int(rounded[k][1]))
            if node not in claim:
                claim[node] = int(k)
        new_index = {k: node for node, k in claim.items()}
        if len(new_index) < LATTICE.min_points:
            break
        index = new_index
        h = _fit(points, index)
    return h, index


def _fit(points: np.ndarray, index: dict[int, tuple[int, int]]) -> np.ndarray:
    keys = sorted(index)
    grid = np.array([index[k] for k in keys], dtype=np.float64)
    img = points[keys]
    if (len(keys) >= LATTICE.homography_points
            and np.linalg.matrix_rank(np.column_stack([grid, np.ones(len(grid))])) == 3):
        h, _ = cv2.findHomography(grid, img, 0)
        if h is not None:
            return h
    a, _ = cv2.estimateAffine2D(grid, img)
    if a is None:
        raise NoGrid("points in a line")
    return np.vstack([a, [0, 0, 1]])


def _frame(points: np.ndarray, h: np.ndarray, index: dict[int, tuple[int, int]], weights: np.ndarray,
           image_size: tuple[int, int]) -> tuple[Lattice, dict[int, int]]:
    """The 5 × 5 window of the indexed grid that holds the found points, named as the photo
    shows it."""
    nodes = np.array(list(index.values()))
    weight_at = {node: weights[k] for k, node in index.items()}
    starts = []
    for axis in (0, 1):
        lo, hi = int(nodes[:, axis].min()), int(nodes[:, axis].max())
        if hi - lo + 1 >= SIZE:
            options = range(lo, hi - SIZE + 2)
        else:
            options = range(hi - SIZE + 1, lo + 1)
        starts.append(list(options))
    width, height = image_size

    def score(i0: int, j0: int) -> tuple[float, int]:
        held = sum(w for (i, j), w in weight_at.items() if i0 <= i < i0 + SIZE and j0 <= j < j0 + SIZE)
        empty_inside = 0
        for i in range(i0, i0 + SIZE):
            for j in range(j0, j0 + SIZE):
                if (i, j) not in weight_at:
                    x, y = _apply(h, np.array([[i, j]], dtype=np.float64))[0]
                    empty_inside += int(0 <= x < width and 0 <= y < height)
        return held, -empty_inside

    scored = sorted(((score(i0, j0), i0, j0) for i0 in starts[0] for j0 in starts[1]), reverse=True)
    best = scored[0][0]
    tied = [(i0, j0) for s, i0, j0 in scored if s == best]
    if len(tied) > 1 and best[1] < 0:
        found = sum(1 for (i, j) in weight_at if tied[0][0] <= i < tied[0][0] + SIZE and tied[0][1] <= j < tied[0][1] + SIZE)
        spans = [int(nodes[:, a].max() - nodes[:, a].min() + 1) for a in (0, 1)]
        raise AmbiguousGrid(found, min(spans[1], SIZE), min(spans[0], SIZE),
                            [_window(points, h, index, i0, j0) for i0, j0 in tied])
    return _window(points, h, index, scored[0][1], scored[0][2])


def _window(points: np.ndarray, h: np.ndarray, index: dict[int, tuple[int, int]], i0: int,
            j0: int) -> tuple[Lattice, dict[int, int]]:
    """The 5 × 5 window from node (i0, j0), fitted again through its own points only (a
    stray that met a node outside the window pulls the grid no more), named as the photo
    shows it."""
    inside = {k: (i, j) for k, (i, j) in index.items() if i0 <= i < i0 + SIZE and j0 <= j < j0 + SIZE}
    if len(inside) >= LATTICE.min_points:
        h = _fit(points, inside)
    window = np.array([[1, 0, i0], [0, 1, j0], [0, 0, 1]], dtype=np.float64)
    h = h @ window
    seen = _as_seen(h)
    to_place: dict[int, int] = {}
    back = np.linalg.inv(seen)
    for k, (i, j) in index.items():
        if i0 <= i < i0 + SIZE and j0 <= j < j0 + SIZE:
            col, row, _ = back @ np.array([i - i0, j - j0, 1.0])
            to_place[k] = int(round(row)) * SIZE + int(round(col))
    return Lattice(h @ seen), to_place


def _as_seen(h: np.ndarray) -> np.ndarray:
    """(column, row) as the photo shows them → the window's own (i, j): the grid direction
    that runs more across the photo is a row, left to right; the other runs down."""
    centre = _apply(h, np.array([[2.0, 2.0], [3.0, 2.0], [2.0, 3.0]]))
    di, dj = centre[1] - centre[0], centre[2] - centre[0]
    i_across = abs(di[0]) / np.linalg.norm(di) >= abs(dj[0]) / np.linalg.norm(dj)
    across, down = (di, dj) if i_across else (dj, di)
    sa = 1 if across[0] > 0 else -1
    sd = 1 if down[1] > 0 else -1
    # (col, row) → (i, j): col runs along `across`, row along `down`, flipped to grow rightwards/downwards.
    m = np.zeros((3, 3))
    m[2, 2] = 1
    along_axis, down_axis = (0, 1) if i_across else (1, 0)
    m[along_axis, 0] = sa
    m[along_axis, 2] = 0 if sa > 0 else SIZE - 1
    m[down_axis, 1] = sd
    m[down_axis, 2] = 0 if sd > 0 else SIZE - 1
    return m
