"""A rendered phone photo of 25 codename cards dealt 5 × 5 on a table, and the truth about it.

The truth is what a careful person would read from the photo: the 25 words row by row as
the photo shows them (the grid's row nearest to the photo's top first, each row from the
photo's left), which of them a hand or a cup hides, and which are outside the frame.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import cv2
import numpy as np

from bench.photos.cards import CARD_MM, Font, codename_card, key_card
from bench.photos.key import random_key
from bench.photos.seen import order_as_seen
from bench.photos.scene import TABLES, Camera, Light, develop, draw_block, draw_cup, draw_hand, jpeg, paste, \
    table_texture, to_canvas

WALL = (70, 70, 75)


@dataclass(frozen=True)
class BoardShot:
    """How one kind of photo is taken: ranges the renderer draws from."""

    size: tuple[int, int] = (4032, 3024)
    elevation: tuple[float, float] = (55.0, 80.0)
    sides: tuple[float, ...] = (0.0,)
    """Which side of the table the photo is taken from (degrees round from the usual side)."""
    azimuth_jitter: float = 10.0
    roll: float = 5.0
    fill: tuple[float, float] = (0.6, 0.85)
    """How much of the photo's width (or height, when taller) the grid spans."""
    light: Light = Light()
    glare: tuple[int, int] = (0, 0)
    turned: float = 0.12
    """Share of cards dealt the other way round."""
    sloppy: float = 2.5
    """How far (mm, and degrees) a card may lie off its place in the grid."""
    hands: int = 0
    cups: int = 0
    clutter: bool = False
    cut: bool = False
    """Aim the photo so that an edge row or column of cards is outside it."""
    tables: tuple[str, ...] = TABLES
    hfov: float = 66.0
    """The lens's field of view across the photo's width (degrees)."""


@dataclass(frozen=True)
class BoardTruth:
    words: tuple[str, ...]
    """25, row by row as the photo shows them."""
    hidden: frozenset[int] = field(default_factory=frozenset)
    """Places (0-24) whose words a hand or a cup covers."""
    outside: frozenset[int] = field(default_factory=frozenset)
    """Places whose card is not in the photo."""


@dataclass(frozen=True)
class RenderedBoard:
    data: bytes
    truth: BoardTruth


def render_board(words: list[str], shot: BoardShot, fonts: tuple[Font, ...], seed: str) -> RenderedBoard:
    """A JPEG photo of `words` (25, dealt row by row from the far left as the photographer on
    the table's usual side sees them) taken as `shot` says; deterministic by `seed`."""
    rng = random.Random(seed)
    layout = _deal(rng, shot.turned, shot.sloppy)
    camera = _aim(rng, shot, layout)
    h_img = camera.homography()
    w, h = shot.size
    bg_scale, bg_origin, bg_size = 1.0, (-1300.0, 1300.0), (2600, 2600)
    kind = rng.choice(shot.tables)
    texture_seed = rng.randrange(2**32)
    background = table_texture(random.Random(texture_seed), kind, bg_size, bg_scale)
    photo = cv2.warpPerspective(background, h_img @ to_canvas(bg_scale, bg_origin), (w, h),
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=WALL)
    photo = cv2.GaussianBlur(photo, (0, 0), 1.0)
    scale = _detail_scale(camera, layout)
    x0, y0, x1, y1 = -330.0, 250.0, 330.0, -250.0
    origin = (x0, y0)
    dsize = (int((x1 - x0) * scale), int((y0 - y1) * scale))
    detail = cv2.resize(background[int(bg_origin[1] - y0):int(bg_origin[1] - y1), int(x0 - bg_origin[0]):int(x1 - bg_origin[0])],
                        dsize, interpolation=cv2.INTER_CUBIC)
    canvas_to_table = to_canvas(scale, origin)
    table_to_canvas = np.linalg.inv(canvas_to_table)
    font = rng.choice(fonts)
    word_boxes: list[list[np.ndarray]] = []
    for word, (cx, cy, angle, turned) in zip(words, layout):
        art = np.asarray(codename_card(word, font, scale, rng))
        centre = _apply(table_to_canvas, np.array([[cx, cy]]))[0]
        corners = paste(detail, art, tuple(centre), angle + (180 if turned else 0))
        word_boxes.append(_word_regions(corners))
    if shot.clutter:
        _clutter(detail, rng, table_to_canvas, scale, words, fonts)
    covers = np.zeros(detail.shape[:2], np.uint8)
    for _ in range(shot.hands):
        cx, cy, _, _ = layout[rng.randrange(25)]
        at = _apply(table_to_canvas, np.array([[cx + rng.uniform(-20, 20), cy + rng.uniform(-50, -20)]]))[0]
        covers |= draw_hand(detail, rng, tuple(at), rng.uniform(150, 190) * scale, rng.uniform(-40, 40) + 180) // 255
    for _ in range(shot.cups):
        cx, cy, _, _ = layout[rng.randrange(25)]
        at = _apply(table_to_canvas, np.array([[cx + rng.uniform(-15, 15), cy + rng.uniform(-10, 10)]]))[0]
        covers |= draw_cup(detail, rng, tuple(at), rng.uniform(38, 45) * scale) // 255
    hidden_cards = {i for i, regions in enumerate(word_boxes) if all(_covered(covers, r) > 0.3 for r in regions)}
    to_photo = h_img @ canvas_to_table
    edge = np.zeros(detail.shape[:2], np.uint8)
    edge[4:-4, 4:-4] = 255
    warped = cv2.warpPerspective(np.dstack([detail, edge]), to_photo, (w, h), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    inside = cv2.boundingRect(cv2.findNonZero(warped[..., 3]))
    x, y, bw, bh = inside
    alpha = warped[y:y + bh, x:x + bw, 3:4].astype(np.float32) / 255
    roi = photo[y:y + bh, x:x + bw]
    roi[:] = (roi * (1 - alpha) + warped[y:y + bh, x:x + bw, :3] * alpha).astype(np.uint8)
    light = _light(rng, shot)
    data = jpeg(develop(photo, light, rng), light.jpeg)
    return RenderedBoard(data, _truth(camera, layout, words, hidden_cards))


def _deal(rng: random.Random, turned: float, sloppy: float) -> list[tuple[float, float, float, bool]]:
    """Card middles (mm), small turns (degrees) and which are the other way round, row by
    row from the far left; `sloppy`: how far (mm, and degrees) a card may sit off its place."""
    gap_x, gap_y = rng.uniform(4, 14), rng.uniform(4, 14)
    pitch_x, pitch_y = CARD_MM[0] + gap_x, CARD_MM[1] + gap_y
    out = []
    for r in range(5):
        for c in range(5):
            out.append(((c - 2) * pitch_x + rng.uniform(-sloppy, sloppy), (2 - r) * pitch_y + rng.uniform(-sloppy, sloppy),
                        rng.uniform(-sloppy, sloppy), rng.random() < turned))
    return out


def _grid_corners(layout: list[tuple[float, float, float, bool]]) -> np.ndarray:
    xs = [x for x, _, _, _ in layout]
    ys = [y for _, y, _, _ in layout]
    return np.array([[min(xs) - 35, max(ys) + 23], [max(xs) + 35, max(ys) + 23],
                     [max(xs) + 35, min(ys) - 23], [min(xs) - 35, min(ys) - 23]])


def _aim(rng: random.Random, shot: BoardShot, layout: list[tuple[float, float, float, bool]]) -> Camera:
    """A camera whose photo holds the grid at the shot's fill (or cut off at one edge)."""
    elevation = rng.uniform(*shot.elevation)
    azimuth = rng.choice(shot.sides) + rng.uniform(-shot.azimuth_jitter, shot.azimuth_jitter)
    roll = rng.uniform(-shot.roll, shot.roll)
    fill = rng.uniform(*shot.fill)
    target = (rng.uniform(-15, 15), rng.uniform(-15, 15))
    corners = _grid_corners(layout)
    distance = 600.0
    for _ in range(6):
        camera = Camera(shot.size, distance, elevation, azimuth, roll, target, shot.hfov)
        p = camera.project(corners)
        span = max((p[:, 0].max() - p[:, 0].min()) / shot.size[0], (p[:, 1].max() - p[:, 1].min()) / shot.size[1])
        distance *= span / fill
    camera = Camera(shot.size, distance, elevation, azimuth, roll, target, shot.hfov)
    if shot.cut:
        camera = _cut(camera, layout, rng)
    return camera


def _cut(camera: Camera, layout: list[tuple[float, float, float, bool]], rng: random.Random) -> Camera:
    """The camera moved along the table until three or more cards of one edge row or column
    are out of the photo (and none of the next)."""
    along = np.array(rng.choice([(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]))
    centres = np.array([[x, y] for x, y, _, _ in layout])
    edge = centres @ -along
    first = np.isclose(edge, edge.max(), atol=20)
    w, h = camera.size
    for shift in range(5, 400, 5):
        moved = Camera(camera.size, camera.distance, camera.elevation, camera.azimuth, camera.roll,
                       tuple(np.array(camera.target) + along * shift), camera.hfov)
        p = moved.project(centres)
        out = ~((p[:, 0] >= 0) & (p[:, 0] < w) & (p[:, 1] >= 0) & (p[:, 1] < h))
        if (out & ~first).any():
            break
        if (out & first).sum() >= 3:
            return moved
    raise ValueError("no framing cuts off one edge line alone")


def _detail_scale(camera: Camera, layout: list[tuple[float, float, float, bool]]) -> float:
    """Canvas px/mm: as fine as the photo is over the grid's nearest part (at most 8)."""
    corners = _grid_corners(layout)
    finest = 0.0
    for x, y in corners:
        p = camera.project(np.array([[x, y], [x + 1, y], [x, y + 1]]))
        finest = max(finest, np.linalg.norm(p[1] - p[0]), np.linalg.norm(p[2] - p[0]))
    return float(min(8.0, max(2.0, finest * 1.2)))


def _apply(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.column_stack([pts, np.ones(len(pts))]) @ m.T
    return p[:, :2] / p[:, 2:3]


def _word_regions(corners: np.ndarray) -> list[np.ndarray]:
    """The card's two word regions (canvas px quadrilaterals) from its pasted corners
    (top left, top right, bottom right, bottom left of the artwork)."""
    tl, tr, br, bl = corners

    def at(u: float, v: float) -> np.ndarray:
        return tl + (tr - tl) * u + (bl - tl) * v

    return [np.array([at(0.12, 0.62), at(0.88, 0.62), at(0.88, 0.92), at(0.12, 0.92)]),
            np.array([at(0.35, 0.08), at(0.95, 0.08), at(0.95, 0.32), at(0.35, 0.32)])]


def _covered(covers: np.ndarray, region: np.ndarray) -> float:
    x, y, w, h = cv2.boundingRect(region.astype(np.int32))
    x, y = max(x, 0), max(y, 0)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, (region - [x, y]).astype(np.int32), 1)
    mask = mask[:covers.shape[0] - y, :covers.shape[1] - x]
    area = int(mask.sum())
    return float((covers[y:y + h, x:x + w] & mask).sum() / area) if area else 0.0


def _clutter(canvas: np.ndarray, rng: random.Random, table_to_canvas: np.ndarray, scale: float,
             words: list[str], fonts: tuple[Font, ...]) -> None:
    """Things around the grid: a phone, a card box, red and blue agent cards, the deck with
    a word face up, the key card lying flat."""
    spots = [(-290.0, 200.0), (290.0, 200.0), (-290.0, -200.0), (290.0, -200.0), (0.0, -225.0), (0.0, 228.0)]
    rng.shuffle(spots)
    for (x, y), thing in zip(spots, ("phone", "agents", "deck", "box", "key")):
        centre = _apply(table_to_canvas, np.array([[x + rng.uniform(-10, 10), y + rng.uniform(-8, 8)]]))[0]
        angle = rng.uniform(0, 360)
        if thing == "key":
            key, starts = random_key(rng)
            paste(canvas, np.asarray(key_card(key, starts, scale, rng)), tuple(centre), angle)
            continue
        if thing == "deck":
            spare = rng.choice(["SPARE", "DECK", "SHADOW", words[rng.randrange(25)]]).lower()
            art = np.asarray(codename_card(spare, rng.choice(fonts), scale, rng))
            paste(canvas, art, tuple(centre), angle)
            continue
        size = {"phone": (70, 145), "agents": (45, 70), "box": (90, 60)}[thing]
        colour = {"phone": (20, 20, 22), "agents": rng.choice([(190, 40, 40), (40, 80, 170)]),
                  "box": (230, 230, 225)}[thing]
        a = math.radians(angle)
        hw, hh = size[0] * scale / 2, size[1] * scale / 2
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        corners = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]]) @ rot.T + centre
        draw_block(canvas, rng, corners, colour)
        if thing == "box":
            layer = np.zeros(canvas.shape, np.uint8)
            cv2.putText(layer, "CODENAMES", (int(centre[0] - hw * 0.8), int(centre[1] + hh * 0.2)),
                        cv2.FONT_HERSHEY_DUPLEX, hw / 170, (255, 255, 255), max(1, int(scale)))
            canvas[layer[..., 0] > 0] = (30, 30, 30)


def _light(rng: random.Random, shot: BoardShot) -> Light:
    base = shot.light
    return Light(gain=base.gain * rng.uniform(0.9, 1.1), gradient=base.gradient * rng.uniform(0.5, 1.0),
                 glare=rng.randint(*shot.glare), glare_strength=base.glare_strength * rng.uniform(0.8, 1.0),
                 cast=base.cast, blur=base.blur * rng.uniform(0.5, 1.0), motion=base.motion * rng.uniform(0.5, 1.0),
                 noise=base.noise * rng.uniform(0.7, 1.0), jpeg=rng.randint(base.jpeg - 10, base.jpeg),
                 barrel=base.barrel * rng.uniform(0.7, 1.0))


def _truth(camera: Camera, layout: list[tuple[float, float, float, bool]], words: list[str],
           hidden: set[int]) -> BoardTruth:
    """The deal's words re-ordered as the photo shows the grid."""
    pitch_x = layout[1][0] - layout[0][0]
    pitch_y = layout[0][1] - layout[5][1]
    origin = np.array(layout[0][:2])
    order = order_as_seen(lambda i, j: camera.project(np.array([origin + [j * pitch_x, -i * pitch_y]]))[0])
    w, h = camera.size
    centres = camera.project(np.array([[x, y] for x, y, _, _ in layout]))
    out = {i for i, (x, y) in enumerate(centres) if not (0 <= x < w and 0 <= y < h)}
    place = {deal: seen for seen, deal in enumerate(order)}
    return BoardTruth(tuple(words[order[k]] for k in range(25)), frozenset(place[i] for i in hidden),
                      frozenset(place[i] for i in out))
