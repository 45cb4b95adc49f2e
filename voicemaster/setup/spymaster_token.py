"""The spymaster page's token, kept with the game: in a file beside its journal
(JOURNAL.spymaster-token, readable by its owner only), so that a resumed game, and the next
game of the evening, answer at the address the spymasters' phones scanned. The journal's own
format stays as it was: an older journal resumes, and gets a token kept from then on.

Never shown on the public page or the board; a game started afresh on a journal name used
before draws a new one, so last week's link does not open tonight's key."""

from __future__ import annotations

import os
import re
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from voicemaster.display.web import new_token

SUFFIX = ".spymaster-token"
TOKEN = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""What `new_token` draws (32 URL-safe characters), with room for longer ones."""


@dataclass(frozen=True)
class KeptToken:
    token: str
    warning: str | None = None
    """Why the token is not the one kept before, or will not be kept: one line for the terminal."""


def token_file(journal: Path) -> Path:
    return journal.with_name(journal.name + SUFFIX)


def kept_token(journal: Path, reuse: bool) -> KeptToken:
    """The token kept beside `journal` when `reuse` (a game or a table's setup taken up
    again) and there is one; else a new one, kept there from now on."""
    problem = None
    if reuse:
        found, problem = _read(token_file(journal))
        if found is not None:
            return KeptToken(found)
    token = new_token()
    return KeptToken(token, keep_token(journal, token) or problem)


def _read(path: Path) -> tuple[str | None, str | None]:
    """The token in `path` (None if there is none), or why it cannot be used."""
    again = "the spymaster page has a new address: scan its code again"
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"{path}: cannot read the spymaster token ({getattr(exc, 'strerror', None) or exc}); {again}"
    if not TOKEN.fullmatch(text):
        return None, f"{path}: not a spymaster token; {again}"
    _make_private(path)
    return text, None


def keep_token(journal: Path, token: str) -> str | None:
    """Write `token` beside `journal` (owner-only, replaced whole); a warning when it cannot
    be. A journal whose folder does not exist is the journal's to refuse, later and by name."""
    path = token_file(journal)
    if not path.parent.is_dir():
        return None
    if _read(path)[0] == token:
        return None
    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".")
        try:
            with os.fdopen(fd, "w", encoding="ascii") as file:
                file.write(token + "\n")
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as exc:
        return (f"cannot keep the spymaster page's address beside the journal ({path}: {exc.strerror or exc}); "
                "a resumed game will have a new one")
    return None


def _make_private(path: Path) -> None:
    """A token file others may read is made the owner's alone again."""
    try:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
    except OSError:
        pass
