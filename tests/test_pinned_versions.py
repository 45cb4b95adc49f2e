"""A fresh install gets the libraries recognition was measured with: the versions that decide
recognition scores (and the neural voice the tests speak with) are pinned, and are the ones here."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

SCORE_DECIDING = ("ctranslate2", "tokenizers", "pocketsphinx", "vosk", "piper-tts", "onnxruntime")


def pins() -> dict[str, str]:
    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]
    found = (re.fullmatch(r"([A-Za-z0-9_.-]+)==([^;\s]+)", d.replace(" ", "")) for d in project["dependencies"])
    return {m.group(1).lower(): m.group(2) for m in found if m}


def test_the_libraries_that_decide_recognition_scores_are_pinned_to_the_measured_versions() -> None:
    pinned = pins()
    for name in SCORE_DECIDING:
        assert name in pinned, f"{name} is not pinned with == in pyproject.toml"
        assert metadata.version(name) == pinned[name], f"{name} {metadata.version(name)} installed, {pinned[name]} pinned"
