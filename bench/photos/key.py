"""A rendered phone photo of a key card in its stand, and the truth about it.

The card stands in a dark plastic stand, any way round (a quarter turn in the stand is as
likely as upright), photographed by a spymaster from in front, a little above or to the
side, the phone held at a slant. The truth is the 25 letters row by row as the photo shows
them, and the lights' team.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from bench.photos.cards import KEY_MM, key_card
from bench.photos.scene import TABLES, Light, develop, jpeg, plane_homography, table_texture
from bench.photos.seen import order_as_seen

SCALE = 12.0
"""Artwork px/mm."""


@dataclass(frozen=True)
class KeyShot:
    size: tuple[int, int] = (4032, 3024)
    fill: tuple[float, float] = (0.35, 0.7)
    """How much of the photo's height the card spans."""
    tilt: float = 25.0
    """Most degrees the card leans away from square on, each way."""
    roll: float = 12.0
    """Most degrees the phone is held at a slant (180: any)."""
    light: Light = Light()
    glare: tuple[int, int] = (0, 0)
    stand: bool = True
    printed: bool = False
    """The card as the English edition prints it (cards.key_card)."""


@dataclass(frozen=True)
class KeyTruth:
    key: str
    """25 letters R/B/N/A row by row as the photo shows the card."""
    starts: str
    """"red" or "blue"."""


@dataclass(frozen=True)
class RenderedKey:
    data: bytes
    truth: KeyTruth


def random_key(rng: random.Random) -> tuple[str, str]:
    """25 letters (9-8-7-1, the starting team's 9) and who starts ("R"/"B")."""
    starts = rng.choice("RB")
    other = "B" if starts == "R" else "R"
    letters = [starts] * 9 + [other] * 8 + ["N"] * 7 + ["A"]
    rng.shuffle(letters)
    return "".join(letters), starts


def render_key(shot: KeyShot, seed: str) -> RenderedKey:
    rng = random.Random(seed)
    key, starts = random_key(rng)
    art = np.asarray(key_card(key, starts, SCALE, rng, shot.printed))
    turn = rng.choice([0, 90, 180, 270]) + rng.uniform(-4, 4)
    w, h = shot.size
    f = (w / 2) / math.tan(math.radians(66) / 2)
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    fill = rng.uniform(*shot.fill)
    distance = f * KEY_MM[1] / (fill * h)
    rotation = _pose(rng, shot)
    centre = np.array([rng.uniform(-0.08, 0.08) * w, rng.uniform(-0.08, 0.08) * h, f]) * distance / f
    stand_to_photo = plane_homography(k, rotation, centre)
    art_to_stand = _art_to_stand(art.shape[1], art.shape[0], turn)
    photo = _background(rng, shot.size)
    card_h = stand_to_photo @ art_to_stand
    warped = cv2.warpPerspective(art, card_h, (w, h), flags=cv2.INTER_LINEAR)
    alpha = warped[..., 3:4].astype(np.float32) / 255
    photo = (photo * (1 - alpha) + warped[..., :3] * alpha).astype(np.uint8)
    if shot.stand:
        _stand(photo, stand_to_photo, rng)
    light = Light(gain=shot.light.gain * rng.uniform(0.9, 1.1), gradient=shot.light.gradient * rng.uniform(0.5, 1),
                  glare=rng.randint(*shot.glare), glare_strength=shot.light.glare_strength, cast=shot.light.cast,
                  blur=shot.light.blur * rng.uniform(0.5, 1), motion=shot.light.motion * rng.uniform(0.5, 1),
                  noise=shot.light.noise, jpeg=rng.randint(shot.light.jpeg - 10, shot.light.jpeg))
    data = jpeg(develop(photo, light, rng), light.jpeg)
    return RenderedKey(data, KeyTruth(_seen_key(key, card_h, art.shape[1]), "red" if starts == "R" else "blue"))


def _pose(rng: random.Random, shot: KeyShot) -> np.ndarray:
    """The card's x and y axes in camera space: leaning back or sideways, the phone rolled."""
    pitch = math.radians(rng.uniform(-shot.tilt, shot.tilt))
    yaw = math.radians(rng.uniform(-shot.tilt, shot.tilt))
    roll = math.radians(_roll(rng, shot.roll))
    rx = np.array([[1, 0, 0], [0, math.cos(pitch), -math.sin(pitch)], [0, math.sin(pitch), math.cos(pitch)]])
    ry = np.array([[math.cos(yaw), 0, math.sin(yaw)], [0, 1, 0], [-math.sin(yaw), 0, math.cos(yaw)]])
    rz = np.array([[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]])
    return rz @ ry @ rx


def _roll(rng: random.Random, most: float) -> float:
    """A slant, kept off the diagonals when any slant is allowed (at 45° no way round is
    the right one)."""
    while True:
        roll = rng.uniform(-most, most)
        if abs(((roll + 45) % 90) - 45) < 37:
            return roll


def _art_to_stand(w: int, h: int, turn: float) -> np.ndarray:
    """Artwork px → stand mm (origin at the card's middle), turned `turn` degrees in the stand."""
    t = math.radians(turn)
    to_mm = np.array([[1 / SCALE, 0, -w / 2 / SCALE], [0, 1 / SCALE, -h / 2 / SCALE], [0, 0, 1]])
    rot = np.array([[math.cos(t), -math.sin(t), 0], [math.sin(t), math.cos(t), 0], [0, 0, 1]])
    return rot @ to_mm


def _background(rng: random.Random, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    small = table_texture(rng, rng.choice(TABLES), (h // 4, w // 4), 0.5)
    wall = np.zeros_like(small)
    wall[:] = [rng.randint(60, 200)] * 3
    horizon = rng.randint(0, h // 8)
    small[:horizon] = wall[:horizon]
    return cv2.GaussianBlur(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), (0, 0), 4)


def _stand(photo: np.ndarray, stand_to_photo: np.ndarray, rng: random.Random) -> None:
    """The stand's lip over the card's lower edge (stand mm → photo)."""
    half = KEY_MM[0] / 2
    lip = np.array([[-half - 6, half - 5], [half + 6, half - 5], [half + 8, half + 12], [-half - 8, half + 12]])
    p = np.column_stack([lip, np.ones(4)]) @ stand_to_photo.T
    p = p[:, :2] / p[:, 2:3]
    tone = rng.randint(15, 60)
    cv2.fillConvexPoly(photo, p.astype(np.int32), (tone, tone, tone + 5))


def _seen_key(key: str, art_to_photo: np.ndarray, art_w: int) -> str:
    margin_guess = art_w / 2  # the grid's middle node is the artwork's middle
    pitch = (art_w - 2 * 9.25 * SCALE) / 5

    def node(i: float, j: float) -> np.ndarray:
        x, y = margin_guess + (j - 2) * pitch, margin_guess + (i - 2) * pitch
        p = art_to_photo @ np.array([x, y, 1.0])
        return p[:2] / p[2]

    return "".join(key[k] for k in order_as_seen(node))
