"""Words WordNet defines but does not tie to a visible card: a productive suffix of
the word's kind, or a plain compound, goes to the table (issue 25: WordNet's silence
proves neither an accident nor a derivation), unless the two words' definitions share
a rare word (prisoner and prison: "confined"); a word of the wrong kind is legal."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.compounds import SURE
from voicemaster.referee.word_clash import roots


@pytest.mark.usefixtures("own_evidence")
@pytest.mark.parametrize(
    ("card", "clue", "reason"),
    [
        ("TREASURE", "treasurer", "Treasurer may be a form of TREASURE."),
        ("DETECTIVE", "detect", "Detect may be a form of DETECTIVE."),
    ],
)
def test_a_productive_suffix_without_a_wordnet_link_goes_to_the_table(card: str, clue: str, reason: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.reason, verdict.card) == ("ask", reason, card)


@pytest.mark.parametrize(
    ("card", "clue"),
    [("PRISON", "prisoner"), ("HEART", "heartless"), ("DENTIST", "dentistry"), ("FOOL", "foolish")],
)
def test_a_productive_suffix_whose_base_shares_a_rare_defining_word_is_refused(card: str, clue: str) -> None:
    """prisoner and prison both speak of the confined, heartless and heart of courage."""
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.reason) == ("illegal", f"{clue.capitalize()} is not allowed: it is a form of {card}.")


@pytest.mark.parametrize(
    ("card", "clue"),
    [
        ("MAN", "manner"),
        ("BAN", "banner"),
        ("CLOVE", "clover"),
        ("KITCHEN", "kitchener"),
        ("GRATE", "grateful"),
        ("PASS", "passive"),
    ],
)
def test_a_word_of_the_wrong_kind_is_no_derivation(card: str, clue: str) -> None:
    """A manner, a banner and clover are no people; Kitchener is a name; grateful
    is far more common than grate; passive is no person."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"


@pytest.mark.parametrize(
    ("clue", "verdict"),
    [("airship", "illegal"), ("warship", "illegal"), ("friendship", "legal"), ("showmanship", "legal")],
)
def test_ship_is_a_word_only_in_things_that_are_ships(clue: str, verdict: str) -> None:
    assert judge_clue(clue, ("SHIP", "OCEAN")).verdict == verdict


@pytest.mark.usefixtures("own_evidence")
@pytest.mark.parametrize(
    ("card", "clue", "verdict"),
    [
        ("FOOT", "barefoot", "ask"),
        ("BARE", "barefoot", "ask"),
        ("HEART", "heartfelt", "ask"),
        ("STAR", "starring", "illegal"),
        ("RING", "starring", "legal"),
        ("RING", "warring", "legal"),
    ],
)
def test_an_adjective_of_two_words_said_unchanged_may_be_a_compound(card: str, clue: str, verdict: str) -> None:
    """barefoot is bare + foot said as they are, which WordNet does not confirm: the
    table decides; in starring, ring loses its stress (it is star + -ing, an
    inflection, so STAR refuses it)."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == verdict


@pytest.mark.parametrize(("card", "clue"), [("HERO", "heroism"), ("DRINK", "drinkable")])
def test_a_sound_heard_alike_does_not_hide_a_derivation(card: str, clue: str) -> None:
    """heroism's "herr" is hero's "heer" before R; drinkable's N is drink's NG before K."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "illegal"


@pytest.mark.usefixtures("own_evidence")
@pytest.mark.parametrize(("card", "clue"), [("TIGER", "tigress"), ("ELECTRIC", "electrician")])
def test_suffixes_that_respell_their_base(card: str, clue: str) -> None:
    """-ess drops the e or o of -er and -or; -ian makes people from adjectives too:
    WordNet does not tie them, so the table decides."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "ask"


def test_a_respelled_base_wordnet_ties_through_a_listed_suffix_is_refused() -> None:
    """actress is tied to act, and act + -ress is a derivational suffix heard whole
    (affixes.DERIVATIONAL): a form of ACTOR, refused."""
    assert judge_clue("actress", ("ACTOR", "OCEAN")).verdict == "illegal"


def test_a_thing_that_does_what_its_base_names_is_refused() -> None:
    """A conditioner, met in the corpus only as an act (a training programme), is also a thing
    (WordNet: artifact) whose definitions share a rare word with condition's: -er's
    instrument, not an accident of spelling."""
    assert judge_clue("conditioner", ("CONDITION", "OCEAN")).verdict == "illegal"


def test_an_adjective_akin_to_its_common_bases_kin_is_strongly_derived() -> None:
    """snappish shares a rare defining word with snappy, WordNet's kin of snap: an
    adjective in -ish of a common base, strong evidence (no question to the table)."""
    assert "snap" in roots("snappish", SURE)
