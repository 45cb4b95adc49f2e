"""The public board as plain text, for output that is not a terminal (pipes, logs, tests)."""

from __future__ import annotations

from voicemaster.display import labels
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import GameSnapshot, TableStatus


def render_text(snapshot: GameSnapshot, status: TableStatus | None = None) -> str:
    """A compact board: covered cards carry their letter, uncovered ones only their word."""
    public = snapshot.public()
    status = status or TableStatus()
    cells = [labels.card_label(card.word, card.identity) for card in public.cards]
    width = max(len(cell) for cell in cells)
    rows = [
        " | ".join(cell.ljust(width) for cell in cells[row * 5 : row * 5 + 5]).rstrip()
        for row in range(5)
    ]
    lines = ["   ".join([*labels.agents_texts(public), labels.headline(public)]), *rows]
    lines.append(
        f"Clue: {labels.clue_text(public.clue)}   Guesses left: {labels.guesses_text(public)}"
        f"   Timer: {_timer(public)}"
    )
    if status.waiting:
        lines.append(status.waiting)
    if status.last_heard:
        lines.append(f'Heard: "{status.last_heard}"' + (f" → {status.understood}" if status.understood else ""))
    if status.message:
        lines.append(f"» {status.message}")
    return "\n".join(lines)


def _timer(snapshot: GameSnapshot) -> str:
    """Printed once, so it says which phase it counts for: after "Time's up" it is the next one's."""
    text = labels.timer_text(snapshot.timer_left, snapshot.timer_paused)
    if snapshot.timer_left is None or snapshot.phase is Phase.OVER:
        return text
    what = "clue" if snapshot.phase is Phase.CLUE else "guesses"
    return f"{text} left for {snapshot.turn.title}'s {what}"
