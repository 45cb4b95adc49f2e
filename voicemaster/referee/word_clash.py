"""Does a clue word clash with one card: same word, a form of it, or a compound?"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee import affixes, compounds
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.spelling import american

PREFIX_LIKE = frozenset("super under over out counter inter micro mini mega multi para anti semi".split())
"""Words that open many compounds as prefixes: supervisor shares nothing with SUPERHERO."""
SHARED_MIN_LENGTH = 4
SHARED_SHORT_ZIPF = 5.0
"""A three-letter shared part must be a very common word (man, day), not con or pro."""


@dataclass(frozen=True)
class Clash:
    rule: str
    """"same-word", "form" or "compound"."""
    reason: str
    """The spoken sentence without the clue's name: "it is a form of BREAK"."""


@lru_cache(maxsize=65536)
def squash(text: str) -> str:
    """One spelling key: lower case, no spaces, hyphens or apostrophes."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


@lru_cache(maxsize=65536)
def _american_phrase(text: str) -> str:
    return " ".join(american(w) for w in text.lower().replace("-", " ").split())


NAME_LIKE_ZIPF = 4.5
"""A word this common that lemminflect lacks is a name (angeles), not a rare plural."""
REGULAR_ENDINGS = (
    ("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
)


def _regular_lemmas(word: str) -> set[str]:
    """Known words that an unknown word is a regular inflection of (mouses -> mouse)."""
    found: set[str] = set()
    for ending, restore in REGULAR_ENDINGS:
        if word.endswith(ending):
            stem = word[: -len(ending)]
            candidates = {stem + restore}
            if len(stem) > 2 and stem[-1] == stem[-2]:
                candidates.add(stem[:-1])
            found |= {c for c in candidates if len(c) >= 3 and c in lexicon().pos}
    return found


@lru_cache(maxsize=32768)
def tagged_stems(word: str) -> frozenset[tuple[str, str]]:
    """The word and its American spelling (any part of speech, "*") and their
    lemmas with the part of speech they are lemmas in (children -> (child, N)).
    A word lemminflect does not know gets the lemmas of regular inflections,
    unless it is a name (james is not jams, Angeles not angels)."""
    lex = lexicon()
    spelled = {word, american(word)}
    out = {(form, "*") for form in spelled}
    for form in spelled:
        out.update(lex.lemmas_of(form))
        unknown = form not in lex.pos and form not in lex.lemmas and form not in lex.proper
        if unknown and lex.freq(form) < NAME_LIKE_ZIPF:
            out |= {(lemma, "*") for lemma in _regular_lemmas(form)}
    return frozenset(out)


@lru_cache(maxsize=32768)
def stems(word: str) -> frozenset[str]:
    """The word, its American spelling and their dictionary lemmas."""
    return frozenset(lemma for lemma, _ in tagged_stems(word))


@lru_cache(maxsize=32768)
def roots(word: str) -> frozenset[str]:
    """Words that `word` or one of its stems is derived from (teachers -> teach)."""
    out: set[str] = set()
    for stem in stems(word):
        for base in affixes.bases(stem):
            out |= stems(base)
    return frozenset(out)


@lru_cache(maxsize=32768)
def noun_stems(word: str) -> frozenset[str]:
    """The word, its American spelling and the nouns it is a plural of (snowmen ->
    snowman). Verb lemmas stay out: ROSE (past of rise) is not built into sunrise."""
    return frozenset(lemma for lemma, pos in tagged_stems(word) if pos in ("*", "N"))


@lru_cache(maxsize=32768)
def part_stems(word: str) -> frozenset[str]:
    """Noun stems of every part of a compound (snowmen -> snow, men, man)."""
    return frozenset(s for part in compounds.parts(word) for s in noun_stems(part))


@lru_cache(maxsize=32768)
def part_roots(word: str) -> frozenset[str]:
    """What the parts of a compound are derived from (undertaker -> take)."""
    return frozenset(r for part in compounds.parts(word) for r in roots(part))


def _same_word(clue: str, card: str) -> bool:
    return squash(clue) == squash(card) or squash(_american_phrase(clue)) == squash(_american_phrase(card))


def _shares_lemma(a: str, b: str) -> bool:
    """Inflections of one lemma in one part of speech: died and DICE are not
    (verb die, noun die), broken and BREAK are."""
    tags_b = tagged_stems(b)
    return any(
        lemma == other and (pos == other_pos or "*" in (pos, other_pos))
        for lemma, pos in tagged_stems(a)
        for other, other_pos in tags_b
    )


def _form(clue: str, card: str) -> bool:
    if _shares_lemma(clue, card):
        return True
    a, b = stems(clue), stems(card)
    ra, rb = roots(clue), roots(card)
    return bool(ra & b or rb & a or ra & rb)


def _shareable(part: str) -> bool:
    """A part heard inside a one-word compound that is worth sharing: a noun or
    verb, not a short prefix-like word (con, pro). Words written apart always are."""
    lex = lexicon()
    content = bool(set(lex.pos.get(part, "")) & {"N", "V"}) and part not in PREFIX_LIKE
    return content and (len(part) >= SHARED_MIN_LENGTH or lex.freq(part) >= SHARED_SHORT_ZIPF)


def _compound(clue: str, card: str, display: str) -> Clash | None:
    clue_parts, card_parts = part_stems(clue), part_stems(card)
    if noun_stems(clue) & (card_parts | part_roots(card)):
        return Clash("compound", f"it is part of {display}")
    if noun_stems(card) & (clue_parts | part_roots(clue)):
        return Clash("compound", f"it is built on {display}")
    spelled_apart = " " in clue or " " in card
    shared = [
        part
        for part in sorted(compounds.parts(clue))
        if noun_stems(part) & card_parts and (spelled_apart or _shareable(part))
    ]
    if shared:
        return Clash("compound", f"it shares {shared[0]} with {display}")
    return None


def clash(clue: str, card: str) -> Clash | None:
    """How the clue (one word, or several when compound clues are allowed) clashes with a card."""
    display = card.upper()
    clue_key, card_key = _american_phrase(clue), _american_phrase(card)
    if _same_word(clue, card):
        return Clash("same-word", f"it is the card {display}")
    single = not any(ch in clue_key + card_key for ch in " -")
    if single and _form(clue.lower(), card.lower()):
        return Clash("form", f"it is a form of {display}")
    return _compound(clue_key, card_key, display)
