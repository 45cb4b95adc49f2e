"""The README's picture of the spymaster page with a table read from a photo: the real
`voicemaster setup --web`, a photo rendered by bench/photos (a hand over two cards) chosen
on a phone-sized page as its camera hands it over, the page once the board is shown.

    .venv/bin/python scripts/photo_page_screenshot.py docs/screenshots
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.photos.board import BoardShot, render_board  # noqa: E402
from bench.photos.cards import Font  # noqa: E402
from scripts.browser import PHONE, Browser  # noqa: E402
from voicemaster.setup.dealing import bundled_wordlist  # noqa: E402
from voicemaster.card_files import read_wordlist  # noqa: E402

SEED = "readme"


def spymaster_address(process: subprocess.Popen[str]) -> str:
    assert process.stderr is not None
    for line in process.stderr:
        found = re.search(r"(http://\S+/spymaster/\S+)", line)
        if found:
            return found[1]
    raise RuntimeError("voicemaster setup ended before it served the page")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots") / "photo-setup.png"
    words = random.Random(SEED).sample(list(read_wordlist(bundled_wordlist("default"))), 25)
    photo = render_board(words, BoardShot(size=(3024, 2268), hands=1), (Font("DejaVuSans-Bold.ttf"),), SEED)
    with tempfile.TemporaryDirectory(prefix="voicemaster-screenshot-") as tmp:
        Path(tmp, "table.jpg").write_bytes(photo.data)
        process = subprocess.Popen(
            [sys.executable, "-m", "voicemaster", "setup", "--board-out", "board.txt", "--key-out", "key.txt",
             "--input", "text", "--audio-out", "none", "--web", "127.0.0.1:0"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp)
        try:
            url = spymaster_address(process)
            with Browser(PHONE) as browser:
                browser.open(url)
                browser.wait_for("location.pathname.endsWith('/key') && document.readyState === 'complete'")
                browser.choose_file("#board-photo", Path(tmp, "table.jpg"))
                browser.wait_for("document.getElementById('said').textContent.includes('cards read')", timeout=300)
                browser.tap("#mode-word")
                browser.evaluate("window.scrollTo(0, 0)")
                browser.screenshot(out)
        finally:
            process.kill()
            process.wait()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
