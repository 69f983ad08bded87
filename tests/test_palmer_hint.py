"""The claimable-now hint (house rule ``hints``, issue 29): it agrees with the claims'
rulings, reuses what a board that only grew still shows, is checked against E, and
reaches the web table's views in the background (checking, then ready, a new version)."""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time

import pytest
from starlette.testclient import TestClient
from webtable import table

from referee.logic.engine import Engine, Limits, Status
from referee.logic.export import to_tptp
from referee.logic.model import Model
from referee.palmer import claims, hint
from referee.palmer.commands import PalmerCommands
from referee.palmer.events import ClaimKind
from referee.palmer.outcomes import Hinted
from referee.palmer.records import GAME
from referee.palmer.refusals import Why
from referee.palmer.setup import HouseRules, Mode, Settings, Setup
from referee.resources import default_deck_path
from referee.table.record import Record
from referee.table.refusals import Why as TableWhy
from referee.table.session import Refused, Session

DECK = default_deck_path().read_text(encoding="utf-8")
LIMIT = 2.0

BOARDS = {
    "grows": [
        "play happy : ∀x happy(x)",
        "play happy : ∃x happy(x)",
        "play blonde : ∃x blonde(x)",
        "play blonde happy : ∀x (blonde(x) → happy(x))",
    ],
    "inconsistent": [
        "play happy : ∀x happy(x)",
        "play blonde : ∃x blonde(x)",
        "play blonde happy : ∀x (blonde(x) → ¬happy(x))",
        "play likes : ∃x ∃y likes(x, y)",
    ],
    "functions": [
        "play likes : ∀x ∃y likes(x, y)",
        "play likes : ∃x ∃y likes(x, y)",
        "play father likes : ∀x likes(x, father(x))",
        "play smarter : ∀x ¬smarter(x, x)",
    ],
}


class Counting:
    """The engine, counting the questions put to it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.asked: list[str] = []

    def consistency(self, formulas, *, timeout=None):
        self.asked.append("board")
        return self.engine.consistency(formulas, timeout=timeout)

    def entailment(self, premises, goals, *, timeout=None):
        self.asked.append("statement")
        return self.engine.entailment(premises, goals, timeout=timeout)


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=LIMIT)) as engine:
        engine.warm()
        yield engine


def session(engine, *lines: str, **rules) -> Session:
    setup = Setup(
        Settings(("ann", "bob"), mode=Mode.TABLE),
        HouseRules(hints=True, **rules),
        DECK,
        claim_timeout=LIMIT,
    )
    s = Session(Record(GAME, setup), PalmerCommands(engine), GAME.new_game(setup))
    for line in lines:
        out = s.execute(line, None)
        assert not any(isinstance(o, Refused) for o in out), (line, out)
    return s


def partition(c: hint.Claimable) -> list[int]:
    return sorted([*c.redundant, *c.not_redundant, *c.unknown])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_hint_agrees_with_the_claims_rulings(engine, name):
    s = session(engine, *BOARDS[name])
    game = s.game
    c = hint.analyze(game, engine)
    assert c.state == hint.State.READY
    assert partition(c) == [e.id for e in game.board]
    for e in game.board:
        ruling = claims.settle(game, ClaimKind.REDUNDANT, [e.id], engine, write=False)
        status = ruling.verdict.status
        if e.id in c.redundant:
            assert status != Status.NOT_ENTAILED, e.text
        if e.id in c.not_redundant:
            assert status != Status.ENTAILED, e.text
        if status != Status.UNDETERMINED:  # both decide: they say the same
            assert (e.id in c.redundant) == (status == Status.ENTAILED), e.text
    board = claims.settle(game, ClaimKind.INCONSISTENT, [], engine, write=False).verdict.status
    expected = {Status.CONSISTENT: "consistent", Status.INCONSISTENT: "inconsistent"}
    if board in expected:
        assert c.board.value == expected[board]
    assert c.to_json()["board"] == ("inconsistent" if name == "inconsistent" else "consistent")


def test_scored_statements_are_premises_but_not_listed(engine):
    s = session(engine, "play happy : ∀x happy(x)", "play happy : ∃x happy(x)", keep_redundant=True)
    s.execute("claim 2", None)
    assert s.game.entry(2).scored
    c = hint.analyze(s.game, engine)
    assert partition(c) == [1] and c.not_redundant == (1,)


def test_a_board_that_only_grew_reuses_what_still_holds(engine):
    s = session(engine, "play happy : ∀x happy(x)", "play happy : ∃x happy(x)")
    counting = Counting(engine)
    first = hint.analyze(s.game, counting)
    assert first.redundant == (2,) and first.not_redundant == (1,)
    assert first.questions == len(counting.asked) == 3
    # The same board again: nothing is asked.
    again = hint.analyze(s.game, counting, first)
    assert again.to_json() == first.to_json() and again.questions == 0
    # A statement added: #2 stays redundant without a question; only what is new is asked
    # (and #1's countermodel, if it shows blonde things, is re-checked, not re-asked).
    s.execute("play blonde : ∃x blonde(x)", None)
    counting.asked.clear()
    grown = hint.analyze(s.game, counting, first)
    assert 2 in grown.redundant and 1 in grown.not_redundant
    assert grown.questions == len(counting.asked) <= 3
    assert "statement" in counting.asked  # #3 itself


def test_a_remembered_countermodel_that_still_holds_is_reused_without_a_question(engine):
    s = session(engine, "play happy : ∀x happy(x)")
    f1 = s.game.entry(1).statement.asserted
    everyone = Model(2, {}, {"happy": {(0,), (1,)}, "blonde": {(0,)}})
    not_all = Model(2, {}, {"happy": {(0,)}, "blonde": {(0,)}})
    previous = hint.Claimable(
        hint.State.READY,
        hint.Consistency.CONSISTENT,
        not_redundant=(1,),
        basis=((1, f1),),
        model=everyone,
        countermodels=((1, not_all),),
    )
    s.execute("play blonde : ∃x blonde(x)", None)
    counting = Counting(engine)
    c = hint.analyze(s.game, counting, previous)
    assert counting.asked == ["statement"]  # #2 alone; the board and #1 by the evaluator
    assert c.board == hint.Consistency.CONSISTENT and 1 in c.not_redundant
    # A statement the old models do not satisfy: asked again.
    s.execute("play blonde : ∀x blonde(x)", None)
    counting.asked.clear()
    hint.analyze(s.game, counting, c)
    assert counting.asked.count("board") == 1


def test_an_inconsistent_board_stays_inconsistent_and_a_negation_starts_afresh(engine):
    s = session(engine, *BOARDS["inconsistent"][:3])
    counting = Counting(engine)
    c = hint.analyze(s.game, counting)
    assert c.board == hint.Consistency.INCONSISTENT
    s.execute("play likes : ∃x ∃y likes(x, y)", None)
    counting.asked.clear()
    grown = hint.analyze(s.game, counting, c)
    assert grown.board == hint.Consistency.INCONSISTENT and "board" not in counting.asked
    assert 4 in grown.redundant  # outside the clash: the rest entails it, no question
    # A ¬ changes #1: nothing is reused (every listed statement asked afresh, the board too).
    s.execute("negate 1 1", None)
    counting.asked.clear()
    fresh = hint.analyze(s.game, counting, grown)
    assert counting.asked.count("board") == 1
    assert fresh.questions == len(counting.asked)
    assert set(fresh.redundant) | set(fresh.not_redundant) | set(fresh.unknown) == {1, 2, 3, 4}


def test_a_stale_analysis_stops_asking(engine):
    s = session(engine, *BOARDS["grows"])
    counting = Counting(engine)
    c = hint.analyze(s.game, counting, stale=lambda: len(counting.asked) >= 2)
    assert len(counting.asked) == 2 and len(c.unknown) >= 3


# ------------------------------------------------------------------ E prover

E_YES = {"Theorem", "ContradictoryAxioms", "Unsatisfiable"}
E_NO = {"CounterSatisfiable", "Satisfiable"}


def e_status(problem: str) -> str:
    run = subprocess.run(
        ["eprover", "--auto", "-s", "--tstp-format", "--cpu-limit=2"],
        input=problem,
        capture_output=True,
        text=True,
        timeout=20,
    )
    m = re.search(r"SZS status (\w+)", run.stdout)
    return m.group(1) if m else "NoStatus"


@pytest.mark.skipif(shutil.which("eprover") is None, reason="eprover not installed")
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_answer_stands_against_e(engine, name):
    s = session(engine, *BOARDS[name])
    game = s.game
    c = hint.analyze(game, engine)
    formulas = {e.id: e.statement.asserted for e in game.board}
    vocabulary = game.vocabulary
    for i in [*c.redundant, *c.not_redundant]:
        others = [f for j, f in formulas.items() if j != i]
        status = e_status(to_tptp(others, [formulas[i]], vocabulary=vocabulary))
        if i in c.redundant:
            assert status not in E_NO, (i, status)
        else:
            assert status not in E_YES, (i, status)
    if c.board != hint.Consistency.UNKNOWN:
        status = e_status(to_tptp(list(formulas.values()), [], vocabulary=vocabulary))
        wrong = E_NO if c.board == hint.Consistency.INCONSISTENT else E_YES
        assert status not in wrong


# ------------------------------------------------------------------ the terminal


def test_hint_at_the_terminal_and_its_refusals(engine):
    s = session(engine, "play happy : ∀x happy(x)", "play happy : ∃x happy(x)")
    (shown,) = s.execute("hint", None)
    assert isinstance(shown, Hinted) and shown.claimable.redundant == (2,)
    assert dict(shown.statements)[2] == "∃x happy(x)"
    (refused,) = s.execute("hint", "ann")  # a seat's page already shows it
    assert refused.reason.why == Why.HINT_ON_SCREEN
    off = Setup(Settings(("ann", "bob"), mode=Mode.TABLE), HouseRules(), DECK)
    plain = Session(Record(GAME, off), PalmerCommands(engine), GAME.new_game(off))
    for seat in (None, "ann"):
        (refused,) = plain.execute("hint", seat)
        assert isinstance(refused, Refused) and refused.reason.why == Why.HINTS_OFF


def test_the_hint_is_worded_at_the_terminal(engine):
    from io import StringIO

    from rich.console import Console

    from referee.palmer.cli import TERMINAL

    s = session(engine, "play happy : ∀x happy(x)", "play happy : ∃x happy(x)")
    buffer = StringIO()
    out = Console(file=buffer, width=80, color_system=None)
    TERMINAL.renderer(out, s, {}).show(s.execute("hint", None), False)
    text = buffer.getvalue()
    assert "consistent" in text and "#2 ∃x happy(x)" in text and "redundant now" in text


# ------------------------------------------------------------------ the web table


def _ready(app, timeout: float = 30.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        view = app.table.view(None)
        if view["claimable"]["state"] == "ready":
            return view
        time.sleep(0.02)
    raise AssertionError("the hint never became ready")


def test_the_web_table_shows_checking_then_ready_with_a_new_version(tmp_path):
    app, _ = table(tmp_path, "palmer", mode="table", timeout=LIMIT, house=("hints=yes",))
    try:
        client = TestClient(app.app)
        seats = app.urls()["seats"]
        _ready(app, 60)  # the hint's own engine warms up first
        seen: list[tuple[int, str]] = []
        lock = threading.Lock()

        def listener(what: str) -> None:
            if what == "changed":
                view = app.table.view(None)
                with lock:
                    seen.append((view["version"], view["claimable"]["state"]))

        path = seats["ann"].removeprefix("http://testserver")
        client.get(path)  # ann's phone is here (the table screen is told) before she plays
        app.table.listeners.append(listener)
        answer = client.post(path + "/command", content="play happy : ∀x happy(x)".encode())
        assert answer.json()["ok"]
        view = _ready(app)
        with lock:
            assert seen[0][1] == "checking"
            assert (seen[0][0] + 1, "ready") in seen
        assert view["claimable"] == {
            "state": "ready",
            "board": "consistent",
            "redundant": [],
            "not_redundant": [1],
            "unknown": [],
        }
        for seat in app.table.players:  # every seat's view, the same answer
            assert app.table.view(seat)["claimable"] == view["claimable"]
        bob = seats["bob"].removeprefix("http://testserver")
        assert client.post(bob + "/command", content="play happy : ∃x happy(x)".encode()).json()[
            "ok"
        ]
        view = _ready(app)
        assert view["claimable"]["redundant"] == [2] and view["claimable"]["not_redundant"] == [1]
    finally:
        app.table.close()


def test_without_the_house_rule_no_view_has_claimable(tmp_path):
    app, _ = table(tmp_path, "palmer", mode="table")
    assert app.table.analyst is not None  # declared by the game, not wanted by this table
    assert "claimable" not in app.table.view(None)
    assert all("claimable" not in app.table.view(p) for p in app.table.players)
    assert app.table.analyst.generation == 0  # nothing was analysed


def test_once_the_game_is_over_no_hint_says_what_a_claim_would_win(engine, tmp_path):
    """After the end the hint still said "claim inconsistent wins" on every screen: nothing
    is claimable once the game is over, at the terminal or on the web."""
    s = session(engine, "play happy : ∀x happy(x)", "end")
    assert s.game.finished and not hint.BACKGROUND.wanted(s.game)
    (refused,) = s.execute("hint", None)
    assert isinstance(refused, Refused) and refused.reason.why is TableWhy.GAME_OVER
    app, _ = table(tmp_path, "palmer", mode="table", timeout=LIMIT, house=("hints=yes",))
    try:
        assert "claimable" in app.table.view(None)
        for seat in app.table.players:
            assert app.table.command(seat, "end").ok
        assert app.table.session.game.finished
        assert all("claimable" not in app.table.view(p) for p in (None, *app.table.players))
    finally:
        app.table.close()
