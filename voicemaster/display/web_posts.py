"""What the key page sends under the spymaster token: the key, a card's word, a photo of the
table or of the key card. The request handler (web.py) checks token and sender first; here
each body is read, handed to the key entry, and answered."""

from __future__ import annotations

from email.message import Message
from typing import BinaryIO, Callable
from urllib.parse import urlsplit

from voicemaster.display import web_key
from voicemaster.display.key_entry import SOURCE, KeyEntry, KeyNotTaken, PageRefusal, starting_team
from voicemaster.errors import InputError


class KeyPagePosts:
    """Mixed into the request handler, which gives the request and the way to answer it."""

    headers: Message
    body_file: BinaryIO
    _refuse: Callable[[int, str], None]
    _send: Callable[[int, str, bytes], None]
    _drain: Callable[[], None]

    def _text_body(self) -> str | None:
        """The body as UTF-8 text; None once refused (or the sender went)."""
        try:
            return self.body_file.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
        except (TimeoutError, ConnectionError):
            return None
        except UnicodeDecodeError:
            self._refuse(400, f"{SOURCE}: not UTF-8 text")
            return None

    def _take_key(self, entry: KeyEntry, text: str) -> None:
        try:
            key = entry.submit(text)
        except InputError as exc:
            self._refuse(400, str(exc))
        except KeyNotTaken as exc:
            self._refuse(409, str(exc))
        else:
            self._send(200, "text/plain; charset=utf-8", f"Key received: {starting_team(key).title} starts.\n".encode())

    def _take_card(self, entry: KeyEntry, text: str) -> None:
        """ "7\npilot": the place (1-25) and the card's word, for the setup to check."""
        place, _, word = text.partition("\n")
        try:
            if not place.strip().isdigit():
                raise ValueError("send the card's place (1-25) and its word")
            entry.type_card(int(place) - 1, word)
        except ValueError as exc:
            self._refuse(400, str(exc))
        except PageRefusal as exc:
            self._refuse(409, str(exc))
        else:
            self._send(202, "text/plain; charset=utf-8", f"Card {int(place)}: {' '.join(word.split())}\n".encode())

    def _take_photo(self, entry: KeyEntry, kind: str) -> None:
        """The photo's bytes, handed to the setup to be read (its answer comes with the page's
        next poll): an image type, not empty, not while one of its kind is read."""
        length = int(self.headers.get("Content-Length", "0"))
        problem = web_key.photo_problem(self.headers.get("Content-Type"), length)
        if problem is not None:
            self._refuse(415 if length else 400, problem)
            self._drain()
            return
        try:
            data = self.body_file.read(length)
        except (TimeoutError, ConnectionError):
            return
        if len(data) < length:
            return
        try:
            entry.send_photo(kind, data)
        except PageRefusal as exc:
            self._refuse(409, str(exc))
        else:
            self._send(202, "text/plain; charset=utf-8", b"Reading the photo\xe2\x80\xa6\n")


def post_target(target: str) -> tuple[str, str] | None:
    """The token and what is sent (a key of web_key.POSTS) of a POST from the key page (the
    token empty if it names none), or None for any other path: those are read-only."""
    path = urlsplit(target).path
    if not path.startswith("/spymaster/"):
        return None
    rest = path.removeprefix("/spymaster/")
    for action in web_key.POSTS:
        if rest == action:
            return "", action
        token = rest.removesuffix("/" + action)
        if token != rest and "/" not in token:
            return token, action
    return None
