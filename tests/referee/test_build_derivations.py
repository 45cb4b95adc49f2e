"""scripts/build_derivations.py: MorphyNet's English derivations in, the referee's table of
suffixed words out (suffixes only, no names, the same bytes every time)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_derivations.py"
SHIPPED = ROOT / "voicemaster" / "referee" / "data" / "morphynet_suffixed.tsv.gz"


def _suffix(affix: str, kind: str = "suffix") -> dict[str, str]:
    return {"pos": "N", "affix": affix, "affix_type": kind}


MORPHYNET = {
    "slug": {"pos": "N", "derives_to": {"sluggish": _suffix("ish"), "sluggishness": _suffix("ishness")}},
    "come": {"pos": "V", "derives_to": {"become": _suffix("be", "prefix")}},
    "web": {"pos": "N", "derives_to": {"webber": _suffix("er")}},
    "caffeine": {"pos": "N", "derives_to": {"caffeinate": _suffix("ate")}},
    "ox": {"pos": "N", "derives_to": {"oxen": _suffix("en")}},
}
"""Kept: sluggish, sluggishness, caffeinate (a rare word only cmudict knows). Left out: a
prefixed word (become), a name cmudict lists (Webber), a base under three letters (ox)."""


def _build(tmp_path: Path) -> bytes:
    source = tmp_path / "eng_derivations.json"
    source.write_text(json.dumps(MORPHYNET), encoding="utf-8")
    out = tmp_path / "suffixed.tsv.gz"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--morphynet", str(source), "--out", str(out)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def test_suffixed_words_are_kept_and_prefixed_words_and_names_left_out(tmp_path: Path) -> None:
    built = _build(tmp_path)
    rows = [line for line in gzip.decompress(built).decode().splitlines() if not line.startswith("#")]
    assert rows == ["caffeinate\tcaffeine", "sluggish\tslug", "sluggishness\tslug"]
    assert _build(tmp_path) == built


def test_a_missing_morphynet_table_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--morphynet", str(tmp_path / "none.json"), "--out", str(tmp_path / "x")],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_shipped_table_says_where_it_comes_from_and_holds_the_common_cases() -> None:
    text = gzip.decompress(SHIPPED.read_bytes()).decode()
    assert "MorphyNet" in text.splitlines()[0] and "CC BY-SA 4.0" in text.splitlines()[0]
    table = dict(line.split("\t") for line in text.splitlines() if not line.startswith("#"))
    assert "slug" in table["sluggish"].split() and "treasure" in table["treasurer"].split()
    assert "become" not in table and "webber" not in table
