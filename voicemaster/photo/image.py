"""Image bytes to pixels, upright as the phone meant them (EXIF orientation applied)."""

from __future__ import annotations

import io

import cv2
import numpy as np

from voicemaster.photo.result import PhotoError
from voicemaster.photo.tuning import IMAGE


def decode(data: bytes) -> np.ndarray:
    """BGR uint8 pixels of a JPEG, PNG or WebP photo, turned upright by its EXIF tag. The
    header is checked first (Pillow reads only that); OpenCV decodes, four times faster."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as img:
            width, height = img.size
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise PhotoError("not an image (a JPEG or PNG photo is expected)") from None
    if width * height > IMAGE.max_pixels:
        raise PhotoError(f"too large ({width}×{height}; at most {IMAGE.max_pixels // 1_000_000} megapixels)")
    long_side, short_side = max(width, height), min(width, height)
    least = IMAGE.min_size
    if long_side < least[0] or short_side < least[1]:
        raise PhotoError(f"too small ({width}×{height}; at least {least[0]}×{least[1]})")
    pixels = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if pixels is None:
        raise PhotoError("not an image (a JPEG or PNG photo is expected)")
    return pixels
