"""Doubts settled by hand: word pairs the referee's own evidence leaves to the table,
judged once by people (data/settled_pairs.tsv, see its header).

The referee's evidence is spelling, sound and WordNet's links; where those cannot tell a
derivation from an accident (nameless is made from name, artery is not made from art),
it asks. A table of ordinary speakers decides most such pairs at once, and the same way
every time: those judgements are listed, and only turn a question into a verdict. A pair
that players could argue either way (understand, stand) is not listed: it stays asked.
"""

from __future__ import annotations

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.readings import sure_stems

MADE = "made"
ACCIDENT = "accident"
LABELS = {"m": MADE, "a": ACCIDENT}
"""The table's labels as the lexicon keeps them."""


def settled(clue: str, card: str) -> str | None:
    """MADE (one is made from the other and keeps its meaning), ACCIDENT (one is only
    spelled inside the other), or None (not judged, or in doubt), for the words or their
    lemmas in either order; MADE wins when readings differ."""
    found: set[str | None] = set()
    pairs = lexicon().settled
    for word in sure_stems(clue):
        for other in sure_stems(card):
            found.update(pairs.get(f"{a} {b}") for a, b in ((word, other), (other, word)))
    for letter in ("m", "a"):
        if letter in found:
            return LABELS[letter]
    return None
