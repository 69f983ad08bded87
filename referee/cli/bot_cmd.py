"""``referee bot SEAT_URL``: a computer player that plays one seat of a web table.

It holds nothing but the seat's URL and uses only what a phone uses: the seat's
``/view`` (which lists the seat's legal moves as ``you.legal``), ``/command``
and the WebSocket that says when the view changed. So it cannot see more than
a player in that seat, whoever wrote the table it plays at. It plays until the
view says the game is finished (a player who is out waits until then), one
line per move on standard output, and exits 0; a URL that is no seat's exits 2;
a server that goes away mid-game exits 1.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from urllib.parse import urlsplit

import click

from referee.client.common import InputError
from referee.client.safe import visible

# Seconds to wait for a change before asking the view again (a lost WebSocket frame).
POLL_SECONDS = 2.0
# Seconds a player may think between its turns before it looks for the table's change
# (it reuses what it learnt at its turn; a question under way may add a second).
PONDER_SECONDS = 1.0
# A player refused this many times in a row plays only the listed moves from then on.
MAX_REFUSED = 3


class NoSeat(InputError):
    exit_code = 2


class Gone(InputError):
    exit_code = 1


class SeatClient:
    """The seat's three doors, over HTTP and a WebSocket."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url.rstrip("/"))
        path = parts.path.split("/")
        if parts.scheme not in ("http", "https") or len(path) != 3 or path[1] != "seat":
            raise NoSeat(f"{url}: not a seat's URL (http://HOST:PORT/seat/TOKEN)")
        self.url = f"{parts.scheme}://{parts.netloc}{parts.path}"
        scheme = "wss" if parts.scheme == "https" else "ws"
        self.ws_url = f"{scheme}://{parts.netloc}{parts.path}/ws"
        self.socket = None

    def _open(self, request) -> dict:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read().decode("utf-8"))

    def view(self) -> dict:
        return self._open(self.url + "/view")

    def say(self, line: str) -> dict:
        request = urllib.request.Request(
            self.url + "/command",
            data=line.encode("utf-8"),
            method="POST",
            headers={"Content-Type": "text/plain; charset=utf-8"},
        )
        try:
            return self._open(request)
        except urllib.error.HTTPError as exc:  # a refusal the server answered with a status
            try:
                return json.loads(exc.read().decode("utf-8"))
            except ValueError:
                return {"ok": False, "messages": [f"HTTP {exc.code}"]}

    def wait(self, version: int) -> dict | None:
        """The view once it is newer than ``version`` (from a WebSocket frame), or None after
        :data:`POLL_SECONDS` without one (the caller asks ``/view`` then)."""
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        deadline = time.monotonic() + POLL_SECONDS
        try:
            if self.socket is None:
                self.socket = connect(self.ws_url, open_timeout=5, max_size=2**22)
            while (left := deadline - time.monotonic()) > 0:
                frame = json.loads(self.socket.recv(timeout=left))
                if frame.get("type") == "view" and frame["view"].get("version", 0) > version:
                    return frame["view"]
        except (TimeoutError, OSError, WebSocketException, ValueError):
            self.close()
            time.sleep(max(0.0, min(0.5, deadline - time.monotonic())))
        return None

    def close(self) -> None:
        if self.socket is not None:
            try:
                self.socket.close()
            except Exception:  # noqa: BLE001 - closing a socket that is already gone
                pass
            self.socket = None


def level_name(level: int) -> str:
    """The name a computer player of ``level`` takes at a seat whose player names
    themselves, when given none (``bot2``: one word, no game's notation)."""
    return f"bot{level}"


def take_seat(client: SeatClient, view: dict, name: str) -> dict:
    """A seat whose player names themselves (``serve --seats``): named ``name`` (NoSeat
    with the table's words when it refuses), then the view once the game has begun (every
    seat named)."""
    you = view.get("you") if isinstance(view.get("you"), dict) else {}
    if you.get("name") is None:
        answer = client.say(f"name {name}")
        if not answer.get("ok"):
            said = "; ".join(str(m) for m in answer.get("messages") or ["refused"])
            raise NoSeat(f"{client.url}: the name {name} was refused: {said}")
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
    except urllib.error.HTTPError as exc:
        raise NoSeat(f"{url}: no seat there (HTTP {exc.code})") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise NoSeat(f"{url}: the table cannot be reached ({_why(exc)})") from None
    game = by_name(str(view.get("game")))
    if view.get("role") != "seat" or game is None:
        raise NoSeat(f"{url}: not a seat of a game this referee knows")
    player = game.player(level, seed)
    refused = 0
    try:
        if view.get("naming"):  # a seat whose player names themselves: this one's name first
            chosen = name or level_name(game.strongest if level is None else level)
            view = take_seat(client, view, chosen)
        while not view.get("finished"):
            seat = str(view.get("you", {}).get("name", ""))
            line = player.choose(view) if legal(view) else None
            if agrees_to_end(view, seat):
                line = "end"
            if line is None:
                # Between turns: think about the board (this seat's view) for a moment.
                until = time.monotonic() + PONDER_SECONDS
                ponder(player, view, lambda until=until: time.monotonic() > until)
                newer = client.wait(int(view.get("version", 0)))
                view = newer if newer is not None else client.view()
                continue
            answer = client.say(line)
            said = answer.get("messages") or [""]
            mark = "" if answer.get("ok") else "refused: "
            said_back = f"  {mark}{said[0]}" if said[0] else ""
            out(visible(line + said_back))  # one line per move, never wrapped
            refused = 0 if answer.get("ok") else refused + 1
            if refused >= MAX_REFUSED and not isinstance(player, RandomPlayer):
                player.close()
                player, refused = RandomPlayer(seed), 0
            view = client.view()
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise Gone(f"the table went away ({_why(exc)})") from None
    finally:
        client.close()
        player.close()
    click.echo("The game is over.", err=True)


def _why(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason if reason is not None else exc) or type(exc).__name__


@click.command()
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
    "(default: its level's, bot2).",
)
def bot(seat_url: str, level: int | None, seed: int | None, name: str | None) -> None:
    """Play the seat at SEAT_URL (a URL `referee serve` printed) as a computer player,
    seeing only what that seat sees, until the game is finished."""
    play_seat(seat_url, level, seed, click.echo, name)
