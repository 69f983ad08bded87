"""Truth tables: exact propositional verdicts, checked against Z3 and the evaluator."""

import itertools

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.language.ast import And, Falsum, Iff, Implies, Not, Or, Pred, Quant, Var
from referee.logic.engine import Status
from referee.logic.evaluate import evaluate
from referee.logic.truthtable import (
    Assignment,
    NotPropositional,
    confirmed,
    consistency,
    entails,
    letters,
    minimal_inconsistent,
    row_mask,
    rows,
    satisfying,
    value,
)

A, B, C, D = (Pred(x) for x in "ABCD")


def formulas():
    atoms = st.sampled_from([A, B, C])
    return st.recursive(
        atoms,
        lambda sub: st.one_of(
            sub.map(Not),
            st.tuples(st.sampled_from([And, Or, Implies, Iff]), sub, sub).map(
                lambda t: t[0](t[1], t[2])
            ),
        ),
        max_leaves=6,
    )


def to_z3(f):
    if isinstance(f, Pred):
        return z3.Bool(f.name)
    if isinstance(f, Not):
        return z3.Not(to_z3(f.body))
    op = {And: z3.And, Or: z3.Or, Implies: z3.Implies, Iff: lambda a, b: a == b}[type(f)]
    return op(to_z3(f.left), to_z3(f.right))


def z3_entails(premises, goal):
    s = z3.Solver()
    s.add(*[to_z3(p) for p in premises], z3.Not(to_z3(goal)))
    return s.check() == z3.unsat


def test_rows_walk_every_assignment_once_in_a_fixed_order():
    table = list(rows(("A", "B")))
    assert [r.as_dict() for r in table] == [
        {"A": True, "B": True},
        {"A": True, "B": False},
        {"A": False, "B": True},
        {"A": False, "B": False},
    ]


def test_modus_ponens_is_entailed_after_every_row():
    v = entails([Implies(A, B), A], B)
    assert v.status == Status.ENTAILED and v.witness is None
    assert v.rows == 4 and v.satisfying == 1


def test_a_counter_row_satisfies_the_premises_and_falsifies_the_goal():
    v = entails([Or(A, B)], A)
    assert v.status == Status.NOT_ENTAILED
    row = v.witness
    assert row.as_dict() == {"A": False, "B": True}
    assert evaluate(Or(A, B), row.model()) and not evaluate(A, row.model())


def test_consistency_and_the_smallest_clash():
    premises = [Or(A, B), Not(B), Implies(A, C), Not(C), D]
    assert consistency(premises).status == Status.INCONSISTENT
    assert minimal_inconsistent(premises) == (0, 1, 2, 3)
    assert minimal_inconsistent([A, And(B, Not(B)), Not(A)]) == (1,)
    assert minimal_inconsistent([A, B]) is None
    model = consistency([A, Not(B)]).witness
    assert model.as_dict() == {"A": True, "B": False}


def test_letters_outside_the_formulas_get_rows_too():
    assert [r.as_dict() for r in satisfying([A], ("A", "B"))] == [
        {"A": True, "B": True},
        {"A": True, "B": False},
    ]
    with pytest.raises(ValueError, match="no value for B"):
        satisfying([B], ("A",))


def test_quantifiers_are_not_truth_table_questions():
    with pytest.raises(NotPropositional):
        letters([Quant("forall", "x", Pred("P", (Var("x"),)))])
    assert value(Falsum(), Assignment(())) is False


def test_assignments_read_back_from_json():
    row = Assignment((("A", True), ("B", False)))
    assert Assignment.from_json(row.to_json()) == row
    with pytest.raises(ValueError):
        Assignment.from_json({"A": "yes"})


@settings(max_examples=150, deadline=None)
@given(st.lists(formulas(), max_size=3), formulas())
def test_entailment_agrees_with_z3_and_its_witness_with_the_evaluator(premises, goal):
    v = entails(premises, goal)
    assert (v.status == Status.ENTAILED) == z3_entails(premises, goal)
    if v.witness is not None:
        assert confirmed([*premises, Not(goal)], v.witness)


@settings(max_examples=100, deadline=None)
@given(st.lists(formulas(), min_size=1, max_size=4))
def test_the_clash_is_inconsistent_and_each_smaller_set_is_not(premises):
    clash = minimal_inconsistent(premises)
    whole = consistency(premises).status
    assert (clash is None) == (whole == Status.CONSISTENT)
    if clash is None:
        return
    names = letters(premises)
    assert consistency([premises[i] for i in clash], names).status == Status.INCONSISTENT
    for size in range(1, len(clash)):
        for smaller in itertools.combinations(range(len(premises)), size):
            chosen = [premises[i] for i in smaller]
            assert consistency(chosen, names).status == Status.CONSISTENT


@settings(max_examples=150, deadline=None)
@given(formulas())
def test_a_row_mask_is_the_column_of_the_truth_table(formula):
    names = ("A", "B", "C", "D")
    mask = row_mask(formula, names)
    assert [bool(mask >> k & 1) for k in range(16)] == [value(formula, r) for r in rows(names)]
    assert row_mask(Falsum(), names) == 0
