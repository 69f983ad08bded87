"""The independent evaluator on hand-built models whose answers are worked out by hand."""

from __future__ import annotations

import itertools

import pytest

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FEWER_THAN,
    FORALL,
    UNIQUE,
    And,
    App,
    Card,
    Eq,
    Falsum,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Quant,
    Var,
)
from referee.logic.evaluate import EvaluationError, check_model, evaluate, model_problems
from referee.logic.model import Model

x, y, z = Var("x"), Var("y"), Var("z")


def forall(v, body):
    return Quant(FORALL, v, body)


def exists(v, body):
    return Quant(EXISTS, v, body)


def unique(v, body):
    return Quant(UNIQUE, v, body)


def father(t):
    return App("father", (t,))


def plus(a, b):
    return App("+", (a, b))


# A 3-element family: father is 0 -> 1 -> 2 -> 2; smarter(a, b) iff a > b;
# blonde = {0}; happy = {0, 1}; likes = {(0, 1), (1, 1)}; + is max.
FAMILY = Model(
    3,
    functions={
        "father": {(0,): 1, (1,): 2, (2,): 2},
        "+": {(a, b): max(a, b) for a in range(3) for b in range(3)},
        "c": {(): 0},
    },
    predicates={
        "blonde": frozenset({(0,)}),
        "happy": frozenset({(0,), (1,)}),
        "likes": frozenset({(0, 1), (1, 1)}),
        "smarter": frozenset({(a, b) for a in range(3) for b in range(3) if a > b}),
        "raining": frozenset(),
        "sunny": frozenset({()}),
    },
)


def holds(f, model=FAMILY, env=None):
    return evaluate(f, model, env)


def test_atoms_constants_and_propositions():
    assert holds(Pred("blonde", (App("c"),)))
    assert not holds(Pred("happy", (father(father(App("c"))),)))
    assert holds(Pred("sunny"))
    assert not holds(Pred("raining"))
    assert holds(Eq(father(father(App("c"))), App("father", (father(App("c")),))))
    assert holds(Eq(father(App("c")), App("+", (App("c"), father(App("c"))))))
    assert not holds(Eq(App("c"), father(App("c"))))


def test_connectives_truth_tables():
    t, f = Pred("sunny"), Pred("raining")
    table = {
        (True, True): (True, True, True, True),
        (True, False): (False, True, False, False),
        (False, True): (False, True, True, False),
        (False, False): (False, False, True, True),
    }
    atom = {True: t, False: f}
    for (a, b), (and_, or_, imp, iff) in table.items():
        assert holds(And(atom[a], atom[b])) is and_
        assert holds(Or(atom[a], atom[b])) is or_
        assert holds(Implies(atom[a], atom[b])) is imp
        assert holds(Iff(atom[a], atom[b])) is iff
        assert holds(Not(atom[a])) is (not a)
    assert holds(Falsum()) is False
    assert holds(Not(Falsum())) is True


def test_quantifiers_over_the_whole_domain():
    # Everyone's father is at least as smart: father(x) > x fails at 2 (fixed point).
    assert not holds(forall("x", Pred("smarter", (father(x), x))))
    assert holds(forall("x", Or(Pred("smarter", (father(x), x)), Eq(father(x), x))))
    assert holds(exists("x", Eq(father(x), x)))
    assert holds(forall("x", Implies(Pred("blonde", (x,)), Pred("happy", (x,)))))
    assert not holds(forall("x", Implies(Pred("happy", (x,)), Pred("blonde", (x,)))))


def test_nested_quantifiers_order_matters():
    # ∀x ∃y smarter(y, x) fails (nobody is smarter than 2); ∀x ∃y ¬smarter(x, y) holds (y = x).
    assert not holds(forall("x", exists("y", Pred("smarter", (y, x)))))
    assert holds(forall("x", exists("y", Not(Pred("smarter", (x, y))))))
    # ∃x ∀y ¬smarter(y, x)... 0 is the only one nobody is below: ∃x ∀y ¬smarter(x, y).
    assert holds(exists("x", forall("y", Not(Pred("smarter", (x, y))))))
    # ∃y ∀x likes(x, y) fails (2 likes nobody), but ∃y ∀x (happy(x) → likes(x, y)) holds (y=1).
    assert not holds(exists("y", forall("x", Pred("likes", (x, y)))))
    assert holds(exists("y", forall("x", Implies(Pred("happy", (x,)), Pred("likes", (x, y))))))
    # Transitivity of > over three variables.
    trans = forall(
        "x",
        forall(
            "y",
            forall(
                "z",
                Implies(
                    And(Pred("smarter", (x, y)), Pred("smarter", (y, z))),
                    Pred("smarter", (x, z)),
                ),
            ),
        ),
    )
    assert holds(trans)


def test_shadowing_uses_the_innermost_binding():
    # ∃x (blonde(x) ∧ ∃x ¬blonde(x)): inner x is a different object.
    assert holds(exists("x", And(Pred("blonde", (x,)), exists("x", Not(Pred("blonde", (x,)))))))
    # ∀x ∃x blonde(x) is true although not everyone is blonde.
    assert holds(forall("x", exists("x", Pred("blonde", (x,)))))


def test_unique_counts_exactly_one():
    assert holds(unique("x", Pred("blonde", (x,))))  # only 0
    assert not holds(unique("x", Pred("happy", (x,))))  # 0 and 1: two
    assert not holds(unique("x", Pred("raining")))  # none
    assert not holds(unique("x", Not(Falsum())))  # all three
    # ∀x ∃!y father(x) = y: father is a function, so always exactly one.
    assert holds(forall("x", unique("y", Eq(father(x), y))))
    # ∀x ∃!y likes(y, x): x=1 is liked by 0 and 1, x=0 by nobody.
    assert not holds(forall("x", unique("y", Pred("likes", (y, x)))))
    # ∃!x ∃!y ... differs from ∃!y ∃!x: ∃!x ∃!y smarter(x, y) — x=1 (only y=0); x=2 has two.
    assert holds(unique("x", unique("y", Pred("smarter", (x, y)))))
    assert holds(unique("y", unique("x", Pred("smarter", (x, y)))))  # y=1 (only x=2)
    # ∃!x in a one-element domain of a trivially true property.
    one = Model(1, predicates={"p": frozenset({(0,)})})
    assert evaluate(unique("x", Pred("p", (x,))), one)


def test_unique_is_not_exists():
    # Two elements, both happy: ∃ holds, ∃! does not; negate: ¬∃! holds.
    m = Model(2, predicates={"happy": frozenset({(0,), (1,)})})
    assert evaluate(exists("x", Pred("happy", (x,))), m)
    assert not evaluate(unique("x", Pred("happy", (x,))), m)
    assert evaluate(Not(unique("x", Pred("happy", (x,)))), m)


def test_cardinality():
    for size in range(1, 5):
        m = Model(size)
        for n in range(0, 6):
            assert evaluate(Card(AT_LEAST, n), m) is (size >= n)
            assert evaluate(Card(FEWER_THAN, n), m) is (size < n)
    assert not holds(Card(FEWER_THAN, 1))
    assert holds(Card(AT_LEAST, 1))


def test_functions_binary_and_nested():
    # + is max: ∀x ∀y x + y = y + x; ∀x x + x = x; ∀x∀y smarter(x+y, x) fails (x = y).
    assert holds(forall("x", forall("y", Eq(plus(x, y), plus(y, x)))))
    assert holds(forall("x", Eq(plus(x, x), x)))
    assert not holds(forall("x", forall("y", Pred("smarter", (plus(x, y), x)))))
    # father(x + y) = father(x) + father(y) holds because father is monotone here.
    assert holds(forall("x", forall("y", Eq(father(plus(x, y)), plus(father(x), father(y))))))
    # Non-commutative +: left projection on 2 elements.
    m = Model(2, functions={"+": {(a, b): a for a in range(2) for b in range(2)}})
    assert not evaluate(forall("x", forall("y", Eq(plus(x, y), plus(y, x)))), m)
    assert evaluate(forall("x", forall("y", Eq(plus(plus(x, y), z), x))), m, {"z": 1})


def test_iff_with_quantifiers():
    # The S card: ∀x∀y x ≠ y → (smarter(x, y) ↔ ¬smarter(y, x)) holds for a strict order.
    card = forall(
        "x",
        forall(
            "y",
            Implies(
                Not(Eq(x, y)),
                Iff(Pred("smarter", (x, y)), Not(Pred("smarter", (y, x)))),
            ),
        ),
    )
    assert holds(card)
    # With a symmetric pair it fails.
    m = Model(2, predicates={"smarter": frozenset({(0, 1), (1, 0)})})
    assert not evaluate(card, m)
    # ∀x (blonde(x) ↔ happy(x)) fails at 1.
    assert not holds(forall("x", Iff(Pred("blonde", (x,)), Pred("happy", (x,)))))


def test_environment_for_open_formulas():
    assert evaluate(Pred("smarter", (x, y)), FAMILY, {"x": 2, "y": 0})
    assert not evaluate(Pred("smarter", (x, y)), FAMILY, {"x": 0, "y": 2})
    with pytest.raises(EvaluationError, match="outside the domain"):
        evaluate(Pred("blonde", (x,)), FAMILY, {"x": 3})


def test_brute_force_agreement_on_all_unary_predicates():
    """∃!x p(x) ↔ (∃x p(x) ∧ ∀x∀y (p(x) ∧ p(y) → x = y)) for every p on domains 1..4."""
    expansion = And(
        exists("x", Pred("p", (x,))),
        forall("x", forall("y", Implies(And(Pred("p", (x,)), Pred("p", (y,))), Eq(x, y)))),
    )
    for size in range(1, 5):
        for bits in itertools.product((False, True), repeat=size):
            rows = frozenset((i,) for i, b in enumerate(bits) if b)
            m = Model(size, predicates={"p": rows})
            assert evaluate(unique("x", Pred("p", (x,))), m) is (len(rows) == 1)
            assert evaluate(expansion, m) is (len(rows) == 1)


def test_errors_are_clear():
    with pytest.raises(EvaluationError, match="free variable.*x"):
        evaluate(Pred("blonde", (x,)), FAMILY)
    with pytest.raises(EvaluationError, match="predicate grumpy"):
        evaluate(forall("x", Pred("grumpy", (x,))), FAMILY)
    with pytest.raises(EvaluationError, match="function mother"):
        evaluate(forall("x", Pred("blonde", (App("mother", (x,)),))), FAMILY)
    # A missing symbol is reported even behind a short-circuit.
    with pytest.raises(EvaluationError, match="predicate grumpy"):
        evaluate(Or(Pred("sunny"), Pred("grumpy", (App("c"),))), FAMILY)
    with pytest.raises(EvaluationError, match="argument"):
        evaluate(forall("x", Pred("likes", (x,))), FAMILY)
    partial = Model(2, functions={"father": {(0,): 1}})
    with pytest.raises(EvaluationError, match="not defined"):
        evaluate(forall("x", Eq(father(x), x)), partial)
    with pytest.raises(EvaluationError, match="empty"):
        evaluate(Card(AT_LEAST, 0), Model(0))


def test_check_model_reports_failing_indices():
    board = [
        forall("x", Implies(Pred("blonde", (x,)), Pred("happy", (x,)))),  # holds
        forall("x", Pred("smarter", (father(x), x))),  # fails at 2
        unique("x", Pred("blonde", (x,))),  # holds
        Card(FEWER_THAN, 3),  # fails: size 3
        exists("x", Pred("likes", (x, x))),  # holds (1 likes 1)
    ]
    assert check_model(board, FAMILY) == [1, 3]
    assert check_model(board[:1] + board[2:3], FAMILY) == []
    assert check_model([], FAMILY) == []


def test_model_problems():
    assert model_problems(FAMILY, [forall("x", Pred("blonde", (x,)))]) == []
    probs = model_problems(Model(2, functions={"father": {(0,): 1}}), [Pred("happy", (App("c"),))])
    assert any("father is not defined" in p for p in probs)
    assert any("happy" in p for p in probs)
