"""The public board for the terminal (rich): what everyone at the table may see.

Every function here takes the full snapshot and calls `public()` itself, so no
caller can put the identity of an uncovered card on the public screen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
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
TYPING_HELP = "Enter sends · 'help' lists what to say · 'quit' or Ctrl-D ends"


@dataclass(frozen=True)
class Around:
    """What the live board shows besides the game."""

    said: tuple[str, ...] = ()
    """The latest announcements, oldest first: an answer given twice shows twice."""
    notes: tuple[str, ...] = ()
    """Lines kept for the whole game: the web addresses, warnings."""
    typing: str | None = None
    """The line being typed, when the board takes typed input; None otherwise."""


WORD_PART = re.compile(r"(\s*)(\S+?-(?=\S)|\S+)")
"""A word, or the part of a hyphenated word up to and with its hyphen."""


class CardWords:
    """A card's label that breaks only between words or after a hyphen ("MOTHER-IN-" over
    "LAW"), never inside a word while the longest part fits the cell."""

    def __init__(self, label: str, style: str = "") -> None:
        self.label = label
        self.style = style
        self._parts = [(bool(space), part) for space, part in WORD_PART.findall(label)]

    def lines(self, width: int) -> list[str]:
        lines: list[str] = []
        line = ""
        for spaced, part in self._parts:
            joined = f"{line} {part}" if line and spaced else line + part
            if len(joined) <= width or not line:
                line = joined
            else:
                lines.append(line)
                line = part
        return [*lines, line]

    @property
    def longest(self) -> int:
        """The widest part: a cell narrower than this cuts a word."""
        return max(len(part) for _, part in self._parts)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.longest, len(self.label))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        text = "\n".join(self.lines(options.max_width))
        yield Text(text, justify="center", style=self.style, overflow="fold")


@dataclass(frozen=True)
class Cell:
    """What a card shows in the grid: its words, and the style of its cell."""

    words: CardWords
    style: str


SIZE = 5
"""Cards a side of the grid."""


@dataclass(frozen=True)
class Room:
    """How much room the grid gives a card's words: the frame round the grid, and the spaces
    either side of the words in each cell."""

    edge: bool
    padding: int

    def word_width(self, width: int) -> int:
        """The narrowest cell's room for words when the grid is `width` wide (its columns share
        what the vertical lines leave)."""
        lines = SIZE + 1 if self.edge else SIZE - 1
        return (width - lines) // SIZE - 2 * self.padding


ROOMS = (Room(edge=True, padding=1), Room(edge=True, padding=0), Room(edge=False, padding=0))
"""From the roomiest: the first whose cells hold every card's longest word whole is drawn."""


def card_cell(card: CardView) -> Cell:
    """A card as a cell: its identity by colour and by letter when the view carries it."""
    label = CardWords(labels.card_label(card.word, card.identity))
    return Cell(label, UNCOVERED_STYLE if card.identity is None else IDENTITY_STYLES[card.identity])


class CardGrid:
    """The 5 × 5 cards, as roomy as the width lets every word stand whole ("HORSESHOE", never
    "HORSESHO" over "E"): a framed grid with a space either side of the words, then without
    the spaces, then without the outer frame; narrower still, each row of cards as a line of
    words, which wraps between cards."""

    def __init__(self, cells: Sequence[Cell]) -> None:
        self.cells = list(cells)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        longest = max(cell.words.longest for cell in self.cells)
        room = next((r for r in ROOMS if r.word_width(options.max_width) >= longest), None)
        yield self._table(room) if room is not None else self._lines()

    def _table(self, room: Room) -> Table:
        grid = Table(show_header=False, box=box.ROUNDED, expand=True, show_lines=True, padding=0,
                     show_edge=room.edge)
        for _ in range(SIZE):
            grid.add_column(justify="center", ratio=1, overflow="fold")
        for row in range(SIZE):
            grid.add_row(*(Padding(cell.words, (0, room.padding), style=cell.style, expand=True)
                           for cell in self.cells[row * SIZE : row * SIZE + SIZE]))
        return grid

    def _lines(self) -> Table:
        """Each row numbered, its cards on a line that wraps under the row's own number."""
        lines = Table.grid(padding=(0, 1, 0, 0))
        lines.add_column(style="dim")
        lines.add_column(ratio=1)
        for row in range(SIZE):
            line = Text()
            for n, cell in enumerate(self.cells[row * SIZE : row * SIZE + SIZE]):
                line.append(" │ " if n else "", style="dim")
                line.append(cell.words.label, style=f"{cell.style} {cell.words.style}".strip())
            lines.add_row(str(row + 1), line)
        return lines


def card_grid(cards: Sequence[CardView], cell: Callable[[CardView], Cell] = card_cell) -> CardGrid:
    return CardGrid([cell(card) for card in cards])


def _score_line(snapshot: GameSnapshot) -> Text:
    line = Text()
    for team, agents in zip((Team.RED, Team.BLUE), labels.agents_texts(snapshot)):
        line.append(agents, style=TEAM_STYLES[team])
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


def _said_lines(status: TableStatus, around: Around) -> list[Text]:
    said = around.said or ((status.message,) if status.message else ())
    lines = [Text(f"  {text}", style="dim italic") for text in said[:-1]]
    if said:
        lines.append(Text(f"» {said[-1]}", style="italic"))
    return lines


def _around_lines(around: Around) -> list[Text]:
    lines = [Text(note, style="yellow") for note in around.notes]
    if around.typing is not None:
        line = Text("Type › ", style="bold cyan")
        line.append(around.typing + "▌", style="bold")
        line.append(f"   ({TYPING_HELP})", style="dim")
        lines.append(line)
    return lines


def _table_lines(snapshot: GameSnapshot, status: TableStatus, around: Around) -> list[Text]:
    heard = Text()
    heard.append("Heard: ", style="dim")
    heard.append(f'"{status.last_heard}"' if status.last_heard else "-")
    if status.understood:
        heard.append(f" → {status.understood}", style="bold")
    heard.append("   Mic: ", style="dim")
    heard.append(labels.mic_bar(status.mic_level), style="green")
    lines = [heard]
    if status.waiting:
        lines.append(Text(status.waiting, style="bold yellow"))
    return lines + _said_lines(status, around) + _around_lines(around)


def render_board(
    snapshot: GameSnapshot, status: TableStatus | None = None, around: Around | None = None
) -> RenderableType:
    """The public board: 5x5 grid, counts, turn, clue, timer, what was heard and said."""
    public = snapshot.public()
    status = status or TableStatus()
    around = around or Around()
    parts: list[RenderableType] = []
    if public.phase is Phase.OVER:
        banner = Text(labels.winner_banner(public), justify="center", style="bold reverse")
        winner_style = TEAM_STYLES[public.winner] if public.winner else "bold"
        parts.append(Panel(banner, style=winner_style, box=box.DOUBLE))
    parts += [_score_line(public), card_grid(public.cards), _clue_line(public)]
    parts += _table_lines(public, status, around)
    return Panel(Group(*parts), title="VoiceMaster", border_style="dim")
