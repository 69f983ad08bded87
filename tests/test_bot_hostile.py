"""`referee bot` treats every answer as a stranger's (issue 35): people point it at servers
they do not run. Each hostile server here is a few lines in a thread of this process."""

from __future__ import annotations

import json
import socket
import socketserver
import struct
import threading
import time
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from referee.cli import bot_cmd
from referee.cli.bot_cmd import Gone, NoSeat, Unreadable, play_seat
from referee.cli.main import main

FINISHED = {
    "game": "invicta",
    "role": "seat",
    "version": 3,
    "finished": True,
    "you": {"name": "ann", "legal": []},
}
WAITING = {**FINISHED, "finished": False, "version": 1}


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """A hostile server's test need not wait as long as a table's player would."""
    monkeypatch.setattr(bot_cmd, "RETRY_PAUSES", (0.01, 0.01, 0.01))
    monkeypatch.setattr(bot_cmd, "REQUEST_SECONDS", 0.5)
    monkeypatch.setattr(bot_cmd, "POLL_SECONDS", 0.3)
    monkeypatch.setattr(bot_cmd, "PONDER_SECONDS", 0.0)


def answer(body: bytes | str, status: str = "200 OK", headers: str = "") -> bytes:
    body = body.encode() if isinstance(body, str) else body
    head = f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n{headers}\r\n"
    return head.encode() + body


def reset(conn: socket.socket) -> None:
    """Close with a reset (RST), as a crashing server or a dropped Wi-Fi does."""
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


class Server:
    """A TCP server on 127.0.0.1: ``reply(n, request_line, conn)`` answers the n-th
    request (from 0), writing raw bytes or resetting the connection."""

    def __init__(self, reply: Callable[[int, str, socket.socket], None]) -> None:
        count = iter(range(10**6))

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                head = b""
                while b"\r\n\r\n" not in head and len(head) < 65536:
                    chunk = self.request.recv(4096)
                    if not chunk:
                        return
                    head += chunk
                try:
                    reply(next(count), head.split(b"\r\n", 1)[0].decode(), self.request)
                except OSError:
                    pass

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/seat/TOKEN"

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def play(url: str, level: int = 0) -> list[str]:
    said: list[str] = []
    play_seat(url, level, 1, said.append)
    return said


def test_a_reset_connection_is_tried_again_before_the_table_counts_as_gone():
    def flaky(n, line, conn):
        conn.sendall(answer(json.dumps(FINISHED))) if n >= 2 else reset(conn)

    with Server(flaky) as server:
        assert play(server.url) == []  # two resets, then the view: the game is over

    def dies(n, line, conn):
        conn.sendall(answer(json.dumps(WAITING))) if n == 0 else reset(conn)

    with Server(dies) as server, pytest.raises(Gone) as gone:
        play(server.url)
    assert "the table went away" in gone.value.message and "tried 4 times" in gone.value.message


def test_a_421_says_what_the_server_refused():
    with Server(
        lambda n, line, conn: conn.sendall(answer("", "421 Misdirected Request"))
    ) as server:
        with pytest.raises(NoSeat) as refused:
            play(server.url)
        said = refused.value.message
        assert "HTTP 421 Misdirected Request" in said and "refused the address" in said
        assert "no seat there" not in said
        result = CliRunner().invoke(main, ["bot", server.url])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.startswith("error: ") and "HTTP 421" in result.output


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (json.dumps({**WAITING, "version": "one"}), "'version' is not a number"),
        (json.dumps({**WAITING, "you": {"name": "ann", "legal": [{"e5": 1}]}}), "'you.legal'"),
        (json.dumps([WAITING]), "is not an object"),
        ("[" * 200_000 + "]" * 200_000, "nested too deep"),
        ('{"game": "invicta", "role": "se', "is not JSON"),
        (b"\xff\xfe{}", "is not JSON"),
    ],
)
def test_a_view_of_the_wrong_shape_is_one_line(body, said):
    with Server(lambda n, line, conn: conn.sendall(answer(body))) as server:
        with pytest.raises(Unreadable) as wrong:
            play(server.url)
        assert said in wrong.value.message
        result = CliRunner().invoke(main, ["bot", server.url])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) <= 2  # one line, wrapped at most once


def test_a_view_its_player_cannot_read_is_one_line():
    """The fields every game shares are checked where the view enters; the game's own
    are its player's: a board of the wrong kind stops it with a line, not a traceback."""
    view = {**WAITING, "you": {"name": "ann", "legal": ["e5"]}, "board": "nothing", "side": 7}
    with Server(lambda n, line, conn: conn.sendall(answer(json.dumps(view)))) as server:
        with pytest.raises(Unreadable) as wrong:
            play(server.url, level=1)
    assert "not one a seat of invicta is sent" in wrong.value.message


def test_what_it_reads_is_bounded_however_large_the_answer():
    sent = []

    def huge(n, line, conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 419430400\r\n\r\n")
        block = b"0" * 65536
        for _ in range(6400):  # 400 MiB, if anyone read it
            conn.sendall(block)
            sent.append(len(block))

    with Server(huge) as server:
        started = time.monotonic()
        with pytest.raises(Unreadable) as big:
            play(server.url)
    assert "too large (400 MiB" in big.value.message and time.monotonic() - started < 5
    assert sum(sent) < 64 * 2**20  # it stopped reading long before

    def endless(n, line, conn):  # no length said: chunks until the reader stops
        conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        while True:
            conn.sendall(b"10000\r\n" + b"0" * 65536 + b"\r\n")

    with Server(endless) as server, pytest.raises(Unreadable) as big:
        play(server.url)
    assert "too large" in big.value.message


def test_a_redirect_is_followed_on_the_seat_own_address_only():
    def elsewhere(n, line, conn):
        conn.sendall(
            answer("", "302 Found", "Location: http://203.0.113.9:8000/seat/TOKEN/view\r\n")
        )

    with Server(elsewhere) as server, pytest.raises(Unreadable) as sent:
        play(server.url)
    assert "not followed" in sent.value.message and "203.0.113.9" in sent.value.message

    def moved(n, line, conn):
        if "/seat/TOKEN/view" in line:
            conn.sendall(answer("", "307 Temporary Redirect", "Location: /seat/OTHER/view\r\n"))
        else:
            conn.sendall(answer(json.dumps(FINISHED)))

    with Server(moved) as server:
        assert play(server.url) == []


def test_a_server_that_drips_its_answer_is_cut_off_at_the_deadline():
    def drips(n, line, conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\n")
        while True:
            conn.sendall(b"X")
            time.sleep(0.1)

    with Server(drips) as server:
        started = time.monotonic()
        with pytest.raises(NoSeat) as slow:
            play(server.url)
    assert "no answer within 0.5 s" in slow.value.message
    assert time.monotonic() - started < 4 * 0.5 + 2  # four tries of half a second each


def test_a_flood_of_websocket_frames_is_one_line():
    from websockets.sync.server import serve

    def view(connection, request):
        if request.path.endswith("/view"):
            response = connection.respond(200, json.dumps(WAITING))
            response.headers["Content-Type"] = "application/json"
            return response
        return None

    def flood(ws):
        frame = json.dumps({"type": "view", "view": WAITING})  # nothing new, again and again
        try:
            while True:
                ws.send(frame)
        except Exception:  # noqa: BLE001 - the client hung up
            pass

    with serve(flood, "127.0.0.1", 0, process_request=view) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        with pytest.raises(Unreadable) as flooded:
            play(f"http://127.0.0.1:{port}/seat/TOKEN")
        server.shutdown()
    assert "a flood" in flooded.value.message
