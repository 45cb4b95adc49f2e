"""The clue referee: is a clue legal against the cards still uncovered?

Follows CLUE_RULES.md and is never stricter than it: an accidental string match
(LAND in ENGLAND, ROW in SPARROW) is no offence, and judgement calls (letter
counts, table positions, rhymes) come back as "ask" for the opposing spymaster.
"""

from __future__ import annotations

from typing import Sequence

from voicemaster.game.clue_judge import ClueVerdict
from voicemaster.game.clue_number import ClueNumber
from voicemaster.referee.clue_text import HINT_WORDS, SplitClue, in_range, parse_clue, split_clue, tokens
from voicemaster.referee.lexicon import lexicon as load_lexicon
from voicemaster.referee.table_hints import (
    counted_by,
    is_position_word,
    letter_of,
    rhyming_cards,
    spoken_list,
    starting_with,
)
from voicemaster.referee.word_clash import clash

__all__ = ["ClueVerdict", "judge_clue", "judge_clue_word", "parse_clue", "warm_up"]

RULE_ORDER = ("same-word", "form", "compound")
MAX_COMPOUND_WORDS = 3
LEGAL = ClueVerdict("legal", "ok", "")


def _say(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shape(split: SplitClue, allow_compound: bool) -> ClueVerdict | None:
    if not split.words:
        return ClueVerdict("illegal", "shape", "No clue word was given.")
    if split.extra:
        return ClueVerdict("illegal", "shape", "A clue is one word and a number, with no extra hints.")
    if not in_range(split.number):
        reason = f"{split.number} is not a clue number: say zero to nine, or unlimited."
        return ClueVerdict("illegal", "shape", reason)
    several = len(split.words) > 1 or "-" in split.words[0]
    if several and not allow_compound:
        return ClueVerdict("illegal", "shape", f"{_say(split.text)} is not allowed: a clue is one word.")
    if len(split.words) > MAX_COMPOUND_WORDS or HINT_WORDS & set(split.words):
        return ClueVerdict("illegal", "shape", "A clue is one word and a number, with no extra hints.")
    return None


def _word_clash(word: str, cards: list[str], referee_asks: bool) -> ClueVerdict | None:
    """The strongest clash over all cards: a certain one before a doubtful one
    (which the opposing spymaster judges), then by rule, then board order. With
    `referee_asks` only the card's own word is refused; the rest is asked about."""
    found = [
        (c.doubtful, RULE_ORDER.index(c.rule), i, c) for i, card in enumerate(cards) if (c := clash(word, card))
    ]
    if not found:
        return None
    _, _, index, best = min(found)
    if best.doubtful or (referee_asks and best.rule != "same-word"):
        return ClueVerdict("ask", best.rule, f"{_say(word)} {best.reason}.", cards[index])
    return ClueVerdict("illegal", best.rule, f"{_say(word)} is not allowed: it {best.reason}.", cards[index])


def _table_hint(word: str, cards: list[str], allow_rhymes: bool, referee_asks: bool) -> ClueVerdict | None:
    said = _say(word)
    letter = letter_of(word)
    if letter is not None:
        starts = starting_with(letter, cards)
        if len(starts) >= 2 and referee_asks:
            return ClueVerdict("ask", "letters", f"{spoken_list(starts)} start with {said}.", starts[0])
        if len(starts) >= 2:
            reason = f"{said} is not allowed: {spoken_list(starts)} start with it."
            return ClueVerdict("illegal", "letters", reason, starts[0])
        return None
    counted = counted_by(word, cards)
    if len(counted) >= 2:
        reason = f"{said} may be about letter counts: {spoken_list(counted)} have {word} letters."
        return ClueVerdict("ask", "letters", reason, counted[0])
    if is_position_word(word):
        return ClueVerdict("ask", "position", f"{said} may point at places on the table.")
    if not allow_rhymes:
        rhyming = rhyming_cards(word, cards)
        if rhyming:
            return ClueVerdict("ask", "rhyme", f"{said} rhymes with {spoken_list(rhyming)}.", rhyming[0])
    return None


def warm_up() -> None:
    """Load the word data now, at start-up, rather than during the first clue."""
    load_lexicon()


def judge_clue(
    clue: str,
    visible: Sequence[str],
    *,
    allow_rhymes: bool = False,
    allow_compound: bool = False,
    referee_asks: bool = False,
) -> ClueVerdict:
    """The verdict on a clue as said or typed ("ocean two", "ice cream") against the uncovered cards.

    `referee_asks` (the house rule): every doubt goes to the table as a question; only
    a clue that is not one word and a number, or is a card's own word, is refused."""
    return _judge(split_clue(clue), visible, allow_rhymes, allow_compound, referee_asks)


def judge_clue_word(
    word: str,
    number: ClueNumber,
    visible: Sequence[str],
    *,
    allow_rhymes: bool = False,
    allow_compound: bool = False,
    referee_asks: bool = False,
) -> ClueVerdict:
    """The verdict on a clue already understood as its word(s) and number."""
    split = SplitClue(tuple(tokens(word)), number, extra=False)
    return _judge(split, visible, allow_rhymes, allow_compound, referee_asks)


def _judge(
    split: SplitClue, visible: Sequence[str], allow_rhymes: bool, allow_compound: bool, referee_asks: bool
) -> ClueVerdict:
    shape = _shape(split, allow_compound)
    if shape is not None:
        return shape
    word = split.text.replace("'", "")
    cards = [" ".join(card.split()) for card in visible]
    verdict = _word_clash(word, cards, referee_asks)
    if verdict is None and len(split.words) == 1 and "-" not in word:
        verdict = _table_hint(word, cards, allow_rhymes, referee_asks)
    return verdict or LEGAL
