"""Common translations of a card into the languages a table may speak besides English.

The rulebook's FAQ allows a foreign word only where the group would use it in an
English sentence, so the opposing spymaster decides: a clue that is a common
translation of a visible card and no English word itself is asked about (katze with
CAT, ciudad with CITY). An English word that is also a translation is English (pain
with BREAD, gift with POISON): whatever the table means by it, it is no other word of
the card. The translations are data/translations.tsv, written by hand (see its header).
"""

from __future__ import annotations

from voicemaster.game.cards import plain_letters
from voicemaster.referee.lexicon import LANGUAGES, lexicon
from voicemaster.referee.tuning import WORDS


def translated_from(clue: str, card: str) -> str | None:
    """The language in which `clue` is a common translation of `card` (None: in none, or
    the clue is an English word too)."""
    lex = lexicon()
    if clue in lex.pos or (lex.wordnet.get(clue, "P") != "P" and lex.freq(clue) >= WORDS.everyday_loan_zipf):
        return None
    for entry in lex.translations.get(plain_letters(clue, sharp_s_as_ss=True), "").split("|"):
        english, _, language = entry.partition(":")
        if english == card:
            return LANGUAGES[language]
    return None
