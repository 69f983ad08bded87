"""What the players decide together (``referee.table.agreement``): a rematch, undo asked of
the table, ending by agreement, the same at the terminal, on the phones and in the records."""

from __future__ import annotations

import json
import time

from click.testing import CliRunner
from starlette.testclient import TestClient
from webtable import defaults

from referee.cli.main import main
from referee.table.agreement import (
    Agreement,
    EndWished,
    MatchBegins,
    RematchWished,
    UndoAnswered,
    UndoAsked,
    UndoGranted,
)
from referee.table.computer import ComputerSeats, RandomPlayer
from referee.table.errors import Refusal
from referee.table.loop import run
from referee.table.record import loads
from referee.table.refusals import Why
from referee.table.session import Refused, Session, Undone
from referee.table.store import RecordFile
from referee.web.games import GAMES
from referee.web.seats import load_key
from referee.web.server import build


def session(game: str = "ergo", mode: str = "table", **extra) -> Session:
    web_game = GAMES[game]
    record = web_game.start(defaults(game, mode=mode, **extra))
    registration = web_game.registration
    agreement = Agreement(registration.phones.enders)
    return Session(record, registration.language(), record.rebuild(), agreement=agreement)


def reason(outcomes) -> Refusal:
    (refused,) = outcomes
    assert isinstance(refused, Refused)
    assert isinstance(refused.reason, Refusal)
    return refused.reason


def test_each_refusal_is_a_typed_reason():
    s = session()
    assert reason(s.execute("rematch", "ann")).why is Why.REMATCH_NOT_OVER
    assert reason(s.execute("undo please", "ann")).why is Why.NOTHING_PLAYED
    assert reason(s.execute("undo yes", "bob")).why is Why.NOBODY_ASKED_UNDO
    assert reason(s.execute("undo yes")).why is Why.NOBODY_ASKED_UNDO  # the keyboard too
    assert s.execute("play A", "ann") and s.record.events
    assert s.execute("undo please", "ann") == (UndoAsked("ann", ("bob",)),)
    assert reason(s.execute("undo please", "bob")) == Refusal(Why.UNDO_ALREADY_ASKED, player="ann")
    assert reason(s.execute("undo yes", "ann")) == Refusal(
        Why.NOT_ASKED_UNDO, texts=("bob",), flag=True
    )


def test_ending_waits_for_every_player_and_a_move_forgets_it():
    s = session()
    assert s.execute("end I must go", "ann") == (EndWished(("ann",), ("bob",)),)
    assert s.agreement.ending(s) == {"ann": "I must go"}
    s.execute("play A", "ann")
    assert s.agreement.ending(s) == {}  # the record moved: nobody is asked now
    s.execute("end", "bob")
    s.execute("end", "ann")
    assert s.game.finished and s.record.events[-1].reason == ""  # bob's words: he said first


def test_a_rematch_wish_does_not_survive_an_undo_of_the_end():
    s = session()
    s.execute("end", "ann")
    s.execute("end", "bob")
    assert s.game.finished
    assert s.execute("rematch", "ann") == (RematchWished("ann", ("ann",), ("bob",)),)
    assert s.execute("undo please", "bob") == (UndoAsked("bob", ("ann",)),)
    taken = s.execute("undo yes", "ann")
    assert taken[0] == UndoGranted("bob") and isinstance(taken[1], Undone)
    assert not s.game.finished and s.agreement.wishes(s).rematch == ()
    s.execute("end", "ann")
    s.execute("end", "bob")
    # ann's wish was made of a game that is no longer the one over: she is asked again
    assert s.execute("rematch", "bob") == (RematchWished("bob", ("bob",), ("ann",)),)
    assert s.execute("rematch", "ann") == (MatchBegins(2),)
    assert s.record.match == 2 and s.record.events == () and not s.game.finished


def test_a_refused_answer_ends_the_request():
    s = session()
    s.execute("play A", "ann")
    s.execute("undo please", "ann")
    assert s.execute("undo no", "bob") == (UndoAnswered("bob", "ann", False),)
    assert s.agreement.wishes(s).undo is None and len(s.record.events) == 1


def test_the_loop_keeps_the_finished_game_before_it_saves_the_next():
    s = session()
    saved, kept = [], []
    lines = [("end", "ann"), ("end", "bob"), ("rematch", "ann"), ("rematch", "bob")]
    run(s, lines, lambda r, g: saved.append(r), lambda o, c: None, keep=lambda r, g: kept.append(r))
    assert [r.match for r in kept] == [1] and kept[0].events and saved[-1].match == 2
    assert saved[-1].setup.settings.seed != kept[0].setup.settings.seed  # a new deal


def test_rematch_at_the_terminal_starts_the_next_game_and_keeps_the_first(tmp_path):
    record = tmp_path / "g.json"
    args = ["play", "--players", "ann,bob", "--seed", "3", "--record", str(record)]
    result = CliRunner().invoke(main, args, input="rematch\nend\nrematch\n")
    assert result.exit_code == 0, result.output
    assert "a rematch is asked for once the game is over" in result.output
    assert "Game 2 begins" in result.output
    kind = GAMES["palmer"].kind
    first, game = loads((tmp_path / "g.match-1.json").read_text(encoding="utf-8"), kind)
    second, _ = loads(record.read_text(encoding="utf-8"), kind)
    assert game.finished and first.match == 1 and second.match == 2 and second.events == ()


def test_a_computer_seat_agrees_to_a_rematch_so_game_two_starts(tmp_path):
    web_game = GAMES["ergo"]
    record = web_game.start(defaults("ergo"))
    path = tmp_path / "ergo.json"
    store = RecordFile(path, fresh=True)
    store.open()
    seats = ComputerSeats({"bob": RandomPlayer(1)})
    app = build(
        web_game,
        record,
        record.rebuild(),
        store,
        load_key(path),
        "http://testserver",
        computers=seats,
    )
    app.computers.start()
    try:
        client = TestClient(app.app)
        ann = app.urls()["seats"]["ann"].split("testserver", 1)[1]
        said = client.post(ann + "/command", content=b"end").json()
        assert said["ok"], said
        for _ in range(200):  # the computer agrees to end, in its own thread
            if client.get(ann + "/view").json()["finished"]:
                break
            time.sleep(0.02)
        assert client.get(ann + "/view").json()["finished"]
        assert client.post(ann + "/command", content=b"rematch").json()["ok"]
        for _ in range(200):
            if client.get(ann + "/view").json()["match"] == 2:
                break
            time.sleep(0.02)
        assert client.get(ann + "/view").json()["match"] == 2
        assert json.loads(path.read_text(encoding="utf-8"))["match"] == 2
        assert (tmp_path / "ergo.match-1.json").exists()
    finally:
        app.computers.stop()
        app.table.close()
        store.close()
