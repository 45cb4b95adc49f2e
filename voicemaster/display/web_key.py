"""The key page, the spymasters' page while a table is set up: photograph the table and
the key card, tap (or turn) the key into a 5×5 grid on a phone and send it, type the word
of a card the photo could not read.

Served only under the spymaster token. Its writes (POSTs of the key in the key file's
format, of a card's place and word, of a photo) must come from this page itself: the
Origin (or Referer) has to name the Host the request was sent to, so another site open on
the same phone cannot post to it.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

from voicemaster.display.web_assets import page_head

MAX_BODY = 256
"""A key is 30 bytes; room for CRLF line ends and spaces."""
MAX_PHOTO = 30 * 1024 * 1024
"""A phone's photo is 2-12 MB as JPEG; room for a 50-megapixel one."""
POSTS = {"key": MAX_BODY, "card": MAX_BODY, "photo/board": MAX_PHOTO, "photo/key": MAX_PHOTO}
"""What the key page may send (the path after its token), and how large it may be."""
TOO_LARGE_PHOTO = f"the photo is larger than {MAX_PHOTO // 2**20} MB: take it again at a lower resolution"

WRONG_TOKEN = ("This spymaster link is not this game's: scan the spymasters' code again "
               "(VoiceMaster shows it to the spymasters alone as it starts, before the board).")
"""Said by every address under another token: a phone kept the link of an earlier run."""
NO_SENDER = "refused: the request does not say which page sent it (no Origin or Referer header)"


def cross_origin_problem(origin: str | None, referer: str | None, host: str | None) -> str | None:
    """Why a POST may not have come from our own page, or None. The Host header was checked
    already (only our names are answered), so the sender's origin must equal it."""
    expected = f"http://{(host or '').strip().lower()}"
    if origin is not None:
        sent = origin.strip()
        if sent.lower() == expected:
            return None
        return f"refused: the key was sent from another site ({sent[:80]}), not from the key page"
    if referer is not None:
        parts = urlsplit(referer.strip())
        if f"{parts.scheme}://{parts.netloc}".lower() == expected:
            return None
        return "refused: the key was sent from another site, not from the key page"
    return NO_SENDER


def photo_problem(content_type: str | None, length: int) -> str | None:
    """Why an upload is no photo to read, or None; whether it is a readable image is the
    reader's to say."""
    if length == 0:
        return "the photo is empty: take it again"
    kind = (content_type or "").split(";")[0].strip().lower()
    if not kind.startswith("image/"):
        return f"not an image ({kind or 'no type'}): choose a photo"
    return None


PAGE = page_head("VoiceMaster: enter the key card", "key.css") + """<body data-key-url="{key_url}" data-state-url="{key_url}.json" data-base-url="{spymaster_url}"
  data-max-photo="{max_photo}">
<div id="notice">SPYMASTERS ONLY: keep this screen away from the players</div>
<section id="photos">
  <button id="board-photo-button" class="photo" type="button">Photograph the table</button>
  <button id="key-photo-button" class="photo" type="button">Photograph the key</button>
  <input id="board-photo" type="file" accept="image/*" capture="environment" hidden>
  <input id="key-photo" type="file" accept="image/*" capture="environment" hidden>
</section>
<div id="status" role="status"></div>
<div id="said"></div>
<div id="modes" role="group" aria-label="A tap on a card">
  <button id="mode-colour" type="button" aria-pressed="true">Tap sets its colour</button>
  <button id="mode-word" type="button" aria-pressed="false">Tap types its word</button>
</div>
<main id="grid"></main>
<form id="edit" hidden>
  <label for="edit-word">Card <span id="edit-place"></span></label>
  <input id="edit-word" type="text" maxlength="40" autocomplete="off" autocapitalize="none" spellcheck="false"
    enterkeyhint="done">
  <button id="edit-set" type="submit">Set</button>
  <button id="edit-cancel" type="button">Cancel</button>
</form>
<section id="counts">
  <span id="n-red" class="count red"></span>
  <span id="n-blue" class="count blue"></span>
  <span id="n-bystander" class="count bystander"></span>
  <span id="n-assassin" class="count assassin"></span>
</section>
<div id="starts"></div>
<div id="key-buttons">
  <button id="turn" type="button" hidden>Turn &#x21bb;</button>
  <button id="send" type="button" disabled>Use this key</button>
</div>
<div id="result" role="status"></div>
<a id="back" href="{spymaster_url}" hidden>Open the spymaster view of the game</a>
<script type="application/json" id="initial">{initial}</script>
<script src="/key.js"></script>
</body>
</html>
"""


def page(*, spymaster_url: str, initial: bytes) -> bytes:
    """The page with the entry's state embedded, right before any script runs; it posts to
    and polls `spymaster_url`/key (and /card, /photo/...), and links back to the spymaster
    view once done."""
    html = PAGE.format(
        key_url=escape(spymaster_url + "/key"), spymaster_url=escape(spymaster_url), initial=initial.decode("ascii"),
        max_photo=MAX_PHOTO,
    )
    return html.encode("utf-8")
