"""The spymasters' key: every card with its identity. Never part of the public display."""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from voicemaster.display import labels
from voicemaster.display.terminal import IDENTITY_STYLES, TEAM_STYLES, CardWords, Cell, card_grid
from voicemaster.game.cards import Identity, Team
from voicemaster.game.snapshot import CardView

COVERED_MARK = "✓"
LEGEND = "R red agent · B blue agent · N bystander · A assassin · ✓ covered"


def key_cell(card: CardView) -> Cell:
    """Identity by colour and letter; a covered card is struck through and ticked."""
    if card.identity is None:
        raise ValueError(f"the key view needs the identity of {card.word!r}")
    label = labels.card_label(card.word, card.identity)
    if card.covered:
        text = CardWords(f"{label} {COVERED_MARK}", style="strike dim")
    else:
        text = CardWords(label)
    return Cell(text, IDENTITY_STYLES[card.identity])


def _summary(cards: Sequence[CardView]) -> Text:
    agents = {team: [c for c in cards if c.identity is Identity.of_team(team)] for team in Team}
    starting = Team.RED if len(agents[Team.RED]) == 9 else Team.BLUE
    line = Text(f"{starting.title} starts.   ")
    for team in Team:
        left = sum(1 for c in agents[team] if not c.covered)
        line.append(f"{team.title} {left} of {len(agents[team])} left   ", style=TEAM_STYLES[team])
    return line


def render_key(cards: Sequence[CardView]) -> RenderableType:
    """The key card for the spymasters: all 25 identities, covered cards marked."""
    if len(cards) != 25:
        raise ValueError(f"a key has 25 cards, got {len(cards)}")
    body = Group(_summary(cards), card_grid(cards, key_cell), Text(LEGEND, style="dim"))
    return Panel(
        body,
        title="SPYMASTER KEY: keep this away from the players",
        border_style="bold yellow",
        box=box.HEAVY,
    )
