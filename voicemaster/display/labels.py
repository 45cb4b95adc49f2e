"""The words every display shows, written once so the terminal and the web agree."""

from __future__ import annotations

from voicemaster.game.cards import Identity, Team
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import ClueView, GameSnapshot

IDENTITY_NAMES = {
    Identity.RED: "red agent",
    Identity.BLUE: "blue agent",
    Identity.BYSTANDER: "bystander",
    Identity.ASSASSIN: "assassin",
}
MIC_BAR_CELLS = 10


def card_label(word: str, identity: Identity | None) -> str:
    """"[R] APPLE" for a card whose identity is shown, "APPLE" otherwise."""
    if identity is None:
        return word.upper()
    return f"[{identity.letter}] {word.upper()}"


def headline(snapshot: GameSnapshot) -> str:
    """Whose turn it is and what the table is waiting for."""
    if snapshot.laying_out is not None:
        return snapshot.laying_out
    if snapshot.phase is Phase.OVER:
        return winner_banner(snapshot)
    team = snapshot.turn.title
    if snapshot.phase is Phase.CLUE:
        return f"{team}'s turn: spymaster, give a clue"
    return f"{team}'s turn: team, guess"


def winner_banner(snapshot: GameSnapshot) -> str:
    if snapshot.winner is None:
        return "Game over"
    return f"{snapshot.winner.title.upper()} WINS"


def clue_text(clue: ClueView | None) -> str:
    if clue is None:
        return "no clue yet"
    return f"{clue.word.upper()} {clue.number} ({clue.team.title})"


def guesses_text(snapshot: GameSnapshot) -> str:
    """Guesses left in a guess phase; "unlimited" for clues numbered 0 or unlimited."""
    if snapshot.phase is not Phase.GUESS:
        return "-"
    if snapshot.guesses_left is None:
        return "unlimited"
    return str(snapshot.guesses_left)


def timer_text(seconds: float | None, paused: bool) -> str:
    """mm:ss, rounded up so "00:00" means time is really up; "off" without a timer."""
    if seconds is None:
        return "off"
    whole = max(0, int(-(-seconds // 1)))
    text = f"{whole // 60:02d}:{whole % 60:02d}"
    return f"{text} (paused)" if paused else text


def agents_text(snapshot: GameSnapshot, team: Team) -> str:
    return f"{team.title} {snapshot.remaining[team]} left"


def agents_texts(snapshot: GameSnapshot) -> tuple[str, ...]:
    """Each team's agents left, red first; none while a table is laid out ("Red 0 left" before
    the key card is in said nothing true: no game is played yet)."""
    if snapshot.laying_out is not None:
        return ()
    return tuple(agents_text(snapshot, team) for team in (Team.RED, Team.BLUE))


def mic_bar(level: float | None, cells: int = MIC_BAR_CELLS) -> str:
    """A level meter made of characters, so it also works in plain text."""
    if level is None:
        return "no microphone"
    filled = round(min(1.0, max(0.0, level)) * cells)
    return "█" * filled + "░" * (cells - filled)
