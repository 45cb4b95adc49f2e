"""A card read two ways (issue 49): PRUNE the fruit and to prune, SHED the hut and to shed.

Codenames' cards are read as nouns unless WordNet's tagged corpus met them far more often in
another part of speech (data/wordnet_readings.tsv.gz, scripts/wordnet_readings.py). A reading in
another part of speech none of whose senses WordNet ties to the main ones is another word spelled
alike: its forms (pruning, shedding) and what WordNet derives from it alone (firmly, firmness from
firm, solid; not FIRM the company) are forms of the card only if the table reads the card that way.
The opposing spymaster decides.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee.lexicon import lexicon

POS_NAMES = {"N": "noun", "V": "verb", "A": "adjective", "R": "adverb"}


@lru_cache(maxsize=65536)
def _row(word: str) -> tuple[str, str, frozenset[str]]:
    """(main part of speech, those of its other readings, the words derived from those only); nothing for
    a word that is no common noun (to pave; WordNet's rare pave, a setting of stones, is no card's reading)."""
    lex = lexicon()
    entry = lex.readings.get(word)
    if not entry or "N" not in lex.pos.get(word, ""):
        return "", "", frozenset()
    main, others, derived = entry.split("|")
    return main, others, frozenset(derived.split())


def inflected_elsewhere(word: str, pos: str) -> str | None:
    """The name of the part of speech `word` is read in as a card, when `pos` is another reading of it
    tied to none of its main senses (prune, "V": "noun"); None otherwise."""
    main, others, _ = _row(word)
    return POS_NAMES[main] if pos in others else None


def derived_elsewhere(derived: str, word: str) -> str | None:
    """The name of the part of speech `word` is read in as a card, when `derived` comes from another
    reading of it only (firmly, firm: "noun"); None otherwise."""
    main, _, from_others = _row(word)
    return POS_NAMES[main] if derived in from_others else None
