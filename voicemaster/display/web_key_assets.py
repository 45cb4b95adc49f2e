"""The key page's stylesheet and script (served from our own origin: the page's
Content-Security-Policy forbids inline scripts)."""

from __future__ import annotations

from voicemaster.display.web_assets import fit_words_js

CSS = """
:root { color-scheme: dark; --red: #c62828; --blue: #1565c0; --bystander: #b89a5a;
  --assassin: #111; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 6px 8px; max-width: 720px; background: #1d2027; color: #f3f3f3;
  font: 600 16px/1.25 system-ui, "DejaVu Sans", sans-serif; }
button { font: inherit; touch-action: manipulation; -webkit-tap-highlight-color: transparent; }
#notice { background: #f9a825; color: #111; text-align: center; padding: 3px; border-radius: 4px; font-size: 13px; }
#photos, #modes, #key-buttons { display: flex; gap: 6px; margin: 6px 0; }
#photos .photo { flex: 1; min-height: 48px; border: 0; border-radius: 8px; background: #37474f; color: #fff;
  font-size: 14px; cursor: pointer; }
#photos .photo:disabled, #modes button:disabled { opacity: .4; cursor: default; }
#status, #said { min-height: 1.1em; font-size: 13px; font-weight: 400; }
#status { color: #c9c9c9; } #status.error { color: #ff8a80; }
#said { color: #fff; font-style: italic; }
#modes button { flex: 1; min-height: 44px; border: 2px solid #555; border-radius: 8px; background: #1d2027;
  color: #c9c9c9; font-size: 14px; cursor: pointer; }
#modes button[aria-pressed="true"] { border-color: #f3f3f3; background: #455a64; color: #fff; }
#grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 6px; }
.cell { position: relative; min-width: 0; min-height: 62px; padding: 18px 3px 6px; border-radius: 6px;
  border: 3px solid #000; font-size: 13px; cursor: pointer; overflow: hidden; }
.cell .word { display: block; max-width: 100%; overflow-wrap: normal; word-break: normal; }
.cell .letter { position: absolute; top: 2px; left: 4px; font-size: 12px; padding: 0 3px;
  border: 1px solid currentColor; border-radius: 3px; }
.cell .place { position: absolute; top: 2px; right: 4px; font-size: 11px; font-weight: 400; opacity: .8; }
.cell.unread .word { color: #ff5252; font-size: 20px; }
.cell.red { background: var(--red); color: #fff; }
.cell.blue { background: var(--blue); color: #fff; }
.cell.bystander { background: var(--bystander); color: #111; }
.cell.assassin { background: var(--assassin); color: #fff; border-color: #f3f3f3; }
.cell.plain { background: #f4efe4; color: #1d2027; }
.cell.locked { cursor: default; opacity: .85; }
#edit { position: fixed; z-index: 2; top: 0; left: 0; right: 0; display: flex; flex-wrap: wrap; gap: 6px;
  align-items: center; padding: 10px 8px; background: #263238; box-shadow: 0 2px 12px #000; }
#edit[hidden] { display: none; }
#edit label { flex: 1 1 100%; font-size: 14px; }
#edit input { flex: 1; min-width: 0; min-height: 44px; font: inherit; font-size: 18px; padding: 4px 8px;
  border-radius: 6px; border: 0; }
#edit button { min-height: 44px; min-width: 64px; border: 0; border-radius: 6px; background: #2e7d32; color: #fff; }
#edit #edit-cancel { background: #555; }
#counts { display: flex; gap: 4px; margin: 8px 0 4px; }
.count { flex: 1; text-align: center; padding: 5px 2px; border-radius: 4px; border: 2px solid transparent;
  font-size: 13px; white-space: nowrap; }
.count.red { background: var(--red); } .count.blue { background: var(--blue); }
.count.bystander { background: var(--bystander); color: #111; }
.count.assassin { background: var(--assassin); border-color: #f3f3f3; }
.count.ok::after { content: " \\2713"; }
#starts { margin: 4px 0; text-align: center; min-height: 1.25em; font-size: 14px; }
#starts.red { color: #ff8a80; } #starts.blue { color: #82b1ff; }
#turn { min-height: 56px; min-width: 88px; border: 0; border-radius: 8px; background: #455a64; color: #fff;
  font-size: 18px; cursor: pointer; }
#turn[hidden] { display: none; }
#send { flex: 1; min-height: 56px; border: 0; border-radius: 8px; font-size: 20px; background: #2e7d32;
  color: #fff; cursor: pointer; }
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
  const base = document.body.dataset.baseUrl;
  const ORDER = ["bystander", "red", "blue", "assassin"];
  const LETTER = { red: "R", blue: "B", bystander: "N", assassin: "A" };
  const FROM_LETTER = { R: "red", B: "blue", N: "bystander", A: "assassin" };
  const NAME = { red: "Red", blue: "Blue", bystander: "Bystanders", assassin: "Assassin" };
  const UNSET = "?";
  const cells = [];
  let identities = new Array(25).fill("bystander");
  let words = new Array(25).fill(UNSET);
  let locked = false;
  let keyOpen = true;
  let setupOpen = true;
  let mode = "colour";
  let editing = null;
  let proposal = 0;
  let reading = false;

""" + fit_words_js(0.5) + """
  function build() {
    for (let i = 0; i < 25; i++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.dataset.index = String(i);
      const letter = document.createElement("span");
      letter.className = "letter";
      const place = document.createElement("span");
      place.className = "place";
      place.textContent = String(i + 1);
      const word = document.createElement("span");
      word.className = "word";
      cell.append(letter, place, word);
      cell.addEventListener("click", () => tap(i));
      $("grid").appendChild(cell);
      cells.push(cell);
    }
  }

  function setMode(wanted) {
    mode = wanted;
    $("mode-colour").setAttribute("aria-pressed", String(mode === "colour"));
    $("mode-word").setAttribute("aria-pressed", String(mode === "word"));
    draw();
  }

  function tap(i) {
    if (mode === "word") { if (setupOpen) { edit(i); } return; }
    if (locked || !keyOpen) { return; }
    identities[i] = ORDER[(ORDER.indexOf(identities[i]) + 1) % ORDER.length];
    $("result").textContent = "";
    draw();
  }

  function turn() {
    // A quarter turn clockwise: the key card lay another way round in its stand.
    const before = identities.slice();
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 5; col++) { identities[row * 5 + col] = before[(4 - col) * 5 + row]; }
    }
    draw();
  }

  function counts() {
    const found = { red: 0, blue: 0, bystander: 0, assassin: 0 };
    identities.forEach((identity) => { found[identity] += 1; });
    return found;
  }

  function draw() {
    const colours = keyOpen || locked;
    cells.forEach((cell, i) => {
      cell.className = "cell " + (colours ? identities[i] : "plain") + (words[i] === UNSET ? " unread" : "");
      cell.classList.toggle("locked", mode === "colour" ? locked || !keyOpen : !setupOpen);
      cell.querySelector(".letter").textContent = colours ? LETTER[identities[i]] : "";
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
    $("send").disabled = locked || !keyOpen || !valid;
    $("turn").hidden = locked || !keyOpen;
    $("mode-colour").disabled = locked || !keyOpen;
    $("board-photo-button").disabled = !setupOpen;
    $("key-photo-button").disabled = !setupOpen || locked || !keyOpen;
    $("mode-word").disabled = !setupOpen;
  }

  function show(text, kind) {
    const result = $("result");
    result.textContent = text;
    result.className = kind;
  }

  function status(text, kind) {
    $("status").textContent = text;
    $("status").className = kind || "";
  }

  function label(shown) {
    words = shown.slice();
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

  async function post(path, body, type) {
    // The page's writes: same origin, under the token; the answer's text without its status.
    const response = await fetch(base + path, {
      method: "POST", body: body, cache: "no-store", referrerPolicy: "same-origin",
      headers: { "Content-Type": type },
    });
    return { ok: response.ok, text: (await response.text()).trim().replace(/^[0-9]{3} /, "") };
  }

  async function send() {
    $("send").disabled = true;
    show("Sending\\u2026", "");
    try {
      const answer = await post("/key", keyText(), "text/plain; charset=utf-8");
      if (answer.ok) { locked = true; }
      show(answer.text, answer.ok ? "ok" : "error");
    } catch (e) {
      show("Lost contact with VoiceMaster: try again", "error");
    }
    draw();
  }

  async function sendPhoto(kind, input) {
    const file = input.files[0];
    input.value = "";
    if (!file) { return; }
    if (!(file.type || "").startsWith("image/")) { status("Not an image: choose a photo", "error"); return; }
    if (file.size > Number(document.body.dataset.maxPhoto)) {
      // Refused before it is sent: a refusal mid-upload reads as lost contact.
      status("The photo is too large: take it again at a lower resolution", "error");
      return;
    }
    status("Sending the photo\\u2026", "");
    try {
      const answer = await post("/photo/" + kind, file, file.type || "application/octet-stream");
      status(answer.text, answer.ok ? "" : "error");
      reading = answer.ok;
    } catch (e) {
      status("Lost contact with VoiceMaster: send the photo again", "error");
    }
  }

  function edit(i) {
    editing = i;
    $("edit-place").textContent = (i + 1) + (words[i] === UNSET ? " (not read)" : " (" + words[i] + ")");
    $("edit-word").value = words[i] === UNSET ? "" : words[i].toLowerCase();
    $("edit").hidden = false;
    $("edit-word").focus();
  }

  async function typeWord(event) {
    event.preventDefault();
    const word = $("edit-word").value.trim();
    if (editing === null || !word) { return; }
    $("edit").hidden = true;
    try {
      const answer = await post("/card", (editing + 1) + "\\n" + word, "text/plain; charset=utf-8");
      status(answer.text, answer.ok ? "" : "error");
    } catch (e) {
      status("Lost contact with VoiceMaster: type the word again", "error");
    }
    editing = null;
  }

  function showPhotos(photos) {
    const busy = Object.values(photos).filter((p) => p.state === "reading");
    reading = busy.length > 0;
    const latest = busy.length ? busy : Object.values(photos).filter((p) => p.state !== "idle");
    if (latest.length) {
      status(latest.map((p) => p.message).join(" "), latest.some((p) => p.state === "failed") ? "error" : "");
    }
  }

  function apply(doc) {
    if (doc.state !== "open" && !locked && doc.state === "received") {
      if (doc.key) { identities = doc.key.split("").map((letter) => FROM_LETTER[letter]); }
      locked = true;
      show(doc.message, "ok");
    } else if (doc.state === "open" && locked) {
      // The next board: a new key to tap in from the start.
      identities = new Array(25).fill("bystander");
      locked = false;
      show("", "");
    }
    keyOpen = doc.state === "open";
    setupOpen = doc.setup;
    if (doc.state === "closed" && !locked) { show(doc.message, ""); }
    if (doc.proposal && doc.proposal.number !== proposal && !locked) {
      proposal = doc.proposal.number;
      identities = doc.proposal.key.split("").map((letter) => FROM_LETTER[letter]);
      if (mode !== "colour") { setMode("colour"); }
    }
    if ((!keyOpen || locked) && mode === "colour") { setMode("word"); }
    if (!setupOpen) { $("edit").hidden = true; }
    showPhotos(doc.photos);
    $("said").textContent = doc.said;
    $("back").hidden = setupOpen;
    // The words first: draw() marks a card unread by its word.
    label(doc.cards);
    draw();
  }

  async function poll() {
    try {
      const response = await fetch(document.body.dataset.stateUrl, { cache: "no-store" });
      // Refused: this page's link is not the game's now; the page itself says what to do.
      if (response.status === 403) { location.reload(); return; }
      if (response.ok) { apply(await response.json()); }
    } catch (e) {
      // The next poll tries again; the grid keeps what was tapped.
    }
    setTimeout(poll, reading ? 250 : 1000);
  }

  build();
  apply(JSON.parse($("initial").textContent));
  $("send").addEventListener("click", send);
  $("turn").addEventListener("click", turn);
  $("mode-colour").addEventListener("click", () => setMode("colour"));
  $("mode-word").addEventListener("click", () => setMode("word"));
  $("board-photo-button").addEventListener("click", () => $("board-photo").click());
  $("key-photo-button").addEventListener("click", () => $("key-photo").click());
  $("board-photo").addEventListener("change", () => sendPhoto("board", $("board-photo")));
  $("key-photo").addEventListener("change", () => sendPhoto("key", $("key-photo")));
  $("edit").addEventListener("submit", typeWord);
  $("edit-cancel").addEventListener("click", () => { $("edit").hidden = true; editing = null; });
  window.addEventListener("resize", () => cells.forEach(fit));
  setTimeout(poll, 1000);
})();
"""
