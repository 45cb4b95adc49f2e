"""Image bytes to pixels, upright as the phone meant them (EXIF orientation applied)."""

from __future__ import annotations

import io

import cv2
import numpy as np

from voicemaster.photo.result import PhotoError
from voicemaster.photo.tuning import IMAGE

NOT_AN_IMAGE = "not an image (a JPEG or PNG photo is expected)"
STARTS = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}
"""The first bytes of each format read, and its name."""
PNG_END = b"\x00\x00\x00\x00IEND\xaeB`\x82"
"""The chunk every whole PNG ends with."""


def decode(data: bytes) -> np.ndarray:
    """BGR uint8 pixels of a JPEG, PNG or WebP photo, turned upright by its EXIF tag. The
    header is checked first (Pillow reads only that); OpenCV decodes, four times faster. A
    JPEG or PNG whose data ends early (a copy or an upload that did not finish) is said to be
    cut short, not called no image."""
    from PIL import Image, UnidentifiedImageError

    kind = next((name for start, name in STARTS.items() if data.startswith(start)), None)
    if kind == "PNG" and data.rfind(PNG_END) < 0:
        raise _cut_short(kind)  # before OpenCV: its libpng prints a line of its own on a cut PNG
    try:
        with Image.open(io.BytesIO(data)) as img:
            width, height = img.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise _cut_short(kind) if kind and _truncated(exc) else PhotoError(NOT_AN_IMAGE) from None
    if width * height > IMAGE.max_pixels:
        raise PhotoError(f"too large ({width}×{height}; at most {IMAGE.max_pixels // 1_000_000} megapixels)")
    long_side, short_side = max(width, height), min(width, height)
    least = IMAGE.min_size
    if long_side < least[0] or short_side < least[1]:
        raise PhotoError(f"too small ({width}×{height}; at least {least[0]}×{least[1]})")
    pixels = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if pixels is None:
        raise _cut_short(kind) if kind and _ends_early(data) else PhotoError(NOT_AN_IMAGE)
    return pixels


def _ends_early(data: bytes) -> bool:
    """Whether Pillow, decoding it all, runs out of data (asked only once OpenCV has failed)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as img:
            img.load()
    except OSError as exc:
        return _truncated(exc)
    except (ValueError, SyntaxError):
        return False
    return False


def _truncated(exc: BaseException) -> bool:
    """Pillow's word for data that ends early ("Truncated File Read", "image file is truncated")."""
    return "truncated" in str(exc).lower()


def _cut_short(kind: str | None) -> PhotoError:
    return PhotoError(f"cut short: a {kind} whose data ends early (copy or take the photo again)")
