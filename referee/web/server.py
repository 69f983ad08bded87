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
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import segno
import uvicorn

from referee.client.common import fail
from referee.client.house import Given, Opened, computer_seats, house_rules, read_deck, setup_record
from referee.client.house import open_game as house_open
from referee.client.safe import console, user
from referee.client.table_io import new_record_path
from referee.language.names import check_player_names, collision, spelled
from referee.table.computer import Computer, ComputerSeats, parse_seats
from referee.table.errors import RecordError, SetupError
from referee.table.registry import DeckText
from referee.table.session import Session
from referee.table.store import RecordFile, StoreError, write_atomically
from referee.web.connections import HEAD_BYTES, TableProtocol, raise_limit
from referee.web.games import WebGame
from referee.web.seats import Doors, SeatKeyError, is_numbered, load_key, numbered_path

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


def bind_remembered(host: str, record: Path) -> socket.socket:
    """``--port 0``: the port chosen the first time, kept beside the record, so a restart
    keeps every phone's link; a new one (and a line saying why) when it is taken. Its
    words go to standard error: they come before the first line of standard output,
    which is the contract's JSON."""
    out = console(stderr=True)
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
    given = Given(
        values, options.get("record_path"), house, options.get("deck"), bots=options.get("bots")
    )
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
    raise_limit()  # before the connections' budget is read
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


def seated(web_game: WebGame, record, game, store, services=None, computers=None, pools=None):
    """The game of ``record`` at the web table (its file open in ``store``, written now:
    StoreError when it cannot be kept); ``services``: what its commands are given (an
    engine; none: claims refused); ``computers``: the seats the referee plays; ``pools``:
    what a club's tables share (:mod:`referee.web.pools`)."""
    from referee.web.table import WebTable

    session = Session(record, web_game.commands(dict(services or {})), game)
    seats = computers if computers is not None else ComputerSeats({})
    players, bots = tuple(game.players), frozenset(seats.players)
    table = WebTable(web_game, session, store, players, bots, pools)
    table.save(session.record, session.game)  # StoreError: the record cannot be kept
    return table


def build(
    web_game: WebGame,
    record,
    game,
    store,
    key: bytes,
    base: str,
    services=None,
    computers=None,
    numbered: bool = False,
    pools=None,
):
    """The app of a table on ``record`` (its file open in ``store``), its URLs under ``base``
    (``numbered``: made from the seats' places, the players having named themselves);
    ``services``: what the game's commands are given (an engine; none: claims refused);
    ``computers``: the seats the referee plays (``ComputerSeats``), started with the app
    (``app.computers``, stopped by the caller)."""
    from referee.web.app import WebApp
    from referee.web.computers import ComputerRunner

    seats = computers if computers is not None else ComputerSeats({})
    table = seated(web_game, record, game, store, services, seats, pools)
    app = WebApp(table, Doors(key, table.players, numbered), base)
    app.computers = ComputerRunner(table, seats, pools)
    return app


# ------------------------------------------------------------------ players who name themselves


@dataclass(frozen=True)
class Seating:
    """A table whose players name themselves (``serve GAME --seats N``), as the host set it:
    the seats' number, every other option's value, the house rules, the deck's text and
    the computer seats (name: level, None for the strongest), which take the last seats."""

    count: int
    values: Mapping[str, Any]
    rules: Any
    deck: DeckText | None
    computers: Mapping[str, int | None]


def seating(web_game: WebGame, options: dict, count: int) -> Seating:
    """What ``--seats N`` and the other options give; exit 1 naming what cannot be."""
    game = web_game.registration
    values = {o.name: options.get(o.name) for o in game.options}
    if values.get("players"):
        fail(
            "give either --seats N (the players name themselves on their phones) or "
            "--players, not both"
        )
    computers = bot_levels(options.get("bots"))
    if len(computers) >= count:
        fail(f"--seats {count}: the computer players take every seat; leave one for a phone")
    rules = house_rules(game.house_rules, tuple(options.get("house") or ()))
    deck = read_deck(game, options.get("deck")) if game.decks is not None else None
    seats = Seating(count, values, rules, deck, computers)
    problem = trial(web_game, seats, (None,) * (count - len(computers)) + tuple(computers))
    if problem is not None:
        fail(f"--seats {count}: {problem}")
    return seats


def bot_levels(spec: str | None) -> dict[str, int | None]:
    """``--bots NAME[:LEVEL],...`` at a ``--seats`` table: the computer seats' names (the
    rule for player names), each with its level; exit 1 naming a bad one."""
    if not spec:
        return {}
    names = [part.partition(":")[0].strip() for part in spec.split(",") if part.strip()]
    try:
        check_player_names(names)
        return parse_seats(spec, tuple(names))
    except ValueError as exc:
        fail(f"--bots: {exc}")


def placeholders(names: tuple[str | None, ...]) -> tuple[str, ...]:
    """``names`` with a stand-in for each seat not named yet (``seat2``, unlike every name,
    nor looking like one)."""
    taken = [n for n in names if n is not None]
    filled = []
    for number, name in enumerate(names, 1):
        if name is None:
            name = f"seat{number}"
            while collision([*taken, name]) is not None:
                name += "x"
            taken.append(name)
        filled.append(name)
    return tuple(filled)


def new_players(web_game: WebGame, seats: Seating, names: tuple[str, ...]):
    """The record and state of a new game of ``names`` in seat order, as ``--players``
    would make it (SetupError, RecordError: the game's own refusal)."""
    values = {**seats.values, "players": ",".join(names)}
    game = web_game.registration
    computers = tuple(
        Computer(name, game.strongest if level is None else min(level, game.strongest))
        for name, level in seats.computers.items()
    )
    record = setup_record(game, values, seats.rules, seats.deck, computers)
    return record, record.rebuild()


def trial(web_game: WebGame, seats: Seating, names: tuple[str | None, ...]) -> str | None:
    """Why the game would not seat ``names`` (None: a seat not named yet), in its words;
    None when it would. A name the game reads otherwise than it is written (a game's
    own notation in a name given) is refused too: a player is called what they typed."""
    filled = placeholders(names)
    try:
        _, state = new_players(web_game, seats, filled)
    except SetupError as exc:  # the players' fault in its own words; another option's named
        return exc.message if exc.field == "players" else str(exc)
    except RecordError as exc:
        return str(exc)
    players = tuple(state.players)
    for given, read in zip(filled, players, strict=False):
        if given != read:
            return (
                f"{web_game.registration.title} reads the name {spelled(given)} as "
                f"{spelled(read)}: choose another"
            )
    if len(players) != len(filled):  # pragma: no cover - every game seats each name given
        return f"{web_game.registration.title} seats {len(players)} players, not {len(filled)}"
    return None


def naming_app(
    web_game: WebGame,
    seats: Seating,
    path: Path,
    store: RecordFile,
    key: bytes,
    base: str,
    stack: contextlib.ExitStack,
    tell_host=None,
    pools=None,
    named=None,
    names: tuple[str | None, ...] | None = None,
):
    """The app of a table whose players name themselves; its game begins, recorded at
    ``path`` (``store``, open and locked, no file yet), when every seat has a name. The
    game's services are entered on ``stack`` then, and its computer seats started
    (``app.computers``: None until then). ``tell_host(text)``: the host's terminal told.
    At a club: ``pools``, what its tables share; ``named(names)``, every name given kept
    before it is acknowledged; ``names``, those kept before a restart."""
    from referee.web.app import WebApp
    from referee.web.computers import ComputerRunner
    from referee.web.lobby import Lobby, Unstartable

    game = web_game.registration

    def begin(names: tuple[str, ...]):
        try:
            record, state = new_players(web_game, seats, names)
        except (SetupError, RecordError) as exc:
            raise Unstartable(str(exc)) from None
        try:  # the mark first: a record never goes without it (its URLs are the seats')
            write_atomically(numbered_path(path), f"{seats.count}\n", 0o600)
            with pools.for_claims() if pools is not None else contextlib.nullcontext():
                services = stack.enter_context(web_game.services(record))
            thinking = pools.thinking if pools is not None else None  # a club's, shared
            computers = computer_seats(game, record.computers, apart=True, pool=thinking)
            table = seated(web_game, record, state, store, services, computers, pools)
        except StoreError as exc:
            raise Unstartable(f"{exc.message}; the game cannot be recorded") from None
        runner = ComputerRunner(table, computers, pools)
        app.computers = runner
        runner.start()
        if tell_host is not None:
            who = ", ".join(names)
            tell_host(f"Every seat has a name ({who}): the game begins, recorded in {path}.")
        return table

    def tried(names: tuple[str | None, ...]) -> str | None:
        return trial(web_game, seats, names)

    lobby = Lobby(web_game, seats.count, tuple(seats.computers), tried, begin, named, names)
    app = WebApp(None, Doors(key, (None,) * seats.count, numbered=True), base, lobby=lobby)
    app.computers = None
    return app


def given_again(web_game: WebGame, options: dict, path: Path) -> dict:
    """``serve GAME --seats N ...`` restarted with the command line its game began with:
    its settings (a ``--seed``, house rules) are the record's, so they are not new
    settings; ``options`` without them, then, else as given (refused as new settings)."""
    from referee.client.common import read_text
    from referee.client.house import same_settings
    from referee.table.record import loads

    try:
        record, state = loads(read_text(path, "game record"), web_game.kind)
    except (RecordError, click.ClickException):
        return options  # the record's own fault is said when it is opened
    registration = web_game.registration
    values = {o.name: options.get(o.name) for o in registration.options}
    values["players"] = ",".join(state.players)  # named by the phones, kept in the record
    house = tuple(options.get("house") or ())
    given = Given(values, path, house, options.get("deck"))
    if not same_settings(web_game.terminal, record, given):
        return options
    dropped = {o.name: None for o in registration.options}
    return {**options, **dropped, "house": (), "deck": None}


def serve(web_game: WebGame, options: dict, host: str, port: int) -> None:
    count = options.pop("seats", None)
    path = options.get("record_path")
    if count is not None and (path is None or not (path.exists() or path.is_symlink())):
        serve_naming(web_game, options, count, host, port)
        return
    if count is not None and path is not None and path.is_file() and is_numbered(path):
        options = given_again(web_game, options, path)
    out = console()
    # A port given is taken before a new game's record is made: a port in use (or a host
    # that cannot be listened on) leaves no record behind to refuse the corrected command.
    early = bind(host, port) if port else None
    try:
        opened = open_game(web_game, options)
    except BaseException:
        if early is not None:
            early.close()
        raise
    store, record, record_path, fresh = opened.store, opened.record, opened.path, opened.fresh
    numbered = is_numbered(Path(record_path))
    players = tuple(opened.state.players)
    if count is not None and (not numbered or count != len(players)):
        store.close()
        if early is not None:
            early.close()
        fail(
            f"{record_path} already holds a game of {', '.join(players)}, who did not name "
            f"themselves at {count} seats: drop --seats to resume it"
        )
    with contextlib.ExitStack() as stack:
        stack.callback(store.close)
        try:
            key = load_key(record_path)
        except SeatKeyError as exc:
            fail(str(exc))
        services = stack.enter_context(web_game.services(record))  # the engine, as play's
        sock = early if early is not None else bind_remembered(host, Path(record_path))
        stack.callback(sock.close)
        base = base_url(host, sock.getsockname()[1])
        seats = computer_seats(web_game.terminal.game, record.computers, apart=True)  # the record's
        try:
            app = build(web_game, record, opened.state, store, key, base, services, seats, numbered)
        except StoreError as exc:
            fail(f"{exc.message}; free some space or make it writable, then serve again")
        opening = "New game" if fresh else f"Resuming ({len(record.events)} events so far)"
        run(app, out, host, sock, stack, f"{opening}, recorded in {record_path}.", record_path)


def serve_naming(web_game: WebGame, options: dict, count: int, host: str, port: int) -> None:
    """``serve GAME --seats N`` on a record not made yet: the players name themselves."""
    out = console()
    seats = seating(web_game, options, count)
    path = options.get("record_path") or new_record_path(web_game.prefix)
    store = RecordFile(path, fresh=True)
    try:
        store.open()
    except StoreError as exc:
        fail(exc.message)
    with contextlib.ExitStack() as stack:
        stack.callback(store.close)
        try:
            key = load_key(path)
        except SeatKeyError as exc:
            fail(str(exc))
        sock = bind(host, port) if port else bind_remembered(host, Path(path))
        stack.callback(sock.close)
        base = base_url(host, sock.getsockname()[1])
        app = naming_app(
            web_game, seats, path, store, key, base, stack, lambda t: out.print(user(t, "bold"))
        )
        opening = (
            f"New game: each player names themselves on their phone; it begins, recorded in "
            f"{path}, when all {count} seats have a name."
        )
        run(app, out, host, sock, stack, opening, path)


def run(app, out, host: str, sock, stack: contextlib.ExitStack, opening: str, record_path) -> None:
    """Print the first line and the seats' codes, then serve until stopped."""
    urls = app.urls()
    print(json.dumps(urls, ensure_ascii=False), flush=True)
    out.print(user(opening))
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
    computers = {name for name, computer in app.seat_names() if computer}
    for name, url in urls["seats"].items():
        if name in computers:  # its URL opens nothing: no code to scan
            out.print(user(f"{name}: the referee's computer player", "bold"))
            continue
        out.print(user(f"{name}: {url}", "bold"))
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    server = TableServer(config(app.app))
    stack.callback(lambda: app.table is not None and app.table.close())  # the analysis's engine
    if app.computers is not None:
        app.computers.start()
    stack.callback(lambda: app.computers is not None and app.computers.stop())
    try:
        server.run(sockets=[sock])
    finally:
        table = app.table
        if table is not None:
            with table.lock:
                try:  # every acknowledged event is in the file already: this is a courtesy
                    table.save(table.session.record, table.session.game)
                except StoreError as exc:
                    out.print(user(f"{exc.message} (every acknowledged move was saved)", "yellow"))
    if app.table is not None:
        out.print(user(f"Record: {record_path}"))
    else:
        out.print(user("Not every seat had a name: no game was recorded."))
