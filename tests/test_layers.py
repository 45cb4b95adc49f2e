"""Imports run downwards: a module may import its own floor and the floors below it, never one above.

The floors are those of the architecture notes ("commands → setup → app → dialogue → speech/voice
→ referee/understand → display/journal → game"), with a ground floor under the game for the
few modules every floor uses. The imports are read from the source (ast), not run, so an
import inside a function or under TYPE_CHECKING counts as much as one at the top.
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


def floor_of(module: str) -> int | None:
    """Index into FLOORS (0 the top), or None when no entry names the module."""
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
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
