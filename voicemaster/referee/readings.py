"""The words a clue or card may be read as: itself, its other spelling, its lemmas.

children reads as child; ROSE reads as the flower and as the past of rise. A
reading through a lemma that the word is only a homograph of (ROSE, SAW, LEFT:
WordNet knows each as a noun in its own right, unrelated to rise, see and
leave) is doubtful: it is up to the opposing spymaster. A regular form
(building, labeling) or a noun WordNet derives from its verb is no homograph.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal, remainder
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.spelling import american
from voicemaster.referee.tuning import WORDS

ANY_POS = "*"
REGULAR_ENDINGS = (
    ("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
)
CONTENT_POS = frozenset("NV")


@dataclass(frozen=True)
class Reading:
    word: str
    pos: str
    """The part of speech the word is a lemma in, ANY_POS for the word as said."""
    doubtful: bool = False
    """Only a homograph of the said word has this lemma (ROSE -> rise)."""


def _regular_lemmas(word: str) -> set[str]:
    """Known words that an unknown word is a regular inflection of (mouses -> mouse;
    mimicked -> mimic: a c takes a k before -ed and -ing)."""
    found: set[str] = set()
    for ending, restore in REGULAR_ENDINGS:
        if word.endswith(ending):
            stem = word[: -len(ending)]
            candidates = {stem + restore}
            if len(stem) > 2 and stem[-1] == stem[-2]:
                candidates.add(stem[:-1])
            if stem.endswith("ck") and ending in ("ed", "ing"):
                candidates.add(stem[:-1])
            found |= {c for c in candidates if len(c) >= WORDS.min_regular_lemma and c in lexicon().pos}
    return found


VERB_ENDINGS = ("ed", "ing")


def _a_verb_itself(form: str) -> bool:
    """Is `form` the lemma of verb forms of its own: found of founded, fell of
    felled? (sang and broke are not.)"""
    lex = lexicon()
    endings = VERB_ENDINGS + (form[-1] + "ed", form[-1] + "ing")
    return any(f"{form}:V" in lex.lemmas.get(form + ending, "").split("|") for ending in endings)


def homograph(form: str, lemma: str, pos: str) -> bool:
    """Is `form` an irregular inflection of `lemma` that is also a noun or verb
    of its own, unrelated to it (ROSE, past of rise)? Its own parts of speech
    are those its inflections do not explain, in lemminflect or as a noun WordNet's tagged
    corpus met (glasses is a plural noun and a verb form of glass; sang only a verb
    form, whatever rare noun WordNet lists); a past tense with verb forms
    of its own is another verb (found, founded), unless its own senses share a rare
    word with the lemma's (a shot is fired: shoot; a drove of animals is driven). A regular form (labeling,
    building) is spelled as its lemma's, and its noun is made from the verb;
    not so a comparative that is also a verb of its own (flatter: more flat, or praise)."""
    lex = lexicon()
    explained = {p for _, p in lex.lemmas_of(form)}
    used_noun = {"N"} if kinship.met_classes(form) else set()
    own = ((set(lex.pos.get(form, "")) | used_noun) - explained) & CONTENT_POS
    if affixal(remainder(form, lemma) or "-") and not (pos == "A" and "V" in own):
        return False
    another = bool(own - {pos}) or (pos == "V" and _a_verb_itself(form))
    return another and kinship.related(form, lemma) is None and lemma not in kinship.akin(form)


def _spelled(lemma: str) -> str:
    """A lemma as the dictionary spells it: lemminflect keeps the k a c takes before
    an ending (mimicked -> mimick), which the lemma has not (mimic)."""
    if lemma.endswith("ck") and not kinship.known(lemma) and kinship.known(lemma[:-1]):
        return lemma[:-1]
    return lemma


@lru_cache(maxsize=32768)
def readings(word: str) -> tuple[Reading, ...]:
    """The word and its American spelling, and their lemmas with the part of
    speech they are lemmas in (children -> child, N). A word lemminflect does
    not know gets the lemmas of regular inflections, unless it is a name
    (james is not jams, Angeles not angels)."""
    lex = lexicon()
    spelled = {word, american(word)}
    out = {Reading(form, ANY_POS) for form in spelled}
    for form in spelled:
        lemmas = [(_spelled(lemma), pos) for lemma, pos in lex.lemmas_of(form)]
        out |= {Reading(lemma, pos, homograph(form, lemma, pos)) for lemma, pos in lemmas}
        unknown = form not in lex.pos and form not in lex.lemmas and form not in lex.proper
        if unknown and lex.freq(form) < WORDS.unlisted_name_zipf:
            out |= {Reading(lemma, ANY_POS) for lemma in _regular_lemmas(form)}
    return tuple(sorted(out, key=lambda r: (r.word, r.pos, r.doubtful)))


@lru_cache(maxsize=32768)
def stems(word: str) -> frozenset[str]:
    """The word, its American spelling and their dictionary lemmas."""
    return frozenset(r.word for r in readings(word))


@lru_cache(maxsize=32768)
def sure_stems(word: str) -> frozenset[str]:
    """The stems that are not only a homograph's (ROSE: rose, not rise)."""
    return frozenset(r.word for r in readings(word) if not r.doubtful)


@lru_cache(maxsize=32768)
def noun_stems(word: str) -> frozenset[str]:
    """The word, its American spelling and the nouns it is a plural of (snowmen ->
    snowman). Verb lemmas stay out: a past tense (took) is not hidden in a noun
    (undertaker)."""
    return frozenset(r.word for r in readings(word) if r.pos in (ANY_POS, "N"))
