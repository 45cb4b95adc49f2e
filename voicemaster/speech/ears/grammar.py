"""Per-phase recognizer grammars, built from the one request table (understand/requests.py).

Guess phase: a JSGF grammar of the sayings allowed now with the uncovered cards, in
parallel with a loop of common words that soaks up the table's chatter (the
parser then finds no template in it). Clue phase: the clue word is open
vocabulary (20,000 common words), too big for a finite-state grammar, so it is
an n-gram model written from the same sayings (ARPA text), whose bigrams make
their word orders likely and everything else possible but costly.
"""

from __future__ import annotations

import itertools
import math
from typing import Iterable, Sequence

from wordfreq import top_n_list, word_frequency

from voicemaster.game.phase import Phase
from voicemaster.sharing import built_once
from voicemaster.speech.ears.grammar_tuning import GRAMMAR
from voicemaster.speech.ears.pronounce import dictionary
from voicemaster.speech.ears.recognizer import Grammar
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import card_words
from voicemaster.understand.requests import CARD, CLUE, NUMBER, SLOTS, WORD, Form, forms, vocabulary
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

@built_once
def clue_vocabulary() -> tuple[str, ...]:
    """The most frequent English words the model can pronounce, commonest first."""
    known = dictionary()
    words = (w for w in top_n_list("en", GRAMMAR.common_words) if w.isalpha() and w in known)
    return tuple(itertools.islice(words, GRAMMAR.clue_vocabulary_size))


@built_once
def chatter_vocabulary() -> tuple[str, ...]:
    return clue_vocabulary()[: GRAMMAR.chatter_vocabulary_size]


def _jsgf_alternatives(words: Iterable[str]) -> str:
    return " | ".join(sorted(set(words)))


def strict_jsgf(now: Listening, clue_words: Sequence[str] = ()) -> str:
    """The sayings allowed now alone, nothing else. The clue slot, if any, holds
    only `clue_words` (candidates an open pass heard); without them it is left out."""
    cards = now.cards
    said = [f for f in forms(now) if f.request != "clue" or clue_words]
    commands = " | ".join(f"( {' '.join(f.words)} )" for f in said)
    rules = [f"public <command> = {commands} ;"]
    if cards:
        rules.append(f"<card> = {_jsgf_alternatives(' '.join(card_words(c)) for c in cards)} ;")
    if clue_words:
        words = _jsgf_alternatives(clue_words)
        rules += [f"<clue> = {words} ;", f"<word> = {words} ;", f"<number> = {_jsgf_alternatives(CLUE_NUMBER_WORDS)} ;"]
    return "#JSGF V1.0;\ngrammar voicemaster;\n" + "\n".join(rules) + "\n"


def phrases(now: Listening) -> tuple[str, ...]:
    """Every complete phrase of the sayings allowed now (vosk's phrase list); the open clue
    slot contributes the clue vocabulary as single words."""
    out: list[str] = []
    for form in forms(now):
        if form.request != "clue":
            out.extend(_filled(form, now.cards))
    if now.phase is Phase.CLUE:
        out.extend(CLUE_NUMBER_WORDS)
        out.extend(sorted(vocabulary(now.phase)))
        out.extend(clue_vocabulary())
    return tuple(dict.fromkeys(out))


def _filled(form: Form, cards: Sequence[str]) -> list[str]:
    """The form with its card or number slot filled every way."""
    choices: list[list[str]] = []
    for word in form.words:
        if word == CARD:
            choices.append([" ".join(card_words(c)) for c in cards])
        elif word == NUMBER:
            choices.append(list(CLUE_NUMBER_WORDS))
        else:
            choices.append([word])
    return [" ".join(combo) for combo in itertools.product(*choices)]


def phase_arpa(now: Listening) -> str:
    """A bigram model (ARPA text) of the phase's templates plus open vocabulary:
    the clue word in the clue phase, the table's chatter in the guess phase
    (grammar_tuning.GrammarTuning: the masses and pair probabilities)."""
    g = GRAMMAR
    cards = now.cards
    said = forms(now)
    open_vocab = clue_vocabulary() if now.phase is Phase.CLUE else chatter_vocabulary()
    open_mass = {Phase.CLUE: g.clue_open_mass, Phase.GUESS: g.guess_open_mass}[now.phase]
    card_vocab = {w for c in cards for w in card_words(c)}
    literal = {w for f in said for w in f.words if w not in SLOTS}
    clue_words = [w for w in open_vocab if w not in literal and w not in CLUE_NUMBER_WORDS]
    unigrams: dict[str, float] = {}
    freq = {w: word_frequency(w, "en") ** g.frequency_power for w in clue_words}
    total = sum(freq.values())
    for word in clue_words:
        unigrams[word] = open_mass * freq[word] / total
    for word in CLUE_NUMBER_WORDS:
        unigrams[word] = g.number_mass / len(CLUE_NUMBER_WORDS)
    for word in literal | card_vocab:
        unigrams[word] = unigrams.get(word, 0.0) + g.template_mass / len(literal | card_vocab)
    unigrams["</s>"] = g.end_mass
    bigrams = _saying_bigrams(said, cards)
    return _write_arpa(unigrams, bigrams)


def _saying_bigrams(said: Sequence[Form], cards: Sequence[str]) -> dict[tuple[str, str], float]:
    """Word pairs that the sayings use, each given a high probability: after a clue word
    a number is then far likelier than another word, as the sayings say."""
    pairs: set[tuple[str, str]] = set()
    for form in said:
        sequences: list[list[str]] = [["<s>"]]
        for word in form.words:
            if word == CARD:
                options = [list(card_words(c)) for c in cards]
            elif word == NUMBER:
                options = [[w] for w in CLUE_NUMBER_WORDS]
            elif word in (CLUE, WORD):
                options = [["<clue>"]]
            else:
                options = [[word]]
            sequences = [s + o for s in sequences for o in options]
        for sequence in sequences:
            sequence = sequence + ["</s>"]
            pairs.update(zip(sequence, sequence[1:]))
    return {pair: GRAMMAR.start_pair if pair[0] == "<s>" else GRAMMAR.follow_pair for pair in pairs if "<clue>" not in pair}


def _write_arpa(unigrams: dict[str, float], bigrams: dict[tuple[str, str], float]) -> str:
    lines = ["\\data\\", f"ngram 1={len(unigrams) + 1}", f"ngram 2={len(bigrams)}", "", "\\1-grams:"]
    lines.append("-99.0000 <s> 0.0000")
    for word, p in unigrams.items():
        backoff = "" if word == "</s>" else " 0.0000"
        lines.append(f"{math.log10(p):.4f} {word}{backoff}")
    lines += ["", "\\2-grams:"]
    lines += [f"{math.log10(p):.4f} {a} {b}" for (a, b), p in sorted(bigrams.items())]
    lines += ["", "\\end\\", ""]
    return "\n".join(lines)


def build_grammar(now: Listening) -> Grammar:
    """What may be said now, in every backend's form."""
    return Grammar(
        phase=now.phase,
        phrases=phrases(now),
        jsgf=strict_jsgf(now),
        arpa=phase_arpa(now),
    )

