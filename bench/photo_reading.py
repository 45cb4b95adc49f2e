"""How well photos of a table and of key cards are read (issue 24), on rendered photos.

Each condition is a kind of shot (bench/photos/conditions.py): N board photos and N key
photos each, rendered from the split's seeds, words and fonts. Per board photo: the words
right in the right place (of 25), the wrong words not marked None (must be 0), the places
left None, and whether the photo was refused (PhotoError). Per key photo: all 25 colours and
the starting team right, refused, or wrong (a key returned that is not the card: must not
happen). Times are the reader's own (decoding included, the OCR engine already loaded;
loading is timed once, cold) on this 2-core machine, which other jobs share.

Tune on `calib`; report `test` (it adds fonts and conditions calibration never saw).

    .venv/bin/python bench/photo_reading.py [--split test] [--photos 8] [--keys 12] [--write]
    .venv/bin/python bench/photo_reading.py --real DIR [--write]

`--real DIR` reads the labelled real photos of ../shared/realphotos instead (bench/photos/real.py
says how to fetch them into DIR), one row per card they show, refusals listed by reason, and
how many photos are taken for what they show when no kind is given (`voicemaster photo IMAGE`).

Rendered photos are kept in bench/.cache/photos (not committed); every photo's outcome goes
to bench/.cache/photo_reading-SPLIT.jsonl.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.photos.board import BoardTruth, render_board  # noqa: E402
from bench.photos.conditions import board_conditions, fonts_for, key_conditions, words_for  # noqa: E402
from bench.photos.key import KeyTruth, render_key  # noqa: E402
from bench.photos.real import real_photos  # noqa: E402
from voicemaster.game.cards import card_key  # noqa: E402
from voicemaster.photo import KeyPhoto, PhotoError, read_board_photo, read_key_photo, read_photo  # noqa: E402

CACHE = ROOT / "bench" / ".cache"
RESULTS = ROOT / "bench" / "results" / "photo_reading.md"
REAL_RESULTS = ROOT / "bench" / "results" / "photo_reading_real.md"


@dataclass
class BoardOutcome:
    right: int
    wrong: list[tuple[str, str]]
    unread: int
    hidden: int
    refused: str | None
    ms: float
    cpu_ms: float


@dataclass
class Condition:
    name: str
    boards: list[BoardOutcome] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    """"right", "refused: ...", "wrong"."""
    key_ms: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """What each photo was taken for without --kind (`voicemaster photo IMAGE`): "board", "key",
    or "refused: ..." (real photos only)."""


def board_photo(split: str, condition: str, n: int) -> tuple[bytes, BoardTruth]:
    seed = f"{split}-{condition}-{n}"
    jpg = CACHE / "photos" / split / f"board-{condition.replace(' ', '_')}-{n}.jpg"
    meta = jpg.with_suffix(".json")
    if jpg.exists() and meta.exists():
        t = json.loads(meta.read_text())
        return jpg.read_bytes(), BoardTruth(tuple(t["words"]), frozenset(t["hidden"]), frozenset(t["outside"]))
    shot = board_conditions(split)[condition]
    rendered = render_board(words_for(split, seed), shot, fonts_for(split), seed)
    jpg.parent.mkdir(parents=True, exist_ok=True)
    jpg.write_bytes(rendered.data)
    t = rendered.truth
    meta.write_text(json.dumps({"words": t.words, "hidden": sorted(t.hidden), "outside": sorted(t.outside)}))
    return rendered.data, t


def key_photo(split: str, condition: str, n: int) -> tuple[bytes, KeyTruth]:
    rendered = render_key(key_conditions(split)[condition], f"{split}-key-{condition}-{n}")
    return rendered.data, rendered.truth


def score_board(data: bytes, truth: BoardTruth) -> BoardOutcome:
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        read = read_board_photo(data)
    except PhotoError as exc:
        return BoardOutcome(0, [], 25, len(truth.hidden), str(exc), (time.perf_counter() - wall) * 1000,
                            (time.process_time() - cpu) * 1000)
    cpu_ms = (time.process_time() - cpu) * 1000
    right, wrong, unread = 0, [], 0
    for said, true in zip(read.cards, truth.words):
        if said is None:
            unread += 1
        elif card_key(said) == card_key(true):
            right += 1
        else:
            wrong.append((true, said))
    return BoardOutcome(right, wrong, unread, len(truth.hidden), None, read.ms, cpu_ms)


def score_key(data: bytes, truth: KeyTruth) -> tuple[str, float]:
    start = time.perf_counter()
    try:
        read = read_key_photo(data)
    except PhotoError as exc:
        return f"refused: {exc}", (time.perf_counter() - start) * 1000
    ok = read.key == truth.key and read.starts.value == truth.starts
    return ("right" if ok else f"wrong: {read.key} {read.starts.value} for {truth.key} {truth.starts}"), read.ms


def run(split: str, photos: int, keys: int, only: list[str] | None) -> tuple[list[Condition], float]:
    load_ms = _load()
    CACHE.mkdir(parents=True, exist_ok=True)
    log = (CACHE / f"photo_reading-{split}.jsonl").open("w")
    out = []
    names = list(dict.fromkeys([*board_conditions(split), *key_conditions(split)]))
    for name in names:
        if only and name not in only:
            continue
        cond = Condition(name)
        if name in board_conditions(split):
            for n in range(photos):
                data, truth = board_photo(split, name, n)
                o = score_board(data, truth)
                cond.boards.append(o)
                log.write(json.dumps({"kind": "board", "condition": name, "n": n, **o.__dict__}) + "\n")
                print(f"{name} {n}: {o.right}/25 right, {len(o.wrong)} wrong {o.wrong}, {o.unread} unread "
                      f"({o.hidden} hidden){' REFUSED ' + o.refused if o.refused else ''}, {o.ms:.0f} ms", flush=True)
        if name in key_conditions(split):
            for n in range(keys):
                verdict, ms = score_key(*key_photo(split, name, n))
                cond.keys.append(verdict)
                cond.key_ms.append(ms)
                log.write(json.dumps({"kind": "key", "condition": name, "n": n, "verdict": verdict, "ms": ms}) + "\n")
                if verdict != "right":
                    print(f"{name} key {n}: {verdict}", flush=True)
        out.append(cond)
    return out, load_ms


def run_real(folder: Path) -> tuple[list[Condition], float]:
    """The labelled real photos, grouped by the card they show."""
    load_ms = _load()
    groups: dict[str, Condition] = {}
    for photo in real_photos(folder):
        cond = groups.setdefault(photo.group, Condition(photo.group))
        data = photo.path.read_bytes()
        if photo.board is not None:
            o = score_board(data, photo.board)
            cond.boards.append(o)
            print(f"{photo.path.name} ({photo.group}): {o.right}/25 right, wrong {o.wrong}, {o.unread} unread"
                  f"{' REFUSED ' + o.refused if o.refused else ''}, {o.ms:.0f} ms", flush=True)
        if photo.key is not None:
            verdict, ms = score_key(data, photo.key)
            cond.keys.append(verdict)
            cond.key_ms.append(ms)
            print(f"{photo.path.name} ({photo.group}): key {verdict}, {ms:.0f} ms", flush=True)
        cond.kinds.append(kind_of(data))
        print(f"{photo.path.name} ({photo.group}): taken for {cond.kinds[-1]}", flush=True)
    return list(groups.values()), load_ms


def kind_of(data: bytes) -> str:
    """What the photo is taken for when no --kind is given."""
    try:
        return "key" if isinstance(read_photo(data), KeyPhoto) else "board"
    except PhotoError as exc:
        return f"refused: {exc}"


def kinds(conditions: list[Condition]) -> list[str]:
    """How many photos were taken for what they show, without --kind; those that were not."""
    told = [(kind, "board" if c.boards else "key") for c in conditions for kind in c.kinds]
    right = sum(kind == shows for kind, shows in told)
    wrong = Counter(f"a {shows} photo " + (kind if kind.startswith("refused") else f"taken for a {kind} photo")
                    for kind, shows in told if kind != shows)
    return [f"Told apart without --kind: {right} of {len(told)}", *(f"- {n} × {w}" for w, n in wrong.most_common())]


def _load() -> float:
    """Loads the OCR engine and the vocabulary once; how long that took (ms)."""
    from voicemaster.photo.ocr import ocr
    from voicemaster.photo.words import vocabulary

    start = time.perf_counter()
    ocr()
    vocabulary()
    return (time.perf_counter() - start) * 1000


def refusals(conditions: list[Condition]) -> list[str]:
    """Key photos refused or read wrong, by what the reader said."""
    said = Counter(v for c in conditions for v in c.keys if v != "right")
    return [f"- {n} × {v}" for v, n in said.most_common()]


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "–"


def table(conditions: list[Condition], held_out: set[str]) -> list[str]:
    rows = ["| condition | board photos | right in place: median (worst) | wrong not None | None (hidden) | refused | "
            "ms median (CPU) | key photos fully right | key refused / wrong | key ms median |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for c in conditions:
        name = c.name + (" *" if c.name in held_out else "")
        if c.boards:
            rights = [o.right for o in c.boards]
            board = (f"{len(c.boards)} | {statistics.median(rights):g} ({min(rights)}) | "
                     f"{sum(len(o.wrong) for o in c.boards)} | {sum(o.unread for o in c.boards)} "
                     f"({sum(o.hidden for o in c.boards)}) | {sum(1 for o in c.boards if o.refused)} | "
                     f"{statistics.median(o.ms for o in c.boards):.0f} ({statistics.median(o.cpu_ms for o in c.boards):.0f})")
        else:
            board = "– | – | – | – | – | –"
        if c.keys:
            right = sum(v == "right" for v in c.keys)
            keys = (f"{right}/{len(c.keys)} ({100 * right / len(c.keys):.0f}%) | "
                    f"{sum(v.startswith('refused') for v in c.keys)} / {sum(v.startswith('wrong') for v in c.keys)} | "
                    f"{statistics.median(c.key_ms):.0f}")
        else:
            keys = "– | – | –"
        rows.append(f"| {name} | {board} | {keys} |")
    boards = [o for c in conditions for o in c.boards]
    keys_all = [v for c in conditions for v in c.keys]
    if boards:
        rights = [o.right for o in boards]
        rows.append(f"| **all** | {len(boards)} | {statistics.median(rights):g} ({min(rights)}) | "
                    f"{sum(len(o.wrong) for o in boards)} | {sum(o.unread for o in boards)} ({sum(o.hidden for o in boards)}) | "
                    f"{sum(1 for o in boards if o.refused)} | {statistics.median(o.ms for o in boards):.0f} "
                    f"({statistics.median(o.cpu_ms for o in boards):.0f}) | "
                    f"{sum(v == 'right' for v in keys_all)}/{len(keys_all)} "
                    f"({100 * sum(v == 'right' for v in keys_all) / max(1, len(keys_all)):.0f}%) | "
                    f"{sum(v.startswith('refused') for v in keys_all)} / {sum(v.startswith('wrong') for v in keys_all)} | "
                    f"{_median([m for c in conditions for m in c.key_ms])} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("calib", "test"), default="test")
    parser.add_argument("--photos", type=int, default=8, help="board photos per condition")
    parser.add_argument("--keys", type=int, default=12, help="key photos per condition")
    parser.add_argument("--conditions", nargs="*", help="only these")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    parser.add_argument("--real", type=Path, metavar="DIR", help="read the labelled real photos fetched into DIR")
    args = parser.parse_args()
    if args.real is not None:
        real, load_ms = run_real(args.real)
        lines = table(real, set()) + ["", "Key photos not read right:", *refusals(real), "", *kinds(real)]
        print("\n".join(lines))
        if args.write:
            REAL_RESULTS.write_text("\n".join([
                "# Reading real photos of real tables (issue 33)", "",
                "`.venv/bin/python bench/photo_reading.py --real DIR --write`: the 19 labelled photos of",
                "../shared/realphotos (phones 2015-2017, a Raspberry Pi camera), one row per card they show.",
                "", *lines, "", f"OCR engine and vocabulary loaded in {load_ms:.0f} ms.", ""]))
        return
    conditions, load_ms = run(args.split, args.photos, args.keys, args.conditions)
    from bench.photos.conditions import BOARD_HELD_OUT, KEY_HELD_OUT

    held = set(BOARD_HELD_OUT) | set(KEY_HELD_OUT) if args.split == "test" else set()
    lines = table(conditions, held)
    print("\n".join(lines))
    print(f"OCR engine and vocabulary loaded in {load_ms:.0f} ms")
    if args.write:
        write(args, lines, load_ms)


def write(args: argparse.Namespace, lines: list[str], load_ms: float) -> None:
    head = [
        "# Reading photos of the table and of the key card (issue 24)",
        "",
        f"`.venv/bin/python bench/photo_reading.py --split {args.split} --photos {args.photos} --keys {args.keys} --write`",
        "",
        "Rendered photos (bench/photos: perspective, rotation, light, glare, blur, noise, JPEG, phone",
        "resolutions, cards turned round, hands, cups, clutter), read by `voicemaster.photo`. Split",
        f"`{args.split}`; conditions marked * are held out (never tuned on). \"Right in place\" counts the",
        "25 places of a photo whose word is the card's; \"None (hidden)\" the places left unread, and in",
        "brackets how many of them a hand or a cup covered. Times are the reader's own, decoding",
        "included, the OCR engine already loaded, on the shared 2-core machine (wall; CPU of the",
        "process in brackets: onnxruntime spreads over both cores).",
        "",
    ]
    tail = ["", f"Loading the OCR engine and the vocabulary (once per process): {load_ms:.0f} ms.", ""]
    RESULTS.write_text("\n".join(head + lines + tail))


if __name__ == "__main__":
    main()
