"""Speech models on disk: where they are found, and fetching one safely.

A fetch downloads to a hidden temporary directory inside models/, verifies the
SHA-256, extracts with every path checked to stay inside that directory, and
only then renames the model into place: an interrupted or refused fetch
leaves nothing that looks like a model.
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
from typing import Callable, Sequence

from voicemaster.errors import InputError
from voicemaster.paths import checkout_root, data_home

_TEMP_PREFIX = ".fetch-"
_MAX_UNPACKED_BYTES = 4 * 1024**3
"""Refuse archives that would unpack to more than this (a zip bomb)."""


@dataclass(frozen=True)
class KnownModel:
    name: str
    url: str
    sha256: str
    size: int
    """Bytes of the archive, to show before a download."""


KNOWN_MODELS = {
    "vosk-model-small-en-us-0.15": KnownModel(
        name="vosk-model-small-en-us-0.15",
        url="https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        # alphacephei.com publishes no checksums; this is the SHA-256 of the official zip
        # as recorded independently by several projects that pin it (41,205,931 bytes).
        sha256="30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        size=41_205_931,
    ),
}
DEFAULT_ENGLISH_MODEL = "vosk-model-small-en-us-0.15"


class ModelFetchError(InputError):
    """A fetch was refused or failed; nothing was installed."""


@dataclass(frozen=True)
class ModelInfo:
    name: str
    path: Path
    engine: str
    size_bytes: int


def is_vosk_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "conf").is_dir()


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
    """The vosk models directly under each directory (hidden fetch leftovers are ignored)."""
    found: list[ModelInfo] = []
    for directory in model_dirs() if directories is None else directories:
        if directory.is_dir():
            found += [
                ModelInfo(name=p.name, path=p, engine="vosk", size_bytes=_tree_size(p))
                for p in sorted(directory.iterdir())
                if not p.name.startswith(".") and p.is_dir() and is_vosk_model(p)
            ]
    return found


def find_vosk_model(explicit: str | Path | None = None, directories: Sequence[Path] | None = None) -> Path | None:
    """`--model PATH` if given (it must be a vosk model), else the first model found, else None.

    English models come first, as the game is played in English.
    """
    if explicit is not None:
        path = Path(explicit)
        if not path.is_dir() or not is_vosk_model(path):
            raise InputError("not a vosk model directory (expected am/final.mdl and conf/)", path=str(path))
        return path
    models = sorted(find_models(directories), key=lambda m: ("-en" not in m.name, m.name))
    return models[0].path if models else None


def fetch_model(
    name: str,
    url: str | None = None,
    sha256: str | None = None,
    directory: Path | None = None,
    timeout: float = 60.0,
    progress: Callable[[int, int | None], None] | None = None,
) -> Path:
    """Download, verify and install model `name` into `directory` (default install_dir()); its final path."""
    directory = directory if directory is not None else install_dir()
    known = KNOWN_MODELS.get(name)
    if PurePosixPath(name).name != name or name.startswith(".") or "\\" in name:
        raise ModelFetchError(f"bad model name {name!r}")
    if known is None and (url is None or sha256 is None):
        raise ModelFetchError(f"unknown model {name!r}: give both --url and --sha256 (known: {', '.join(KNOWN_MODELS)})")
    url = url or known.url  # type: ignore[union-attr]
    expected = (sha256 or known.sha256).lower()  # type: ignore[union-attr]
    target = directory / name
    if target.exists():
        raise ModelFetchError(f"{target} already exists; remove it first to fetch again")
    directory.mkdir(parents=True, exist_ok=True)
    _remove_stale_fetches(directory)
    with tempfile.TemporaryDirectory(dir=directory, prefix=_TEMP_PREFIX) as tmp:
        archive = Path(tmp) / "download.zip"
        digest = _download(url, archive, timeout, progress)
        if digest != expected:
            raise ModelFetchError(f"checksum mismatch for {url}: expected SHA-256 {expected}, got {digest}")
        unpacked = Path(tmp) / "unpacked"
        extract_confined(archive, unpacked)
        root = _model_root(unpacked, name)
        os.rename(root, target)
    return target


def _remove_stale_fetches(directory: Path) -> None:
    """Leftovers of a fetch killed mid-way (SIGKILL skips the temporary directory's cleanup)."""
    for leftover in directory.glob(_TEMP_PREFIX + "*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _download(url: str, dest: Path, timeout: float, progress: Callable[[int, int | None], None] | None) -> str:
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
    if is_vosk_model(unpacked):
        return unpacked
    candidates = [unpacked / name] + [p for p in unpacked.iterdir() if p.is_dir()]
    for candidate in candidates:
        if candidate.is_dir() and is_vosk_model(candidate):
            return candidate
    raise ModelFetchError("the archive holds no vosk model (no am/final.mdl with conf/)")
