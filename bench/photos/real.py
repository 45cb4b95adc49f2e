"""Real photos of real tables (../shared/realphotos): their labels, and where the images are.

The images belong to a public repository that states no licence, so they are never committed:
fetch its snapshot and copy the labelled files into a folder of your own (board/exampleN.jpg,
secret/exampleN.jpg, as the labels name them), then point bench/photo_reading.py --real at it.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from bench.photos.board import BoardTruth
from bench.photos.key import KeyTruth

LABELS = Path(__file__).resolve().parents[3] / "shared" / "realphotos" / "labels.tsv"


@dataclass(frozen=True)
class RealPhoto:
    path: Path
    group: str
    """The card it shows ("board A", "key card K1"): the table's row."""
    board: BoardTruth | None = None
    key: KeyTruth | None = None


def real_photos(folder: Path, labels: Path = LABELS) -> list[RealPhoto]:
    """Every labelled photo, board photos first; a missing image is an error naming it."""
    out: list[RealPhoto] = []
    with labels.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows, delimiter="\t"):
            path = folder / row["file"]
            if not path.is_file():
                raise SystemExit(f"{path}: not found (copy the labelled photos there: see bench/photos/real.py)")
            group = row["notes"].split(";")[0].split(",")[0].strip()
            if row["kind"] == "grid":
                out.append(RealPhoto(path, group, board=BoardTruth(tuple(row["words"].split("|")))))
            else:
                out.append(RealPhoto(path, group, key=KeyTruth(row["key_colours"].replace("|", ""), row["starts"])))
    return sorted(out, key=lambda p: p.key is not None)
