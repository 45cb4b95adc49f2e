"""One utterance's audio → what, if anything, was said to the referee.

Two views of the same audio must agree before anything is accepted:
- the open pass decodes with the phase's n-gram model, which has the sayings
  AND open vocabulary (chatter words, or the 20,000-word clue vocabulary), so
  the table's discussion comes out as words that fit no saying and is dropped;
- the strict pass (pocketsphinx, guess phase) may only say a saying with an
  uncovered card; it picks the card when the open pass heard one only roughly.
The card is the uncovered card that best matches, by sound and spelling, what
both passes heard; when two cards match about equally, the result is ambiguous.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
from rapidfuzz.distance import Levenshtein

from voicemaster.game.phase import Phase
from voicemaster.speech.audio.denoise import DEFAULT_DENOISER
from voicemaster.speech.audio.front_end import clean_utterance
from voicemaster.speech.ears.grammar import build_grammar, strict_jsgf
from voicemaster.speech.ears.grammar_tuning import CARD_MATCH, TWO_PASS
from voicemaster.speech.ears.match_cards import CardScore, phones, rank_cards, similarity
from voicemaster.speech.ears.recognizer import Grammar, Recognizer, Transcript
from voicemaster.game.actions import Cover, Guess
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import MAX_CANDIDATES, AmbiguousCard, Intent
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import CLUE_STOPWORDS, Match, answered_in_a_clue, match_utterance, to_intent, tokenize
from voicemaster.understand.requests import CARD_REQUESTS, vocabulary
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

@functools.lru_cache(maxsize=16)
def grammar_for(now: Listening) -> Grammar:
    return build_grammar(now)


@dataclass
class GrammarEar:
    """pocketsphinx or vosk, restricted to the phase's grammar and checked by two passes."""

    recognizer: Recognizer
    denoise: str = DEFAULT_DENOISER

    @property
    def name(self) -> str:
        return self.recognizer.name

    def close(self) -> None:
        """Nothing runs beside this ear."""

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        """The utterance cleaned (front_end.clean_utterance), decoded, understood against `now`;
        Heard.evidence is the open pass's Transcript."""
        audio = clean_utterance(audio)
        recognizer = self.recognizer
        grammar = grammar_for(now)
        heard = recognizer.decode(audio, grammar)
        strict = _strict_pass(audio, recognizer, grammar, heard, now)
        decode_ms = heard.decode_ms + (strict.decode_ms if strict else 0.0)
        open_match = _first_match(heard, now)
        exact = _exact_match(strict, now)
        match = _strict_match(heard, strict, exact, open_match) or open_match
        if match is None:
            return Heard(heard.text, decode_ms=decode_ms, evidence=heard)
        if match.form.request not in CARD_REQUESTS:
            intent = to_intent(match)
            if answered_in_a_clue(intent, heard.text):
                return Heard(heard.text, decode_ms=decode_ms, evidence=heard)
            return Heard(heard.text, intent, _confidence(heard, strict, intent), decode_ms=decode_ms, evidence=heard)
        heard_card = open_match if open_match and open_match.form.request == match.form.request else match
        ranked = _rank(heard_card, exact, now.cards)
        action: Literal["guess", "cover"] = "guess" if match.form.request == "guess" else "cover"
        card, confidence = _card_intent(action, ranked)
        return Heard(heard.text, card, confidence, decode_ms=decode_ms, evidence=heard)


def _strict_pass(
    audio: np.ndarray, recognizer: Recognizer, grammar: Grammar, heard: Transcript, now: Listening
) -> Transcript | None:
    """Decode again within the sayings alone (pocketsphinx only: vosk's phrase
    list already is that). In the clue phase the clue slot holds the words the
    open pass heard, so the number and the sayings' words are forced to fit."""
    if recognizer.name != "pocketsphinx" or not grammar.jsgf:
        return None
    if grammar.phase is not Phase.CLUE:
        return recognizer.decode(audio, replace(grammar, arpa=""))
    candidates = _clue_candidates(heard)
    if not candidates:
        return None
    jsgf = strict_jsgf(now, candidates)
    return recognizer.decode(audio, Grammar(grammar.phase, candidates, jsgf=jsgf))


def _clue_candidates(heard: Transcript) -> tuple[str, ...]:
    template_words = vocabulary(Phase.CLUE)
    words = [w for alt in (heard.text, *(a.text for a in heard.alternatives)) for w in alt.split()]
    fit = [
        w for w in words
        if w.isalpha() and w not in template_words and w not in CLUE_NUMBER_WORDS and w not in CLUE_STOPWORDS
    ]
    return tuple(dict.fromkeys(fit))[: TWO_PASS.max_clue_candidates]


def _first_match(heard: Transcript, now: Listening) -> Match | None:
    """The open pass's best hypothesis, if it fits a saying. (Lower n-best
    entries are not searched: with an open vocabulary some of them fit a
    saying by chance, and chatter would be accepted.)"""
    return match_utterance(tokenize(heard.text), now, fuzzy_cards=True)


def _exact_match(strict: Transcript | None, now: Listening) -> Match | None:
    """The form the strict pass's phrase fits exactly, cards as written on the board."""
    if strict is None or not strict.text:
        return None
    return match_utterance(tokenize(strict.text), now)


def _strict_match(heard: Transcript, strict: Transcript | None, exact: Match | None, open_match: Match | None) -> Match | None:
    """The strict pass's phrase, when the open pass agrees with it: the same
    request and a card that sounds alike; or, for a command, nearly the same
    sounds ("stop guess the" for "stop guessing") and no more of them. A clue must
    be the open pass's words but for the number, which is what the strict grammar
    forces into place. Chatter comes out of the open pass as other or extra words
    ("we touch the castle one"), and the two disagree."""
    if strict is None or exact is None or not heard.text:
        return None
    if exact.form.request == "clue":
        return exact if heard.text.split()[:-1] == strict.text.split()[:-1] else None
    if open_match is not None and open_match.form.request == exact.form.request:
        if exact.card is None or similarity(open_match.card or "", exact.card) >= CARD_MATCH.min_score:
            return exact
    if exact.card is not None:
        return None
    heard_phones, strict_phones = phones(heard.text.split()), phones(strict.text.split())
    if len(heard_phones) > len(strict_phones) + TWO_PASS.extra_phones:
        return None
    agreement = Levenshtein.normalized_similarity(heard_phones, strict_phones)
    return exact if agreement >= TWO_PASS.agreement else None


def _rank(match: Match, exact: Match | None, cards: tuple[str, ...]) -> list[CardScore]:
    assert match.card is not None
    ranked = rank_cards(match.card, cards)
    strict_card = exact.card if exact is not None and exact.form.request == match.form.request else None
    if strict_card is None:
        return ranked
    boosted = [
        CardScore(s.card, s.score + (TWO_PASS.strict_bonus if s.card == strict_card and s.score >= CARD_MATCH.min_score else 0.0))
        for s in ranked
    ]
    return sorted(boosted, key=lambda s: s.score, reverse=True)


def _card_intent(action: Literal["guess", "cover"], ranked: list[CardScore]) -> tuple[Intent | None, float]:
    t = CARD_MATCH
    if not ranked or ranked[0].score < t.min_score:
        return None, 0.0
    best = ranked[0]
    close = tuple(s.card for s in ranked if s.score >= max(t.min_score, best.score - t.ambiguity_margin))[:MAX_CANDIDATES]
    confidence = min(1.0, best.score)
    if len(close) > 1:
        return AmbiguousCard(action, close), confidence
    intent: Intent = Guess(best.card) if action == "guess" else Cover(best.card)
    return intent, confidence


def _confidence(heard: Transcript, strict: Transcript | None, intent: Intent) -> float:
    """Commands: full when both passes said the same phrase, else the open pass's posterior."""
    if strict is not None and strict.text == heard.text:
        return 1.0
    return max(TWO_PASS.command_confidence, heard.confidence)
