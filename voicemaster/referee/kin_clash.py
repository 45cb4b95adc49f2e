"""Clashes that WordNet attests: the clue and a card are kin (fisherman ~ FISH).

Each reading of the clue is tried against each reading of the card. The
relation is named from the spelling (naming.py): when what is left around the
shared base is affixes (hand + -ful, teach + -er), it is a form; when more is
left (fish + -erman, ice + berg), a compound built on the card, part of it, or
sharing the base with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal, remainder
from voicemaster.referee.evidence import by_accident, tie_holds
from voicemaster.referee.homographs import derived_elsewhere
from voicemaster.referee.suffixes import heard_as_derived
from voicemaster.referee.naming import relation
from voicemaster.referee.readings import readings
from voicemaster.referee.shared_form import shares_form
from voicemaster.referee.sounds import heard_within


@dataclass(frozen=True)
class Tie:
    """How a clue word relates to a card, before it is put into words."""

    rule: str
    """"form" or "compound"."""
    phrase: str
    """"is a form of FISH", "is built on ICE", "is part of HORSESHOE", "shares fish with FISHERY"."""
    doubtful: bool
    """Only a synonym ties them (a clipping, or an accident: capital, cap), the
    tie holds through a homograph's other reading (ROSE, rise), or its spelling
    is weak evidence (evidence.py: cow + -ard, tot said TOH-tal)."""
    certain: str = ""
    """The phrase said as certain, for a doubt people may settle (word_clash.Clash.certain)."""


def heard_as_kin(longer: str, shorter: str) -> bool:
    """False when `longer` holds `shorter` and a suffix that keeps the base's
    sound, but is not said that way: WordNet's tower (one that tows) is spelled
    like the tower that is heard; or a suffix that makes people or small ones, when
    the word is used as neither (butter, cookie). What comes before it (en- of enslave) is
    no suffix, whatever suffix it is spelled like (-en)."""
    if longer.endswith(shorter):
        return True
    rest = remainder(longer, shorter)
    unused = {AGENT: _a_verb_in_er, DIMINUTIVE: _no_small_one}.get(rest or "")
    if unused is not None and unused(longer, shorter):
        return False
    return rest is None or not affixal(rest) or heard_as_derived(longer, shorter, rest)


def _tie(clue: str, card: str, said: str, shown: str, middle: str, display: str) -> tuple[str, str] | None:
    """(rule, phrase) for the clue and card, read as the kin words `said` and `shown`,
    linked through `middle`; None when the spelling ties them but the sound does not (tower, tow)."""
    if middle in (said, shown) and not (heard_as_kin(said, shown) and heard_as_kin(shown, said)):
        return None
    return relation((clue, said), (card, shown), middle, display)


def _heard_alike(said: str, shown: str, found: kinship.Kin) -> bool:
    """Weak ties must be heard: a tie through a word between them (carry ~
    carriage ~ car) or by synonym only (human ~ man) holds only when the shorter
    word is heard in the longer, by synonym with its very vowels. Unknown sounds pass."""
    path = found.word not in (said, shown)
    if not (path or found.minor):
        return True
    shorter, longer = sorted((said, shown), key=len)
    return heard_within(longer, shorter, strict=found.minor) is not False


AGENT = "er"


def _a_verb_in_er(longer: str, shorter: str) -> bool:
    """Is `longer` (the shorter + -er) a verb of its own, no thing of the shorter's
    kind, whose person sense WordNet's tagged corpus never met while it met others?
    -er makes people and things that do, not verbs: to butter, to letter and to
    gutter were not made by it, as the affix rules already say of corner and
    hammer, and a tie through an agent sense nobody uses (butter: "a fighter who
    strikes with his head") does not make butter heard as butt + -er. A batter
    and a founder are met as people; a zipper is a zip."""
    met, mine = kinship.met_classes(longer), kinship.classes(longer)
    if "V" not in kinship.wordnet_pos(longer) or not met or "person" in met:
        return False
    return not (mine and mine <= kinship.classes(shorter))


DIMINUTIVE = "ie"


def _no_small_one(longer: str, shorter: str) -> bool:
    """-ie makes a small or dear one of a noun's kind (doggie, birdie; of an adjective,
    one that is it: a quickie): a word in -ie that WordNet's tagged corpus met only
    as things of other kinds than its noun base is no such one (a cookie, met as
    food, is no small cook, whatever "the cook on a ranch" says)."""
    met = kinship.met_classes(longer)
    return bool(met) and "A" not in kinship.wordnet_pos(shorter) and not met & kinship.classes(shorter)


@lru_cache(maxsize=32768)
def _near(word: str) -> frozenset[str]:
    return frozenset().union(*(kinship.near(reading.word) for reading in readings(word)))


def kin_clash(clue: str, card: str, display: str) -> Tie | None:
    """The closest WordNet kinship between a reading of the clue and one of the card."""
    if not _near(clue) & _near(card):
        return None
    best: Tie | None = None
    for said in readings(clue):
        for shown in readings(card):
            if said.word == shown.word:
                continue
            found = kinship.related(said.word, shown.word)
            if found and not (_heard_alike(said.word, shown.word, found) and _formed(said.word, shown.word, found)):
                found = None
            named = found and _tie(clue, card, said.word, shown.word, found.word, display)
            if not found or not named:
                continue
            rule, phrase = named
            if shown.doubtful:
                tie = Tie(rule, f"{phrase} only if {display} is read as {shown.word}", True)
            elif said.doubtful:
                tie = Tie(rule, f"{phrase} only if it is read as {said.word}", True)
            elif found.minor:
                unsure = f"shares a meaning with {display}; whether one is made from the other is unsure"
                tie = Tie(rule, unsure, True, phrase)
            elif not tie_holds(said.word, shown.word, found.word):
                if _accidental(said.word, shown.word, found.word):
                    continue
                tie = Tie(rule, maybe(phrase), True, phrase)
            elif elsewhere := derived_elsewhere(said.word, shown.word):
                tie = Tie(rule, f"{phrase} only if {display} is not read as the {elsewhere}", True)
            else:
                return Tie(rule, phrase, False)
            best = best or tie
    return best


def _formed(said: str, shown: str, found: kinship.Kin) -> bool:
    """Does each step of the tie share a form (shared_form.py), not only a meaning: equine
    and HORSE do not, whatever WordNet links?"""
    if found.word in (said, shown):
        return shares_form(said, shown)
    return shares_form(said, found.word) and shares_form(shown, found.word)


def _accidental(said: str, shown: str, middle: str) -> bool:
    """A direct tie whose longer word holds the shorter by accidental spelling (evidence.by_accident)."""
    shorter, longer = sorted((said, shown), key=len)
    return middle in (said, shown) and by_accident(longer, shorter)


def maybe(phrase: str) -> str:
    """A relation said as a possibility: "is a form of CUT" -> "may be a form of CUT"."""
    if phrase.startswith("is "):
        return "may be " + phrase[3:]
    return "may " + phrase.replace("shares", "share", 1)
