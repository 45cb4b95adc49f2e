"""Every refusal and question carries one short spoken sentence naming the card."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue

BOARD = ("Break", "HORSESHOE", "Snow", "theater", "BUG", "BED", "HAT", "ice cream")

REASONS = [
    ("broken", "Broken is not allowed: it is a form of BREAK.", "Break"),
    ("shoe", "Shoe is not allowed: it is part of HORSESHOE.", "HORSESHOE"),
    ("snowman", "Snowman is not allowed: it is built on SNOW.", "Snow"),
    ("snowshoe", "Snowshoe is not allowed: it shares shoe with HORSESHOE.", "HORSESHOE"),
    ("theatre", "Theatre is not allowed: it is the card THEATER.", "theater"),
    ("b", "B is not allowed: BREAK, BUG and BED start with it.", "Break"),
    ("three", "Three may be about letter counts: BUG, BED and HAT have three letters.", "BUG"),
    ("cat", "Cat rhymes with HAT.", "HAT"),
    ("corner", "Corner may point at places on the table.", None),
    ("pack rat", "Pack rat is not allowed: a clue is one word.", None),
]


@pytest.mark.parametrize(("clue", "reason", "card"), REASONS)
def test_reason_and_card(clue: str, reason: str, card: str | None) -> None:
    verdict = judge_clue(clue, BOARD)
    assert (verdict.reason, verdict.card) == (reason, card)


def test_card_is_returned_as_written_on_the_board() -> None:
    assert judge_clue("creams", BOARD).card == "ice cream"


def test_legal_clue_has_no_reason() -> None:
    verdict = judge_clue("ocean two", BOARD)
    assert (verdict.verdict, verdict.rule, verdict.reason, verdict.card) == ("legal", "ok", "", None)


def test_same_word_wins_over_weaker_clashes() -> None:
    verdict = judge_clue("snow", ("SNOWMAN", "SNOW"))
    assert (verdict.rule, verdict.card) == ("same-word", "SNOW")


def test_to_json_is_the_spec_wire_form() -> None:
    verdict = judge_clue("horse 2", ("HORSESHOE",))
    assert verdict.to_json("horse 2") == {
        "clue": "horse 2",
        "verdict": "illegal",
        "rule": "compound",
        "reason": "Horse is not allowed: it is part of HORSESHOE.",
    }


JUDGEMENT_CALLS = [
    ("ROSE", "rising", "Rising is a form of ROSE only if ROSE is read as rise."),
    ("RISE", "rose", "Rose is a form of RISE only if it is read as rise."),
    ("FOUND", "finding", "Finding is a form of FOUND only if FOUND is read as find."),
    ("VAN", "caravan", "Caravan shares a meaning with VAN; whether one is made from the other is unsure."),
    ("TAKE", "undertaker", "Undertaker is built on TAKE by spelling, not by meaning."),
    ("LEAD", "led", "Led is a form of LEAD only if LEAD is read as the verb."),
    ("TEAR", "torn", "Torn is a form of TEAR only if TEAR is read as the verb."),
]


@pytest.mark.parametrize(("card", "clue", "reason"), JUDGEMENT_CALLS)
def test_judgement_calls_say_why_the_table_must_decide(card: str, clue: str, reason: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.reason, verdict.card) == ("ask", reason, card)


WEAK_EVIDENCE = [
    ("DENT", "dentist", "Dentist may be a form of DENT."),
    ("MAN", "mandate", "Mandate may be built on MAN."),
    ("CART", "cartridge", "Cartridge may be built on CART."),
    ("CHEST", "chestnut", "Chestnut may be built on CHEST."),
    ("BOOKCASE", "bookish", "Bookish may share book with BOOKCASE."),
]


@pytest.mark.usefixtures("own_evidence")
@pytest.mark.parametrize(("card", "clue", "reason"), WEAK_EVIDENCE)
def test_an_accidental_spelling_goes_to_the_table_with_its_reason(card: str, clue: str, reason: str) -> None:
    """Issue 25: a refusal needs strong evidence; a spelling WordNet does not confirm
    (dent + -ist, man + date, cart + ridge) is asked about."""
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.reason, verdict.card) == ("ask", reason, card)


@pytest.mark.parametrize(("card", "clue"), [("HERO", "heron"), ("COW", "coward"), ("PAW", "pawn")])
def test_a_base_followed_by_no_affix_is_an_accident_whatever_wordnet_links(card: str, clue: str) -> None:
    """cow + -ard, and an ending that only inflects but is no inflection (hero + n,
    paw + n): accidental spellings, legal though WordNet ties the words (to cow, to
    intimidate, and a coward)."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"


@pytest.mark.parametrize(("card", "clue"), [("NOVEL", "novelty"), ("FRAIL", "frailty")])
def test_a_base_followed_by_a_suffix_the_rules_lacked_is_no_accident(card: str, clue: str) -> None:
    """novel + -ty, frail + -ty: an English derivational suffix the affix rules lacked,
    so the accident rule no longer passes them; each base is heard whole and WordNet
    ties or its kind confirms the derivation: refused."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "illegal"


@pytest.mark.parametrize(
    ("card", "clue", "reason"),
    [
        ("WATERFALL", "snowfall", "Snowfall is not allowed: it shares fall with WATERFALL."),
        ("FISH", "fisherman", "Fisherman is not allowed: it is built on FISH."),
        ("ICE", "icebergs", "Icebergs is not allowed: it is built on ICE."),
        ("HAND", "handful", "Handful is not allowed: it is a form of HAND."),
        ("PRINCESS", "prince", "Prince is not allowed: it is a form of PRINCESS."),
        ("LONG", "length", "Length is not allowed: it is a form of LONG."),
        ("GOLD", "gild", "Gild is not allowed: it is a form of GOLD."),
        ("DIE", "death", "Death is not allowed: it is a form of DIE."),
        ("DEAD", "death", "Death is not allowed: it is a form of DEAD."),
        ("HORSESHOE", "horse", "Horse is not allowed: it is part of HORSESHOE."),
    ],
)
def test_refusals_name_the_card_and_the_relation(card: str, clue: str, reason: str) -> None:
    assert judge_clue(clue, (card, "OCEAN")).reason == reason


SHARED_PARTS = [
    ("SNOWMAN", "snowy", "Snowy is not allowed: it shares snow with SNOWMAN."),
    ("SNOWY", "snowman", "Snowman is not allowed: it shares snow with SNOWY."),
    ("SNOWMAN", "snowing", "Snowing is not allowed: it shares snow with SNOWMAN."),
    ("FISHERMAN", "fishbowl", "Fishbowl is not allowed: it shares fish with FISHERMAN."),
    ("FISHERY", "fisherman", "Fisherman is not allowed: it shares fish with FISHERY."),
    ("ICEBERG", "icy", "Icy is not allowed: it shares ice with ICEBERG."),
    ("RAINBOW", "rainy", "Rainy is not allowed: it shares rain with RAINBOW."),
    ("SPACESHIP", "spacious", "Spacious is not allowed: it shares space with SPACESHIP."),
    ("ROSE", "sunrise", "Sunrise shares rise with ROSE only if ROSE is read as rise."),
    ("AIR", "airship", "Airship is not allowed: it is built on AIR."),
    ("SNOW", "snowmen", "Snowmen is not allowed: it is built on SNOW."),
    ("ICE", "icebergs", "Icebergs is not allowed: it is built on ICE."),
    ("HORSESHOE", "shoes", "Shoes is not allowed: it is part of HORSESHOE."),
    ("BEAUTY", "beautiful", "Beautiful is not allowed: it is a form of BEAUTY."),
    ("FRIEND", "friendship", "Friendship is not allowed: it is a form of FRIEND."),
    ("TEACHER", "teaching", "Teaching is not allowed: it is a form of TEACHER."),
]


@pytest.mark.parametrize(("card", "clue", "reason"), SHARED_PARTS)
def test_reasons_name_the_base_both_words_are_built_on(card: str, clue: str, reason: str) -> None:
    """"Part of" only for the card's own part, "built on" only for the card itself, else the
    shared base as both words spell it: what a player would point at."""
    assert judge_clue(clue, (card, "OCEAN")).reason == reason


@pytest.mark.parametrize("clue", ["uppermost", "lowest", "sideways", "eastward", "central", "leftmost", "northern"])
def test_position_words_and_directions_made_positions_are_asked(clue: str) -> None:
    """CLUE_RULES: position words go to the opposing spymaster, -most, -ward and -ways forms too."""
    assert judge_clue(f"{clue} two", BOARD).rule == "position"


@pytest.mark.parametrize("clue", ["almost", "toward", "backward", "utmost"])
def test_words_ending_like_directions_are_not_positions(clue: str) -> None:
    assert judge_clue(f"{clue} two", BOARD).rule != "position"


@pytest.mark.parametrize(("card", "clue"), [("FRIDGE", "refrigerator"), ("REFRIGERATOR", "fridge"),
                                            ("AD", "advertisement"), ("TELEPHONE", "phone"), ("BUS", "omnibus")])
def test_a_clipping_and_its_full_form_are_one_word(card: str, clue: str) -> None:
    verdict = judge_clue(f"{clue} two", [card, "OCEAN", "APPLE"])
    assert (verdict.verdict, verdict.card) == ("illegal", card)


@pytest.mark.parametrize(("card", "clue"), [("PHOTO", "photon"), ("BUS", "business"), ("CAB", "cabbage")])
def test_a_word_that_only_begins_like_a_clippings_full_form_is_free(card: str, clue: str) -> None:
    assert judge_clue(f"{clue} two", [card, "OCEAN", "APPLE"]).verdict == "legal"
