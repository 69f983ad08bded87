"""The seat-view contract every client reads (``referee.table.seatview``): the same keys for
every game, checked where the game's view enters, a game's own words for a wait."""

from __future__ import annotations

from pathlib import Path

import pytest
from stuck_engine import StuckEngine
from webtable import Views, next_move, table

from referee.logic.engine import Limits
from referee.table.seatview import SeatView, ViewError, Waiting, read, seat_view
from referee.web.games import GAMES

GAME_NAMES = ("palmer", "ergo", "invicta", "cogito")
APP_JS = Path(__file__).resolve().parent.parent / "referee" / "web" / "static" / "app.js"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_view_of_every_game_reads_into_the_contract(tmp_path, game):
    app, _ = table(tmp_path, game)
    registration = GAMES[game].registration
    views = Views(app)
    for _ in range(8):
        state = app.table.session.game
        for seat in (*app.table.players, None):
            view = seat_view(registration, state, seat)
            assert isinstance(view, SeatView) and view.game == game
            assert [p.name for p in view.players] == list(state.players)
            assert (view.you is None) == (seat is None)
            if seat is not None:
                assert view.you.name == seat and [p.name for p in view.players if p.you] == [seat]
            if view.to_play is not None and not view.finished:  # the player to move is waited for
                assert view.waiting_for == Waiting((view.to_play,))
            page = app.table.view(seat)
            assert page["waiting_for"] == (view.waiting_for and view.waiting_for.to_json())
            assert read(page, seat).to_play == view.to_play  # a page's JSON reads back
        move = next_move(game, views)
        if move is None:
            break
        assert app.table.command(*move).ok


def test_a_view_that_breaks_the_contract_is_named():
    good = {"game": "g", "players": [{"name": "ann"}], "to_play": "ann", "finished": False}
    assert read(good, None).players[0].name == "ann"
    for key, bad in (
        ("players", [{"score": 1}]),
        ("to_play", 3),
        ("finished", "no"),
        ("game", None),
    ):
        with pytest.raises(ViewError, match=key):
            read({**good, key: bad}, None)
    with pytest.raises(ViewError, match="you"):
        read(good, "ann")  # a seat's view without its own part
    with pytest.raises(ViewError, match="legal"):
        read({**good, "you": {"name": "ann", "legal": [1]}}, "ann")


def test_palmers_vote_is_waited_for_in_its_own_words(tmp_path):
    with StuckEngine(5.0, Limits(timeout=1)) as engine:  # every claim undetermined
        app, _ = table(
            tmp_path,
            "palmer",
            engine=engine,
            mode="table",
            timeout=1,
            house=("vote_on_undetermined=yes",),
        )
        assert app.table.command("ann", "play happy : ∀x happy(x)").ok
        assert app.table.command("bob", "play happy : ∃x happy(x)").ok
        assert app.table.command("ann", "claim 2").ok
        waiting = app.table.view("ann")["waiting_for"]
        assert waiting == {
            "players": ["bob"],
            "what": "A vote is open on ann's claim",
            "verb": "vote",
            "noun": "vote",
        }
        assert app.table.command("bob", "vote no").ok
        assert app.table.view(None)["waiting_for"]["players"] == ["ann"]  # her turn goes on
        assert app.table.view(None)["waiting_for"]["verb"] == "play"
        app.table.close()


def test_the_shared_page_reads_no_games_own_keys():
    """The page's banner comes from ``waiting_for``: no game's vote, board or hand is read
    by name outside the generic drawing's fallbacks."""
    text = APP_JS.read_text(encoding="utf-8")
    assert "waiting_for" in text
    assert "v.vote" not in text and ".vote." not in text


def test_cogitos_trade_and_last_call_are_waited_for_in_its_own_words(tmp_path):
    """Every player chooses in the trade and at the last call (nobody is to move): the
    banner names whom the table waits for, never nothing."""
    app, _ = table(tmp_path, "cogito")
    views = Views(app)
    seen = set()
    while (move := next_move("cogito", views)) is not None:
        public = app.table.view(None)
        if public["to_play"] is None and not public["finished"]:
            phase, waiting = public["phase"], public["waiting_for"]
            assert waiting is not None and waiting["players"], phase
            if phase == "trade":
                assert waiting["players"] == public["trade_waiting"] and waiting["verb"] != "play"
            seen.add(phase)
        assert app.table.command(*move).ok
    assert "trade" in seen
    app.table.close()
