"""Fetching a speech model safely, on a networked machine.

A fetch downloads to a hidden temporary directory inside the models directory,
verifies every SHA-256, extracts (an archive) with every path checked to stay
inside that directory, and only then renames the model into place: an
interrupted or refused fetch leaves nothing that looks like a model.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import shutil
import stat
import tempfile
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable

from voicemaster.errors import InputError
from voicemaster.speech.ears.models import engine_of, install_dir, is_vosk_model
from voicemaster.speech.ears.whisper.model import MODEL_BIN_SHA256, MODEL_BIN_SIZE, SMALL_FILES

Progress = Callable[[int, int | None], None]
_TEMP_PREFIX = ".fetch-"
_MAX_UNPACKED_BYTES = 4 * 1024**3
"""Refuse archives that would unpack to more than this (a zip bomb)."""


class ModelFetchError(InputError):
    """A fetch was refused or failed; nothing was installed."""


@dataclass(frozen=True)
class KnownArchive:
    """A model published as one zip archive (vosk)."""

    name: str
    url: str
    sha256: str
    size: int
    """Bytes of the archive, to show before a download."""


@dataclass(frozen=True)
class KnownFiles:
    """A model published as loose files under one address (a CTranslate2 Whisper conversion)."""

    name: str
    base_url: str
    files: dict[str, str]
    """File name -> SHA-256."""
    size: int


KNOWN_MODELS: dict[str, KnownArchive | KnownFiles] = {
    "vosk-model-small-en-us-0.15": KnownArchive(
        name="vosk-model-small-en-us-0.15",
        url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        # alphacephei.com publishes no checksums; this is the SHA-256 of the official zip
        # as recorded independently by several projects that pin it (41,205,931 bytes).
        sha256="30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        size=41_205_931,
    ),
    "faster-whisper-base": KnownFiles(
        name="faster-whisper-base",
        # The original publisher of the CTranslate2 conversion, at a fixed revision.
        base_url="https://huggingface.co/Systran/faster-whisper-base/resolve/ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66",
        files={**SMALL_FILES, "model.bin": MODEL_BIN_SHA256},
        size=MODEL_BIN_SIZE,
    ),
}
DEFAULT_ENGLISH_MODEL = "vosk-model-small-en-us-0.15"


def fetch_model(
    name: str,
    url: str | None = None,
    sha256: str | None = None,
    directory: Path | None = None,
    timeout: float = 60.0,
    progress: Progress | None = None,
) -> Path:
    """Download, verify and install model `name` into `directory` (default install_dir()); its final path.

    `url` replaces a known model's address (a mirror); an unknown model needs `url` and `sha256`
    of its zip archive."""
    directory = directory if directory is not None else install_dir()
    known = KNOWN_MODELS.get(name)
    if PurePosixPath(name).name != name or name.startswith(".") or "\\" in name:
        raise ModelFetchError(f"bad model name {name!r}")
    if known is None:
        if url is None or sha256 is None:
            raise ModelFetchError(f"unknown model {name!r}: give both --url and --sha256 (known: {', '.join(KNOWN_MODELS)})")
        known = KnownArchive(name, url, sha256.lower(), 0)
    target = directory / name
    if target.exists():
        raise ModelFetchError(f"{target} already exists; remove it first to fetch again")
    directory.mkdir(parents=True, exist_ok=True)
    _remove_stale_fetches(directory)
    with tempfile.TemporaryDirectory(dir=directory, prefix=_TEMP_PREFIX) as tmp:
        if isinstance(known, KnownFiles):
            root = _fetch_files(known, url or known.base_url, Path(tmp), timeout, progress)
        else:
            root = _fetch_archive(known, url or known.url, (sha256 or known.sha256).lower(), Path(tmp), timeout, progress)
        os.rename(root, target)
    return target


def _fetch_archive(known: KnownArchive, url: str, expected: str, tmp: Path, timeout: float, progress: Progress | None) -> Path:
    archive = tmp / "download.zip"
    digest = _download(url, archive, timeout, progress)
    if digest != expected:
        raise ModelFetchError(f"checksum mismatch for {url}: expected SHA-256 {expected}, got {digest}")
    unpacked = tmp / "unpacked"
    extract_confined(archive, unpacked)
    return _model_root(unpacked, known.name)


def _fetch_files(known: KnownFiles, base_url: str, tmp: Path, timeout: float, progress: Progress | None) -> Path:
    root = tmp / known.name
    root.mkdir()
    for file, expected in known.files.items():
        url = f"{base_url.rstrip('/')}/{file}"
        digest = _download(url, root / file, timeout, progress)
        if digest != expected:
            raise ModelFetchError(f"checksum mismatch for {url}: expected SHA-256 {expected}, got {digest}")
    return root


def _remove_stale_fetches(directory: Path) -> None:
    """Leftovers of a fetch killed mid-way (SIGKILL skips the temporary directory's cleanup)."""
    for leftover in directory.glob(_TEMP_PREFIX + "*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _download(url: str, dest: Path, timeout: float, progress: Progress | None) -> str:
    """Stream `url` to `dest`; its SHA-256. Refuses a body shorter than Content-Length."""
    if not url.startswith(("https://", "http://")):
        raise ModelFetchError(f"refusing to download from {url!r}: only http(s) URLs")
    digest = hashlib.sha256()
    received = 0
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response, dest.open("wb") as out:
            length = response.headers.get("Content-Length")
            expected = int(length) if length and length.isdigit() else None
            while block := response.read(1 << 16):
                out.write(block)
                digest.update(block)
                received += len(block)
                if progress is not None:
                    progress(received, expected)
    except http.client.IncompleteRead as exc:
        raise ModelFetchError(f"download of {url} truncated after {received + len(exc.partial)} bytes") from exc
    except urllib.error.HTTPError as exc:
        raise ModelFetchError(f"download of {url} failed: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise ModelFetchError(f"download of {url} failed: {reason}") from exc
    if expected is not None and received != expected:
        raise ModelFetchError(f"download of {url} truncated: {received} of {expected} bytes")
    return digest.hexdigest()


def extract_confined(archive: Path, dest: Path) -> None:
    """Unzip `archive` into `dest`, refusing any entry that could land outside it."""
    try:
        with zipfile.ZipFile(archive) as zf:
            members = zf.infolist()
            for member in members:
                _check_member(member, archive)
            if sum(m.file_size for m in members) > _MAX_UNPACKED_BYTES:
                raise ModelFetchError(f"{archive.name}: archive unpacks to more than {_MAX_UNPACKED_BYTES} bytes")
            dest.mkdir(parents=True)
            root = dest.resolve()
            for member in members:
                path = (dest / member.filename).resolve()
                if root != path and root not in path.parents:
                    raise ModelFetchError(f"archive entry {member.filename!r} escapes the models directory")
                zf.extract(member, dest)
    except zipfile.BadZipFile as exc:
        raise ModelFetchError(f"downloaded file is not a valid zip archive: {exc}") from exc


def _check_member(member: zipfile.ZipInfo, archive: Path) -> None:
    name = member.filename.replace("\\", "/")
    parts = PurePosixPath(name).parts
    if name.startswith("/") or (parts and ":" in parts[0]) or ".." in parts:
        raise ModelFetchError(f"archive entry {member.filename!r} escapes the models directory")
    mode = member.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise ModelFetchError(f"archive entry {member.filename!r} is a symbolic link; refused")


def _model_root(unpacked: Path, name: str) -> Path:
    """The model directory inside the unpacked archive: itself, or its single top folder."""
    if engine_of(unpacked) is not None:
        return unpacked
    candidates = [unpacked / name] + [p for p in unpacked.iterdir() if p.is_dir()]
    for candidate in candidates:
        if candidate.is_dir() and is_vosk_model(candidate):
            return candidate
    raise ModelFetchError("the archive holds no vosk model (no am/final.mdl with conf/)")
