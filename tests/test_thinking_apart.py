"""Thinking apart on a bounded pool of processes (issue 37: a club's computer seats and
hint analyses, :mod:`referee.table.apart`): a thinker keeps what it learns in its
process, sees only what it is sent, and one that is stuck, dies or fails is given up
without holding the others or the table."""

from __future__ import annotations

import threading
import time
from functools import partial

import pytest
from thinkers import Counter, Dies, Greedy, Stuck
from webtable import table

from referee.table.apart import Stopped, Thinkers, Why
from referee.table.computer import ComputerSeats, RandomPlayer, legal
from referee.web.computers import ComputerRunner


@pytest.mark.slow  # starts processes
def test_a_pool_keeps_its_thinkers_and_gives_up_one_that_is_late_dies_or_fails():
    with Thinkers(1, seconds=3.0, memory_mb=600) as pool:
        ann, bob = pool.place(partial(Counter, "ann")), pool.place(partial(Counter, "bob"))
        first = ann.choose({"you": {"legal": ["x"]}})
        assert first.startswith("ann 1 ")
        assert bob.choose({}).split()[:2] == ["bob", "1"]
        again = ann.choose({})
        assert again.split()[:2] == ["ann", "2"] and again.split()[2] == first.split()[2]
        assert ann.call("last") == {}  # what it was sent, and nothing more

        # Pondering gives way as soon as another thinker waits for the one process.
        pondering = threading.Thread(target=ann.ponder, args=({}, lambda: False))
        pondering.start()
        time.sleep(0.2)
        moved_on = threading.Event()  # another ponderer waits; its table moves on: it goes
        waiting = threading.Thread(target=bob.ponder, args=({}, moved_on.is_set))
        waiting.start()
        time.sleep(0.2)
        moved_on.set()
        waiting.join(1)
        assert not waiting.is_alive() and pondering.is_alive()  # nobody stopped ann for it
        began = time.monotonic()
        assert bob.choose({}).split()[:2] == ["bob", "2"]
        assert time.monotonic() - began < 1.0
        pondering.join(5)
        assert not pondering.is_alive()

        stuck = pool.place(partial(Stuck, "stuck"))
        began = time.monotonic()
        with pytest.raises(Stopped) as late:
            stuck.choose({})
        assert late.value.why == Why.LATE and time.monotonic() - began < 10
        with pytest.raises(Stopped):  # never asked again
            stuck.choose({})
        # The others are made anew in the process that replaced the killed one.
        anew = ann.choose({})
        assert anew.split()[:2] == ["ann", "1"] and anew.split()[2] != first.split()[2]

        with pytest.raises(Stopped) as died:
            pool.place(partial(Dies, "dies")).choose({})
        assert died.value.why == Why.DIED
        with pytest.raises(Stopped) as greedy:
            pool.place(partial(Greedy, "greedy")).choose({})
        assert greedy.value.why == Why.FAILED and "MemoryError" in str(greedy.value)
        assert bob.choose({}).split()[:2] == ["bob", "1"]


@pytest.mark.slow  # starts processes
def test_a_club_seat_thinks_on_the_pool_seeing_its_view_and_one_that_dies_plays_random(
    tmp_path,
):
    with Thinkers(1) as pool:
        app, _ = table(tmp_path, "ergo")
        seat = app.table.players[-1]
        spy = pool.place(partial(Counter, "spy"))
        seats = ComputerSeats({seat: spy})
        while seats.next_line(app.table.view) is None:  # ann moves until it is bob's turn
            mover = next(p for p in app.table.players if legal(app.table.view(p)))
            assert app.table.command(mover, legal(app.table.view(mover))[0]).ok
        assert spy.call("last") == app.table.view(seat)  # exactly what its page gets

        seats = ComputerSeats({seat: pool.place(partial(Dies, "dies"))})
        runner = ComputerRunner(app.table, seats)
        said: list[str] = []
        app.table.listeners.append(lambda what: said.extend(app.table.snapshot.log))
        moves = len(app.table.session.record.events)
        runner.start()
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and len(app.table.session.record.events) == moves:
                time.sleep(0.05)
            now = seats.players.get(seat)
        finally:
            runner.stop()
        assert isinstance(now, RandomPlayer)
        assert len(app.table.session.record.events) > moves  # the seat was played on
        assert f"{seat}'s computer player was stopped: its process ended." in " ".join(said)


@pytest.mark.slow  # starts processes and an engine
def test_a_club_tables_hint_is_analysed_apart_from_the_captured_board(tmp_path):
    from contextlib import nullcontext
    from types import SimpleNamespace

    from test_palmer_hint import LIMIT, _ready

    with Thinkers(1, engine_workers=1) as thinking:
        pools = SimpleNamespace(thinking=thinking, for_background=nullcontext)
        app, _ = table(
            tmp_path, "palmer", mode="table", timeout=LIMIT, house=("hints=yes",), pools=pools
        )
        try:
            assert app.table.command("ann", "play happy : ∀x happy(x)").ok
            assert app.table.command("bob", "play happy : ∃x happy(x)").ok
            view = _ready(app, 60)
            assert view["claimable"]["redundant"] == [2]
            assert view["claimable"]["not_redundant"] == [1]
            assert thinking.processes[0].made  # the analysis is a thinker there
        finally:
            app.table.close()
