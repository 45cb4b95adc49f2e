"""How a refusal names what the clue shares with a card, as a player would say it.

A clue and a card that are kin are both made from one base word. The refusal says
"is part of SNOWMAN" only when the clue is that base (snow, or its plural), "is
built on SNOW" only when the card is, "is a form of BREAK" when each is the base
with affixes, and otherwise names the base itself: snowy and SNOWMAN are both
made from snow ("shares snow with SNOWMAN"), not from snowy. The base is named
as it is spelled in both words (WordNet links SNOWMAN to snowy; what both hold is snow).
"""

from __future__ import annotations

from voicemaster.referee import compounds, kinship
from voicemaster.referee.affixes import affixal, remainder, suffixes_only
from voicemaster.referee.readings import noun_stems
from voicemaster.referee.tuning import DERIVATIONS


def spoken_base(base: str, words: tuple[str, ...]) -> str:
    """`base` as every one of `words` spells it: snowy inside snowman is snow, fishy inside
    fishbowl and fisherman is fish, as a compound of them shows (fish + bowl); `base`
    itself otherwise (beautiful is made from beauty, not from beaut)."""
    head = base[:-1]
    if base[-1:] not in ("e", "y") or len(head) < DERIVATIONS.min_base or all(base in word for word in words):
        return base
    lacking = [word for word in words if base not in word]
    shared = all(head in word for word in words)
    return head if shared and any(head in compounds.parts(word) for word in lacking) else base


def _built_on(word: str, base: str) -> bool:
    """Does `word` hold `base` and another word (fish + -erman, ice + berg, space + ship)?
    Not a suffix spelled like one (caffeine + -ate)."""
    if any(base in split and len(split) > 1 and min(levels) < compounds.SPELLED
           for split, levels in compounds.vetted_splits(word)):
        return True
    rest = remainder(word, base)
    if rest is None or affixal(rest) or suffixes_only(rest):
        return False
    return any(kinship.known(rest[cut:]) for cut in range(len(rest) - DERIVATIONS.min_base + 1))


def _kind(said: str, reading: str, base: str) -> str:
    """"same" (the base, or a plural of it), "compound" (the base and another word) or "form"."""
    if base in noun_stems(said):
        return "same"
    if reading != base and _built_on(reading, base):
        return "compound"
    return "form"


def relation(clue: tuple[str, str], card: tuple[str, str], base: str, display: str) -> tuple[str, str]:
    """(rule, phrase) for a clue and a card both made from `base`; each given as (said, read as)."""
    base = spoken_base(base, (clue[1], card[1]))
    kinds = (_kind(*clue, base), _kind(*card, base))
    if kinds == ("same", "compound"):
        return "compound", f"is part of {display}"
    if kinds == ("compound", "same"):
        return "compound", f"is built on {display}"
    if "compound" in kinds:
        return "compound", f"shares {base} with {display}"
    return "form", f"is a form of {display}"
