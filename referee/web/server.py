"""``referee serve GAME``: open the record as ``play`` does, then serve the table until stopped.

The first line on standard output is the contract's JSON (the table, the
spectator and every seat's URL); then the seat URLs again for people, each
with a QR code drawn in the terminal. The socket is bound before that line
is printed, so ``--port 0`` reports the port the OS chose. Ctrl-C or SIGTERM
stops the server; every event was saved when it was acknowledged, and the
record is saved once more on the way out.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import signal
import socket
import sys
from pathlib import Path

import segno
import uvicorn

from referee.client.common import fail
from referee.client.house import Given, Opened, computer_seats
from referee.client.house import open_game as house_open
from referee.client.safe import console, user
from referee.table.computer import ComputerSeats
from referee.table.session import Session
from referee.table.store import StoreError, write_atomically
from referee.web.connections import HEAD_BYTES, TableProtocol
from referee.web.games import WebGame
from referee.web.seats import Doors, SeatKeyError, load_key

LOCAL = ("127.0.0.1", "localhost", "::1")
ANY = ("0.0.0.0", "::", "")


def lan_address() -> str:
    """This machine's address on the LAN (what a phone on the same Wi-Fi reaches); no
    packet is sent: a UDP socket is only pointed at a private address to pick the route."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    return "127.0.0.1"


def bind(host: str, port: int) -> socket.socket:
    try:
        return _bound(host, port)
    except OSError as exc:
        fail(f"cannot listen on {host}:{port} ({exc.strerror})")


def _bound(host: str, port: int) -> socket.socket:
    family = socket.AF_INET
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            family = socket.AF_INET6
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def port_path(record: Path) -> Path:
    return record.with_name(f".{record.name}.web-port")


def bind_remembered(host: str, record: Path, out) -> socket.socket:
    """``--port 0``: the port chosen the first time, kept beside the record, so a restart
    keeps every phone's link; a new one (and a line saying why) when it is taken."""
    path = port_path(record)
    remembered = None
    with contextlib.suppress(OSError, ValueError):
        if path.is_file() and not path.is_symlink() and path.stat().st_size < 16:
            remembered = int(path.read_text(encoding="ascii").strip())
    if remembered is not None and 0 < remembered < 65536:
        try:
            return _bound(host, remembered)
        except OSError as exc:
            out.print(
                user(
                    f"The port used last time, {remembered}, is taken ({exc.strerror}): the "
                    "phones' links change; scan the new codes.",
                    "yellow",
                )
            )
    sock = bind(host, 0)
    try:
        write_atomically(path, f"{sock.getsockname()[1]}\n", 0o600)
    except StoreError as exc:
        out.print(user(f"{exc.message}: the next start may choose another port", "yellow"))
    return sock


def base_url(host: str, port: int) -> str:
    shown = lan_address() if host in ANY else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def open_game(web_game: WebGame, options: dict) -> Opened:
    """The record to serve, opened as ``play`` opens it: resumed when the file exists (no
    new settings then), else new."""
    tg = web_game.terminal
    values = {o.name: options.get(o.name) for o in tg.game.options}
    house = tuple(options.get("house") or ())
    given = Given(values, options.get("record_path"), house, options.get("deck"))
    return house_open(tg, given)


class TableServer(uvicorn.Server):
    """uvicorn's server, except that Ctrl-C or SIGTERM ends ``serve`` normally: the record
    saved, its lock released, exit status 0 (uvicorn raises the signal again after its
    shutdown, which would kill the process before the record is closed)."""

    @contextlib.contextmanager
    def capture_signals(self):
        signals = (signal.SIGINT, signal.SIGTERM)
        previous = {s: signal.signal(s, self.handle_exit) for s in signals}
        try:
            yield
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)


def config(app) -> uvicorn.Config:
    """How the table is served: uvicorn's HTTP/1.1 with the limits of
    :mod:`referee.web.connections` (a request's head, its deadline, the connections'
    cap), kept-alive connections closed after 5 idle seconds, WebSocket messages of at
    most 64 KiB (a page sends none)."""
    return uvicorn.Config(
        app,
        # The server's own log lines (a refused handshake, a malformed request) are a
        # stranger's to cause and could carry what a request held: the host's terminal
        # keeps its codes; the table's answers say what happened.
        log_level="critical",
        lifespan="off",
        timeout_graceful_shutdown=2,
        http=TableProtocol,
        h11_max_incomplete_event_size=HEAD_BYTES + 1024,
        timeout_keep_alive=5,
        ws_max_size=64 * 1024,
    )


def build(
    web_game: WebGame, record, game, store, key: bytes, base: str, services=None, computers=None
):
    """The app of a table on ``record`` (its file open in ``store``), its URLs under ``base``;
    ``services``: what the game's commands are given (an engine; none: claims refused);
    ``computers``: the seats the referee plays (``ComputerSeats``), started with the app
    (``app.computers``, stopped by the caller)."""
    from referee.web.app import WebApp
    from referee.web.computers import ComputerRunner
    from referee.web.table import WebTable

    players = tuple(game.players)
    session = Session(record, web_game.commands(dict(services or {})), game)
    seats = computers if computers is not None else ComputerSeats({})
    table = WebTable(web_game, session, store, players, frozenset(seats.players))
    table.save(session.record, session.game)  # StoreError: the record cannot be kept
    app = WebApp(table, Doors(key, players), base)
    app.computers = ComputerRunner(table, seats)
    return app


def serve(web_game: WebGame, options: dict, host: str, port: int) -> None:
    out = console()
    opened = open_game(web_game, options)
    store, record, record_path, fresh = opened.store, opened.record, opened.path, opened.fresh
    with contextlib.ExitStack() as stack:
        stack.callback(store.close)
        try:
            key = load_key(record_path)
        except SeatKeyError as exc:
            fail(str(exc))
        services = stack.enter_context(web_game.services(record))  # the engine, as play's
        sock = bind(host, port) if port else bind_remembered(host, Path(record_path), out)
        stack.callback(sock.close)
        base = base_url(host, sock.getsockname()[1])
        seats = computer_seats(web_game.terminal.game, options.get("bots"), opened.state.players)
        try:
            app = build(web_game, record, opened.state, store, key, base, services, seats)
        except StoreError as exc:
            fail(f"{exc.message}; free some space or make it writable, then serve again")
        table = app.table
        urls = app.urls()
        print(json.dumps(urls, ensure_ascii=False), flush=True)
        said = "New game" if fresh else f"Resuming ({len(record.events)} events so far)"
        out.print(user(f"{said}, recorded in {record_path}."))
        if host not in LOCAL:
            out.print(
                user(
                    f"Listening on {host}: anyone on this network who has a seat's URL can "
                    "play that seat. Use it on a network you trust (not a café's Wi-Fi).",
                    "yellow",
                )
            )
        else:
            out.print(user("Listening on this computer only: --host 0.0.0.0 lets phones reach it."))
        out.print(user(f"The table screen: {urls['table']}"))
        out.print(user(f"Spectators: {urls['spectator']}"))
        for name, url in urls["seats"].items():
            out.print(user(f"{name}: {url}", "bold"))
            segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
        sys.stdout.flush()
        server = TableServer(config(app.app))
        stack.callback(app.table.close)  # the background analysis's engine, if any
        app.computers.start()
        stack.callback(app.computers.stop)
        try:
            server.run(sockets=[sock])
        finally:
            with table.lock:
                try:  # every acknowledged event is in the file already: this is a courtesy
                    table.save(table.session.record, table.session.game)
                except StoreError as exc:
                    out.print(user(f"{exc.message} (every acknowledged move was saved)", "yellow"))
        out.print(user(f"Record: {record_path}"))
