"""One utterance's audio → what, if anything, was said to the referee.

Two views of the same audio must agree before anything is accepted:
- the open pass decodes with the phase's n-gram model, which has the templates
  AND open vocabulary (chatter words, or the 20,000-word clue vocabulary), so
  the table's discussion comes out as words that fit no template and is dropped;
- the strict pass (pocketsphinx, guess phase) may only say a template with an
  uncovered card; it picks the card when the open pass heard one only roughly.
The card is the uncovered card that best matches, by sound and spelling, what
both passes heard; when two cards match about equally, the result is ambiguous.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Literal, Sequence

import noisereduce
import numpy as np
from rapidfuzz.distance import Levenshtein

from voicemaster.speech.grammar import build_grammar, strict_jsgf
from voicemaster.speech.recognizer import Grammar, Recognizer, Transcript
from voicemaster.understand.templates import NUMBER_WORDS, vocabulary
from voicemaster.understand.intents import AmbiguousCard, CoverCard, GuessCard, Intent
from voicemaster.understand.match_cards import (
    AMBIGUITY_MARGIN,
    MIN_SCORE,
    CardScore,
    phones,
    rank_cards,
    similarity,
)
from voicemaster.understand.parse import (
    CLUE_STOPWORDS,
    Match,
    match_utterance,
    to_intent,
    tokenize,
)

NOISY_DB = 25.0
STRICT_BONUS = 0.4
MAX_CLUE_CANDIDATES = 8
SPAN_DB = 15.0
SPAN_MARGIN_MS = 120
AGREEMENT = 0.6
"""Phone-string similarity above which the two passes heard the same thing."""
"""Score added to the card the strict pass chose."""


@dataclass(frozen=True)
class Heard:
    transcript: Transcript
    """The open pass (what the table actually said, as far as the model knows)."""
    intent: Intent | None
    confidence: float
    """0..1; 0 when nothing was accepted."""
    decode_ms: float
    """Both passes together."""
    alternatives: tuple[str, ...] = ()
    """Cards that fit about as well as the chosen one (an ambiguous result)."""
    strict: Transcript | None = None


@functools.lru_cache(maxsize=16)
def grammar_for(phase: str, cards: tuple[str, ...], awaiting_clue: bool) -> Grammar:
    return build_grammar(phase, cards, awaiting_clue)


def hear(
    audio: np.ndarray,
    recognizer: Recognizer,
    cards: Sequence[str],
    phase: Literal["clue", "guess"],
    awaiting_clue: bool,
) -> Heard:
    """Decode one utterance and understand it against the uncovered `cards`."""
    grammar = grammar_for(phase, tuple(cards), awaiting_clue)
    audio = loudest_span(reduce_steady_noise(audio))
    heard = recognizer.decode(audio, grammar)
    strict = _strict_pass(audio, recognizer, grammar, heard, cards, awaiting_clue)
    decode_ms = heard.decode_ms + (strict.decode_ms if strict else 0.0)
    open_match = _first_match(heard, cards, phase, awaiting_clue)
    match = _strict_match(heard, strict, cards, phase, awaiting_clue, open_match) or open_match
    if match is None:
        return Heard(heard, None, 0.0, decode_ms, strict=strict)
    if match.template.intent not in ("guess", "cover"):
        intent = to_intent(match)
        return Heard(heard, intent, _confidence(heard, strict, intent), decode_ms, strict=strict)
    heard_card = open_match if open_match and open_match.template.intent == match.template.intent else match
    ranked = _rank(heard_card, strict, cards, phase, awaiting_clue)
    action: Literal["guess", "cover"] = "guess" if match.template.intent == "guess" else "cover"
    intent, confidence, close = _card_intent(action, ranked)
    return Heard(heard, intent, confidence, decode_ms, close, strict)


def reduce_steady_noise(audio: np.ndarray, frame: int = 160) -> np.ndarray:
    """Spectral gating when the room is loud compared with the talker.

    The endpointer's pre-roll gives the noise profile. In quiet rooms the gate only
    costs accuracy, so it runs only when the quiet frames are within NOISY_DB of the
    loud ones (bench/speech_accuracy.py: guesses +10 points at babble 10 dB and +20 in
    pink noise, commands +35 and +20; clean speech unchanged)."""
    n = len(audio) // frame
    if n < 10:
        return audio
    level = 10 * np.log10(np.mean(audio[: n * frame].astype(np.float64).reshape(n, frame) ** 2, axis=1) + 1e-9)
    if np.percentile(level, 95) - np.percentile(level, 10) >= NOISY_DB:
        return audio
    cleaned = noisereduce.reduce_noise(y=audio.astype(np.float32), sr=16000, stationary=True)
    return np.clip(np.round(cleaned), -32768, 32767).astype(np.int16)


def loudest_span(audio: np.ndarray, frame: int = 160) -> np.ndarray:
    """The utterance without the quieter background before and after it.

    The endpointer keeps some pre-roll and trailing audio; at a table that is
    other people talking, which the open pass would write down as extra words
    and so reject the request. Frames within SPAN_DB of the utterance's loud
    frames, and above the midpoint between them and the quiet frames (in loud
    babble), plus a margin, are kept."""
    n = len(audio) // frame
    if n < 10:
        return audio
    level = 10 * np.log10(np.mean(audio[: n * frame].astype(np.float64).reshape(n, frame) ** 2, axis=1) + 1e-9)
    peak, floor = np.percentile(level, 95), np.percentile(level, 20)
    loud = np.flatnonzero(level >= max(peak - SPAN_DB, (peak + floor) / 2))
    margin = SPAN_MARGIN_MS * 16 // frame
    start, end = max(0, loud[0] - margin), min(n, loud[-1] + 1 + margin)
    return audio[start * frame : end * frame]


def _strict_pass(
    audio: np.ndarray,
    recognizer: Recognizer,
    grammar: Grammar,
    heard: Transcript,
    cards: Sequence[str],
    awaiting_clue: bool,
) -> Transcript | None:
    """Decode again within the templates alone (pocketsphinx only: vosk's phrase
    list already is that). In the clue phase the clue slot holds the words the
    open pass heard, so the number and the template words are forced to fit."""
    if recognizer.name != "pocketsphinx" or not grammar.jsgf:
        return None
    if grammar.phase != "clue":
        return recognizer.decode(audio, replace(grammar, arpa=""))
    candidates = _clue_candidates(heard)
    if not candidates:
        return None
    jsgf = strict_jsgf(cards, "clue", candidates, awaiting_clue)
    return recognizer.decode(audio, Grammar(grammar.phase, candidates, jsgf=jsgf))


def _clue_candidates(heard: Transcript) -> tuple[str, ...]:
    template_words = vocabulary("clue")
    words = [w for alt in (heard.text, *(a.text for a in heard.alternatives)) for w in alt.split()]
    fit = [w for w in words if w.isalpha() and w not in template_words and w not in NUMBER_WORDS and w not in CLUE_STOPWORDS]
    return tuple(dict.fromkeys(fit))[:MAX_CLUE_CANDIDATES]


def _first_match(heard: Transcript, cards: Sequence[str], phase: str, awaiting_clue: bool) -> Match | None:
    """The open pass's best hypothesis, if it fits a template. (Lower n-best
    entries are not searched: with an open vocabulary some of them fit a
    template by chance, and chatter would be accepted.)"""
    return match_utterance(tokenize(heard.text), cards, phase, awaiting_clue=awaiting_clue, fuzzy_cards=True)


def _strict_match(
    heard: Transcript,
    strict: Transcript | None,
    cards: Sequence[str],
    phase: str,
    awaiting_clue: bool,
    open_match: Match | None,
) -> Match | None:
    """The strict pass's phrase, when the open pass agrees with it: the same
    request and a card that sounds alike; or, for a command, nearly the same
    sounds ("stop guess the" for "stop guessing") and no more of them. A clue must be the open pass's words but for the
    number, which is what the strict grammar forces into place. Chatter comes out of the open pass as other or extra
    words ("we touch the castle one"), and the two disagree."""
    if strict is None or not strict.text or not heard.text:
        return None
    exact = match_utterance(tokenize(strict.text), cards, phase, awaiting_clue=awaiting_clue)
    if exact is None:
        return None
    if exact.template.intent == "clue":
        return exact if heard.text.split()[:-1] == strict.text.split()[:-1] else None
    if open_match is not None and open_match.template.intent == exact.template.intent:
        if exact.card is None or similarity(open_match.card or "", exact.card) >= MIN_SCORE:
            return exact
    if exact.card is not None:
        return None
    heard_phones, strict_phones = phones(heard.text.split()), phones(strict.text.split())
    if len(heard_phones) > len(strict_phones) + 1:
        return None
    agreement = Levenshtein.normalized_similarity(heard_phones, strict_phones)
    return exact if agreement >= AGREEMENT else None


def _rank(
    match: Match,
    strict: Transcript | None,
    cards: Sequence[str],
    phase: str,
    awaiting_clue: bool,
) -> list[CardScore]:
    assert match.card is not None
    ranked = rank_cards(match.card, cards)
    strict_card = None
    if strict is not None and strict.text:
        exact = match_utterance(tokenize(strict.text), cards, phase, awaiting_clue=awaiting_clue)
        if exact is not None and exact.template.intent == match.template.intent:
            strict_card = exact.card
    if strict_card is None:
        return ranked
    boosted = [
        CardScore(s.card, s.score + (STRICT_BONUS if s.card == strict_card and s.score >= MIN_SCORE else 0.0))
        for s in ranked
    ]
    return sorted(boosted, key=lambda s: s.score, reverse=True)


def _card_intent(
    action: Literal["guess", "cover"], ranked: list[CardScore]
) -> tuple[Intent | None, float, tuple[str, ...]]:
    if not ranked or ranked[0].score < MIN_SCORE:
        return None, 0.0, ()
    best = ranked[0]
    close = tuple(s.card for s in ranked if s.score >= max(MIN_SCORE, best.score - AMBIGUITY_MARGIN))
    confidence = min(1.0, best.score)
    if len(close) > 1:
        return AmbiguousCard(action, close), confidence, close
    intent: Intent = GuessCard(best.card) if action == "guess" else CoverCard(best.card)
    return intent, confidence, ()


def _confidence(heard: Transcript, strict: Transcript | None, intent: Intent) -> float:
    """Commands: full when both passes said the same phrase, else the open pass's posterior."""
    if strict is not None and strict.text == heard.text:
        return 1.0
    return max(0.5, heard.confidence)
