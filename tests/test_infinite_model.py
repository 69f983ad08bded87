"""Infinite models as data: the definition language reads back exactly what it writes."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.logic import infinite_model as im
from referee.logic.infinite_model import (
    Add,
    Arg,
    CAnd,
    CNot,
    Congruent,
    COr,
    Definition,
    DefinitionError,
    Domain,
    FloorDiv,
    InfiniteModel,
    Max,
    Min,
    Neg,
    Num,
    Rel,
    Scale,
    Sub,
    Truth,
    Witness,
    parse_condition,
    parse_term,
    render,
)

PARAMS = ("m", "n")


def terms(params=PARAMS):
    leaves = st.one_of(
        st.integers(0, 12).map(Num),
        st.sampled_from(params).map(Arg),
    )

    def extend(inner):
        return st.one_of(
            st.builds(Add, inner, inner),
            st.builds(Sub, inner, inner),
            st.builds(Neg, inner),
            st.builds(Scale, st.integers(2, 5), inner),
            st.builds(Max, inner, inner),
            st.builds(Min, inner, inner),
            st.builds(FloorDiv, inner, st.integers(2, 4)),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def conditions(params=PARAMS):
    t = terms(params)
    atoms = st.one_of(
        st.builds(Rel, st.sampled_from(im.RELATIONS), t, t),
        st.integers(2, 4).flatmap(
            lambda d: st.builds(Congruent, t, st.integers(0, d - 1), st.just(d))
        ),
        st.booleans().map(Truth),
    )

    def extend(inner):
        return st.one_of(
            st.builds(CAnd, inner, inner),
            st.builds(COr, inner, inner),
            st.builds(CNot, inner),
        )

    return st.recursive(atoms, extend, max_leaves=5)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(terms())
def test_every_term_reads_back_as_written(t):
    assert parse_term(render(t), PARAMS) == t


@settings(max_examples=300, deadline=None, derandomize=True)
@given(conditions())
def test_every_condition_reads_back_as_written(c):
    assert parse_condition(render(c), PARAMS) == c


@pytest.mark.parametrize(
    "tree, text",
    [
        (Add(Arg("n"), Num(1)), "n + 1"),
        (Sub(Scale(2, Arg("m")), Arg("n")), "2m - n"),
        (Add(Max(Arg("m"), Arg("n")), Num(1)), "max(m, n) + 1"),
        (FloorDiv(Arg("n"), 2), "⌊n/2⌋"),
        (Neg(Add(Arg("m"), Arg("n"))), "-(m + n)"),
        (Sub(Arg("m"), Sub(Arg("n"), Num(1))), "m - (n - 1)"),
        (Scale(3, Add(Arg("n"), Num(1))), "3·(n + 1)"),
    ],
)
def test_terms_are_written_as_a_mathematician_would(tree, text):
    assert render(tree) == text


@pytest.mark.parametrize(
    "tree, text",
    [
        (Rel(">", Arg("m"), Arg("n")), "m > n"),
        (Rel("=", Arg("m"), Add(Arg("n"), Num(1))), "m = n + 1"),
        (Congruent(Arg("m"), 0, 2), "m is even"),
        (Congruent(Add(Arg("m"), Arg("n")), 1, 2), "m + n is odd"),
        (Congruent(Arg("m"), 2, 3), "m ≡ 2 (mod 3)"),
        (CNot(Rel("<", Arg("m"), Num(0))), "not (m < 0)"),
        (CAnd(COr(Truth(True), Truth(False)), Truth(True)), "(true or false) and true"),
        (COr(Truth(True), CAnd(Truth(False), Truth(True))), "true or false and true"),
    ],
)
def test_conditions_are_written_with_the_fewest_brackets(tree, text):
    assert render(tree) == text
    assert parse_condition(text, PARAMS) == tree


def test_ascii_spellings_are_read_too():
    assert parse_term("2*n + floor(m/3)", PARAMS) == Add(Scale(2, Arg("n")), FloorDiv(Arg("m"), 3))
    assert parse_condition("m >= n and not m != 0", PARAMS) == CAnd(
        Rel("≥", Arg("m"), Arg("n")), CNot(Rel("≠", Arg("m"), Num(0)))
    )


@pytest.mark.parametrize(
    "text, params, fragment",
    [
        ("x + 1", ("n",), "unknown variable 'x'"),
        ("n +", ("n",), "found the end"),
        ("1n", ("n",), "at least 2"),
        ("⌊n/1⌋", ("n",), "at least 2"),
        ("n ≡ 3 (mod 3)", ("n",), "0 ≤ r < d"),
        ("n ? 1", ("n",), "unexpected character"),
    ],
)
def test_malformed_definitions_are_refused_with_the_place(text, params, fragment):
    with pytest.raises(DefinitionError) as err:
        if "≡" in text or "?" in text:
            parse_condition(text, params)
        else:
            parse_term(text, params)
    assert fragment in str(err.value)


def fathers(domain=Domain.NATURALS, witness=None):
    return InfiniteModel(
        domain,
        (
            Definition("smarter", im.PREDICATE, 2, "a > b"),
            Definition("father", im.FUNCTION, 1, "n + 1"),
        ),
        witness,
    )


def test_json_has_the_shape_the_issue_asks_for():
    assert fathers().to_json() == {
        "infinite": True,
        "domain": "naturals",
        "symbols": {"father": "n + 1", "smarter": "a > b"},
        "arities": {"father": 1, "smarter": 2},
    }
    with_witness = fathers(witness=Witness(0, (("x", 0),))).to_json()
    assert with_witness["witness"] == {"statement": 1, "values": {"x": 0}}


def test_json_and_pickle_round_trip():
    for model in (fathers(), fathers(Domain.INTEGERS, Witness(2, (("x", -1), ("y", 3))))):
        assert InfiniteModel.from_json(model.to_json()) == model
        again = pickle.loads(pickle.dumps(model))
        assert again == model
        assert again.function("father").body == Add(Arg("n"), Num(1))


def test_a_constant_function_keeps_its_arity_through_json():
    model = InfiniteModel(Domain.INTEGERS, (Definition("father", im.FUNCTION, 1, "0"),))
    back = InfiniteModel.from_json(model.to_json())
    assert back.function("father").arity == 1 and back.predicate("father") is None


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"infinite": True, "domain": "reals", "symbols": {}, "arities": {}}, "unknown domain"),
        ({"infinite": True, "domain": "integers", "symbols": {"f": "n"}, "arities": {}}, "same"),
        (
            {"infinite": True, "domain": "integers", "symbols": {"f": "n +"}, "arities": {"f": 1}},
            "f:",
        ),
        ({"size": 3}, "not an infinite model"),
    ],
)
def test_bad_json_is_refused(data, fragment):
    with pytest.raises(DefinitionError) as err:
        InfiniteModel.from_json(data)
    assert fragment in str(err.value)


def test_lines_read_like_mathematics():
    model = InfiniteModel(
        Domain.NATURALS,
        (
            Definition("father", im.FUNCTION, 1, "n + 1"),
            Definition("smarter", im.PREDICATE, 2, "a > b"),
            Definition("rains", im.PREDICATE, 0, "false"),
            Definition("c", im.FUNCTION, 0, "3"),
        ),
    )
    assert model.lines() == [
        "L = the natural numbers (ℕ)",
        "c = 3",
        "father(n) = n + 1",
        "rains: false",
        "smarter(a, b) when a > b",
    ]


def test_a_symbol_cannot_be_defined_twice():
    with pytest.raises(DefinitionError):
        InfiniteModel(
            Domain.INTEGERS,
            (
                Definition("f", im.FUNCTION, 1, "n"),
                Definition("f", im.PREDICATE, 1, "true"),
            ),
        )
