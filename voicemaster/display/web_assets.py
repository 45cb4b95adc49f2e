"""The web pages: one HTML shell, one stylesheet, one script for both boards.

Kept as strings so they ship inside the package; served from our own origin so the
Content-Security-Policy can forbid every inline script and every other site.
"""

from __future__ import annotations

from html import escape

def page_head(title: str, stylesheet: str) -> str:
    """The opening every page shares: no referrer sent, our own stylesheet. `title` is markup
    (a format field such as "{title}" is kept for the page's own format call)."""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/{stylesheet}">
</head>
"""


PAGE = page_head("{title}", "board.css") + """<body class="{kind}" data-state-url="{state_url}"{key_url}>
<div id="notice">{notice}</div>
<header>
  <span id="red-left" class="count red"></span>
  <span id="headline">Waiting for the game…</span>
  <span id="blue-left" class="count blue"></span>
</header>
<div id="banner" hidden></div>
<main id="grid"></main>
<footer>
<div id="foot">
  <section id="info">
    <div>Clue <b id="clue">-</b></div>
    <div>Guesses left <b id="guesses">-</b></div>
    <div>Timer <b id="timer">off</b></div>
  </section>
  <section id="table">
    <div id="waiting"></div>
    <div>Heard <span id="heard">-</span> <meter id="mic" min="0" max="1" value="0"></meter></div>
    <div id="message"></div>
    <div id="lost" hidden>Lost contact with VoiceMaster: retrying…</div>
  </section>
</div>
{corner}
</footer>
<script type="application/json" id="initial">{initial}</script>
<script src="/board.js"></script>
</body>
</html>
"""

PUBLIC_NOTICE = ""
SPYMASTER_NOTICE = "SPYMASTER KEY: keep this screen away from the players"


def page(*, spymaster: bool, state_url: str, initial: bytes, corner_svg: str = "", key_url: str = "") -> bytes:
    """The HTML shell with the current state embedded, so it is right before any script runs.
    `corner_svg`: a QR code of the page's own address, for a phone at the table. `key_url`
    (spymaster page only): where to go once the next board's key is to be entered."""
    corner = f'<aside id="corner" title="Scan to open this board">{corner_svg}</aside>' if corner_svg else ""
    html = PAGE.format(
        corner=corner,
        title="VoiceMaster: spymaster key" if spymaster else "VoiceMaster",
        kind="spymaster" if spymaster else "public",
        state_url=escape(state_url),
        key_url=f' data-key-url="{escape(key_url)}"' if key_url else "",
        notice=SPYMASTER_NOTICE if spymaster else PUBLIC_NOTICE,
        initial=initial.decode("ascii"),
    )
    return html.encode("utf-8")


STALE_PAGE = page_head("VoiceMaster: not this game's link", "board.css") + """<body class="stale">
<p id="stale">{message}</p>
</body>
</html>
"""


def stale_page(message: str) -> bytes:
    """What a spymaster link of another game opens: what to do, and nothing of this game."""
    return STALE_PAGE.format(message=escape(message)).encode("utf-8")


CSS = """
:root { color-scheme: dark; --red: #c62828; --blue: #1565c0; --bystander: #b89a5a;
  --assassin: #111; --card: #f4efe4; }
* { box-sizing: border-box; }
html, body { height: 100%; }
body { margin: 0; padding: 1.5vh 2vw; background: #1d2027; color: #f3f3f3;
  display: flex; flex-direction: column;
  font: 600 clamp(14px, min(2.2vw, 3.6vh), 40px)/1.25 system-ui, "DejaVu Sans", sans-serif; }
#notice:empty { display: none; }
#stale { margin: auto; max-width: 28em; padding: 1em; text-align: center; font-size: 1.2em; }
#notice { background: #f9a825; color: #111; text-align: center; padding: .3em; margin-bottom: .5em; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 1em; }
#headline { text-align: center; flex: 1; }
.count { padding: .1em .5em; border-radius: .3em; color: #fff; white-space: nowrap; }
.count.red { background: var(--red); } .count.blue { background: var(--blue); }
#banner { margin: .3em 0 0; padding: .15em; text-align: center; font-size: 1.5em; border-radius: .3em;
  background: #444; }
#banner.red { background: var(--red); } #banner.blue { background: var(--blue); }
#grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr));
  grid-template-rows: repeat(5, minmax(2.6em, 1fr)); gap: 1vh 1vw; margin: 1.5vh 0; flex: 1 1 auto; min-height: 0; }
.card { position: relative; min-width: 0; display: flex; align-items: center;
  justify-content: center; text-align: center; padding: 1.1em .3em .5em; border-radius: .35em;
  background: var(--card); color: #1d2027; border: .15em solid #000; overflow: hidden; }
.card .word { display: block; max-width: 100%; overflow-wrap: normal; word-break: normal; hyphens: manual; }
.card .letter { position: absolute; top: .15em; left: .3em; font-size: .8em;
  padding: 0 .25em; border: .1em solid currentColor; border-radius: .2em; }
.card.red { background: var(--red); color: #fff; }
.card.blue { background: var(--blue); color: #fff; }
.card.bystander { background: var(--bystander); color: #111; }
.public .card.covered { box-shadow: inset 0 0 0 .25em rgba(0, 0, 0, .35); }
.card.assassin { background: var(--assassin); color: #fff; border-color: #f3f3f3; }
.spymaster .card.covered { opacity: .45; }
.spymaster .card.covered .word { text-decoration: line-through; }
.spymaster .card.covered .letter::after { content: " \\2713"; }
#info { display: flex; justify-content: space-around; gap: 1em; flex-wrap: wrap; }
#info b { margin-left: .3em; }
#table { margin-top: 1vh; font-size: .75em; color: #c9c9c9; }
#waiting { color: #f9a825; }
#message { color: #fff; font-style: italic; }
#lost { color: #ff8a80; }
meter { width: 8em; vertical-align: middle; }
footer { display: flex; align-items: flex-end; gap: 1vw; }
#foot { flex: 1; min-width: 0; }
#corner { flex: none; width: min(12vh, 16vw); background: #fff; padding: .2em; border-radius: .2em; }
#corner svg { display: block; width: 100%; height: auto; }
@media (max-width: 600px) {
  body { padding: 1vh 1.5vw; }
  #grid { gap: .6vh 1.2vw; }
  .card { padding: 1.1em .1em .4em; border-width: 2px; }
  .card .word { letter-spacing: -.02em; }
  header { flex-wrap: wrap; row-gap: .2em; }
  #headline { order: 3; flex-basis: 100%; font-size: .9em; }
}
"""

PUBLIC_WORDS = 1.6
"""The board for everyone starts its words this many times larger than the spymasters' (a TV
seen across the room): they fill about half a card's height at 1280x800, a sixth before."""


def fit_words_js(smallest: float, largest: str = "1") -> str:
    """The pages' `fit(cell)`: a card's words start at `largest` em (a JavaScript expression)
    and shrink (not below
    `smallest`) until the longest one fits the card's width and all of them its height,
    never broken inside a word."""
    return f"""  function fit(cell) {{
    const word = cell.querySelector(".word");
    let size = {largest};
    word.style.fontSize = size + "em";
    while ((word.scrollWidth > word.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1) && size > {smallest}) {{
      size -= 0.05;
      word.style.fontSize = size + "em";
    }}
  }}
"""


JS = """
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const stateUrl = document.body.dataset.stateUrl;
  let version = null;
  let timer = null;
  let timerAt = 0;

  function clock(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    const pad = (n) => String(n).padStart(2, "0");
    return pad(Math.floor(whole / 60)) + ":" + pad(whole % 60);
  }

  function showTimer() {
    if (!timer) { $("timer").textContent = "off"; return; }
    if (timer.paused) { $("timer").textContent = clock(timer.left) + " (paused)"; return; }
    $("timer").textContent = clock(timer.left - (Date.now() - timerAt) / 1000);
  }

  function card(c) {
    const el = document.createElement("div");
    el.className = "card " + (c.covered ? "covered" : "uncovered");
    if (c.identity) {
      el.classList.add(c.identity);
      const letter = document.createElement("span");
      letter.className = "letter";
      letter.textContent = c.letter;
      el.appendChild(letter);
    }
    const word = document.createElement("span");
    word.className = "word";
    word.textContent = c.label;
    el.appendChild(word);
    return el;
  }

""" + fit_words_js(0.4, f'(document.body.classList.contains("public") ? {PUBLIC_WORDS} : 1)') + """
  function fitAll() { document.querySelectorAll("#grid .card").forEach(fit); }

  function render(doc) {
    const b = doc.board;
    if (!b) { return; }
    $("headline").textContent = b.headline;
    $("red-left").textContent = b.agents[0] || "";
    $("blue-left").textContent = b.agents[1] || "";
    const banner = $("banner");
    banner.hidden = b.phase !== "over";
    banner.className = b.winner || "";
    banner.textContent = b.phase === "over" ? b.headline : "";
    $("grid").replaceChildren(...b.cards.map(card));
    fitAll();
    $("clue").textContent = b.clue;
    $("guesses").textContent = b.guesses;
    timer = b.timer;
    timerAt = Date.now();
    showTimer();
    $("waiting").textContent = b.waiting_for;
    $("heard").textContent = b.last_heard
      ? "\\u201c" + b.last_heard + "\\u201d" + (b.understood ? " \\u2192 " + b.understood : "") : "-";
    $("mic").hidden = b.mic_level === null;
    $("mic").value = b.mic_level || 0;
    $("message").textContent = b.message;
  }

  async function followKeyEntry() {
    // The spymaster page moves to the key page when the next table is set up.
    const keyUrl = document.body.dataset.keyUrl;
    if (!keyUrl) { return; }
    try {
      const response = await fetch(keyUrl + ".json", { cache: "no-store" });
      if (response.ok && (await response.json()).setup) { location.assign(keyUrl); }
    } catch (e) {
      // The board's own poll, next, shows that contact is lost.
    }
  }

  async function poll() {
    await followKeyEntry();
    try {
      const response = await fetch(stateUrl, { cache: "no-store" });
      // Refused: this page's link is not the game's now; the page itself says what to do.
      if (response.status === 403) { location.reload(); return; }
      if (!response.ok) { throw new Error(String(response.status)); }
      const doc = await response.json();
      $("lost").hidden = true;
      if (doc.version !== version) { version = doc.version; render(doc); }
    } catch (e) {
      $("lost").hidden = false;
    }
    setTimeout(poll, 500);
  }

  const initial = JSON.parse($("initial").textContent);
  version = initial.version;
  render(initial);
  setInterval(showTimer, 250);
  window.addEventListener("resize", fitAll);
  setTimeout(poll, 500);
})();
"""
