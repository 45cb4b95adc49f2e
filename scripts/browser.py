"""Headless Chromium driven over the DevTools protocol: taps, script and pictures of a live page.

`run_chromium` (scripts/chromium.py) loads a page once and dumps it; a page that must be
tapped through, like the key page, needs a browser that stays open. Touch input at the
element's centre, so whatever lies on top of it there is what gets tapped, as on a phone.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

from websockets.sync.client import ClientConnection, connect

from scripts.chromium import CHROMIUM_FLAGS, find_chromium

PHONE = (390, 844)
START_TIMEOUT = 30.0


class Browser:
    """One Chromium with one tab, emulating a phone (touch, device width) of `size`."""

    def __init__(self, size: tuple[int, int] = PHONE, *, mobile: bool = True) -> None:
        self.size = size
        self.mobile = mobile
        self._profile = tempfile.TemporaryDirectory(prefix="voicemaster-browser-")
        self._process: subprocess.Popen[bytes] | None = None
        self._socket: ClientConnection | None = None
        self._closing = contextlib.ExitStack()
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    def __enter__(self) -> "Browser":
        exe = find_chromium()
        if exe is None:
            raise RuntimeError("chromium is not installed (apt-get install chromium)")
        profile = Path(self._profile.name)
        self._process = subprocess.Popen(
            [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={self.size[0]},{self.size[1]}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        port = _devtools_port(profile / "DevToolsActivePort", self._process)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            pages = [t for t in json.load(response) if t["type"] == "page"]
        self._socket = self._closing.enter_context(
            connect(pages[0]["webSocketDebuggerUrl"], max_size=None, open_timeout=10)
        )
        self.send("Page.enable")
        width, height = self.size
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=self.mobile)
        self.send("Emulation.setTouchEmulationEnabled", enabled=self.mobile)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._closing.close()
        if self._process is not None:
            _end_group(self._process)
        self._profile.cleanup()

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """One DevTools command and its result; events that arrive meanwhile are kept."""
        if self._socket is None:
            raise RuntimeError("the browser is not open")
        self._next_id += 1
        self._socket.send(json.dumps({"id": self._next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv(timeout=30))
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            self._events.append(message)

    def open(self, url: str) -> None:
        """Load `url` and wait for its load event (its scripts have run)."""
        self._events.clear()
        self.send("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        """A JavaScript expression's value in the page (promises awaited)."""
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never made {expression!r} true")
            time.sleep(0.05)

    def box(self, selector: str) -> dict[str, float]:
        """Where `selector`'s element is on screen (CSS pixels)."""
        found = self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()"
        )
        return dict(found)

    def tap(self, selector: str) -> None:
        """A finger on the centre of `selector`'s element, scrolled into view first."""
        self.evaluate(f"document.querySelector({json.dumps(selector)}).scrollIntoView({{block: 'center'}})")
        box = self.box(selector)
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        if self.mobile:
            self.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
            self.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
            return
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, button="left", clickCount=1, **point)

    def choose_file(self, selector: str, path: Path) -> None:
        """`path` chosen in the file input `selector`, as a phone's camera or gallery hands a
        photo over: the input's change event fires."""
        root = self.send("DOM.getDocument", depth=0)["root"]["nodeId"]
        node = self.send("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
        self.send("DOM.setFileInputFiles", nodeId=node, files=[str(path.resolve())])

    def type_text(self, text: str) -> None:
        """Typed into the focused field, as a phone's keyboard sends it."""
        self.send("Input.insertText", text=text)

    def screenshot(self, out: Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(base64.b64decode(data))
        return out


def _devtools_port(active_port: Path, process: subprocess.Popen[bytes]) -> int:
    """Chromium writes the port it chose to its profile once DevTools listens."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited ({process.returncode}) before DevTools listened")
        if active_port.exists():
            lines = active_port.read_text().split()
            if lines and lines[0].isdigit():
                return int(lines[0])
        time.sleep(0.05)
    raise RuntimeError("chromium's DevTools did not start")


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """Chromium and every helper process it started, before the profile is removed: a helper
    still writing into it made the removal fail ("Directory not empty: 'Default'") once."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    deadline = time.monotonic() + 5
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True
