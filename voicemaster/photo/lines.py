"""Text lines in a photo: where each sits, which way it reads, and what it says.

Detection runs on a copy of the photo no larger than `DETECT_SIDE`; each line found is
then cut out of the full photo, straightened, and read both ways up: a card's word is
printed once for each side of the table, so half the lines on a table are upside down.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from voicemaster.photo.ocr import REC_HEIGHT, Ocr, Reading

DETECT_SIDE = 1600
"""The long side (px) the detector sees; a card word in a phone photo of the whole table
stays 15-30 px high at this size."""
RECHECK = 0.9
"""A reading less sure than this is read the other way up too."""
ENDS_APART = 25.0
"""Colour difference (8-bit CIELAB) past a line's two ends above which it may be cut short."""
MIN_HEIGHT = 6.0
"""Lines lower than this (px, detection scale) are specks, not words."""


@dataclass(frozen=True)
class TextLine:
    centre: np.ndarray
    """(x, y) in full-photo pixels."""
    along: np.ndarray
    """Unit vector: the way the text reads, in the photo."""
    length: float
    height: float
    text: str
    score: float
    whole: bool = True
    """Whether the line's two ends sit on alike ground: a line cut short by a hand or a cup
    ends against it on one side."""

    @property
    def up(self) -> np.ndarray:
        """Unit vector from the text's baseline to its tops."""
        return np.array([self.along[1], -self.along[0]])


@dataclass(frozen=True)
class _Box:
    centre: np.ndarray
    along: np.ndarray
    length: float
    height: float


def find_lines(ocr: Ocr, bgr: np.ndarray) -> list[TextLine]:
    """Every text line in the photo, read the likelier way up."""
    scale = min(1.0, DETECT_SIDE / max(bgr.shape[:2]))
    small = bgr if scale == 1.0 else cv2.resize(bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    boxes = [b for b in (_box(q / scale) for q in ocr.detect(small)) if b.height * scale >= MIN_HEIGHT]
    return read_boxes(ocr, bgr, boxes)


def read_boxes(ocr: Ocr, bgr: np.ndarray, boxes: list[_Box]) -> list[TextLine]:
    """Each box read the way up the classifier says; read the other way up too when the
    classifier or the reading is unsure, keeping the likelier reading."""
    crops = [_crop(bgr, b) for b in boxes]
    turned = [p >= 0.5 for p in ocr.upside_down(crops)]
    oriented = [c[::-1, ::-1] if t else c for c, t in zip(crops, turned)]
    first = ocr.recognize(oriented)
    unsure = [k for k, r in enumerate(first) if r.score < RECHECK]
    second = dict(zip(unsure, ocr.recognize([oriented[k][::-1, ::-1] for k in unsure])))
    out = []
    for k, box in enumerate(boxes):
        reading, flipped = first[k], turned[k]
        if k in second and _better(second[k], reading):
            reading, flipped = second[k], not flipped
        if reading.text.strip():
            along = -box.along if flipped else box.along
            out.append(TextLine(box.centre, along, box.length, box.height, reading.text.strip(), reading.score,
                                _ends_alike(bgr, box)))
    return out


def _ends_alike(bgr: np.ndarray, box: _Box) -> bool:
    """Whether the ground just past the line's two ends is about one colour."""
    lab = []
    for side in (-1, 1):
        middle = box.centre + side * box.along * (box.length / 2 + 0.3 * box.height)
        half = max(2, int(box.height * 0.25))
        x, y = int(round(middle[0])), int(round(middle[1]))
        patch = bgr[max(0, y - half):y + half + 1, max(0, x - half):x + half + 1]
        if patch.size == 0:
            return False
        lab.append(cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32).mean(axis=0))
    return float(np.linalg.norm(lab[0] - lab[1])) < ENDS_APART





def _better(a: Reading, b: Reading) -> bool:
    """Which way up reads better: the higher mean confidence, longer text breaking a near tie."""
    if abs(a.score - b.score) > 0.02:
        return a.score > b.score
    return len(a.text.strip()) > len(b.text.strip())
def _box(quad: np.ndarray) -> _Box:
    """A detection quadrilateral as a centre, a long axis and its two extents."""
    p = np.asarray(quad, dtype=np.float64)
    e1 = ((p[1] - p[0]) + (p[2] - p[3])) / 2
    e2 = ((p[3] - p[0]) + (p[2] - p[1])) / 2
    long_edge, short_edge = (e1, e2) if np.linalg.norm(e1) >= np.linalg.norm(e2) else (e2, e1)
    length = float(np.linalg.norm(long_edge))
    along = long_edge / max(length, 1e-9)
    height = float(abs(short_edge @ np.array([-along[1], along[0]])))
    return _Box(p.mean(axis=0), along, length, height)


def _crop(bgr: np.ndarray, box: _Box) -> np.ndarray:
    """The line straightened along `box.along`, REC_HEIGHT px high."""
    down = np.array([-box.along[1], box.along[0]])
    length = box.length + 0.2 * box.height
    src = np.float32([box.centre - box.along * length / 2 - down * box.height / 2,
                      box.centre + box.along * length / 2 - down * box.height / 2,
                      box.centre - box.along * length / 2 + down * box.height / 2])
    native_h = max(2, int(round(box.height)))
    native_w = max(2, int(round(length)))
    dst = np.float32([[0, 0], [native_w, 0], [0, native_h]])
    straight = cv2.warpAffine(bgr, cv2.getAffineTransform(src, dst), (native_w, native_h),
                              flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    width = max(REC_HEIGHT // 2, min(REC_HEIGHT * 20, int(round(REC_HEIGHT * native_w / native_h))))
    interpolation = cv2.INTER_AREA if native_h > REC_HEIGHT else cv2.INTER_CUBIC
    return cv2.resize(straight, (width, REC_HEIGHT), interpolation=interpolation)
