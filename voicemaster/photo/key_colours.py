"""Which of the key card's 25 places is red, blue, a bystander or the assassin, from the
straightened card.

Every place is judged against the others of the same card, never against fixed colours: a
warm lamp, a phone's white balance or a blurred photo move all of them together (a real
card's blue squares can come out nearly grey, its bystanders orange). The assassin is the
darkest greyest place. The other 24 are split into red, blue and beige with the counts a key
card always has (9 and 8 agents, 7 bystanders): the split that fits the colours best, for
either team holding 9, is found exactly (a transportation problem with three kinds: a split
is the best when no exchange of places round two or three kinds costs less), so a doubtful
square takes the kind the count leaves for it. A place whose kind another split would give almost as well
(glare washing a blue square out to beige) makes the card unclear: never a wrong key.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from voicemaster.game.cards import Team
from voicemaster.photo.lattice import SIZE
from voicemaster.photo.tuning import KEY_CARD

KINDS = "RBN"
"""The 24 places other than the assassin: red, blue, beige."""
_CYCLES = ((0, 1), (0, 2), (1, 2), (0, 1, 2), (0, 2, 1))
"""Every way of exchanging places round two or three kinds, the counts kept."""


@dataclass(frozen=True)
class KeyColours:
    key: str
    """25 letters R/B/N/A row by row, 9-8-7-1."""
    nine: Team
    """The team with 9 agents."""
    teams_sure: bool
    """Whether the colours alone tell which team has 9 (else the lights must)."""
    red: tuple[float, float]
    blue: tuple[float, float]
    """The card's red and blue squares' colour (CIELAB a, b) in this photo."""


class Unclear(Exception):
    """The colours do not make a key for sure: the message says what to do."""


def judge_colours(straight: np.ndarray) -> KeyColours:
    """The key that the straightened card's colours (see key._straighten) give, or Unclear."""
    colour, shadow = _place_colours(straight)
    t = KEY_CARD
    darkness = shadow + t.chroma_darkness * np.linalg.norm(colour[:, 1:], axis=1)
    order = np.argsort(darkness)
    if darkness[order[0]] > t.assassin_darker * darkness[order[1]]:
        raise Unclear("the assassin's square is unclear: photograph the key card again, in good light")
    assassin = int(order[0])
    rest = [k for k in range(SIZE * SIZE) if k != assassin]
    points = colour[rest, 1:]
    fits = sorted(((_split(points, counts), nine) for counts, nine in (((9, 8, 7), Team.RED), ((8, 9, 7), Team.BLUE))),
                  key=lambda fit: fit[0].cost)
    (best, nine), (other, _) = fits
    if best.doubt < t.sure * best.spread or best.forced > t.forced_between:
        red, blue, beige = best.nearest
        if sorted((red, blue)) != [8, 9] or beige != 7:
            raise Unclear(f"the key card read as {red} red, {blue} blue, {beige} bystanders and 1 assassin, "
                          "not 9-8-7-1: photograph it again, square on and without glare")
        raise Unclear("some squares of the key card are unclear (glare or shadow on them): "
                      "photograph it again, out of the glare")
    if not best.coloured_as_named():
        raise Unclear("the key card's colours are unclear: photograph it again, in daylight if you can")
    kinds = ["A"] * (SIZE * SIZE)
    for place, label in zip(rest, best.labels):
        kinds[place] = KINDS[label]
    return KeyColours("".join(kinds), nine, other.cost - best.cost >= t.sure * best.spread, *best.centres[:2])


def as_lab(bgr: np.ndarray) -> np.ndarray:
    """CIELAB as floats: L 0-100, a and b about -128..127 (OpenCV's 8-bit scaling undone)."""
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= 100 / 255
    lab[..., 1:] -= 128
    return lab


def _place_colours(straight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each place's colour (CIELAB, L 0-100: the median of the most colourful third of its
    middle, since glare washes out part of a square, seldom all of it) and its shadow (a low
    percentile of its lightness)."""
    t = KEY_CARD
    lab = as_lab(straight)
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
    return np.array(colours), np.array(shadows)


@dataclass(frozen=True)
class _Split:
    cost: float
    """Squared CIELAB (a, b) distance of every place to its kind's mean colour, summed."""
    spread: float
    """The median place's cost (at least KEY_CARD.least_spread): how far places stray from
    their kind's colour (the median, since a washed-out square strays far)."""
    doubt: float
    """The least extra cost of a split with the same counts that gives some place another kind."""
    labels: tuple[int, ...]
    centres: tuple[tuple[float, float], ...]
    nearest: tuple[int, int, int]
    """How many places are nearest each kind's colour (what the card looks like, uncounted)."""
    forced: float
    """Of the places the counts gave a kind other than the one they look nearest, the most
    times farther from the kind given than from that nearest kind (0 when none was): a
    washed-out square lies between the two, a look-alike does not."""

    def coloured_as_named(self) -> bool:
        """Red is the reddest kind (most CIELAB a), blue the bluest (least b)."""
        (red_a, red_b), (blue_a, blue_b), (beige_a, beige_b) = self.centres
        return red_a > max(blue_a, beige_a) and blue_b < min(red_b, beige_b)


def _split(points: np.ndarray, counts: tuple[int, int, int]) -> _Split:
    """The best split of `points` (N × 2, CIELAB a and b) into red, blue and beige holding
    `counts` places: the kinds' mean colours and the places' kinds fitted in turn from the
    reddest and the bluest places."""
    reddest = points[np.argsort(-points[:, 0])[:counts[0]]].mean(axis=0)
    bluest = points[np.argsort(points[:, 1])[:counts[1]]].mean(axis=0)
    centres = np.array([reddest, bluest, points.mean(axis=0)])
    labels = None
    for _ in range(KEY_CARD.rounds):
        labels = best_labels(_distances(points, centres), counts, labels)
        fitted = np.array([points[labels == k].mean(axis=0) for k in range(len(KINDS))])
        if np.allclose(fitted, centres):
            break
        centres = fitted
    cost = _distances(points, centres)
    labels = best_labels(cost, counts, labels)
    own = cost[np.arange(len(points)), labels]
    doubt = min(_cycle_costs(_exchanges(cost, labels)[0]))
    looks = np.argmin(cost, axis=1)
    nearest = np.bincount(looks, minlength=len(KINDS))
    forced = [cost[p, labels[p]] / max(KEY_CARD.least_spread, cost[p, looks[p]])
              for p in np.flatnonzero(looks != labels)]
    return _Split(float(own.sum()), max(KEY_CARD.least_spread, float(np.median(own))), float(doubt),
                  tuple(int(x) for x in labels), tuple((float(a), float(b)) for a, b in centres),
                  (int(nearest[0]), int(nearest[1]), int(nearest[2])), float(max(forced, default=0.0)))


def _distances(points: np.ndarray, centres: np.ndarray) -> np.ndarray:
    return ((points[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)


def best_labels(cost: np.ndarray, counts: tuple[int, ...], start: np.ndarray | None = None) -> np.ndarray:
    """The kinds (0-2) of N places, `counts[k]` of kind k, whose summed `cost` (N × 3: a
    place's cost in each kind) is least. From `start` (or a greedy split), an exchange round
    two or three kinds that costs less is made until none does: then the split is the best
    (a cycle of negative cost in the exchanges is what any cheaper split differs by)."""
    labels = _greedy(cost, counts) if start is None else start.copy()
    while True:
        extra, who = _exchanges(cost, labels)
        gains = _cycle_costs(extra)
        best = int(np.argmin(gains))
        if gains[best] >= -1e-9:
            return labels
        cycle = _CYCLES[best]
        moves = [(who[cycle[i - 1], cycle[i]], cycle[i]) for i in range(len(cycle))]
        for place, kind in moves:
            labels[place] = kind


def _cycle_costs(extra: np.ndarray) -> list[float]:
    """The extra cost of each exchange round _CYCLES, from _exchanges' extra[a, b]."""
    return [float(sum(extra[cycle[i - 1], cycle[i]] for i in range(len(cycle)))) for cycle in _CYCLES]


def _greedy(cost: np.ndarray, counts: tuple[int, ...]) -> np.ndarray:
    """A split with the counts: the cheapest (place, kind) pairs first."""
    labels = np.full(len(cost), -1)
    left = list(counts)
    for flat in np.argsort(cost, axis=None):
        place, kind = divmod(int(flat), cost.shape[1])
        if labels[place] < 0 and left[kind] > 0:
            labels[place] = kind
            left[kind] -= 1
    return labels


def _exchanges(cost: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """extra[a, b]: the least extra cost of giving one place of kind a kind b instead, and
    who[a, b] that place (inf and -1 when no place has kind a)."""
    kinds = cost.shape[1]
    moved = cost - cost[np.arange(len(labels)), labels][:, None]
    extra = np.full((kinds, kinds), np.inf)
    who = np.full((kinds, kinds), -1)
    for a in range(kinds):
        members = np.flatnonzero(labels == a)
        if len(members):
            cheapest = members[np.argmin(moved[members], axis=0)]
            extra[a], who[a] = moved[cheapest, np.arange(kinds)], cheapest
    return extra, who
