"""No input, however malformed, produces anything but a clean ParseError."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.language.parser import ParseError, parse_formula, parse_statement
from referee.language.printer import to_unicode

PIECES = [
    "∀",
    "∃",
    "∃!",
    "forall",
    "exists",
    "exists!",
    "x",
    "y",
    "z",
    "(",
    ")",
    ",",
    ".",
    "¬",
    "~",
    "not",
    "∧",
    "&",
    "and",
    "∨",
    "or",
    "→",
    "->",
    "↔",
    "<->",
    "=",
    "≠",
    "!=",
    "+",
    "*",
    "|L|",
    "≥",
    ">=",
    "<",
    "3",
    "0",
    "|",
    ":=",
    "blonde",
    "happy",
    "likes",
    "smarter",
    "father",
    "blondie",
    "⊥",
    "false",
    "!",
    "\n",
    " ",
    "é",
    "\t",
    "#",
]


def check(text, vocab):
    try:
        statement = parse_statement(text, vocab)
    except ParseError as error:
        assert error.message
        assert error.line >= 1 and error.column >= 1
        error.render()
        return
    # Whatever parses prints to something that parses back the same.
    assert parse_statement(to_unicode(statement), vocab) == statement


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map(" ".join))
def test_token_soup_gives_clean_errors(vocab, text):
    check(text, vocab)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40))
def test_arbitrary_text_gives_clean_errors(vocab, text):
    check(text, vocab)
    try:
        parse_formula(text, vocab, free=("x",))
    except ParseError:
        pass
