"""Every tuned number of the grammar ears (pocketsphinx, vosk), in one place, and where each comes from.

None was found by a search or fitted: each was set by hand when the grammar ears were written
(d7e3cbf) and moved by hand in the commits named at it, while their speech was tried on
synthetic voices. bench/speech_accuracy.py measures them since 3d15025 on the synthetic corpus
(bench/results/speech_accuracy.md, pocketsphinx beside Whisper), and bench/real_voices.py on
real people (bench/results/real_voices.md); no commit records a figure that chose a number
here. The card match (`CARD_MATCH`) is the Whisper ear's measure of words that sound alike too
(whisper/decide.sounds_alike). Not tuned, and left where they are: the audio format, vosk's
200 ms chunks (as the microphone delivers them) and the grammars kept loaded (a bound on
memory: pocketsphinx_backend.SEARCHES_KEPT, the vosk recognizers kept).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GrammarTuning:
    """The phase grammars (grammar.py): the open vocabulary and the n-gram model's masses."""

    clue_vocabulary_size: int = 20000
    """The clue word's open vocabulary: the commonest English words the model can pronounce.
    Set by hand (d7e3cbf)."""
    chatter_vocabulary_size: int = 3000
    """The commonest of those, which soak up the table's talk in the guess phase. Set by hand
    (d7e3cbf)."""
    common_words: int = 60000
    """wordfreq's commonest words the clue vocabulary is picked from. Set by hand (d7e3cbf)."""
    clue_open_mass: float = 0.3
    guess_open_mass: float = 0.1
    """Unigram mass of the open vocabulary: the clue word (clue phase), or the chatter words
    (guess phase). Set by hand (d7e3cbf)."""
    frequency_power: float = 0.5
    """An open word's share of that mass goes with its wordfreq frequency to this power
    (flatter than the frequency). Set by hand (d7e3cbf)."""
    number_mass: float = 0.4
    """Unigram mass of the clue numbers: after a clue word a number is far likelier than
    another word. Set by hand (3d15025)."""
    template_mass: float = 0.15
    """Unigram mass of the templates' own words and the card words. Set by hand (3d15025)."""
    end_mass: float = 0.1
    """Unigram probability of the end of the sentence. Set by hand (d7e3cbf)."""
    start_pair: float = 0.1
    follow_pair: float = 0.5
    """Probabilities of the word pairs the templates use, at the start and later. Other pairs
    back off (weight 1) to the unigrams. Set by hand (3d15025)."""


GRAMMAR = GrammarTuning()


@dataclass(frozen=True)
class CardMatchTuning:
    """Heard words against the uncovered cards, by sound and spelling (match_cards.py)."""

    phone_weight: float = 0.7
    """Weight of the phone strings' likeness; the spelling's is the rest. Set by hand (d7e3cbf)."""
    min_score: float = 0.55
    """Below this, the heard words name no card. Set by hand (d7e3cbf)."""
    word_count_penalty: float = 0.8
    """A different number of words ("castle one" for "castle") is a worse match than the sounds
    alone say: it is how chatter around a card name looks. Set by hand (3d15025)."""
    ambiguity_margin: float = 0.06
    """Two cards whose scores are this close are both offered back as a question. Set by hand
    (d7e3cbf)."""


CARD_MATCH = CardMatchTuning()


@dataclass(frozen=True)
class TwoPassTuning:
    """How the open and the strict pass must agree (listen.py)."""

    strict_bonus: float = 0.4
    """Score added to the card the strict pass chose. Set by hand (d7e3cbf)."""
    agreement: float = 0.6
    """Phone-string similarity above which the two passes heard the same command. Set by hand:
    0.75 (d7e3cbf), 0.7, 0.8, 0.7, then 0.6 (7a1ec4e)."""
    extra_phones: int = 1
    """Phones the open pass may have heard beyond the strict pass's command: more is someone
    talking on. Set by hand (3d15025)."""
    max_clue_candidates: int = 8
    """Words the open pass heard that the strict pass may choose the clue word among. Set by
    hand (9c62d29)."""
    command_confidence: float = 0.5
    """The least confidence reported for a command the two passes did not say alike. Set by
    hand (d7e3cbf)."""


TWO_PASS = TwoPassTuning()


@dataclass(frozen=True)
class PocketsphinxTuning:
    """pocketsphinx's decode (pocketsphinx_backend.py)."""

    pad_seconds: float = 0.25
    """Silence added around an utterance: endpointed audio can start right on a word. Set by
    hand (d7e3cbf)."""
    noise_floor_db: float = 30.0
    """A noise floor this far below the speech level is added before decoding: the model was
    trained on recordings that always have one, and digital silence (exact zeros, as in
    synthetic speech, or a noise gate) throws its front end off. Set by hand (1cb5f0d)."""
    nbest: int = 5
    nbest_read: int = 4
    """Alternatives kept, and n-best hypotheses read per alternative kept (repeats are
    dropped). Set by hand (d7e3cbf)."""


POCKETSPHINX = PocketsphinxTuning()


@dataclass(frozen=True)
class VoskTuning:
    """vosk's decode (vosk_backend.py)."""

    alternatives: int = 5
    """n-best alternatives asked of vosk: their softmax is the sentence posterior. Set by hand
    (5857061)."""


VOSK = VoskTuning()
