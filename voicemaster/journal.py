"""Append-only journal: the deal, the house rules and every action, one JSON line each.

Each record is flushed and fsynced before the game moves on, so a crash loses at most
the action being written; a torn last line is dropped with a warning on load. The game
is rebuilt by replaying the actions through the rules core; a record that is damaged or
does not fit ends the replay there, with a warning, and resuming keeps the lines from it
on in a side file. One session writes a journal at a time (an OS lock on JOURNAL.lock).
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable

from voicemaster.errors import InputError
from voicemaster.game.actions import Action, action_from_json, action_to_json
from voicemaster.game.cards import KEY_LETTERS, Deal, key_problem
from voicemaster.game.clue_judge import ClueJudge
from voicemaster.game.core import Game
from voicemaster.game.errors import GameError
from voicemaster.game.events import GameEvent, GameStarted
from voicemaster.game.house_rules import HouseRules

FORMAT = "voicemaster-journal"
VERSION = 1


@dataclass(frozen=True)
class DealtFrom:
    """A game dealt from a word list, kept in its journal's header ("dealt"), so that "new
    game" after a resume deals the next one as the first session would have."""

    wordlist: str | None
    """The word list given (--wordlist or the config's), None for the bundled one."""
    seed: int | None
    """The seed this game was dealt from; None: dealt at random."""

    def to_json(self) -> dict[str, object]:
        return {"wordlist": self.wordlist, "seed": self.seed}

    @staticmethod
    def from_json(data: object) -> "DealtFrom | None":
        """None for a header without it (a table from the box, or an older journal)."""
        if not isinstance(data, dict):
            return None
        wordlist, seed = data.get("wordlist"), data.get("seed")
        return DealtFrom(wordlist if isinstance(wordlist, str) else None, seed if isinstance(seed, int) else None)


@dataclass
class LoadedGame:
    game: Game
    events: list[GameEvent]
    """Every event of the game so far, replayed."""
    warnings: list[str] = field(default_factory=list)
    good_bytes: int = 0
    """Length of the part of the file that replays (a torn tail or a bad record lies beyond it)."""
    dealt: DealtFrom | None = None


def check_journal_path(path: str | Path) -> None:
    """A journal is a regular file (or none yet): a directory or a device is refused by name."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"cannot use as a journal: {exc.strerror}", str(path)) from None
    if stat.S_ISDIR(mode):
        raise InputError("is a directory; --journal needs a file, e.g. DIR/tonight.jsonl", str(path))
    if not stat.S_ISREG(mode):
        raise InputError("is not a regular file; --journal needs a file on disk, e.g. tonight.jsonl", str(path))


class JournalLock:
    """The one writer's hold on a journal: an flock on JOURNAL.lock, which holds the
    writer's process id. The OS drops the lock when the process ends, even in a crash."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._file: BinaryIO | None = os.fdopen(fd, "r+b", buffering=0)
        """A file object, so that a lock never released by hand goes with its owner."""

    @staticmethod
    def take(journal: str | Path) -> "JournalLock":
        """The lock, or InputError naming the journal and the process that holds it."""
        return JournalLock.hold(
            journal, "journal", "is recording this game; one session per journal: go on in that one, or end it first")

    @staticmethod
    def hold(file: str | Path, what: str, busy: str) -> "JournalLock":
        """The one writer's lock on any `file` (FILE.lock), or InputError naming the file and
        the process that holds it: "another VoiceMaster (process N) `busy`"."""
        file = Path(file)
        path = file.with_name(file.name + ".lock")
        if not file.parent.is_dir():
            raise InputError(f"the {what}'s folder {file.parent} does not exist: make it, or give a path in a folder that does",
                             str(file))
        while True:
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise InputError(f"cannot lock the {what} ({path}: {exc.strerror})", str(file)) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
                os.close(fd)
                raise InputError(f"another VoiceMaster (process {holder}) {busy}", str(file)) from None
            if _still_there(path, fd):
                break
            os.close(fd)  # the holder removed it as it stopped: lock the next one
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return JournalLock(path, fd)

    def release(self) -> None:
        """Remove the lock file while still holding it, so no one locks a stale copy."""
        if self._file is None:
            return
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        self._file.close()
        self._file = None


def _still_there(path: Path, fd: int) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


class Journal:
    """An open journal file that records actions as they are applied, under its lock."""

    def __init__(self, path: Path, lock: JournalLock) -> None:
        self.path = path
        self.lock = lock
        self.set_aside: Path | None = None
        """Where resuming put the lines that did not replay."""
        self._file = open(path, "ab")

    @staticmethod
    def create(path: str | Path, deal: Deal, rules: HouseRules, dealt: DealtFrom | None = None) -> "Journal":
        target = Path(path)
        check_journal_path(target)
        lock = JournalLock.take(target)
        try:
            return Journal._start(target, deal, rules, lock, dealt)
        except BaseException:
            lock.release()
            raise

    @staticmethod
    def _start(target: Path, deal: Deal, rules: HouseRules, lock: JournalLock, dealt: DealtFrom | None) -> "Journal":
        if target.exists() and target.stat().st_size > 0:
            raise InputError("a game is already recorded here; add --resume to continue it, or choose another file", str(target))
        header = {
            "format": FORMAT,
            "version": VERSION,
            "cards": list(deal.cards),
            "key": "".join(k.letter for k in deal.key),
            "rules": rules.to_json(),
            "created": time.time(),
        }
        if dealt is not None:
            header["dealt"] = dealt.to_json()
        try:
            journal = Journal(target, lock)
            journal._write(header)
        except OSError as exc:
            raise InputError(f"cannot write the journal: {exc.strerror}", str(target)) from None
        return journal

    @staticmethod
    def resume(path: str | Path, loaded: LoadedGame, lock: JournalLock | None = None) -> "Journal":
        """Reopen for appending, after what did not replay: a torn last line is cut off,
        lines from a bad record on are moved to JOURNAL.rejected-<time> first. Take the
        lock before loading when another session might be writing."""
        target = Path(path)
        lock = lock or JournalLock.take(target)
        with open(target, "r+b") as f:
            f.seek(loaded.good_bytes)
            rest = f.read()
            set_aside = _set_aside(target, rest) if rest.strip() else None
            f.truncate(loaded.good_bytes)
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
            f.flush()
            os.fsync(f.fileno())
        journal = Journal(target, lock)
        journal.set_aside = set_aside
        return journal

    def append(self, action: Action) -> None:
        self._write({**action_to_json(action), "t": time.time()})

    def _write(self, record: dict[str, object]) -> None:
        self._file.write(json.dumps(record).encode() + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()
        self.lock.release()


def _set_aside(path: Path, rest: bytes) -> Path:
    """Keep what will not replay beside the journal, never overwriting an earlier one."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    side = path.with_name(f"{path.name}.rejected-{stamp}")
    number = 1
    while side.exists():
        number += 1
        side = path.with_name(f"{path.name}.rejected-{stamp}-{number}")
    with open(side, "wb") as f:
        f.write(rest)
        f.flush()
        os.fsync(f.fileno())
    return side


def _parse_header(line: bytes, path: str) -> tuple[Deal, HouseRules, DealtFrom | None]:
    try:
        header = json.loads(line)
        if header.get("format") != FORMAT:
            raise ValueError
    except (ValueError, AttributeError):
        raise InputError("not a VoiceMaster journal", path, 1) from None
    if not isinstance(header.get("version"), int) or header["version"] > VERSION:
        raise InputError(
            f"journal format version {header.get('version')} is newer than this VoiceMaster understands ({VERSION}); upgrade VoiceMaster",
            path, 1,
        )
    try:
        key = tuple(KEY_LETTERS[c] for c in header["key"])
        cards = tuple(str(c) for c in header["cards"])
        if len(cards) != 25 or len(key) != 25:
            raise ValueError("a journal's deal has 25 cards")
        problem = key_problem(key)
        if problem is not None:
            raise InputError(problem, path)
        rules = HouseRules.from_json(header["rules"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"damaged journal header ({exc})", path, 1) from None
    return Deal(cards, key), rules, DealtFrom.from_json(header.get("dealt"))


def load_game(
    path: str | Path,
    clock: Callable[[], float] = time.monotonic,
    *,
    judge: ClueJudge,
    refusal: Callable[[GameError], str] = str,
) -> LoadedGame:
    """Rebuild the game from its journal, its clues judged again by `judge`; InputError
    when it cannot be trusted. A record the game refuses is warned about in `refusal`'s
    words: the journal lies below the voice, which words the game's refusals."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("journal not found", name) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a journal file", name) from None
    except OSError as exc:
        raise InputError(f"cannot read the journal: {exc.strerror}", name) from None
    lines = data.split(b"\n")
    if not data.strip():
        raise InputError("the journal is empty", name)
    deal, rules, dealt = _parse_header(lines[0], name)
    game = Game(deal, rules, clock, judge=judge)
    loaded = LoadedGame(game, [GameStarted(deal.starting_team, rules.coop)], good_bytes=len(lines[0]) + 1, dealt=dealt)
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            loaded.good_bytes += len(line) + 1
            continue
        torn = number == len(lines)
        try:
            action = action_from_json(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            if torn:
                loaded.warnings.append(f"{name} line {number}: incomplete last record dropped (the game stopped while writing it)")
            else:
                loaded.warnings.append(_stopped_at(name, number, lines, f"damaged record ({exc})"))
            break
        try:
            loaded.events += game.apply(action)
        except GameError as exc:
            loaded.warnings.append(_stopped_at(name, number, lines, f"record does not fit the game ({refusal(exc).rstrip('.')})"))
            break
        loaded.good_bytes += len(line) + 1
    loaded.good_bytes = min(loaded.good_bytes, len(data))
    return loaded


def _stopped_at(name: str, number: int, lines: list[bytes], problem: str) -> str:
    rest = sum(1 for line in lines[number - 1 :] if line.strip())
    records = "1 record" if rest == 1 else f"{rest} records"
    return (
        f"{name} line {number}: {problem}; the game is replayed up to line {number - 1} and the "
        f"{records} from line {number} on are left out (--resume keeps them in a side file)"
    )
