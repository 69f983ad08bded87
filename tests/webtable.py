"""Helpers for the web table's tests: a table on a fresh record, its client, scripted moves."""

from __future__ import annotations

import threading
from pathlib import Path

import listed

from referee.table.store import RecordFile
from referee.web.games import WebGame
from referee.web.seats import load_key
from referee.web.server import build

# The system chromium's flags, for the browser tests and benchmarks/web_latency.py alike.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# The four games as the web tests play them (a deal the tests know); any other game of the
# one list: its players named and a seed of 1 (listed.options).
OPTIONS = {
    "palmer": {"players": "ann,bob", "seed": 5, "house": ("pass_discard=yes",)},
    "ergo": {"players": "ann,bob", "seed": 7, "win": 1, "house": ()},
    "invicta": {"white": "ann", "black": "bob", "house": ()},
    "cogito": {"players": "ann,bob,cat", "seed": 3, "house": ()},
}


def web_game(game: str) -> WebGame:
    """The game of the one list called ``game`` as the web table serves it."""
    return WebGame(listed.registration(game).terminal().game)


def defaults(game: str, **extra) -> dict:
    """The options play's click command would pass (unset ones None), with ``extra``."""
    served = web_game(game)
    options = {p.name: (() if p.multiple else None) for p in served.options()}
    known = OPTIONS.get(game)
    options.update(known if known is not None else listed.options(served.registration))
    options.update(extra)
    options.pop("record_path", None)
    return options


def table(
    tmp_path: Path,
    game: str,
    engine=None,
    base="http://testserver",
    services=None,
    computers=None,
    pools=None,
    **extra,
):
    """A served table on a new record in ``tmp_path``, its URLs under ``base``:
    (WebApp, record path). ``services``: (record) -> a context of the services its commands
    get, as ``serve`` opens them (``GAMES[game].services``); else only ``engine``, if any.
    ``computers``: the seats the referee plays (a ``ComputerSeats``; not started);
    ``pools``: what a club's tables share (``referee.web.pools``, or a stand-in)."""
    served = web_game(game)
    record = served.start(defaults(game, **extra))
    path = tmp_path / f"{game}.json"
    store = RecordFile(path, fresh=True)
    store.open()
    key = load_key(path)
    given = {"engine": engine} if engine is not None else None
    if services is not None:
        given = services.enter_context(served.services(record))
    app = build(served, record, record.rebuild(), store, key, base, given, computers, pools=pools)
    return app, path


def next_move(game_name: str, view_of) -> tuple[str, str] | None:
    """A legal-looking move for whoever may move: (seat, command), or None when over.

    ``view_of(seat)`` gives that seat's view. The moves keep every secret in
    place (no COGITO naming, no claims), so a whole game runs in a second.
    """
    if game_name == "cogito":
        for seat in view_of.players:
            v = view_of(seat)
            if v["finished"]:
                return None
            moves = v["you"]["moves"]
            for kind in ("play", "give", "end"):
                for m in moves:
                    if m["move"] == kind and not (kind == "end" and seat in v["ending"]):
                        return seat, m["command"]
        return None
    if game_name == "palmer":
        for seat in view_of.players:
            v = view_of(seat)
            if v["finished"]:
                return None
            if v["you"]["to_play"]:
                for c in v["you"]["hand"]:
                    if c["kind"] == "S" and not c["parametric"]:
                        return seat, f"play {c['number']}"
                return seat, "pass 1" if v["you"]["hand"] else "pass"
        return None
    if game_name == "ergo":
        for seat in view_of.players:
            v = view_of(seat)
            if v["finished"]:
                return None
            me = v["you"]
            if not me["to_play"]:
                continue
            mine = [c for c in me["hand"] if c["card"] == me["variable"]]
            premises = [
                p for p in v["proof"] if [c["symbol"] for c in p["cards"]] == [me["variable"]]
            ]
            if mine and not premises:
                return seat, f"play {me['variable']}"
            count = min(me["plays_left"], len(me["hand"]))
            return seat, "discard " + " ".join(str(i) for i in range(1, count + 1))
        return None
    if game_name == "invicta":
        for seat in view_of.players:
            v = view_of(seat)
            if v["finished"]:
                return None
            me = v["you"]
            if me["to_play"]:
                if me["places"]:
                    return seat, me["places"][(v["moves"] * 7) % len(me["places"])]
                origin = sorted(me["moves"])[0]
                return seat, f"{origin}-{me['moves'][origin][0]}"
        return None
    return any_move(game_name, view_of)


def any_move(game_name: str, view_of) -> tuple[str, str] | None:
    """The first of the moves a seat's view lists (``you.legal``), for a game the suite has
    no script of: whoever has one says it; None once the game is over or nobody may move.
    A game that lists no moves is skipped, saying so."""
    listed.needs_legal(listed.registration(game_name))
    for seat in view_of.players:
        v = view_of(seat)
        if v["finished"]:
            return None
        if v["you"]["legal"]:
            return seat, v["you"]["legal"][0]
    return None


class Views:
    """``view_of`` for :func:`next_move` over the live table (server-side, no HTTP)."""

    def __init__(self, app) -> None:
        self.app = app
        self.players = app.table.players

    def __call__(self, seat: str) -> dict:
        return self.app.table.view(seat)


def naming_table(tmp_path: Path, game: str, count: int, stack, base="http://testserver", **extra):
    """A table whose players name themselves (``serve GAME --seats COUNT``), on a record in
    ``tmp_path`` not made yet: (WebApp, record path). The game's services (its engine)
    are entered on ``stack`` when it begins; ``extra``: options, as ``defaults``' (the
    players given to ``OPTIONS`` are left out: the seats name them)."""
    from referee.table.store import RecordFile
    from referee.web.server import naming_app, seating

    served = web_game(game)
    options = defaults(game, **extra)
    for seated in ("players", "white", "black"):
        if seated not in extra:
            options[seated] = None
    path = tmp_path / f"{game}.json"
    store = RecordFile(path, fresh=True)
    store.open()
    stack.callback(store.close)
    seats = seating(served, options, count)
    app = naming_app(served, seats, path, store, load_key(path), base, stack)
    stack.callback(lambda: app.computers is not None and app.computers.stop())
    stack.callback(lambda: app.table is not None and app.table.close())
    return app, path


class ClubTable:
    """A table opened at a club, seen as ``table()``'s WebApp is: its routes (``app``) are
    the whole club's, so every URL goes through the club's door; the rest is the table's."""

    def __init__(self, club, served) -> None:
        from referee.web.clubapp import ClubApp

        self.club = club
        self.served = served  # the club's Table
        self.app = ClubApp(club).app

    def __getattr__(self, name):
        return getattr(self.served.app, name)


def club_spec(game: str, **extra) -> dict:
    """``POST /tables``'s JSON for the options :func:`defaults` gives ``game``."""
    options = {**OPTIONS[game], **extra}
    spec: dict = {"game": game, "options": {}}
    for name, value in options.items():
        if value in (None, ()):
            continue
        if name == "players":
            spec["players"] = value.split(",")
        else:
            spec["options"][name] = list(value) if isinstance(value, tuple) else value
    return spec


def club_table(tmp_path: Path, game: str, base="http://testserver", **extra):
    """``table()``'s table, opened at a club in ``tmp_path / "club"`` by ``POST /tables``'s
    JSON: (ClubTable, record path). Its engine is its own (no shared pools)."""
    from referee.web.club import Club, club_directory

    directory = club_directory(tmp_path / "club")
    club = Club(directory, base, load_key(directory / "club"))
    served = club.open(club_spec(game, **extra))
    return ClubTable(club, served), directory / served.record


# An Invicta game in which a position comes round: every piece placed (no row of five), then
# a1-a2 and back, a3-b2 and back, twice but for black's last: bob to play, the position of
# now seen twice, and b2-a3 would bring the one after the placements round the third time.
INVICTA_REPEATED = (
    *("a1 i1 h2 g3 f4 e5 d6 c7 b8 a9 i9 h10 h1 a3 b4 c5 e6 f7 g8 h9 b1 e2 i3 d5".split()),
    *("a1-a2 a3-b2 a2-a1 b2-a3 a1-a2 a3-b2 a2-a1".split()),
)


def held(table, seconds: float = 10.0) -> tuple[threading.Event, threading.Event]:
    """``table``'s commands held, each until ``release`` is set (at most ``seconds``), as a
    claim the engine settles holds them; ``started``: one has begun."""
    inner = table.session.commands
    started, release = threading.Event(), threading.Event()

    class Held:
        aliases = inner.aliases

        def handle(self, session, command, rest, seat=None):  # the seat-aware seam
            started.set()
            release.wait(seconds)
            return inner.handle(session, command, rest, seat)

    table.session.commands = Held()
    return started, release
