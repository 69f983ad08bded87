"""Same origin only: who may reach the table through a browser, and under which host names.

The seat's URL is its secret, but a page on another site that learned it (a
shared link, a QR code photographed) must still not act for the seat through
that player's browser, and a DNS-rebinding page (another site's name pointed
at this machine) must not read the table. So:

* every request, HTTP and WebSocket, must name one of the table's own hosts in
  ``Host``: the one ``serve`` printed, or this machine's loopback names, on
  the same port (a rebinding name is refused before any route or token);
* a command sent by a browser must come from the table's own pages: a
  request that carries ``Origin`` must name one of those hosts, and one that
  carries ``Sec-Fetch-Site`` must say ``same-origin`` (or ``none``, typed by
  its user). A cross-site form or ``no-cors`` fetch always sends one of them.
  A program that sends neither (curl, a computer player, a test) holds the
  seat's URL and is that seat, as a phone is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def table_hosts(base: str) -> frozenset[str]:
    """The ``Host`` values the table at ``base`` answers: its own, and the loopback names
    with the same port."""
    parts = urlsplit(base)
    own = parts.netloc.lower()
    if parts.port is None:
        return frozenset({own, *LOOPBACK})
    return frozenset({own, *(f"{name}:{parts.port}" for name in LOOPBACK)})


class Origins:
    def __init__(self, base: str, extra: Iterable[str] = ()) -> None:
        self.scheme = urlsplit(base).scheme or "http"
        self.hosts = table_hosts(base) | {h.lower() for h in extra}

    def host_ok(self, headers: Mapping[str, str]) -> bool:
        return headers.get("host", "").lower() in self.hosts

    def origin_ok(self, origin: str) -> bool:
        parts = urlsplit(origin)
        return parts.scheme == self.scheme and parts.netloc.lower() in self.hosts

    def browser_ok(self, headers: Mapping[str, str]) -> bool:
        """Whether a command may be taken: from the table's own pages, or not from a page."""
        origin = headers.get("origin")
        if origin is not None and not self.origin_ok(origin):
            return False
        site = headers.get("sec-fetch-site")
        return site is None or site in ("same-origin", "none")
