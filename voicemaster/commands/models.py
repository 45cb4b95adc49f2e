"""`voicemaster models`: which speech models are present, and fetching the vosk English model."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from voicemaster.speech.models import (
    DEFAULT_ENGLISH_MODEL, KNOWN_MODELS, fetch_model, find_models, find_vosk_model, install_dir, model_dirs,
)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "models",
        help="list speech models; fetch the vosk English model",
        description="List the speech models (in models/ of a checkout and in the per-user data "
        "directory) and say how to get the vosk English model. "
        f"With --fetch, download a model (e.g. {DEFAULT_ENGLISH_MODEL}), verify its SHA-256 "
        "and install it.",
    )
    parser.add_argument("--fetch", metavar="NAME", help=f"download and install a model, e.g. {DEFAULT_ENGLISH_MODEL}")
    parser.add_argument("--url", help="download from this URL instead of the model's official one")
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
    models = find_models(directories)
    print("pocketsphinx  built in (US English, ships with the pocketsphinx package)")
    for model in models:
        print(f"{model.engine:<13} {model.name}  {model.size_bytes / 1e6:.0f} MB  {model.path}")
    chosen = find_vosk_model(directories=directories)
    if chosen is not None:
        print(f"--engine auto uses vosk with {chosen.name}")
        return
    known = KNOWN_MODELS[DEFAULT_ENGLISH_MODEL]
    print(f"No vosk model in {' or '.join(map(str, directories))}: --engine auto uses pocketsphinx.")
    print(f"To use vosk, on a networked machine run:\n  voicemaster models --fetch {known.name}")
    print(f"or download {known.url} ({known.size / 1e6:.0f} MB), check that its SHA-256 is\n"
          f"  {known.sha256}\nand unzip it into {directory or install_dir()}/.")


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
