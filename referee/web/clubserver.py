"""``referee club``: one server, many tables, for a club night from one laptop.

The first line on standard output is one line of JSON, ``{"host": HOST_URL, "join":
JOIN_URL}``; then the join page's QR code, for the phones. ``HOST_URL`` is the host's
page (keep it to the laptop: whoever has it opens and closes tables). Every record, key
and match file is kept in ``--records DIR`` (default ``./club``, made 0700), and the
same command on the same directory brings back every table that was not closed, at the
same URLs and with the same codes (and on the same port: the one given with ``--port``,
else the one chosen the first time, while it is free). Ctrl-C or SIGTERM stops it; every
acknowledged move was saved when it was acknowledged.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from pathlib import Path

import click
import segno

from referee.client.common import fail
from referee.client.safe import console, user
from referee.table.store import StoreError, write_atomically
from referee.web.club import MAX_TABLES, Club, club_directory, lock_directory
from referee.web.clubapp import ClubApp
from referee.web.command import HOST
from referee.web.pools import Pools
from referee.web.seats import SeatKeyError, load_key
from referee.web.server import (
    LOCAL,
    TableServer,
    base_url,
    bind,
    bind_remembered,
    config,
    port_path,
)


@click.command()
@click.option(
    HOST.opts[0],
    default=HOST.default,
    show_default=True,
    help="The address to listen on. 0.0.0.0 lets phones on the LAN reach the club "
    "(anyone on that network with a table's code can join it).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help="The port (default: the one the club used last time, else any free port).",
)
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("club"),
    show_default=True,
    help="The club's directory: every table's record, key and match file.",
)
@click.option(
    "--max-tables",
    type=click.IntRange(1, 1000),
    default=MAX_TABLES,
    show_default=True,
    help="How many tables may be open at once.",
)
def club(host: str, port: int | None, records: Path, max_tables: int) -> None:
    """Serve any number of tables of any game from one server: the host's page opens them,
    phones join by a table's four-letter code. The first line printed is JSON with the
    host's page and the join page."""
    run(host, port, records, max_tables)


def _stopped(signum: int, frame: object) -> None:
    raise SystemExit(0)


def run(host: str, port: int | None, records: Path, max_tables: int) -> None:
    out = console()
    directory = club_directory(records)
    lock = lock_directory(directory)
    with contextlib.ExitStack() as stack:
        stack.callback(os.close, lock)
        # Stopped before the server (which then takes the signals) is up, say just after the
        # first line: a normal stop too, exit status 0, the directory's lock let go.
        for stop in (signal.SIGINT, signal.SIGTERM):
            stack.callback(signal.signal, stop, signal.signal(stop, _stopped))
        try:
            key = load_key(directory / "club")
        except SeatKeyError as exc:
            fail(str(exc))
        if port:  # kept too: "the one the club used last time" is the next start's default
            sock = bind(host, port)
            with contextlib.suppress(StoreError):
                write_atomically(port_path(directory / "club"), f"{port}\n", 0o600)
        else:
            sock = bind_remembered(host, directory / "club")
        stack.callback(sock.close)
        base = base_url(host, sock.getsockname()[1])
        pools = Pools()
        the_club = Club(directory, base, key, pools, max_tables, lambda t: out.print(user(t)))
        stack.callback(the_club.shutdown)
        problems = the_club.restore()
        app = ClubApp(the_club)
        print(json.dumps({"host": the_club.host_url, "join": the_club.join_url}), flush=True)
        segno.make(the_club.join_url, error="m").terminal(out=sys.stdout, compact=True)
        sys.stdout.flush()
        tables = the_club.open_tables()
        if tables:
            out.print(user(f"{len(tables)} tables back at their URLs, from {directory}."))
        for problem in problems:
            out.print(user(f"Not brought back: {problem}", "yellow"))
        out.print(user(f"Phones join at {the_club.join_url} with a table's code."))
        out.print(user(f"The host's page (keep it to this laptop): {the_club.host_url}", "bold"))
        if host not in LOCAL:
            out.print(
                user(
                    f"Listening on {host}: anyone on this network with a table's code can "
                    "join it. Use it on a network you trust (not a café's Wi-Fi).",
                    "yellow",
                )
            )
        else:
            out.print(user("Listening on this computer only: --host 0.0.0.0 lets phones reach it."))
        threading.Thread(target=pools.warm, name="warm the club's engine", daemon=True).start()
        server = TableServer(config(app.app))
        server.run(sockets=[sock])
    out.print(user(f"Every record is in {directory}."))
