"""The grid through the cards found: each card in its place as the photo shows the table,
whatever the perspective and the turn, with cards missing and stray text about."""

from __future__ import annotations

import math
import random

import cv2
import numpy as np
import pytest

from voicemaster.photo.lattice import AmbiguousGrid, NoGrid, fit_lattice

SIZE = (4000, 3000)


def view(turn: float, tilt: float) -> np.ndarray:
    """A homography from table grid (i down, j along, 0-4) to photo pixels: the grid turned
    `turn` degrees in the photo and seen in perspective (`tilt`: how much nearer the bottom is)."""
    a = math.radians(turn)
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * [1 - tilt, 1]
    corners[2:] *= [(1 + tilt) / (1 - tilt), 1]
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    photo = corners @ rot.T * 900 + [2000, 1500]
    grid = np.array([[-0.5, -0.5], [4.5, -0.5], [4.5, 4.5], [-0.5, 4.5]], np.float64)
    return cv2.getPerspectiveTransform(grid.astype(np.float32), photo.astype(np.float32))


def nodes(h: np.ndarray, cells: list[tuple[int, int]]) -> np.ndarray:
    p = np.column_stack([np.array([(j, i) for i, j in cells], np.float64), np.ones(len(cells))]) @ h.T
    return p[:, :2] / p[:, 2:3]


@pytest.mark.parametrize("turn,expect_first", [(0, (0, 0)), (90, (4, 0)), (180, (4, 4)), (270, (0, 4)),
                                               (25, (0, 0)), (-30, (0, 0)), (200, (4, 4))])
def test_places_are_named_as_the_photo_shows_the_grid(turn: float, expect_first: tuple[int, int]) -> None:
    """Row 1 is the row nearest the photo's top, read from the photo's left."""
    rng = random.Random(turn)
    h = view(turn, 0.25)
    cells = [(i, j) for i in range(5) for j in range(5)]
    points = nodes(h, cells) + np.array([[rng.uniform(-12, 12), rng.uniform(-12, 12)] for _ in cells])
    lattice, place_of = fit_lattice(points, np.ones(len(points)), SIZE)
    assert len(place_of) == 25
    first = cells[[k for k, p in place_of.items() if p == 0][0]]
    assert first == expect_first
    for k, place in place_of.items():
        centre = lattice.centre(place)
        assert np.linalg.norm(centre - points[k]) < 40
    tops = [lattice.centre(p)[1] for p in range(5)]
    bottoms = [lattice.centre(p)[1] for p in range(20, 25)]
    assert max(tops) < min(bottoms)
    lefts = [lattice.centre(p)[0] for p in (0, 5, 10, 15, 20)]
    rights = [lattice.centre(p)[0] for p in (4, 9, 14, 19, 24)]
    assert max(lefts) < min(rights)


def test_missing_cards_and_stray_text_leave_the_others_in_place() -> None:
    h = view(8, 0.3)
    cells = [(i, j) for i in range(5) for j in range(5) if (i, j) not in {(0, 0), (2, 3), (4, 4), (3, 1)}]
    strays = np.array([[300.0, 200.0], [3800.0, 2900.0], [2000.0, 2950.0]])
    points = np.vstack([nodes(h, cells), strays])
    lattice, place_of = fit_lattice(points, np.ones(len(points)), SIZE)
    assert {place_of[k] for k in range(len(cells))} == {i * 5 + j for i, j in cells}
    assert not any(k >= len(cells) for k in place_of)
    assert np.linalg.norm(lattice.centre(0) - nodes(h, [(0, 0)])[0]) < 5


def test_a_whole_column_missing_goes_where_the_photo_ends() -> None:
    """Four columns, the first 60 px from the photo's left edge: the fifth is off that edge."""
    points = nodes(view(0, 0.1), [(i, j) for i in range(5) for j in range(4)])
    points[:, 0] -= points[:, 0].min() - 60
    lattice, place_of = fit_lattice(points, np.ones(len(points)), SIZE)
    assert lattice.centre(0)[0] < 0, "the column the photo lacks is off its left edge"
    assert sorted(place_of.values()) == [i * 5 + j for i in range(5) for j in range(1, 5)]


def test_a_column_missing_in_the_middle_of_the_photo_is_ambiguous() -> None:
    h = view(0, 0.1)
    points = nodes(h, [(i, j) for i in range(5) for j in range(1, 5)])
    with pytest.raises(AmbiguousGrid) as unsure:
        fit_lattice(points, np.ones(len(points)), SIZE)
    assert len(unsure.value.options) == 2


def test_points_without_two_directions_are_no_grid() -> None:
    with pytest.raises(NoGrid):
        fit_lattice(np.array([[100.0 * k, 500.0] for k in range(8)]), np.ones(8), SIZE)
