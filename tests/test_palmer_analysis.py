"""The one analysis of what is claimable (palmer/analysis.py, issue 29): what it reuses
is justified, its budget reaches every question, and the player and the hint share it."""

from __future__ import annotations

import time

import pytest
from palmer_bots import DECK_TEXT

from referee.logic.engine import Engine, Limits, Status
from referee.logic.evaluate import evaluate
from referee.logic.model import Model
from referee.palmer import analysis, hint, player
from referee.palmer.analysis import Budget, Claimable, Consistency
from referee.palmer.commands import PalmerCommands
from referee.palmer.records import GAME
from referee.palmer.registration import REGISTRATION
from referee.palmer.setup import HouseRules, Mode, Settings, Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

LIMIT = 2.0
seat_view = REGISTRATION.view


class Recording:
    """The engine, recording every question and the time limit it was given."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.asked: list[tuple[str, object, float]] = []  # (kind, goal, timeout)

    def consistency(self, formulas, *, timeout=None):
        self.asked.append(("board", None, timeout))
        return self.engine.consistency(formulas, timeout=timeout)

    def entailment(self, premises, goals, *, timeout=None):
        self.asked.append(("statement", goals[0], timeout))
        return self.engine.entailment(premises, goals, timeout=timeout)

    def call(self, function, *args, timeout, **kwargs):
        return self.engine.call(function, *args, timeout=timeout, **kwargs)


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=LIMIT)) as engine:
        engine.warm()
        yield engine


def session(engine, *statements: str) -> Session:
    setup = Setup(
        Settings(("ann", "bob"), mode=Mode.TABLE), HouseRules(), DECK_TEXT, claim_timeout=LIMIT
    )
    s = Session(Record(GAME, setup), PalmerCommands(engine), GAME.new_game(setup))
    for text in statements:
        play(s, text)
    return s


def play(s: Session, text: str) -> None:
    out = s.execute(f"play ? : {text}", None)
    assert not any(isinstance(o, Refused) for o in out), (text, out)


GROWING = [
    "∃x happy(x)",
    "∃x blonde(x)",
    "∀x (blonde(x) → happy(x))",
    "∃x likes(x, x)",
    "∀x happy(x)",
    "∀x ∃y likes(x, y)",
]


def justified(c: Claimable, board: analysis.Board) -> None:
    """Every countermodel kept is one: the rest of the board true, the statement false
    (checked by the evaluator here, whether it was found now or reused)."""
    formulas = {s.id: s.formula for s in board.statements}
    for i, model in c.countermodels:
        assert i in c.not_redundant
        assert not evaluate(formulas[i], model)
        assert all(evaluate(f, model) for j, f in formulas.items() if j != i)
    if c.board == Consistency.CONSISTENT:
        assert all(evaluate(f, c.model) for f in formulas.values())


def test_a_growing_board_reuses_only_what_still_holds(engine):
    """Statement by statement, the incremental answer never contradicts one computed
    afresh (with models forgotten), and what it kept is re-checked here."""
    s = session(engine)
    previous = None
    reused = 0
    for text in GROWING:
        play(s, text)
        board = hint.board_of(s.game)
        recording = Recording(engine)
        grown = analysis.analyze(board, recording, previous)
        reused += len(board.listed) + 1 - len(recording.asked)
        justified(grown, board)
        engine.forget()
        fresh = analysis.analyze(board, engine)
        for i in board.listed:
            assert not (i in grown.redundant and i in fresh.not_redundant), (text, i)
            assert not (i in grown.not_redundant and i in fresh.redundant), (text, i)
        assert {grown.board, fresh.board} != {Consistency.CONSISTENT, Consistency.INCONSISTENT}
        previous = grown
    assert reused > 0  # the point of it: some questions were not asked again


def test_what_is_asked_comes_in_the_order_likeliest_to_find_a_claim(engine):
    """After the board's consistency: a statement whose countermodel the added statement
    broke (∃x happy(x) once ∀x happy(x) is written: the likely claim), then the new
    statement, and last one a full-length question already left open."""
    s = session(engine, "∃x likes(x, x)", "∃x happy(x)")
    f1, f2 = (s.game.entry(i).statement.asserted for i in (1, 2))
    previous = Claimable(
        analysis.State.READY,
        Consistency.UNKNOWN,
        not_redundant=(2,),
        unknown=(1,),
        basis=((1, f1), (2, f2)),
        countermodels=((2, Model(1, {}, {"happy": set(), "likes": {(0, 0)}})),),
        undetermined=(1,),
    )
    play(s, "∀x happy(x)")
    f3 = s.game.entry(3).statement.asserted
    recording = Recording(engine)
    grown = analysis.analyze(hint.board_of(s.game), recording, previous)
    assert [goal for _, goal, _ in recording.asked] == [None, f2, f3, f1]
    assert grown.redundant == (2,) and grown.board == Consistency.CONSISTENT


def test_a_move_asks_a_question_left_open_before_only_early_in_it(engine):
    """The default's move (``open_by``): a statement a full-length question left open on
    the smaller board is not asked again once that time is past; it stays unknown, and
    unasked, so the next analysis asks it (and the player writes nothing it would need)."""
    s = session(engine, "∃x likes(x, x)", "∃x happy(x)")
    f1, f2 = (s.game.entry(i).statement.asserted for i in (1, 2))
    previous = Claimable(
        analysis.State.READY,
        Consistency.CONSISTENT,
        not_redundant=(2,),
        unknown=(1,),
        basis=((1, f1), (2, f2)),
        model=Model(1, {}, {"happy": {(0,)}, "likes": {(0, 0)}}),
        countermodels=((2, Model(1, {}, {"happy": set(), "likes": {(0, 0)}})),),
        undetermined=(1,),
    )
    play(s, "∃x blonde(x)")
    board = hint.board_of(s.game)
    late = Recording(engine)
    grown = analysis.analyze(board, late, previous, budget=Budget(open_by=time.monotonic()))
    assert f1 not in [goal for _, goal, _ in late.asked]
    assert 1 in grown.unknown and 1 in grown.unasked
    early = Recording(engine)
    analysis.analyze(board, early, previous, budget=Budget(open_by=time.monotonic() + 60))
    assert f1 in [goal for _, goal, _ in early.asked]


def test_the_budget_reaches_every_question(engine):
    s = session(engine, *GROWING)
    board = hint.board_of(s.game)
    # A limit per question: every question gets at most that, whatever the board's limit.
    recording = Recording(engine)
    analysis.analyze(board, recording, budget=Budget(per_question=0.3))
    assert recording.asked and all(t <= 0.3 for _, _, t in recording.asked)
    # A deadline: every question ends by it (its limit is at most what was left).
    recording = Recording(engine)
    engine.forget()
    before = time.monotonic()
    deadline = before + 1.0
    analysis.analyze(board, recording, budget=Budget(deadline))
    assert all(t <= deadline - before for _, _, t in recording.asked)
    # A deadline already past: nothing is asked, everything is unknown, nothing is
    # remembered as open (the next analysis asks again).
    recording = Recording(engine)
    c = analysis.analyze(board, recording, budget=Budget(time.monotonic() - 1))
    assert recording.asked == [] and c.questions == 0
    assert c.board == Consistency.UNKNOWN and set(c.unknown) == set(board.listed)
    assert c.undetermined == () and not c.board_undetermined
    again = analysis.analyze(board, Recording(engine), c)
    assert again.questions > 0


def test_stop_at_claim_stops_at_the_first_proof(engine):
    s = session(engine, "∀x happy(x)", "∃x happy(x)", "∃x blonde(x)", "∃x likes(x, x)")
    board = hint.board_of(s.game)
    recording = Recording(engine)
    c = analysis.analyze(board, recording, budget=Budget(stop_at_claim=True))
    assert c.claim and c.redundant
    assert len(recording.asked) < len(board.listed) + 1  # not every question was asked
    whole = analysis.analyze(board, engine)
    assert set(c.redundant) <= set(whole.redundant)


def test_the_player_and_the_hint_share_the_analysis(engine):
    """The player's analysis of its seat's view is the hint's of the game."""
    s = session(engine, "∀x happy(x)", "∃x happy(x)", "∃x blonde(x)")
    view = seat_view(s.game, s.game.player)
    read = player.read_board(view)
    asked = player.question(read, LIMIT)
    assert asked == hint.board_of(s.game)
    assert player.claimable(engine, asked, None, Budget()).redundant == (2,)
    assert hint.analyze(s.game, engine).redundant == (2,)


def test_past_its_safety_cap_the_player_says_a_fixed_line(engine, monkeypatch):
    """The clock is only a safety cap: a move past it asks nothing more, claims nothing
    unproved and writes nothing unchecked (it passes, discarding), and is counted."""
    monkeypatch.setattr(player, "MOVE_CAP", 0.0)
    s = session(engine, "∀x happy(x)", "∃x happy(x)")
    p = player.ProvingPlayer(seed=1)
    recording = Recording(engine)
    p._engine = recording
    try:
        line = p.choose(seat_view(s.game, s.game.player))
    finally:
        p._engine = None
    assert recording.asked == [] and p.counted.asked == 0
    assert line is not None and line.startswith("pass")
    assert p.fallbacks == 1


def test_pondering_is_reused_at_the_turn(engine):
    """A player shown the board off its turn analyses it; at its turn nothing is asked
    again of the same board, and it claims what the pondering proved."""
    s = session(engine, "∀x happy(x)", "∃x happy(x)")
    waiting = next(p for p in s.game.players if p != s.game.player)
    p = player.ProvingPlayer(seed=1)
    p._engine = engine
    try:
        p.ponder(seat_view(s.game, waiting))
        pondered = p.counted.asked
        assert pondered > 0
        s.execute("pass", s.game.player)  # the turn passes to the waiting seat
        line = p.choose(seat_view(s.game, waiting))
        assert p.counted.asked == pondered
        assert line == "claim 2"
    finally:
        p._engine = None
    verdict = engine.entailment(
        [s.game.entry(1).statement.asserted], [s.game.entry(2).statement.asserted]
    )
    assert verdict.status == Status.ENTAILED


def test_the_board_its_own_statement_left_is_not_asked_again(engine):
    """What the player checked before writing is what its next turn starts from: the
    board its statement left (plus nothing) needs no question. (Where a check asks to the
    end, as where it may not pass; where it may, a check stops at a question left open.)"""

    class Thorough(player.ProvingPlayer):
        stop_at_open = False

    s = session(engine, "∃x happy(x)")
    seat = s.game.player
    p = Thorough(seed=2)
    try:
        line = p.choose(seat_view(s.game, seat))
        assert line is not None and line.startswith("play") and ":" in line, line
        assert not any(isinstance(o, Refused) for o in s.execute(line, seat))
        other = s.game.player
        assert not any(isinstance(o, Refused) for o in s.execute("pass", other))
        asked = p.counted.asked
        board = player.read_board(seat_view(s.game, seat))
        now = p.analysed(player.question(board, LIMIT), history=board.history)
        assert p.counted.asked == asked and now.board == Consistency.CONSISTENT
    finally:
        p.close()


def test_a_statement_not_checked_for_want_of_time_is_never_safe_to_write(engine):
    """Writing is safe only when every statement was asked or its old answer re-checked:
    with the budget spent, a candidate is unsafe (the player then passes)."""
    s = session(engine, "∃x happy(x)", "∃x blonde(x)")
    board = hint.board_of(s.game)
    now = analysis.analyze(board, engine)
    assert now.board == Consistency.CONSISTENT
    f = player.read_board(seat_view(s.game, s.game.player))
    new = player.question(f, LIMIT).with_statement(
        analysis.Stated(3, s.game.entry(1).statement.asserted, True)  # ∃x happy(x) again
    )
    candidate = player.Candidate("play ...", new, 3, 1.0)
    spent = Budget(time.monotonic() - 1)
    safety, after = player.hands_nothing(engine, now, candidate, spent)
    assert safety is player.Safety.UNSAFE and (after.unasked or after.board_unasked)
    # With time, the same statement is a claim for the next player: unsafe, by a proof.
    safety, after = player.hands_nothing(engine, now, candidate, Budget())
    assert safety is player.Safety.UNSAFE and after.redundant


def test_a_statement_of_a_new_symbol_keeps_the_models_it_leaves_free(engine):
    """A statement about a symbol the board never mentions leaves every model of the board
    one, given a meaning for it: only the new statement is asked about (not every other
    statement again), and every model kept is re-checked here with its new symbol."""
    s = session(engine, "∃x likes(x, x)", "∀x ∃y ¬likes(x, y)", "∃x blonde(x)")
    before = analysis.analyze(hint.board_of(s.game), engine)
    assert before.board == Consistency.CONSISTENT and len(before.countermodels) == 3
    assert all("happy" not in m.predicates for _, m in before.countermodels)
    play(s, "∀x happy(x) ∨ blonde(x)")
    board = hint.board_of(s.game)
    recording = Recording(engine)
    after = analysis.analyze(board, recording, before)
    assert [goal for _, goal, _ in recording.asked] == [board.statements[-1].formula]
    assert after.not_redundant == (1, 2, 3, 4) and after.board == Consistency.CONSISTENT
    justified(after, board)
    assert all("happy" in m.predicates for _, m in after.countermodels)


def test_a_new_symbol_is_given_a_meaning_only_where_the_statement_then_holds():
    """The completion is only ever a model the evaluator accepts: a statement no meaning
    of its new symbol makes true is false there, and the symbols the model interprets
    keep their meaning (a statement false of them stays false)."""
    vocabulary = player.Vocabulary({"happy": 1, "likes": 2}, {"father": 1})
    model = Model(2, {}, {"likes": {(0, 0)}})

    def holds(text: str) -> bool:
        formula = player.parse_statement(text, vocabulary).asserted
        return analysis.holds_in(model, formula, steps=10_000)

    assert holds("∃x ∃y happy(x) ∧ ¬happy(y)")
    assert holds("∀x happy(father(x)) ↔ ¬happy(x)")
    assert not holds("∃x happy(x) ∧ ¬happy(x)")
    assert not holds("∀x happy(x) ∧ likes(x, x)")  # likes keeps its meaning
    assert not holds("∃x ∃y ∃z x ≠ y ∧ y ≠ z ∧ x ≠ z ∧ happy(x)")  # two objects only
