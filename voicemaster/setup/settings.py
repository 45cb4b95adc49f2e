"""Settings built once from the config file and the command line, then passed down."""

from __future__ import annotations

import argparse
import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from voicemaster.errors import InputError
from voicemaster.game.house_rules import RULE_NAMES, HouseRules, TimerSettings, UnknownHouseRule
from voicemaster.paths import config_file
from voicemaster.speech.ears.engines import ENGINES, RETIRED

Check = Callable[[Any], bool]


@dataclass(frozen=True)
class Setting:
    """One key of the config file: what its value must be, in words, and the test."""

    expected: str
    fits: Check
    refused: dict[str, str] = field(default_factory=dict)
    """Values refused with a reason of their own (a retired engine says why)."""


def _number(low: float, high: float = math.inf, *, whole: bool = False, above: bool = False) -> Check:
    def fits(value: Any) -> bool:
        kinds = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(value):
            return False
        return (value > low if above else value >= low) and value <= high
    return fits


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _one_of(names: tuple[str, ...]) -> Check:
    return lambda value: isinstance(value, str) and value in names


def _rules(value: Any) -> bool:
    items = [value] if isinstance(value, str) else value
    return isinstance(items, list) and all(
        isinstance(item, str) and all(n.strip() in RULE_NAMES for n in item.split(",") if n.strip()) for item in items
    )


def _audio_out(value: Any) -> bool:
    return isinstance(value, str) and (value in ("speaker", "none") or value.lower().endswith(".wav"))


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


SETTINGS: dict[str, Setting] = {
    "house_rules": Setting(f"a list of house rules ({', '.join(RULE_NAMES)})", _rules),
    "coop": Setting("true or false", _is_bool),
    "audio_out": Setting('"speaker", "none" or the path of a .wav file', _audio_out),
    "engine": Setting(f"one of {', '.join(ENGINES)}", _one_of(ENGINES), RETIRED),
    "wordlist": Setting("the path of a word-list file", _text),
}
TABLES: dict[str, dict[str, Setting]] = {
    "timer": {
        "enabled": Setting("true or false", _is_bool),
        "clue_seconds": Setting("a number of seconds above 0", _number(0, above=True)),
        "guess_seconds": Setting("a number of seconds above 0", _number(0, above=True)),
        "enforced": Setting("true or false", _is_bool),
    },
    "voice": {
        "rate": Setting("a whole number of words per minute, 80 to 500", _number(80, 500, whole=True)),
        "volume": Setting("a number from 0 to 1", _number(0, 1)),
        "voice": Setting('an espeak-ng voice name, e.g. "en-gb"', _text),
    },
}
CONFIG_KEYS = set(SETTINGS) | set(TABLES)


def load_config(path: Path | None) -> dict[str, Any]:
    """The config file as a dict, every key and value checked now (not when first used);
    a missing default file is an empty config."""
    target = path or config_file()
    if path is None and not target.exists():
        return {}
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("config file not found", str(target)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a config file", str(target)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the config file ({exc})", str(target)) from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"at line (\d+)", exc.args[0])
        line = getattr(exc, "lineno", None) or (int(where.group(1)) if where else None)
        raise InputError(f"not valid TOML: {exc.args[0].split(' (at')[0]}", str(target), line) from None
    _check(data, SETTINGS, TABLES, "", str(target))
    data["_path"] = str(target)
    return data


def _check(data: dict[str, Any], keys: dict[str, Setting], tables: dict[str, dict[str, Setting]], table: str, source: str) -> None:
    """The first unknown key or misfit value, named with the file, its table and key."""
    known = sorted([*keys, *tables])
    for key, value in data.items():
        name = f"[{table}] {key}" if table else key
        if key in tables:
            if not isinstance(value, dict):
                raise InputError(f"{name} should be a table: a [{key}] section", source)
            _check(value, tables[key], {}, key, source)
        elif key not in keys:
            where = f" in [{table}]" if table else ""
            raise InputError(f"unknown setting '{key}'{where} (known: {', '.join(known)})", source)
        elif isinstance(value, str) and value in keys[key].refused:
            raise InputError(f"{name} = {_toml(value)}: {keys[key].refused[value]}", source)
        elif not keys[key].fits(value):
            raise InputError(f"{name} = {_toml(value)}: should be {keys[key].expected}", source)


def _toml(value: Any) -> str:
    """A value as it looks in the file."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("house rules (also settable in the config file)")
    g.add_argument("--house-rules", action="append", default=[], metavar="R1,R2",
                   help="exact-guesses, lenient-clues, allow-rhymes, allow-compound-clues, referee-asks")
    g.add_argument("--coop", action="store_true", default=None, help="co-op variant against a simulated opponent")
    g.add_argument("--timer", action="store_true", default=None, help="turn timer on")
    g.add_argument("--clue-seconds", type=float, help="timer length for the clue (default 120)")
    g.add_argument("--guess-seconds", type=float, help="timer length for the guesses (default 120)")
    g.add_argument("--timer-enforced", action="store_true", default=None,
                   help="time's up ends the turn (default: only announced)")
    g.add_argument("--config", type=Path, help=f"config file (default {config_file()})")


def house_rules_from(args: argparse.Namespace, config: dict[str, Any]) -> HouseRules:
    """Flags over the config file (already checked by load_config) over the defaults."""
    config_rules = config.get("house_rules", [])
    if isinstance(config_rules, str):
        config_rules = [config_rules]
    ctimer = config.get("timer", {})
    timer = TimerSettings(
        enabled=bool(_pick(args.timer, ctimer.get("enabled"), False)),
        clue_seconds=float(_pick(args.clue_seconds, ctimer.get("clue_seconds"), 120.0)),
        guess_seconds=float(_pick(args.guess_seconds, ctimer.get("guess_seconds"), 120.0)),
        enforced=bool(_pick(args.timer_enforced, ctimer.get("enforced"), False)),
    )
    if not (math.isfinite(timer.clue_seconds) and math.isfinite(timer.guess_seconds)) or min(
        timer.clue_seconds, timer.guess_seconds
    ) <= 0:
        raise InputError("--clue-seconds and --guess-seconds must be a number of seconds above 0")
    try:
        return HouseRules.from_names(
            [*config_rules, *args.house_rules],
            coop=bool(_pick(args.coop, config.get("coop"), False)),
            timer=timer,
        )
    except UnknownHouseRule as exc:
        raise InputError(f"--house-rules: {exc}") from None


def _pick(flag: Any, configured: Any, default: Any) -> Any:
    return flag if flag is not None else configured if configured is not None else default
