"""`voicemaster photo [--kind board|key] IMAGE...`: what each photo was read as, one JSON
object per image in order; an image that cannot be read gets its line with an
`error`, the others are still read, and the exit status is 2 at the end."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from voicemaster.photo import BoardPhoto, KeyPhoto, PhotoError, read_board_photo, read_key_photo, read_photo

READERS = {"board": read_board_photo, "key": read_key_photo, None: read_photo}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("photo", help="read a photo of the dealt cards or of the key card",
                       description=__doc__)
    p.add_argument("--kind", choices=("board", "key"), default=None,
                   help="what the photos show (default: told apart from each photo)")
    p.add_argument("images", metavar="IMAGE", nargs="+", type=Path, help="JPEG or PNG photos")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    failed = False
    for path in args.images:
        line = photo_json(path, args.kind)
        if "error" in line:
            failed = True
            print(f"voicemaster: {path}: {line['error']}", file=sys.stderr)
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return 2 if failed else 0


def photo_json(path: Path, kind: str | None) -> dict[str, object]:
    start = time.perf_counter()
    out: dict[str, object] = {"file": str(path), "kind": kind, "cards": None, "key": None, "starts": None}
    try:
        read = READERS[kind](path.read_bytes())
    except OSError as exc:
        return out | {"ms": _since(start), "error": f"cannot read: {exc.strerror or exc}"}
    except PhotoError as exc:
        return out | {"ms": _since(start), "error": str(exc)}
    if isinstance(read, BoardPhoto):
        return out | {"kind": "board", "cards": list(read.cards), "ms": round(read.ms, 1)}
    assert isinstance(read, KeyPhoto)
    return out | {"kind": "key", "key": read.key, "starts": read.starts.value, "ms": round(read.ms, 1)}


def _since(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)
