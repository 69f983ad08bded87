"""cvc5's finite model finding as a racer: models the evaluator accepts, cores, limits."""

from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path

import pytest

from referee.language.ast import Falsum, Not
from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.logic import cvc5_finder
from referee.logic.cvc5_finder import Cvc5Status, find_model_cvc5
from referee.logic.evaluate import check_model, evaluate
from referee.logic.finder import find_model
from referee.logic.normalform import big_and, expand_unique, nnf, signature

sys.path.insert(0, str(Path(__file__).parent))

import boardgen  # noqa: E402

pytestmark = pytest.mark.skipif(not cvc5_finder.available(), reason="cvc5 not installed")


def _question(premises, goals):
    prepared = [nnf(expand_unique(p)) for p in premises]
    negated = None
    if goals and not any(isinstance(g, Falsum) for g in goals):
        negated = nnf(expand_unique(Not(big_and(goals))))
    predicates, functions = signature([*prepared] + ([negated] if negated else []))
    p2, f2 = signature([*premises, *goals])
    return prepared, negated, {**p2, **predicates}, {**f2, **functions}


def ask(vocab, premises, goal=None, seconds=20.0, **options):
    premises = [statement_formula(parse_statement(t, vocab)) for t in premises]
    goals = [statement_formula(parse_statement(goal, vocab))] if goal else []
    prepared, negated, preds, funcs = _question(premises, goals)
    r = find_model_cvc5(prepared, negated, preds, funcs, time.monotonic() + seconds, **options)
    return r, premises, goals


def confirmed(r, premises, goals) -> bool:
    """The independent evaluator's verdict on a returned model."""
    return not check_model(premises, r.model) and not (
        goals and all(evaluate(g, r.model) for g in goals)
    )


def test_countermodel_passes_the_evaluator(vocab):
    r, premises, goals = ask(
        vocab,
        ["∀x smarter(father(x), x)", "∀x ∀y smarter(x, y) → ¬likes(y, x)"],
        "∀x ¬smarter(x, x)",
    )
    assert r.status == Cvc5Status.MODEL and confirmed(r, premises, goals)


def test_cardinality_and_unique_in_models(vocab):
    r, premises, goals = ask(vocab, ["|L| ≥ 3", "∃!x happy(x)", "|L| < 5"], "∀x ∀y x + y = x")
    assert r.status == Cvc5Status.MODEL and 3 <= r.model.size < 5
    assert confirmed(r, premises, goals)
    assert len(r.model.predicates["happy"]) == 1


def test_entailment_with_its_core(vocab):
    r, _, _ = ask(
        vocab,
        [
            "∀x smarter(father(x), x)",
            "∀x blonde(x) → happy(x)",
            "∀x ∀y smarter(x, y) → ¬likes(y, x)",
        ],
        "∀x ¬likes(x, father(x))",
        core=True,
    )
    assert r.status == Cvc5Status.UNSAT and r.used == (0, 2) and r.model is None


def test_without_cores_an_unsat_cites_every_premise(vocab):
    r, _, _ = ask(vocab, ["|L| < 3", "∀x happy(x)", "|L| ≥ 3"])
    assert r.status == Cvc5Status.UNSAT and r.used == (0, 1, 2)


def test_only_infinite_models_stops_at_the_deadline(vocab):
    start = time.monotonic()
    r, _, _ = ask(
        vocab,
        [
            "∀x smarter(father(x), x)",
            "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
            "∀x ¬smarter(x, x)",
        ],
        seconds=0.5,
    )
    assert r.status == Cvc5Status.UNKNOWN
    assert time.monotonic() - start < 0.5 + 3.0  # generous slack for a loaded machine


def test_cancelled_before_the_check(vocab):
    premises = [statement_formula(parse_statement("∀x happy(x)", vocab))]
    prepared, negated, preds, funcs = _question(premises, [])
    r = find_model_cvc5(prepared, negated, preds, funcs, time.monotonic() + 5, lambda: True)
    assert r.status == Cvc5Status.CANCELLED


def test_missing_package_is_unavailable(vocab, monkeypatch):
    monkeypatch.setattr(cvc5_finder, "cvc5", None)
    r, _, _ = ask(vocab, ["∀x happy(x)"])
    assert r.status == Cvc5Status.UNAVAILABLE and not cvc5_finder.available()


def test_results_cross_process_boundaries(vocab):
    r, _, _ = ask(vocab, ["|L| ≥ 2", "∃x happy(x)"])
    assert pickle.loads(pickle.dumps(r)) == r


def test_agrees_with_our_finder_and_the_evaluator_on_generated_boards():
    """Every cvc5 model passes the evaluator; cvc5 never refutes what has a model."""
    _, questions = boardgen.generate_questions(40, seed=77)
    models = refutations = 0
    for q in questions:
        prepared, negated, preds, funcs = _question(q.premises, q.goals)
        r = find_model_cvc5(prepared, negated, preds, funcs, time.monotonic() + 5, core=True)
        ours = find_model(prepared, negated, preds, funcs, time.monotonic() + 5, max_size=4)
        if r.status == Cvc5Status.MODEL:
            models += 1
            assert confirmed(r, q.premises, q.goals), q.id
        if r.status == Cvc5Status.UNSAT:
            refutations += 1
            assert ours.status != "model", q.id
            # The core is enough: cvc5 still refutes the cited premises alone.
            cited = [prepared[i] for i in r.used]
            again = find_model_cvc5(cited, negated, preds, funcs, time.monotonic() + 5)
            assert again.status == Cvc5Status.UNSAT, q.id
    assert models > 10 and refutations > 10


# A grown board (benchmark seed 20061123, board 25) whose model cvc5 finds in
# about 0.2 s, but not in 6 s while it tracks an unsat core.
CORE_STALLS = [
    "∀x ∀y ¬blonde(y)",
    "¬∀x ∀y smarter(x, y) → ¬likes(y, x)",
    "|L| ≥ 6",
    "∀x ¬∀y ¬smarter(x, y)",
    "∀x ∀y likes(y, (x + y) + father(x)) ∨ likes(x, father(x + x))",
    "∀x ∀y smarter(father(y + y), y + father(y)) → father(x) ≠ (x + x) + x",
    "∃!x ∀y ∃z ∃!w (¬likes(z, y) ↔ happy(x)) ∧ (¬likes(z, x) ∨ ¬likes(w, z))",
    "∀x blonde(x) → happy(x)",
    "∃!x ∀y ∀z ∀w ∀u z + y ≠ x ∨ y ≠ x ∧ u = father(w)",
]


def test_a_search_for_a_core_that_stalls_gives_way_to_the_plain_search(vocab):
    r, premises, goals = ask(vocab, CORE_STALLS, seconds=8.0, core=True)
    assert r.status == Cvc5Status.MODEL and confirmed(r, premises, goals)


def _board_questions(board):
    """A board's consistency, then each statement's redundancy (premises: the others)."""
    fs = board.formulas
    yield fs, []
    for i in range(len(fs)):
        yield fs[:i] + fs[i + 1 :], [fs[i]]


def test_a_boards_questions_on_one_incremental_solver_agree_with_fresh_solvers():
    """One solver per board (statements behind assumption literals, asserted once)
    answers as a fresh solver per question does, with the same kind of evidence."""
    gen = boardgen.BoardGenerator(4242)
    boards = cvc5_finder.Boards()
    answered = 0
    for b in range(12):
        board = gen.board(f"inc-{b}", 3, 6)
        for premises, goals in _board_questions(board):
            prepared, negated, preds, funcs = _question(premises, goals)
            deadline = time.monotonic() + 5
            r = find_model_cvc5(prepared, negated, preds, funcs, deadline, core=True, boards=boards)
            fresh = find_model_cvc5(prepared, negated, preds, funcs, deadline, core=True)
            boards.tidy()
            if Cvc5Status.UNKNOWN in (r.status, fresh.status):
                continue
            answered += 1
            assert r.status == fresh.status, board.id
            if r.status == Cvc5Status.MODEL:
                assert confirmed(r, premises, goals), board.id
            else:  # the premises cited are refuted on their own, by a fresh solver
                cited = [prepared[i] for i in r.used]
                goal = negated if r.goal_used else None
                again = find_model_cvc5(cited, goal, preds, funcs, time.monotonic() + 5)
                assert again.status == Cvc5Status.UNSAT, board.id
        # Every question of the board went to one solver, which is kept.
        assert 1 <= len(boards) <= cvc5_finder.BOARDS_KEPT
    assert answered > 40


def test_an_incremental_solver_cut_short_is_never_asked_again(vocab):
    """A check that stopped at its limit leaves a solver whose state is unknown."""
    premises = [statement_formula(parse_statement(t, vocab)) for t in CORE_STALLS]
    prepared, negated, preds, funcs = _question(premises, [])
    boards = cvc5_finder.Boards()
    r = boards.check(prepared, negated, preds, funcs, time.monotonic() + 0.05, lambda: False)
    assert r.status == Cvc5Status.UNKNOWN
    assert len(boards) == 0


def test_a_statement_is_expanded_the_same_way_every_time(vocab):
    """∃! gets the same fresh variable each time, so a worker's solver recognises it."""
    f = statement_formula(parse_statement("∀x ∃!y ∃!z smarter(x, y) ∧ likes(y, z)", vocab))
    assert nnf(expand_unique(f)) == nnf(expand_unique(f))
