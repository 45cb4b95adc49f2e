"""Where the web display listens, and which Host headers it answers.

Checking the Host header defeats DNS rebinding: a page on some other site whose
name resolves to this machine cannot read the board (or probe for the key).
"""

from __future__ import annotations

import ipaddress
import socket

from voicemaster.errors import InputError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def parse_web_address(text: str | None) -> tuple[str, int]:
    """`--web [HOST:PORT]`: "", "8000", "0.0.0.0:8000", "[::]:8000", "::1" or "tv.local"."""
    if not text:
        return DEFAULT_HOST, DEFAULT_PORT
    if text.isdigit():
        host, port = DEFAULT_HOST, text
    elif text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else rest or str(DEFAULT_PORT)
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, str(DEFAULT_PORT)
    if not host or not port.isdigit() or int(port) > 65535 or (":" in host and not _is_ip(host)):
        raise InputError(f"--web: '{text}' is not HOST:PORT (for example 0.0.0.0:8765)")
    return host, int(port)


def host_name(header: str | None) -> str | None:
    """The name in a Host header, lower case, without port or brackets; None if malformed."""
    if not header:
        return None
    header = header.strip().lower()
    if header.startswith("["):
        name, _, rest = header[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else rest
    else:
        name, _, port = header.partition(":")
    if port and not port.isdigit():
        return None
    return name.rstrip(".") or None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def allowed_names(bound_host: str) -> frozenset[str]:
    """Names a browser may use to reach a server bound to `bound_host`."""
    names = set(LOCAL_NAMES) | {bound_host.lower()}
    if bound_host in WILDCARDS:
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local"}
    return frozenset(names)


def host_allowed(header: str | None, bound_host: str, names: frozenset[str]) -> bool:
    """Known names always; any IP address only when listening on all interfaces."""
    name = host_name(header)
    if name is None:
        return False
    return name in names or (bound_host in WILDCARDS and _is_ip(name))


def is_loopback(bound_host: str) -> bool:
    """Only this machine can reach a server bound to `bound_host`."""
    if bound_host.lower() == "localhost":
        return True
    return _is_ip(bound_host) and ipaddress.ip_address(bound_host).is_loopback


def url_host(bound_host: str) -> str:
    """The host to print in a URL: for a wildcard bind, this machine's address on the LAN."""
    host = bound_host
    if bound_host in WILDCARDS:
        host = _lan_address() or socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _lan_address() -> str | None:
    """The address other devices would reach us on (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("0.") else address
