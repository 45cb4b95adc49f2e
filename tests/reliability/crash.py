"""Killing `voicemaster play` at random moments and resuming it from its journal."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

VM = [sys.executable, "-m", "voicemaster"]
WAIT_S = 90.0


@dataclass
class JournalCount:
    header: bool
    records: int
    torn: bool
    """Bytes after the last newline: a record the kill cut in half."""


def count_records(journal: Path) -> JournalCount:
    data = journal.read_bytes() if journal.exists() else b""
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]
    return JournalCount(bool(complete), max(0, len(complete) - 1), bool(tail))


@dataclass
class CrashLog:
    kills: int = 0
    killed_while_busy: int = 0
    """Kills that landed while sent lines were still waiting to be handled."""
    torn_tails: int = 0
    restarts_without_header: int = 0
    resumes: int = 0


def play_command(board: Path, key: Path, journal: Path, source: str, resume: bool) -> list[str]:
    command = [*VM, "play", "--input", source, "--board", str(board), "--key", str(key),
               "--journal", str(journal), "--audio-out", "none"]
    return command + (["--resume"] if resume else [])


def wait_for_records(journal: Path, target: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline and proc.poll() is None:
        count = count_records(journal)
        if count.header and count.records >= target:
            return
        time.sleep(0.01)


def kill(proc: subprocess.Popen[bytes]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def run_to_end(command: Sequence[str], stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, input=stdin, capture_output=True, timeout=300)


def state_of(journal: Path) -> dict[str, object]:
    done = subprocess.run([*VM, "state", "--journal", str(journal), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout)


def normalised(state: dict[str, object]) -> dict[str, object]:
    return json.loads(json.dumps(state))


def after_kill(journal: Path, log: CrashLog, resume_from: Callable[[int], int]) -> tuple[int, bool]:
    """(first line to send again, whether to --resume) from what the journal kept."""
    count = count_records(journal)
    log.torn_tails += count.torn
    if not count.header:
        log.restarts_without_header += 1
        journal.unlink(missing_ok=True)
        return 0, False
    log.resumes += 1
    return resume_from(count.records), True


def pick_kill_point(rng: random.Random, records_after: Sequence[int], start: int) -> tuple[int, int]:
    """(lines to send, records to wait for before the kill), at random."""
    sent = rng.randint(1, len(records_after) - start)
    waited_line = rng.randint(start, start + sent - 1)
    return sent, records_after[waited_line] if rng.random() < 0.8 else 0
