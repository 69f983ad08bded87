"""Cooper's procedure (referee.logic.presburger) against Z3 and against brute force."""

import itertools
import time

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.logic import presburger as pa
from referee.logic.presburger import Lin

VARS = ("x", "y", "z")


def lin(draw_coeffs, const):
    return Lin(dict(zip(VARS, draw_coeffs, strict=True)), const)


@st.composite
def linear(draw):
    coeffs = [draw(st.integers(-4, 4)) for _ in VARS]
    return Lin(dict(zip(VARS, coeffs, strict=True)), draw(st.integers(-6, 6)))


@st.composite
def atoms(draw):
    kind = draw(st.sampled_from(["le", "eq", "dvd", "ndvd"]))
    e = draw(linear())
    if kind == "le":
        return pa.le(e)
    if kind == "eq":
        return pa.eq(e)
    return pa.dvd(draw(st.integers(2, 4)), e, kind == "dvd")


def formulas(depth=2):
    base = atoms()
    if depth == 0:
        return base
    inner = formulas(depth - 1)
    return st.one_of(
        base,
        st.builds(lambda a, b: pa.Conj((a, b)), inner, inner),
        st.builds(lambda a, b: pa.Disj((a, b)), inner, inner),
        st.builds(pa.neg, inner),
    )


@st.composite
def sentences(draw):
    """A quantifier-free body under a prefix binding x, y, z (so the result is closed)."""
    body = draw(formulas())
    order = draw(st.permutations(VARS))
    for v in order:
        q = draw(st.sampled_from([pa.exists, pa.forall]))
        body = q(v, body)
        if draw(st.booleans()):
            body = pa.neg(body)
    return body


def to_z3(f, env):
    if isinstance(f, pa.Bool):
        return z3.BoolVal(f.value)
    if isinstance(f, (pa.Le, pa.Eq, pa.Dvd)):
        value = sum((c * env[v] for v, c in f.coeffs), z3.IntVal(f.const))
        if isinstance(f, pa.Le):
            return value <= 0
        if isinstance(f, pa.Eq):
            return value == 0
        divisible = value % f.d == 0
        return divisible if f.holds else z3.Not(divisible)
    if isinstance(f, pa.Conj):
        return z3.And(*[to_z3(p, env) for p in f.parts])
    if isinstance(f, pa.Disj):
        return z3.Or(*[to_z3(p, env) for p in f.parts])
    if isinstance(f, pa.Not):
        return z3.Not(to_z3(f.body, env))
    x = z3.Int(f.var)
    body = to_z3(f.body, {**env, f.var: x})
    return z3.Exists([x], body) if isinstance(f, pa.Exists) else z3.ForAll([x], body)


def z3_truth(sentence) -> bool | None:
    s = z3.Then("qe2", "smt").solver()
    s.set("timeout", 5000)
    s.add(z3.Not(to_z3(sentence, {})))
    r = s.check()
    return None if r == z3.unknown else r == z3.unsat


@pytest.mark.slow
@settings(max_examples=250, deadline=None, derandomize=True)
@given(sentences())
def test_cooper_agrees_with_z3(sentence):
    expected = z3_truth(sentence)
    if expected is not None:
        assert pa.decide(sentence) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(formulas(), st.sampled_from(VARS))
def test_elimination_is_equivalent_pointwise(body, var):
    """∃v body, quantifier-free after elimination, agrees with a search for v at each point.

    The search range is wide enough: with coefficients ≤ 4, constants ≤ 6 and
    divisors ≤ 4, a witness exists near the other variables if at all.
    """
    eliminated = pa.eliminate(pa.exists(var, body))
    others = [v for v in VARS if v != var]
    for values in itertools.product(range(-3, 4), repeat=len(others)):
        env = dict(zip(others, values, strict=True))
        expected = any(pa.holds(body, {**env, var: w}) for w in range(-60, 61))
        assert pa.holds(eliminated, {**env, var: 0}) == expected, (env, eliminated)


X, Y, Z = Lin.var("x"), Lin.var("y"), Lin.var("z")
TWO = Lin.num(2)


@pytest.mark.parametrize(
    "sentence, truth",
    [
        # every integer is even or odd
        (
            pa.forall(
                "x", pa.exists("y", pa.Disj((pa.eq(X - Y.scale(2)), pa.eq(X - Y.scale(2).plus(1)))))
            ),
            True,
        ),
        # not every integer is even
        (pa.forall("x", pa.exists("y", pa.eq(X - Y.scale(2)))), False),
        # > is transitive
        (
            pa.forall(
                "x",
                pa.forall(
                    "y",
                    pa.forall(
                        "z",
                        pa.Disj((pa.neg(pa.Conj((pa.lt(Y, X), pa.lt(Z, Y)))), pa.lt(Z, X))),
                    ),
                ),
            ),
            True,
        ),
        # 3x = 7 has no integer solution; 3x = 9 with x < 4 has one
        (pa.exists("x", pa.eq(X.scale(3).plus(-7))), False),
        (pa.exists("x", pa.Conj((pa.eq(X.scale(3).plus(-9)), pa.lt(X, Lin.num(4))))), True),
        # no multiple of 3 strictly between x and x + 2, for some x
        (
            pa.forall(
                "x",
                pa.exists("y", pa.Conj((pa.lt(X, Y), pa.lt(Y, X + TWO), pa.dvd(3, Y)))),
            ),
            False,
        ),
        # there is no largest integer
        (pa.exists("x", pa.forall("y", pa.le(Y - X))), False),
    ],
)
def test_known_sentences(sentence, truth):
    assert pa.decide(sentence) is truth


def test_a_deadline_in_the_past_stops_the_work():
    body = pa.Conj(tuple(pa.dvd(k, X + Y.scale(k).plus(k)) for k in range(2, 9)))
    sentence = pa.forall("x", pa.exists("y", pa.forall("z", pa.Disj((body, pa.lt(Z, X))))))
    with pytest.raises(pa.PresburgerTimeout):
        pa.decide(sentence, deadline=time.monotonic() - 1)


def test_free_variables_are_an_error():
    with pytest.raises(pa.PresburgerError):
        pa.decide(pa.lt(X, Y))
