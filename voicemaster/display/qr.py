"""QR codes of the web addresses: a phone at the table scans one instead of typing a token."""

from __future__ import annotations

from dataclasses import dataclass

import segno

QUIET_MODULES = 2
"""Light border around the code; drawn in the code's own colours, so any terminal theme works."""


@dataclass(frozen=True)
class AddressCode:
    """An address to offer as a QR code, with what it opens."""

    label: str
    url: str


def _matrix(url: str) -> list[list[bool]]:
    code = segno.make(url, error="l", micro=False)
    return [[bool(dark) for dark in row] for row in code.matrix_iter(border=QUIET_MODULES)]


def text_rows(url: str) -> list[str]:
    """The code in half blocks, two modules per character cell: print dark on light."""
    rows = _matrix(url)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    blocks = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
    return ["".join(blocks[top, bottom] for top, bottom in zip(upper, lower)) for upper, lower in zip(rows[::2], rows[1::2])]


def svg(url: str) -> str:
    """The code as an inline SVG element that scales with its box (no inline style: the page's
    Content-Security-Policy forbids it)."""
    code = segno.make(url, error="l", micro=False)
    return code.svg_inline(scale=1, border=QUIET_MODULES, dark="#000", light="#fff", omitsize=True)
