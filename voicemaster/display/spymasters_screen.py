"""The spymasters' address on a screen of its own, before the board everyone sees: the others
look away (as while the key card goes into its stand) until Enter is pressed. The board for
the whole table never shows it, nor its QR code."""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from voicemaster.display import qr

ENTER = "Press Enter once you have it: the board for everyone comes next."


def spymasters_screen(url: str, with_code: bool) -> Panel:
    """The address, and its QR code when a phone can open it (`with_code`)."""
    parts: list[Text] = [Text("Everyone else: look away now.", style="bold"), Text("")]
    if with_code:
        parts += [Text("\n".join(qr.text_rows(url)), style="black on white"), Text("")]
        parts.append(Text("Spymasters: scan this code for your page (the key card), or open"))
    else:
        parts.append(Text("Spymasters: open your page (the key card) in a browser on this machine:"))
    parts += [Text(url, style="bold"), Text(""), Text(ENTER, style="dim")]
    return Panel(Group(*parts), title="Spymasters only", expand=False)


def show_spymasters_code(console: Console, url: str, with_code: bool) -> bool:
    """On a terminal, the spymasters' screen until Enter (read from the terminal itself, whatever
    the input is), then the terminal as it was: nothing of it stays in its scrollback. False
    where there is no terminal to show it on and read Enter from."""
    if not console.is_terminal:
        return False
    try:
        terminal = open("/dev/tty", encoding="utf-8", errors="replace")
    except OSError:
        return False
    with terminal, console.screen():
        console.print(spymasters_screen(url, with_code))
        terminal.readline()
    return True
