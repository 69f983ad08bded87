"""``referee serve GAME --seats N``: the players name themselves on their phones.

Over HTTP (Starlette's TestClient, and ``serve`` as a process): the seats'
URLs before any name, the one pre-game command (``name NAME``) checked by the
rule for names at the terminal and by the game's own setup, the game begun
(its record made, players in seat order) when the last seat is named, the
same URLs after that and after a restart, ``--bots`` naming the computer
seats, and the clear errors of the command line. And one phone's first
screen in Chromium.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import served
from starlette.testclient import TestClient
from webtable import naming_table

from referee.language.names import MAX_NAME
from referee.table.record import loads
from referee.web.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


def say(client, url: str, line: str) -> dict:
    r = client.post(path_of(url) + "/command", content=line.encode("utf-8"))
    assert r.status_code == 200, r.text
    return r.json()


def players_of(path: Path, game: str) -> tuple[str, ...]:
    _, state = loads(path.read_text(encoding="utf-8"), GAMES[game].kind)
    return tuple(state.players)


@pytest.mark.slow
def test_phones_name_their_seats_and_the_game_begins_when_every_seat_has_a_name(tmp_path):
    with contextlib.ExitStack() as stack:
        app, path = naming_table(tmp_path, "cogito", 3, stack)
        client = TestClient(app.app)
        urls = app.urls()
        assert set(urls) == {"table", "spectator", "seats"}
        assert list(urls["seats"]) == ["seat 1", "seat 2", "seat 3"]
        one, two, three = urls["seats"].values()
        view = client.get(path_of(one) + "/view").json()
        assert view["role"] == "seat" and view["you"] == {
            "seat": "seat 1",
            "name": None,
            "legal": [],
        }
        assert [s["name"] for s in view["naming"]] == [None, None, None]
        assert not path.exists()  # no record until every seat is named

        # Nothing but a name before the game: a move is refused, saying what to do.
        refused = say(client, one, "play 1")
        assert not refused["ok"] and "name ann" in refused["messages"][0]
        assert say(client, one, "name Zoë")["ok"]
        # The rule for names at the terminal: the same name by case or by how it is written.
        for same in ("zoë", "ZOË", "Zoe\u0308", "Ｚｏë"):
            answer = say(client, two, f"name {same}")
            assert not answer["ok"] and "are the same name" in answer["messages"][0], same
        for bad, words in (
            ("bob smith", "holds a space"),
            ("bob,al", "holds a comma"),
            ("12", "is a number"),
            ("b\u200bob", "cannot be seen"),
            ("Zo\u00eb\u034f", "cannot be seen"),  # drawn as Zoë
            ("Z\u043e\u00eb", "look the same"),  # a Cyrillic о: drawn as Zoë
            ("b\u0007ob", "cannot be seen"),
            ("x" * (MAX_NAME + 1), f"longer than {MAX_NAME}"),
        ):
            answer = say(client, two, f"name {bad}")
            assert not answer["ok"] and words in answer["messages"][0], (bad, answer)
        assert not say(client, two, "name")["ok"]
        assert not say(client, two, "name bob\nplay 1")["ok"]
        assert client.get(path_of(two) + "/view").json()["you"]["name"] is None

        # The table screen shows who has joined; a seat may change its name before the game.
        assert say(client, two, "name bob")["ok"]
        assert say(client, two, "name Bo")["ok"]
        table_view = client.get(path_of(urls["table"]) + "/view").json()
        assert [s["name"] for s in table_view["naming"]] == ["Zoë", "Bo", None]
        assert table_view["waiting"] == ["seat 3"]
        assert table_view["log"] == ["bob is now Bo"]
        assert not path.exists()

        answer = say(client, three, "name cat")
        assert answer["ok"], answer
        assert players_of(path, "cogito") == ("Zoë", "Bo", "cat")  # in seat order
        # The same URLs, now each its player's; the first line names them.
        assert list(app.urls()["seats"].items()) == list(
            zip(("Zoë", "Bo", "cat"), (one, two, three), strict=True)
        )
        view = client.get(path_of(two) + "/view").json()
        assert view["you"]["name"] == "Bo" and "naming" not in view
        assert view["you"]["legal"]
        # From now on every line is the game's: the pre-game command is gone.
        assert not say(client, one, "name Ann")["ok"]
        assert players_of(path, "cogito") == ("Zoë", "Bo", "cat")


def test_a_name_the_game_would_read_otherwise_is_refused(tmp_path):
    with contextlib.ExitStack() as stack:
        app, path = naming_table(tmp_path, "ergo", 2, stack)
        client = TestClient(app.app)
        one, two = app.urls()["seats"].values()
        answer = say(client, one, "name ann=C")  # Ergo's own notation: ann with the variable C
        assert not answer["ok"] and "reads the name 'ann=C' as 'ann'" in answer["messages"][0]
        answer = say(client, one, "name A")  # a variable's name
        assert not answer["ok"] and "variable" in answer["messages"][0]
        assert say(client, one, "name ann")["ok"] and say(client, two, "name bob")["ok"]
        assert players_of(path, "ergo") == ("ann", "bob")


def test_bots_name_the_computer_seats_which_take_the_last_seats(tmp_path):
    with contextlib.ExitStack() as stack:
        app, path = naming_table(tmp_path, "invicta", 2, stack, bots="hal:0")
        client = TestClient(app.app)
        urls = app.urls()
        assert list(urls["seats"]) == ["seat 1", "hal"]
        view = client.get(path_of(urls["table"]) + "/view").json()
        assert view["naming"][1] == {"seat": "seat 2", "name": "hal", "computer": True}
        assert view["seats"][1]["computer"] and view["seats"][1]["joined"]
        hal = path_of(urls["seats"]["hal"]) + "/command"  # a computer's seat is nobody's
        assert client.post(hal, content=b"name eve").status_code == 404
        answer = say(client, urls["seats"]["seat 1"], "name HAL")
        assert not answer["ok"] and "same name" in answer["messages"][0]
        assert say(client, urls["seats"]["seat 1"], "name ann")["ok"]
        assert players_of(path, "invicta") == ("ann", "hal")
        assert app.table.computers == frozenset({"hal"})
        assert say(client, urls["seats"]["seat 1"], "e5")["ok"]
        for _ in range(500):  # the computer, white's opponent, answers by itself
            if app.table.session.game.moves == 2:
                break
            time.sleep(0.01)
        assert app.table.session.game.moves == 2


# ------------------------------------------------------------------ serve as a process


start = served.serve


def post(url: str, line: str) -> dict:
    request = urllib.request.Request(url + "/command", data=line.encode(), method="POST")
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())


def stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=20)
    assert process.returncode == 0
    return out


def refused(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli.main", "serve", *args, "--port", "0"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == "", (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stderr


@pytest.mark.slow
def test_serve_seats_names_then_resumes_at_the_same_urls(tmp_path):
    record = tmp_path / "game.json"
    process, urls = start("invicta", "--seats", "2", "--record", str(record), cwd=tmp_path)
    try:
        assert list(urls["seats"]) == ["seat 1", "seat 2"]
        one, two = urls["seats"].values()
        assert post(one, "name ann")["ok"]
    finally:
        out = stop(process)
    assert "no game was recorded" in out and not record.exists()
    # A restart before every seat had a name: the same URLs, the names given are lost.
    process, again = start("invicta", "--seats", "2", "--record", str(record), cwd=tmp_path)
    try:
        assert again == urls
        assert json.loads(urllib.request.urlopen(one + "/view").read())["you"]["name"] is None
        assert post(one, "name ann")["ok"]
        assert post(two, "name bob")["ok"]
        assert post(one, "e5")["ok"]
    finally:
        out = stop(process)
    assert players_of(record, "invicta") == ("ann", "bob")
    assert "Every seat has a name (ann, bob): the game begins" in out
    # Resumed as any record, with or without --seats: the phones keep their URLs.
    for extra in ((), ("--seats", "2")):
        process, resumed = start("invicta", "--record", str(record), *extra, cwd=tmp_path)
        try:
            assert resumed["seats"] == {"ann": one, "bob": two}
            assert resumed["table"] == urls["table"]
            view = json.loads(urllib.request.urlopen(two + "/view").read())
            assert view["you"]["name"] == "bob" and view["moves"] == 1
        finally:
            stop(process)


@pytest.mark.slow
def test_serve_seats_refusals_are_one_clear_line(tmp_path):
    both = refused("cogito", "--seats", "3", "--players", "ann,bob,cat", cwd=tmp_path)
    assert "either --seats N" in both and "or --players, not both" in both
    count = refused("invicta", "--seats", "3", cwd=tmp_path)
    assert "--seats 3: Invicta is played by two" in count
    bots = refused("palmer", "--seats", "2", "--bots", "hal,eve", cwd=tmp_path)
    assert "leave one for a phone" in bots
    bad_bot = refused("palmer", "--seats", "3", "--bots", "h al", cwd=tmp_path)
    assert "--bots:" in bad_bot and "holds a space" in bad_bot
    # A record whose players were given: --seats does not resume it under other URLs.
    record = tmp_path / "named.json"
    process, _ = start("invicta", "--players", "ann,bob", "--record", str(record), cwd=tmp_path)
    stop(process)
    again = refused("invicta", "--seats", "2", "--record", str(record), cwd=tmp_path)
    assert "did not name themselves" in again and "drop --seats" in again


def test_the_readme_example_is_what_the_program_says(tmp_path):
    """docs/web.md's ``--seats`` example: the first line's seats and each answer."""
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    section = text[text.index("**Players who name themselves.**") :]
    block = re.search(r"```\n(referee serve .*?)```", section, re.S)
    assert block is not None
    lines = block.group(1).rstrip("\n").split("\n")
    command, first = lines[0].split(), json.loads(lines[1])
    with contextlib.ExitStack() as stack:
        seats = int(command[command.index("--seats") + 1])
        app, _ = naming_table(tmp_path, command[2], seats, stack)
        client = TestClient(app.app)
        urls = app.urls()
        assert list(urls["seats"]) == list(first["seats"])
        exchanges = re.findall(
            r"^curl .*--data '([^']*)' .*/seat/(\S+)/command\n(.*)$", block.group(1), re.M
        )
        assert len(exchanges) >= 3
        names = dict(zip(first["seats"].values(), urls["seats"].values(), strict=True))
        for line, token, shown in exchanges:
            url = next(u for k, u in names.items() if k.endswith("/" + token))
            r = client.post(path_of(url) + "/command", content=line.encode("utf-8"))
            assert r.text == shown, line


# ------------------------------------------------------------------ a phone, in Chromium


chromium_path = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
@pytest.mark.skipif(chromium_path is None, reason="no system chromium (apt-get install chromium)")
def test_a_phones_first_screen_asks_its_players_name(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    uvicorn = pytest.importorskip("uvicorn")
    from webtable import CHROMIUM_ARGS

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    with contextlib.ExitStack() as stack:
        app, path = naming_table(tmp_path, "invicta", 2, stack, base=base)
        server = uvicorn.Server(uvicorn.Config(app.app, log_level="warning", lifespan="off"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
        thread.start()

        def halt() -> None:
            server.should_exit = True
            thread.join(10)

        stack.callback(halt)
        urls = app.urls()
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True
            )
            phone = browser.new_page(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            errors: list[str] = []
            phone.on("pageerror", lambda e: errors.append(str(e)))
            phone.goto(urls["seats"]["seat 1"])
            name = phone.get_by_label("your name")
            name.wait_for()
            assert "Who are you? (seat 1)" in phone.inner_text("main")
            assert phone.locator(".seat-names li.waiting").count() == 2
            where = os.environ.get("REFEREE_SCREENSHOTS")
            if where:  # the README's
                phone.screenshot(path=str(Path(where) / "web-seat-name.png"), full_page=True)
            name.fill("<b>Zoë</b>")  # a name like any other, shown as the text it is
            phone.get_by_role("button", name="Join").tap()
            phone.locator(".messages").wait_for()
            shown = phone.inner_text(".seat-names")
            assert "<b>Zoë</b>" in shown and phone.locator(".seat-names b").count() == 0
            name.fill("Zoë")
            phone.get_by_role("button", name="Change").tap()
            phone.locator(".you strong", has_text="Zoë").wait_for()
            board = browser.new_page(viewport={"width": 1280, "height": 800})
            board.goto(urls["table"])
            board.locator(".seat-names li.named", has_text="Zoë").wait_for()
            assert board.locator(".codes img").count() == 1  # seat 2 has no phone yet
            # The other seat names itself (over HTTP): the game begins on every screen.
            request = urllib.request.Request(
                urls["seats"]["seat 2"] + "/command", data=b"name bob", method="POST"
            )
            assert json.loads(urllib.request.urlopen(request).read())["ok"]
            phone.locator(".turn.banner", has_text="Your turn").wait_for(timeout=5000)
            board.locator(".turn.banner", has_text="Zoë to play").wait_for(timeout=5000)
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390
            browser.close()
        assert errors == []
        assert players_of(path, "invicta") == ("Zoë", "bob")
