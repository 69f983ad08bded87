"""``referee bot SEAT_URL``: a computer player that plays one seat of a web table.

It holds nothing but the seat's URL and uses only what a phone uses: the seat's
``/view`` (which lists the seat's legal moves as ``you.legal``), ``/command``
and the WebSocket that says when the view changed. So it cannot see more than
a player in that seat, whoever wrote the table it plays at. It plays until the
view says the game is finished (a player who is out waits until then), one
line per move on standard output, and exits 0; a URL that is no seat's exits 2;
a server that goes away mid-game exits 1.

People point it at servers they do not run, so every answer is read as a
stranger's: each request has a deadline, a reset connection is tried again a few
times, an answer is read up to a bound (its size, its JSON's depth, the shape of a
seat's view, the frames of a WebSocket), a redirect is followed only on the seat's
own origin, and whatever is wrong is one line (exit 1), never a traceback.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import ssl
import textwrap
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from importlib import resources
from typing import Any
from urllib.parse import urljoin, urlsplit

import click

from referee.client.common import InputError
from referee.client.safe import escape_invisible
from referee.language.characters import shortened
from referee.language.names import name_key

# Seconds to wait for a change before asking the view again (a lost WebSocket frame).
POLL_SECONDS = 2.0
# Seconds a player may think between its turns before it looks for the table's change
# (it reuses what it learnt at its turn; a question under way may add a second).
PONDER_SECONDS = 1.0
# A player refused this many times in a row plays only the listed moves from then on.
MAX_REFUSED = 3

# Every answer is read as a stranger's: the server is anyone's (issue 35).
# Seconds one request may take, connection to last byte (a server that drips a byte at
# a time is cut off there).
REQUEST_SECONDS = 20.0
# A connection reset or refused, or an answer not in time, is tried again this often,
# after these pauses, before the table counts as gone.
RETRY_PAUSES = (0.5, 1.0, 2.0)
# The most of an answer (a view, a command's answer, a WebSocket frame) read.
MAX_ANSWER_BYTES = 4 * 1024 * 1024
# WebSocket frames that bring nothing new, in one wait, before the flood is stopped.
MAX_IDLE_FRAMES = 200
# Redirects followed, on the seat's own origin only.
MAX_REDIRECTS = 3
# A legal line longer than a seat may say is not a line of this game.
MAX_LINE_CHARS = 4096
# How much of what the server says a line of output quotes.
SAID_CHARS = 200
# A seat's path: ``serve``'s ``/seat/TOKEN``, or a club table's ``/t/ID/seat/TOKEN``.
SEAT_PATH = re.compile(r"(?:/t/[0-9]{1,9})?/seat/[^/]+")
NOT_A_SEAT = (
    "not a seat's URL (http://HOST:PORT/seat/TOKEN, at a club http://HOST:PORT/t/ID/seat/TOKEN)"
)


class NoSeat(InputError):
    exit_code = 2


class Gone(InputError):
    exit_code = 1


class Unreadable(InputError):
    """An answer no table of this referee sends: too large, too deep, of the wrong shape,
    a redirect elsewhere, a flood."""

    exit_code = 1


class _Lost(Exception):
    """The connection failed (reset, refused, not answered in time): worth trying again."""


class _Status(Exception):
    """The server answered with a status that is not an answer to read."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def status_words(status: int) -> str:
    """What the server refused, said by its status (never its own words for it)."""
    try:
        name = f"HTTP {status} {HTTPStatus(status).phrase}"
    except ValueError:
        name = f"HTTP {status}"
    said = {
        404: "no seat there",
        421: "the server refused the address the request named (not the host and port "
        "it serves): use the seat's URL as `referee serve` printed it",
        403: "the server refused the request",
        408: "the server gave up waiting for the request",
        413: "the server refused the request as too large",
        431: "the server refused the request's headers as too large",
    }.get(status)
    if said is None:
        said = "the server failed" if status >= 500 else "the server refused the request"
    return f"{said} ({name})"


def _origin(url: str) -> tuple[str, str, int]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, (parts.hostname or "").lower(), port


class SeatClient:
    """The seat's three doors, over HTTP and a WebSocket, every answer bounded: its size,
    its depth, its shape, its time, and where it may send the client."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url.rstrip("/"))
        if parts.scheme not in ("http", "https") or not SEAT_PATH.fullmatch(parts.path):
            raise NoSeat(f"{url}: {NOT_A_SEAT}")
        try:
            self.origin = _origin(url)
        except ValueError:
            raise NoSeat(f"{url}: {NOT_A_SEAT}") from None
        self.url = f"{parts.scheme}://{parts.netloc}{parts.path}"
        scheme = "wss" if parts.scheme == "https" else "ws"
        self.ws_url = f"{scheme}://{parts.netloc}{parts.path}/ws"
        self.socket: Any = None  # the WebSocket, once open

    # -- one request, bounded
    def _exchange(self, method: str, url: str, body: bytes | None = None) -> tuple[int, bytes]:
        """(status, body) of one request to ``url`` (the seat's origin), redirects on that
        origin followed; within :data:`REQUEST_SECONDS`, at most
        :data:`MAX_ANSWER_BYTES` read."""
        for _ in range(MAX_REDIRECTS + 1):
            status, location, data = self._once(method, url, body)
            if status not in (301, 302, 303, 307, 308) or location is None:
                return status, data
            target = urljoin(url, location)
            try:
                same = _origin(target) == self.origin
            except ValueError:
                same = False
            if not same:
                raise Unreadable(
                    f"the server sent the seat elsewhere ({shortened(escape_invisible(target))}, "
                    f"{status_words(status)}): not followed, off the seat's address"
                )
            url = target
        raise Unreadable(f"the server redirected more than {MAX_REDIRECTS} times")

    def _once(self, method: str, url: str, body: bytes | None):
        scheme, host, port = self.origin
        path = urlsplit(url).path or "/"
        if scheme == "https":
            conn: http.client.HTTPConnection = http.client.HTTPSConnection(
                host, port, timeout=REQUEST_SECONDS, context=ssl.create_default_context()
            )
        else:
            conn = http.client.HTTPConnection(host, port, timeout=REQUEST_SECONDS)
        expired = threading.Event()

        def cut() -> None:  # the deadline: whatever the server is doing, stop reading it
            expired.set()
            sock = conn.sock
            if sock is not None:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        timer = threading.Timer(REQUEST_SECONDS, cut)
        timer.daemon = True
        timer.start()
        try:
            headers = {"Content-Type": "text/plain; charset=utf-8"} if body is not None else {}
            conn.request(method, path, body=body, headers=headers)
            answer = conn.getresponse()
            length = answer.getheader("Content-Length")
            if length is not None and length.strip().isdigit():
                if int(length) > MAX_ANSWER_BYTES:
                    raise self._too_large(int(length))
            data = answer.read(MAX_ANSWER_BYTES + 1)
            if expired.is_set():  # cut off: what was read is not the whole answer
                raise _Lost(f"no answer within {REQUEST_SECONDS:g} s")
            if len(data) > MAX_ANSWER_BYTES:
                raise self._too_large(None)
            return answer.status, answer.getheader("Location"), data
        except (OSError, http.client.HTTPException) as exc:
            if expired.is_set():
                raise _Lost(f"no answer within {REQUEST_SECONDS:g} s") from None
            if isinstance(exc, (http.client.LineTooLong, http.client.HTTPException)) and not (
                isinstance(exc, http.client.RemoteDisconnected)
                or isinstance(exc, http.client.IncompleteRead)
            ):
                raise Unreadable(f"the server's answer is not HTTP ({_why(exc)})") from None
            raise _Lost(_why(exc)) from None
        finally:
            timer.cancel()
            conn.close()

    @staticmethod
    def _too_large(length: int | None) -> Unreadable:
        size = f"{length / 2**20:.0f} MiB" if length is not None else "more"
        return Unreadable(
            f"the server's answer is too large ({size}; at most "
            f"{MAX_ANSWER_BYTES // 2**20} MiB is read): not read"
        )

    def _request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        """``_exchange``, tried again after a reset, a refusal, a silence or a server
        busy restarting (502, 503, 504), :data:`RETRY_PAUSES` apart."""
        for pause in (*RETRY_PAUSES, None):
            try:
                status, data = self._exchange(method, self.url + path, body)
                if status in (502, 503, 504):
                    raise _Lost(status_words(status))
                return status, data
            except _Lost as exc:
                if pause is None:
                    tries = len(RETRY_PAUSES) + 1
                    raise Gone(f"the table went away ({exc}; tried {tries} times)") from None
                time.sleep(pause)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- the three doors
    def view(self) -> dict:
        status, data = self._request("GET", "/view")
        if status != 200:
            raise _Status(status)
        return seat_view(read_json(data, "view"))

    def say(self, line: str) -> dict | None:
        """The table's answer to ``line`` ({"ok", "messages"}); a refusal the server
        answered with a status is an answer too. None: no answer came (the line is never
        sent twice: it may have been heard, and the view says whether it was)."""
        try:
            status, data = self._exchange("POST", self.url + "/command", line.encode("utf-8"))
        except _Lost:
            return None
        try:
            answer = read_json(data, "answer")
        except Unreadable:
            if status == 200:
                raise
            answer = None
        if status in (404, 421) or not isinstance(answer, dict):
            if status == 200:
                raise Unreadable("the server's answer to a command is not {ok, messages}")
            return {"ok": False, "messages": [status_words(status)]}
        messages = answer.get("messages")
        said = [m for m in messages if isinstance(m, str)] if isinstance(messages, list) else []
        return {"ok": answer.get("ok") is True, "messages": said}

    def wait(self, version: int) -> dict | None:
        """The view once it is newer than ``version`` (from a WebSocket frame), or None after
        :data:`POLL_SECONDS` without one (the caller asks ``/view`` then)."""
        from websockets.exceptions import WebSocketException

        deadline = time.monotonic() + POLL_SECONDS
        idle = 0
        try:
            if self.socket is None:
                self.socket = self._connect()
            while (left := deadline - time.monotonic()) > 0:
                frame = read_json(self.socket.recv(timeout=left), "WebSocket frame")
                if not isinstance(frame, dict):
                    raise Unreadable("the server's WebSocket frame is not an object")
                if frame.get("type") == "view":
                    view = seat_view(frame.get("view"))
                    if view.get("version", 0) > version:
                        return view
                idle += 1
                if idle > MAX_IDLE_FRAMES:
                    raise Unreadable(
                        f"the server sent more than {MAX_IDLE_FRAMES} WebSocket frames in "
                        f"{POLL_SECONDS:g} s with nothing new: a flood, not a table"
                    )
        except (TimeoutError, OSError, WebSocketException, ValueError):
            self.close()
            time.sleep(max(0.0, min(0.5, deadline - time.monotonic())))
        except Unreadable:
            self.close()
            raise
        return None

    def _connect(self):
        """The seat's WebSocket on a connection opened here to the seat's own host and port
        (so that a redirect elsewhere is never followed, nor a proxy used)."""
        from websockets.sync.client import connect

        scheme, host, port = self.origin
        sock = socket.create_connection((host, port), timeout=5)
        tls = ssl.create_default_context() if scheme == "https" else None
        try:
            opened = connect(
                self.ws_url,
                sock=sock,
                ssl=tls,
                server_hostname=host if tls else None,
                open_timeout=5,
                close_timeout=1,  # a server that floods never closes politely
                max_size=MAX_ANSWER_BYTES,
            )
            return opened.__enter__()  # the connection (as `with connect(...)` gives it)
        except BaseException:
            sock.close()
            raise

    def close(self) -> None:
        if self.socket is not None:
            try:
                self.socket.close()
            except Exception:  # noqa: BLE001 - closing a socket that is already gone
                pass
            self.socket = None


def read_json(data: bytes | str, what: str) -> Any:
    """``data`` as JSON, or one line saying why not (not UTF-8, not JSON, nested too deep
    for any view)."""
    if len(data) > MAX_ANSWER_BYTES:
        raise Unreadable(f"the server's {what} is too large: not read")
    try:
        return json.loads(data)
    except RecursionError:
        raise Unreadable(f"the server's {what} is nested too deep to be a view") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise Unreadable(f"the server's {what} is not JSON ({_why(exc)})") from None


def seat_view(data: object) -> dict:
    """``data`` checked as a seat's view where it enters: the fields every game's view
    shares have their types (the game's own are its player's to read)."""

    def wrong(field: str, should: str) -> Unreadable:
        return Unreadable(f"the server's view is not a seat's view: {field} {should}")

    if not isinstance(data, dict):
        raise wrong("it", "is not an object")
    for field, kind, should in (
        ("game", str, "is not a name"),
        ("role", str, "is not a name"),
        ("version", int, "is not a number"),
        ("finished", bool, "is not true or false"),
        ("you", dict, "is not an object"),
        ("ending", list, "is not a list"),
    ):
        value = data.get(field)
        if value is not None and (
            not isinstance(value, kind) or isinstance(value, bool) != (kind is bool)
        ):
            raise wrong(repr(field), should)
    you = data.get("you") or {}
    name = you.get("name", "")
    if name is not None and not isinstance(name, str):  # None: a seat not named yet
        raise wrong("'you.name'", "is not a name")
    lines = you.get("legal", [])
    if not isinstance(lines, list) or not all(
        isinstance(line, str) and len(line) <= MAX_LINE_CHARS for line in lines
    ):
        raise wrong("'you.legal'", "is not a list of lines a seat may say")
    return data


def level_name(level: int) -> str:
    """The name a computer player of ``level`` takes at a seat whose player names
    themselves, when given none (``bot2``: one word, no game's notation)."""
    return f"bot{level}"


def take_seat(client: SeatClient, view: dict, name: str, own: bool = True) -> dict:
    """A seat whose player names themselves (``serve --seats``): named ``name`` (NoSeat
    with the table's words when it refuses), then the view once the game has begun (every
    seat named). A name not the user's own (``own`` false: its level's, ``bot2``) gives way
    to ``bot2b``, ``bot2c``, ... where another seat has it, so bots fill every seat."""
    you = view.get("you") or {}
    tries = [name] if own else [name] + [f"{name}{c}" for c in "bcdefghijklmnopqrstuvwxyz"]
    while you.get("name") is None:
        taken = {
            name_key(str(s.get("name")))
            for s in view.get("naming") or ()
            if isinstance(s, dict) and s.get("name")
        }
        name = next((n for n in tries if name_key(n) not in taken), tries[-1])
        answer = client.say(f"name {name}")
        if answer is not None and not answer["ok"]:
            view = client.view()
            you = view.get("you") or {}
            if own or name == tries[-1] or not view.get("naming"):
                said = "; ".join(str(m) for m in answer["messages"] or ["refused"])
                raise NoSeat(f"{client.url}: the name {name} was refused: {shortened(said, 200)}")
            tries = tries[tries.index(name) + 1 :]  # taken meanwhile: the next one
            continue
        break
    view = client.view()
    while view.get("naming"):  # the others are still naming themselves
        newer = client.wait(int(view.get("version", 0)))
        view = newer if newer is not None else client.view()
    return view


def play_seat(
    url: str,
    level: int | None,
    seed: int | None,
    out: Callable[[str], None],
    name: str | None = None,
) -> None:
    from referee.games import by_name
    from referee.table.computer import RandomPlayer, agrees_to_end, legal, ponder

    client = SeatClient(url)
    try:
        view = client.view()
    except _Status as exc:
        if exc.status >= 500:
            raise Gone(f"{url}: {status_words(exc.status)}") from None
        raise NoSeat(f"{url}: {status_words(exc.status)}") from None
    except Gone as exc:
        raise NoSeat(f"{url}: the table cannot be reached ({exc.message})") from None
    game = by_name(str(view.get("game")))
    if view.get("role") != "seat" or game is None:
        raise NoSeat(f"{url}: not a seat of a game this referee knows")
    player = game.player(level, seed)
    refused = unanswered = 0
    try:
        if view.get("naming"):  # a seat whose player names themselves: this one's name first
            chosen = name or level_name(game.strongest if level is None else level)
            view = take_seat(client, view, chosen, own=name is not None)
        while not view.get("finished"):
            seat = str(view.get("you", {}).get("name", ""))
            line = _reading(game.name, player.choose, view) if legal(view) else None
            if agrees_to_end(view, seat):
                line = "end"
            if line is None:
                # Between turns: think about the board (this seat's view) for a moment.
                until = time.monotonic() + PONDER_SECONDS
                stale = lambda until=until: time.monotonic() > until  # noqa: E731
                _reading(game.name, ponder, player, view, stale)
                newer = client.wait(int(view.get("version", 0)))
                view = newer if newer is not None else client.view()
                continue
            now = client.view()
            if not _still_wanted(now, view, line):
                view = now  # the table moved while the player thought: think again
                continue
            answer = client.say(line)
            if answer is None:  # no answer: the view says whether the line was heard
                unanswered += 1
                if unanswered > len(RETRY_PAUSES):
                    raise Gone(f"the table went away (no answer to {unanswered} lines)")
                view = client.view()
                continue
            unanswered = 0
            said = answer["messages"] or [""]
            if not answer["ok"]:
                now = client.view()
                if now.get("version") != view.get("version"):  # another seat was first
                    overtaken = shortened(str(said[0]), SAID_CHARS)
                    click.echo(escape_invisible(f"{line}: overtaken ({overtaken})"), err=True)
                    view = now
                    continue
            said_refused = str(said[0]).startswith("refused")  # the table's own word
            mark = "" if answer["ok"] or said_refused else "refused: "
            said_back = f"  {mark}{shortened(said[0], SAID_CHARS)}" if said[0] else ""
            out(escape_invisible(line + said_back))  # one line per move, never wrapped
            refused = 0 if answer["ok"] else refused + 1
            if refused >= MAX_REFUSED and not isinstance(player, RandomPlayer):
                player.close()
                player, refused = RandomPlayer(seed), 0
            view = client.view()
    except _Status as exc:
        raise Gone(f"the table went away: {status_words(exc.status)}") from None
    finally:
        client.close()
        player.close()
    click.echo("The game is over.", err=True)


def _still_wanted(now: dict, seen: dict, line: str) -> bool:
    """Whether ``line``, chosen on the view ``seen``, is still worth saying on the view
    ``now``: the same table, or one where the line is still this seat's to say. Another
    seat's move while the player thought (a COGITO that ended the game, a trade) would
    make it a refused line."""
    if now.get("version") == seen.get("version"):
        return True
    if now.get("finished") != seen.get("finished"):
        return False
    from referee.table.computer import legal

    was, moves = legal(seen), legal(now)
    return bool(moves) and (line in moves or line not in was)


def _reading(game: str, think: Callable[..., Any], *args: Any) -> Any:
    """What the player makes of the view: a view no table of ``game`` sends (a field of
    the wrong kind where the player reads it) is one line, never a traceback."""
    try:
        return think(*args)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        raise Unreadable(
            f"the server's view is not one a seat of {game} is sent "
            f"({type(exc).__name__}: {shortened(escape_invisible(str(exc)), 80)})"
        ) from None


def _why(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason if reason is not None else exc) or type(exc).__name__


def ratings() -> str:
    """Each game's levels and their Elo ratings, as ``benchmarks/ladder.py --write`` last
    kept them (``referee/ratings.json``), for ``--help`` ("" when there are none)."""
    try:
        kept = json.loads(resources.files("referee").joinpath("ratings.json").read_text("utf-8"))
        games = [
            (
                g["title"],
                g["games"],
                [(k, v["elo"], v["low"], v["high"]) for k, v in g["levels"].items()],
            )
            for g in kept.values()
        ]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return ""
    out = [
        "\b",
        "Each level's strength: Elo rating (level 0, random, is 0) and its 95% interval,",
        "from round-robins of every level (benchmarks/ladder.py):",
    ]
    for title, count, levels in games:
        said = "; ".join(f"{k}: {elo} ({low} to {high})" for k, elo, low, high in levels)
        out += textwrap.wrap(
            f"{title} ({count} games): {said}", 78, initial_indent="  ", subsequent_indent="    "
        )
    return "\n".join(out)


@click.command(epilog=ratings())
@click.argument("seat_url")
@click.option(
    "--level",
    type=click.IntRange(0, None),
    default=None,
    help="How strong: 0 is random; the default is the strongest the game has.",
)
@click.option("--seed", type=int, default=None, help="The seed of the player's choices.")
@click.option(
    "--name",
    default=None,
    metavar="NAME",
    help="At a seat whose player names themselves (serve --seats): the name to sit under "
    "(default: its level's, bot2; bot2b, bot2c, ... where another seat has it).",
)
def bot(seat_url: str, level: int | None, seed: int | None, name: str | None) -> None:
    """Play the seat at SEAT_URL (a URL `referee serve` printed) as a computer player,
    seeing only what that seat sees, until the game is finished."""
    play_seat(seat_url, level, seed, click.echo, name)
