"""Board, key and word-list files: parsed strictly, errors name file and line.

These formats build the types of `game/cards`, and rooms at every height read them (the
key page parses a key, the grid ear reads the word lists), so they sit on the game's floor;
outside `game/` because reading a file is I/O and the rules core does none."""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from voicemaster.errors import InputError
from voicemaster.game.cards import KEY_LETTERS, Identity, card_key, key_problem

LETTERS = r"[^\W\d_]+"
CARD_PATTERN = re.compile(rf"^{LETTERS}(?:[ -]{LETTERS})*$")
"""Words of letters (accented ones too), one space or hyphen between them."""
TWO_WORD_CARDS = (
    "ice cream", "loch ness", "new york", "hot dog", "polar bear", "fire truck", "space station",
    "north pole", "south pole", "scuba diver", "high school", "hot air", "teddy bear", "roller coaster",
    "traffic light", "fire engine", "light bulb", "solar system", "black hole", "washing machine",
    "swimming pool", "sea lion", "killer whale", "tooth fairy", "ice age", "time machine",
    "hong kong", "los angeles", "san francisco", "new zealand", "mount everest", "grand canyon",
    "big ben", "santa claus", "easter egg", "golden gate", "milky way", "sand castle",
)
"""Two-word things a box of cards holds (a card written as two words is also heard as
two words with no comma between them: "Loch Ness," is taken whole whatever its words)."""


def read_input_bytes(path: str | Path, missing: str = "file not found", directory: str = "is a directory, not a file") -> bytes:
    """A file a user named, whole; InputError naming it when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(missing, str(path)) from None
    except IsADirectoryError:
        raise InputError(directory, str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", str(path)) from None


def _read_lines(path: str | Path) -> list[str]:
    data = read_input_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("not UTF-8 text", str(path), line) from None
    return text.splitlines()


def card_problem(word: str) -> str | None:
    """Why this cannot be written on a card, or None: the board file's rule, also for cards
    read aloud or typed during setup."""
    if not CARD_PATTERN.match(" ".join(word.split())):
        return f"'{word.strip()}' is not a card: use letters, one space or hyphen between words"
    return None


def _check_card(word: str, path: str, line: int) -> str:
    problem = card_problem(word)
    if problem is not None:
        raise InputError(problem, path, line)
    return " ".join(word.split())


class _Cards:
    """Cards read so far: the same card twice (however written) names both lines."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.cards: list[str] = []
        self._first: dict[str, tuple[int, str]] = {}

    def add(self, card: str, line: int) -> None:
        key = card_key(card)
        if key in self._first:
            first, earlier = self._first[key]
            written = "" if card.lower() == earlier.lower() else f" as '{earlier}'"
            raise InputError(f"'{card}' is already on line {first}{written}", self.path, line)
        self._first[key] = (line, card)
        self.cards.append(card)


def read_board(path: str | Path) -> tuple[str, ...]:
    """25 non-empty lines, one card each, no card twice (case, accents, hyphens aside); lines
    starting with # are comments, as in the word lists."""
    lines = _read_lines(path)
    while lines and not lines[-1].strip():
        lines.pop()
    found = _Cards(str(path))
    for number, raw in enumerate(lines, start=1):
        if raw.lstrip().startswith("#"):
            continue
        if not raw.strip():
            raise InputError("empty line: a board has 25 cards, one per line", str(path), number)
        found.add(_check_card(raw, str(path), number), number)
    cards = found.cards
    if len(cards) != 25:
        raise InputError(f"a board has 25 cards, this file has {len(cards)}", str(path))
    return tuple(cards)


def read_key(path: str | Path) -> tuple[Identity, ...]:
    """5 lines of 5 letters R/B/N/A: 9 and 8 agents, 7 bystanders, 1 assassin."""
    return parse_key(_read_lines(path), str(path))


def parse_key(lines: list[str], source: str) -> tuple[Identity, ...]:
    """A key card's lines, from a file or the key page: one rule and one message for both."""
    lines = list(lines)
    while lines and not lines[-1].strip():
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            raise InputError("empty line: a key card has 5 lines of 5 letters", source, number)
    if len(lines) != 5:
        has = "1 line" if len(lines) == 1 else f"{len(lines)} lines"
        raise InputError(f"a key card has 5 lines of 5 letters, this file has {has}", source)
    key: list[Identity] = []
    for number, raw in enumerate(lines, start=1):
        row = "".join(raw.split()).upper()
        if len(row) != 5:
            raise InputError(f"'{raw.strip()}' should be 5 letters of R, B, N, A", source, number)
        problem = letters_problem(row)
        if problem is not None:
            raise InputError(problem, source, number)
        key.extend(KEY_LETTERS[letter] for letter in row)
    check_key_counts(tuple(key), source)
    return tuple(key)


def check_key_counts(key: tuple[Identity, ...], source: str) -> None:
    problem = key_problem(key)
    if problem is not None:
        raise InputError(problem, source)


def letters_problem(letters: str) -> str | None:
    """The first letter (upper case) that is none of R/B/N/A; None when all are key letters.
    One message for a key file, the key page and a key typed at the terminal."""
    for letter in letters:
        if letter not in KEY_LETTERS:
            return f"'{letter}' is not a key letter (R red, B blue, N bystander, A assassin)"
    return None


def key_file_text(key: Sequence[Identity]) -> str:
    """The key as a key file says it: 5 lines of 5 letters, read back by `read_key`."""
    letters = "".join(identity.letter for identity in key)
    return "".join(letters[row : row + 5] + "\n" for row in range(0, len(letters), 5))


def read_wordlist(path: str | Path) -> tuple[str, ...]:
    """One card per line; blank lines and lines starting with # are skipped; no duplicates."""
    found = _Cards(str(path))
    for number, raw in enumerate(_read_lines(path), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        found.add(_check_card(raw, str(path), number), number)
    cards = found.cards
    if len(cards) < 25:
        raise InputError(f"a word list needs at least 25 cards, this one has {len(cards)}", str(path))
    return tuple(cards)


def wordlist_cards() -> list[str]:
    """Every card of the bundled word lists."""
    folder = resources.files("voicemaster.wordlists")
    cards: list[str] = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".txt"):
            cards += read_wordlist(Path(str(item)))
    return cards
