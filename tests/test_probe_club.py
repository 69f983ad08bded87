"""A hostile probe of ``referee club`` (issue 37): each test is one way the club broke a
promise of the issue's contract, the smallest repro found (each fixed since, and kept as
its regression test), and a few tests of how the fixes hold."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
import subprocess
import sys
import time
import urllib.request

import httpx
import pytest
from starlette.testclient import TestClient
from test_club import SPEC, Night, path_of

from referee.web import connections
from referee.web.club import JoinLimit
from referee.web.connections import Budget, Sockets

INVICTA = {"game": "invicta", "players": ["ann", "bob"]}


@pytest.fixture
def night(tmp_path):
    n = Night(tmp_path / "club")
    yield n
    n.club.shutdown()


def test_cogito_a_spectator_steps_through_a_gift_and_is_not_told_its_card(night):
    """``SPECTATOR_URL/view?step=K`` after a Cogito gift was a 500 (the renderer asked for
    the game it watched, and the web's watches none); it must answer, and never name the
    card given while the game runs."""
    opened = night.open(
        {"game": "cogito", "players": ["ann", "bob", "cat"], "options": {"seed": 3}}
    )
    seats = opened["seats"]
    for seat, line in [("ann", "play 1"), ("bob", "play 1"), ("cat", "play 1"), ("ann", "give 1")]:
        assert night.say(seats[seat], line)["ok"], line
    gift = night.club.tables[opened["id"]].app.table.store_record.events[-1].card
    for step in range(5):
        shown = night.client.get(path_of(opened["spectator"]) + "/view", params={"step": step})
        assert shown.status_code == 200, (step, shown.text)
        assert not any(gift in line for line in shown.json()["log"]), shown.json()["log"]


def test_strangers_at_the_spectator_doors_leave_room_for_a_seats_websocket(night, monkeypatch):
    """Under a descriptor limit the club has a few dozen WebSockets in all (31 at ``ulimit
    -n 160``); a stranger who holds four at each of a few tables' spectator links (shown on
    the TVs) locks every phone of the club out of its WebSocket (503, "Reconnecting…")."""
    monkeypatch.setattr(connections, "budget", lambda: Budget(50, 8))
    monkeypatch.setattr(Sockets, "open", 0)
    first, second = night.open(INVICTA), night.open(INVICTA)
    with contextlib.ExitStack() as stranger:
        for opened in (first, second):
            for _ in range(4):  # a door keeps four (the oldest gives way past them)
                ws = stranger.enter_context(
                    night.client.websocket_connect(path_of(opened["spectator"]) + "/ws")
                )
                assert ws.receive_json()["type"] == "view"
        with night.client.websocket_connect(path_of(first["seats"]["ann"]) + "/ws") as seat:
            assert seat.receive_json()["view"]["you"]["name"] == "ann"


def test_a_seats_websocket_closes_the_oldest_page_of_a_lower_door_never_a_seats(monkeypatch):
    """Spectators give way first, then table screens; a seat's socket gives way to none."""
    monkeypatch.setattr(connections, "budget", lambda: Budget(50, 4))
    monkeypatch.setattr(Sockets, "open", 0)
    monkeypatch.setattr(Sockets, "held", [])
    closed: list[str] = []

    def take(role: str) -> connections.Held | None:
        return Sockets.take(role, lambda: closed.append(role))

    tables = [take("table"), take("table")]
    assert take("spectator") and take("spectator") and closed == []
    assert take("spectator") and closed == ["spectator"]  # past their share: the oldest goes
    for _ in range(4):
        assert take("seat") is not None
    assert closed == ["spectator"] * 3 + ["table"] * 2
    assert take("spectator") is None and take("seat") is None and Sockets.open == 4
    Sockets.give(tables[0])  # closed for a seat already: counted once
    assert Sockets.open == 4


def test_a_seat_handed_out_by_code_is_no_longer_offered_on_the_table_screen(night):
    """Two people on one seat: the phone that joined by code, and whoever scans the TV."""
    opened = night.open(INVICTA)
    assert night.join(opened["code"]) == {"ok": True, "seat": opened["seats"]["ann"]}
    (ann, _) = night.view(opened["table"])["seats"]
    assert ann["name"] == "ann" and ann["joined"] and "url" not in ann


def test_wrong_codes_sent_at_once_from_one_address_are_limited_too(night):
    """Ten wrong codes a minute from one address, then 429: thirty sent at once (one phone's
    parallel requests, or a stranger's 190 connections) all got an answer."""

    async def guess() -> list[int]:
        transport = httpx.ASGITransport(app=night.client.app, client=("10.0.0.9", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            codes = [f"ZZ{a}{b}" for a in "ABC" for b in "ABCDEFGHJK"]
            answers = await asyncio.gather(*(c.post("/join", content=x) for x in codes))
        return [a.status_code for a in answers]

    statuses = asyncio.run(guess())
    assert statuses.count(429) >= 20, statuses


def test_a_full_table_is_no_wrong_code_and_a_crowd_forgets_its_oldest_address_only(night):
    opened = night.open(INVICTA)
    for _ in range(13):  # the seats are handed out, then "every seat has its phone"
        assert night.client.post("/join", content=opened["code"].encode()).status_code == 200
    limit = JoinLimit(most=1, addresses=3)
    assert limit.attempt("a") and not limit.attempt("a")
    for other in ("b", "c", "d"):
        assert limit.attempt(other)
    assert not limit.attempt("b") and limit.attempt("a")  # a was the least recent: forgotten


def test_a_table_past_what_the_descriptors_allow_is_refused_with_the_reason(night, monkeypatch):
    night.open(INVICTA)
    monkeypatch.setattr(connections, "descriptors", lambda: (110, 60))  # 10 left past the reserve
    answer = night.client.post(night.host + "/tables", json=INVICTA)
    assert answer.status_code == 400 and "ulimit -n" in answer.json()["messages"][0]
    assert len(night.listed()) == 1


def test_deeply_nested_json_for_a_table_is_a_400_not_a_500(night):
    client = TestClient(night.client.app, raise_server_exceptions=False)
    answer = client.post(night.host + "/tables", content=b"[" * 5000 + b"]" * 5000)
    assert answer.status_code == 400 and answer.json()["ok"] is False


def test_a_seats_deeply_nested_check_is_a_400_not_a_500(night):
    opened = night.open({"game": "palmer", "players": ["ann", "bob"], "options": {"seed": 5}})
    client = TestClient(night.client.app, raise_server_exceptions=False)
    body = b'{"cards": ' + b"[" * 4000 + b"]" * 4000 + b', "text": "x"}'
    answer = client.post(path_of(opened["seats"]["ann"]) + "/check", content=body)
    assert answer.status_code == 400 and answer.json()["stage"] == "request"


def test_a_tables_help_option_prints_nothing_on_the_clubs_terminal(night, capsys):
    spec = {"game": "palmer", "players": ["ann", "bob"], "options": {"help": True}}
    answer = night.client.post(night.host + "/tables", json=spec)
    assert answer.status_code == 400 and "--help" in answer.json()["messages"][0]
    assert not capsys.readouterr().out


def test_a_player_name_holding_a_comma_is_refused_not_split(night):
    answer = night.client.post(night.host + "/tables", json={**INVICTA, "players": ["a,b", "c"]})
    assert answer.status_code == 400 and "comma" in answer.json()["messages"][0]


def test_opening_a_table_answers_exactly_the_contracts_keys(night):
    opened = night.open(SPEC)
    assert set(opened) == {"id", "code", "game", "table", "spectator", "seats"}


def test_a_game_finished_before_a_rematch_stays_listed_as_finished(night):
    spec = {"game": "ergo", "players": ["ann", "bob"], "options": {"mode": "table"}}
    opened = night.open(spec)
    seats = opened["seats"]
    for seat, line in [("ann", "play A"), ("ann", "discard"), ("ann", "end"), ("bob", "end")]:
        assert night.say(seats[seat], line)["ok"], line
    assert night.say(seats["ann"], "rematch")["ok"] and night.say(seats["bob"], "rematch")["ok"]
    assert night.view(opened["spectator"])["match"] == 2
    kept = f"table-{opened['id']}-ergo.match-1.json"
    assert (night.directory / kept).exists()
    assert any(t["finished"] and t["record"] == kept for t in night.listed()), night.listed()


def test_a_game_finished_before_a_rematch_is_replayed_on_the_tv_after_a_restart(night):
    """Its replay link steps through that game (not game 2), and a restart keeps it."""
    opened = night.open({"game": "ergo", "players": ["ann", "bob"], "options": {"mode": "table"}})
    seats = opened["seats"]
    for seat, line in [("ann", "play A"), ("ann", "discard"), ("ann", "end"), ("bob", "end")]:
        assert night.say(seats[seat], line)["ok"], line
    assert night.say(seats["ann"], "rematch")["ok"] and night.say(seats["bob"], "rematch")["ok"]
    steps = night.view(opened["spectator"], step=0)["steps"]
    assert night.say(seats["ann"], "play A")["ok"]  # game 2 goes on
    again = night.again()
    (kept,) = [t for t in again.listed() if t["finished"]]
    assert kept["match"] == 1 and kept["record"].endswith(".match-1.json")
    assert again.client.get(path_of(kept["spectator"])).status_code == 200
    end = again.view(kept["spectator"])
    assert end["finished"] and end["steps"] > steps == 0 and end["match"] == 1
    assert again.view(kept["spectator"], step=1)["step"] == 1
    with again.client.websocket_connect(path_of(kept["spectator"]) + "/ws") as ws:
        assert ws.receive_json()["view"]["steps"] == end["steps"]
    seat = path_of(seats["ann"]) + "/match/1/view"  # a seat's door replays nothing
    assert again.client.get(seat).status_code == 404
    again.club.shutdown()


@pytest.mark.slow
def test_palmer_how_a_seat_voted_is_not_told_before_the_vote_is_settled(tmp_path):
    from stuck_engine import StuckEngine
    from webtable import table

    from referee.logic.engine import Limits

    engine = StuckEngine(5.0, Limits(timeout=1))  # the claim is undetermined: a vote
    house = ("vote_on_undetermined=yes",)
    app, _ = table(
        tmp_path, "palmer", engine, players="ann,bob,cat", mode="table", timeout=1, house=house
    )
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    lines = [("ann", "play happy : ∀x happy(x)"), ("bob", "play happy : ∃x happy(x)")]
    with engine:
        for seat, line in [*lines, ("cat", "pass"), ("ann", "claim 2"), ("bob", "vote yes")]:
            said = client.post(path_of(seats[seat]) + "/command", content=line.encode())
            assert said.json()["ok"], line
    spectator = path_of(app.urls()["spectator"])
    cats = client.get(path_of(seats["cat"]) + "/view").json()
    assert cats["vote"]["waiting"] == ["cat"]  # not settled: cat is still to vote
    public = client.get(spectator + "/view").json()
    replayed = client.get(spectator + "/view", params={"step": public["steps"]}).json()
    shown = [cats["log"], public["log"], replayed["log"]]
    assert not any("yes" in line for log in shown for line in log), shown


# ------------------------------------------------------------------ the process


def handshake(port: int, url: str) -> socket.socket | None:
    """A WebSocket opened at ``url`` (as a phone's page opens its own); None if refused."""
    path = url.split(f":{port}", 1)[1] + "/ws"
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    if sock.recv(4096).startswith(b"HTTP/1.1 101"):
        return sock
    sock.close()
    return None


@pytest.mark.slow
def test_under_160_descriptors_a_clubs_many_tables_leave_its_seats_room(tmp_path):
    """``ulimit -n 160``: 45 tables open (``--max-tables 60``), a phone on its WebSocket at
    each (the first 31 get one: the club's whole budget), then 300 idle connections from a
    stranger: a seat's view and the host's list were reset (every descriptor taken,
    nobody evicted)."""

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))

    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli.main", "club", "--records", str(tmp_path / "c")]
        + ["--max-tables", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=low_limit,
    )

    def ask(url: str, body: bytes | None = None) -> dict:
        request = urllib.request.Request(url, data=body, method="GET" if body is None else "POST")
        with urllib.request.urlopen(request, timeout=20) as answer:
            return json.loads(answer.read())

    held: list[socket.socket] = []
    try:
        assert process.stdout is not None
        urls = json.loads(process.stdout.readline())
        port = int(urls["join"].rsplit(":", 1)[1].split("/")[0])
        spec = json.dumps(INVICTA).encode()
        tables = [ask(urls["host"] + "/tables", spec) for _ in range(45)]
        for opened in tables:
            phone = handshake(port, opened["seats"]["bob"])
            if phone is None:
                break
            held.append(phone)
        with contextlib.suppress(OSError):
            for _ in range(300):
                held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(1)
        assert ask(tables[-1]["seats"]["ann"] + "/view")["you"]["name"] == "ann"
        assert len(ask(urls["host"] + "/tables")["tables"]) == 45
    finally:
        for s in held:
            s.close()
        process.terminate()
        process.wait(20)
