"""The clue word comes from what the model heard; the number from scoring twelve phrases.

A clue is open vocabulary, so it cannot be enumerated: it is read off the free
transcript where that transcript fits a clue form of the template table ("[my|the]
clue [is] X N", and "X N" while a clue is awaited; X one or two words, or a hyphenated
word). The words up to X stay *as the model wrote them* (its own tokens), so scoring
"X + number" costs only the number. Where the last word is not a number ("touch
shoe"), it is taken as a possibly misheard number and the twelve numbers are scored in
its place; the likelihood test against the transcript then decides.

When the transcript does not open like a clue ("Chloe was needed to six" for "clue is
needs six"), the two shortest openings starting with the likeliest first word ("My
clue", "My clue is") are forced and continued greedily in one batched call, and the
clue is read off those continuations too. And when the words before a clue word are
not an opening as written ("Glue insect tube", "Mike Lewis Fruit Free"), they may still be
one misheard: clue_openers.py judges them by how the forced openings score on the audio.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

from voicemaster.speech.ears.whisper.clue_openers import opener_deficit, splits
from voicemaster.speech.ears.whisper.engine import Encoded, Engine, until_repeat
from voicemaster.speech.ears.whisper.phrases import Phrase, Writer, capitalised
from voicemaster.speech.ears.whisper.search import PrefixCache
from voicemaster.speech.ears.whisper.thresholds import Thresholds
from voicemaster.understand.parse import CLUE_STOPWORDS, MAX_CLUE_WORDS
from voicemaster.understand.requests import CLUE, NUMBER, WORD, Form
from voicemaster.vocabulary import CLUE_NUMBER_WORDS, DIGIT_WORDS

NUMBERISH = frozenset({*CLUE_NUMBER_WORDS, *(str(n) for n in range(len(DIGIT_WORDS))), "to", "too", "for"})
"""Words that are (or are heard for) a number, never a clue."""
_WORD_CHARS = re.compile(r"[A-Za-z0-9'\-]")
_NOT_WORD_CHARS = re.compile(r"[^A-Za-z0-9'\-]")
_CLUE_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


@dataclass(frozen=True)
class Word:
    text: str
    """Lower case: letters, digits, apostrophes and hyphens only."""
    start: int
    end: int
    """Its token span [start, end) in the decoded sequence."""


@dataclass(frozen=True)
class Opening:
    """The literal words of a clue form before its clue slot, and how many words the slot takes."""

    words: tuple[str, ...]
    max_words: int


@dataclass(frozen=True)
class ClueHead:
    clue: str
    end: int
    """Tokens [0, end) of the reading: everything up to and including the clue word."""
    opener_deficit: float = 0.0


class WordList:
    """wordfreq's English frequencies: a clue word must be a word.

    Loading the list takes 0.5–5 s on a loaded machine, so it starts on a background
    thread when the ear is made and is waited for only when a clue word is first checked:
    listening starts at once and guesses never wait for it."""

    def __init__(self, min_zipf: float) -> None:
        self.min_zipf = min_zipf
        self._zipf: Callable[[str, str], float] | None = None
        self._failure = ""
        self._known: dict[str, bool] = {}
        self._loader = threading.Thread(target=self._load, name="whisper-wordfreq", daemon=True)
        self._loader.start()

    def _load(self) -> None:
        try:
            from wordfreq import zipf_frequency

            zipf_frequency("ocean", "en")
            self._zipf = zipf_frequency
        except Exception as exc:  # kept, and reported when a clue word is first checked
            self._failure = f"{type(exc).__name__}: {exc}"

    def known(self, text: str) -> bool:
        """Every part of `text` at least `min_zipf` (≈ once per 10 M words for 2.0)."""
        if text not in self._known:
            self._loader.join()
            if self._zipf is None:
                raise RuntimeError(f"wordfreq could not be loaded ({self._failure})")
            zipf = self._zipf
            self._known[text] = all(zipf(p, "en") >= self.min_zipf for p in re.split(r"[\s-]+", text) if p)
        return self._known[text]


def words_of(tokens: list[int], decode: Callable[[list[int]], str]) -> list[Word]:
    """Decoded tokens as words with their token spans (punctuation dropped; "USA-0"
    split into the word and the number said after it)."""
    out: list[Word] = []
    current, start = "", 0
    for i, token in enumerate(tokens):
        piece = decode([token])
        if piece.startswith(" ") or not current or not _WORD_CHARS.match(piece):
            if current:
                out.append(Word(current, start, i))
            current, start = "", i
        clean = _NOT_WORD_CHARS.sub("", piece)
        if clean:
            if not current:
                start = i
            current += clean.lower()
        elif current:
            out.append(Word(current, start, i))
            current = ""
    if current:
        out.append(Word(current, start, len(tokens)))
    return [w for word in out for w in _split_joined(word, tokens, decode) if w.text.strip("-'")]


def _split_joined(word: Word, tokens: list[int], decode: Callable[[list[int]], str]) -> list[Word]:
    """Words Whisper hyphenated that are two things said: "USA-0" (a word and its number),
    "Clue-winter" (a template word and the clue)."""
    parts = word.text.split("-")
    if len(parts) == 2 and parts[1].isdigit() and parts[0]:
        cut = next((i for i in range(word.start, word.end) if decode([tokens[i]]).strip("-").isdigit()), word.end)
        return [Word(parts[0], word.start, cut), Word(parts[1], cut, word.end)]
    if len(parts) >= 2 and parts[0] in CLUE_STOPWORDS:
        hyphen = next((i for i in range(word.start, word.end) if decode([tokens[i]]).startswith("-")), None)
        if hyphen is not None:
            rest = Word("-".join(parts[1:]), hyphen + 1, word.end)
            return [Word(parts[0], word.start, hyphen), *_split_joined(rest, tokens, decode)]
    return [word]


def openings(forms: tuple[Form, ...]) -> tuple[Opening, ...]:
    """The clue forms' openings, from the template table (clue slot, then the number, last)."""
    out: list[Opening] = []
    for form in forms:
        slot = next((i for i, w in enumerate(form.words) if w in (CLUE, WORD)), None)
        if form.request == "clue" and slot is not None and form.words[slot + 1 :] == (NUMBER,):
            out.append(Opening(form.words[:slot], MAX_CLUE_WORDS if form.words[slot] == CLUE else 1))
    return tuple(dict.fromkeys(out))


class ClueReader:
    """Clue phrases for one utterance: readings of the transcript × the twelve numbers."""

    def __init__(self, engine: Engine, writer: Writer, thresholds: Thresholds) -> None:
        self.engine = engine
        self.writer = writer
        self.t = thresholds
        self.words = WordList(thresholds.min_clue_zipf)

    def phrases(self, tokens: list[int], enc: Encoded, cache: PrefixCache, forms: tuple[Form, ...]) -> list[Phrase]:
        found = openings(forms)
        readings = list(self._readings(tokens, enc, cache, found))
        heads = [(reading, head) for reading, words in readings for head in self.heads(words, found)]
        first, words = readings[0]
        heads += [(first, head) for head in self.misheard_heads(first, words, cache, found)]
        heads += self.sounding_heads(first, words, found)
        out: list[Phrase] = []
        for reading, head in heads:
            head_tokens = tuple(reading[: head.end])
            out += self.writer.number_phrases(head_tokens, self.engine.tokenizer.decode(head_tokens), head.clue, head.opener_deficit)
        return out

    def sounding_heads(self, reading: list[int], words: list[Word], found: tuple[Opening, ...]) -> list[tuple[list[int], ClueHead]]:
        """A clue word written as no clue word ("three zero" for "tree, zero", "shila five" for
        "sheila, five"): where the words fit an opening and then a word and a number, and
        that word is a number or no word, English words that sound like it take its place
        (speech/ears/vocabulary.py's nearest entries), each scored on the audio like the written one."""
        texts = tuple(w.text for w in words)
        out: list[tuple[list[int], ClueHead]] = []
        for opening in found:
            n = len(opening.words)
            rest = texts[n:]
            if texts[:n] != opening.words or not 2 <= len(rest) <= 1 + self.t.number_words:
                continue
            if self.valid(rest[:1]) or not _CLUE_WORD.fullmatch(rest[0].replace("'", "")) and not rest[0].isdigit():
                continue
            if not any(w in NUMBERISH for w in rest[1:]):
                continue
            start = words[n].start
            for entry in self.sound_alikes(rest[0]):
                tokens = reading[:start] + list(self.writer.tokens(" " + capitalised(entry)))
                out.append((tokens, ClueHead(entry, len(tokens))))
        return out

    def sound_alikes(self, written: str) -> list[str]:
        """Clue words that sound like `written` (a digit read as its word), likeliest first."""
        from voicemaster.speech.ears.vocabulary import english_vocabulary

        if self.t.clue_sound_alikes <= 0:
            return []
        said = DIGIT_WORDS[int(written)] if written.isdigit() and int(written) < len(DIGIT_WORDS) else written
        near = english_vocabulary().near(said, self.t.clue_sound_alikes)
        return [n.entry for n in near if " " not in n.entry and self.valid((n.entry,))][: self.t.clue_sound_alikes]

    def misheard_heads(self, reading: list[int], words: list[Word], cache: PrefixCache, found: tuple[Opening, ...]) -> list[ClueHead]:
        """The transcript's own words before a clue word taken as its opener, when the clue
        openings forced on the audio score within `clue_opener_deficit` of them. Of two cuts
        ending at the same token ("Mike | Lewis Fruit", "Mike Lewis | Fruit") the one whose
        opener sounds more like a clue opening is kept (on a tie the longer opener): the
        phrases are the same tokens."""
        texts = tuple(w.text for w in words)
        exact = {o.words for o in found if o.words}
        max_words = max((o.max_words for o in found if o.words), default=0)
        forced = self.forced_openings(found)
        heads: dict[int, ClueHead] = {}
        for cut in splits(len(words), self.t.max_opener_words, max_words, self.t.number_words):
            clue = texts[cut.opener : cut.opener + cut.clue]
            if texts[: cut.opener] in exact or not self.valid(clue):
                continue
            deficit = max(0.0, opener_deficit(cache, tuple(reading[: words[cut.opener].start]), forced))
            end = words[cut.opener + cut.clue - 1].end
            if deficit <= self.t.clue_opener_deficit and (end not in heads or deficit <= heads[end].opener_deficit):
                heads[end] = ClueHead(" ".join(clue), end, deficit)
        return list(heads.values())

    def forced_openings(self, found: tuple[Opening, ...]) -> list[tuple[int, ...]]:
        """The clue openings with words, as tokens: what a written opener is judged against."""
        return [self.opening_tokens(words) for words in dict.fromkeys(o.words for o in found if o.words)]

    def opening_tokens(self, words: tuple[str, ...]) -> tuple[int, ...]:
        return self.writer.tokens(" " + capitalised(" ".join(words)))

    def heads(self, words: list[Word], found: tuple[Opening, ...]) -> list[ClueHead]:
        """Where the words fit an opening, a valid clue word after it, and what may be its number.
        A word said bare ("ocean two") must have something said after it for its number: a card
        name or any word said alone in the clue phase is talk (real voices: "zero", written
        "Nero", was the clue "nero, zero")."""
        texts = tuple(w.text for w in words)
        heads: list[ClueHead] = []
        for opening in found:
            n = len(opening.words)
            if texts[:n] != opening.words:
                continue
            rest = texts[n:]
            for k in range(1, opening.max_words + 1):
                said_after = k + (0 if opening.words else 1)
                if said_after <= len(rest) <= k + self.t.number_words and self.valid(rest[:k]):
                    heads.append(ClueHead(" ".join(rest[:k]), words[n + k - 1].end))
        return list(dict.fromkeys(heads))

    def valid(self, words: tuple[str, ...]) -> bool:
        if not all(_CLUE_WORD.fullmatch(w) for w in words):
            return False
        if any(part in CLUE_STOPWORDS or part in NUMBERISH for w in words for part in w.split("-")):
            return False
        return self.words.known(" ".join(words))

    def _readings(
        self, tokens: list[int], enc: Encoded, cache: PrefixCache, found: tuple[Opening, ...]
    ) -> Iterator[tuple[list[int], list[Word]]]:
        """The free transcript's first saying, and greedy continuations of the likeliest opening."""
        decode = self.engine.tokenizer.decode
        first = tokens[: until_repeat(tokens)]
        words = words_of(first, decode)
        yield first, words
        texts = tuple(w.text for w in words)
        if any(o.words and texts[: len(o.words)] == o.words for o in found):
            return
        for sequence, rows in self.engine.continue_after(enc, self._likeliest_openings(cache, found), self.t.clue_continue_tokens):
            cache.add(sequence, rows)
            cut = sequence[: until_repeat(sequence)]
            yield cut, words_of(cut, decode)

    def _likeliest_openings(self, cache: PrefixCache, found: tuple[Opening, ...]) -> list[list[int]]:
        """The shortest openings (`clue_openings` of them) starting with the first word the model
        finds likeliest (if it is likely enough at all), as token sequences."""
        row = cache.rows.get(())
        starts = list(dict.fromkeys(o.words[0] for o in found if o.words))
        if row is None or not starts:
            return []
        score = {w: max(float(row[self.writer.tokens(" " + v)[0]]) for v in (w, capitalised(w))) for w in starts}
        best = max(starts, key=lambda w: score[w])
        if score[best] < self.t.clue_opener_logprob:
            return []
        chosen = sorted((o.words for o in found if o.words[:1] == (best,)), key=len)[: self.t.clue_openings]
        return [list(self.opening_tokens(words)) for words in chosen]
