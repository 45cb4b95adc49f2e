"""Command line: one subcommand per module in voicemaster.commands."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn, Sequence

from voicemaster import __version__
from voicemaster.errors import InputError, WorkerDied

COMMANDS = (
    "play",
    "setup",
    "photo",
    "demo",
    "state",
    "key",
    "check_clue",
    "recognize",
    "devices",
    "models",
)


class OneLineParser(argparse.ArgumentParser):
    """A bad argument gets one line (and where to find the usage), not the whole usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"voicemaster: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="voicemaster", description="An offline, hands-free referee for Codenames."
    )
    parser.add_argument("--version", action="version", version=f"voicemaster {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"voicemaster.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:
        parser.print_help()
        return 2
    args = parser.parse_args(arguments)
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()
        return status
    except InputError as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 2
    except WorkerDied as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly; devnull takes the output
        # Python still holds, so the flush at exit cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
