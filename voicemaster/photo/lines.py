"""Text lines in a photo: where each sits, which way it reads, and what it says.

Detection runs on a copy of the photo no larger than `LINES.detect_side`; each line found is
cut out of the full photo and straightened, the orientation classifier says which way up it
is (a card's word is printed once for each side of the table, so half the lines on a table
are upside down), and recognition reads it on demand: a card's second printing is read only
when the first does not settle the word.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from voicemaster.photo.ocr import REC_HEIGHT, Ocr, Reading
from voicemaster.photo.tuning import LINES


@dataclass(frozen=True)
class Box:
    """A text line found, turned the way the classifier reads it."""

    centre: np.ndarray
    """(x, y) in full-photo pixels."""
    along: np.ndarray
    """Unit vector: the way the text reads, in the photo."""
    length: float
    height: float
    crop: np.ndarray
    """The line straightened and the right way up, REC_HEIGHT px high (BGR)."""
    whole: bool
    """Whether the ground just past the line's two ends is alike: a line cut short by a hand
    or a cup ends against it on one side."""

    @property
    def up(self) -> np.ndarray:
        """Unit vector from the text's baseline to its tops."""
        return np.array([self.along[1], -self.along[0]])


@dataclass(frozen=True)
class TextLine:
    box: Box
    text: str
    score: float


def find_boxes(ocr: Ocr, bgr: np.ndarray, region: tuple[int, int, int, int] | None = None,
               scale: float | None = None) -> list[Box]:
    """Every text line in the photo (or in its `region`, x0, y0, x1, y1), turned the way the
    classifier reads it; detection at `scale` (default: the photo at LINES.detect_side)."""
    x0, y0, x1, y1 = region or (0, 0, bgr.shape[1], bgr.shape[0])
    part = bgr[y0:y1, x0:x1]
    if scale is None:
        scale = LINES.detect_side / max(bgr.shape[:2])
    scale = min(1.0, scale)
    small = part if scale == 1.0 else cv2.resize(part, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    found = [_geometry(q / scale + np.array([x0, y0])) for q in ocr.detect(small)]
    found = [g for g in found if g[3] * scale >= LINES.min_height]
    crops = [_crop(bgr, *g) for g in found]
    boxes = []
    for (centre, along, length, height), crop, turned in zip(found, crops, ocr.upside_down(crops)):
        if turned >= LINES.upside_down:
            crop, along = crop[::-1, ::-1], -along
        boxes.append(Box(centre, along, length, height, np.ascontiguousarray(crop),
                         _ends_alike(bgr, centre, along, length, height)))
    return boxes


def read_boxes(ocr: Ocr, boxes: list[Box]) -> list[TextLine | None]:
    """Each box read; read the other way up too when the reading is unsure, keeping the
    likelier reading. None for a box that reads as nothing."""
    first = ocr.recognize([b.crop for b in boxes])
    unsure = [k for k, r in enumerate(first) if r.score < LINES.recheck]
    second = dict(zip(unsure, ocr.recognize([boxes[k].crop[::-1, ::-1] for k in unsure])))
    out: list[TextLine | None] = []
    for k, box in enumerate(boxes):
        reading = first[k]
        if k in second and _better(second[k], reading):
            reading = second[k]
            box = Box(box.centre, -box.along, box.length, box.height, box.crop[::-1, ::-1], box.whole)
        out.append(TextLine(box, reading.text.strip(), reading.score) if reading.text.strip() else None)
    return out


def _better(a: Reading, b: Reading) -> bool:
    """Which way up reads better: the higher mean confidence, longer text breaking a near tie."""
    if abs(a.score - b.score) > LINES.near_tie:
        return a.score > b.score
    return len(a.text.strip()) > len(b.text.strip())


def _geometry(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """A detection quadrilateral as a centre, a long axis and its two extents."""
    p = np.asarray(quad, dtype=np.float64)
    e1 = ((p[1] - p[0]) + (p[2] - p[3])) / 2
    e2 = ((p[3] - p[0]) + (p[2] - p[1])) / 2
    long_edge, short_edge = (e1, e2) if np.linalg.norm(e1) >= np.linalg.norm(e2) else (e2, e1)
    length = float(np.linalg.norm(long_edge))
    along = long_edge / max(length, 1e-9)
    height = float(abs(short_edge @ np.array([-along[1], along[0]])))
    return p.mean(axis=0), along, length, height


def _crop(bgr: np.ndarray, centre: np.ndarray, along: np.ndarray, length: float, height: float) -> np.ndarray:
    """The line straightened along `along`, REC_HEIGHT px high."""
    down = np.array([-along[1], along[0]])
    length = length + LINES.crop_pad * height
    src = np.float32([centre - along * length / 2 - down * height / 2,
                      centre + along * length / 2 - down * height / 2,
                      centre - along * length / 2 + down * height / 2])
    native_h = max(2, int(round(height)))
    native_w = max(2, int(round(length)))
    dst = np.float32([[0, 0], [native_w, 0], [0, native_h]])
    straight = cv2.warpAffine(bgr, cv2.getAffineTransform(src, dst), (native_w, native_h),
                              flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    narrowest, widest = (int(REC_HEIGHT * w) for w in LINES.crop_widths)
    width = max(narrowest, min(widest, int(round(REC_HEIGHT * native_w / native_h))))
    interpolation = cv2.INTER_AREA if native_h > REC_HEIGHT else cv2.INTER_CUBIC
    return cv2.resize(straight, (width, REC_HEIGHT), interpolation=interpolation)


def _ends_alike(bgr: np.ndarray, centre: np.ndarray, along: np.ndarray, length: float, height: float) -> bool:
    """Whether the ground just past the line's two ends is about one colour."""
    lab = []
    for side in (-1, 1):
        middle = centre + side * along * (length / 2 + LINES.ends_gap * height)
        half = max(2, int(height * LINES.ends_patch))
        x, y = int(round(middle[0])), int(round(middle[1]))
        patch = bgr[max(0, y - half):y + half + 1, max(0, x - half):x + half + 1]
        if patch.size == 0:
            return False
        lab.append(cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32).mean(axis=0))
    return float(np.linalg.norm(lab[0] - lab[1])) < LINES.ends_apart
