"""One pool of engine workers shared by many tables (``referee.logic.engine.sharing``): each
engine keeps its own limits, their questions take turns, and every verdict is its own."""

from __future__ import annotations

import threading
import time

import pytest

from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.logic.engine import Engine, Limits, Status, sharing
from referee.logic.worker import Pool


@pytest.mark.slow  # engines race in four threads on real provers
def test_engines_sharing_a_pool_each_get_their_own_verdicts(vocab):
    def f(text):
        return statement_formula(parse_statement(text, vocab))

    premises = [f("∀x blonde(x) → happy(x)"), f("∃x blonde(father(father(x)))")]
    follows, open_ = f("∃x happy(father(father(x)))"), f("∀x happy(x)")
    pool = Pool(size=2)
    try:
        with sharing(pool):
            engines = [Engine(Limits(timeout=4.0)) for _ in range(4)]
        assert all(e.pool is pool for e in engines)
        found: dict[int, list[Status]] = {}

        def ask(number: int, engine: Engine) -> None:
            found[number] = [
                engine.entailment(premises, follows).status,
                engine.entailment(premises, open_).status,
                engine.consistency(premises).status,
            ]

        threads = [threading.Thread(target=ask, args=(n, e)) for n, e in enumerate(engines)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        expected = [Status.ENTAILED, Status.NOT_ENTAILED, Status.CONSISTENT]
        assert found == {n: expected for n in range(len(engines))}
        for engine in engines:
            engine.close()  # an engine closes only a pool it made
        assert pool.run is not None and not pool._closed
    finally:
        pool.close()
    with Engine(Limits(timeout=1.0)) as own:  # outside the context: a pool of its own
        assert own.pool is not pool


def test_a_question_waiting_for_the_shared_pool_is_not_passed_over():
    """Tables sharing the claims' pool take turns in the order they asked: a table that
    keeps claiming never holds another table's claim for more than one turn."""
    pool = Pool(size=1)
    try:
        queued, order = threading.Event(), []

        def other_table() -> None:
            queued.set()
            with pool.turn:
                order.append("other")

        waiter = threading.Thread(target=other_table)
        with pool.turn:
            waiter.start()
            queued.wait()
            deadline = time.monotonic() + 30
            while not pool.turn._waiting and time.monotonic() < deadline:
                time.sleep(0.01)  # until it waits in line for the turn (a busy machine: later)
            assert pool.turn._waiting
        for _ in range(20):  # the first table asks again at once, again and again
            with pool.turn:
                order.append("first")
        waiter.join()
        assert order.index("other") == 0
    finally:
        pool.close()


def test_a_claim_asks_every_question_in_one_turn(monkeypatch, vocab):
    """A Palmer claim (its questions, the derivation written for it) holds the pool's turn
    from its first question to its ruling: it waits once for the tables ahead of it, not
    again behind them before each question (a trivial claim beside two tables claiming at
    5 s each took 14 s, two turns)."""
    from test_palmer_hint import session

    from referee.palmer import claims
    from referee.palmer.events import ClaimKind

    with Engine(Limits(timeout=5.0)) as engine:
        s = session(engine, "play happy : ∀x happy(x)", "play happy : ∃x happy(x)")
        held: list[bool] = []
        asked = Engine.entailment

        def entailment(self, *args, **kwargs):
            held.append(self.pool.turn.mine())
            return asked(self, *args, **kwargs)

        monkeypatch.setattr(Engine, "entailment", entailment)
        claims.settle(s.game, ClaimKind.REDUNDANT, [2], engine)
    assert held and all(held)
