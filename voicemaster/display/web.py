"""The board as a web page for a TV or tablet, and the key behind a secret URL.

Stdlib only (ThreadingHTTPServer in a background thread). The public page and
/state.json are built from `GameSnapshot.public()`; the spymaster page lives at
/spymaster/<token> with a random token compared in constant time (another token gets a
short page saying how to find this game's address). Only GET and
HEAD, small requests, and Host headers naming this server are answered; the
exceptions are the key page's POSTs (see web_key): the key (/spymaster/<token>/key),
a card's word (.../card) and a photo of the table or of the key card (.../photo/board,
.../photo/key), each under the token, from a same-origin sender, within its size.
"""

from __future__ import annotations

import hmac
import io
import logging
import secrets
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import BinaryIO
from urllib.parse import urlsplit

from voicemaster.display import qr, web_assets, web_key, web_key_assets
from voicemaster.display.key_entry import KeyEntry
from voicemaster.display.web_address import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    allowed_names,
    host_allowed,
    is_loopback,
    url_host,
)
from voicemaster.display.web_posts import KeyPagePosts, post_target
from voicemaster.display.web_state import board_state, state_document
from voicemaster.errors import InputError
from voicemaster.game.snapshot import GameSnapshot, TableStatus

log = logging.getLogger(__name__)

MAX_REQUEST_LINE = 2048
MAX_HEAD = 8192
MAX_HEADER_LINES = 40
MAX_BODY = 0
SOCKET_TIMEOUT = 10.0
SECURITY_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
)
STATIC = {
    "/board.css": ("text/css; charset=utf-8", web_assets.CSS.encode("utf-8")),
    "/board.js": ("text/javascript; charset=utf-8", web_assets.JS.encode("utf-8")),
    "/key.css": ("text/css; charset=utf-8", web_key_assets.CSS.encode("utf-8")),
    "/key.js": ("text/javascript; charset=utf-8", web_key_assets.JS.encode("utf-8")),
}
NO_KEY_ENTRY = "no key card is being entered now"


def new_token() -> str:
    """A spymaster page's secret: 32 URL-safe characters, 192 random bits."""
    return secrets.token_urlsafe(24)


class _Board:
    """The latest state documents, replaced whole when what they say changes; the version
    tells the pages when to redraw."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version = 0
        self._latest: dict[str, object] | None = None
        self._public = state_document(0, None)
        self._spymaster = state_document(0, None)

    def update(self, snapshot: GameSnapshot, status: TableStatus) -> None:
        public = board_state(snapshot, status)
        full = board_state(snapshot, status, spymaster=True)
        with self._lock:
            if full == self._latest:
                return
            self._latest = full
            self._version += 1
            self._public = state_document(self._version, public)
            self._spymaster = state_document(self._version, full)

    def document(self, spymaster: bool) -> bytes:
        with self._lock:
            return self._spymaster if spymaster else self._public


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str, port: int, board: _Board, token: str) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.board = board
        self.token = token.encode("ascii")
        self.bound_host = host
        self.names = allowed_names(host)
        self.corner_svg = ""
        """A QR code of the public page, shown in its corner when other devices can reach it."""
        self.key_entry: KeyEntry | None = None
        """The board whose key the key page takes, once the setup flow opened it."""
        super().__init__((host, port), _Handler)

    def token_is(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8"), self.token)


class _Handler(KeyPagePosts, BaseHTTPRequestHandler):
    server: _Server
    body_file: BinaryIO
    """The socket, past the request's head: what a POST sends after it."""
    server_version = "VoiceMaster"
    sys_version = ""
    timeout = SOCKET_TIMEOUT

    def handle(self) -> None:
        """One request per connection, its head read under our own size limits."""
        self.close_connection = True
        head = self._read_head()
        if head is None:
            return
        socket_file = self.rfile
        self.body_file = socket_file
        self.rfile = io.BytesIO(head)
        try:
            self.handle_one_request()
        finally:
            self.rfile = socket_file

    def _read_head(self) -> bytes | None:
        lines: list[bytes] = []
        size = 0
        try:
            while True:
                limit = MAX_REQUEST_LINE if not lines else MAX_HEAD - size
                line = self.rfile.readline(limit + 1)
                if not line:
                    return None
                if len(line) > limit or len(lines) >= MAX_HEADER_LINES:
                    self._refuse(414 if not lines else 431, "request too large")
                    self._drain()
                    return None
                size += len(line)
                lines.append(line)
                if line in (b"\r\n", b"\n"):
                    return b"".join(lines)
        except (TimeoutError, ConnectionError):
            return None

    def _drain(self) -> None:
        """Read what the client is still sending, so closing does not reset the connection
        before it has read our refusal."""
        self.wfile.flush()
        self.connection.settimeout(0.2)
        try:
            for _ in range(64):
                if not self.connection.recv(65536):
                    break
        except OSError:
            pass

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        refusal = self._refusal()
        if refusal is not None:
            self._refuse(*refusal)
            return False
        return True

    def _refusal(self) -> tuple[int, str] | None:
        post = post_target(self.path) if self.command == "POST" else None
        if self.command not in ("GET", "HEAD") and post is None:
            return 405, "only GET and HEAD are served"
        if not host_allowed(self.headers.get("Host"), self.server.bound_host, self.server.names):
            return 421, "unexpected Host header"
        length = self.headers.get("Content-Length", "0").strip()
        if not length.isdigit():
            return 400, "bad Content-Length"
        limit = web_key.POSTS[post[1]] if post is not None else MAX_BODY
        if int(length) > limit or "Transfer-Encoding" in self.headers:
            return 413, web_key.TOO_LARGE_PHOTO if post is not None and post[1].startswith("photo/") else "request too large"
        return None

    def do_GET(self) -> None:
        self._serve()

    def do_HEAD(self) -> None:
        self._serve()

    def _serve(self) -> None:
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            self._page(spymaster=False, state_url="/state.json")
        elif path == "/state.json":
            self._send(200, "application/json", self.server.board.document(spymaster=False))
        elif path in STATIC:
            self._send(200, *STATIC[path])
        elif path.startswith("/spymaster/"):
            self._spymaster(path.removeprefix("/spymaster/"))
        else:
            self._refuse(404, "not found")

    def _spymaster(self, rest: str) -> None:
        token, _, tail = rest.partition("/")
        entry = self.server.key_entry
        if not self.server.token_is(token):
            self._stale_link(page=tail in ("", "key"))
        elif tail not in ("", "state.json", "key", "key.json"):
            self._refuse(404, "not found")
        elif tail == "state.json":
            self._send(200, "application/json", self.server.board.document(spymaster=True))
        elif tail.startswith("key"):
            self._key_page(token, data=tail == "key.json")
        elif entry is not None and entry.setting_up:
            self._send(303, "text/plain; charset=utf-8", b"", location=f"/spymaster/{token}/key")
        else:
            self._page(spymaster=True, state_url=f"/spymaster/{token}/state.json")

    def _stale_link(self, *, page: bool) -> None:
        """Another game's address (the phone kept the link of an earlier run): a page saying
        what to do, or for the pages' polls a refusal that makes them load it."""
        if page:
            self._send(403, "text/html; charset=utf-8", web_assets.stale_page(web_key.WRONG_TOKEN))
        else:
            self._refuse(403, web_key.WRONG_TOKEN)

    def _key_page(self, token: str, *, data: bool) -> None:
        entry = self.server.key_entry
        if entry is None:
            self._refuse(404, NO_KEY_ENTRY)
        elif data:
            self._send(200, "application/json", entry.document())
        else:
            base = f"/spymaster/{token}"
            body = web_key.page(spymaster_url=base, initial=entry.document())
            self._send(200, "text/html; charset=utf-8", body)

    def do_POST(self) -> None:
        """The key page sends a key, a card's word or a photo: token, sender, then what
        is sent are checked."""
        token, action = post_target(self.path) or ("", "")
        entry = self.server.key_entry
        sender = web_key.cross_origin_problem(
            self.headers.get("Origin"), self.headers.get("Referer"), self.headers.get("Host")
        )
        if not self.server.token_is(token):
            self._refuse(403, web_key.WRONG_TOKEN)
        elif sender is not None:
            self._refuse(403, sender)
        elif entry is None:
            self._refuse(409, NO_KEY_ENTRY)
        elif action.startswith("photo/"):
            self._take_photo(entry, action.removeprefix("photo/"))
        else:
            text = self._text_body()
            if text is not None:
                (self._take_key if action == "key" else self._take_card)(entry, text)

    def _page(self, *, spymaster: bool, state_url: str) -> None:
        initial = self.server.board.document(spymaster)
        corner = "" if spymaster else self.server.corner_svg
        key_url = state_url.removesuffix("/state.json") + "/key" if spymaster else ""
        body = web_assets.page(
            spymaster=spymaster, state_url=state_url, initial=initial, corner_svg=corner, key_url=key_url
        )
        self._send(200, "text/html; charset=utf-8", body)

    def _refuse(self, status: int, reason: str) -> None:
        if not getattr(self, "requestline", ""):
            self.requestline, self.command, self.request_version = "", "", "HTTP/1.0"
        self._send(status, "text/plain; charset=utf-8", f"{status} {reason}\n".encode())

    def _send(self, status: int, content_type: str, body: bytes, location: str | None = None) -> None:
        self.send_response(status)
        if location is not None:
            self.send_header("Location", location)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        log.debug("web: " + format, *args)


class WebDisplay:
    """`--web`: start() serves in a background thread, update() publishes a new state."""

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, token: str | None = None) -> None:
        """`token`: the spymaster page's, kept with the game so that a resumed game keeps its
        address; a new one when None."""
        self._host = host
        self._port = port
        self._token = token or new_token()
        self._board = _Board()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._key_entry: KeyEntry | None = None

    def start(self) -> None:
        try:
            self._server = _Server(self._host, self._port, self._board, self._token)
        except OSError as exc:
            raise InputError(
                f"cannot serve the web display on {self._host}:{self._port}: {exc.strerror or exc}"
            ) from None
        self._port = self._server.server_address[1]
        self._server.key_entry = self._key_entry
        if not is_loopback(self._host):
            self._server.corner_svg = qr.svg(self.public_url)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.2},
            name="voicemaster-web",
            daemon=True,
        )
        self._thread.start()

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        self._board.update(snapshot, status or TableStatus())

    def open_key_page(self, entry: KeyEntry) -> None:
        """The key page (at `key_url`, and the spymaster address while a table is set up)
        now shows `entry`'s cards and hands it the key; replaces an entry opened before."""
        self._key_entry = entry
        if self._server is not None:
            self._server.key_entry = entry

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    @property
    def address(self) -> tuple[str, int]:
        """Where the socket listens once started; the requested host and port before."""
        if self._server is None:
            return self._host, self._port
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    @property
    def public_url(self) -> str:
        return f"http://{url_host(self._host)}:{self._port}/"

    @property
    def spymaster_url(self) -> str:
        return f"{self.public_url}spymaster/{self._token}"

    @property
    def key_url(self) -> str:
        return f"{self.spymaster_url}/key"
