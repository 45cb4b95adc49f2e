"""Flat artwork of one codename card and of one key card, in card millimetres times a scale.

A codename card (70 × 45 mm) prints its word twice: large in a light band along the bottom
edge, and again turned half round near the top edge, for the players across the table. The
proportions, tones and type vary per card so that the reader cannot learn one layout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

CARD_MM = (70.0, 45.0)
KEY_MM = (62.0, 62.0)
FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype"))


@dataclass(frozen=True)
class Font:
    """A bold sans face by file name (Debian's fonts-dejavu-core, fonts-liberation...)."""

    file: str

    def path(self) -> Path:
        for folder in FONT_DIRS:
            found = sorted(folder.rglob(self.file))
            if found:
                return found[0]
        raise FileNotFoundError(f"font {self.file} is not installed (see the Makefile's font packages)")

    def installed(self) -> bool:
        try:
            self.path()
        except FileNotFoundError:
            return False
        return True


def _font(font: Font, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font.path()), px)


def _fitted(text: str, font: Font, height_px: float, max_width_px: float) -> ImageFont.FreeTypeFont:
    """The face at a cap height of `height_px`, smaller if the word is wider than the band."""
    size = max(6, int(height_px / 0.72))
    face = _font(font, size)
    width = face.getlength(text)
    if width > max_width_px:
        face = _font(font, max(6, int(size * max_width_px / width)))
    return face


def _tone(rng: random.Random, base: tuple[int, int, int], spread: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, c + rng.randint(-spread, spread))) for c in base)  # type: ignore[return-value]


def codename_card(word: str, font: Font, scale: float, rng: random.Random) -> Image.Image:
    """RGBA artwork of a card at `scale` px/mm: rounded corners transparent."""
    w, h = int(CARD_MM[0] * scale), int(CARD_MM[1] * scale)
    text = word.upper()
    paper = _tone(rng, (214, 196, 160), 12)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = int(3 * scale)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=radius, fill=paper + (255,))
    inset = int(rng.uniform(2.0, 3.5) * scale)
    frame = _tone(rng, (150, 128, 95), 15)
    d.rounded_rectangle([inset, inset, w - 1 - inset, h - 1 - inset], radius=radius, outline=frame + (255,),
                        width=max(1, int(0.5 * scale)))
    # The light band with the large word, along the bottom edge.
    band_h = rng.uniform(0.22, 0.28) * h
    band_top = h - inset - rng.uniform(1.5, 3.0) * scale - band_h
    band_left = inset + rng.uniform(2.5, 5.0) * scale
    band = [band_left, band_top, w - band_left, band_top + band_h]
    d.rounded_rectangle(band, radius=int(1.5 * scale), fill=_tone(rng, (244, 240, 230), 8) + (255,))
    big = _fitted(text, font, band_h * rng.uniform(0.42, 0.52), (band[2] - band[0]) * 0.9)
    ink = _tone(rng, (25, 22, 20), 10)
    d.text(((band[0] + band[2]) / 2, (band[1] + band[3]) / 2), text, font=big, fill=ink + (255,), anchor="mm")
    # The agent's silhouette in the upper left and the word again, turned, in the upper right.
    _silhouette(d, inset + 0.22 * w, inset + 0.30 * h, 0.17 * h, _tone(rng, (120, 104, 80), 15))
    small_h = band_h * rng.uniform(0.28, 0.40)
    strip_w = w * rng.uniform(0.50, 0.58)
    strip = Image.new("RGBA", (int(strip_w), int(small_h * 2.2)), (0, 0, 0, 0))
    sd = ImageDraw.Draw(strip)
    if rng.random() < 0.5:
        sd.rounded_rectangle([0, 0, strip.width - 1, strip.height - 1], radius=int(scale),
                             fill=_tone(rng, (196, 176, 138), 10) + (255,))
    face = _fitted(text, font, small_h, strip_w * 0.9)
    sd.text((strip.width / 2, strip.height / 2), text, font=face, fill=_tone(rng, (70, 58, 45), 15) + (255,),
            anchor="mm")
    strip = strip.rotate(180)
    x = int(w - inset - rng.uniform(2.0, 4.0) * scale - strip.width)
    y = int(inset + rng.uniform(2.5, 5.0) * scale)
    img.alpha_composite(strip, (x, y))
    return img


def _silhouette(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    d.ellipse([cx - r * 0.45, cy - r * 0.9, cx + r * 0.45, cy], fill=colour + (255,))
    d.pieslice([cx - r, cy + 0.05 * r, cx + r, cy + 1.9 * r], 180, 360, fill=colour + (255,))


KEY_COLOURS = {
    "R": (200, 40, 38),
    "B": (30, 90, 185),
    "N": (222, 206, 170),
    "A": (28, 28, 30),
}


PRINTED_COLOURS = {
    "R": (226, 52, 72),
    "B": (62, 146, 196),
    "N": (232, 222, 168),
    "A": (52, 50, 46),
}
"""The English edition's printed key colours, as a phone sees them in daylight."""


def _printed_pattern(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: tuple[int, int, int],
                     letter: str, scale: float) -> None:
    """The pale rings (blue) or diamond (red) printed over an agent's square."""
    x0, y0, x1, y1 = box
    cx, cy, side = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0
    pale = tuple(min(255, int(v * 0.55 + 255 * 0.45)) for v in colour) + (255,)
    width = max(1, int(0.35 * scale))
    if letter == "B":
        for radius in (0.12, 0.2, 0.28, 0.36, 0.44):
            r = radius * side
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=pale, width=width)
    else:
        r = 0.22 * side
        d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], outline=pale, width=width * 2)


def key_card(key: str, starts: str, scale: float, rng: random.Random, printed: bool = False) -> Image.Image:
    """RGBA artwork of a key card: 5 × 5 squares (`key`, 25 letters row by row as drawn)
    on a dark card, lights in the starting team's colour ("R"/"B") along its four edges.
    `printed`: as the English edition prints it (a brown card, the squares on a dark panel,
    rings on the blue squares and diamonds on the red, paler than plain colours)."""
    w, h = int(KEY_MM[0] * scale), int(KEY_MM[1] * scale)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if printed:
        body = _tone(rng, (150, 122, 98), 12)
    else:
        body = _tone(rng, (40, 40, 44), 10) if rng.random() < 0.7 else _tone(rng, (205, 205, 200), 10)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=int(3 * scale), fill=body + (255,))
    margin = rng.uniform(8.5, 10.0) * scale
    pitch = (w - 2 * margin) / 5
    gap = pitch * rng.uniform(0.10, 0.18)
    if printed:
        d.rectangle([margin - gap, margin - gap, w - margin + gap, h - margin + gap], fill=_tone(rng, (30, 28, 30), 6) + (255,))
    for i, letter in enumerate(key):
        r, c = divmod(i, 5)
        x0, y0 = margin + c * pitch + gap / 2, margin + r * pitch + gap / 2
        x1, y1 = x0 + pitch - gap, y0 + pitch - gap
        colour = _tone(rng, PRINTED_COLOURS[letter] if printed else KEY_COLOURS[letter], 10)
        d.rounded_rectangle([x0, y0, x1, y1], radius=int(0.6 * scale), fill=colour + (255,))
        if letter in "RB" and printed:
            _printed_pattern(d, (x0, y0, x1, y1), colour, letter, scale)
        elif letter in "RB":
            lighter = tuple(min(255, int(v * 1.25) + 20) for v in colour)
            inner = (x1 - x0) * 0.28
            d.rounded_rectangle([x0 + inner, y0 + inner, x1 - inner, y1 - inner], radius=int(0.4 * scale),
                                outline=lighter + (255,), width=max(1, int(0.5 * scale)))
        elif letter == "A":
            cross = _tone(rng, (150, 150, 150), 20) + (255,)
            k = (x1 - x0) * 0.2
            d.line([x0 + k, y0 + k, x1 - k, y1 - k], fill=cross, width=max(1, int(1.2 * scale)))
            d.line([x0 + k, y1 - k, x1 - k, y0 + k], fill=cross, width=max(1, int(1.2 * scale)))
    light = _tone(rng, KEY_COLOURS[starts], 10) + (255,)
    along, across = rng.uniform(6.0, 9.0) * scale, rng.uniform(1.8, 2.6) * scale
    edge = margin * 0.45
    for k in range(5):
        t = margin + (k + 0.5) * pitch
        if rng.random() < 0.4 and k % 2:
            continue
        d.rectangle([t - along / 2, edge - across / 2, t + along / 2, edge + across / 2], fill=light)
        d.rectangle([t - along / 2, h - edge - across / 2, t + along / 2, h - edge + across / 2], fill=light)
        d.rectangle([edge - across / 2, t - along / 2, edge + across / 2, t + along / 2], fill=light)
        d.rectangle([w - edge - across / 2, t - along / 2, w - edge + across / 2, t + along / 2], fill=light)
    return img
