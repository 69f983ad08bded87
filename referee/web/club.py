"""One server, many tables: a club night's tables, opened, joined by code and closed.

The club keeps everything in one directory (``--records DIR``, created 0700): the club's
key (``.club.web-key``), every table's record (``table-ID-GAME.json``, and the games a
rematch finished, ``table-ID-GAME.match-N.json``) and every table's *match file*
(``.table-ID.json``: its code, its game, the ``serve`` options it was opened with, the
names its phones gave, which seats were handed out, whether it is closed), each written
atomically before it is acknowledged. So a restart on the same directory brings back
every table that was not closed, at the same URLs and with the same code, and loses
nothing a phone was told.

A table is opened with ``serve GAME``'s own options (read by the same click command, so
a bad setting is refused with the words ``serve`` gives it) and is served as ``serve``
serves it (:class:`~referee.web.app.WebApp`), under ``/t/ID``; its tokens are HMACs of
a key of its own, derived from the club's, so one table's token is nothing at another.
Its engine, its hints and its computer seats run on what every table shares
(:mod:`referee.web.pools`), each table behind its own lock.

Codes are four letters without the look-alikes (no I, no O; no digits), any case; a
code is never given to two tables of one directory. ``join(code)`` hands out the first
seat, in seat order, that no phone has opened and nobody was given (one at a time,
kept in the match file before it is answered); the computer seats are never handed out.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from referee.client.common import InputError
from referee.client.house import bots, computer_seats, new_game
from referee.client.table_io import resume_record, start_record
from referee.language.names import name_problem
from referee.table.record import RecordError
from referee.table.store import RecordFile, StoreError, write_atomically
from referee.web import connections
from referee.web.app import WebApp, qr_data_uri
from referee.web.games import GAMES, WebGame
from referee.web.pools import Pools
from referee.web.seats import token
from referee.web.server import build, naming_app, seating
from referee.web.table import Kept

# Four letters a phone's user types: no I or O (nor digits: no 0 or 1 to mistake).
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4
MAX_TABLES = 32
FORMAT = "referee-club-table"
# Options ``serve`` takes that the club sets itself (a table's record is the club's).
CLUB_OWN = {"record": "the club names every table's record itself (in its directory)"}
# Descriptors a table holds of its own: its record's lock, and one while it writes.
TABLE_FILES = 2


class Refusal(Exception):
    """A table that cannot be opened, or a code that opens no seat: the words, for people."""

    def __init__(self, *messages: str) -> None:
        super().__init__(messages[0] if messages else "")
        self.messages = messages


class WrongCode(Refusal):
    """A code that is no open table's (or no code at all): what :class:`JoinLimit` counts."""


@dataclass
class Table:
    """One table of the club: its match file's facts and, while it is open, its app."""

    id: str
    code: str
    game: WebGame
    argv: tuple[str, ...]  # ``serve GAME``'s options it was opened with
    record: str  # the record's file name in the club's directory
    created: str
    numbered: bool  # its players name themselves (``--seats N``)
    names: tuple[str | None, ...] = ()  # the names given before the game began (--seats)
    given: set[int] = field(default_factory=set)  # seats /join handed out (by number)
    closed: bool = False
    app: WebApp | None = None
    stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    qr: dict[str, str] = field(default_factory=dict)  # the table screen's and spectator's
    lock: threading.Lock = field(default_factory=threading.Lock)  # its match file's facts

    def to_json(self) -> dict:
        """Its match file."""
        return {
            "format": FORMAT,
            "id": self.id,
            "code": self.code,
            "game": self.game.name,
            "argv": list(self.argv),
            "record": self.record,
            "created": self.created,
            "numbered": self.numbered,
            "names": list(self.names),
            "given": sorted(self.given),
            "closed": self.closed,
        }


def match_path(directory: Path, table_id: str) -> Path:
    return directory / f".table-{table_id}.json"


def normal_code(text: str) -> str | None:
    """A code as typed (any case, spaces around) in its one form; None: not a code. The
    body of ``POST /join`` is the code; a script's ``{"code": ...}`` or ``code=...`` (a
    form) is read as the code it names."""
    text = text.strip()
    if text.startswith("{"):
        with contextlib.suppress(ValueError, RecursionError):
            given = json.loads(text)
            text = given.get("code", "") if isinstance(given, dict) else ""
        text = text if isinstance(text, str) else ""
    elif text[:5].lower() == "code=":
        text = urllib.parse.unquote_plus(text[5:])
    code = text.strip().upper()
    if len(code) == CODE_LENGTH and all(c in LETTERS for c in code):
        return code
    return None


def table_key(club_key: bytes, table_id: str) -> bytes:
    """The key of one table's tokens, derived from the club's (kept in its directory)."""
    return hmac.new(club_key, f"table {table_id}".encode(), hashlib.sha256).digest()


def host_token(club_key: bytes) -> str:
    return token(club_key, "club host")


def now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


# ------------------------------------------------------------------ a table's settings


def arguments(spec: object) -> tuple[WebGame, list[str]]:
    """``POST /tables``'s JSON as ``serve GAME``'s command line: Refusal naming what is not
    (a game it does not know, a value of the wrong kind, an option the club sets)."""
    if not isinstance(spec, dict):
        raise Refusal('a table is a JSON object: {"game": ..., "seats": N or "players": [...]}')
    game = spec.get("game")
    web_game = GAMES.get(game) if isinstance(game, str) else None
    if web_game is None:
        raise Refusal(f"game: one of {', '.join(GAMES)}")
    unknown = sorted(set(spec) - {"game", "seats", "players", "bots", "options"})
    if unknown:
        raise Refusal(f"{unknown[0]}: not a field of a table (game, seats, players, bots, options)")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise Refusal("options: an object of play's long options without their dashes")
    given = {k: v for k, v in spec.items() if k in ("seats", "players", "bots")}
    args: list[str] = []
    for name, value in [*given.items(), *options.items()]:
        if not isinstance(name, str):  # pragma: no cover - JSON keys are text
            raise Refusal("options: names are text")
        flag = name.strip().lstrip("-").replace("_", "-").lower()
        if flag in CLUB_OWN:
            raise Refusal(f"--{flag}: {CLUB_OWN[flag]}")
        args += option_args(flag, value)
    return web_game, args


def option_args(flag: str, value: object) -> list[str]:
    """One option's value as command-line words (a list: the option given once per item;
    the players and the computer players: their names, comma-separated)."""
    if value is None or value is False:
        return []
    if value is True:
        return [f"--{flag}"]
    if isinstance(value, list) and flag in ("players", "bots"):  # one option, comma-separated
        if not all(isinstance(v, str) for v in value):
            raise Refusal(f"{flag}: a list of names")
        for name in value:  # joined with commas below: a comma in one would make two
            problem = name_problem(name.split(":")[0] if flag == "bots" else name, player=True)
            if problem is not None:
                raise Refusal(f"{flag}: {problem}")
        return [f"--{flag}", ",".join(value)]
    if isinstance(value, list):
        return [word for v in value for word in option_args(flag, v)]
    if isinstance(value, (str, int, float)):
        return [f"--{flag}", str(value)]
    raise Refusal(f"--{flag}: a text, a number or a list of them")


def parse(web_game: WebGame, args: list[str]) -> dict[str, Any]:
    """``args`` read by ``serve GAME``'s own click command: its options, typed; Refusal
    with click's words for a bad one (as ``serve`` says them)."""
    from referee.web.command import _command

    command = _command(web_game)
    name = f"referee serve {web_game.name}"
    try:  # no help option: click would print it on the club's terminal
        with command.make_context(name, list(args), help_option_names=[]) as ctx:
            options = dict(ctx.params)
    except click.ClickException as exc:
        raise Refusal(exc.format_message()) from None
    except click.exceptions.Exit:  # pragma: no cover - no option of serve's exits
        raise Refusal("a table's options are serve's: see referee serve GAME --help") from None
    for own in ("host", "port"):
        options.pop(own, None)
    decks = web_game.registration.decks
    deck = options.get("deck")
    if decks is not None and deck is not None and deck not in decks.names:
        offered = ", ".join(decks.names) or "its own deck only"
        raise Refusal(f"--deck: a club table plays one of the bundled decks ({offered})")
    return options


# ------------------------------------------------------------------ the club


class Club:
    """Every table of one directory, served under ``base`` (``http://ADDR:PORT``)."""

    def __init__(
        self,
        directory: Path,
        base: str,
        key: bytes,
        pools: Pools | None = None,
        max_tables: int = MAX_TABLES,
        tell_host: Callable[[str], None] = lambda text: None,
    ) -> None:
        self.directory = Path(directory)
        self.base = base
        self.key = key
        self.pools = pools
        self.max_tables = max_tables
        self.tell_host = tell_host  # a line for the host's terminal
        self.tables: dict[str, Table] = {}  # by id, in the order they were opened
        self.lock = threading.RLock()  # opening, closing, joining: one at a time
        self.index = threading.Lock()  # ``tables`` changed, or copied (the host's list)
        self.token = host_token(key)
        self.join_qr = qr_data_uri(self.join_url)

    @property
    def host_url(self) -> str:
        return f"{self.base}/host/{self.token}"

    @property
    def join_url(self) -> str:
        return f"{self.base}/join"

    def open_tables(self) -> list[Table]:
        with self.index:  # a table may be added meanwhile, from a worker thread
            return [t for t in self.tables.values() if not t.closed]

    def _add(self, table: Table) -> None:
        with self.index:
            self.tables[table.id] = table

    # ------------------------------------------------------------ opening

    def open(self, spec: object) -> Table:
        """A new table from ``POST /tables``'s JSON (blocking: it may start an engine);
        Refusal with the reasons ``serve`` gives for a bad setting, or the club's."""
        web_game, args = arguments(spec)
        options = parse(web_game, args)  # before the lock: nothing is made yet
        with self.lock:
            if len(self.open_tables()) >= self.max_tables:
                raise Refusal(
                    f"the club has {self.max_tables} tables open, its most (--max-tables "
                    f"{self.max_tables}): close one to open another"
                )
            if not connections.room_for(TABLE_FILES):
                soft, _ = connections.descriptors()
                raise Refusal(
                    f"this computer lets the club hold {soft} files open (ulimit -n), and "
                    "its tables and phones need what is left: close a table to open another, "
                    "or restart the club after raising the limit"
                )
            table_id = self._next_id()
            table = Table(
                table_id,
                self._new_code(),
                web_game,
                tuple(args),
                f"table-{table_id}-{web_game.name}.json",
                now(),
                options.get("seats") is not None,
            )
            try:
                self._start(table, options, fresh=True)
                self._keep(table)
            except (InputError, StoreError, RecordError) as exc:
                table.stack.close()
                self._forget(table)
                raise Refusal(_words(exc)) from None
            except BaseException:
                table.stack.close()
                self._forget(table)
                raise
            finally:
                connections.recount()  # its files: the connections' budget is read again
            self._add(table)
            self.tell_host(
                f"Table {table_id} opened: {web_game.registration.title}, code {table.code}."
            )
            return table

    def _next_id(self) -> str:
        known = {int(t) for t in self.tables if t.isdigit()}
        for entry in self.directory.iterdir():  # a record left without its match file too
            found = re.fullmatch(r"\.?table-(\d{1,9})[.-].*", entry.name)
            if found:
                known.add(int(found.group(1)))
        return str(max(known, default=0) + 1)

    def _new_code(self) -> str:
        used = {t.code for t in self.tables.values()}
        while True:
            code = "".join(secrets.choice(LETTERS) for _ in range(CODE_LENGTH))
            if code not in used:
                return code

    def _forget(self, table: Table) -> None:
        """A table that could not be opened leaves no match file (its record, if made, is
        the club's to reuse: never, since ids are not reused)."""
        with contextlib.suppress(OSError):
            match_path(self.directory, table.id).unlink()

    def _start(self, table: Table, options: dict[str, Any], fresh: bool) -> None:
        """Serve ``table``: a new game (``fresh``), or the one its record holds."""
        web_game, stack, pools = table.game, table.stack, self.pools
        path = self.directory / table.record
        key = table_key(self.key, table.id)
        base = f"{self.base}/t/{table.id}"
        claims = pools.for_claims if pools is not None else contextlib.nullcontext
        if table.numbered and not path.exists():  # its players name themselves: a lobby
            count = options.pop("seats")
            seating_ = seating(web_game, options, count)
            store = RecordFile(path, fresh=True)
            store.open()
            stack.callback(store.close)

            def named(names: tuple[str | None, ...]) -> None:
                table.names = names
                self._keep(table)

            names = table.names if len(table.names) == count else None
            app = naming_app(
                web_game,
                seating_,
                path,
                store,
                key,
                base,
                stack,
                self.tell_host,
                pools,
                named,
                names,
            )
        else:
            options.pop("seats", None)
            state: Any
            registration = web_game.registration
            if fresh:  # every option checked, --bots too, before a file is made
                values = {o.name: options.get(o.name) for o in registration.options}
                house = tuple(options.get("house") or ())
                record = new_game(web_game.terminal, values, house, options.get("deck"))
                state = record.rebuild()
                computers = bots(registration, options.get("bots"), state.players)
                record = replace(record, computers=computers)
                store, _ = start_record(path, web_game.prefix, record, state)
            else:  # the computer seats the record keeps
                store, record, state = resume_record(path, web_game.kind)
            # Apart, on the club's bounded pool of thinking processes (a club without
            # pools, in tests: in this process).
            thinking = pools.thinking if pools is not None else None
            seats = computer_seats(registration, record.computers, pool=thinking)
            stack.callback(store.close)
            stack.callback(seats.close)
            with claims():
                services = stack.enter_context(web_game.services(record))
            app = build(
                web_game, record, state, store, key, base, services, seats, table.numbered, pools
            )
            if not fresh and app.table is not None:  # the games its rematches finished
                for problem in app.table.recall():
                    self.tell_host(f"Table {table.id}: a finished game is not listed: {problem}")
        app.on_join = lambda number: self._joined(table, number)
        app.join = {"url": self.join_url, "code": table.code, "qr": self.join_qr}
        app.joined |= table.given
        table.app = app
        table.qr = {
            "table": qr_data_uri(app.urls()["table"]),
            "spectator": qr_data_uri(app.urls()["spectator"]),
        }
        if app.computers is not None:
            app.computers.start()
        stack.callback(lambda: app.computers is not None and app.computers.stop())
        stack.callback(lambda: app.table is not None and app.table.close())

    def _keep(self, table: Table) -> None:
        """The table's match file, written whole before anything it says is acknowledged."""
        with table.lock:
            text = json.dumps(table.to_json(), ensure_ascii=False, indent=1) + "\n"
            write_atomically(match_path(self.directory, table.id), text, 0o600)

    def _joined(self, table: Table, number: int) -> None:
        """A seat's phone opened its page (a QR code scanned): /join never hands it out."""
        with table.lock:
            if number in table.given:
                return
            table.given.add(number)
        with contextlib.suppress(StoreError):
            self._keep(table)

    # ------------------------------------------------------------ closing

    def close(self, table_id: str) -> bool:
        """Close a table: its URLs answer 404 from now on, its record stays (False: no
        such table open)."""
        with self.lock:
            table = self.tables.get(table_id)
            if table is None or table.closed:
                return False
            table.closed = True
            with contextlib.suppress(StoreError):
                self._keep(table)
            app, table.app = table.app, None
        if app is not None:
            app.close_sockets()
            if app.table is not None:
                with app.table.lock:  # a command under way is finished and saved first
                    pass
        table.stack.close()
        connections.recount()
        self.tell_host(f"Table {table_id} closed; its record stays: {table.record}.")
        return True

    def shutdown(self) -> None:
        """Every table let go (its computers stopped, its record saved and unlocked)."""
        for table in list(self.tables.values()):
            app = table.app
            if app is not None and app.table is not None:
                with app.table.lock, contextlib.suppress(StoreError):
                    app.table.save(app.table.session.record, app.table.session.game)
            table.stack.close()
        if self.pools is not None:
            self.pools.close()

    # ------------------------------------------------------------ restart

    def restore(self) -> list[str]:
        """Bring back every table of the directory not closed (the same URLs and codes);
        a closed table stays listed as it was. The words of each one that cannot come
        back (its record damaged, say), for the host's terminal."""
        problems = []
        found = []
        for entry in self.directory.iterdir():
            number = re.fullmatch(r"\.table-(\d{1,9})\.json", entry.name)
            if number and entry.is_file() and not entry.is_symlink():
                found.append((int(number.group(1)), entry))
        for _, entry in sorted(found):
            try:
                table = self._read(entry)
            except (OSError, ValueError, KeyError, TypeError) as exc:
                problems.append(f"{entry.name}: not a table's match file ({exc})")
                continue
            self._add(table)
            if table.closed:
                continue
            if not connections.room_for(TABLE_FILES):
                soft, _ = connections.descriptors()
                problems.append(
                    f"table {table.id} ({table.record}): no room for it under this computer's "
                    f"limit of {soft} open files (ulimit -n): raise it, then restart the club"
                )
                continue
            try:
                options = parse(table.game, list(table.argv))
                self._start(table, options, fresh=False)
            except (Refusal, InputError, StoreError, RecordError) as exc:
                table.stack.close()
                table.app = None
                problems.append(f"table {table.id} ({table.record}): {_words(exc)}")
        connections.recount()
        return problems

    def _read(self, path: Path) -> Table:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > 1_000_000:
            raise ValueError("not a small regular file")
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError("not a club table")
        web_game = GAMES[data["game"]]
        record = str(data["record"])
        if "/" in record or record.startswith("."):
            raise ValueError("its record is not a file of this directory")
        code = normal_code(str(data["code"]))
        if code is None or str(data["id"]) != path.name[len(".table-") : -len(".json")]:
            raise ValueError("its code or id is damaged")
        names = tuple(n if isinstance(n, str) else None for n in data.get("names", []))
        given = {int(n) for n in data.get("given", []) if isinstance(n, int)}
        return Table(
            str(data["id"]),
            code,
            web_game,
            tuple(str(a) for a in data["argv"]),
            record,
            str(data.get("created", "")),
            bool(data["numbered"]),
            names,
            given,
            bool(data.get("closed", False)),
        )

    # ------------------------------------------------------------ joining

    def join(self, code_text: str) -> str:
        """The URL of the first seat of the table with this code that nobody has opened or
        been given (kept before it is answered); Refusal saying why there is none."""
        code = normal_code(code_text)
        if code is None:
            raise WrongCode(
                f"a table's code is {CODE_LENGTH} letters (no I or O), as on the table screen"
            )
        with self.lock:
            table = next((t for t in self.open_tables() if t.code == code), None)
            if table is None or table.app is None:
                raise WrongCode(f"no table is open with the code {code}")
            app = table.app
            seats = app.urls()["seats"]
            computers = {n for n, (_, bot) in enumerate(app.seat_names(), 1) if bot}
            seats = dict(seats)
            for number, url in enumerate(seats.values(), 1):
                with table.lock:
                    if number in table.given or number in app.joined or number in computers:
                        continue
                    table.given.add(number)
                try:
                    self._keep(table)
                except StoreError as exc:
                    with table.lock:
                        table.given.discard(number)
                    raise Refusal(f"{exc.message}; try again") from None
                app.mark_joined(number)  # the table screen stops offering it
                return url
            raise Refusal(f"every seat of table {code} has its phone already")

    # ------------------------------------------------------------ what the host sees

    def listing(self) -> list[dict]:
        """Every table not closed, for ``GET /tables`` and the host page: the game it plays
        now, then the games its rematches finished (each a finished game), newest first."""
        listed = []
        for table in self.open_tables():
            app = table.app
            if app is not None:
                listed.append(self.entry(table))
                kept = app.table.kept if app.table is not None else []
                listed += [self.kept_entry(table, app, k) for k in reversed(kept)]
        return listed

    @staticmethod
    def _named_entry(table: Table) -> dict:
        """What names a table in the host's list, for its current game and its kept ones."""
        return {
            "id": table.id,
            "code": table.code,
            "game": table.game.name,
            "title": table.game.registration.title,
        }

    def kept_entry(self, table: Table, app: WebApp, kept: Kept) -> dict:
        """A game a rematch finished at ``table``: its record, and its replay on the TV."""
        names = app.seat_names()
        return {
            **self._named_entry(table),
            "players": [name for name, _ in names],
            "finished": True,
            "record": kept.file,
            "table": app.urls()["table"],
            "spectator": app.replay_url(kept),
            "computers": [name for name, bot in names if bot],
            "result": result_words(kept.view),
            "match": kept.match,
            "events": len(kept.record.events),
            "kept": True,  # the table plays on: closing it is its current game's entry
            "created": kept.record.created,
        }

    def entry(self, table: Table) -> dict:
        app = table.app
        assert app is not None
        urls = app.urls()
        game = app.table.session.game if app.table is not None else None
        view = app.table.view(None) if app.table is not None else None
        names = app.seat_names()
        return {
            **self._named_entry(table),
            "players": [name for name, _ in names] if game is not None else _named(app),
            "finished": bool(game is not None and game.finished),
            "record": table.record,
            "table": urls["table"],
            "spectator": urls["spectator"],
            "seats": urls["seats"],
            "joined": [
                name
                for number, (name, bot) in enumerate(names, 1)
                if bot or number in app.joined or number in table.given
            ],
            "computers": [name for name, bot in names if bot],
            "waiting_for": None if view is None else view.get("waiting_for"),
            "result": None if view is None or not view.get("finished") else result_words(view),
            "naming": app.table is None,  # its phones are still naming their players
            "match": 1 if app.table is None else app.table.session.record.match,
            "events": 0 if app.table is None else len(app.table.session.record.events),
            "qr": table.qr,
            "created": table.created,
            "kept": False,
        }

    def catalogue(self) -> list[dict]:
        """Every game, as the host page's form is built from its registration."""
        return [game_form(web_game) for web_game in GAMES.values()]


def _named(app: WebApp) -> list[str]:
    """The players of a table still naming themselves: the names given so far."""
    assert app.lobby is not None
    return [n for n in app.lobby.names if n is not None]


def result_words(view: dict) -> str:
    """A finished game's result in a few words, from its public view (the game's own words
    where it gives them)."""
    result = view.get("result")
    if isinstance(result, str) and result:
        return result
    winners = view.get("winners")
    if isinstance(winners, list) and winners:
        return " and ".join(map(str, winners)) + (" win" if len(winners) > 1 else " wins")
    winner = view.get("winner")
    if isinstance(winner, str) and winner:
        return f"{winner} wins"
    return "no winner"


def game_form(web_game: WebGame) -> dict:
    """The host page's fields for one game, from its registration and ``serve``'s options."""
    from referee.table.house import allowed_values
    from referee.table.house import describe as describe_rules

    registration = web_game.registration
    options = []
    for param in web_game.options():
        if not isinstance(param, click.Option) or param.name in ("record_path", "house", "deck"):
            continue
        if param.name == "bots":
            continue
        kind = param.type
        field_kind = "text"
        choices: list[str] = []
        if isinstance(kind, click.Choice):
            field_kind, choices = "choice", [str(c) for c in kind.choices]
        elif isinstance(kind, click.types.IntParamType):
            field_kind = "int"
        elif isinstance(kind, click.types.FloatParamType) or "Seconds" in type(kind).__name__:
            field_kind = "number"
        flag = max(param.opts, key=len).lstrip("-")
        options.append(
            {"name": flag, "help": param.help or "", "kind": field_kind, "choices": choices}
        )
    rules = registration.house_rules()
    house = [
        {"name": name, "default": value, "values": allowed_values(rules, name)}
        for name, value in describe_rules(rules)
    ]
    decks = registration.decks
    bots = {
        "levels": list(range(registration.strongest + 1)),
        "default": registration.strongest,
    }
    return {
        "name": web_game.name,
        "title": registration.title,
        "options": options,
        "house": house,
        "decks": list(decks.names) if decks is not None else [],
        "bots": bots,
    }


def _words(exc: BaseException) -> str:
    if isinstance(exc, Refusal):
        return "; ".join(exc.messages)
    if isinstance(exc, click.ClickException):
        return exc.format_message()
    if isinstance(exc, StoreError):
        return exc.message
    if isinstance(exc, RecordError):
        from referee.client.reasons import record_error_words

        return record_error_words(exc)
    return str(exc)


# ------------------------------------------------------------------ the directory


def club_directory(path: Path) -> Path:
    """The club's directory, made 0700 if it is not there; InputError when it cannot be."""
    path = Path(path)
    try:
        if path.is_symlink() or (path.exists() and not path.is_dir()):
            raise InputError(f"{path}: not a directory; give --records a directory")
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{path}: cannot make the club's directory ({exc.strerror})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{path}: cannot write in the club's directory (permission denied)")
    return path


def lock_directory(path: Path) -> int:
    """One club per directory: a lock held while it runs (InputError: another runs)."""
    import fcntl

    lock = path / ".club.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise InputError(f"{path}: another club is running on this directory") from None
    return fd


class JoinLimit:
    """Wrong codes from one address: at most ``most`` a minute, then a wait (a stranger on
    the Wi-Fi cannot try every code; a phone that mistyped waits a little).

    An attempt is counted as it arrives, before its body is read or its code looked up,
    so codes sent at once are held to the limit as codes sent one after another; one that
    was no wrong code (it opened a seat, or found its table full) is then forgiven. At
    most ``addresses`` addresses are remembered: past them the one heard from least
    recently is forgotten (never all of them at once)."""

    def __init__(self, most: int = 10, seconds: float = 60.0, addresses: int = 10_000) -> None:
        self.most = most
        self.seconds = seconds
        self.addresses = addresses
        self.wrong: dict[str, list[float]] = {}  # by address, least recently heard first
        self.lock = threading.Lock()

    def attempt(self, address: str) -> bool:
        """Count an attempt from ``address``; False (not counted) when it has had its most
        this minute."""
        with self.lock:
            now = time.monotonic()
            recent = [t for t in self.wrong.pop(address, []) if t > now - self.seconds]
            allowed = len(recent) < self.most
            if allowed:
                recent.append(now)
            self.wrong[address] = recent  # now the most recently heard
            while len(self.wrong) > self.addresses:
                del self.wrong[next(iter(self.wrong))]
            return allowed

    def forgive(self, address: str) -> None:
        """An attempt of ``address`` was no wrong code: it does not count."""
        with self.lock:
            recent = self.wrong.get(address)
            if recent:
                recent.pop()
            if not recent:
                self.wrong.pop(address, None)
