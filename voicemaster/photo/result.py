"""What a photo was read as, and why one could not be read."""

from __future__ import annotations

from dataclasses import dataclass

from voicemaster.game.cards import Team


class PhotoError(Exception):
    """A photo that gives no table: one line a player can act on ("not an image", "too
    small (320×240; at least 640×480)", "no grid of cards found", "only 21 cards in the
    photo: row 2 card 3, ... missing", "the key card does not add up: ...")."""


@dataclass(frozen=True)
class BoardPhoto:
    """The 25 codename cards as the photo shows them."""

    cards: tuple[str | None, ...]
    """25 words (lower case, as the vocabulary spells them), row by row as seen from the
    camera: the grid's row nearest the photo's top first, each from the photo's left. None:
    a card that could not be read for sure (covered, washed out, unclear): never a guess."""
    ms: float
    """How long the reading took (decoding included), in milliseconds."""


@dataclass(frozen=True)
class KeyPhoto:
    """The key card as the photo shows it."""

    key: str
    """25 letters R/B/N/A row by row as the photo shows the card (turned or not): always
    9-8-7-1; a key that does not add up is a PhotoError."""
    starts: Team
    """The lights' colour: the team with nine agents, which plays first."""
    ms: float
