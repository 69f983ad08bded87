"""``referee club`` (issue 37's contract): one server, many tables, opened by the host's
JSON, joined by a four-letter code, closed, and brought back by a restart; in-process
(Starlette's TestClient) but for the process tests at the end."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import served
from click.testing import CliRunner
from starlette.testclient import TestClient
from webtable import held

from referee.cli.main import main
from referee.table.record import loads
from referee.web.club import LETTERS, Club, club_directory
from referee.web.clubapp import ClubApp
from referee.web.games import GAMES
from referee.web.seats import load_key

BASE = "http://testserver"
SPEC = {"game": "palmer", "seats": 3, "bots": "hal:1", "options": {"house": "hints=yes", "seed": 7}}


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


class Night:
    """A club on ``directory`` and its client; ``again()``: the same directory restarted."""

    def __init__(self, directory: Path, max_tables: int = 32) -> None:
        self.directory = club_directory(directory)
        self.club = Club(self.directory, BASE, load_key(self.directory / "club"), None, max_tables)
        self.problems = self.club.restore()
        self.client = TestClient(ClubApp(self.club).app)
        self.host = path_of(self.club.host_url)

    def open(self, spec: dict) -> dict:
        answer = self.client.post(self.host + "/tables", json=spec)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def listed(self) -> list[dict]:
        return self.client.get(self.host + "/tables").json()["tables"]

    def join(self, code: str) -> dict:
        return self.client.post("/join", content=code.encode()).json()

    def say(self, url: str, line: str) -> dict:
        return self.client.post(path_of(url) + "/command", content=line.encode()).json()

    def view(self, url: str, **query) -> dict:
        return self.client.get(path_of(url) + "/view", params=query).json()

    def again(self) -> Night:
        self.club.shutdown()
        return Night(self.directory)


@pytest.fixture
def night(tmp_path):
    n = Night(tmp_path / "club")
    yield n
    n.club.shutdown()


def test_a_table_opened_by_json_answers_the_contract(night):
    opened = night.open(SPEC)
    assert set(opened) >= {"id", "code", "game", "table", "spectator", "seats"}
    assert opened["game"] == "palmer" and list(opened["seats"]) == ["seat 1", "seat 2", "hal"]
    assert len(opened["code"]) == 4 and set(opened["code"]) <= set(LETTERS)
    assert not set(opened["code"]) & set("IO01")
    (listed,) = night.listed()
    assert set(listed) >= {
        "id",
        "code",
        "game",
        "players",
        "finished",
        "record",
        "table",
        "spectator",
    }
    assert listed["finished"] is False and listed["players"] == ["hal"]  # named so far
    assert (night.directory / listed["record"]).parent == night.directory
    assert oct(night.directory.stat().st_mode & 0o777) == "0o700"
    seat = opened["seats"]["seat 1"]
    assert night.view(seat)["naming"]  # the phone names its player first, as at --seats
    named = opened["seats"]
    assert night.say(named["seat 1"], "name ann")["ok"]
    assert night.say(named["seat 2"], "name bob")["ok"]
    assert night.view(named["seat 1"])["you"]["name"] == "ann"
    record, _ = loads(
        (night.directory / listed["record"]).read_text(encoding="utf-8"), GAMES["palmer"].kind
    )
    assert record.setup.settings.players == ("ann", "bob", "hal")
    assert record.setup.settings.seed == 7 and record.setup.rules.hints


@pytest.mark.parametrize(
    "spec, argv",
    [
        ({"game": "palmer", "players": ["ann", "ann"]}, ["--players", "ann,ann"]),
        (
            {"game": "palmer", "players": ["ann", "bob"], "options": {"seed": "x"}},
            ["--players", "ann,bob", "--seed", "x"],
        ),
        (
            {"game": "palmer", "players": ["ann", "bob"], "options": {"house": "hints=maybe"}},
            ["--players", "ann,bob", "--house", "hints=maybe"],
        ),
        ({"game": "ergo", "seats": 2, "bots": "hal,sal"}, ["--seats", "2", "--bots", "hal,sal"]),
        (
            {"game": "ergo", "players": ["ann", "bob"], "bots": "cat"},
            ["--players", "ann,bob", "--bots", "cat"],
        ),
        (
            {"game": "invicta", "players": ["ann", "bob"], "options": {"colour": "red"}},
            ["--players", "ann,bob", "--colour", "red"],
        ),
    ],
)
def test_a_bad_setting_is_refused_with_the_reason_serve_gives(night, spec, argv):
    answer = night.client.post(night.host + "/tables", json=spec)
    assert answer.status_code == 400
    body = answer.json()
    assert body["ok"] is False
    serve = CliRunner().invoke(main, ["serve", spec["game"], *argv, "--port", "0"])
    assert serve.exit_code != 0
    said = serve.output.strip().splitlines()[-1]
    assert said.split("Error: ")[-1].split("error: ")[-1] == body["messages"][0]
    assert night.listed() == [] and not list(night.directory.glob("table-*.json"))


def test_past_max_tables_opening_is_refused_with_the_reason(tmp_path):
    night = Night(tmp_path / "club", max_tables=1)
    night.open({"game": "invicta", "players": ["ann", "bob"]})
    refused = night.client.post(night.host + "/tables", json={"game": "invicta", "seats": 2})
    assert refused.status_code == 400 and "--max-tables 1" in refused.json()["messages"][0]
    said = " ".join(CliRunner().invoke(main, ["club", "--help"]).output.split())
    assert "--max-tables INTEGER RANGE How many tables may be open at once. [default: 32;" in said
    night.club.shutdown()


def test_joining_by_code_hands_out_each_free_seat_once_in_order(night):
    opened = night.open(SPEC)
    seats = opened["seats"]
    night.view(seats["seat 1"])  # a phone scanned seat 1's code: that seat is taken
    assert night.join(opened["code"].lower()) == {"ok": True, "seat": seats["seat 2"]}
    full = night.join(f"  {opened['code']} ")  # hal is the referee's: nobody else is free
    assert full["ok"] is False and "every seat" in full["messages"][0]
    wrong = "".join(c for c in LETTERS if c not in opened["code"])[:4]
    assert night.join(wrong)["ok"] is False and "no table" in night.join(wrong)["messages"][0]
    assert "four letters" in " ".join(night.join("AB1")["messages"]).replace("4", "four")


def test_a_tables_token_elsewhere_is_a_404_and_a_closed_table_answers_404(night):
    first = night.open({"game": "invicta", "players": ["ann", "bob"]})
    second = night.open({"game": "invicta", "players": ["ann", "bob"]})
    mine = path_of(first["seats"]["ann"])
    token = mine.rsplit("/", 1)[1]
    elsewhere = path_of(second["seats"]["ann"]).rsplit("/", 1)[0] + "/" + token
    assert night.client.get(mine + "/view").status_code == 200
    assert night.client.get(elsewhere + "/view").status_code == 404
    assert (
        night.client.get(mine.replace(f"/t/{first['id']}/", "/t/99/") + "/view").status_code == 404
    )
    assert night.say(first["seats"]["ann"], "e5")["ok"]
    closed = night.client.post(night.host + f"/tables/{first['id']}/close")
    assert closed.json() == {"ok": True}
    for url in (first["seats"]["ann"], first["table"], first["spectator"]):
        assert night.client.get(path_of(url)).status_code == 404
        assert night.client.get(path_of(url) + "/view").status_code == 404
    assert [t["id"] for t in night.listed()] == [second["id"]]
    record = night.directory / f"table-{first['id']}-invicta.json"
    saved, _ = loads(record.read_text(encoding="utf-8"), GAMES["invicta"].kind)
    assert len(saved.events) == 1  # the record stays
    assert night.join(first["code"])["ok"] is False


def test_the_host_and_join_doors_check_the_token_host_and_origin(night):
    assert night.client.get(night.host[:-3] + "abc").status_code == 404
    assert (
        night.client.get(night.host + "/tables", headers={"Host": "evil.example"}).status_code
        == 421
    )
    assert (
        night.client.post("/join", content=b"ABCD", headers={"Host": "evil.example"}).status_code
        == 421
    )
    for page in (night.host, "/join"):  # a rebinding page reads neither
        assert night.client.get(page, headers={"Host": "evil.example"}).status_code == 421
    evil = {"Origin": "http://evil.example"}
    assert night.client.post(night.host + "/tables", json=SPEC, headers=evil).status_code == 403
    assert night.client.post("/join", content=b"ABCD", headers=evil).status_code == 403
    assert night.listed() == []
    page = night.client.get(night.host)
    assert (
        page.status_code == 200 and "default-src 'none'" in page.headers["content-security-policy"]
    )
    join = night.client.get("/join")
    assert join.status_code == 200 and 'id="code"' in join.text
    assert join.headers["x-frame-options"] == "DENY"


def test_wrong_codes_from_one_phone_are_limited(night):
    for _ in range(10):
        assert night.join("ZZZZ")["ok"] is False
    limited = night.client.post("/join", content=b"ZZZZ")
    assert limited.status_code == 429


def test_a_restart_brings_back_every_table_at_its_urls_and_code(night):
    lobby = night.open(SPEC)
    assert night.say(lobby["seats"]["seat 1"], "name ann")["ok"]  # acknowledged: kept
    playing = night.open({"game": "invicta", "players": ["ann", "bob"]})
    assert night.say(playing["seats"]["ann"], "e5")["ok"]
    computer = night.open({"game": "ergo", "players": ["ann", "bob"], "bots": "bob:0"})
    gone = night.open({"game": "invicta", "seats": 2})
    night.client.post(night.host + f"/tables/{gone['id']}/close")
    # ann's seat is in use (it moved): the code hands out bob's
    assert night.join(playing["code"]) == {"ok": True, "seat": playing["seats"]["bob"]}
    before = {t["id"]: t for t in night.listed()}

    again = night.again()
    assert again.problems == []
    after = {t["id"]: t for t in again.listed()}
    assert set(after) == set(before) == {lobby["id"], playing["id"], computer["id"]}
    assert after[computer["id"]]["computers"] == ["bob"]  # the record's own computer seats
    assert again.view(computer["spectator"])["computers"] == ["bob"]
    for key in ("code", "table", "spectator", "seats", "record", "game"):
        assert after[playing["id"]][key] == before[playing["id"]][key]
        assert after[lobby["id"]][key] == before[lobby["id"]][key]
    assert again.view(lobby["seats"]["seat 1"])["you"]["name"] == "ann"
    assert again.view(playing["spectator"])["moves"] == 1
    assert again.club.host_url == night.club.host_url
    # the seats it gave or that were used are still taken: none is left
    assert again.join(playing["code"])["ok"] is False
    assert again.client.get(path_of(gone["table"])).status_code == 404
    again.club.shutdown()


def test_a_finished_games_spectator_steps_through_its_events(night):
    opened = night.open({"game": "ergo", "players": ["ann", "bob"], "options": {"mode": "table"}})
    seats, spectator = opened["seats"], opened["spectator"]
    lines = [("ann", "play A"), ("ann", "discard"), ("ann", "end"), ("bob", "end")]
    for seat, line in lines:
        assert night.say(seats[seat], line)["ok"], line
    live = night.view(spectator)
    assert live["finished"] and live["steps"] == 3
    kind = GAMES["ergo"].kind
    record, _ = loads(
        (night.directory / night.listed()[0]["record"]).read_text(encoding="utf-8"), kind
    )
    for step in range(live["steps"] + 1):
        shown = night.view(spectator, step=step)
        expected = GAMES["ergo"].view(record.rebuild(step), None)
        assert {k: shown[k] for k in expected} == json.loads(json.dumps(expected))
        assert "you" not in shown and shown["step"] == step
        assert (shown["log"] == []) == (step == 0)
    assert "A" in night.view(spectator, step=1)["log"][0]
    assert night.client.get(path_of(spectator) + "/view", params={"step": 9}).status_code == 400
    assert night.client.get(path_of(spectator) + "/view", params={"step": "-1"}).status_code == 400
    assert "step" not in night.view(seats["ann"], step=1)  # a seat's view is its own, live
    (listed,) = night.listed()
    assert listed["finished"] and listed["result"]


def test_a_finished_game_stays_listed_after_a_restart_and_steps_through(night):
    opened = night.open({"game": "ergo", "players": ["ann", "bob"], "options": {"mode": "table"}})
    for seat, line in [("ann", "play A"), ("ann", "discard"), ("ann", "end"), ("bob", "end")]:
        assert night.say(opened["seats"][seat], line)["ok"], line
    again = night.again()
    (listed,) = again.listed()
    assert listed["id"] == opened["id"] and listed["finished"] and listed["result"]
    assert listed["spectator"] == opened["spectator"] and listed["code"] == opened["code"]
    assert again.view(opened["spectator"], step=1)["step"] == 1
    again.club.shutdown()


# ------------------------------------------------------------------ the process


def start_club(directory: Path, *args: str) -> tuple[subprocess.Popen, dict]:
    return served.first_line("club", "--records", str(directory), *args)


def post(url: str, body: bytes) -> dict:
    request = urllib.request.Request(url, data=body, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.mark.slow
def test_the_club_as_a_process_survives_a_kill_9_at_its_port(tmp_path):
    """The first line's contract; every acknowledged move at every table is in its record
    after a kill -9, and the same command brings every table back at its URLs."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    directory = tmp_path / "night"
    process, urls = start_club(directory, "--port", str(port))
    try:
        assert set(urls) == {"host", "join"}
        assert urls["host"].startswith(f"http://127.0.0.1:{port}/host/")
        assert urls["join"] == f"http://127.0.0.1:{port}/join"
        tables = [
            post(
                urls["host"] + "/tables",
                json.dumps({"game": "invicta", "players": ["ann", "bob"]}).encode(),
            )
            for _ in range(2)
        ]
        for opened in tables:
            assert post(opened["seats"]["ann"] + "/command", b"e5")["ok"]
            assert post(opened["seats"]["bob"] + "/command", b"d4")["ok"]
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)
    again, urls_again = start_club(directory, "--port", str(port))
    try:
        assert urls_again == urls
        for opened in tables:
            with urllib.request.urlopen(opened["spectator"] + "/view", timeout=30) as r:
                assert json.loads(r.read())["moves"] == 2
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(20) == 0


@pytest.mark.slow
def test_a_slow_command_at_one_table_holds_no_other_tables_moves(tmp_path):
    """Lines wait at a table whose command is being settled (a claim, say) in that table's
    own queue, one a seat (a seat's next line while its last is carried out is answered
    429 at once), so another table's move is answered at once."""
    import threading

    import uvicorn

    from referee.web.server import config

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    directory = club_directory(tmp_path / "club")
    base = f"http://127.0.0.1:{port}"
    club = Club(directory, base, load_key(directory / "club"))
    slow = club.open({"game": "invicta", "players": ["ann", "bob"]})
    quick = club.open({"game": "invicta", "players": ["ann", "bob"]})
    started, release = held(slow.app.table, seconds=30)
    server = uvicorn.Server(config(ClubApp(club).app))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
    thread.start()
    waiting = []
    try:
        while not server.started:
            time.sleep(0.02)
        urls = slow.app.urls()["seats"]
        for seat in ("ann", "bob"):
            sent = threading.Thread(target=post, args=(urls[seat] + "/command", b"e5"))
            sent.start()
            waiting.append(sent)
            assert seat != "ann" or started.wait(10)
        time.sleep(0.5)  # bob's line is at the server, behind ann's
        for _ in range(20):  # ann's further lines wait in no queue
            with pytest.raises(urllib.error.HTTPError) as busy:
                post(urls["ann"] + "/command", b"e5")
            assert busy.value.code == 429
        began = time.monotonic()
        assert post(quick.app.urls()["seats"]["ann"] + "/command", b"e5")["ok"]
        assert time.monotonic() - began < 2
    finally:
        release.set()
        for sent in waiting:
            sent.join(30)
        server.should_exit = True
        thread.join(10)
        sock.close()
        club.shutdown()
