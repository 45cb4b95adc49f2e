"""How a 5 × 5 grid reads in a photo: the truth the renderers give and the reader must match."""

from __future__ import annotations

from typing import Callable

import numpy as np


def order_as_seen(node: Callable[[float, float], np.ndarray]) -> list[int]:
    """order[k] = the grid index (i * 5 + j, i down the grid as drawn, j along it) shown at
    photo place k: the grid direction that runs more across the photo makes the rows, read
    from the photo's left, the rows taken from the photo's top. `node(i, j)` is where a grid
    node lands in the photo."""
    c = node(2, 2)
    along, down = node(2, 3) - c, node(3, 2) - c  # j grows along, i grows down (as drawn)
    j_across = abs(along[0]) / np.linalg.norm(along) >= abs(down[0]) / np.linalg.norm(down)
    across_step, down_step = (along, down) if j_across else (down, along)
    order = [0] * 25
    for i in range(5):
        for j in range(5):
            a, d = (j, i) if j_across else (i, j)
            col = a if across_step[0] > 0 else 4 - a
            row = d if down_step[1] > 0 else 4 - d
            order[row * 5 + col] = i * 5 + j
    return order
