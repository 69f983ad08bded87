"""A parse error proposes only fixes that read, names unknown names (issue 8, defect 6),
and says what to type instead of the symbols copied from the printed rules.

``referee parse "a + b + c"`` suggested ``a + b + c = y``: ambiguous, with
unknown names the message never mentioned; ``forall x x + x`` suggested
``x + x = y`` with y unbound. Every suggestion is now checked with the parser
before it is offered (put in place, the statement reads), or not offered.
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_parser_fuzz import PIECES

from referee.language.parser import ParseError, parse_formula, parse_statement
from referee.language.vocabulary import Vocabulary


def refused(text, vocab) -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse_statement(text, vocab)
    return caught.value


def test_the_reported_sum_names_its_unknown_names_and_suggests_nothing_wrong(vocab):
    error = refused("a + b + c", vocab)
    assert "a + b + c is an object, not a statement" in error.message
    assert "a, b and c are unknown names" in error.message
    assert "ambiguous" in error.message  # issue 2: a + b + c is ambiguous, as the rules say
    assert "= y" not in error.message and "e.g." not in error.message


def test_the_reported_unbound_suggestion_is_replaced_by_one_that_reads(vocab):
    error = refused("forall x x + x", vocab)
    assert "= y" not in error.message
    suggestion = re.search(r"e\.g\. (.*)$", error.message).group(1)
    assert suggestion == "x + x = x"
    parse_statement("forall x " + suggestion, vocab)


# (statement, the part a suggestion replaces, the suggestion expected or None)
FIXES = [
    ("∀x ∀y ∀z x + y + z = x", "x + y + z", "(x + y) + z"),
    ("∀x ∀y ∀z x + y + z + x = x", "x + y + z", None),  # still a chain after the fix
    ("∀x ∀y likes(x + y + x, y)", "x + y + x", "(x + y) + x"),
    (
        "∀x happy(x) ↔ blonde(x) ↔ happy(x)",
        "happy(x) ↔ blonde(x) ↔ happy(x)",
        "(happy(x) ↔ blonde(x)) ↔ happy(x)",
    ),
    ("∀x ∀y x = y = x", "x = y = x", "x = y ∧ y = x"),
    ("∀x ∀y ¬x = y = x", "x = y = x", "(x = y ∧ y = x)"),
    ("∀x happy(x) = blonde(x)", "happy(x) = blonde(x)", "happy(x) ↔ blonde(x)"),
    ("∀x happy(x) = blonde(x) ∧ happy(x)", "happy(x) = blonde(x)", "(happy(x) ↔ blonde(x))"),
    ("∀x x", " x", " blonde(x)"),
    ("∀x likes ∧ happy(x)", "likes", "likes(x, x)"),
    ("likes", "likes", None),  # no variable in scope: nothing to suggest
    ("∀x happy(father)", "father", "father(x)"),
    ("∀x hapy(x)", "hapy", "happy"),
    ("∀x hapy(x) ∧ hapy(y)", "hapy", None),  # y is unbound: the fixed text does not read
    ("foral x happy(x)", "foral", "forall"),
    ("∀x x + x", "x + x", "x + x = x"),
    ("∀x father(x) + father(x) ∧ happy(x)", "father(x) + father(x)", "father(x) + father(x) = x"),
    ("∀x ∃!y likes(x, y) | f := y", "f", "f(x)"),
    ("∃!y ∀x likes(x, y) | f(x) := y", "f(x)", "f"),
]


@pytest.mark.parametrize(("text", "part", "fix"), FIXES)
def test_every_suggestion_reads_when_put_in_place(text, part, fix, vocab):
    error = refused(text, vocab)
    if fix is None:
        assert not re.search(r"e\.g\.|did you mean|: write [^t]", error.message), error.message
        return
    assert fix in error.message, error.message
    parse_statement(text.replace(part, fix, 1), vocab)


def test_unbound_letter_gets_the_quantifier_hint_only_when_it_reads(vocab):
    assert "write ∀x or ∃x before it" in refused("happy(x)", vocab).message
    # ∀x in front would clash with the ∃x that follows: no such hint.
    message = refused("happy(x) ∧ ∃x blonde(x)", vocab).message
    assert "x is not bound by any quantifier" in message and "write" not in message


def test_an_arity_hint_for_a_custom_deck_uses_its_own_symbols():
    vocab = Vocabulary.build({"tall": 1, "p": 0}, {"mother": 1})
    message = refused("∀x x", vocab).message
    assert "e.g. tall(x)" in message  # not blonde(x): this deck has no blonde
    assert "write p without parentheses" in refused("∀x p(x)", vocab).message


SUGGESTION = re.compile(r"(?:did you mean|e\.g\.) (?:the keyword )?'?([^'?]+?)'?\??$")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12))
def test_any_did_you_mean_or_example_reads_in_place(pieces):
    """For token soups: a 'did you mean X' / 'e.g. X' fix, put under the caret, reads."""
    vocab = Vocabulary.build(
        {"blonde": 1, "happy": 1, "likes": 2, "smarter": 2}, {"father": 1, "+": 2}
    )
    text = " ".join(pieces)
    try:
        parse_statement(text, vocab)
        return
    except ParseError as error:
        found = SUGGESTION.search(error.message)
        if not found or "↔" in found.group(1):
            return
        start = error.offset
        fixed = text[:start] + found.group(1) + text[start + error.width :]
        try:
            parse_statement(fixed, vocab)
        except ParseError as after:
            # a syntax-error fix may leave an earlier problem, never one at or after it
            assert after.offset + after.width <= start, (text, error.message, fixed, after)


# ------------------------------------------------ symbols from the printed rules


def test_lambda_is_and_as_the_printed_rules_write_it(vocab):
    assert parse_statement("∀x (happy(x) Λ x+x=x)", vocab) == parse_statement(
        "∀x (happy(x) ∧ x + x = x)", vocab
    )


def test_v_for_or_gets_a_message_naming_what_to_type(vocab):
    for text in ("∀x happy(x) V blonde(x)", "∀x happy(x) v blonde(x)"):
        error = refused(text, vocab)
        assert "not a connective: for 'or' write ∨" in error.message
        assert error.column == 13 and error.width == 1


def test_the_rules_or_example_with_a_deck_that_has_zero():
    vocab = Vocabulary.build({"happy": 1, "blonde": 1}, {}, ["0"])
    assert "for 'or' write ∨" in refused("happy(0) V blonde(0)", vocab).message
    parse_statement("happy(0) ∨ blonde(0)", vocab)


def test_v_is_still_a_name_where_a_name_belongs():
    vocab = Vocabulary.build({"happy": 1}, {}, ["V"])
    assert parse_statement("happy(V)", vocab).formula.args[0].name == "V"
    assert parse_statement("∀V happy(V)", Vocabulary.build({"happy": 1})) is not None


@pytest.mark.parametrize(
    ("symbol", "advice"),
    [
        ("←", "write ↔"),
        ("⊃", "write →"),
        ("≡", "write ↔"),
        ("∼", "write ¬"),
        ("⋀", "write ∧"),
        ("⋁", "write ∨"),
        ("–", "write →"),
    ],
)
def test_symbols_from_other_texts_name_what_to_type(symbol, advice, vocab):
    error = refused(f"∀x happy(x) {symbol} blonde(x)", vocab)
    assert f"{symbol} is not a symbol of the language" in error.message
    assert advice in error.message
    assert error.column == 13


def test_arrows_the_grammar_accepts(vocab):
    implies = parse_statement("∀x happy(x) → blonde(x)", vocab)
    iff = parse_statement("∀x happy(x) ↔ blonde(x)", vocab)
    assert parse_statement("∀x happy(x) ⇒ blonde(x)", vocab) == implies
    assert parse_statement("∀x happy(x) ⇔ blonde(x)", vocab) == iff


def test_forall_with_a_list_of_variables(vocab):
    both = parse_statement("∀x ∀y likes(x, y)", vocab)
    assert parse_statement("forall x, y likes(x, y)", vocab) == both
    assert parse_statement("∀x,y likes(x, y)", vocab) == both
    assert parse_statement("∃x, y, z likes(x, y) ∧ likes(y, z)", vocab) == parse_statement(
        "∃x ∃y ∃z likes(x, y) ∧ likes(y, z)", vocab
    )
    assert parse_statement("∀x, y ∃!z likes(x, z) | f(x, y) := z", vocab).naming.params == (
        "x",
        "y",
    )
    error = refused("∀x, x likes(x, x)", vocab)
    assert "already bound" in error.message and error.column == 5
    error = refused("∃!x, y likes(x, y)", vocab)
    assert "write ∃!x ∃!y" in error.message
    assert "exactly one pair" in error.message


def test_formulas_in_derivations_get_the_same_checks(vocab):
    with pytest.raises(ParseError) as caught:
        parse_formula("x + x", vocab, free=("x",))
    assert "e.g. x + x = x" in caught.value.message


# ------------------------------------------------ the two commonest slips: | and capitals

SLIPS = [
    # (typed, where the caret is, its width, what the corrected statement reads, or None)
    ("∀x happy(x) | blonde(x)", 13, 1, "∀x happy(x) ∨ blonde(x)"),
    ("forall x happy(x) | blonde(x)", 19, 1, "forall x happy(x) || blonde(x)"),
    (
        "forall x (happy(x) | blonde(x)) -> happy(x)",
        20,
        1,
        "forall x (happy(x) || blonde(x)) -> happy(x)",
    ),
    ("∃!x blonde(x) | happy(x) | b := x", 15, 1, "∃!x blonde(x) ∨ happy(x) | b := x"),
    ("happy(x) | blonde(x)", 10, 1, None),  # x unbound: the slip is named, nothing offered
    ("ForAll x happy(x)", 1, 6, "forall x happy(x)"),
    ("Forall x happy(x) OR blonde(x)", 1, 6, "forall x happy(x) or blonde(x)"),
    ("EXISTS! x blonde(x)", 1, 6, "exists! x blonde(x)"),
    ("∀x happy(x) ∧ NOT blonde(x)", 15, 3, "∀x happy(x) ∧ not blonde(x)"),
    ("∀x happy(x) Implies blonde(x)", 13, 7, "∀x happy(x) implies blonde(x)"),
    ("ForAll x Happy(x)", 1, 6, None),  # Happy is no symbol: the keyword still named
]


@pytest.mark.parametrize(("text", "column", "width", "corrected"), SLIPS)
def test_a_bar_for_or_and_a_capitalised_keyword_are_named_with_what_to_write(
    text, column, width, corrected, vocab
):
    error = refused(text, vocab)
    assert (error.column, error.width) == (column, width)
    if text[column - 1] == "|":
        assert '\'|\' is not "or": for "or" write ∨ (or ||, \\/, or)' in error.message
        assert "names what ∃! defines" in error.message
    else:
        assert "keywords are written in lowercase" in error.message
        assert repr(text[column - 1 : column - 1 + width].lower()) in error.message
    said = re.search(r"corrected, it reads: (.*)$", error.message)
    assert (said.group(1) if said else None) == corrected
    if corrected is not None:
        parse_statement(corrected, vocab)


def test_a_half_written_naming_keeps_its_own_message(vocab):
    error = refused("∃!x blonde(x) | b", vocab)
    assert "':='" in error.message and 'not "or"' not in error.message


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from([*PIECES, "|", "NOT", "And", "ForAll", "Exists", "OR", "IFF"]),
        min_size=1,
        max_size=12,
    )
)
def test_every_corrected_statement_offered_reads(pieces):
    vocab = Vocabulary.build(
        {"blonde": 1, "happy": 1, "likes": 2, "smarter": 2}, {"father": 1, "+": 2}
    )
    try:
        parse_statement(" ".join(pieces), vocab)
    except ParseError as error:
        said = re.search(r"corrected, it reads: (.*)$", error.message)
        if said:
            parse_statement(said.group(1), vocab)
