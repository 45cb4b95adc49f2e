"""Imports run downwards: a module may import its own floor and the floors below it, never one above.

The floors are those of the architecture notes ("commands → setup → app → dialogue → speech/voice
→ referee/understand → display/journal → game"), with a ground floor under the game for the
few modules every floor uses. Within a floor, no modules import each other in a circle, and
a few finer rules say which room is built on which (APART). The imports are read from the
source (ast), not run, so an import inside a function or under TYPE_CHECKING counts as much
as one at the top.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "voicemaster"

FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("commands", (
        "voicemaster.commands",
        "voicemaster.cli",  # the command line itself: parses argv and dispatches to commands/
        "voicemaster.__main__",  # `python -m voicemaster`, a second door to cli
    )),
    ("setup", (
        "voicemaster.setup",  # every module: settings, deals, table layout, the edges built from argv
    )),
    ("app", (
        "voicemaster.app",  # the one loop and the Stage it runs
        "voicemaster.inbox",  # what the sources send the loop, and the queue they send it on
        "voicemaster.game_stage",  # playing a game: the stage of the loop that hears against the game as it is
        "voicemaster.hear_ahead",  # the game stage's worker that hears an utterance before it closes
    )),
    ("dialogue", ("voicemaster.dialogue",)),
    ("speech/voice", ("voicemaster.speech", "voicemaster.voice")),
    ("referee/understand", (
        "voicemaster.referee",
        "voicemaster.understand",
        "voicemaster.photo",  # a pure reader from an image to a proposed table, beside understand
    )),
    ("display/journal", ("voicemaster.display", "voicemaster.journal")),
    ("game", (
        "voicemaster.game",
        "voicemaster.card_files",  # the board, key and word-list formats: they build game/cards' types and
                                   # every floor reads them; outside game/ because reading a file is I/O
        "voicemaster.vocabulary",  # number words and fillers, built on game/clue_number; said and heard above
    )),
    ("ground", (
        "voicemaster",  # the package's __init__: the version string
        "voicemaster.errors",  # InputError and WorkerDied: raised on every floor, import nothing of ours
        "voicemaster.paths",  # where our files live (XDG), read by setup and by the ears' model caches
        "voicemaster.sharing",  # built-once and whole-file writes, for lazily built data on any floor
    )),
)
"""Top floor first. A module belongs to the longest prefix that names it."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def in_room(module: str, room: str) -> bool:
    return module == room or module.startswith(room + ".")


def floor_of(module: str) -> int | None:
    """Index into FLOORS (0 the top), or None when no entry names the module."""
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if in_room(module, prefix) and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    return None if best is None else best[0]


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported_modules(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module) for every import of voicemaster in `source`, relative ones resolved."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            # `from voicemaster.setup import dealing` imports the module voicemaster.setup.dealing
            submodules = [f"{name}.{alias.name}" for alias in node.names if is_module(f"{name}.{alias.name}")]
            found += [(node.lineno, m) for m in submodules or [name]]
    return sorted((line, m) for line, m in found if m == "voicemaster" or m.startswith("voicemaster."))


def upward_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each import in `source` of a floor above `module`'s, as "line N: floor imports X (floor)"."""
    here = floor_of(module)
    assert here is not None, f"{module} has no floor in FLOORS"
    upward = []
    for line, name in imported_modules(source, module, is_package):
        there = floor_of(name)
        if there is not None and there < here:
            upward.append(f"line {line}: {module} ({FLOORS[here][0]}) imports {name} ({FLOORS[there][0]})")
    return upward


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_floor() -> None:
    unplaced = [module_name(path) for path in SOURCES if floor_of(module_name(path)) is None]
    assert not unplaced, f"give these modules a floor in FLOORS: {unplaced}"


def test_imports_point_down() -> None:
    upward = [
        f"{path.relative_to(PACKAGE.parent)} {problem}"
        for path in SOURCES
        for problem in upward_imports(path.read_text(), module_name(path), path.name == "__init__.py")
    ]
    assert not upward, "imports that point up:\n" + "\n".join(upward)


def test_an_upward_import_is_named() -> None:
    """The check itself: imports of higher floors from the game, inside a function or
    relative, are named with their line and both floors; imports of its own floor and of
    the ground are not; the ground may import nothing above it."""
    source = (
        "from voicemaster.errors import InputError\n"
        "from voicemaster.game.cards import Team\n"
        "from . import cards\n"
        "def f():\n"
        "    from voicemaster.setup import dealing\n"
        "    from ..journal import Journal\n"
    )
    assert upward_imports(source, "voicemaster.game.probe") == [
        "line 5: voicemaster.game.probe (game) imports voicemaster.setup.dealing (setup)",
        "line 6: voicemaster.game.probe (game) imports voicemaster.journal (display/journal)",
    ]
    assert upward_imports("from voicemaster.game import cards\n", "voicemaster.errors") == [
        "line 1: voicemaster.errors (ground) imports voicemaster.game.cards (game)",
    ]


APART: tuple[tuple[str, str, str], ...] = (
    ("voicemaster.speech", "voicemaster.speech.ears.grid",
     "the setup's grid ear is built on the game's Whisper ear and the shared vocabulary "
     "(speech/ears/vocabulary.py), not they on it"),
)
"""Finer rules within a floor, as (room, other room, why): outside `other room`, no module of
`room` imports it."""


def inverted_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each import in `source` that breaks a rule of APART, as "line N: module imports X: why"."""
    return [
        f"line {line}: {module} imports {name}: {why}"
        for line, name in imported_modules(source, module, is_package)
        for room, other, why in APART
        if in_room(module, room) and not in_room(module, other) and in_room(name, other)
    ]


def test_rooms_of_a_floor_are_built_one_on_another() -> None:
    inverted = [
        f"{path.relative_to(PACKAGE.parent)} {problem}"
        for path in SOURCES
        for problem in inverted_imports(path.read_text(), module_name(path), path.name == "__init__.py")
    ]
    assert not inverted, "imports against APART:\n" + "\n".join(inverted)


def test_an_inverted_import_is_named() -> None:
    """The check itself: the game's Whisper ear importing the grid ear, inside a function too,
    is named with its line; the grid ear importing Whisper, the grid importing itself and the
    setup floor above importing the grid are not."""
    source = (
        "from voicemaster.speech.ears.whisper.engine import Engine\n"
        "def f():\n"
        "    from voicemaster.speech.ears.grid.reading import read\n"
    )
    assert inverted_imports(source, "voicemaster.speech.ears.whisper.probe") == [
        "line 3: voicemaster.speech.ears.whisper.probe imports voicemaster.speech.ears.grid.reading: "
        + APART[0][2],
    ]
    assert inverted_imports(source, "voicemaster.speech.ears.grid.probe") == []
    assert inverted_imports(source, "voicemaster.setup.probe") == []


def import_cycles(modules: dict[str, tuple[str, bool]]) -> list[str]:
    """One shortest circle of imports through each knot of `modules` (module -> its source, is
    it a package) that import each other round, as "a:N → b:M → a": a imports b at its line N,
    b imports a at its line M."""
    imports: dict[str, dict[str, int]] = {module: {} for module in modules}
    for module, (source, is_package) in modules.items():
        for line, name in imported_modules(source, module, is_package):
            if name in modules:
                imports[module].setdefault(name, line)
    reach = {module: _reachable(imports, module) for module in imports}
    knots = {frozenset(other for other in reach[m] if m in reach[other]) for m in imports if m in reach[m]}
    circles = []
    for knot in knots:
        start = min(knot)
        way = _way_round(imports, start)
        circles.append(" → ".join(f"{a}:{imports[a][b]}" for a, b in zip(way, [*way[1:], start])) + f" → {start}")
    return sorted(circles)


def _reachable(imports: dict[str, dict[str, int]], start: str) -> set[str]:
    """The modules `start` imports, directly or through others (itself only on a circle)."""
    seen: set[str] = set()
    todo = list(imports[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += imports[module]
    return seen


def _way_round(imports: dict[str, dict[str, int]], start: str) -> list[str]:
    """The fewest modules from `start` that import one another back to it: [start, ..., last]."""
    before: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for name in sorted(imports[module]):
                if name == start:
                    way = [module]
                    while way[-1] != start:
                        way.append(before[way[-1]])
                    return way[::-1]
                if name not in before:
                    before[name] = module
                    following.append(name)
        frontier = following
    raise ValueError(f"{start} is on no circle of imports")


def test_no_modules_import_each_other_in_a_circle() -> None:
    modules = {module_name(path): (path.read_text(), path.name == "__init__.py") for path in SOURCES}
    circles = import_cycles(modules)
    assert not circles, "modules that import each other in a circle:\n" + "\n".join(circles)


def test_an_import_circle_is_named() -> None:
    """The check itself: a circle through an import at the top, one under TYPE_CHECKING and a
    relative one inside a function is named with each import's line, once; a module that only
    imports into the circle is not on it, and breaking one link leaves no circle."""
    modules = {
        "voicemaster.referee.probe_a": ("from voicemaster.referee.probe_b import x\n", False),
        "voicemaster.referee.probe_b": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from voicemaster.referee.probe_c import y\n", False),
        "voicemaster.referee.probe_c": ("import os\ndef f():\n    from .probe_a import z\n", False),
        "voicemaster.referee.probe_d": ("import voicemaster.referee.probe_a\n", False),
    }
    assert import_cycles(modules) == [
        "voicemaster.referee.probe_a:1 → voicemaster.referee.probe_b:3 → voicemaster.referee.probe_c:3"
        " → voicemaster.referee.probe_a",
    ]
    modules["voicemaster.referee.probe_c"] = ("import os\n", False)
    assert import_cycles(modules) == []


ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"


def test_the_architecture_notes_name_these_floors_in_this_order() -> None:
    """docs/architecture.md's table of rooms is the floors above, top first, and names no module
    that is not there: the picture a newcomer reads is the one this test enforces."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    rows = [line.split("|")[1].strip() for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| floor")]
    assert rows == [name for name, _ in FLOORS]
    named = set(re.findall(r"`([\w/]+\.py)`", text))
    roots = (PACKAGE.parent, PACKAGE, PACKAGE / "speech", PACKAGE / "speech" / "ears")
    missing = [p for p in named if not any((root / p).is_file() for root in roots)]
    assert named and not missing, missing
