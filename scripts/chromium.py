"""Headless Chromium for pictures and DOM dumps of the web board (the README tool and the tests)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
WINDOW = (1280, 860)


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(
    args: list[str], url: str, *, size: tuple[int, int] = WINDOW, budget_ms: int = 2000
) -> str:
    """Run headless Chromium once with a throw-away profile; its standard output."""
    exe = find_chromium()
    if exe is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="voicemaster-chromium-") as profile:
        command = [
            exe,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            f"--virtual-time-budget={budget_ms}",
            *args,
            url,
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return done.stdout


def screenshot(url: str, out: Path, size: tuple[int, int] = WINDOW) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    run_chromium([f"--screenshot={out.resolve()}"], url, size=size)
    return out


def dump_dom(url: str, budget_ms: int = 2000) -> str:
    """The page's DOM after its scripts ran for `budget_ms` of virtual time."""
    return run_chromium(["--dump-dom"], url, budget_ms=budget_ms)
