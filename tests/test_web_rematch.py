"""A rematch at the web table (issue 30's contract): the same seat URLs, ``match`` 2, and
the first game's record kept beside it, replaying as before; ``--port 0`` keeps its port."""

from __future__ import annotations

import json

from starlette.testclient import TestClient
from webtable import table

from referee.table.record import loads
from referee.table.store import RecordFile
from referee.web.games import GAMES
from referee.web.seats import load_key
from referee.web.server import bind_remembered, build, port_path


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


def say(client, url, line):
    return client.post(path_of(url) + "/command", content=line.encode()).json()


def view(client, url):
    return client.get(path_of(url) + "/view").json()


def test_every_player_says_rematch_and_the_next_game_starts_at_the_same_urls(tmp_path):
    app, path = table(tmp_path, "palmer")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert view(client, seats["ann"])["match"] == 1
    refused = say(client, seats["ann"], "rematch")
    assert not refused["ok"] and "over" in refused["messages"][0]
    assert say(client, seats["ann"], "end")["ok"] and say(client, seats["bob"], "end")["ok"]
    assert view(client, seats["bob"])["finished"]
    assert view(client, seats["bob"])["you"]["legal"] == ["rematch"]
    asked = say(client, seats["ann"], "rematch")
    assert asked["ok"] and "bob" in asked["messages"][0]
    shown = view(client, seats["bob"])
    assert shown["rematch"] == ["ann"] and shown["match"] == 1 and shown["finished"]
    assert view(client, seats["ann"])["you"]["legal"] == []
    before = json.loads(path.read_text(encoding="utf-8"))
    assert say(client, seats["bob"], "rematch")["ok"]
    for name, url in seats.items():
        now = view(client, url)
        assert now["match"] == 2 and not now["finished"] and now["rematch"] == []
        assert now["you"]["name"] == name
    assert app.urls()["seats"] == seats
    kept = tmp_path / "palmer.match-1.json"
    assert json.loads(kept.read_text(encoding="utf-8")) == before  # the first game, whole
    first, game = loads(kept.read_text(encoding="utf-8"), GAMES["palmer"].kind)
    assert game.finished and first.match == 1
    second, game2 = loads(path.read_text(encoding="utf-8"), GAMES["palmer"].kind)
    assert second.match == 2 and second.events == () and not game2.finished
    assert second.setup.settings.players == first.setup.settings.players
    assert second.setup.settings.seed != first.setup.settings.seed  # a new deal
    # A restart on the record: the same URLs, still game 2.
    app.table.store.close()
    store = RecordFile(path)
    store.open()
    again = build(GAMES["palmer"], second, game2, store, load_key(path), "http://testserver")
    assert again.urls() == app.urls()
    assert view(TestClient(again.app), seats["ann"])["match"] == 2


def test_port_0_is_remembered_beside_the_record(tmp_path, capfd):
    record = tmp_path / "game.json"
    first = bind_remembered("127.0.0.1", record)
    port = first.getsockname()[1]
    first.close()
    assert port_path(record).read_text(encoding="ascii").strip() == str(port)
    second = bind_remembered("127.0.0.1", record)
    assert second.getsockname()[1] == port
    third = bind_remembered("127.0.0.1", record)  # taken: another port, and a word
    assert third.getsockname()[1] != port
    said = capfd.readouterr()  # on stderr: stdout's first line is the contract's JSON
    assert said.out == "" and f"{port}, is taken" in said.err
    second.close()
    third.close()


def test_a_rematch_wish_is_gone_from_every_screen_once_the_end_is_taken_back(tmp_path):
    app, _ = table(tmp_path, "palmer")
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    assert say(client, seats["ann"], "end")["ok"] and say(client, seats["bob"], "end")["ok"]
    assert say(client, seats["ann"], "rematch")["ok"]
    assert view(client, app.urls()["table"])["rematch"] == ["ann"]
    assert say(client, seats["bob"], "undo please")["ok"]
    assert say(client, seats["ann"], "undo yes")["ok"]
    shown = view(client, seats["bob"])
    assert (
        not shown["finished"] and shown["rematch"] == [] and "rematch" not in shown["you"]["legal"]
    )
    assert say(client, seats["ann"], "end")["ok"] and say(client, seats["bob"], "end")["ok"]
    assert (
        view(client, seats["ann"])["rematch"] == [] and say(client, seats["bob"], "rematch")["ok"]
    )
    assert view(client, seats["bob"])["match"] == 1  # ann must say it again
