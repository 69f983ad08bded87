"""Printing then parsing gives back the same statement, with the fewest parentheses."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.language import ast
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_ascii, to_unicode
from referee.language.vocabulary import Vocabulary

VOCAB = Vocabulary.build(
    {"blonde": 1, "happy": 1, "likes": 2, "smarter": 2, "p": 0},
    {"father": 1, "+": 2},
    ["c"],
)
VARIABLES = ("x", "y", "z", "u", "v")


def terms(bound: tuple[str, ...], depth: int):
    leaves = [st.just(ast.App("c"))] + [st.just(ast.Var(v)) for v in bound]
    leaf = st.one_of(leaves)
    if depth <= 0:
        return leaf
    sub = terms(bound, depth - 1)
    return st.one_of(
        leaf,
        sub.map(lambda t: ast.App("father", (t,))),
        st.tuples(sub, sub).map(lambda p: ast.App("+", p)),
    )


@st.composite
def formulas(draw, bound: tuple[str, ...] = (), depth: int = 4):
    t = terms(bound, 2)
    atoms = [
        st.just(ast.Pred("p")),
        t.map(lambda a: ast.Pred("blonde", (a,))),
        st.tuples(t, t).map(lambda p: ast.Pred("likes", p)),
        st.tuples(t, t).map(lambda p: ast.Eq(*p)),
        st.tuples(st.sampled_from([ast.AT_LEAST, ast.FEWER_THAN]), st.integers(1, 9)).map(
            lambda p: ast.Card(*p)
        ),
    ]
    if depth <= 0:
        return draw(st.one_of(atoms))
    choice = draw(st.integers(0, 7))
    if choice == 0:
        return draw(st.one_of(atoms))
    if choice == 1:
        return ast.Not(draw(formulas(bound, depth - 1)))
    if choice in (2, 3, 4, 5):
        cls = (ast.And, ast.Or, ast.Implies, ast.Iff)[choice - 2]
        return cls(draw(formulas(bound, depth - 1)), draw(formulas(bound, depth - 1)))
    free = [v for v in VARIABLES if v not in bound]
    if not free:
        return draw(st.one_of(atoms))
    var = draw(st.sampled_from(free))
    kind = draw(st.sampled_from(ast.QUANTIFIERS))
    return ast.Quant(kind, var, draw(formulas(bound + (var,), depth - 1)))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(formulas())
def test_print_then_parse_gives_back_the_statement(formula):
    statement = ast.Statement(formula)
    for printer in (to_unicode, to_ascii):
        text = printer(statement)
        assert parse_statement(text, VOCAB) == statement, text


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(formulas())
def test_printer_uses_the_fewest_parentheses(formula):
    """Dropping any one pair of parentheses changes the meaning or breaks the parse."""
    text = to_unicode(ast.Statement(formula))
    opens = [i for i, ch in enumerate(text) if ch == "("]
    for start in opens:
        depth, end = 0, None
        for j in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            if depth == 0:
                end = j
                break
        before = text[start - 1] if start else " "
        if before.isalnum() or before == "_":  # argument list of an application
            continue
        shorter = text[:start] + text[start + 1 : end] + text[end + 1 :]
        try:
            reparsed = parse_statement(shorter, VOCAB).formula
        except ParseError:
            continue
        assert reparsed != formula, f"needless parentheses in {text!r}"


@pytest.mark.parametrize(
    "text,unicode,ascii_",
    [
        (
            "forall x happy(x) -> ~blonde(x)",
            "∀x happy(x) → ¬blonde(x)",
            "forall x happy(x) -> ~blonde(x)",
        ),
        ("((p))", "p", "p"),
        ("∀x ∀y ((x + y) = (y + x))", "∀x ∀y x + y = y + x", "forall x forall y x + y = y + x"),
        ("(∀x happy(x)) ∧ p", "(∀x happy(x)) ∧ p", "(forall x happy(x)) /\\ p"),
        ("∃!x blonde(x) | b := x", "∃!x blonde(x) | b := x", "exists! x blonde(x) | b := x"),
        ("¬(x = x) ∨ |L| >= 2", None, None),
    ],
)
def test_canonical_forms(text, unicode, ascii_):
    vocab = VOCAB.extend("x", 0) if "x = x" in text else VOCAB
    statement = parse_statement(text, vocab)
    if unicode is None:
        assert to_unicode(statement) == "x ≠ x ∨ |L| ≥ 2"
        return
    assert to_unicode(statement) == unicode
    assert to_ascii(statement) == ascii_
