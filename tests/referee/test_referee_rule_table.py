"""Our own table of clue cases, one CLUE_RULES.md rule per section.

Each row: visible cards, clue as said, expected verdict and deciding rule,
with the rulebook reasoning in the comment.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from voicemaster.referee import judge_clue


class Case(NamedTuple):
    visible: tuple[str, ...]
    clue: str
    verdict: str
    rule: str
    rhymes: bool = False
    compound: bool = False


def c(visible: str, clue: str, verdict: str, rule: str, **house: bool) -> Case:
    return Case(tuple(v.strip() for v in visible.split(",")) if visible else (), clue, verdict, rule, **house)


CASES = [
    # --- shape: one word and a number; filler is not part of the clue ---
    c("APPLE", "ocean two", "legal", "ok"),  # word + number word
    c("APPLE", "ocean 2", "legal", "ok"),  # word + digit
    c("APPLE", "ocean unlimited", "legal", "ok"),  # "unlimited" is a number
    c("APPLE", "ocean infinity", "legal", "ok"),  # infinity = unlimited
    c("APPLE", "ocean zero", "legal", "ok"),  # zero is allowed
    c("APPLE", "um, my clue is ocean two", "legal", "ok"),  # filler and lead-in removed
    c("APPLE", "uh the clue is Ocean 3", "legal", "ok"),  # case and filler do not matter
    c("APPLE", "ocean two, think water", "illegal", "shape"),  # extra hint after the number
    c("APPLE", "ocean 12", "illegal", "shape"),  # number must be 0-9 or unlimited
    c("APPLE", "ocean 100", "illegal", "shape"),  # any digits are a number, out of range here
    c("APPLE", "well, I'll say ocean two", "legal", "ok"),  # more lead-in words
    c("APPLE", "ice cream two", "illegal", "shape"),  # two words without the house rule
    c("APPLE", "x-ray", "illegal", "shape"),  # hyphenated = more than one word
    c("APPLE", "ice cream two", "legal", "ok", compound=True),  # allowed by allow-compound-clues
    c("APPLE", "ocean like the sea", "illegal", "shape", compound=True),  # still no extra hints
    c("APPLE", "three", "legal", "ok"),  # a lone number word is the clue word
    # --- same word, incl. US/UK spelling ---
    c("OCEAN", "ocean two", "illegal", "same-word"),  # the card itself
    c("ICE CREAM", "icecream", "illegal", "same-word"),  # same word written together
    c("COLOR", "colour", "illegal", "same-word"),  # UK spelling of a US card
    c("CENTRE", "center", "illegal", "same-word"),  # US spelling of a UK card
    c("GRAY", "grey", "illegal", "same-word"),  # spelling variant
    c("TIRE", "tyre", "illegal", "same-word"),  # spelling variant
    c("ARMOR", "armour", "illegal", "same-word"),  # -our / -or
    c("ORGANIZE", "organise", "illegal", "same-word"),  # -ise / -ize
    c("DEFENSE", "defence", "illegal", "same-word"),  # -ence / -ense
    c("DRAFT", "draught", "illegal", "same-word"),  # listed variant
    # --- form: inflections, irregular ones included ---
    c("BREAK", "breaks", "illegal", "form"),  # plural / 3rd person
    c("BREAK", "broke", "illegal", "form"),  # irregular past
    c("RUN", "ran", "illegal", "form"),  # rulebook: RUN -> ran
    c("SWIM", "swimming", "illegal", "form"),  # -ing with doubled consonant
    c("GO", "went", "illegal", "form"),  # suppletive past
    c("TOOTH", "teeth", "illegal", "form"),  # irregular plural
    c("GOOSE", "geese", "illegal", "form"),  # irregular plural
    c("WOMAN", "women", "illegal", "form"),  # irregular plural
    c("KNIFE", "knives", "illegal", "form"),  # f -> ves
    c("SPY", "spies", "illegal", "form"),  # y -> ies
    c("SING", "sang", "illegal", "form"),  # irregular past
    c("WRITE", "written", "illegal", "form"),  # irregular participle
    c("FREEZE", "frozen", "illegal", "form"),  # irregular participle
    c("BIG", "bigger", "illegal", "form"),  # comparative
    c("THEATER", "theatres", "illegal", "form"),  # UK spelling + plural
    c("CHILDREN", "child", "illegal", "form"),  # the other direction
    c("MOUSE", "mouses", "illegal", "form"),  # a regular plural the dictionary lacks
    c("PERSON", "people", "illegal", "form"),  # suppletive plural
    # --- form: derivations ---
    c("TEACH", "teacher", "illegal", "form"),  # agent noun -er
    c("TEACHER", "teach", "illegal", "form"),  # base of a visible derivative
    c("DARK", "darkness", "illegal", "form"),  # -ness
    c("PAY", "payment", "illegal", "form"),  # -ment
    c("KIND", "kindly", "illegal", "form"),  # -ly
    c("CHILD", "childish", "illegal", "form"),  # -ish
    c("CHILD", "childhood", "illegal", "form"),  # -hood
    c("KING", "kingdom", "illegal", "form"),  # -dom
    c("GOLD", "golden", "illegal", "form"),  # -en adjective
    c("SNOW", "snowy", "illegal", "form"),  # -y adjective
    c("HOPE", "hopeless", "illegal", "form"),  # -less
    c("HAPPY", "unhappy", "illegal", "form"),  # un- prefix
    c("HAPPY", "unhappiness", "illegal", "form"),  # prefix and suffix
    c("BUILD", "rebuild", "illegal", "form"),  # re- prefix
    c("ART", "artist", "illegal", "form"),  # -ist
    c("MUSIC", "musician", "illegal", "form"),  # -ian
    c("ACT", "action", "illegal", "form"),  # -ion
    c("AMERICA", "American", "illegal", "form"),  # rulebook: demonym
    c("CHINA", "Chinese", "illegal", "form"),  # demonym -ese
    c("GERMANY", "German", "illegal", "form"),  # demonym without -y
    c("CANADA", "Canadian", "illegal", "form"),  # demonym -ian
    c("FRANCE", "French", "illegal", "form"),  # irregular demonym
    c("LONG", "length", "illegal", "form"),  # irregular noun of an adjective
    c("PRINCESS", "prince", "illegal", "form"),  # -ess, the other direction
    c("HORN", "horned", "illegal", "form"),  # -ed adjective from a noun
    c("NURSE", "nursery", "illegal", "form"),  # -ery
    c("HAPPY", "happily", "illegal", "form"),  # -ly with y -> i
    c("INFORM", "information", "illegal", "form"),  # -ation
    c("HORSE", "horse's", "illegal", "form"),  # possessive
    # --- accidental strings are no offence ---
    c("HAM", "hammer", "legal", "ok"),  # hammer is not ham + -er
    c("CORN", "cornflakes", "illegal", "compound"),  # a real compound, unlike corner
    c("BAT", "battery", "legal", "ok"),  # battery is not bat + -ery
    c("CAT", "scatter", "legal", "ok"),  # substring only
    c("CAT", "cathedral", "legal", "ok"),  # substring only
    c("CHICK", "chicken", "legal", "ok"),  # chicken is a noun, not chick + -en
    c("TABLE", "tablet", "legal", "ok"),  # different word
    c("BILL", "billion", "legal", "ok"),  # billion is not bill + -ion
    c("STAR", "start", "legal", "ok"),  # substring only
    c("CAR", "carton", "legal", "ok"),  # "ton" loses its stress: not car + ton
    c("TENT", "content", "ask", "rhyme"),  # not con + tent (stress lost), but content rhymes with tent
    c("CAR", "cartoon", "legal", "ok"),  # "car" loses its stress: not car + toon
    c("PAN", "pants", "legal", "ok"),  # substring only
    c("WASH", "Washington", "legal", "ok"),  # substring only
    c("KING", "seeking", "legal", "ok"),  # seek + -ing, not see + king
    c("ARM", "army", "legal", "ok"),  # army is a noun, not arm + -y
    c("PART", "party", "legal", "ok"),  # party is a noun, not part + -y
    c("MAN", "manage", "legal", "ok"),  # manage is a verb, not man + -age
    c("PASS", "passion", "legal", "ok"),  # substring only
    c("GERM", "German", "legal", "ok"),  # German comes from Germany, not germ
    c("DICE", "died", "legal", "ok"),  # verb die, not the noun behind DICE
    c("STATE", "static", "legal", "ok"),  # the stressed vowel differs: not state + -ic
    c("ANGEL", "angelic", "illegal", "form"),  # -ic, vowel shifted but unstressed
    c("THEATER", "theatrical", "illegal", "form"),  # -ical from the UK spelling theatre
    c("HISTORY", "historical", "illegal", "form"),  # -ical, y dropped
    c("ELECTRIC", "electrical", "illegal", "form"),  # -al after -ic
    c("CHEST", "chester", "legal", "ok"),  # a name, not chest + -er
    c("ORGAN", "organization", "legal", "ok"),  # organize, then no further: vowels shift
    c("PRESS", "pro", "legal", "ok"),  # press is not pro + -ess
    c("COOK", "cookie", "legal", "ok"),  # -ie is no suffix here
    c("POLICE", "policy", "legal", "ok"),  # policy is a noun, not police + -y
    # --- compound, both ways ---
    c("HORSESHOE", "horses", "illegal", "compound"),  # a form of a part
    c("FOOTBALL", "foot", "illegal", "compound"),  # part of a visible compound
    c("FIRE", "fireman", "illegal", "compound"),  # built on a visible word (reduced -man)
    c("TOOTH", "toothbrush", "illegal", "compound"),  # built on a visible word
    c("BOW", "rainbow", "illegal", "compound"),  # built on a visible word
    c("FOOTBALL", "basketball", "illegal", "compound"),  # shares a part
    c("SNOWMAN", "snowball", "illegal", "compound"),  # shares a part
    c("SNOW", "snowmen", "illegal", "compound"),  # plural compound built on SNOW
    c("ICE CREAM", "cream", "illegal", "compound"),  # part of a two-word card
    c("NEW YORK", "york", "illegal", "compound"),  # part of a two-word card
    c("ICE", "ice cream", "illegal", "compound", compound=True),  # compound clue built on ICE
    c("ICE CREAM", "ice age", "illegal", "compound", compound=True),  # shares the word ice
    c("CONTRACT", "contact", "legal", "ok"),  # "con" is no shared part
    c("SUPERHERO", "supervisor", "legal", "ok"),  # super- is a prefix there, not a shared word
    c("PORT", "portrayed", "legal", "ok"),  # "port" is unstressed: not port + ray
    c("ROSE", "sunrise", "legal", "ok"),  # ROSE the noun; "rise" hides only in the verb
    c("SHIP", "spaceship", "illegal", "compound"),  # built on a visible word
    c("TAKE", "undertaker", "illegal", "compound"),  # under + taker, and a taker takes
    c("UNDERTAKER", "take", "illegal", "compound"),  # the other way round
    c("UNDERTAKER", "took", "legal", "ok"),  # a past tense is not hidden in a noun
    c("HOOD", "childhood", "legal", "ok"),  # -hood is a suffix, not the word hood
    c("WAVE", "microwave", "illegal", "compound"),  # micro + wave, "o" reduced in speech
    c("RING", "earring", "illegal", "compound"),  # ear + ring, ring unstressed
    c("HAND", "handsome", "legal", "ok"),  # -some is a suffix, not the word some
    c("ROSE", "rosemary", "legal", "ok"),  # Mary is a name, not a part
    c("VAN", "caravan", "legal", "ok"),  # "cara" is no English word
    # --- covered cards are free to use: only visible cards count ---
    c("APPLE", "snowman", "legal", "ok"),  # SNOW covered
    c("HORSE", "horseshoe", "illegal", "compound"),  # HORSE visible
    c("", "horseshoe", "legal", "ok"),  # HORSE covered
    # --- letters, letter counts and position ---
    c("BUG, BED, CAT", "b", "illegal", "letters"),  # two cards start with b
    c("BUG, CAT, DOG", "b", "legal", "ok"),  # only one card starts with b
    c("BUG, BED, BOW", "3", "ask", "letters"),  # digits are number words too
    c("APPLE, LEMON, DRAGON", "five", "ask", "letters"),  # APPLE and LEMON have five letters
    c("APPLE, DRAGON", "five", "legal", "ok"),  # only one five-letter card
    c("APPLE, LEMON", "corner", "ask", "position"),  # position word
    c("APPLE, LEMON", "top", "ask", "position"),  # position word
    c("APPLE, LEMON", "middle", "ask", "position"),  # position word
    c("APPLE, LEMON", "row", "ask", "position"),  # position word
    c("APPLE, LEMON", "third", "ask", "position"),  # an ordinal can count places in the grid
    # --- rhymes ask (unless allowed); homophones are legal ---
    c("HAT", "cat", "ask", "rhyme"),  # rhyme by sound only
    c("HAT", "cat", "legal", "ok", rhymes=True),  # allow-rhymes
    c("NATION", "station", "ask", "rhyme"),  # multi-syllable rhyme
    c("FLOUR", "flower", "legal", "ok"),  # homophone
    c("SEA", "see", "legal", "ok"),  # homophone
    c("BEAR", "bare", "legal", "ok"),  # homophone
    c("KNIGHT", "night", "legal", "ok"),  # homophone the other way round
    c("MOUSE", "greenhouse", "legal", "ok"),  # the stress is on "green": no rhyme
]


@pytest.mark.parametrize(
    "case", [pytest.param(case, id=f"{'/'.join(case.visible)}:{case.clue}") for case in CASES]
)
def test_rule_table(case: Case) -> None:
    verdict = judge_clue(case.clue, case.visible, allow_rhymes=case.rhymes, allow_compound=case.compound)
    assert (verdict.verdict, verdict.rule) == (case.verdict, case.rule), verdict.reason


def test_table_is_large_enough() -> None:
    assert len(CASES) >= 80
