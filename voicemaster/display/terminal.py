"""The public board for the terminal (rich): what everyone at the table may see.

Every function here takes the full snapshot and calls `public()` itself, so no
caller can put the identity of an uncovered card on the public screen.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from voicemaster.display import labels
from voicemaster.game.cards import Identity, Team
from voicemaster.game.phase import Phase
from voicemaster.game.snapshot import CardView, GameSnapshot, TableStatus

IDENTITY_STYLES = {
    Identity.RED: "bold white on red3",
    Identity.BLUE: "bold white on blue3",
    Identity.BYSTANDER: "bold black on khaki1",
    Identity.ASSASSIN: "bold white on grey30",
}
TEAM_STYLES = {Team.RED: "bold red", Team.BLUE: "bold bright_blue"}
UNCOVERED_STYLE = "bold"


def card_cell(card: CardView) -> RenderableType:
    """A card as a cell: its identity by colour and by letter when the view carries it."""
    label = Text(labels.card_label(card.word, card.identity), justify="center")
    style = UNCOVERED_STYLE if card.identity is None else IDENTITY_STYLES[card.identity]
    return Padding(label, (0, 1), style=style, expand=True)


def card_grid(
    cards: Sequence[CardView], cell: Callable[[CardView], RenderableType] = card_cell
) -> Table:
    grid = Table(show_header=False, box=box.ROUNDED, expand=True, show_lines=True, padding=0)
    for _ in range(5):
        grid.add_column(justify="center", ratio=1, overflow="fold")
    for row in range(5):
        grid.add_row(*(cell(card) for card in cards[row * 5 : row * 5 + 5]))
    return grid


def _score_line(snapshot: GameSnapshot) -> Text:
    line = Text()
    for team in (Team.RED, Team.BLUE):
        line.append(labels.agents_text(snapshot, team), style=TEAM_STYLES[team])
        line.append("   ")
    line.append(labels.headline(snapshot), style=TEAM_STYLES[snapshot.turn])
    if snapshot.coop:
        line.append("   (co-op)")
    return line


def _clue_line(snapshot: GameSnapshot) -> Text:
    line = Text()
    line.append("Clue: ", style="dim")
    line.append(labels.clue_text(snapshot.clue), style="bold")
    line.append("   Guesses left: ", style="dim")
    line.append(labels.guesses_text(snapshot), style="bold")
    line.append("   Timer: ", style="dim")
    line.append(labels.timer_text(snapshot.timer_left, snapshot.timer_paused), style="bold")
    return line


def _table_lines(snapshot: GameSnapshot, status: TableStatus) -> list[Text]:
    heard = Text()
    heard.append("Heard: ", style="dim")
    heard.append(f'"{status.last_heard}"' if status.last_heard else "-")
    heard.append("   Mic: ", style="dim")
    heard.append(labels.mic_bar(status.mic_level), style="green")
    lines = [heard]
    if snapshot.waiting_for:
        lines.append(Text(snapshot.waiting_for, style="bold yellow"))
    if status.message:
        lines.append(Text(f"» {status.message}", style="italic"))
    return lines


def render_board(snapshot: GameSnapshot, status: TableStatus | None = None) -> RenderableType:
    """The public board: 5x5 grid, counts, turn, clue, timer, what was heard and said."""
    public = snapshot.public()
    status = status or TableStatus()
    parts: list[RenderableType] = []
    if public.phase is Phase.OVER:
        banner = Text(labels.winner_banner(public), justify="center", style="bold reverse")
        winner_style = TEAM_STYLES[public.winner] if public.winner else "bold"
        parts.append(Panel(banner, style=winner_style, box=box.DOUBLE))
    parts += [_score_line(public), card_grid(public.cards), _clue_line(public)]
    parts += _table_lines(public, status)
    return Panel(Group(*parts), title="VoiceMaster", border_style="dim")
