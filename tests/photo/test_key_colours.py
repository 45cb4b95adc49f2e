"""The split of the key card's places into red, blue and beige with the card's counts is the
cheapest one there is (checked against scipy's assignment solver, which the reader does not
ship with), ties and lopsided costs included."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment

from voicemaster.photo.key_colours import best_labels

COUNTS = st.sampled_from([(9, 8, 7), (8, 9, 7), (3, 1, 2)])


@settings(max_examples=300, deadline=None)
@given(COUNTS, st.integers(0, 2**32 - 1), st.booleans())
def test_the_split_is_the_cheapest_with_the_counts(counts: tuple[int, int, int], seed: int, rounded: bool) -> None:
    rng = np.random.default_rng(seed)
    cost = rng.random((sum(counts), 3)) * rng.choice([1.0, 100.0]) + (rng.random((sum(counts), 3)) < 0.2) * 50
    if rounded:
        cost = np.round(cost)
    labels = best_labels(cost, counts)
    assert tuple(np.bincount(labels, minlength=3)) == counts
    slots = np.repeat(np.arange(3), counts)
    rows, cols = linear_sum_assignment(cost[:, slots])
    assert cost[np.arange(len(labels)), labels].sum() <= cost[:, slots][rows, cols].sum() + 1e-9
