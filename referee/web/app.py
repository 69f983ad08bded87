"""The web table's HTTP and WebSocket routes (Starlette), and the headers every answer carries.

URLs (``TOKEN``: see :mod:`referee.web.seats`)::

    GET  /seat/TOKEN           a player's page        GET /table/TOKEN   the table screen
    GET  /seat/TOKEN/view      that page's JSON       GET /watch/TOKEN   a spectator's page
    POST /seat/TOKEN/command   one line, said by the seat: {"ok", "messages"}
    POST /seat/TOKEN/check     a statement editor's live parse and card check (a game
                               whose registration declares ``phones.draft``)
    WS   /seat/TOKEN/ws        {"type": "view", "view": ...} after every change,
                               {"type": "thinking"} while the referee works
    GET  /static/app.js, /static/style.css   the package's own assets, nothing else
    GET  /static/game/draw.js, /static/game/style.css   the served game's own drawing
                               (its registration's ``drawing``), where it has one

Every page is the same small HTML shell; all it shows comes from its own
``/view`` (or WebSocket), which is the snapshot the game computed for that
seat (:class:`referee.web.table.WebTable`), so nothing a seat may not see is
ever in a page, a script or a frame. An unknown token is a plain 404.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import Callable
from html import escape as html_escape
from importlib import resources
from urllib.parse import urlsplit

import segno
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from referee.web.computers import ComputerRunner
from referee.web.connections import Held, Sockets
from referee.web.headers import HEADERS, raw_headers
from referee.web.lobby import Lobby
from referee.web.origins import Origins
from referee.web.seats import Door, Doors
from referee.web.table import MAX_COMMAND_BYTES, Kept, WebTable

ROLES = {"seat": "seat", "table": "table", "watch": "spectator"}
PATHS = {role: path for path, role in ROLES.items()}
STATIC = {"app.js": "text/javascript", "style.css": "text/css"}
DRAWING = {"draw.js": "text/javascript", "style.css": "text/css"}  # a game's, in its package
MAX_CHECK_BYTES = 8192

# A request's body (a command, a statement to check) arrives within this many seconds of
# its head, or the request is answered 408 (a silent client holds nothing for long).
BODY_SECONDS = 10.0
# WebSockets: a page keeps one; a few more per door (tabs, a reload's overlap) are let
# in, the oldest of that door closed past them; and all of a table's at most this many.
SOCKETS_PER_DOOR = 4
MAX_SOCKETS = 64

SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>referee: {name}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">{style}
</head>
<body class="{role}" data-title="{title}">
<div id="thinking" hidden>the referee is thinking…</div>
<main id="app"><p class="loading">Connecting to the table…</p></main>
<script src="/static/app.js"></script>{script}
</body>
</html>
"""


class Guarded:
    """Every answer with :data:`HEADERS`, Starlette's own too (an unknown path's 404, a wrong
    method's 405, a fault's 500) and a refused WebSocket's; and every request, HTTP or
    WebSocket, to one of the table's own host names (:mod:`referee.web.origins`), before
    any route or token is looked at. Wraps the whole app, outermost."""

    def __init__(self, app, origins: Origins) -> None:
        self.app = app
        self.origins = origins

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if not self.origins.host_ok(headers):
            await refuse(scope, send, 421, "this table is not served under that host name")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, shut_with_headers(scope, send))
            return

        async def guarded(message) -> None:
            if message["type"] == "http.response.start":
                given = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in raw_headers() if k not in given]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, guarded)


# A WebSocket closed before it was accepted is refused as an HTTP answer: the close's code,
# and the status and words that answer says (any other code: no socket at that path).
SHUT = {1008: (403, "refused"), 1013: (503, "too many connections: try again later")}


def shut_with_headers(scope, send):
    """``send`` for a WebSocket whose refusal carries :data:`HEADERS`: a close before the
    handshake was accepted (Starlette's own, on a path with no socket such as
    ``/static/app.js``, or a full table's) becomes :func:`refuse`'s answer."""
    opened = False

    async def guarded(message) -> None:
        nonlocal opened
        if message["type"] == "websocket.close" and not opened:
            status, text = SHUT.get(message.get("code", 1000), (404, "not found"))
            opened = True  # one answer
            await refuse(scope, send, status, text)
            return
        opened = opened or message["type"] in ("websocket.accept", "websocket.http.response.start")
        await send(message)

    return guarded


async def refuse(scope, send, status: int, text: str) -> None:
    """A plain-text refusal with :data:`HEADERS`, for an HTTP request or a WebSocket's
    handshake (as its HTTP answer, where the server can give one; else a close)."""
    body = (text + "\n").encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *raw_headers()]
    headers.append((b"content-length", str(len(body)).encode("ascii")))
    if scope["type"] == "http":
        prefix = "http.response"
    elif "websocket.http.response" in scope.get("extensions", {}):
        prefix = "websocket.http.response"
    else:
        await send({"type": "websocket.close", "code": 1008})
        return
    await send({"type": f"{prefix}.start", "status": status, "headers": headers})
    await send({"type": f"{prefix}.body", "body": body})


@functools.cache
def _static(name: str) -> str:
    """A static asset's text, read once (a stranger's requests cost no disk)."""
    return resources.files("referee.web").joinpath("static", name).read_text("utf-8")


@functools.cache
def _drawing(package: str, name: str) -> str | None:
    """A game's drawing file ``name`` (:data:`DRAWING`) from its package's ``web/`` folder,
    read once; None when the game has no such file."""
    path = resources.files(package).joinpath("web", name)
    return path.read_text("utf-8") if path.is_file() else None


def _not_found() -> Response:
    return PlainTextResponse("not found", status_code=404, headers=HEADERS)


def view_frame(view: dict) -> str:
    """A view's WebSocket frame as text (what ``send_json`` would send)."""
    return json.dumps({"type": "view", "view": view}, separators=(",", ":"), ensure_ascii=False)


def _json(data: dict, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def url_of(base: str, doors: Doors, door: Door) -> str:
    return f"{base}/{PATHS[door.role]}/{doors.of(door)}"


def qr_data_uri(url: str) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


class WebApp:
    """The routes of one table; ``base``: the URL the phones reach it at (no slash at the end).

    ``table``: the game; or, at a table whose players name themselves, ``lobby`` until
    every seat is named (:mod:`referee.web.lobby`), then the game it began."""

    def __init__(
        self, table: WebTable | None, doors: Doors, base: str, lobby: Lobby | None = None
    ) -> None:
        assert (table is None) != (lobby is None)
        self._table = table
        self.lobby = lobby
        self.listeners = table.listeners if table is not None else lobby.listeners  # type: ignore[union-attr]
        self.doors = doors
        self.base = base
        self.prefix = urlsplit(base).path.rstrip("/")  # a club's table: /t/ID; else nothing
        self.origins = Origins(base)
        self.sockets: dict[Door, list[Held]] = {}  # open ones, oldest first
        self._frames: dict[Door, tuple[tuple, str]] = {}  # each door's last frame, and of what
        self.joined: set[int] = set()  # seats (by number) whose phone has opened its page
        # Each open page's queue (put in the event loop), told what the table says through
        # one call into the loop per change (:meth:`_relay`), not one per page.
        self.pages: list[tuple[asyncio.AbstractEventLoop, Callable[[str], None]]] = []
        self._relaying = False
        # the seats the referee plays (started and stopped by whoever serves the app)
        self.computers: ComputerRunner | None = None
        # told of each seat whose phone opens its page the first time (a club keeps it)
        self.on_join: Callable[[int], None] | None = None
        # a club's table: where a phone joins it by code (its URL, the code, a QR code)
        self.join: dict[str, str] | None = None
        # This table's commands wait their turn here, not in a worker thread: a claim
        # settled at one table holds one thread, never the threads another table needs.
        self.queue = asyncio.Lock()
        # Seats (by number) with a command waiting or under way: a seat says one line at a
        # time, so lines sent at once cannot queue ahead of the other seats (six claims
        # sent together held another seat's `hand` for 28 s).
        self.speaking: set[int] = set()
        self.qr = [qr_data_uri(url_of(base, doors, door)) for door in doors.seats]
        self.routes = Starlette(
            routes=[
                Route("/static/{name}", self.static),
                Route("/static/game/{name}", self.drawing),
                Route("/{path}/{token}", self.page),
                Route("/{path}/{token}/view", self.view),
                Route("/{path}/{token}/command", self.command, methods=["POST"]),
                Route("/{path}/{token}/check", self.check, methods=["POST"]),
                WebSocketRoute("/{path}/{token}/ws", self.socket),
                # a game a rematch finished here, replayed on the TV (a spectator's door)
                Route("/{path}/{token}/match/{match}", self.page),
                Route("/{path}/{token}/match/{match}/view", self.view),
                WebSocketRoute("/{path}/{token}/match/{match}/ws", self.socket),
            ]
        )
        self.routes.router.redirect_slashes = False  # no redirect, least of all before a token
        self.app = Guarded(self.routes, self.origins)

    # ------------------------------------------------------------ doors

    @property
    def table(self) -> WebTable | None:
        """The game (None while the players of a ``--seats`` table are naming themselves)."""
        if self._table is not None:
            return self._table
        return self.lobby.table if self.lobby is not None else None

    @property
    def web_game(self):
        """The game served (the table's, once it has begun)."""
        table = self.table
        if table is not None:
            return table.web_game
        assert self.lobby is not None
        return self.lobby.web_game

    def door(self, path: str, token: str) -> Door | None:
        role = ROLES.get(path)
        if role is None or len(token) > 100:
            return None
        door = self.doors.find(token)
        if door is None or door.role != role:
            return None
        if door.role == "seat" and self.seat_names()[door.number - 1][1]:
            return None  # the referee's own player: what its seat sees is nobody's to open
        table = self.table
        if door.role == "seat" and door.player is None and table is not None:
            return Door("seat", table.players[door.number - 1], door.number)  # named since
        return door

    def kept(self, door: Door | None, match: str | None) -> Kept | None:
        """The game a rematch finished here that ``door`` replays: its match number as
        the URL gives it; None when there is none, or the door is not a spectator's."""
        table = self.table
        if door is None or door.role != "spectator" or table is None or match is None:
            return None
        return next((k for k in table.kept if str(k.match) == match), None)

    def replay_url(self, kept: Kept) -> str:
        """The spectator's page replaying ``kept`` (the host lists it among the finished)."""
        return f"{url_of(self.base, self.doors, Door('spectator'))}/match/{kept.match}"

    def seat_names(self) -> list[tuple[str, bool]]:
        """Each seat in order: (what the first line and the table screen call it, whether
        the referee plays it)."""
        table = self.table
        if table is not None:
            return [(p, p in table.computers) for p in table.players]
        assert self.lobby is not None
        return [(self.lobby.key(n), n in self._lobby_computers()) for n in self._numbers()]

    def _numbers(self) -> range:
        return range(1, len(self.doors.seats) + 1)

    def _lobby_computers(self) -> set[int]:
        assert self.lobby is not None
        return {n for n in self._numbers() if self.lobby.names[n - 1] in self.lobby.computers}

    def urls(self) -> dict:
        """The contract's first line: the table, the spectator and every seat (by its
        player's name; ``seat N`` for a seat whose player has not named themselves yet)."""
        names = self.seat_names()
        return {
            "table": url_of(self.base, self.doors, Door("table")),
            "spectator": url_of(self.base, self.doors, Door("spectator")),
            "seats": {
                name: url_of(self.base, self.doors, door)
                for (name, _), door in zip(names, self.doors.seats, strict=True)
            },
        }

    def view_for(self, door: Door) -> dict:
        """What ``door``'s page may show now: its seat's view, or the public one (before a
        ``--seats`` game begins, the seats and their names); the table screen adds the
        links (and QR codes) of the seats whose phone has not come yet."""
        table = self.table
        if table is not None:
            data = table.view(door.seat)
        else:
            assert self.lobby is not None
            data = self.lobby.view(door.number if door.role == "seat" else None)
        data["role"] = door.role
        if door.role == "spectator" and table is not None:  # a replay steps through these
            data["steps"] = len(table.store_record.events)
        if door.role == "table":
            data["spectator"] = url_of(self.base, self.doors, Door("spectator"))
            if self.join is not None:
                data["join"] = self.join
            data["seats"] = [
                {"name": name, "joined": True, "computer": computer}
                if number in self.joined or computer
                else {
                    "name": name,
                    "joined": False,
                    "url": url_of(self.base, self.doors, seat),
                    "qr": self.qr[number - 1],
                }
                for number, ((name, computer), seat) in enumerate(
                    zip(self.seat_names(), self.doors.seats, strict=True), 1
                )
            ]
        return data

    def frame(self, door: Door) -> str:
        """``door``'s WebSocket frame now, ``{"type": "view", "view": ...}`` as text: made
        once per snapshot for every page of that door (a seat's tabs, the spectators), not
        once per page; the table screen's (which lists who has joined) each time."""
        table = self.table
        key = None if table is None or door.role == "table" else (table.snapshot, table.thinking)
        if key is not None:
            made = self._frames.get(door)
            if made is not None and made[0][0] is key[0] and made[0][1] == key[1]:
                return made[1]
        text = view_frame(self.view_for(door))
        if key is not None:
            self._frames[door] = (key, text)
        return text

    # ------------------------------------------------------------ routes

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _not_found()
        text = _static(name)
        headers = {**HEADERS, "Cache-Control": "no-cache"}
        return Response(text, media_type=STATIC[name], headers=headers)

    def _drawn(self, name: str) -> str | None:
        """The served game's own drawing file ``name``, if it has one."""
        package = self.web_game.registration.drawing
        return None if package is None else _drawing(package, name)

    async def drawing(self, request: Request) -> Response:
        name = request.path_params["name"]
        text = self._drawn(name) if name in DRAWING else None
        if text is None:
            return _not_found()
        headers = {**HEADERS, "Cache-Control": "no-cache"}
        return Response(text, media_type=DRAWING[name], headers=headers)

    async def page(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        match = request.path_params.get("match")
        if door is None or (match is not None and self.kept(door, match) is None):
            return _not_found()
        if door.role == "seat" and door.number not in self.joined:  # opened: a club's /join
            await run_in_threadpool(self.mark_joined, door.number)  # never hands it out
        registration = self.web_game.registration
        html = SHELL.format(
            name=html_escape(registration.name),
            title=html_escape(registration.title),
            role=door.role,
            style=(
                f'\n<link rel="stylesheet" href="{self.prefix}/static/game/style.css">'
                if self._drawn("style.css") is not None
                else ""
            ),
            script=(
                f'\n<script src="{self.prefix}/static/game/draw.js"></script>'
                if self._drawn("draw.js") is not None
                else ""
            ),
        )
        return Response(html, media_type="text/html; charset=utf-8", headers=HEADERS)

    async def view(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None:
            return _not_found()
        step = request.query_params.get("step")
        match = request.path_params.get("match")
        if match is not None:  # a kept game: its end, or a step of it
            kept = self.kept(door, match)
            if kept is None:
                return _not_found()
            return self._step(str(len(kept.record.events)) if step is None else step, kept)
        if door.role == "seat" and door.number not in self.joined:  # a club writes it down
            await run_in_threadpool(self.mark_joined, door.number)
        if step is not None and door.role == "spectator":
            return self._step(step)
        return _json(self.view_for(door))

    def _step(self, step: str, kept: Kept | None = None) -> Response:
        """The public view after event ``step`` of the game at this table (or of ``kept``,
        a game a rematch finished here; 0: before the first), to step through on the TV:
        what every player saw then, never a seat's."""
        table = self.table
        if table is None:  # the players are still naming themselves: nothing played yet
            return _json({"ok": False, "messages": ["the game has not begun"]}, 400)
        record = table.store_record if kept is None else kept.record
        number = int(step) if step.isascii() and step.isdigit() and len(step) < 9 else -1
        if not 0 <= number <= len(record.events):
            message = f"step is a number of events played, from 0 to {len(record.events)}"
            return _json({"ok": False, "messages": [message]}, 400)
        data = table.step_view(number, record)
        data["role"] = "spectator"
        return _json(data)

    async def _body(self, request: Request, limit: int) -> str | None:
        """The body as text; None when it is over ``limit`` bytes; TimeoutError when it does
        not arrive within :data:`BODY_SECONDS`."""
        data = b""
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                data += chunk
                if len(data) > limit:
                    return None
        return data.decode("utf-8")

    async def _read(self, request: Request, limit: int) -> str | None | Response:
        """:meth:`_body`, or the answer when it cannot be read (not UTF-8, too slow, the
        client gone: it hears nothing then, and nothing is logged)."""
        try:
            return await self._body(request, limit)
        except UnicodeDecodeError:
            return _json({"ok": False, "messages": ["the command is not UTF-8 text"]}, 400)
        except TimeoutError:
            return _json({"ok": False, "messages": ["the request came too slowly"]}, 408)
        except ClientDisconnect:
            return Response(status_code=400, headers=HEADERS)

    def _cross_site(self, request: Request) -> Response | None:
        """A command from another site's page is refused (:mod:`referee.web.origins`)."""
        if self.origins.browser_ok(request.headers):
            return None
        message = "commands are taken only from the table's own pages"
        return _json({"ok": False, "messages": [message]}, 403)

    async def command(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None or door.role != "seat":
            return _not_found()
        refused = self._cross_site(request)
        if refused is not None:
            return refused
        line = await self._read(request, MAX_COMMAND_BYTES)
        if isinstance(line, Response):
            return line
        if line is None:
            return _json(
                {"ok": False, "messages": [f"a command is one line (at most {MAX_COMMAND_BYTES})"]},
                413,
            )
        if door.number not in self.joined:  # a script's seat (no page opened) is taken too
            await run_in_threadpool(self.mark_joined, door.number)
        if door.number in self.speaking:
            message = "your last command is still being carried out: wait for its answer"
            return _json({"ok": False, "messages": [message]}, 429)
        self.speaking.add(door.number)
        try:
            async with self.queue:
                if door.seat is None:  # a --seats table's seat, its player not named when asked
                    assert self.lobby is not None
                    answer = await run_in_threadpool(self.lobby.command, door.number, line)
                else:
                    table = self.table
                    assert table is not None
                    answer = await run_in_threadpool(table.command, door.seat, line)
        finally:
            self.speaking.discard(door.number)
        return _json(answer.to_json())

    async def check(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None or door.seat is None:
            return _not_found()
        table = self.table
        if table is None or self.web_game.draft is None:  # a game with a live check, begun
            return _not_found()
        refused = self._cross_site(request)
        if refused is not None:
            return refused
        text = await self._read(request, MAX_CHECK_BYTES)
        if isinstance(text, Response) and text.status_code != 400:
            return text
        try:
            data = json.loads(text) if isinstance(text, str) else None
        except (ValueError, RecursionError):  # not JSON, or nested deeper than json reads
            data = None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("text"), str)
            or not isinstance(data.get("cards"), list)
            or not all(isinstance(c, str) for c in data["cards"])
        ):
            return _json({"ok": False, "stage": "request", "message": "a malformed check"}, 400)
        result = await run_in_threadpool(table.check_play, door.seat, data["cards"], data["text"])
        return _json(result)

    def mark_joined(self, number: int) -> None:
        """Seat ``number`` has its phone (its page opened, or handed out by code): the
        table screen stops offering it, and every page is told. Blocking (a club keeps it
        in its match file): not on the event loop."""
        if number not in self.joined:
            self.joined.add(number)
            if self.on_join is not None:
                self.on_join(number)
            self._tell()  # the table screen drops that seat's code

    def _relay(self, what: str) -> None:
        """What the table says (from any thread), for every open page: one wake-up of the
        event loop for all of them (a wake-up of another thread costs the one saying it
        the interpreter's lock, on a busy machine for milliseconds)."""
        for loop in {loop for loop, _ in list(self.pages)}:  # one, but for tests' clients
            loop.call_soon_threadsafe(self._fan_out, loop, what)

    def _fan_out(self, loop: asyncio.AbstractEventLoop, what: str) -> None:
        for page_loop, put in list(self.pages):
            if page_loop is loop:
                put(what)

    def close_sockets(self) -> None:
        """Close every page's WebSocket (the table is closed: its pages hear nothing more)."""
        for listener in list(self.listeners):
            listener("closed")

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener("changed")

    async def socket(self, websocket: WebSocket) -> None:
        door = self.door(websocket.path_params["path"], websocket.path_params["token"])
        origin = websocket.headers.get("origin")
        match = websocket.path_params.get("match")
        kept = self.kept(door, match)
        if origin is not None and not self.origins.origin_ok(origin):
            await refuse(websocket.scope, websocket.send, 403, "not a door of this table")
            return
        if door is None or (match is not None and kept is None):  # as any unknown URL
            await refuse(websocket.scope, websocket.send, 404, "not a door of this table")
            return

        def shown(door: Door) -> str:
            """What the page shows now, as its frame's text: a kept game's end never changes."""
            if kept is None:
                return self.frame(door)
            assert self.table is not None
            data = self.table.step_view(len(kept.record.events), kept.record)
            return view_frame({**data, "role": "spectator"})

        if sum(len(s) for s in self.sockets.values()) >= MAX_SOCKETS:
            await websocket.close(code=1013)  # try again later
            return
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()

        def listener(what: str) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, what)

        mine = self.sockets.setdefault(door, [])
        while len(mine) >= SOCKETS_PER_DOOR:  # the oldest page of this door gives way
            Sockets.evict(mine.pop(0))
        # Counted from here (a seat's finds room: connections.Sockets), given back below.
        held = Sockets.take(door.role, lambda: listener("evicted"))
        if held is None:
            if not mine:
                self.sockets.pop(door, None)
            await websocket.close(code=1013)  # try again later
            return
        mine.append(held)
        if not self._relaying:  # the first page: the table's words reach the pages from now
            self._relaying = True
            self.listeners.append(self._relay)
        page = (loop, queue.put_nowait)
        self.pages.append(page)
        try:
            await websocket.accept()
            if door.role == "seat" and door.number not in self.joined:
                await run_in_threadpool(self.mark_joined, door.number)
            sent = shown(door)
            await websocket.send_text(sent)
            receiver = asyncio.ensure_future(self._drain(websocket))
            while not receiver.done():
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if getter not in done:
                    getter.cancel()
                    break
                heard = [getter.result()]
                while not queue.empty():  # coalesce: only the newest view matters
                    heard.append(queue.get_nowait())
                if "closed" in heard or "evicted" in heard:  # the table closed; or room
                    with contextlib.suppress(Exception):  # was made for another page
                        await websocket.close(code=1001)
                    break
                what = "changed" if "changed" in heard else heard[-1]
                if what == "thinking":
                    await websocket.send_json({"type": "thinking"})
                    continue
                now = self.door(websocket.path_params["path"], websocket.path_params["token"])
                if now is None:  # pragma: no cover - a door is never taken away
                    break
                frame = shown(now)  # a --seats seat's player, once named
                if frame != sent:  # a frame only when what this page shows changed
                    sent = frame
                    await websocket.send_text(frame)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            Sockets.give(held)
            self.pages.remove(page)
            with contextlib.suppress(ValueError):
                mine.remove(held)
            if not mine and self.sockets.get(door) is mine:
                self.sockets.pop(door, None)

    @staticmethod
    async def _drain(websocket: WebSocket) -> None:
        """Read (and ignore) what the page sends, until it goes away."""
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
        except (WebSocketDisconnect, RuntimeError):
            return
