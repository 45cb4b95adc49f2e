"""Derivations no spelling rule reaches: demonyms (America -> American, France ->
French, Moscow -> Muscovite: data/demonyms.tsv, read through the lexicon), listed irregular
derivations (long -> length, person -> people) and clippings (fridge <- refrigerator, lab <-
laboratory)."""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.tuning import DERIVATIONS

DEMONYM_TAILS = ("", "n", "an", "ian", "ean", "ese", "ish", "er", "i", "ite")
PLACE_ENDINGS = ("", "a", "o", "e", "y", "ia", "ium", "ey")


IRREGULAR_DERIVATIONS = {
    "long": ("length", "lengthen"),
    "strong": ("strength", "strengthen"),
    "wide": ("width", "widen"),
    "deep": ("depth", "deepen"),
    "high": ("height", "heighten"),
    "broad": ("breadth", "broaden"),
    "proud": ("pride",),
    "speak": ("speech",),
    "lose": ("loss",),
    "choose": ("choice",),
    "young": ("youth",),
    "wise": ("wisdom",),
    "science": ("scientist", "scientific"),
    "law": ("lawyer",),
    "million": ("millionaire",),
    "person": ("people",),
    "poor": ("poverty",),
    "clear": ("clarity",),
    "able": ("ability",),
    "nation": ("national", "nationality"),
    "nature": ("natural",),
    "dead": ("death",),
    "die": ("death",),
    "heal": ("health",),
    "hot": ("heat",),
    "full": ("fill",),
    "food": ("feed",),
    "blood": ("bleed",),
    "gold": ("gild",),
    "foul": ("filth",),
    "thief": ("theft",),
    "know": ("knowledge",),
    "prove": ("proof",),
    "sing": ("song",),
    "strive": ("strife",),
    "believe": ("belief",),
    "bath": ("bathe",),
    "breath": ("breathe",),
    "cloth": ("clothe",),
    "glass": ("glaze",),
    "grass": ("graze",),
    "tell": ("tale",),
    "sell": ("sale",),
    "lend": ("loan",),
    "merry": ("mirth",),
    "steal": ("stealth",),
    "slow": ("sloth",),
    "till": ("tilth",),
    "bear": ("birth",),
    "stink": ("stench",),
}
"""Derivations with a changed stem that no spelling rule reaches: besides those above, the
English words made by a vowel change (i-mutation or ablaut: food, feed; gold, gild; sing,
song) or a voiced ending (bath, bathe), and the old abstract nouns in -th and -t with a
changed vowel (merry, mirth; steal, stealth; slow, sloth; bear, birth: issue 49), as grammars
of English list them, where the two still mean one thing (not moon and month, nor drink and
drench)."""
IRREGULAR_BASES = {
    word: frozenset(base for base, derived in IRREGULAR_DERIVATIONS.items() if word in derived)
    for words in IRREGULAR_DERIVATIONS.values()
    for word in words
}
"""Derived word -> its bases (death: dead and die)."""

CLIPPINGS = {
    "ad": "advertisement", "advert": "advertisement", "app": "application", "auto": "automobile",
    "bike": "bicycle", "bio": "biography", "burger": "hamburger", "bus": "omnibus", "cab": "taxicab",
    "cello": "violoncello", "chimp": "chimpanzee", "condo": "condominium", "copter": "helicopter",
    "croc": "crocodile", "deli": "delicatessen", "demo": "demonstration", "disco": "discotheque",
    "doc": "doctor", "dorm": "dormitory", "exam": "examination", "fax": "facsimile", "flu": "influenza",
    "fridge": "refrigerator", "gas": "gasoline", "gator": "alligator", "gym": "gymnasium",
    "hippo": "hippopotamus", "info": "information", "intro": "introduction", "kilo": "kilogram",
    "lab": "laboratory", "limo": "limousine", "mag": "magazine", "math": "mathematics",
    "maths": "mathematics", "memo": "memorandum", "mic": "microphone", "mike": "microphone",
    "phone": "telephone", "photo": "photograph", "plane": "airplane", "polio": "poliomyelitis",
    "pram": "perambulator", "prof": "professor", "ref": "referee", "rep": "representative",
    "rhino": "rhinoceros", "roach": "cockroach", "specs": "spectacles", "sub": "submarine",
    "taxi": "taxicab", "teen": "teenager", "tux": "tuxedo", "vet": "veterinarian", "zoo": "zoological",
    "ammo": "ammunition", "bro": "brother", "champ": "champion", "combo": "combination", "cuke": "cucumber",
    "gent": "gentleman", "grad": "graduate", "hanky": "handkerchief", "legit": "legitimate", "panto": "pantomime",
    "recap": "recapitulation", "rehab": "rehabilitation", "roo": "kangaroo", "sarge": "sergeant",
    "stats": "statistics", "telly": "television", "uni": "university", "veggie": "vegetable",
    "amp": "amplifier", "bra": "brassiere", "celeb": "celebrity", "dino": "dinosaur", "exec": "executive",
    "knickers": "knickerbockers", "lino": "linoleum", "lube": "lubricant", "marge": "margarine",
    "mayo": "mayonnaise", "mitt": "mitten", "pic": "picture", "pleb": "plebeian", "porn": "pornography",
    "possum": "opossum", "prelim": "preliminary", "prom": "promenade", "quad": "quadrangle",
    "stereo": "stereophonic", "tarp": "tarpaulin", "temp": "temporary", "trig": "trigonometry",
    "uke": "ukulele", "veg": "vegetable", "wiz": "wizard", "zine": "magazine",
}
"""A word's short form and its full form are one word (LABORATORY -> lab, FRIDGE ->
refrigerator). Written by hand from the commonest English clippings (Wiktionary's category
"English clippings", the entries a Codenames deck or a table is likely to use; issue 49 added
30 more, celeb to zine); WordNet's
own clippings, synonyms spelled at the start of their full form, are in
data/wordnet_spellings.tsv.gz (sax, saxophone)."""
FULL_FORMS = {full: short for short, full in CLIPPINGS.items()}


@lru_cache(maxsize=65536)
def demonym_bases(word: str) -> frozenset[str]:
    """America <- American, China <- Chinese, Germany <- German: both are proper
    names, and the derived one is no verb (to polish is not from Pole)."""
    proper = lexicon().proper
    found: set[str] = set()
    if word not in proper or "V" in lexicon().pos.get(word, ""):
        return frozenset()
    for tail in DEMONYM_TAILS:
        if not word.endswith(tail):
            continue
        stem = word[: len(word) - len(tail)]
        for ending in PLACE_ENDINGS:
            place = stem + ending
            shortened = not tail and ending == "y" and word.endswith("an")
            if place != word and len(place) >= DERIVATIONS.min_place and place in proper and (tail or shortened):
                found.add(place)
    return frozenset(found)


RESPELLED_ENDINGS = (("sy", "cy"), ("se", "ce"), ("ceipt", "ceive"), ("ceit", "ceive"), ("ception", "ceive"))
"""A verb spelled with s beside its noun with c (prophesy, prophecy; advise, advice; devise, device), and
the nouns of the verbs in -ceive (receipt, deceit, perception)."""
MIN_RESPELLED_STEM = 4


def respelled_base(word: str) -> str | None:
    """The noun a verb in -sy or -se is the respelling of (prophesy: prophecy), or the verb in -ceive a
    noun in -ceipt, -ceit or -ception comes from (receipt: receive), when both are words and share a stem
    of at least four letters with the ending (not rise, rice)."""
    for verb, noun in RESPELLED_ENDINGS:
        stem = word[: -len(verb)]
        if word.endswith(verb) and len(word) - 2 >= MIN_RESPELLED_STEM and stem + noun in lexicon().pos:
            return stem + noun
    return None


@lru_cache(maxsize=65536)
def listed_bases(word: str) -> frozenset[str]:
    """The listed irregular bases of `word` (people -> person, French -> France, Muscovite -> Moscow)."""
    found = set(filter(None, lexicon().demonyms.get(word, "").split("|")))
    found |= IRREGULAR_BASES.get(word, frozenset())
    found.update(w for w in (CLIPPINGS.get(word), FULL_FORMS.get(word), respelled_base(word)) if w)
    return frozenset(found)
