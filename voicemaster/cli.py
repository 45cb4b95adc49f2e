"""Command line: one subcommand per module in voicemaster.commands."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from voicemaster import __version__
from voicemaster.errors import InputError, WorkerDied

COMMANDS = (
    "play",
    "demo",
    "state",
    "key",
    "check_clue",
    "recognize",
    "devices",
    "models",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="voicemaster", description="An offline, hands-free referee for Codenames."
    )
    parser.add_argument("--version", action="version", version=f"voicemaster {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"voicemaster.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except InputError as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 2
    except WorkerDied as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
