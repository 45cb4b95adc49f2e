"""scripts/build_morphology.py: WordNet's database files in, the kinship table out."""

from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_morphology.py"
SHIPPED = ROOT / "voicemaster" / "referee" / "data" / "wordnet_kin.tsv.gz"
SHIPPED_FORMS = SHIPPED.with_name("wordnet_forms.tsv.gz")
DEBIAN_WORDNET = Path("/usr/share/wordnet")

spec = importlib.util.spec_from_file_location("build_morphology", SCRIPT)
assert spec is not None and spec.loader is not None
build = importlib.util.module_from_spec(spec)
sys.modules["build_morphology"] = build
spec.loader.exec_module(build)

# (offset, pos, words, pointers as (symbol, offset, pos, source/target), gloss)
SYNSETS = [
    ("00000001", "n", ["fisherman", "fisher"], [], "someone whose occupation is catching fish"),
    ("00000002", "n", ["fish"], [], "any of various mostly cold-blooded aquatic vertebrates"),
    ("00000003", "n", ["antelope"], [], "graceful Old World ruminant with long legs and horns"),
    ("00000004", "n", ["ant"], [], "social insect living in organized colonies"),
    ("00000005", "n", ["speech"], [("+", "00000001", "v", "0101")], "the act of delivering a formal spoken talk"),
    ("00000006", "n", ["caravan", "van"], [], "a camper equipped with living quarters"),
    ("00000007", "n", ["contact"], [], "the act of touching physically"),
    ("00000008", "n", ["act"], [], "something that people do or cause to happen; an act"),
    ("00000009", "n", ["cartoon"], [], "a humorous drawing; an act of wit"),
    ("00000010", "n", ["man"], [], "an adult person who is male"),
] + [(f"{100 + i:08d}", "n", [f"filler{'x' * i}"], [], "a thing of no interest") for i in range(30)]
"""Fillers make the rates realistic: "fish" is named in 1 definition in 40, "act" in 1 in 10."""
LEXFILES = {"fisherman": "18", "fish": "05", "caravan": "06"}
"""Semantic classes (lexicographer files): noun.person, noun.animal, noun.artifact; the rest noun.Tops."""
VERBS = [("00000001", "v", ["speak"], [("+", "00000005", "n", "0101")], "express in speech")]


def _line(offset: str, pos: str, words: list[str], pointers: list[tuple[str, str, str, str]], gloss: str) -> str:
    head = [offset, LEXFILES.get(words[0], "03"), pos, f"{len(words):02x}"]
    head += [part for word in words for part in (word, "0")]
    head.append(f"{len(pointers):03d}")
    for pointer in pointers:
        head.extend(pointer)
    return " ".join(head) + f" | {gloss}  \n"


@pytest.fixture
def wordnet(tmp_path: Path) -> Path:
    folder = tmp_path / "dict"
    folder.mkdir()
    files = {"noun": SYNSETS, "verb": VERBS, "adj": [], "adv": []}
    for name, synsets in files.items():
        text = "  1 licence header, skipped\n" + "".join(_line(*synset) for synset in synsets)
        (folder / f"data.{name}").write_text(text, encoding="utf-8")
        (folder / f"{name}.exc").write_text("", encoding="utf-8")
    return folder


def test_kin_comes_from_definitions_links_and_synonyms(wordnet: Path) -> None:
    kinship = build.Kinship(build.read_wordnet(wordnet))
    assert kinship.kin("fisherman") == {"fish": False, "fisher": False}
    assert kinship.kin("antelope") == {}
    assert kinship.kin("speech") == {"speak": False}
    assert kinship.kin("caravan") == {"van": True}


def test_a_word_named_in_many_definitions_is_no_evidence(wordnet: Path) -> None:
    """'act' is named in 1 definition in 10 here: contact naming it once proves nothing."""
    assert build.Kinship(build.read_wordnet(wordnet)).kin("contact") == {}


def test_the_table_is_the_same_bytes_every_time(wordnet: Path, tmp_path: Path) -> None:
    outputs = [tmp_path / "one.tsv.gz", tmp_path / "two.tsv.gz"]
    for out in outputs:
        subprocess.run([sys.executable, str(SCRIPT), "--wordnet", str(wordnet), "--out", str(out)], check=True)
    assert outputs[0].read_bytes() == outputs[1].read_bytes()
    rows = gzip.decompress(outputs[0].read_bytes()).decode().splitlines()
    assert "fisherman\tN\tfish fisher\tperson\t\tfisher" in rows
    assert "caravan\tN\tvan~\tartifact\t\t" in rows
    assert "speak\tV\tspeech\t\t\t" in rows


def test_the_classes_the_tagged_corpus_met_come_from_the_index(wordnet: Path, tmp_path: Path) -> None:
    """index.noun: lemma, pos, synset count, pointer count, pointers, sense count,
    tagged sense count, offsets most frequent first. fisherman was met (a person),
    caravan never."""
    (wordnet / "index.noun").write_text(
        "  1 licence header, skipped\n"
        "fisherman n 1 1 @ 1 1 00000001\n"
        "caravan n 1 0 1 0 00000006\n",
        encoding="utf-8",
    )
    out = tmp_path / "kin.tsv.gz"
    subprocess.run([sys.executable, str(SCRIPT), "--wordnet", str(wordnet), "--out", str(out)], check=True)
    rows = gzip.decompress(out.read_bytes()).decode().splitlines()
    assert "fisherman\tN\tfish fisher\tperson\tperson\tfisher" in rows
    assert "caravan\tN\tvan~\tartifact\t\t" in rows


def test_irregular_forms_come_from_the_exception_lists(wordnet: Path, tmp_path: Path) -> None:
    (wordnet / "noun.exc").write_text("brethren brother\nmice mouse\nteeth tooth\n", encoding="utf-8")
    (wordnet / "verb.exc").write_text("ran run\nbuilt-in build-in\n", encoding="utf-8")
    out = tmp_path / "kin.tsv.gz"
    subprocess.run([sys.executable, str(SCRIPT), "--wordnet", str(wordnet), "--out", str(out)], check=True)
    rows = gzip.decompress(out.with_name("wordnet_forms.tsv.gz").read_bytes()).decode().splitlines()
    assert [row for row in rows if not row.startswith("#")] == [
        "brethren\tbrother:N",
        "mice\tmouse:N",
        "ran\trun:V",
        "teeth\ttooth:N",
    ]


def test_a_base_whose_definitions_share_a_rare_word_is_akin(wordnet: Path) -> None:
    """WordNet links neither pair: prison and prisoner both speak of the confined, a
    dent and a dentist share nothing."""
    nouns = [
        ("00000201", "n", ["prisoner"], [], "one who is confined"),
        ("00000202", "n", ["prison"], [], "a building where convicts are confined"),
        ("00000203", "n", ["dentist"], [], "one who treats teeth"),
        ("00000204", "n", ["dent"], [], "a hollow made by a blow"),
    ]
    with open(wordnet / "data.noun", "a", encoding="utf-8") as handle:
        handle.write("".join(_line(*noun) for noun in nouns))
    kinship = build.Kinship(build.read_wordnet(wordnet))
    assert kinship.akin("prisoner") == {"prison"}
    assert kinship.akin("dentist") == set()


def test_without_wordnet_it_says_what_to_install(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--wordnet", str(tmp_path), "--out", str(tmp_path / "out.gz")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "apt-get install wordnet-base" in result.stderr


@pytest.mark.skipif(not (DEBIAN_WORDNET / "data.noun").exists(), reason="needs Debian's wordnet-base")
def test_the_shipped_table_is_what_the_script_builds(tmp_path: Path) -> None:
    out = tmp_path / "wordnet_kin.tsv.gz"
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], check=True, capture_output=True)
    assert out.read_bytes() == SHIPPED.read_bytes()
    assert out.with_name(SHIPPED_FORMS.name).read_bytes() == SHIPPED_FORMS.read_bytes()
    for name in ("wordnet_spellings.tsv.gz", "wordnet_readings.tsv.gz"):
        assert out.with_name(name).read_bytes() == SHIPPED.with_name(name).read_bytes(), name


def test_an_irregular_form_wordnet_enters_for_its_base_is_kin_of_it(wordnet: Path) -> None:
    """better's own sense says "comparative of good": kin, so its other readings
    (to better) are no homograph."""
    adjectives = [
        ("00000101", "a", ["good"], [], "having desirable or positive qualities"),
        ("00000102", "a", ["better"], [], "(comparative of `good') superior to another"),
    ]
    (wordnet / "data.adj").write_text("  1 header\n" + "".join(_line(*a) for a in adjectives), encoding="utf-8")
    (wordnet / "adj.exc").write_text("better good\n", encoding="utf-8")
    kinship = build.Kinship(build.read_wordnet(wordnet))
    assert kinship.kin("better") == {"good": False}


def test_spellings_of_one_word_share_every_sense() -> None:
    """kabob and kebab are one word; racquet is a racket, but a racket is also a din;
    lode and load differ in vowels and load has senses lode lacks: homophones."""
    synsets = {
        (f"{i:08d}", "n"): build.Synset("N", words, [], "", 6)
        for i, words in enumerate(
            [["kebab", "kabob"], ["racket", "racquet"], ["racket", "din"], ["load", "lode"], ["load", "burden"]]
        )
    }
    prons = {"load": "L OW1 D", "lode": "L OW1 D"}
    rows = [line.split() for line in build.spelling_rows(synsets, prons)]
    assert rows == [
        ["kabob", "kebab", "~"], ["kebab", "kabob", "~"], ["racket", "racquet", "=!"], ["racquet", "racket", "="]
    ]


def test_words_said_apart_are_no_spellings_of_one_word() -> None:
    synsets = {("00000001", "n"): build.Synset("N", ["choral", "chorale"], [], "", 10)}
    assert build.spelling_rows(synsets, {"choral": "K AO1 R AH0 L", "chorale": "K ER0 AE1 L"}) == []


def test_a_clipped_noun_may_keep_an_ending_of_clippings() -> None:
    """budgie is budg(erigar) + -ie, specs spec(tacles) + -s (issue 49); nosy and nosey are spellings,
    and boxy is box + -y, no clipping of boxlike."""
    synsets = {
        (f"{i:08d}", pos): build.Synset("N", words, [], "", 6)
        for i, (pos, words) in enumerate(
            [("n", ["budgerigar", "budgie"]), ("n", ["spectacles", "specs"]), ("a", ["nosy", "nosey"]),
             ("a", ["boxy", "boxlike"])]
        )
    }
    rows = [line.split() for line in build.spelling_rows(synsets, {})]
    assert ["budgie", "budgerigar", "<"] in rows and ["specs", "spectacles", "<"] in rows
    assert not [row for row in rows if row[0] in ("nosy", "nosey", "boxy") and row[2] == "<"]
