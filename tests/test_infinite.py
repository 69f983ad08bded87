"""Boards whose every model is infinite: found over ℕ or ℤ, and re-checked independently.

Each board here has no finite model (the finite finder exhausts sizes 1–4 on
it), so before this finder the referee could only say "undetermined". Every
model the finder returns must pass the independent Presburger check
(``infinite_check.confirm``) on the statements as written; inconsistent
boards, entailed questions and boards with only finite models must never get
one.
"""

import itertools
import pickle
import sys
import time
from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

import boardgen  # noqa: E402
from infinite_boards import (  # noqa: E402
    BIJECTION_UPWARD,
    CONSISTENT,
    EXACTLY_ONE_ORPHAN,
    EXAMPLES,
    FATHERS,
    FINITE_ONLY,
    INCONSISTENT,
    INJECTIVE_NOT_ONTO,
    NOT_ENTAILED,
    ONTO_NOT_INJECTIVE,
    REFUSE_SECONDS,
    SECONDS,
    formulas,
    no_finite_model,
    question,
    search,
)

from referee.language.boardfile import parse_board  # noqa: E402
from referee.language.naming import statement_formula  # noqa: E402
from referee.logic import infinite_model as im  # noqa: E402
from referee.logic.infinite import Concrete, Found, find_infinite_model  # noqa: E402
from referee.logic.infinite_check import (  # noqa: E402
    PresburgerTimeout,
    closure_problems,
    confirm,
    false_statements,
    refuting_prefix,
    truth,
)
from referee.logic.infinite_model import (  # noqa: E402
    Definition,
    Domain,
    InfiniteModel,
    Witness,
    parse_condition,
    render,
)
from referee.logic.infinite_templates import EQ, EVEN, GE, NE, comparison, linear_term  # noqa: E402

# ------------------------------------------------------------------ the finder


@pytest.mark.parametrize("name", list(CONSISTENT))
def test_boards_with_only_infinite_models_get_a_checked_model(name, vocab):
    board = formulas(CONSISTENT[name], vocab)
    assert no_finite_model(board)
    r = search(board)
    assert r.found is Found.MODEL, r.tried
    model = r.model
    assert isinstance(model, InfiniteModel) and model.witness is None
    assert confirm(board, (), model) is None
    assert false_statements(board, model) == []


def test_the_father_chain_is_the_natural_numbers(vocab):
    r = search(formulas(FATHERS, vocab))
    assert r.model.to_json() == {
        "infinite": True,
        "domain": "naturals",
        "symbols": {"father": "n + 1", "smarter": "a > b"},
        "arities": {"father": 1, "smarter": 2},
    }


def test_a_bijection_along_a_strict_order_needs_the_integers(vocab):
    r = search(formulas(BIJECTION_UPWARD, vocab))
    assert r.model.domain == Domain.INTEGERS
    # ℕ was tried first and had nothing: 0 would have no child.
    assert any(t.domain is Domain.NATURALS and t.found is Found.NONE_FITS for t in r.tried)


def test_the_examples_board_is_settled_consistent(vocab):
    text = (EXAMPLES / "engine-fathers.txt").read_text(encoding="utf-8")
    board = parse_board(text, vocab)
    premises = [statement_formula(s) for s in board.statements]
    assert no_finite_model(premises)
    r = search(premises)
    assert r.found is Found.MODEL
    assert confirm(premises, (), r.model) is None
    assert r.model.function("father").text == "n + 1"


@pytest.mark.parametrize("name", list(NOT_ENTAILED))
def test_redundancy_claims_refuted_only_by_infinite_models(name, vocab):
    premise_texts, goal_text = NOT_ENTAILED[name]
    premises = formulas(premise_texts, vocab)
    goal = formulas([goal_text], vocab)[0]
    assert no_finite_model(premises, [goal])
    r = search(premises, [goal])
    assert r.found is Found.MODEL, r.tried
    model = r.model
    assert confirm(premises, [goal], model) is None
    assert not truth(goal, model)
    # The witness names the claimed statement's leading ∀ variables.
    names, _, _ = refuting_prefix(goal)
    assert model.witness is not None and model.witness.statement == 0
    assert tuple(n for n, _ in model.witness.values) == names


def test_an_unknown_object_cannot_escape_past_every_number(vocab):
    """∃y ∀x father(x) ≠ y: with father(n) = n the unknown y would move past each
    instance x = 0, 1, 2, …; the finder instantiates x at y itself instead."""
    r = search(formulas(INJECTIVE_NOT_ONTO, vocab))
    assert r.model.function("father").text == "n + 1"
    assert r.candidates <= 3


def test_the_witness_is_small(vocab):
    premises = formulas(INJECTIVE_NOT_ONTO[:1], vocab)
    goal = formulas(["∀y ∃x father(x) = y"], vocab)[0]
    r = search(premises, [goal])
    # father(n) = n + 1 over ℕ: nobody's father is 0.
    assert r.model.witness == Witness(0, (("y", 0),))


@pytest.mark.parametrize("name", list(INCONSISTENT))
def test_inconsistent_boards_get_no_model(name, vocab):
    r = search(formulas(INCONSISTENT[name], vocab), seconds=REFUSE_SECONDS)
    assert r.found is Found.GAVE_UP
    assert r.model is None


@pytest.mark.parametrize("name", list(FINITE_ONLY))
def test_boards_with_only_finite_models_get_no_infinite_one(name, vocab):
    r = search(formulas(FINITE_ONLY[name], vocab), seconds=REFUSE_SECONDS)
    assert r.found is Found.GAVE_UP


def test_an_entailed_statement_gets_no_countermodel(vocab):
    text = (EXAMPLES / "engine-fathers.txt").read_text(encoding="utf-8")
    board = [statement_formula(s) for s in parse_board(text, vocab).statements]
    # Statement 4 follows from statement 3.
    r = search(board[:3] + board[4:], [board[3]], seconds=REFUSE_SECONDS)
    assert r.found is Found.GAVE_UP


def test_a_board_with_finite_models_may_get_an_infinite_one_and_it_checks(vocab):
    text = (EXAMPLES / "fathers.txt").read_text(encoding="utf-8")
    board = [statement_formula(s) for s in parse_board(text, vocab).statements]
    r = search(board)
    assert r.found is Found.MODEL
    assert confirm(board, (), r.model) is None


def test_cancelled_search_gives_up_at_once(vocab):
    start = time.monotonic()
    r = search(formulas(FATHERS, vocab), cancelled=lambda: True)
    assert r.found is Found.GAVE_UP
    assert time.monotonic() - start < 5  # a hang check, not a speed target


def test_the_deadline_holds_without_a_model(vocab):
    start = time.monotonic()
    r = search(formulas(INCONSISTENT["a top of the chain"], vocab), seconds=0.5)
    assert r.found is Found.GAVE_UP
    assert time.monotonic() - start < 5  # a hang check, not a speed target


def test_the_task_is_worker_shaped(vocab):
    """Plain data in and out (pickled between processes), a Z3 context of its own."""
    board = formulas(FATHERS, vocab)
    prem, negated, preds, funcs = question(board)
    payload = pickle.loads(pickle.dumps((prem, negated, preds, funcs)))
    r = find_infinite_model(*payload, time.monotonic() + SECONDS, ctx=z3.Context())
    again = pickle.loads(pickle.dumps(r))
    assert again == r
    # The worker ships models as JSON; the parent reads them back exactly.
    assert InfiniteModel.from_json(r.model.to_json()) == r.model


def test_only_the_requested_domains_are_tried(vocab):
    r = search(formulas(FATHERS, vocab), domains=(Domain.INTEGERS,))
    assert r.model.domain == Domain.INTEGERS
    assert confirm(formulas(FATHERS, vocab), (), r.model) is None


# ----------------------------------------------------------------- the checker


def model(domain, **symbols):
    defs = []
    for name, (kind, arity, text) in symbols.items():
        defs.append(Definition(name, kind, arity, text))
    return InfiniteModel(domain, tuple(defs))


F, P = im.FUNCTION, im.PREDICATE


def test_checker_rejects_a_reflexive_order(vocab):
    m = model(Domain.NATURALS, father=(F, 1, "n + 1"), smarter=(P, 2, "a ≥ b"))
    assert false_statements(formulas(FATHERS, vocab), m) == [2]
    assert confirm(formulas(FATHERS, vocab), (), m) == "premise 3 is false in it"


def test_checker_sees_that_n_plus_1_is_onto_the_integers_only(vocab):
    board = formulas(INJECTIVE_NOT_ONTO, vocab)
    assert false_statements(board, model(Domain.NATURALS, father=(F, 1, "n + 1"))) == []
    assert false_statements(board, model(Domain.INTEGERS, father=(F, 1, "n + 1"))) == [1]
    assert false_statements(board, model(Domain.INTEGERS, father=(F, 1, "2n"))) == []


def test_checker_reads_exists_unique(vocab):
    board = formulas(EXACTLY_ONE_ORPHAN, vocab)
    one = model(Domain.NATURALS, father=(F, 1, "n + 1"), adam=(F, 0, "0"))
    assert false_statements(board, one) == []
    two = model(Domain.NATURALS, father=(F, 1, "n + 2"), adam=(F, 0, "0"))
    assert false_statements(board, two) == [1]  # 0 and 1 are both orphans
    wrong_name = model(Domain.NATURALS, father=(F, 1, "n + 1"), adam=(F, 0, "1"))
    assert false_statements(board, wrong_name) == [1]


def test_checker_reads_cardinalities_in_an_infinite_domain(vocab):
    m = model(Domain.INTEGERS, happy=(P, 1, "true"))
    assert truth(formulas(["|L| ≥ 100"], vocab)[0], m)  # the largest n a statement may say
    assert not truth(formulas(["|L| < 100"], vocab)[0], m)


def test_checker_splits_max_min_and_floor_into_cases(vocab):
    board = formulas(ONTO_NOT_INJECTIVE, vocab)
    assert false_statements(board, model(Domain.INTEGERS, father=(F, 1, "⌊n/2⌋"))) == []
    assert false_statements(board, model(Domain.NATURALS, father=(F, 1, "max(n - 1, 0)"))) == []
    assert false_statements(board, model(Domain.NATURALS, father=(F, 1, "min(n, 5)"))) == [0]


def test_functions_must_stay_in_the_naturals(vocab):
    down = model(Domain.NATURALS, father=(F, 1, "n - 1"))
    assert closure_problems(down) == [
        "father(n) = n - 1 is not a natural number for some natural numbers"
    ]
    assert confirm([], (), down).startswith("father(n) = n - 1")
    assert closure_problems(model(Domain.INTEGERS, father=(F, 1, "n - 1"))) == []
    assert closure_problems(model(Domain.NATURALS, father=(F, 1, "max(n - 1, 0)"))) == []


def test_a_wrong_witness_is_rejected(vocab):
    premises = formulas(INJECTIVE_NOT_ONTO[:1], vocab)
    goal = formulas(["∀y ∃x father(x) = y"], vocab)
    base = model(Domain.NATURALS, father=(F, 1, "n + 1"))

    def with_witness(w):
        return InfiniteModel(base.domain, base.definitions, w)

    assert confirm(premises, goal, with_witness(Witness(0, (("y", 0),)))) is None
    assert "does not fail at y = 3" in confirm(
        premises, goal, with_witness(Witness(0, (("y", 3),)))
    )
    assert "not y" in confirm(premises, goal, with_witness(Witness(0, (("x", 0),))))
    assert "not claimed" in confirm(premises, goal, with_witness(Witness(1, (("y", 0),))))


def test_the_goal_must_fail(vocab):
    premises = formulas(INJECTIVE_NOT_ONTO[:1], vocab)
    goal = formulas(["∀y ∃x father(x) = y"], vocab)
    assert confirm(premises, goal, model(Domain.INTEGERS, father=(F, 1, "n + 1"))) == (
        "the goal holds in it"
    )


def test_an_uninterpreted_symbol_is_an_error_not_a_verdict(vocab):
    m = model(Domain.NATURALS, father=(F, 1, "n + 1"))
    assert confirm(formulas(FATHERS, vocab), (), m).startswith("checker error: ")
    m2 = model(Domain.NATURALS, father=(F, 2, "m"), smarter=(P, 2, "true"))
    assert "argument" in confirm(formulas(FATHERS, vocab), (), m2)


@pytest.mark.parametrize(
    "text, names, positive",
    [
        ("∀x ∀y smarter(x, y)", ("x", "y"), True),
        ("¬∃x happy(x)", ("x",), False),
        ("∀x ∃y smarter(x, y)", ("x",), True),
        ("∃x happy(x)", (), True),
        ("¬∃x ¬∀y smarter(x, y)", ("x", "y"), True),
        ("¬∀x ¬∀y smarter(x, y)", (), False),
        ("∀x ∃!y smarter(x, y)", ("x",), True),
    ],
)
def test_refuting_prefix(text, names, positive, vocab):
    got_names, _, got_positive = refuting_prefix(formulas([text], vocab)[0])
    assert (got_names, got_positive) == (names, positive)


# ------------------------------------- the checker against the search's Z3 check

UNARY = ["n + 1", "n", "0", "2n", "-n", "⌊n/2⌋", "max(n - 1, 0)", "min(n, 3)", "n - 1", "3n - 2"]
BINARY = ["m + n", "m", "n", "max(m, n) + 1", "m + n + 1", "2m - n", "⌊(m + n)/2⌋", "min(m, n)"]
CONSTANT = ["0", "1", "2", "5"]
PROPERTY = ["a > 0", "a is even", "true", "false", "a = 1", "a ≥ 2 or a < 0", "not (a = 0)"]
RELATION = ["a > b", "a = b + 1", "a ≥ b", "true", "a ≠ b", "a + b is odd", "a > b and b ≥ 0"]
MENUS = {(F, 0): CONSTANT, (F, 1): UNARY, (F, 2): BINARY, (P, 1): PROPERTY, (P, 2): RELATION}
GENERATED = boardgen.generate_boards(40, seed=20260102)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, len(GENERATED) - 1), st.sampled_from(list(Domain)), st.data())
def test_checker_agrees_with_the_search_on_every_statement(index, domain, data):
    """Two deciders, nothing shared: Cooper in Python and Z3's qe2 on the same sentences."""
    board = GENERATED[index]
    vocab = board.vocabulary
    defs = []
    for kind, table in ((P, vocab.predicates), (F, vocab.functions)):
        for name, arity in sorted(table.items()):
            menu = MENUS.get((kind, arity), ["true"] if kind == P else ["0"])
            defs.append(Definition(name, kind, arity, data.draw(st.sampled_from(menu))))
    model = InfiniteModel(domain, tuple(defs))
    exact = Concrete(model, z3.Context(), lambda: 30.0)
    for f in board.formulas:
        try:
            ours = truth(f, model, deadline=time.monotonic() + 10)
        except PresburgerTimeout:
            continue
        assert ours == exact.holds(f, {}), (f, model.lines())


# ------------------------------------------- readable definitions mean the same


def value(t, env):
    if isinstance(t, im.Num):
        return t.value
    if isinstance(t, im.Arg):
        return env[t.name]
    if isinstance(t, im.Add):
        return value(t.left, env) + value(t.right, env)
    if isinstance(t, im.Sub):
        return value(t.left, env) - value(t.right, env)
    if isinstance(t, im.Neg):
        return -value(t.body, env)
    if isinstance(t, im.Scale):
        return t.k * value(t.body, env)
    if isinstance(t, im.Max):
        return max(value(t.left, env), value(t.right, env))
    if isinstance(t, im.Min):
        return min(value(t.left, env), value(t.right, env))
    if isinstance(t, im.FloorDiv):
        return value(t.body, env) // t.d
    if isinstance(t, im.Truth):
        return t.value
    if isinstance(t, im.Rel):
        a, b = value(t.left, env), value(t.right, env)
        return {"<": a < b, "≤": a <= b, "=": a == b, "≠": a != b, ">": a > b, "≥": a >= b}[t.op]
    if isinstance(t, im.Congruent):
        return value(t.body, env) % t.d == t.r
    raise TypeError(t)


@pytest.mark.parametrize("kind", [GE, EQ, NE, EVEN])
def test_each_comparison_is_written_readably_and_means_the_same(kind):
    params = ("a", "b")
    for a1, a2, beta in itertools.product(range(-2, 3), range(-2, 3), range(-4, 5)):
        cond = comparison(params, kind, [a1, a2], beta)
        text = render(cond)
        assert parse_condition(text, params) == cond
        if isinstance(cond, im.Rel):
            # the first parameter on the left, without a common factor
            assert "a" in im.term_args(cond.left) or a1 == 0, text
            assert "2a + 2b" not in text and "2a - 2b" not in text, text
        for x, y in itertools.product(range(-4, 5), repeat=2):
            lin = a1 * x + a2 * y + beta
            expected = {GE: lin >= 0, EQ: lin == 0, NE: lin != 0, EVEN: lin % 2 == 0}[kind]
            assert value(cond, {"a": x, "b": y}) == expected, (a1, a2, beta, text)


def test_linear_terms_read_as_written():
    assert render(linear_term(("m", "n"), [2, -1], 1)) == "2m - n + 1"
    assert render(linear_term(("m", "n"), [0, -1], 0)) == "-n"
    assert render(linear_term(("m", "n"), [0, 0], -3)) == "-3"
    assert render(comparison(("a", "b"), GE, [-1, 1], -1)) == "a < b"
    assert render(comparison(("a", "b"), GE, [1, -1], -1)) == "a > b"
    assert render(comparison(("a", "b"), EQ, [-1, 1], 1)) == "a = b + 1"
    assert render(comparison(("a",), GE, [-1], 3)) == "a ≤ 3"
