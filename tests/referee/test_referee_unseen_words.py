"""Issue 17: the referee on words its tables were not written for. Irregular forms
only WordNet lists, derivations it leaves unlinked, compounds whose parts are
reduced in speech, and look-alikes that must stay legal."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue


def _verdict(clue: str, card: str) -> tuple[str, str]:
    verdict = judge_clue(f"{clue} 2", [card, "OCEAN"])
    return verdict.verdict, verdict.rule


@pytest.mark.parametrize(
    "card, clue",
    [("SERAPH", "seraphim"), ("BROTHER", "brethren"), ("OX", "oxen"), ("OXEN", "ox")],
)
def test_an_irregular_form_only_wordnet_lists_is_a_form(card: str, clue: str) -> None:
    assert _verdict(clue, card) == ("illegal", "form")


@pytest.mark.parametrize(
    "card, clue",
    [("BAD", "worse"), ("GOOD", "best"), ("FAR", "further"), ("WELL", "better"), ("FALL", "fell")],
)
def test_an_irregular_form_wordnet_enters_as_its_bases_word_is_no_homograph(card: str, clue: str) -> None:
    """WordNet's own senses of the form name its base ("comparative of good", "cause
    to fall"): its other readings (to better, to fell) are made from it, no other word."""
    assert _verdict(clue, card) == ("illegal", "form")


@pytest.mark.parametrize(
    "card, clue, verdict",
    [
        ("ANCESTOR", "ancestry", "ask"),
        ("MINISTER", "ministry", "illegal"),
        ("WARM", "warmth", "illegal"),
        ("REFUGE", "refugee", "illegal"),
        ("LUNCHEON", "luncheonette", "illegal"),
        ("WORTH", "worthy", "illegal"),
        ("SHELF", "shelve", "illegal"),
        ("RELIEF", "relieve", "illegal"),
    ],
)
def test_a_derivation_wordnet_leaves_unlinked_is_found(card: str, clue: str, verdict: str) -> None:
    """-ry after -er and -or, -th, -ee, -ette: asked about, WordNet being silent (issue 25),
    refused where the two words' definitions share a rare word (warmth, warm; refugee, refuge)
    or Wiktionary derives the word so (ministry, luncheonette);
    a final fricative voiced before -y, and a verb with its noun's f voiced that WordNet
    defines by the noun (shelve): refused, WordNet ties them."""
    assert _verdict(clue, card) == (verdict, "form")


@pytest.mark.usefixtures("own_evidence")
@pytest.mark.parametrize(
    "card, clue",
    [
        ("HEAD", "forehead"),
        ("BOARD", "cupboard"),
        ("CUP", "cupboard"),
        ("BOAT", "boatswain"),
        ("HAND", "handkerchief"),
        ("VINE", "vineyard"),
    ],
)
def test_a_compound_with_a_reduced_part_goes_to_the_table(card: str, clue: str) -> None:
    """Swallowed consonants, weakened or shortened vowels, rare heads that WordNet knows:
    heard only by WordNet's broad classes (a cartridge is an artifact as a ridge is), so
    the table decides."""
    assert _verdict(clue, card) == ("ask", "compound")


@pytest.mark.parametrize("card, clue", [("KIN", "kinsman"), ("MAN", "kinsman"), ("POST", "postman")])
def test_a_person_named_x_man_is_made_of_both(card: str, clue: str) -> None:
    """A kinsman is a man of one's kin, a linking s marking the seam."""
    assert _verdict(clue, card) == ("illegal", "compound")


@pytest.mark.parametrize(
    "card, clue",
    [("DON", "pardon"), ("PET", "carpet"), ("GET", "target"), ("RIDGE", "partridge"), ("ROOM", "mushroom")],
)
def test_a_look_alike_of_two_words_is_legal(card: str, clue: str) -> None:
    assert _verdict(clue, card) == ("legal", "ok")


@pytest.mark.parametrize(
    "card, clue",
    [("CAR", "carry"), ("MAN", "human"), ("CAB", "cabin"), ("VIOL", "violin"), ("FLAT", "flattery")],
)
def test_letters_that_look_like_a_suffix_make_no_form(card: str, clue: str) -> None:
    """carry ~ carriage ~ car and human ~ man are not heard; -in is no suffix;
    flattery comes from flatter, to praise, not from flat."""
    assert _verdict(clue, card) == ("legal", "ok")


@pytest.mark.parametrize(
    "card, clue",
    [("COUNT", "counter"), ("SHUT", "shutter"), ("LAY", "layer"), ("CHAT", "chatter"), ("BET", "better")],
)
def test_a_verb_in_er_used_as_no_person_is_no_agent_noun(card: str, clue: str) -> None:
    """WordNet ties each through an agent sense ("one who counts") that its tagged
    corpus never met, while it met the word as a thing (a counter, a shutter)."""
    assert _verdict(clue, card) == ("legal", "ok")


@pytest.mark.parametrize(
    "card, clue",
    [("BAT", "batter"), ("FOUND", "founder"), ("ZIP", "zipper"), ("BOOST", "booster"), ("DOG", "doggie")],
)
def test_an_agent_or_small_one_met_as_such_stays_a_form(card: str, clue: str) -> None:
    """A batter and a founder are met as people; a zipper is a zip; booster is no
    verb in WordNet; a doggie is a small dog."""
    assert _verdict(clue, card) == ("illegal", "form")


@pytest.mark.parametrize("card, clue", [("FLAT", "flatter"), ("NUMB", "number")])
def test_a_comparative_that_is_also_a_word_of_its_own_goes_to_the_table(card: str, clue: str) -> None:
    verdict = judge_clue(f"{clue} 2", [card])
    assert (verdict.verdict, verdict.rule) == ("ask", "form")
    assert card in verdict.reason


@pytest.mark.parametrize(
    "card, clue",
    [("MUD", "mudflat"), ("DAY", "Tuesday"), ("SNOW", "snowglobe"), ("GLOBE", "snowglobe"), ("TIGER", "tigerskin")],
)
def test_a_compound_sure_of_its_parts_is_refused(card: str, clue: str) -> None:
    """A mudflat is a flat (its head's kind), mud and flat heard whole; WordNet ties
    Tuesday to day and to Tues, however rare; snowglobe and tigerskin are in no
    dictionary, made of common words."""
    assert _verdict(clue, card) == ("illegal", "compound")


@pytest.mark.parametrize("card, clue", [("ROMANTIC", "romanticism"), ("ADDRESS", "addressee")])
def test_a_suffix_that_moves_a_sound_still_shows_its_base(card: str, clue: str) -> None:
    """romantic's final K is said S before -ism; -ee takes the main stress from address."""
    assert _verdict(clue, card) == ("illegal", "form")
