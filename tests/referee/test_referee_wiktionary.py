"""Wiktionary's etymologies (MorphyNet, data/morphynet_suffixed.tsv.gz) make sure a
derivation the affix rules see but WordNet does not tie: refused, not asked (issue 35).
They never find one the rules do not see, and a word used as a natural kind of its own
(liver, the organ) is not made sure by its rarer "one who lives". A learned suffix that
moves its base's sound or stress (origin, original) is taken on Wiktionary's word and the
spelling (issue 49), never one that makes people or small ones."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.wiktionary import derives


@pytest.mark.parametrize(
    ("card", "clue"),
    [("SLUG", "sluggish"), ("TREASURE", "treasurers"), ("TIGER", "tigress"), ("HOSPITAL", "hospitalize")],
)
def test_a_suffixed_word_wiktionary_derives_from_the_card_is_refused(card: str, clue: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "form", card), verdict


@pytest.mark.parametrize(("card", "clue"), [("LET", "letter"), ("MAST", "master"), ("SUM", "summer")])
def test_wiktionary_alone_refuses_nothing(card: str, clue: str) -> None:
    """Wiktionary lists these as card + -er too; the rules hear no derivation in them."""
    assert clue in lexicon().suffixed and card.lower() in lexicon().suffixed[clue].split()
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"


def test_a_word_used_as_a_natural_kind_is_not_made_sure_by_a_rare_sense() -> None:
    """liver is mostly the organ (and food), whatever "one who lives" Wiktionary lists."""
    assert not derives("liver", "live")
    assert judge_clue("liver", ("LIVE", "OCEAN")).verdict != "illegal"
    assert derives("tigress", "tiger")


@pytest.mark.parametrize(("card", "clue"), [("COME", "become"), ("TREAT", "retreat"), ("SIGN", "resign")])
def test_prefixed_words_stay_the_tables_call(card: str, clue: str) -> None:
    """Only suffixes are taken from Wiktionary: its prefixed words drift (become, retreat)."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "ask"


@pytest.mark.parametrize(
    ("card", "clue"),
    [("REGION", "regional"), ("TRIVIAL", "trivialize"), ("PRODIGY", "prodigious"), ("SIMPLE", "simplify"),
     ("MONSTER", "monstrous"), ("POSSESS", "possessive"), ("GRACE", "gracious")],
)
def test_a_learned_suffix_wiktionary_derives_is_refused_though_the_sound_moved(card: str, clue: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "form", card), verdict


@pytest.mark.parametrize(("card", "clue"), [("ARM", "army"), ("BRAND", "brandish"), ("JET", "jetty"),
                                            ("GRATE", "grateful"), ("HAND", "handsome")])
def test_wiktionary_false_friends_the_rules_do_not_hear_stay_legal(card: str, clue: str) -> None:
    """Listed by Wiktionary, but of another part of speech than the suffix makes, or a Germanic
    suffix whose base the rules do not hear (handsome) or that is far commoner (grateful)."""
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"
