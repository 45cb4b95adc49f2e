"""Speech models on disk: where they are looked for, and which engine each is for."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Sequence

from voicemaster.errors import InputError
from voicemaster.paths import checkout_root, data_home
from voicemaster.speech.ears.whisper.model import is_whisper_model

ModelEngine = Literal["vosk", "whisper"]


@dataclass(frozen=True)
class ModelInfo:
    name: str
    path: Path
    engine: ModelEngine
    size_bytes: int


def is_vosk_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "conf").is_dir()


def engine_of(path: Path) -> ModelEngine | None:
    """Which recognizer a model directory is for, or None when it is neither kind."""
    if is_vosk_model(path):
        return "vosk"
    if is_whisper_model(path):
        return "whisper"
    return None


def _tree_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def model_dirs() -> list[Path]:
    """Where models are looked for: models/ of a source checkout, then the per-user data directory."""
    root = checkout_root()
    return ([root / "models"] if root is not None else []) + [data_home() / "models"]


def install_dir() -> Path:
    """Where `models --fetch` puts a model: the first of model_dirs()."""
    return model_dirs()[0]


def find_models(directories: Sequence[Path] | None = None) -> list[ModelInfo]:
    """The models directly under each directory (hidden fetch leftovers are ignored)."""
    found: list[ModelInfo] = []
    for directory in model_dirs() if directories is None else directories:
        if not directory.is_dir():
            continue
        for path in sorted(directory.iterdir()):
            engine = engine_of(path) if path.is_dir() and not path.name.startswith(".") else None
            if engine is not None:
                found.append(ModelInfo(path.name, path, engine, _tree_size(path)))
    return found


def find_vosk_model(explicit: str | Path | None = None, directories: Sequence[Path] | None = None) -> Path | None:
    """`--model PATH` if given (it must be a vosk model), else the first vosk model found, else None.

    English models come first, as the game is played in English.
    """
    if explicit is not None:
        path = Path(explicit)
        if not path.is_dir() or not is_vosk_model(path):
            raise InputError("not a vosk model directory (expected am/final.mdl and conf/)", path=str(path))
        return path
    models = [m for m in find_models(directories) if m.engine == "vosk"]
    models.sort(key=lambda m: ("-en" not in m.name, m.name))
    return models[0].path if models else None


def find_whisper_model(directories: Sequence[Path] | None = None) -> Path | None:
    """A Whisper model installed beside the vosk ones (a larger one fetched or copied there), else None."""
    models = [m for m in find_models(directories) if m.engine == "whisper"]
    return models[0].path if models else None
