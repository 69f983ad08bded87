"""The web table on a club's Wi-Fi: no seat reaches the server's disk, no stranger holds it.

Each finding of the hostile probe of ``referee serve`` (issue 27) is replayed
here: a seat's command language has no word that names a file (a fuzz over
every seat command form, with ``open`` watched); a record cannot be grown
without bound; a huge or slow request head, idle connections, another
site's page and a rebinding host name are refused while the seats are still
answered; and the key and record files in odd states give one clear line.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path

import listed
import pytest
import uvicorn
from starlette.testclient import TestClient
from webtable import held, table

from referee.table.record import RecordLimits
from referee.table.refusals import Why
from referee.table.session import Refused, Session
from referee.web.games import GAMES
from referee.web.headers import HEADERS
from referee.web.seats import SeatKeyError, key_path, load_key
from referee.web.server import config

GAME_NAMES = tuple(listed.names())  # every game of the one list
MARKER = "SECRET-MARKER-7f3a"


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


# ------------------------------------------------------------------ the seat's language


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_seats_language_has_no_word_for_a_file_or_the_session(tmp_path, game):
    app, _ = table(tmp_path, game)
    session = app.table.session
    seat = app.table.players[0]
    words = session.language(seat)
    assert {"save", "quit"}.isdisjoint(words)
    assert {"save", "quit"} <= session.language(None)
    # Only the keyboard's language is given a reader: a seat's commands hold none.
    assert getattr(session.commands, "read_text", None) is None
    said = session.execute("save", seat)
    assert isinstance(said[0], Refused) and said[0].reason.why is Why.UNKNOWN_COMMAND


def _forms(path: str) -> list[str]:
    """Every way found to spell a file name past a guard, and then some."""
    quoted = [
        f"with {path}",
        f"'with' {path}",
        f'"with" {path}',
        f"wi\\th {path}",
        f"w''ith {path}",
        f'w""ith "{path}"',
        f"with '{path}'",
        f"WITH {path}",
        f"with={path}",
        f"with\t{path}",
        f"with ./{os.path.basename(path)}",
        f"with ~/{os.path.basename(path)}",
        f"with file://{path}",
        f"with $HOME/{os.path.basename(path)}",
        f"with {path}\\",
        f"< {path}",
        f"@{path}",
        path,
    ]
    return quoted


def _lines(game: str, path: str) -> list[str]:
    words = {
        "palmer": ["claim 1", "claim inconsistent", "claim 1 2", "play 1", "negate 1", "pass"],
        "ergo": ["play 1 at 1", "fallacy", "discard 1", "check", "proof"],
        "invicta": ["e5", "move e5-e6", "moves", "place"],
        "cogito": ["play 1", "give 1", "cogito", "possible", "review"],
    }.get(game) or sorted(listed.registration(game).commands.commands)  # any other: each word
    common = ["save", "load", "open", "read", "export", "record", "help", "rules", "hint"]
    lines = []
    for word in words + common:
        for form in _forms(path):
            lines.append(f"{word} {form}")
    return lines


@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_seat_line_opens_a_file(tmp_path, game, monkeypatch, request):
    secret = tmp_path / "secret.txt"
    secret.write_text(MARKER + "\n", encoding="utf-8")
    stack = contextlib.ExitStack()
    request.addfinalizer(stack.close)
    app, record = table(tmp_path, game, services=stack)  # as serve opens it: with its engine
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    opened: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def watch(name) -> None:
        text = os.fspath(name) if isinstance(name, str | bytes | os.PathLike) else ""
        text = text.decode() if isinstance(text, bytes) else text
        if "secret" in text or "passwd" in text or "web-key" in text or "environ" in text:
            opened.append(text)

    def spy_open(file, *args, **kwargs):
        watch(file)
        return real_open(file, *args, **kwargs)

    def spy_os_open(path, *args, **kwargs):
        watch(path)
        return real_os_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(io, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    # Every form with a file that holds the marker; the system's files in the forms that
    # passed the old guard.
    lines = _lines(game, str(secret))
    for path in ("/etc/passwd", str(key_path(record)), "/proc/self/environ"):
        lines += [line for line in _lines(game, path) if "'with'" in line or "wi\\th" in line]
    speaking = dict(list(seats.items())[:1])  # a file is read, or not, whoever speaks
    for line in lines:
        for seat, url in speaking.items():
            r = client.post(path_of(url) + "/command", content=line.encode("utf-8"))
            assert MARKER not in r.text and "root:" not in r.text, (seat, line)
            if r.json()["ok"]:  # a move the rules took: taken back, for the same table
                client.post(path_of(url) + "/command", content=b"undo")
    assert opened == []
    for url in [*seats.values(), app.urls()["table"], app.urls()["spectator"]]:
        assert MARKER not in client.get(path_of(url) + "/view").text
    assert MARKER not in record.read_text(encoding="utf-8")


# ------------------------------------------------------------------ the record's limits


def test_a_record_is_never_grown_past_its_limits_and_stays_resumable(tmp_path):
    app, path = table(tmp_path, "invicta")
    session = app.table.session
    kind = replace(session.record.kind, limits=RecordLimits(event_bytes=1000, record_bytes=600))
    session.record = replace(session.record, kind=kind)
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    moves = 0
    for _ in range(40):  # play and undo: undo keeps what it took back, so both count
        answer = client.post(path_of(seats["ann"]) + "/command", content=b"e5").json()
        if not answer["ok"]:
            assert "record is full" in answer["messages"][0]
            break
        moves += 1
        assert client.post(path_of(seats["ann"]) + "/command", content=b"undo").json()["ok"]
    else:
        pytest.fail("the record took every move")
    assert 0 < moves < 40
    assert session.record.size() <= 600
    text = path.read_text(encoding="utf-8")
    from referee.table.record import loads

    loads(text, GAMES["invicta"].kind)  # the full record still resumes


def test_an_event_over_its_limit_is_refused_with_a_reason(tmp_path):
    app, _ = table(tmp_path, "invicta")
    session: Session = app.table.session
    kind = replace(session.record.kind, limits=RecordLimits(event_bytes=10))
    session.record = replace(session.record, kind=kind)
    said = session.execute("e5", "ann")
    assert isinstance(said[0], Refused) and said[0].reason.why is Why.EVENT_TOO_LARGE
    assert session.record.events == ()


# ------------------------------------------------------------------ a live server


@contextlib.contextmanager
def live(tmp_path: Path, game: str = "invicta", **patches):
    """A table served by uvicorn as ``serve`` serves it, in a thread, on a free port."""
    import referee.web.connections as connections

    saved = {name: getattr(connections, name) for name in patches}
    for name, value in patches.items():
        setattr(connections, name, value)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    port = sock.getsockname()[1]
    app, path = table(tmp_path, game, base=f"http://127.0.0.1:{port}")
    server = uvicorn.Server(config(app.app))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    try:
        yield app, port
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
        for name, value in saved.items():
            setattr(connections, name, value)


def raw(port: int, data: bytes, wait: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        answer = b""
        with contextlib.suppress(TimeoutError, ConnectionError):
            while chunk := s.recv(65536):
                answer += chunk
        return answer


def http(port: int, method: str, path: str, body: bytes = b"", **headers: str):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request(
        method, path, body=body, headers={k.replace("_", "-"): v for k, v in headers.items()}
    )
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, dict(r.getheaders()), data


def _secured(head: bytes) -> bool:
    text = head.decode("latin-1").lower()
    return all(name.lower() + ":" in text for name in HEADERS)


def test_a_huge_header_is_refused_at_once_with_the_security_headers(tmp_path):
    with live(tmp_path) as (app, port):
        started = time.monotonic()
        answer = raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 431") and _secured(answer)
        assert time.monotonic() - started < 2
        answer = raw(port, b"NOT HTTP AT ALL\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 400") and _secured(answer)


def test_a_slow_or_silent_client_is_closed(tmp_path):
    with live(tmp_path, HEAD_SECONDS=0.5) as (app, port):
        started = time.monotonic()
        answer = raw(port, b"GET /static/app.js HTTP/1.1\r\n", wait=10)
        assert answer.startswith(b"HTTP/1.1 408") and _secured(answer)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            assert s.recv(10) == b""  # closed, having said nothing
        assert time.monotonic() - started < 5


def test_two_hundred_idle_connections_do_not_lock_the_seats_out(tmp_path):
    with live(tmp_path, MAX_CONNECTIONS=150) as (app, port):
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(200)]
        try:
            time.sleep(0.3)
            seat = path_of(app.urls()["seats"]["ann"])
            for line in (b"e5",):
                started = time.monotonic()
                status, _, body = http(
                    port, "POST", seat + "/command", line, Host=f"127.0.0.1:{port}"
                )
                assert status == 200 and json.loads(body)["ok"]
                assert time.monotonic() - started < 1
            started = time.monotonic()
            status, _, _ = http(port, "GET", seat + "/view", Host=f"127.0.0.1:{port}")
            assert status == 200 and time.monotonic() - started < 1
        finally:
            for s in idle:
                s.close()


def test_commands_only_from_the_tables_own_pages_or_from_a_script(tmp_path):
    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        own = f"http://127.0.0.1:{port}"
        host = f"127.0.0.1:{port}"
        for headers in (
            {"Origin": "http://evil.example", "Content-Type": "text/plain"},
            {"Origin": "null"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Origin": own, "Sec-Fetch-Site": "cross-site"},
            {"Origin": f"http://127.0.0.1:{port + 1}"},
        ):
            status, got, body = http(port, "POST", seat + "/command", b"e5", Host=host, **headers)
            assert status == 403 and not json.loads(body)["ok"], headers
            assert "content-security-policy" in {k.lower() for k in got}
        assert app.table.session.record.events == ()
        status, _, body = http(
            port,
            "POST",
            seat + "/command",
            b"e5",
            Host=host,
            Origin=own,
            **{"Sec-Fetch-Site": "same-origin"},
        )
        assert status == 200 and json.loads(body)["ok"]
        bob = path_of(app.urls()["seats"]["bob"])
        status, _, body = http(port, "POST", bob + "/command", b"e6", Host=host)  # curl
        assert status == 200 and json.loads(body)["ok"]


def test_a_rebinding_host_is_refused_before_any_route(tmp_path):
    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        for path in (seat, seat + "/view", "/static/app.js"):
            status, got, body = http(port, "GET", path, Host=f"evil.example:{port}")
            assert status == 421 and b"evil" not in body
            assert "content-security-policy" in {k.lower() for k in got}
        status, _, _ = http(port, "POST", seat + "/command", b"e5", Host=f"evil.example:{port}")
        assert status == 421 and app.table.session.record.events == ()
        assert http(port, "GET", seat + "/view", Host=f"localhost:{port}")[0] == 200


def test_a_trailing_slash_is_not_redirected_and_echoes_nothing(tmp_path):
    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        status, got, body = http(port, "GET", seat + "/", Host=f"127.0.0.1:{port}")
        assert status == 404 and "location" not in {k.lower() for k in got}
        status, _, _ = http(port, "GET", "/seat/nonsense/", Host=f"127.0.0.1:{port}")
        assert status == 404


def test_a_websocket_from_another_site_is_refused_with_the_headers(tmp_path):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        url = f"ws://127.0.0.1:{port}{seat}/ws"
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin="http://evil.example", open_timeout=5)
        response = refused.value.response
        assert response.status_code == 403
        assert "Content-Security-Policy" in response.headers
        with connect(url, origin=f"http://127.0.0.1:{port}", open_timeout=5) as ws:
            assert json.loads(ws.recv(5))["type"] == "view"
        with connect(url, open_timeout=5) as ws:  # a script: no Origin
            assert json.loads(ws.recv(5))["type"] == "view"


def test_a_frame_goes_to_a_page_only_when_its_view_changed(tmp_path):
    app, _ = table(tmp_path, "ergo")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    bob = path_of(seats["bob"])
    with client.websocket_connect(path_of(seats["ann"]) + "/ws") as ws:
        first = ws.receive_json()
        client.get(bob + "/view")  # bob's phone joins: the table screen changes, not ann's
        for line in (b"hand", b"hand ann", b"nonsense", b"help", b"scores"):
            client.post(bob + "/command", content=line)  # private or refused: no change
        version = first["view"]["version"]
        assert client.post(path_of(seats["ann"]) + "/command", content=b"undo").status_code == 200
        moved = False
        for line in ("play 1 at 1", "play 2 at 1", "play 3 at 1", "discard 1"):
            if client.post(path_of(seats["ann"]) + "/command", content=line.encode()).json()["ok"]:
                moved = True
                break
        assert moved
        frame = ws.receive_json()  # the first view after the first one is the move's
        while frame["type"] == "thinking":  # a slow machine: the referee says it is working
            frame = ws.receive_json()
        assert frame["type"] == "view" and frame["view"]["version"] > version
        assert frame["view"]["version"] == app.table.snapshot.version


# ------------------------------------------------------------------ files in odd states


def _bounded(call, seconds: float = 5.0):
    result: list = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "hung"
    return result[0]


def test_a_fifo_at_the_keys_path_is_refused_at_once(tmp_path):
    record = tmp_path / "game.json"
    os.mkfifo(key_path(record))
    error = _bounded(lambda: load_key(record))
    assert isinstance(error, SeatKeyError) and "not a regular file" in str(error)


def test_a_symlink_or_directory_at_the_keys_path_is_refused(tmp_path):
    record = tmp_path / "game.json"
    (tmp_path / "elsewhere").write_text("x", encoding="utf-8")
    key_path(record).symlink_to(tmp_path / "elsewhere")
    assert isinstance(_bounded(lambda: load_key(record)), SeatKeyError)
    other = tmp_path / "other.json"
    key_path(other).mkdir()
    assert isinstance(_bounded(lambda: load_key(other)), SeatKeyError)


def test_an_empty_or_half_written_key_is_replaced(tmp_path):
    record = tmp_path / "game.json"
    key_path(record).write_text("", encoding="ascii")
    key = load_key(record)
    assert len(key) == 32 and load_key(record) == key
    other = tmp_path / "other.json"
    key_path(other).write_text("ab12", encoding="ascii")
    assert len(load_key(other)) == 32


def test_a_full_disk_while_the_key_is_made_leaves_no_key_behind(tmp_path, monkeypatch):
    record = tmp_path / "game.json"

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SeatKeyError) as error:
        load_key(record)
    assert "No space left" in str(error.value)
    assert not key_path(record).exists()
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert len(load_key(record)) == 32  # the next start is not blocked


def test_a_fifo_record_given_with_new_game_options_is_named_for_what_it_is(tmp_path):
    from click.testing import CliRunner

    from referee.cli.main import main

    os.mkfifo(tmp_path / "game.json")
    result = _bounded(
        lambda: CliRunner().invoke(
            main,
            [
                "serve",
                "invicta",
                "--white",
                "a",
                "--black",
                "b",
                "--record",
                str(tmp_path / "game.json"),
            ],
        )
    )
    assert result.exit_code != 0 and "not a regular file" in result.output
    assert "in progress" not in result.output and "Traceback" not in result.output


def serve_options(record: Path) -> list[str]:
    """A new Invicta game served on ``record`` (any free port)."""
    return [
        "serve",
        "invicta",
        "--white",
        "a",
        "--black",
        "b",
        "--record",
        str(record),
        "--port",
        "0",
    ]


def test_serve_when_the_record_cannot_be_rewritten_says_so_in_one_line(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from referee.cli.main import main
    from referee.table import store

    record = tmp_path / "game.json"
    runner = CliRunner()
    opts = serve_options(record)
    monkeypatch.setattr("referee.web.server.TableServer.run", lambda self, sockets: None)
    assert runner.invoke(main, opts).exit_code == 0  # a new game, served and stopped
    assert record.exists()

    def full(self, text):
        raise store.StoreError(f"{self.path}: cannot write the record (No space left on device)")

    monkeypatch.setattr(store.RecordFile, "write", full)
    result = runner.invoke(main, opts[:2] + ["--record", str(record), "--port", "0"])
    assert result.exit_code != 0 and "No space left" in result.output
    assert (
        "Traceback" not in result.output
        and result.exception is None
        or isinstance(result.exception, SystemExit)
    )


def test_stopping_when_the_record_cannot_be_written_still_exits_0(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from referee.cli.main import main
    from referee.table import store

    record = tmp_path / "game.json"
    writes = []
    real = store.RecordFile.write

    def once_then_full(self, text):
        writes.append(text)
        if len(writes) > 2:
            raise store.StoreError(
                f"{self.path}: cannot write the record (No space left on device)"
            )
        real(self, text)

    monkeypatch.setattr(store.RecordFile, "write", once_then_full)
    monkeypatch.setattr("referee.web.server.TableServer.run", lambda self, sockets: None)
    opts = serve_options(record)
    result = CliRunner().invoke(main, opts)
    assert result.exit_code == 0, result.output
    assert "every acknowledged move was saved" in result.output


# ------------------------------------------------------------------ the probe's second round


def _seat_answers(app, port: int) -> bool:
    seat = path_of(app.urls()["seats"]["ann"])
    started = time.monotonic()
    try:
        status, _, _ = http(port, "GET", seat + "/view", Host=f"127.0.0.1:{port}")
    except OSError:
        return False
    return status == 200 and time.monotonic() - started < 1


def test_a_body_trickled_after_the_answer_holds_no_connection(tmp_path):
    with live(tmp_path, MAX_CONNECTIONS=30) as (app, port):
        held = []
        try:
            for _ in range(30):
                s = socket.create_connection(("127.0.0.1", port))
                head = f"GET /no/such HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1000000\r\n\r\n"
                s.sendall(head.encode())
                held.append(s)
            for s in held:
                s.settimeout(5)
                assert s.recv(4096).startswith(b"HTTP/1.1 404")
                with contextlib.suppress(OSError):
                    s.sendall(b"x")
            time.sleep(0.3)
            assert _seat_answers(app, port)
            for s in held[:5]:  # closed after the answer (reset: the body was left unread)
                try:
                    assert s.recv(10) == b""
                except ConnectionResetError:
                    pass
        finally:
            for s in held:
                s.close()


def test_a_client_that_reads_no_answers_is_let_go(tmp_path):
    with live(tmp_path, MAX_CONNECTIONS=20, WRITE_SECONDS=1.0) as (app, port):
        request = f"GET /static/app.js HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        held = []
        try:
            for _ in range(20):
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.connect(("127.0.0.1", port))
                s.sendall(request * 60)
                held.append(s)
            time.sleep(0.5)
            assert _seat_answers(app, port)
        finally:
            for s in held:
                s.close()


def test_a_seat_that_goes_away_mid_body_is_no_fault(tmp_path, capfd):
    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        with socket.create_connection(("127.0.0.1", port)) as s:
            head = f"POST {seat}/command HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 5\r\n\r\nbo"
            s.sendall(head.encode())
        time.sleep(0.3)
        assert _seat_answers(app, port)
    assert "Traceback" not in capfd.readouterr().err


def test_a_websocket_handshake_the_library_would_refuse_is_refused_with_the_headers(tmp_path):
    with live(tmp_path) as (app, port):
        seat = path_of(app.urls()["seats"]["ann"])
        head = (
            f"GET {seat}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: short\r\n\r\n"
        )
        answer = raw(port, head.encode())
        assert answer.startswith(b"HTTP/1.1 400") and _secured(answer)


def test_an_events_counted_size_is_what_the_file_takes_at_most(tmp_path):
    from referee.table.record import dumps

    app, _ = table(tmp_path, "cogito")
    session = app.table.session
    for _ in range(5):
        session.execute("cogito", "bob")
        session.execute("undo", "bob")
    record = session.record
    empty = dumps(replace(record, events=(), taken_back=()), record.rebuild())
    assert len(dumps(record, session.game).encode()) - len(empty.encode()) <= record.size()


@pytest.mark.slow
def test_under_a_low_descriptor_limit_idle_strangers_do_not_lock_the_seats_out(tmp_path):
    """``ulimit -n 160`` and 170 idle connections from a stranger: the server's cap comes
    from its descriptor limit, so it evicts the idle ones before it runs out, and a seat's
    move is still taken at once."""
    import resource
    import subprocess
    import sys
    import urllib.request

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee.cli.main",
            "serve",
            "invicta",
            "--white",
            "ann",
            "--black",
            "bob",
            "--record",
            str(tmp_path / "g.json"),
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=low_limit,
    )
    try:
        urls = json.loads(process.stdout.readline())
        port = int(urls["table"].split(":")[2].split("/")[0])
        idle = []
        try:
            for _ in range(170):
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            time.sleep(0.5)
            started = time.monotonic()
            request = urllib.request.Request(
                urls["seats"]["ann"] + "/command", data=b"e5", method="POST"
            )
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert json.loads(answer.read())["ok"]
            assert time.monotonic() - started < 3
        finally:
            for s in idle:
                s.close()
    finally:
        process.terminate()
        process.wait(10)


def test_a_websocket_on_a_path_with_no_socket_is_refused_with_the_headers(tmp_path):
    """Starlette refuses a handshake on a path with no socket (``/static/app.js``, a seat's
    ``/view``) by closing it, which the server answered 403 without the security headers:
    every refusal is an answer with them."""
    from starlette.testclient import WebSocketDenialResponse

    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    seat = path_of(app.urls()["seats"]["ann"])
    for path in ("/static/app.js", seat + "/view", "/nowhere"):
        with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(path):
            pass
        assert refused.value.status_code == 404, path
        assert all(refused.value.headers.get(k) == v for k, v in HEADERS.items()), path
    with client.websocket_connect(seat + "/ws") as ws:  # a door's socket still opens
        assert ws.receive_json()["type"] == "view"


def test_a_seat_says_one_line_at_a_time(tmp_path):
    """Lines a seat sends at once do not queue ahead of the other seats: while one of its
    commands is carried out, another from the same seat is refused at once (six claims sent
    together held another seat's command for 28 s)."""
    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    ann = path_of(app.urls()["seats"]["ann"]) + "/command"
    started, release = held(app.table)
    first: list = []
    thread = threading.Thread(target=lambda: first.append(client.post(ann, content="e5")))
    thread.start()
    answers: list = []
    try:
        assert started.wait(10)
        other = threading.Thread(target=lambda: answers.append(client.post(ann, content="moves")))
        other.start()
        other.join(20)  # answered while the first is held (it would wait 10 s)
        assert answers, "a second line of the same seat waited for the first"
    finally:
        release.set()
        thread.join(10)
        other.join(10)
    again = answers[0]
    assert again.status_code == 429 and again.json()["ok"] is False
    assert "still being carried out" in again.json()["messages"][0]
    assert first[0].json()["ok"] is True
    assert client.post(ann, content="moves").status_code == 200  # its turn to speak again
