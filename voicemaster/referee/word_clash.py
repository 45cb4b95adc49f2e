"""Does a clue word clash with one card: same word, a form of it, or a compound?

WordNet decides for the words it defines: their kin (kin_clash), the
derivations it leaves unlinked whose kind it confirms (derivation), and which
of their spellings-as-compounds are real (compounds.vetted_splits). Affix
rules and sound alone judge the words WordNet does not know. A clash that holds only
through a homograph (ROSE, rise), a synonym (caravan, van) or a compound whose
meaning drifted (understand) is doubtful: the opposing spymaster decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from voicemaster.referee import affixes, compounds, derivation, kinship, listed_forms
from voicemaster.referee.kin_clash import heard_as_kin, kin_clash
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.naming import relation
from voicemaster.referee.readings import ANY_POS, noun_stems, readings, stems, sure_stems
from voicemaster.referee.spelling import american

PREFIX_LIKE = frozenset("super under over out counter inter micro mini mega multi para anti semi".split())
"""Words that open many compounds as prefixes: supervisor shares nothing with SUPERHERO."""
SHARED_MIN_LENGTH = 4
SHARED_SHORT_ZIPF = 5.0
"""A three-letter shared part must be a very common word (man, day), not con or pro."""
BY_SPELLING = "by spelling, not by meaning"


@dataclass(frozen=True)
class Clash:
    rule: str
    """"same-word", "form" or "compound"."""
    reason: str
    """What follows the clue's name: "is a form of BREAK"."""
    doubtful: bool = False
    """The opposing spymaster decides (a homograph, a synonym, a drifted compound)."""


@lru_cache(maxsize=65536)
def squash(text: str) -> str:
    """One spelling key: lower case, no spaces, hyphens or apostrophes."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


@lru_cache(maxsize=65536)
def _american_phrase(text: str) -> str:
    return " ".join(american(w) for w in text.lower().replace("-", " ").split())


@lru_cache(maxsize=32768)
def roots(word: str) -> frozenset[str]:
    """Words that `word` or one of its stems is derived from (teachers -> teach):
    WordNet's kin spelled inside a word it defines, affix rules for the rest."""
    out: set[str] = set()
    for stem in sure_stems(word):
        if kinship.known(stem):
            kin = kinship.kin(stem).items()
            found = {k for k, minor in kin if not minor and len(k) < len(stem) and heard_as_kin(stem, k)}
            found |= listed_forms.listed_bases(stem) | derivation.unlinked_bases(stem)
        else:
            found = set(affixes.bases(stem))
        for base in found:
            out |= {base} if _a_lemma_itself(base) else stems(base)
    return frozenset(out)


def _a_lemma_itself(word: str) -> bool:
    """Is a base that is also an inflection a word of its own too, so that what is
    derived from it is not derived from its lemma (flattery <- flatter, to praise;
    not <- flat)?"""
    lex = lexicon()
    explained = {pos for _, pos in lex.lemmas_of(word)}
    return bool(explained) and bool(set(lex.pos.get(word, "")) - explained)


@lru_cache(maxsize=32768)
def part_stems(word: str, doubtful: bool) -> frozenset[str]:
    """Noun stems of every part of a compound (snowmen -> snow, men, man)."""
    return frozenset(s for part in compounds.parts(word, doubtful) for s in noun_stems(part))


@lru_cache(maxsize=32768)
def part_roots(word: str, doubtful: bool) -> frozenset[str]:
    """What the parts of a compound are derived from (undertaker -> take)."""
    return frozenset(r for part in compounds.parts(word, doubtful) for r in roots(part))


def _same_word(clue: str, card: str) -> bool:
    return squash(clue) == squash(card) or squash(_american_phrase(clue)) == squash(_american_phrase(card))


def _inflection(clue: str, card: str, display: str) -> Clash | None:
    """Inflections of one lemma in one part of speech: died and DICE are not
    (verb die, noun die), broken and BREAK are; rising and ROSE only if ROSE
    is read as the past of rise."""
    best: Clash | None = None
    for said in readings(clue):
        for shown in readings(card):
            if said.word != shown.word or (said.pos != shown.pos and ANY_POS not in (said.pos, shown.pos)):
                continue
            if not (said.doubtful or shown.doubtful):
                return Clash("form", f"is a form of {display}")
            if shown.doubtful:
                best = Clash("form", f"is a form of {display} only if {display} is read as {shown.word}", True)
            else:
                best = best or Clash("form", f"is a form of {display} only if it is read as {said.word}", True)
    return best


def _derivation(clue: str, card: str, display: str) -> Clash | None:
    """Affix rules for words WordNet does not define, and the listed irregular
    derivations (person ~ people) for all; named by the base they share (naming.py)."""
    a, b = sure_stems(clue), sure_stems(card)
    ra, rb = roots(clue), roots(card)
    base = min(ra & b or rb & a or ra & rb, default=None)
    if base is None:
        return None
    return Clash(*relation((clue, clue), (card, card), base, display))


def _shareable(part: str) -> bool:
    """A part heard inside a one-word compound that is worth sharing: a noun or
    verb, not a short prefix-like word (con, pro). Words written apart always are."""
    lex = lexicon()
    content = bool(set(lex.pos.get(part, "")) & {"N", "V"}) and part not in PREFIX_LIKE
    return content and (len(part) >= SHARED_MIN_LENGTH or lex.freq(part) >= SHARED_SHORT_ZIPF)


def _compound(clue: str, card: str, display: str, doubtful: bool) -> Clash | None:
    """Compounds from the splits WordNet confirms, or (doubtful) those it only allows."""
    clue_parts, card_parts = part_stems(clue, doubtful), part_stems(card, doubtful)
    how = f" {BY_SPELLING}" if doubtful else ""
    if noun_stems(clue) & (card_parts | part_roots(card, doubtful)):
        return Clash("compound", f"is part of {display}{how}", doubtful)
    if noun_stems(card) & (clue_parts | part_roots(clue, doubtful)):
        return Clash("compound", f"is built on {display}{how}", doubtful)
    spelled_apart = " " in clue or " " in card
    shared = [
        part
        for part in sorted(compounds.parts(clue, doubtful))
        if noun_stems(part) & card_parts and (spelled_apart or _shareable(part))
    ]
    if shared:
        return Clash("compound", f"shares {shared[0]} with {display}{how}", doubtful)
    return None


def _kin(clue: str, card: str, display: str) -> Clash | None:
    tie = kin_clash(clue, card, display)
    return None if tie is None else Clash(tie.rule, tie.phrase, tie.doubtful)


def _checks(clue: str, card: str, display: str) -> Iterator[Clash | None]:
    """The checks in order, computed only as far as needed."""
    if not any(ch in clue + card for ch in " -"):
        yield _inflection(clue, card, display)
        yield _kin(clue, card, display)
        yield _derivation(clue, card, display)
    yield _compound(clue, card, display, False)
    if compounds.parts(clue, True) != compounds.parts(clue) or compounds.parts(card, True) != compounds.parts(card):
        yield _compound(clue, card, display, True)


def clash(clue: str, card: str) -> Clash | None:
    """How the clue (one word, or several when compound clues are allowed) clashes
    with a card: the first certain clash, else the first doubtful one."""
    display = card.upper()
    if _same_word(clue, card):
        return Clash("same-word", f"is the card {display}")
    doubtful: Clash | None = None
    for found in _checks(_american_phrase(clue), _american_phrase(card), display):
        if found is not None and not found.doubtful:
            return found
        doubtful = doubtful or found
    return doubtful
