"""What a hostile probe of every channel found (each test failed before its fix)."""

from __future__ import annotations

import contextlib

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webtable import naming_table, table

from referee.table.computer import ComputerSeats, RandomPlayer


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


def test_a_computer_seats_url_opens_nothing(tmp_path):
    """Practising alone at the web (``serve cogito --bots bob,cat``): the host's first line
    names every seat's URL, and the computer's, opened, showed the person their own Self
    card on its holders (at the terminal ``hand bob`` is refused: a computer's seat is
    nobody's). Its page, view, commands, check and WebSocket answer as no seat's do."""
    computers = ComputerSeats({"bob": RandomPlayer(1), "cat": RandomPlayer(2)})
    app, _ = table(tmp_path, "cogito", computers=computers)
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    ann = app.table.session.game.seat("ann").self_card
    for name in ("bob", "cat"):
        door = path_of(seats[name])
        assert client.get(door).status_code == 404
        assert client.get(door + "/view").status_code == 404
        assert ann not in client.get(door + "/view").text
        assert client.post(door + "/command", content=b"hand").status_code == 404
        assert client.post(door + "/check", content=b"{}").status_code == 404
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(door + "/ws") as ws:
            ws.receive_json()
    assert client.get(path_of(seats["ann"]) + "/view").json()["you"]["name"] == "ann"


def test_a_computer_seat_of_a_table_whose_players_name_themselves_opens_nothing(tmp_path):
    with contextlib.ExitStack() as stack:
        app, _ = naming_table(tmp_path, "ergo", 2, stack, bots="hal:0")
        client = TestClient(app.app)
        seats = app.urls()["seats"]
        assert client.get(path_of(seats["hal"]) + "/view").status_code == 404
        said = client.post(path_of(seats["seat 1"]) + "/command", content=b"name ann")
        assert said.json()["ok"] and app.table is not None
        assert client.get(path_of(seats["hal"]) + "/view").status_code == 404
        assert client.get(path_of(seats["seat 1"]) + "/view").json()["you"]["name"] == "ann"
