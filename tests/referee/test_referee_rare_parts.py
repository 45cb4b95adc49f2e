"""A part too rare to be one by itself is heard beside a common one in a word WordNet lists (issue 49):
pigsty is pig + sty. A rare part never makes a split alone."""

from __future__ import annotations

from voicemaster.referee import judge_clue
from voicemaster.referee.compounds import _rare_part_spellings, vetted_splits


def test_a_rare_part_beside_a_common_one_makes_a_listed_compound() -> None:
    assert ("pig", "sty") in [split for split, _ in vetted_splits("pigsty")]
    verdict = judge_clue("pigsty", ("PIG", "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "compound", "PIG")


def test_two_rare_parts_make_nothing() -> None:
    """mallow and sty are both too rare to stand beside each other."""
    assert _rare_part_spellings("stymallow") == []


def test_a_word_no_dictionary_has_may_be_built_on_the_card() -> None:
    """chatbot: chat + bot, both known words; the table decides (issue 49)."""
    verdict = judge_clue("chatbot", ("BOT", "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("ask", "compound", "BOT")


def test_a_compound_tied_to_its_head_is_made_of_a_first_part_heard_whole() -> None:
    """dustbin, DUST-bin: WordNet ties it to bin, and dust is said whole and stressed (issue 49)."""
    verdict = judge_clue("dustbin", ("DUSTPAN", "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "compound", "DUSTPAN")
