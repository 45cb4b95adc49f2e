"""Pronunciations in the CMU phone set: the model's dictionary first, espeak-ng for the rest.

Cards can be any word ("quokka", "zyzzyx"); pocketsphinx only hears words whose
phones it knows, so missing words get phones from espeak-ng's IPA output, mapped
symbol by symbol (longest match first) onto the 39 CMU phones.
"""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

import pocketsphinx

from voicemaster.sharing import built_once

DICTIONARY = Path(pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"))

IPA_TO_CMU: dict[str, tuple[str, ...]] = {
    "aɪɚ": ("AY", "ER"), "aʊɚ": ("AW", "ER"),
    "eɪ": ("EY",), "aɪ": ("AY",), "ɔɪ": ("OY",), "aʊ": ("AW",), "oʊ": ("OW",), "əʊ": ("OW",),
    "ɪɹ": ("IH", "R"), "ɛɹ": ("EH", "R"), "ʊɹ": ("UH", "R"),
    "iə": ("IY", "AH"), "eə": ("EH", "R"), "ʊə": ("UH", "R"),
    "tʃ": ("CH",), "dʒ": ("JH",),
    "ɚ": ("ER",), "ɝ": ("ER",), "ɜ": ("ER",),
    "i": ("IY",), "ɪ": ("IH",), "ᵻ": ("IH",), "e": ("EH",), "ɛ": ("EH",),
    "æ": ("AE",), "a": ("AE",), "ɐ": ("AH",), "ʌ": ("AH",), "ə": ("AH",),
    "ɑ": ("AA",), "ɒ": ("AA",), "ɔ": ("AO",), "o": ("OW",),
    "u": ("UW",), "ʊ": ("UH",),
    "p": ("P",), "b": ("B",), "t": ("T",), "d": ("D",), "k": ("K",), "ɡ": ("G",), "g": ("G",),
    "f": ("F",), "v": ("V",), "θ": ("TH",), "ð": ("DH",), "s": ("S",), "z": ("Z",),
    "ʃ": ("SH",), "ʒ": ("ZH",), "h": ("HH",), "m": ("M",), "n": ("N",), "ŋ": ("NG",),
    "l": ("L",), "ɫ": ("L",), "ɹ": ("R",), "r": ("R",), "ɾ": ("T",), "j": ("Y",), "w": ("W",),
    "x": ("K",), "ʔ": (),
}
_SYMBOLS = sorted(IPA_TO_CMU, key=len, reverse=True)
_IGNORED = re.compile("[ˈˌːˑ‿͡_ \u0329\u0303-]")


@built_once
def dictionary() -> dict[str, tuple[str, ...]]:
    """The model's dictionary: word → first pronunciation."""
    entries: dict[str, tuple[str, ...]] = {}
    with DICTIONARY.open(encoding="utf-8") as lines:
        for line in lines:
            word, _, phones = line.strip().partition(" ")
            if "(" not in word and word not in entries:
                entries[word] = tuple(phones.split())
    return entries


def ipa_to_cmu(ipa: str) -> tuple[str, ...]:
    """CMU phones for an IPA string; unknown symbols are skipped."""
    phones: list[str] = []
    text = _IGNORED.sub("", ipa)
    i = 0
    while i < len(text):
        for symbol in _SYMBOLS:
            if text.startswith(symbol, i):
                phones.extend(IPA_TO_CMU[symbol])
                i += len(symbol)
                break
        else:
            i += 1
    return tuple(phones)


@functools.lru_cache(maxsize=4096)
def espeak_phones(word: str) -> tuple[str, ...]:
    """espeak-ng's US-English reading of `word`, in CMU phones."""
    done = subprocess.run(
        ["espeak-ng", "-q", "-v", "en-us", "--ipa", word],
        capture_output=True, text=True, check=True, timeout=30,
    )
    return ipa_to_cmu(done.stdout.strip())


def pronunciation(word: str) -> tuple[str, ...]:
    """Phones for one lower-case word: the dictionary's, else generated with espeak-ng."""
    known = dictionary().get(word)
    return known if known is not None else espeak_phones(word)


def missing(words: set[str] | frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The words the model does not know, with generated phones."""
    return {w: espeak_phones(w) for w in sorted(words) if w not in dictionary()}
