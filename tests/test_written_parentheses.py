"""The board shows a statement with the parentheses its author wrote (issue 8).

Parentheses are position data (``Span.parens``): they never take part in
equality, and ``to_unicode(…, as_written=True)`` writes them back, plus any
the structure needs. Canonical printing (the default) is unchanged.
"""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from test_printer import VOCAB, formulas

from referee.language import ast
from referee.language.parser import parse_statement
from referee.language.printer import to_ascii, to_unicode

AS_PRINTED = [
    # the S cards as the rules print them, and what players write
    "∀x (blonde(x) → happy(x))",
    "∀x ∀y (smarter(x, y) → ¬likes(y, x))",
    "(∀x blonde(x)) ∧ ∃x happy(x)",
    "∀x ((blonde(x) ∧ happy(x)) ∨ blonde(x))",
    "∀x ∀y ¬(x = y)",
    "∀x ∀y (x ≠ y)",
    "∀x ∀y (x + y) = y",
    "∀x ∀y ((x + y)) + x = x",
    "∀x blonde((father(x)))",
    "¬(¬(∀x (blonde(x))))",
    "∀x ∃!y (likes(y, x)) | liker(x) := y",
]


def test_statements_print_as_written(vocab):
    for text in AS_PRINTED:
        statement = parse_statement(text, vocab)
        assert to_unicode(statement, as_written=True) == text
        assert parse_statement(to_unicode(statement), vocab) == statement


def test_redundant_parentheses_do_not_change_the_statement(vocab):
    written = parse_statement("∀x (blonde(x) → happy(x))", vocab)
    bare = parse_statement("∀x blonde(x) → happy(x)", vocab)
    assert written == bare and hash(written) == hash(bare)
    assert to_unicode(written) == to_unicode(bare) == "∀x blonde(x) → happy(x)"
    assert to_unicode(bare, as_written=True) == "∀x blonde(x) → happy(x)"
    assert to_ascii(written, as_written=True) == "forall x (blonde(x) -> happy(x))"


def test_ascii_input_prints_as_written_in_unicode(vocab):
    statement = parse_statement("forall x (blonde(x) -> (happy(x) & ~blonde(x)))", vocab)
    assert to_unicode(statement, as_written=True) == "∀x (blonde(x) → (happy(x) ∧ ¬blonde(x)))"


def test_a_changed_statement_adds_only_the_parentheses_it_needs(vocab):
    statement = parse_statement("∀x (blonde(x) ∧ happy(x))", vocab)
    body = statement.formula.body
    negated = dataclasses.replace(statement.formula, body=ast.Not(body))
    assert to_unicode(negated, as_written=True) == "∀x ¬(blonde(x) ∧ happy(x))"
    conj = parse_statement("∀x blonde(x) ∧ happy(x)", vocab).formula
    negated = dataclasses.replace(conj, body=ast.Not(conj.body))
    assert to_unicode(negated, as_written=True) == "∀x ¬(blonde(x) ∧ happy(x))"


def _with_parens(formula, choices):
    """``formula`` with written parentheses (0–2 pairs) on some nodes, drawn from ``choices``."""

    def mark(node):
        count = choices.pop() if choices else 0
        if not count:
            return node
        return dataclasses.replace(node, span=ast.Span(1, 1, 1, 1, parens=count))

    def walk(f):
        if isinstance(f, (ast.Not, ast.Quant)):
            f = dataclasses.replace(f, body=walk(f.body))
        elif isinstance(f, ast.BINARY):
            f = dataclasses.replace(f, left=walk(f.left), right=walk(f.right))
        elif isinstance(f, ast.Pred):
            f = dataclasses.replace(f, args=tuple(term(a) for a in f.args))
        elif isinstance(f, ast.Eq):
            f = dataclasses.replace(f, left=term(f.left), right=term(f.right))
        return mark(f)

    def term(t):
        if isinstance(t, ast.App):
            t = dataclasses.replace(t, args=tuple(term(a) for a in t.args))
        return mark(t)

    return walk(formula)


@settings(max_examples=150, deadline=None)
@given(formulas(), st.lists(st.integers(0, 2), max_size=40))
def test_printing_as_written_reads_back_the_same_and_keeps_the_parentheses(formula, choices):
    written = ast.Statement(_with_parens(formula, choices))
    text = to_unicode(written, as_written=True)
    again = parse_statement(text, VOCAB)
    assert again == written, text
    # Read back, it prints the same: the parentheses are kept, none are added.
    assert to_unicode(again, as_written=True) == text
    assert to_ascii(again, as_written=True) == to_ascii(written, as_written=True)
