"""Where VoiceMaster keeps files of its own, by the XDG convention (VOICEMASTER_HOME overrides data)."""

from __future__ import annotations

import os
from pathlib import Path


def data_home() -> Path:
    """Small files that outlive a game (recently dealt cards) and installed speech models."""
    base = os.environ.get("VOICEMASTER_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME", str(Path.home() / ".local" / "share")), "voicemaster"
    )
    return Path(base)


def cache_home() -> Path:
    """Files rebuilt from installed data when missing (an assembled speech model)."""
    return Path(os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache"))) / "voicemaster"


def checkout_root() -> Path | None:
    """The source checkout VoiceMaster runs from (an editable install), or None when installed."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "pyproject.toml").is_file() and (root / "voicemaster").is_dir() else None


def config_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME", str(Path.home() / ".config"))
    return Path(base) / "voicemaster" / "config.toml"
