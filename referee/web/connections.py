"""What a stranger on the club's Wi-Fi can hold of the server: bounded, and never the seats.

No token is needed to open a connection, so the limits that keep the table
answering are the connection's, below the routes (uvicorn's HTTP/1.1
protocol, with these checks added):

* a request's head (its line and headers) is at most :data:`HEAD_BYTES`:
  one byte more is answered 431 at once and the connection closed, never
  buffered further;
* a request's head must arrive within :data:`HEAD_SECONDS` of its first byte
  (or of the connection opening): a slow or silent client is answered 408
  and closed; an idle kept-alive connection is closed by uvicorn after its
  keep-alive timeout, and a body is read by the app within its own deadline
  (:data:`referee.web.app.BODY_SECONDS`);
* an answer given before its request's body was read whole (a 404, a 408, a
  413) closes the connection, so a body trickled after it holds nothing;
* a client that does not read what it is sent (pipelined requests and a
  full window) is closed after :data:`WRITE_SECONDS` without progress;
* at most :data:`MAX_CONNECTIONS` connections are open at once, and fewer
  under a low descriptor limit (:func:`budget`: the server never runs out of
  descriptors before it evicts anyone, and keeps a reserve for its own files
  and for the pages' WebSockets, where a seat's always has room:
  :class:`Sockets`); a new one past that closes the oldest
  *stalled* connection (waiting for a request, sending a body slowly, or not
  reading its answer: a phone does none of these for long, so a seat always
  gets in), and is itself refused with 503 only when every open connection is
  being answered;
* a WebSocket handshake the WebSocket library would refuse is refused here,
  with the headers.

Every answer given here carries the security headers
(:mod:`referee.web.headers`), as the app's own do.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import itertools
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from referee.web.headers import raw_headers

HEAD_BYTES = 16 * 1024
HEAD_SECONDS = 10.0
WRITE_SECONDS = 10.0
MAX_CONNECTIONS = 200
# Descriptors kept for the server's own files beside its connections: a record and its
# temporary file, lock files, the engine's workers' pipes (started or restarted later).
OWN_FILES = 40
# Of the rest, this share is the pages' WebSockets' (a token is needed for one).
SOCKET_SHARE = 3
# The least the rest may be: 8 WebSockets and 8 connections (a club opens no table past it).
LEAST_LEFT = 16

_ORDER = itertools.count()


@dataclass(frozen=True)
class Budget:
    """How many HTTP connections (anyone's) and WebSockets (the seats') may be open at once."""

    connections: int
    sockets: int


def descriptors() -> tuple[int, int]:
    """(the soft limit on open descriptors, how many are open now)."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        now = len(os.listdir("/proc/self/fd"))
    except OSError:  # pragma: no cover - no /proc: count by trying each one up to a bound
        now = sum(1 for fd in range(min(soft, 4096)) if _is_open(fd))
    return (soft if soft != resource.RLIM_INFINITY else 1 << 20), now


def raise_limit(most: int = 1 << 16) -> None:
    """The soft limit on open descriptors raised to the hard one (at most ``most``), once,
    as the server starts: a Mac's default soft limit, 256, holds few phones. Left as it
    is where it cannot be raised (macOS refuses an unlimited hard limit: its kernel's
    own most, 10240 by default, is tried then)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    unlimited = hard == resource.RLIM_INFINITY
    for wanted in (most if unlimited else min(hard, most), 10240):
        if soft == resource.RLIM_INFINITY or wanted <= soft:
            return
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return
        except (ValueError, OSError):
            continue


def _is_open(fd: int) -> bool:  # pragma: no cover - platforms without /proc
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


class _Known:
    """What the budget is read from: the budget itself once read (None: to be read at the
    next connection), and the server's set of open connections (uvicorn's, every kind)."""

    budget: Budget | None = None
    served: set | None = None


def budget() -> Budget:
    """The connections and WebSockets the descriptor limit allows: what is left after the
    server's own files (every descriptor open but its clients' connections) and
    :data:`OWN_FILES`, a share of it for the pages' WebSockets, the rest (at most
    :data:`MAX_CONNECTIONS`) for connections. Read when the first connection comes, and
    again after :func:`recount` (a club's table holds files of its own)."""
    known = _Known.budget
    if known is None:
        soft, own = own_files()
        left = max(LEAST_LEFT, soft - own - OWN_FILES)
        sockets = max(8, left // SOCKET_SHARE)
        known = _Known.budget = Budget(max(8, min(MAX_CONNECTIONS, left - sockets)), sockets)
    return known


def recount() -> None:
    """The server's own files changed (a club's table opened or closed): the budget is read
    again at the next connection."""
    _Known.budget = None


def own_files() -> tuple[int, int]:
    """(The soft limit on open descriptors, how many are open now that are not a client's
    connection.)"""
    soft, now = descriptors()
    served = _Known.served
    return soft, max(0, now - (len(served) if served is not None else 0))


def room_for(files: int) -> bool:
    """Whether ``files`` more of the server's own (a new table's) leave the connections
    and WebSockets their least (:data:`LEAST_LEFT`) under the descriptor limit."""
    soft, own = own_files()
    return soft - own - OWN_FILES - files >= LEAST_LEFT


# Who gives way when the WebSockets are at the budget: a spectator's page (a link every
# TV shows) first, then a table screen's; a seat's never does for another page.
RANKS = {"spectator": 0, "table": 1, "seat": 2}
# The spectators' pages hold at most this share of the budget (past it, the oldest goes).
SPECTATOR_SHARE = 2


@dataclass(eq=False)
class Held:
    """One page's WebSocket, counted against the budget: ``evict`` closes it (from any
    thread), ``counted`` until it is given back or evicted."""

    role: str
    evict: Callable[[], None]
    counted: bool = True


class Sockets:
    """The WebSockets open in this process, every table's (one event loop counts them;
    tests run several), at most :func:`budget`'s ``sockets``. A seat's always finds room
    while any other page holds one: the oldest spectator's is closed for it, else the
    oldest table screen's; a table screen's likewise closes a spectator's; and the
    spectators' pages, whose link is public, hold at most 1/:data:`SPECTATOR_SHARE` of
    the budget (past it the oldest of them gives way). So a stranger at the spectator
    doors never keeps a phone from its table."""

    open = 0
    held: list[Held] = []  # oldest first
    lock = threading.Lock()

    @classmethod
    def take(cls, role: str, evict: Callable[[], None]) -> Held | None:
        """Count a WebSocket of a page of ``role`` (closing another page's where the rules
        above say so); None: no room, refuse it."""
        rank = RANKS.get(role, 0)
        with cls.lock:
            most = budget().sockets
            victim = None
            if rank == 0:
                public = [h for h in cls.held if RANKS.get(h.role, 0) == 0]
                if len(public) >= max(1, most // SPECTATOR_SHARE):
                    victim = public[0]
            if victim is None and cls.open >= most:
                lower = [h for h in cls.held if RANKS.get(h.role, 0) < rank]
                if not lower:
                    return None
                victim = min(lower, key=lambda h: RANKS.get(h.role, 0))  # the oldest of them
            if victim is not None:
                cls._evict(victim)
            held = Held(role, evict)
            cls.held.append(held)
            cls.open += 1
            return held

    @classmethod
    def evict(cls, held: Held) -> None:
        """Close ``held``'s page, its place given back at once."""
        with cls.lock:
            cls._evict(held)

    @classmethod
    def give(cls, held: Held) -> None:
        """``held``'s WebSocket has closed."""
        with cls.lock:
            cls._drop(held)

    @classmethod
    def _evict(cls, held: Held) -> None:
        if held.counted:
            cls._drop(held)
            with contextlib.suppress(RuntimeError):  # its loop is gone: so is it
                held.evict()

    @classmethod
    def _drop(cls, held: Held) -> None:
        if held.counted:
            held.counted = False
            with contextlib.suppress(ValueError):
                cls.held.remove(held)
            cls.open -= 1


class TableProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the limits above."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _Known.served = self.connections  # the server's: what is not in it is its own
        self.opened = next(_ORDER)  # which connection came first
        self.head = 0  # bytes of the request head read so far
        self.deadline: asyncio.TimerHandle | None = None
        self.stuck: asyncio.TimerHandle | None = None  # writes waiting on the client

    # ------------------------------------------------------------ the connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self._make_room():
            self.refuse(HTTPStatus.SERVICE_UNAVAILABLE, "the table is busy; try again")
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.stuck is not None:
            self.stuck.cancel()
        super().connection_lost(exc)

    def waiting(self) -> bool:
        """Whether this connection is between requests, with no answer under way."""
        return self.conn.their_state is h11.IDLE and (
            self.cycle is None or self.cycle.response_complete
        )

    def stalled(self) -> bool:
        """Whether the client holds this connection without using it: no request yet, a
        body still coming, answers it does not read, or requests sent ahead of their
        answers (pipelined: no browser does it)."""
        return (
            self.waiting()
            or self.conn.their_state is h11.SEND_BODY
            or (self.flow is not None and (self.flow.write_paused or self.flow.read_paused))
        )

    def _make_room(self) -> bool:
        """Room for this connection: True, after closing the oldest silent one if the
        server is full; False when every other connection is busy."""
        ours = [c for c in self.connections if isinstance(c, TableProtocol) and c is not self]
        if len(ours) < min(MAX_CONNECTIONS, budget().connections):
            return True
        silent = [c for c in ours if c.stalled() and not c.transport.is_closing()]
        if not silent:
            return False
        oldest = min(silent, key=lambda c: c.opened)
        oldest.transport.close()
        oldest.connections.discard(oldest)
        return True

    # ------------------------------------------------------------ the request's head

    def _arm(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            if self.head:
                self.refuse(HTTPStatus.REQUEST_TIMEOUT, "the request came too slowly")
            else:
                self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:  # reading a request's head
            end = data.find(b"\r\n\r\n")  # a body in the same packet is not the head
            self.head += len(data) if end < 0 else end + 4
            if self.head > HEAD_BYTES:
                self.refuse(
                    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    f"a request's line and headers take at most {HEAD_BYTES} bytes",
                )
                return
            self._arm()
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in: the app reads on
            self._disarm()
            self.head = 0

    def on_response_complete(self) -> None:
        if self.conn.their_state is h11.SEND_BODY:  # answered before its body came: close
            self.server_state.total_requests += 1
            self._disarm()
            self.transport.close()
            return
        super().on_response_complete()
        self.head = 0

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stuck is None:
            self.stuck = self.loop.call_later(WRITE_SECONDS, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stuck is not None:
            self.stuck.cancel()
            self.stuck = None

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """Only a handshake the WebSocket library will take (RFC 6455: version 13 and a
        key of 16 bytes); any other is refused here, with the security headers."""
        headers = dict(self.headers)
        key = headers.get(b"sec-websocket-key", b"")
        try:
            good = len(base64.b64decode(key, validate=True)) == 16
        except (ValueError, binascii.Error):
            good = False
        if not good or headers.get(b"sec-websocket-version") != b"13":
            self.refuse(HTTPStatus.BAD_REQUEST, "not a WebSocket handshake this table reads")
            return
        super().handle_websocket_upgrade(event)

    # ------------------------------------------------------------ answers of its own

    def send_400_response(self, msg: str) -> None:
        self.refuse(HTTPStatus.BAD_REQUEST, "that is not an HTTP request this table reads")

    def refuse(self, status: HTTPStatus, text: str) -> None:
        """Answer ``status`` with the security headers and close the connection."""
        self._disarm()
        if self.transport.is_closing():
            return
        body = (text + "\n").encode("utf-8")
        head = [f"HTTP/1.1 {status.value} {status.phrase}".encode("ascii")]
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"connection", b"close"),
            *raw_headers(),
        ]
        head += [name + b": " + value for name, value in headers]
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        self.transport.close()
