"""Contracts of issues 19-31 checked from their words alone (the web table, computer
players, hints, the record files `play` and `serve` open), each found departing once."""

from __future__ import annotations

from click.testing import CliRunner

from referee.cli.main import main


def test_a_file_that_holds_no_game_is_not_called_one_when_given_new_settings(tmp_path):
    """Issue 27: an empty or half-written record gets a line saying what it is; with
    --players it was "already holds a game, with its own settings"."""
    for name, text in (("empty.json", ""), ("half.json", '{"format": "referee-rec')):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        args = ["cogito", "play", "--players", "a,b,c", "--record", str(path)]
        said = CliRunner().invoke(main, args, input="quit\n", catch_exceptions=False)
        assert said.exit_code == 1
        assert "already holds a game" not in said.output and "not JSON" in said.output
        assert path.read_text(encoding="utf-8") == text  # the file given is never damaged


def test_a_websocket_with_an_unknown_token_is_a_404_as_every_url_with_one(tmp_path):
    """Issue 21: "A URL with an unknown token: 404"; the socket's answered 403, which is
    kept for a page of another site."""
    import pytest
    from starlette.testclient import TestClient, WebSocketDenialResponse
    from webtable import table

    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    seat = app.urls()["seats"]["ann"].removeprefix("http://testserver")
    unknown = seat.rsplit("/", 1)[0] + "/" + "x" * 43
    for path, origin, status in (
        (unknown + "/ws", None, 404),
        (app.urls()["spectator"].removeprefix("http://testserver") + "/match/9/ws", None, 404),
        (seat + "/ws", "http://evil.example", 403),
    ):
        headers = {"origin": origin} if origin else {}
        with pytest.raises(WebSocketDenialResponse) as refused:
            with client.websocket_connect(path, headers=headers):
                pass
        assert refused.value.status_code == status, path
    with client.websocket_connect(seat + "/ws") as ws:
        assert ws.receive_json()["type"] == "view"


def test_the_undo_answers_and_moves_refusals_read_as_sentences():
    """Issue 30's undo asked of the table: the asker's own `undo yes` said "bob answer your
    own request to take back"; `moves` with every seat a computer's said "where NAME is  (the
    others are ...)"."""
    from referee.client.reasons import table_words
    from referee.table.errors import Refusal
    from referee.table.refusals import Why

    own = table_words(Refusal(Why.NOT_ASKED_UNDO, texts=("bob",), flag=True))
    assert own == "your own request to take back is the others' to answer: bob"
    other = table_words(Refusal(Why.NOT_ASKED_UNDO, texts=("bob", "cat")))
    assert other == "only those asked answer a request to take back: bob, cat"
    nobody = table_words(Refusal(Why.WHICH_HUMAN, word="moves", texts=()))
    assert "  " not in nobody and "computer" in nobody


def test_a_bot_says_no_line_the_table_moved_past_while_it_thought(monkeypatch):
    """Issue 29: "a bot never sends a refused command". Bots playing Cogito through serve
    sent `play 1` after another seat's COGITO had ended the game while they thought
    (and printed "refused: refused: ..."): the view is read again before a line is said."""
    import json

    from test_bot_hostile import FINISHED, WAITING, Server, answer, play

    from referee.cli import bot_cmd

    monkeypatch.setattr(bot_cmd, "PONDER_SECONDS", 0.0)
    mine = {**WAITING, "you": {"name": "ann", "legal": ["a1"]}}
    posted: list[str] = []

    def reply(n, line, conn):
        if line.startswith("POST"):
            posted.append(line)
            conn.sendall(answer(json.dumps({"ok": False, "messages": ["refused: over"]})))
        else:
            conn.sendall(answer(json.dumps(mine if n == 0 else FINISHED)))

    with Server(reply) as server:
        assert play(server.url) == []
    assert posted == []

    def refuses(last):  # the table answers "refused"; its view is ``mine`` up to ``last``
        def reply(n, line, conn):
            if line.startswith("POST"):
                conn.sendall(answer(json.dumps({"ok": False, "messages": ["refused: over"]})))
            else:
                conn.sendall(answer(json.dumps(mine if n <= last else FINISHED)))

        return reply

    with Server(refuses(3)) as server:  # the same table after: a refusal, worded once
        assert play(server.url) == ["a1  refused: over"]
    with Server(refuses(1)) as server:  # said at once, yet another seat was first
        assert play(server.url) == []


def test_bots_at_one_level_fill_every_seat_of_a_table_whose_players_name_themselves():
    """Issues 29 and 30: `referee bot URL` on each seat of `serve --seats 3` named every
    bot bot2, so the second and third were refused (exit 2) and the first waited forever;
    a name the user did not give gives way (bot2b, ...); a name the user gave does not."""
    import pytest

    from referee.cli.bot_cmd import NoSeat, take_seat

    class Table:  # the table's side of the naming, as the web table answers it
        def __init__(self, taken):
            self.names = {1: taken, 2: None}
            self.url = "http://testserver/seat/TOKEN"

        def view(self):
            naming = [{"seat": f"seat {n}", "name": x} for n, x in self.names.items()]
            begun = all(self.names.values())
            return {"naming": None if begun else naming, "you": {"name": self.names[2]}}

        def say(self, line):
            name = line.removeprefix("name ")
            if name.casefold() == self.names[1].casefold():
                return {"ok": False, "messages": ["the names are the same name"]}
            self.names[2] = name
            return {"ok": True, "messages": [f"You are {name}."]}

    table = Table("bot2")
    take_seat(table, table.view(), "bot2", own=False)
    assert table.names[2] == "bot2b"
    table = Table("hal")
    with pytest.raises(NoSeat):
        take_seat(table, table.view(), "hal", own=True)
    assert table.names[2] is None


def test_a_port_in_use_leaves_no_record_to_refuse_the_corrected_command(tmp_path):
    """Issue 21's `serve GAME --port N`: with N in use, serve made the new game's record
    and then failed to listen, so the same command on a free port was refused ("already
    holds a game, with its own settings: drop --players")."""
    import socket

    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen()
    port = held.getsockname()[1]
    record = tmp_path / "g.json"
    args = ["serve", "invicta", "--players", "w,b", "--record", str(record), "--port", str(port)]
    try:
        said = CliRunner().invoke(main, args, catch_exceptions=False)
    finally:
        held.close()
    assert said.exit_code == 1 and "cannot listen" in said.output
    assert not record.exists()


def test_one_line_ended_by_crlf_is_one_command(tmp_path):
    """Issue 21: the body is "one line of the game's command language"; `help\\n` was
    taken and `help\\r\\n` (a CRLF file, some clients) refused as "one line, one command".
    Two lines stay refused, however they are ended."""
    from starlette.testclient import TestClient
    from webtable import naming_table, table

    app, _ = table(tmp_path, "invicta")
    client = TestClient(app.app)
    seat = app.urls()["seats"]["ann"].removeprefix("http://testserver") + "/command"
    said = lambda body: client.post(seat, content=body).json()  # noqa: E731
    assert said(b"e5\r\n") == {"ok": True, "messages": ["white (ann) places a hollow piece on e5"]}
    for two in (b"help\r\nboard", b"help\rboard\r\n", b"help\r\n\r\n"):
        assert said(two) == {"ok": False, "messages": ["one line, one command"]}
    import contextlib

    with contextlib.ExitStack() as stack:  # before the game, naming oneself the same
        (tmp_path / "n").mkdir()
        lobby, _ = naming_table(tmp_path / "n", "invicta", 2, stack)
        first = lobby.urls()["seats"]["seat 1"].removeprefix("http://testserver")
        assert TestClient(lobby.app).post(first + "/command", content=b"name ann\r\n").json()["ok"]
