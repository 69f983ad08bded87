"""The web table's HTTP and WebSocket routes (Starlette), and the headers every answer carries.

URLs (``TOKEN``: see :mod:`referee.web.seats`)::

    GET  /seat/TOKEN           a player's page        GET /table/TOKEN   the table screen
    GET  /seat/TOKEN/view      that page's JSON       GET /watch/TOKEN   a spectator's page
    POST /seat/TOKEN/command   one line, said by the seat: {"ok", "messages"}
    POST /seat/TOKEN/check     Palmer's statement editor: the live parse and card check
    WS   /seat/TOKEN/ws        {"type": "view", "view": ...} after every change,
                               {"type": "thinking"} while the referee works
    GET  /static/app.js, /static/style.css   the package's own assets, nothing else

Every page is the same small HTML shell; all it shows comes from its own
``/view`` (or WebSocket), which is the snapshot the game computed for that
seat (:class:`referee.web.table.WebTable`), so nothing a seat may not see is
ever in a page, a script or a frame. An unknown token is a plain 404.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from urllib.parse import urlsplit

import segno
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from referee.web.seats import Door, Doors
from referee.web.table import MAX_COMMAND_BYTES, WebTable

ROLES = {"seat": "seat", "table": "table", "watch": "spectator"}
PATHS = {role: path for path, role in ROLES.items()}
STATIC = {"app.js": "text/javascript", "style.css": "text/css"}
MAX_CHECK_BYTES = 8192

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}

SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>referee: {title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
</head>
<body class="{role}">
<div id="thinking" hidden>the referee is thinking…</div>
<main id="app"><p class="loading">Connecting to the table…</p></main>
<script src="/static/app.js"></script>
</body>
</html>
"""


class Guarded:
    """Every HTTP answer with :data:`HEADERS`, those of Starlette itself too (an unknown
    path's 404, a wrong method's 405, a fault's 500): wraps the whole app, outermost."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message) -> None:
            if message["type"] == "http.response.start":
                given = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.lower().encode("latin-1"), v.encode("latin-1"))
                    for k, v in HEADERS.items()
                    if k.lower().encode("latin-1") not in given
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, guarded)


def _not_found() -> Response:
    return PlainTextResponse("not found", status_code=404, headers=HEADERS)


def _json(data: dict, status: int = 200) -> Response:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def url_of(base: str, doors: Doors, door: Door) -> str:
    return f"{base}/{PATHS[door.role]}/{doors.of(door)}"


def qr_data_uri(url: str) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


class WebApp:
    """The routes of one table; ``base``: the URL the phones reach it at (no slash at the end)."""

    def __init__(self, table: WebTable, doors: Doors, base: str) -> None:
        self.table = table
        self.doors = doors
        self.base = base
        self.joined: set[str] = set()  # seats whose phone has opened its page
        self.qr = {p: qr_data_uri(url_of(base, doors, Door("seat", p))) for p in table.players}
        self.routes = Starlette(
            routes=[
                Route("/static/{name}", self.static),
                Route("/{path}/{token}", self.page),
                Route("/{path}/{token}/view", self.view),
                Route("/{path}/{token}/command", self.command, methods=["POST"]),
                Route("/{path}/{token}/check", self.check, methods=["POST"]),
                WebSocketRoute("/{path}/{token}/ws", self.socket),
            ]
        )
        self.app = Guarded(self.routes)

    # ------------------------------------------------------------ doors

    def door(self, path: str, token: str) -> Door | None:
        role = ROLES.get(path)
        if role is None or len(token) > 100:
            return None
        door = self.doors.find(token)
        if door is None or door.role != role:
            return None
        return door

    def urls(self) -> dict:
        """The contract's first line: the table, the spectator and every seat."""
        return {
            "table": url_of(self.base, self.doors, Door("table")),
            "spectator": url_of(self.base, self.doors, Door("spectator")),
            "seats": {
                p: url_of(self.base, self.doors, Door("seat", p)) for p in self.table.players
            },
        }

    def view_for(self, door: Door) -> dict:
        """What ``door``'s page may show now: its seat's view, or the public one; the table
        screen adds the links (and QR codes) of the seats whose phone has not come yet."""
        data = self.table.view(door.seat)
        data["role"] = door.role
        if door.role == "table":
            data["spectator"] = url_of(self.base, self.doors, Door("spectator"))
            data["seats"] = [
                {"name": p, "joined": True}
                if p in self.joined
                else {
                    "name": p,
                    "joined": False,
                    "url": url_of(self.base, self.doors, Door("seat", p)),
                    "qr": self.qr[p],
                }
                for p in self.table.players
            ]
        return data

    # ------------------------------------------------------------ routes

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _not_found()
        text = resources.files("referee.web").joinpath("static", name).read_text("utf-8")
        headers = {**HEADERS, "Cache-Control": "no-cache"}
        return Response(text, media_type=STATIC[name], headers=headers)

    async def page(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None:
            return _not_found()
        html = SHELL.format(title=self.table.web_game.name, role=door.role)
        return Response(html, media_type="text/html; charset=utf-8", headers=HEADERS)

    async def view(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None:
            return _not_found()
        if door.seat is not None:
            self._join(door.seat)
        return _json(self.view_for(door))

    async def _body(self, request: Request, limit: int) -> str | None:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                return None
        return data.decode("utf-8")

    async def command(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None or door.seat is None:
            return _not_found()
        try:
            line = await self._body(request, MAX_COMMAND_BYTES)
        except UnicodeDecodeError:
            return _json({"ok": False, "messages": ["the command is not UTF-8 text"]}, 400)
        if line is None:
            return _json(
                {"ok": False, "messages": [f"a command is one line (at most {MAX_COMMAND_BYTES})"]},
                413,
            )
        answer = await run_in_threadpool(self.table.command, door.seat, line)
        return _json(answer.to_json())

    async def check(self, request: Request) -> Response:
        door = self.door(request.path_params["path"], request.path_params["token"])
        if door is None or door.seat is None:
            return _not_found()
        if self.table.web_game.draft is None:  # only a game with a live check has one
            return _not_found()
        try:
            text = await self._body(request, MAX_CHECK_BYTES)
            data = json.loads(text) if text is not None else None
        except (UnicodeDecodeError, ValueError):
            data = None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("text"), str)
            or not isinstance(data.get("cards"), list)
            or not all(isinstance(c, str) for c in data["cards"])
        ):
            return _json({"ok": False, "stage": "request", "message": "a malformed check"}, 400)
        result = await run_in_threadpool(
            self.table.check_play, door.seat, data["cards"], data["text"]
        )
        return _json(result)

    def _join(self, seat: str) -> None:
        if seat not in self.joined:
            self.joined.add(seat)
            self.table._tell("changed")  # the table screen drops that seat's code

    async def socket(self, websocket: WebSocket) -> None:
        door = self.door(websocket.path_params["path"], websocket.path_params["token"])
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host")
        if door is None or (origin is not None and urlsplit(origin).netloc != host):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()

        def listener(what: str) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, what)

        self.table.listeners.append(listener)
        if door.seat is not None:
            self._join(door.seat)
        try:
            await websocket.send_json({"type": "view", "view": self.view_for(door)})
            receiver = asyncio.ensure_future(self._drain(websocket))
            while not receiver.done():
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if getter not in done:
                    getter.cancel()
                    break
                what = getter.result()
                while not queue.empty():  # coalesce: only the newest view matters
                    what = "changed" if "changed" in (what, queue.get_nowait()) else what
                if what == "thinking":
                    await websocket.send_json({"type": "thinking"})
                else:
                    await websocket.send_json({"type": "view", "view": self.view_for(door)})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.table.listeners.remove(listener)

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
