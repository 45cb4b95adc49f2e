"""The README's picture of the key page: the sample board's key tapped in on a phone.

    .venv/bin/python scripts/key_page_screenshot.py docs/screenshots
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.browser import PHONE, Browser  # noqa: E402
from scripts.readme_screenshots import SAMPLE_KEY, SAMPLE_WORDS  # noqa: E402
from voicemaster.display.key_entry import KeyEntry  # noqa: E402
from voicemaster.display.web import WebDisplay  # noqa: E402

TAPS = {"N": 0, "R": 1, "B": 2, "A": 3}
"""Taps from the page's start (every card a bystander): bystander → red → blue → assassin."""


def tap_key(browser: Browser, letters: str) -> None:
    """Tap each card of the open key page to its letter, as a spymaster does."""
    for index, letter in enumerate(letters):
        for _ in range(TAPS[letter]):
            browser.tap(f'.cell[data-index="{index}"]')


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots") / "key-page.png"
    web = WebDisplay(port=0)
    web.start()
    try:
        web.open_key_page(KeyEntry(SAMPLE_WORDS))
        with Browser(PHONE) as browser:
            browser.open(web.spymaster_url)
            tap_key(browser, SAMPLE_KEY)
            browser.evaluate("window.scrollTo(0, 0)")
            browser.screenshot(out)
    finally:
        web.stop()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
