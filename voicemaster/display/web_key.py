"""The key page: spymasters tap the key card into a 5×5 grid on a phone and send it.

Served only under the spymaster token. Its one write (a POST of the key in the key file's
format) must come from this page itself: the Origin (or Referer) has to name the Host the
request was sent to, so another site open on the same phone cannot post a key.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

from voicemaster.display.web_assets import fit_words_js

MAX_BODY = 256
"""A key is 30 bytes; room for CRLF line ends and spaces."""

WRONG_TOKEN = "wrong spymaster token: open the key page from the spymaster address VoiceMaster shows now"
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


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>VoiceMaster: enter the key card</title>
<link rel="stylesheet" href="/key.css">
</head>
<body data-key-url="{key_url}" data-state-url="{key_url}.json">
<div id="notice">SPYMASTERS ONLY: keep this screen away from the players</div>
<p id="how">Tap each card to its colour on the key card:
bystander &rarr; red &rarr; blue &rarr; assassin &rarr; bystander.</p>
<main id="grid"></main>
<section id="counts">
  <span id="n-red" class="count red"></span>
  <span id="n-blue" class="count blue"></span>
  <span id="n-bystander" class="count bystander"></span>
  <span id="n-assassin" class="count assassin"></span>
</section>
<div id="starts"></div>
<button id="send" type="button" disabled>Use this key</button>
<div id="result" role="status"></div>
<a id="back" href="{spymaster_url}" hidden>Open the spymaster view of the game</a>
<script type="application/json" id="initial">{initial}</script>
<script src="/key.js"></script>
</body>
</html>
"""


def page(*, spymaster_url: str, initial: bytes) -> bytes:
    """The page with the entry's state embedded, right before any script runs; it posts to
    and polls `spymaster_url`/key, and links back to the spymaster view once done."""
    html = PAGE.format(
        key_url=escape(spymaster_url + "/key"), spymaster_url=escape(spymaster_url), initial=initial.decode("ascii")
    )
    return html.encode("utf-8")


CSS = """
:root { color-scheme: dark; --red: #c62828; --blue: #1565c0; --bystander: #b89a5a;
  --assassin: #111; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 8px; max-width: 720px; background: #1d2027; color: #f3f3f3;
  font: 600 16px/1.25 system-ui, "DejaVu Sans", sans-serif; }
#notice { background: #f9a825; color: #111; text-align: center; padding: 4px; border-radius: 4px; }
#how { margin: 8px 0; font-weight: 400; font-size: 14px; color: #c9c9c9; }
#grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 6px; }
.cell { position: relative; min-width: 0; min-height: 76px; padding: 18px 3px 6px; border-radius: 6px;
  border: 3px solid #000; font: inherit; font-size: 13px; cursor: pointer; overflow: hidden;
  touch-action: manipulation; -webkit-tap-highlight-color: transparent; }
.cell .word { display: block; max-width: 100%; overflow-wrap: normal; word-break: normal; }
.cell .letter { position: absolute; top: 2px; left: 4px; font-size: 12px; padding: 0 3px;
  border: 1px solid currentColor; border-radius: 3px; }
.cell.red { background: var(--red); color: #fff; }
.cell.blue { background: var(--blue); color: #fff; }
.cell.bystander { background: var(--bystander); color: #111; }
.cell.assassin { background: var(--assassin); color: #fff; border-color: #f3f3f3; }
.cell:disabled { cursor: default; opacity: .85; }
#counts { display: flex; flex-wrap: wrap; gap: 6px; margin: 12px 0 6px; }
.count { flex: 1 1 40%; text-align: center; padding: 6px; border-radius: 4px; border: 2px solid transparent; }
.count.red { background: var(--red); } .count.blue { background: var(--blue); }
.count.bystander { background: var(--bystander); color: #111; }
.count.assassin { background: var(--assassin); border-color: #f3f3f3; }
.count.ok::after { content: " \\2713"; }
#starts { margin: 6px 0; text-align: center; min-height: 1.25em; }
#starts.red { color: #ff8a80; } #starts.blue { color: #82b1ff; }
#send { display: block; width: 100%; min-height: 56px; margin: 8px 0; border: 0; border-radius: 8px;
  font: inherit; font-size: 20px; background: #2e7d32; color: #fff; cursor: pointer; }
#send:disabled { background: #555; color: #aaa; cursor: default; }
#result { min-height: 1.25em; text-align: center; }
#result.ok { color: #b9f6ca; } #result.error { color: #ff8a80; }
#back { display: block; margin: 12px 0; text-align: center; color: #82b1ff; }
#back[hidden] { display: none; }
"""

JS = """
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const ORDER = ["bystander", "red", "blue", "assassin"];
  const LETTER = { red: "R", blue: "B", bystander: "N", assassin: "A" };
  const FROM_LETTER = { R: "red", B: "blue", N: "bystander", A: "assassin" };
  const NAME = { red: "Red", blue: "Blue", bystander: "Bystanders", assassin: "Assassin" };
  const cells = [];
  let identities = new Array(25).fill("bystander");
  let locked = false;

""" + fit_words_js(0.5) + """
  function build() {
    for (let i = 0; i < 25; i++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.dataset.index = String(i);
      const letter = document.createElement("span");
      letter.className = "letter";
      const word = document.createElement("span");
      word.className = "word";
      cell.append(letter, word);
      cell.addEventListener("click", () => tap(i));
      $("grid").appendChild(cell);
      cells.push(cell);
    }
  }

  function tap(i) {
    if (locked) { return; }
    identities[i] = ORDER[(ORDER.indexOf(identities[i]) + 1) % ORDER.length];
    $("result").textContent = "";
    draw();
  }

  function counts() {
    const found = { red: 0, blue: 0, bystander: 0, assassin: 0 };
    identities.forEach((identity) => { found[identity] += 1; });
    return found;
  }

  function draw() {
    cells.forEach((cell, i) => {
      cell.className = "cell " + identities[i];
      cell.querySelector(".letter").textContent = LETTER[identities[i]];
      cell.disabled = locked;
    });
    const c = counts();
    const agents = (c.red === 9 && c.blue === 8) || (c.red === 8 && c.blue === 9);
    const ok = { red: agents, blue: agents, bystander: c.bystander === 7, assassin: c.assassin === 1 };
    for (const name of ORDER) {
      const el = $("n-" + name);
      el.textContent = NAME[name] + " " + c[name];
      el.classList.toggle("ok", ok[name]);
    }
    const valid = agents && ok.bystander && ok.assassin;
    const starts = $("starts");
    starts.className = valid ? (c.red === 9 ? "red" : "blue") : "";
    starts.textContent = valid ? (c.red === 9 ? "Red" : "Blue") + " starts (9 agents)"
      : "A key has 9 and 8 agents, 7 bystanders, 1 assassin";
    $("send").disabled = locked || !valid;
  }

  function show(text, kind) {
    const result = $("result");
    result.textContent = text;
    result.className = kind;
  }

  function label(words) {
    cells.forEach((cell, i) => {
      const word = cell.querySelector(".word");
      if (word.textContent !== words[i]) { word.textContent = words[i]; fit(cell); }
    });
  }

  function keyText() {
    let text = "";
    for (let row = 0; row < 25; row += 5) {
      text += identities.slice(row, row + 5).map((identity) => LETTER[identity]).join("") + "\\n";
    }
    return text;
  }

  async function send() {
    $("send").disabled = true;
    show("Sending\\u2026", "");
    try {
      const response = await fetch(document.body.dataset.keyUrl, {
        method: "POST", body: keyText(), cache: "no-store", referrerPolicy: "same-origin",
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
      const text = (await response.text()).trim().replace(/^[0-9]{3} /, "");
      if (response.ok) { locked = true; }
      show(text, response.ok ? "ok" : "error");
      $("back").hidden = !locked;
    } catch (e) {
      show("Lost contact with VoiceMaster: try again", "error");
    }
    draw();
  }

  function apply(doc) {
    if (doc.state !== "open" && !locked) {
      if (doc.key) { identities = doc.key.split("").map((letter) => FROM_LETTER[letter]); }
      locked = true;
      show(doc.message, doc.key ? "ok" : "");
    } else if (doc.state === "open" && locked) {
      // The next board: a new key to tap in from the start.
      identities = new Array(25).fill("bystander");
      locked = false;
      show("", "");
    }
    $("back").hidden = !locked;
    draw();
    label(doc.cards);
  }

  async function poll() {
    try {
      const response = await fetch(document.body.dataset.stateUrl, { cache: "no-store" });
      if (response.ok) { apply(await response.json()); }
    } catch (e) {
      // The next poll tries again; the grid keeps what was tapped.
    }
    setTimeout(poll, 1000);
  }

  build();
  apply(JSON.parse($("initial").textContent));
  $("send").addEventListener("click", send);
  window.addEventListener("resize", () => cells.forEach(fit));
  setTimeout(poll, 1000);
})();
"""
