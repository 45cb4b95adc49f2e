"""Settings built once from the config file and the command line, then passed down."""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path
from typing import Any

from voicemaster.errors import InputError
from voicemaster.game.house_rules import HouseRules, TimerSettings, UnknownHouseRule
from voicemaster.paths import config_file

CONFIG_KEYS = {"house_rules", "coop", "timer", "audio_out", "engine", "voice", "wordlist"}
TIMER_KEYS = {"enabled", "clue_seconds", "guess_seconds", "enforced"}
VOICE_TYPES: dict[str, tuple[type, ...]] = {"rate": (int,), "volume": (int, float), "voice": (str,)}


def load_config(path: Path | None) -> dict[str, Any]:
    """The config file as a dict; a missing default file is an empty config."""
    target = path or config_file()
    if path is None and not target.exists():
        return {}
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("config file not found", str(target)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the config file ({exc})", str(target)) from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"at line (\d+)", exc.args[0])
        line = getattr(exc, "lineno", None) or (int(where.group(1)) if where else None)
        raise InputError(f"not valid TOML: {exc.args[0].split(' (at')[0]}", str(target), line) from None
    unknown = set(data) - CONFIG_KEYS
    if unknown:
        raise InputError(f"unknown setting '{sorted(unknown)[0]}' (known: {', '.join(sorted(CONFIG_KEYS))})", str(target))
    timer = data.get("timer", {})
    if not isinstance(timer, dict) or set(timer) - TIMER_KEYS:
        raise InputError(f"[timer] takes only {', '.join(sorted(TIMER_KEYS))}", str(target))
    voice = data.get("voice", {})
    if not isinstance(voice, dict) or any(
        k not in VOICE_TYPES or isinstance(v, bool) or not isinstance(v, VOICE_TYPES[k]) for k, v in voice.items()
    ):
        raise InputError("[voice] takes rate (words per minute), volume (0 to 1) and voice (a name)", str(target))
    data["_path"] = str(target)
    return data


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("house rules (also settable in the config file)")
    g.add_argument("--house-rules", action="append", default=[], metavar="R1,R2",
                   help="exact-guesses, lenient-clues, allow-rhymes, allow-compound-clues")
    g.add_argument("--coop", action="store_true", default=None, help="co-op variant against a simulated opponent")
    g.add_argument("--timer", action="store_true", default=None, help="turn timer on")
    g.add_argument("--clue-seconds", type=float, help="timer length for the clue (default 120)")
    g.add_argument("--guess-seconds", type=float, help="timer length for the guesses (default 120)")
    g.add_argument("--timer-enforced", action="store_true", default=None,
                   help="time's up ends the turn (default: only announced)")
    g.add_argument("--config", type=Path, help=f"config file (default {config_file()})")


def house_rules_from(args: argparse.Namespace, config: dict[str, Any]) -> HouseRules:
    source = config.get("_path", "config")
    names = list(args.house_rules)
    config_rules = config.get("house_rules", [])
    if isinstance(config_rules, str):
        config_rules = [config_rules]
    if not isinstance(config_rules, list):
        raise InputError("house_rules must be a list of names", source)
    ctimer = config.get("timer", {})
    timer = TimerSettings(
        enabled=_pick(args.timer, ctimer.get("enabled"), False, bool, source),
        clue_seconds=_pick(args.clue_seconds, ctimer.get("clue_seconds"), 120.0, float, source),
        guess_seconds=_pick(args.guess_seconds, ctimer.get("guess_seconds"), 120.0, float, source),
        enforced=_pick(args.timer_enforced, ctimer.get("enforced"), False, bool, source),
    )
    if timer.clue_seconds <= 0 or timer.guess_seconds <= 0:
        raise InputError("timer lengths must be positive seconds")
    try:
        return HouseRules.from_names(
            [*map(str, config_rules), *names],
            coop=_pick(args.coop, config.get("coop"), False, bool, source),
            timer=timer,
        )
    except UnknownHouseRule as exc:
        raise InputError(str(exc)) from None


def _pick(flag: Any, configured: Any, default: Any, kind: type, source: str) -> Any:
    value = flag if flag is not None else configured if configured is not None else default
    if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, kind):
        raise InputError(f"setting {value!r} should be {'true/false' if kind is bool else 'a number'}", source)
    return value
