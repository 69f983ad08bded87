"""The club's routes: the host's page and its JSON, joining by code, and every table.

URLs (``TOKEN``: the host's, an HMAC under the club's key; ``ID``: a table's)::

    GET  /host/TOKEN                     the host's page (the laptop's)
    GET  /host/TOKEN/games               every game, as the host page's form is built
    GET  /host/TOKEN/tables              {"tables": [{"id", "code", "game", "players",
                                         "finished", "record", "table", "spectator"}, ...]}
    POST /host/TOKEN/tables              a table's settings (JSON) -> {"id", "code", "game",
                                         "table", "spectator", "seats"}, or 400 {"ok": false,
                                         "messages"}
    POST /host/TOKEN/tables/ID/close     {"ok": true}; the table's URLs answer 404 from then
    GET  /join                           a page with one field: the table's code
    POST /join                           the code -> {"ok": true, "seat": URL} or {"ok":
                                         false, "messages"}
    *    /t/ID/...                       table ID, as ``referee serve`` serves one table
                                         (:class:`referee.web.app.WebApp`)

Every request names one of the club's host names (:mod:`referee.web.origins`, before any
route); a POST from a browser must come from the club's own pages (``Origin``); wrong
codes from one address are limited (:class:`referee.web.club.JoinLimit`). Every answer
carries the security headers.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
from html import escape as html_escape

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from referee.web.app import BODY_SECONDS, Guarded, _json, _not_found, _static, refuse
from referee.web.club import Club, JoinLimit, Refusal, WrongCode
from referee.web.headers import HEADERS
from referee.web.origins import Origins

MAX_SPEC_BYTES = 16 * 1024
MAX_CODE_BYTES = 64
STATIC = {
    "app.js": "text/javascript",
    "style.css": "text/css",
    "host.js": "text/javascript",
    "join.js": "text/javascript",
    "club.css": "text/css",
}
TABLE_PATH = re.compile(r"/t/([0-9]{1,9})(?:/|$)")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>referee: {title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/club.css">
</head>
<body class="{role}">
{body}
<script src="/static/{script}"></script>
</body>
</html>
"""

JOIN_BODY = """<main id="join">
<h1>Join a table</h1>
<form id="join-form" autocomplete="off">
<label for="code">The table's code (four letters, on the table screen)</label>
<input id="code" name="code" maxlength="4" autocapitalize="characters" autocomplete="off"
 spellcheck="false" inputmode="text" placeholder="ABCD" required>
<button type="submit" class="primary">Join</button>
</form>
<p id="said" role="status" aria-live="polite"></p>
</main>"""

HOST_BODY = """<main id="host">
<header><h1>The club</h1>
<p class="join-line">Phones join at <a id="join-url" href="{join}">{join}</a>
 with a table's code.</p>
<img id="join-qr" src="{qr}" alt="QR code of the join page" width="148" height="148"></header>
<section id="open"><h2>Open a table</h2><form id="new-table" autocomplete="off"></form>
<p id="said" role="status" aria-live="polite"></p></section>
<section id="tables"><h2>Open tables</h2><div id="open-tables"></div></section>
<section id="finished"><h2>Finished games</h2><div id="finished-games"></div></section>
</main>"""


def _page(title: str, role: str, body: str, script: str) -> Response:
    html = PAGE.format(title=title, role=role, body=body, script=script)
    return Response(html, media_type="text/html; charset=utf-8", headers=HEADERS)


class ClubApp:
    """The club's ASGI app (``app``): its own routes, and each table's under ``/t/ID``."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.origins = Origins(club.base)
        self.limit = JoinLimit()
        self.join_qr = club.join_qr
        self.routes = Starlette(
            routes=[
                Route("/static/{name}", self.static),
                Route("/join", self.join_page, methods=["GET"]),
                Route("/join", self.join, methods=["POST"]),
                Route("/host/{token}", self.host_page),
                Route("/host/{token}/games", self.games),
                Route("/host/{token}/tables", self.tables, methods=["GET", "POST"]),
                Route("/host/{token}/tables/{id}/close", self.close, methods=["POST"]),
            ]
        )
        self.routes.router.redirect_slashes = False
        self.app = Guarded(self.dispatch, self.origins)

    async def dispatch(self, scope, receive, send) -> None:
        """A table's path to that table's app (its URLs under ``/t/ID``), the rest here; a
        closed or unknown table's path, and a WebSocket anywhere else, is a 404 with the
        headers."""
        path = scope.get("path", "")
        found = TABLE_PATH.match(path)
        if found is not None:
            table = self.club.tables.get(found.group(1))
            app = None if table is None or table.closed else table.app
            if app is None:
                await refuse(scope, send, 404, "not found")
                return
            root = scope.get("root_path", "") + f"/t/{table.id}"  # type: ignore[union-attr]
            await app.routes({**scope, "root_path": root}, receive, send)
            return
        if scope["type"] == "websocket":
            await refuse(scope, send, 404, "not found")
            return
        await self.routes(scope, receive, send)

    # ------------------------------------------------------------ pages and assets

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _not_found()
        headers = {**HEADERS, "Cache-Control": "no-cache"}
        return Response(_static(name), media_type=STATIC[name], headers=headers)

    async def join_page(self, request: Request) -> Response:
        return _page("join a table", "join", JOIN_BODY, "join.js")

    def _host(self, request: Request) -> bool:
        given = request.path_params["token"]
        return len(given) < 100 and hmac.compare_digest(
            given.encode("utf-8", "replace"), self.club.token.encode()
        )

    async def host_page(self, request: Request) -> Response:
        if not self._host(request):
            return _not_found()
        join = html_escape(self.club.join_url)
        body = HOST_BODY.format(join=join, qr=html_escape(self.join_qr))
        return _page("the club", "host", body, "host.js")

    # ------------------------------------------------------------ the host's JSON

    def _cross_site(self, request: Request) -> Response | None:
        if self.origins.browser_ok(request.headers):
            return None
        return _json({"ok": False, "messages": ["taken only from the club's own pages"]}, 403)

    async def games(self, request: Request) -> Response:
        if not self._host(request):
            return _not_found()
        return _json({"games": self.club.catalogue()})

    async def tables(self, request: Request) -> Response:
        if not self._host(request):
            return _not_found()
        if request.method == "GET":
            return _json({"tables": self.club.listing()})
        refused = self._cross_site(request)
        if refused is not None:
            return refused
        body = await _body(request, MAX_SPEC_BYTES)
        if isinstance(body, Response):
            return body
        try:
            spec = json.loads(body)
        except ValueError:
            return _json({"ok": False, "messages": ["the body is not JSON"]}, 400)
        except RecursionError:  # json's own guard: nested deeper than it reads
            return _json({"ok": False, "messages": ["the body is nested too deeply"]}, 400)
        try:
            table = await run_in_threadpool(self.club.open, spec)
        except Refusal as exc:
            return _json({"ok": False, "messages": list(exc.messages)}, 400)
        assert table.app is not None
        urls = table.app.urls()
        return _json(
            {
                "id": table.id,
                "code": table.code,
                "game": table.game.name,
                "table": urls["table"],
                "spectator": urls["spectator"],
                "seats": urls["seats"],
            }
        )

    async def close(self, request: Request) -> Response:
        if not self._host(request):
            return _not_found()
        refused = self._cross_site(request)
        if refused is not None:
            return refused
        table_id = request.path_params["id"]
        closed = await run_in_threadpool(self.club.close, table_id)
        if not closed:
            return _json({"ok": False, "messages": [f"no table {table_id[:20]} is open"]}, 404)
        return _json({"ok": True})

    # ------------------------------------------------------------ joining

    async def join(self, request: Request) -> Response:
        refused = self._cross_site(request)
        if refused is not None:
            return refused
        address = request.client.host if request.client is not None else ""
        if not self.limit.attempt(address):  # counted before anything is awaited
            message = "too many wrong codes from this phone: wait a minute, then try again"
            return _json({"ok": False, "messages": [message]}, 429)
        body = await _body(request, MAX_CODE_BYTES)
        if isinstance(body, Response):
            return body
        try:
            seat = await run_in_threadpool(self.club.join, body)
        except WrongCode as exc:  # it stays counted
            return _json({"ok": False, "messages": list(exc.messages)})
        except Refusal as exc:  # the table is full: no wrong code
            self.limit.forgive(address)
            return _json({"ok": False, "messages": list(exc.messages)})
        self.limit.forgive(address)
        return _json({"ok": True, "seat": seat})


async def _body(request: Request, limit: int) -> str | Response:
    """The body as text, or the answer when it cannot be read (too long, not UTF-8, too
    slow, the client gone)."""
    data = b""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                data += chunk
                if len(data) > limit:
                    return _json({"ok": False, "messages": [f"at most {limit} bytes"]}, 413)
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _json({"ok": False, "messages": ["the body is not UTF-8 text"]}, 400)
    except TimeoutError:
        return _json({"ok": False, "messages": ["the request came too slowly"]}, 408)
    except ClientDisconnect:
        return Response(status_code=400, headers=HEADERS)
