"""Snapshots built by hand: the display must show exactly what they say."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from voicemaster.game.phase import Phase
from voicemaster.game.cards import Identity, Team
from voicemaster.game.snapshot import CardView, ClueView, GameSnapshot, TableStatus
from voicemaster.display.key_entry import KeyEntry
from voicemaster.display.web import WebDisplay

WORDS = (
    "apple", "chapel", "ocean", "ice cream", "castle",
    "robot", "piano", "forest", "mother-in-law", "anchor",
    "bridge", "candle", "dragon", "engine", "falcon",
    "garden", "harbor", "island", "jungle", "kettle",
    "lemon", "magnet", "needle", "orbit", "parrot",
)
KEY = "RRRRRRRRRBBBBBBBBNNNNNNNA"
"""Red starts with 9; the assassin is the last card (PARROT)."""
IDENTITIES = {"R": Identity.RED, "B": Identity.BLUE, "N": Identity.BYSTANDER, "A": Identity.ASSASSIN}


def make_snapshot(
    covered: tuple[str, ...] = (),
    key: str = KEY,
    **fields: object,
) -> GameSnapshot:
    """A full (spymaster) snapshot with `covered` cards covered and counts that add up."""
    cards = tuple(
        CardView(word=w, identity=IDENTITIES[k], covered=w in covered) for w, k in zip(WORDS, key)
    )
    remaining = {
        team: sum(1 for c in cards if c.identity is Identity.of_team(team) and not c.covered)
        for team in Team
    }
    values: dict[str, object] = dict(
        cards=cards,
        turn=Team.RED,
        phase=Phase.CLUE,
        winner=None,
        remaining=remaining,
        clue=None,
        guesses_left=None,
        timer_left=None,
        timer_paused=False,
        waiting_for=None,
        coop=False,
    )
    values.update(fields)
    return GameSnapshot(**values)  # type: ignore[arg-type]


def twin_deals(covered: tuple[str, ...]) -> tuple[GameSnapshot, GameSnapshot]:
    """Two games alike in everything a player may know, with the identities under the
    uncovered cards reversed in order (the assassin moves, agents trade places)."""
    hidden = [i for i, word in enumerate(WORDS) if word not in covered]
    letters = list(KEY)
    for i, j in zip(hidden, reversed(hidden)):
        letters[i] = KEY[j]
    one = make_snapshot(covered=covered)
    other = make_snapshot(covered=covered, key="".join(letters))
    assert one.public() == other.public() and one != other
    return one, other


def mid_game() -> tuple[GameSnapshot, TableStatus]:
    """Red is guessing on OCEAN 2; APPLE and ROBOT (red) and BRIDGE (blue) are covered."""
    snapshot = make_snapshot(
        covered=("apple", "bridge", "robot"),
        phase=Phase.GUESS,
        clue=ClueView(team=Team.RED, word="ocean", number=2),
        guesses_left=2,
        timer_left=83.2,
    )
    status = TableStatus(last_heard="guess apple", mic_level=0.4, message="Apple: red agent. Two guesses left.")
    return snapshot, status


@pytest.fixture
def game() -> tuple[GameSnapshot, TableStatus]:
    return mid_game()


@pytest.fixture
def web(entry: KeyEntry) -> Iterator[WebDisplay]:
    """The web display serving the key page of the test module's `entry`."""
    display = WebDisplay(port=0)
    display.start()
    display.open_key_page(entry)
    yield display
    display.stop()
