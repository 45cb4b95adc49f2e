"""A phone camera over a table: where things land in the photo, and what the light and the
lens do to them.

The table is the plane z = 0 in millimetres (x to the right of the photographer's side, y
away from it). A pinhole camera with a phone's field of view looks at it from a height and
an angle; `Camera.homography` maps table millimetres to photo pixels. Everything after the
projection happens in the photo: uneven light, glare, blur, noise and JPEG.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image


@dataclass(frozen=True)
class Camera:
    """A camera at `distance` mm from `target` (a table point), `elevation` degrees above the
    table, on the side `azimuth` degrees round from the photographer's (0: looking along +y),
    turned `roll` degrees about its axis; `hfov` across the photo's width."""

    size: tuple[int, int]
    distance: float
    elevation: float
    azimuth: float
    roll: float
    target: tuple[float, float] = (0.0, 0.0)
    hfov: float = 66.0

    def _pose(self) -> tuple[np.ndarray, np.ndarray]:
        el, az = math.radians(self.elevation), math.radians(self.azimuth)
        # Looking from -y towards +y at azimuth 0; the camera stands back and above.
        back = np.array([-math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)])
        centre = np.array([*self.target, 0.0]) + self.distance * back
        forward = -back
        # Up in the photo: the table's far side (rotated with azimuth), made square to forward.
        far = np.array([math.sin(az), math.cos(az), 0.0])
        up = far - forward * float(far @ forward)
        if np.linalg.norm(up) < 1e-6:
            up = np.array([0.0, 0.0, 1.0])
        up /= np.linalg.norm(up)
        right = np.cross(forward, up)
        r = math.radians(self.roll)
        right, up = right * math.cos(r) + up * math.sin(r), up * math.cos(r) - right * math.sin(r)
        rotation = np.stack([right, -up, forward])  # camera axes: x right, y down, z forward
        return rotation, centre

    def intrinsics(self) -> np.ndarray:
        w, h = self.size
        f = (w / 2) / math.tan(math.radians(self.hfov) / 2)
        return np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])

    def homography(self) -> np.ndarray:
        """Table (x, y, 1) in mm → photo pixels."""
        rotation, centre = self._pose()
        t = -rotation @ centre
        return self.intrinsics() @ np.column_stack([rotation[:, 0], rotation[:, 1], t])

    def project(self, points: np.ndarray) -> np.ndarray:
        """Table points (N × 2, mm) → photo pixels (N × 2)."""
        p = np.column_stack([points, np.ones(len(points))]) @ self.homography().T
        return p[:, :2] / p[:, 2:3]


def plane_homography(camera_k: np.ndarray, rotation: np.ndarray, centre_mm: np.ndarray) -> np.ndarray:
    """A flat card standing anywhere in front of the camera: card (x, y, 1) mm (origin at
    the card's middle) → photo pixels, for the card's axes `rotation` (columns: its x and y
    in camera space) and its middle `centre_mm` in camera space."""
    return camera_k @ np.column_stack([rotation[:, 0], rotation[:, 1], centre_mm])


def to_canvas(scale: float, origin: tuple[float, float]) -> np.ndarray:
    """Canvas pixels → table mm, for a canvas of `scale` px/mm whose top left is `origin`
    (x, y in mm; y decreases downwards on the canvas)."""
    return np.array([[1 / scale, 0, origin[0]], [0, -1 / scale, origin[1]], [0, 0, 1.0]])


def noise_field(rng: random.Random, shape: tuple[int, int], cells: int) -> np.ndarray:
    """Smooth value noise in [0, 1] over `shape`, `cells` blobs across."""
    np_rng = np.random.default_rng(rng.randrange(2**32))
    small = np_rng.random((max(2, cells * shape[0] // max(shape)), max(2, cells * shape[1] // max(shape))))
    return cv2.resize(small.astype(np.float32), (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC).clip(0, 1)


TABLES = ("wood", "dark wood", "cloth", "laminate", "beige")


def table_texture(rng: random.Random, kind: str, shape: tuple[int, int], scale: float) -> np.ndarray:
    """RGB uint8 table top at `scale` px/mm; the same seed gives the same pattern at any scale."""
    h, w = shape
    base = {"wood": (150, 105, 65), "dark wood": (80, 52, 35), "cloth": (40, 85, 60),
            "laminate": (200, 200, 196), "beige": (205, 185, 150)}[kind]
    colour = np.array([c + rng.randint(-15, 15) for c in base], dtype=np.float32)
    seed = rng.randrange(2**32)
    local = random.Random(seed)
    coarse = noise_field(local, (h, w), 6)
    fine = noise_field(local, (h, w), int(max(w, h) / scale / 6))
    shade = 0.85 + 0.3 * coarse
    if "wood" in kind:
        ys = np.arange(h, dtype=np.float32)[:, None] / scale
        xs = np.arange(w, dtype=np.float32)[None, :] / scale
        grain = np.sin((ys + 25 * coarse) * local.uniform(0.25, 0.5) + 3 * np.sin(xs / 90.0))
        shade = shade * (0.9 + 0.1 * grain) * (0.93 + 0.14 * fine)
    else:
        shade = shade * (0.92 + 0.16 * fine)
    return np.clip(shade[..., None] * colour, 0, 255).astype(np.uint8)


def skin(rng: random.Random) -> tuple[int, int, int]:
    return rng.choice([(224, 172, 140), (198, 134, 96), (141, 85, 54), (240, 200, 170)])


def draw_hand(canvas: np.ndarray, rng: random.Random, at: tuple[float, float], size: float, angle: float) -> np.ndarray:
    """A hand resting flat (palm and fingers) centred near `at` (canvas px), `size` px long;
    returns what it covers (a 0/255 mask)."""
    colour = skin(rng)
    layer = np.zeros(canvas.shape[:2], np.uint8)
    palm_w, palm_h = size * 0.45, size * 0.5
    cx, cy = at
    cv2.ellipse(layer, (int(cx), int(cy)), (int(palm_w / 2), int(palm_h / 2)), angle, 0, 360, 255, -1)
    a = math.radians(angle)
    for k, length in enumerate((0.42, 0.5, 0.47, 0.38)):
        off = (k - 1.5) * palm_w * 0.26
        base = (cx + off * math.cos(a) + palm_h * 0.4 * math.sin(a), cy + off * math.sin(a) - palm_h * 0.4 * math.cos(a))
        tip = (base[0] + length * size * math.sin(a), base[1] - length * size * math.cos(a))
        cv2.line(layer, tuple(int(v) for v in base), tuple(int(v) for v in tip), 255, int(palm_w * 0.22))
    thumb = (cx - palm_w * 0.5 * math.cos(a), cy - palm_w * 0.5 * math.sin(a))
    cv2.line(layer, (int(cx), int(cy)), tuple(int(v) for v in (thumb[0] - 0.3 * size * math.cos(a - 0.6),
                                                            thumb[1] - 0.3 * size * math.sin(a - 0.6))), 255,
             int(palm_w * 0.25))
    _paint(canvas, layer, colour, rng, shade_sigma=size * 0.02)
    return layer


def draw_cup(canvas: np.ndarray, rng: random.Random, at: tuple[float, float], radius: float) -> np.ndarray:
    """A mug seen from above: rim, coffee, handle; returns what it covers (a 0/255 mask)."""
    colour = rng.choice([(235, 235, 230), (200, 40, 40), (40, 70, 150), (60, 60, 60), (230, 200, 80)])
    layer = np.zeros(canvas.shape[:2], np.uint8)
    cx, cy = int(at[0]), int(at[1])
    a = rng.uniform(0, 2 * math.pi)
    hx, hy = int(cx + radius * 1.1 * math.cos(a)), int(cy + radius * 1.1 * math.sin(a))
    cv2.circle(layer, (hx, hy), int(radius * 0.4), 255, int(radius * 0.15))
    cv2.circle(layer, (cx, cy), int(radius), 255, -1)
    _paint(canvas, layer, colour, rng, shade_sigma=radius * 0.05)
    inner = np.zeros(canvas.shape[:2], np.uint8)
    cv2.circle(inner, (cx, cy), int(radius * 0.82), 255, -1)
    _paint(canvas, inner, rng.choice([(60, 35, 20), (110, 70, 40), (200, 190, 170)]), rng, shade_sigma=2)
    return layer


def draw_block(canvas: np.ndarray, rng: random.Random, corners: np.ndarray, colour: tuple[int, int, int]) -> None:
    layer = np.zeros(canvas.shape[:2], np.uint8)
    cv2.fillConvexPoly(layer, corners.astype(np.int32), 255)
    _paint(canvas, layer, colour, rng, shade_sigma=2)


def _paint(canvas: np.ndarray, mask: np.ndarray, colour: tuple[int, int, int], rng: random.Random,
           shade_sigma: float) -> None:
    points = cv2.findNonZero(mask)
    if points is None:
        return
    x, y, bw, bh = cv2.boundingRect(points)
    y0, y1 = max(0, y - 4), min(mask.shape[0], y + bh + 4)
    x0, x1 = max(0, x - 4), min(mask.shape[1], x + bw + 4)
    soft = cv2.GaussianBlur(mask[y0:y1, x0:x1], (0, 0), 1.2).astype(np.float32)[..., None] / 255
    tone = np.array(colour, np.float32) * rng.uniform(0.85, 1.1)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = np.clip(roi * (1 - soft) + tone * soft, 0, 255).astype(np.uint8)


def paste(canvas: np.ndarray, art: np.ndarray, centre: tuple[float, float], angle: float) -> np.ndarray:
    """Pastes RGBA `art` rotated by `angle` degrees (counter-clockwise) with its middle at
    `centre` (canvas px); returns the four corners it landed on (canvas px)."""
    h, w = art.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, 2] += np.array(centre) - np.array([w / 2, h / 2])
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) @ m[:, :2].T + m[:, 2]
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 2, [canvas.shape[1], canvas.shape[0]])
    if x1 <= x0 or y1 <= y0:
        return corners
    local = m.copy()
    local[:, 2] -= [x0, y0]
    warped = cv2.warpAffine(art, local, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_AREA,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    alpha = warped[..., 3:4].astype(np.float32) / 255
    roi = canvas[y0:y1, x0:x1]
    roi[:] = np.clip(roi * (1 - alpha) + warped[..., :3] * alpha, 0, 255).astype(np.uint8)
    return corners


@dataclass(frozen=True)
class Light:
    """What the room's light and the phone do to a photo."""

    gain: float = 1.0
    gradient: float = 0.2
    """How much darker one side of the photo is than the other (0: even)."""
    glare: int = 0
    glare_strength: float = 0.8
    cast: float = 0.05
    blur: float = 0.0
    """Gaussian sigma in px of a 4032 px wide photo (scaled with the photo)."""
    motion: float = 0.0
    """Motion blur length in px of a 4032 px wide photo."""
    noise: float = 2.0
    jpeg: int = 90
    barrel: float = 0.0
    """Radial lens distortion (a wide lens, a Raspberry Pi camera): how far the photo's
    corners are pulled in, as a share of the half diagonal."""


def develop(photo: np.ndarray, light: Light, rng: random.Random) -> np.ndarray:
    """RGB photo → what the phone saves (RGB uint8, before JPEG)."""
    h, w = photo.shape[:2]
    k = w / 4032
    sh, sw = max(8, h // 8), max(8, w // 8)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    ys, xs = ys / sh, xs / sw
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xs - 0.5) * math.cos(a) + (ys - 0.5) * math.sin(a)
    vignette = 1 - 0.5 * ((xs - 0.5) ** 2 + (ys - 0.5) ** 2)
    field = light.gain * (1 - light.gradient * (ramp + 0.5)) * vignette
    spots = np.zeros((sh, sw), np.float32)
    for _ in range(light.glare):
        gx, gy = rng.uniform(0.15, 0.85), rng.uniform(0.15, 0.85) * h / w
        sx, sy = rng.uniform(0.03, 0.08), rng.uniform(0.02, 0.06)
        t = math.radians(rng.uniform(0, 180))
        dx, dy = xs - gx, (ys * h / w) - gy
        u, v = dx * math.cos(t) + dy * math.sin(t), -dx * math.sin(t) + dy * math.cos(t)
        spot = light.glare_strength * np.exp(-((u / sx) ** 2 + (v / sy) ** 2)) ** 0.6
        spots = 1 - (1 - spots) * (1 - spot)
    field = cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)
    spots = cv2.resize(spots, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = np.array([1 + rng.uniform(-light.cast, light.cast) for _ in range(3)], np.float32)
    img = photo.astype(np.float32) * (field[..., None] * cast)
    img = img * (1 - spots[..., None]) + 255 * spots[..., None]
    if light.blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), light.blur * k)
    if light.motion > 0:
        length = max(2, int(light.motion * k))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        img = cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    if light.barrel > 0:
        img = _barrel(img, light.barrel)
    np_rng = np.random.default_rng(rng.randrange(2**32))
    img += np_rng.standard_normal(img.shape, dtype=np.float32) * light.noise
    return np.clip(img, 0, 255).astype(np.uint8)


def _barrel(img: np.ndarray, amount: float) -> np.ndarray:
    """Barrel distortion: a point at radius r (in half diagonals) is seen at r(1 - amount r²)."""
    h, w = img.shape[:2]
    half = math.hypot(w, h) / 2
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = (xs - w / 2) / half, (ys - h / 2) / half
    r2 = dx * dx + dy * dy
    # Inverse of r_seen = r (1 - k r²) by two fixed-point steps: where each seen pixel came from.
    scale = np.ones_like(r2)
    for _ in range(3):
        scale = 1 / (1 - amount * r2 * scale * scale)
    map_x = (dx * scale * half + w / 2).astype(np.float32)
    map_y = (dy * scale * half + h / 2).astype(np.float32)
    return cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def jpeg(rgb: np.ndarray, quality: int) -> bytes:
    out = io.BytesIO()
    Image.fromarray(rgb).save(out, format="JPEG", quality=quality)
    return out.getvalue()
