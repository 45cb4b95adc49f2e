"""Clues about letters, letter counts, table positions and rhymes; the card a clue comes nearest to."""

from __future__ import annotations

from voicemaster.referee.sounds import rhymes
from voicemaster.referee.tuning import LIKENESS
from voicemaster.vocabulary import ordinal_number, spoken_number

POSITION_WORDS = frozenset(
    """corner corners top bottom left right middle center centre row rows column columns
    edge edges side sides diagonal diagonally upper lower above below beside adjacent
    neighbor neighbour neighbors neighbours grid first second third fourth fifth last
    horizontal horizontally vertical vertically central centrally lowest highest
    north south east west northeast northwest southeast southwest northern southern eastern
    western beneath underneath halfway opposite perimeter midpoint midway midst midline periphery
    peripheral centerpoint centrepoint""".split()
)
"""Words that can point at places in the 5x5 grid; the opposing spymaster decides. The middle and
the edge by other words too (issue 49: midpoint, periphery), but not those whose everyday sense is
elsewhere (a margin of victory, a country's border)."""
DIRECTIONS = frozenset(
    "top bottom upper lower left right inner outer north south east west northern southern eastern western "
    "mid middle center centre side up down in out front rear hind end edge corner cross length width "
    "clock anticlock counterclock".split()
)
"""A direction made a position by -most, -ward(s), -ways or -wise: uppermost, leftmost, eastward,
southernmost, inwards, sideways, hindmost, crosswise, clockwise (CLUE_RULES: position words are asked;
issue 49: the family as a whole). "Almost", "toward", "backward", "foremost" and "otherwise" are not:
their first part is no direction on a table."""
DIRECTION_ENDINGS = ("most", "ward", "wards", "ways", "wise")


GRID_CARDS = 25
LETTER_NAMES = {
    "aitch": "h", "haitch": "h", "zed": "z", "zee": "z", "vee": "v", "wye": "y", "dee": "d", "cee": "c",
    "ess": "s", "eff": "f", "ar": "r",
}
"""Letters said by their names where the name is no other word: "bee", "sea", "tea", "you"
and "why" are words a clue may mean, and stay words."""


def letter_of(word: str) -> str | None:
    """The letter a clue is: a single letter, or a letter's name (aitch: h)."""
    return word if len(word) == 1 and word.isalpha() else LETTER_NAMES.get(word)


def letter_count(card: str) -> int:
    return sum(ch.isalpha() for ch in card)


MAX_NAMED = 3


def spoken_list(cards: list[str]) -> str:
    """BUG, BED and BOW; past three cards, the rest are counted, not named."""
    names = [c.upper() for c in cards[:MAX_NAMED]]
    if len(cards) > MAX_NAMED:
        return ", ".join(names) + f" and {len(cards) - MAX_NAMED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def starting_with(letter: str, visible: list[str]) -> list[str]:
    """Visible cards that a single-letter clue points at."""
    return [card for card in visible if card.lower().startswith(letter)]


def counted_by(word: str, visible: list[str]) -> list[str]:
    """Visible cards whose letter count a number-word clue may be about."""
    count = int(word) if word.isdigit() else spoken_number(word)
    if count is None:
        return []
    return [card for card in visible if letter_count(card) == count]


def is_position_word(word: str) -> bool:
    """A place on the grid: a position word, a direction made a position (leftmost), or an
    ordinal that can count the cards (sixth, twelfth)."""
    return (
        word in POSITION_WORDS
        or any(word.endswith(ending) and word[: -len(ending)] in DIRECTIONS for ending in DIRECTION_ENDINGS)
        or 1 <= (ordinal_number(word) or 0) <= GRID_CARDS
    )


def rhyming_cards(word: str, visible: list[str]) -> list[str]:
    return [card for card in visible if " " not in card and rhymes(word, card.lower())]


def nearest_card(word: str, visible: list[str]) -> str | None:
    """The card a challenged clue is most likely disputed over, to name in the question:
    the one sharing the longest run of letters with it (at least three: snowfall and
    WATERFALL share "fall"), else one it rhymes with; None when nothing stands out."""
    clue = word.lower()
    runs = [(_shared_run(clue, card.lower()), -i, card) for i, card in enumerate(visible)]
    longest, _, best = max(runs, default=(0, 0, None))
    if longest >= LIKENESS.named_run:
        return best
    rhyming = rhyming_cards(clue, list(visible))
    return rhyming[0] if rhyming else None


def _shared_run(a: str, b: str) -> int:
    """The length of the longest run of letters of `a` that `b` holds too (0 below LIKENESS.named_run)."""
    for n in range(len(a), LIKENESS.named_run - 1, -1):
        if any(a[i : i + n] in b for i in range(len(a) - n + 1)):
            return n
    return 0
