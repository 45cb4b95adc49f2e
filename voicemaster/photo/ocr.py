"""The OCR engine: RapidOCR (PP-OCR text detection and recognition on onnxruntime, Apache-2.0,
its models inside its wheel), loaded on the first photo and then shared.

Its three networks are used one by one: detection finds text lines in a photo made small
enough to be quick; the orientation classifier tells which lines are upside down (a card
prints its word twice, once turned half round); recognition reads each line cut out of the
full photo. Calls are serialised: onnxruntime already spreads one call over every core.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import numpy as np

from voicemaster.sharing import built_once

REC_HEIGHT = 48
"""The recognizer's input height (PP-OCR)."""


@dataclass(frozen=True)
class Reading:
    text: str
    score: float
    """The recognizer's mean character confidence, 0..1."""


class Ocr:
    def __init__(self) -> None:
        from rapidocr import RapidOCR

        logging.getLogger("RapidOCR").setLevel(logging.ERROR)
        self._engine = RapidOCR(params={
            "Global.log_level": "error",
            "Global.use_cls": False,
            "Global.max_side_len": 100_000,
            "Global.min_side_len": 1,
            "Det.limit_type": "max",
            "Det.limit_side_len": 100_000,
            "Rec.rec_img_shape": [3, REC_HEIGHT, 160],
            "Rec.rec_batch_num": 12,
            "Cls.cls_batch_num": 24,
        })
        self._lock = threading.Lock()
        with self._lock:
            self._rec = self._engine._load_rec_model()
            self._cls = self._engine._load_cls_model()
            self._engine._load_det_model()

    def detect(self, bgr: np.ndarray) -> list[np.ndarray]:
        """Text-line quadrilaterals (4 × 2 float, pixels of `bgr`), at `bgr`'s own size."""
        with self._lock:
            found = self._engine(bgr, use_det=True, use_cls=False, use_rec=False)
        boxes = getattr(found, "boxes", None)
        return [] if boxes is None else [np.asarray(b, dtype=np.float32) for b in boxes]

    def upside_down(self, lines: list[np.ndarray]) -> list[float]:
        """For each text-line image, how sure the classifier is that it is upside down (0..1)."""
        if not lines:
            return []
        with self._lock:
            out = self._cls(list(lines))
        return [float(score) if "180" in label else 1.0 - float(score) for label, score in out.cls_res]

    def recognize(self, lines: list[np.ndarray]) -> list[Reading]:
        """Reads text-line images (BGR, REC_HEIGHT high, any width), in order."""
        if not lines:
            return []
        from rapidocr.ch_ppocr_rec import TextRecInput

        with self._lock:
            out = self._rec(TextRecInput(img=lines))
        return [Reading(str(t), float(s)) for t, s in zip(out.txts, out.scores)]


@built_once
def ocr() -> Ocr:
    """The one engine of this process (about 1 s to load; 300 MB)."""
    return Ocr()
