"""The limits of referee.language.limits, at the limit and one step past it.

A statement the parser accepts must go through every walker of the language,
logic and derivation layers (printing, naming, ∃! expansion, normal forms,
size bounds, pickling for a worker, the Z3 translation, the evaluator, the
exporters, derivations, the ¬ card) without exhausting Python's stack; one
step past a limit is refused with a ParseError that names the limit.

The stack test is exact rather than lucky: each walker runs with only
HEADROOM frames left above the caller, so it proves a margin of
recursionlimit − HEADROOM frames for whoever calls it (click, a session).
"""

from __future__ import annotations

import inspect
import pickle
import sys
import time

import pytest

from referee.derivation import check_derivation
from referee.derivation.syntax import DerivationError, parse_derivation
from referee.language import ast
from referee.language.boardfile import parse_board
from referee.language.limits import (
    MAX_CARDINALITY,
    MAX_DEPTH,
    MAX_NUMBER,
    MAX_SPELLED_OUT,
    MAX_STATEMENT_CHARS,
    read_natural,
)
from referee.language.naming import statement_formula
from referee.language.parser import ParseError, parse_formula, parse_statement
from referee.language.printer import to_ascii, to_unicode
from referee.logic.evaluate import EvaluationTimeout, evaluate
from referee.logic.export import to_smtlib, to_tptp
from referee.logic.fragments import size_bounds
from referee.logic.model import Model
from referee.logic.normalform import (
    big_and,
    conjuncts,
    expand_unique,
    expanded_size,
    nnf,
    signature,
)
from referee.palmer.permissions import negation_sites

HEADROOM = 600  # frames a walker may use at the limit (Python's default limit is 1000)

# Statements that grow one level per step k, in every way a statement can nest.
SHAPES = {
    "and": lambda k: "∀x " + " ∧ ".join(["blonde(x)"] * k),
    "or": lambda k: "∀x " + " ∨ ".join(["blonde(x)"] * k),
    "implies": lambda k: "∀x " + " → ".join(["blonde(x)"] * k),
    "iff": lambda k: "∀x " + "(" * (k - 1) + "blonde(x)" + " ↔ happy(x))" * (k - 1),
    "not": lambda k: "¬" * k + "∀x blonde(x)",
    "forall": lambda k: "".join(f"∀x{i} " for i in range(k)) + "blonde(x0)",
    "forall list": lambda k: "∀" + ", ".join(f"x{i}" for i in range(k)) + " blonde(x0)",
    "exists": lambda k: "".join(f"∃x{i} " for i in range(k)) + f"likes(x0, x{k - 1})",
    "not equal": lambda k: "∀x ∀y " + " ∧ ".join(["x ≠ y"] * k),
    "terms": lambda k: "∀x blonde(" + "father(" * k + "x" + ")" * (k + 1),
    "sums": lambda k: "∀x " + "(" * k + "x" + " + x)" * k + " = x",
    "naming": lambda k: "∀x ∃!y " + "¬" * k + "likes(x, y) | f(x) := y",
    "mixed": lambda k: "∀x " + "¬(blonde(x) ∧ " * k + "happy(x)" + ")" * k,
}


_LARGEST: dict = {}


def largest(make, vocab) -> tuple[int, ast.Statement]:
    """The largest k whose statement is accepted, and that statement (binary search)."""
    if make in _LARGEST:
        return _LARGEST[make]

    def accepted(k):
        try:
            return parse_statement(make(k), vocab)
        except ParseError:
            return None  # too deep (or, far past the limit, too long): see the tests below

    low, high = 1, 3 * MAX_DEPTH  # accepted(low), not accepted(high)
    assert accepted(low) is not None and accepted(high) is None
    while high - low > 1:
        middle = (low + high) // 2
        if accepted(middle) is not None:
            low = middle
        else:
            high = middle
    _LARGEST[make] = (low, accepted(low))
    return _LARGEST[make]


def with_headroom(fn):
    """Run ``fn`` with only HEADROOM frames of stack left; RecursionError fails the test."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + HEADROOM)
    try:
        return fn()
    finally:
        sys.setrecursionlimit(old)


MODEL = Model(
    2,
    {"father": {(0,): 1, (1,): 0}, "+": {(a, b): a for a in (0, 1) for b in (0, 1)}},
    {
        "blonde": frozenset({(0,)}),
        "happy": frozenset(),
        "likes": frozenset({(0, 0), (1, 1)}),
        "smarter": frozenset(),
    },
)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_deepest_accepted_statement_goes_through_every_walker(shape, vocab):
    k, statement = largest(SHAPES[shape], vocab)
    assert MAX_DEPTH - 1 <= ast.depth(statement.formula) <= MAX_DEPTH  # "mixed" grows by 2
    formula = statement_formula(statement)
    if statement.naming is not None:
        model_vocab = vocab.extend("f", 1)
        model = Model(
            MODEL.size,
            {**MODEL.functions, "f": {(0,): 0, (1,): 1}},
            MODEL.predicates,
        )
    else:
        model_vocab, model = vocab, MODEL

    def walk():
        for as_written in (False, True):
            for printed in (to_unicode(statement, as_written=as_written), to_ascii(statement)):
                assert parse_statement(printed, vocab) == statement
        negated = nnf(expand_unique(ast.Not(formula)))
        positive = nnf(expand_unique(formula))
        assert ast.free_vars(negated) == set()
        signature([negated, positive])
        size_bounds([positive], negated)
        expanded_size(formula)
        ast.spelled_out_size(formula)
        conjuncts(positive)
        ast.strip_spans(statement.formula)
        assert pickle.loads(pickle.dumps([negated, positive, statement])) == [
            negated,
            positive,
            statement,
        ]
        try:
            evaluate(formula, model, deadline=time.monotonic() + 0.2)
        except EvaluationTimeout:
            pass  # nested quantifiers cost size^depth: the deadline is the point
        to_tptp([formula], [formula], vocabulary=model_vocab)
        to_smtlib([formula], [formula], vocabulary=model_vocab)
        return negated

    negated = with_headroom(walk)

    z3 = pytest.importorskip("z3")
    from referee.logic.finder import find_model
    from referee.logic.prover import prove
    from referee.logic.to_z3 import Translator

    predicates, functions = signature([negated, formula])

    def solvers():
        # What a worker does with the question (in this process, with little stack).
        Translator(predicates, functions, z3.Context()).formula(negated)
        for run in (prove, find_model):
            run([], negated, predicates, functions, deadline=time.monotonic() + 0.3)  # no raise

    with_headroom(solvers)


@pytest.mark.parametrize("shape", ["and", "implies", "terms", "forall"])
def test_the_deepest_statement_through_derivations_and_the_negation_card(shape, vocab):
    k, statement = largest(SHAPES[shape], vocab)
    text = to_unicode(statement)
    derivation = f"1. {text}  by board 1\n2. {text}  by reit 1\n"

    def walk():
        parse_derivation(derivation, vocab, 1)
        board = parse_board(text + "\n", vocab)
        assert board.statements == (statement,)
        return negation_sites(statement, vocab)

    sites = with_headroom(walk)
    # A ¬ above the deepest part would go past the limit: such places are not offered.
    assert all(ast.depth(s.after.formula) <= MAX_DEPTH for s in sites)
    assert bool(sites) == (shape in ("and", "implies"))
    result = check_derivation([statement], derivation, vocab, per_line_timeout=1.0)
    assert [v.status for v in result.lines][1] == "ok"


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_one_level_more_is_refused_with_the_limit_named(shape, vocab):
    k, _ = largest(SHAPES[shape], vocab)
    with pytest.raises(ParseError) as caught:
        parse_statement(SHAPES[shape](k + 1), vocab)
    assert f"nested more than {MAX_DEPTH} levels deep" in caught.value.message
    assert "^" in caught.value.render()


@pytest.mark.parametrize("connective", ["∧", "∨", "→"])
def test_a_long_flat_chain_is_refused_as_too_deep_at_the_chain(connective, vocab):
    text = "∀x " + f" {connective} ".join(["x = x"] * 150)
    with pytest.raises(ParseError) as caught:
        parse_statement(text, vocab)
    error = caught.value
    assert "nested more than 100 levels deep" in error.message
    if connective != "→":  # a → chain nests to the right: the deepest link is reported
        assert "this chain has 150 links" in error.message
        assert error.column == 4 and error.width > 100


def test_a_thousand_conjuncts_are_refused_not_a_recursion_error(vocab):
    """issue 9: parse of 1000 conjuncts died in the printer; entails from about 350."""
    text = "∀x " + " ∧ ".join(["blonde(x)"] * 1000)
    with pytest.raises(ParseError) as caught:
        parse_statement(text, vocab)
    assert "longer than 2,000 characters" in caught.value.message
    short = "∀x " + " ∧ ".join(["x = x"] * 200)  # short enough, too deep
    with pytest.raises(ParseError, match="nested more than 100 levels"):
        parse_statement(short, vocab)


def test_parentheses_as_deep_as_the_length_allows_are_read_not_a_recursion_error(vocab):
    """Written parentheses add no depth, so only the length limits them: 992 pairs
    around an object, or 996 around a statement, were a RecursionError."""
    inner = "(" * 992 + "father(x)" + ")" * 992
    text = f"happy({inner})"
    assert len(text) == MAX_STATEMENT_CHARS
    formula = parse_formula(text, vocab, ("x",))
    assert formula.args[0].span.parens == 992 and to_unicode(formula) == "happy(father(x))"
    statement = "(" * 996 + "happy(x)" + ")" * 996
    assert parse_formula(statement, vocab, ("x",)).span.parens == 996
    with pytest.raises(ParseError, match="unknown name 'nobody'"):
        parse_formula(text.replace("father", "nobody"), vocab, ("x",))


def test_statement_length_limit(vocab):
    group = "(" + " ∨ ".join(["blonde(x)"] * 8) + ")"
    body = "∀x " + " ∧ ".join([group] * 20)
    body = body.replace("∀x ", "∀x" + " " * (MAX_STATEMENT_CHARS - len(body) + 1))
    assert len(body) == MAX_STATEMENT_CHARS
    parse_statement(body, vocab)
    with pytest.raises(ParseError) as caught:
        parse_statement(body + " ∧ x = x", vocab)
    error = caught.value
    assert "longer than 2,000 characters" in error.message
    assert error.column == MAX_STATEMENT_CHARS + 1
    rendered = error.render()
    assert max(len(line) for line in rendered.splitlines()[1:]) < 90  # a window of the line


def test_nested_unique_is_limited_by_its_spelled_out_size(vocab):
    def nested(k):
        names = [f"x{i}" for i in range(k)]
        body = " ∧ ".join(f"likes({a}, {b})" for a, b in zip(names, names[1:], strict=False))
        return "".join(f"∃!{n} " for n in names) + body

    accepted = [k for k in range(2, 12) if _reads(nested(k), vocab)]
    assert accepted == list(range(2, accepted[-1] + 1)) and accepted[-1] < 11
    statement = parse_statement(nested(accepted[-1]), vocab)
    assert ast.spelled_out_size(statement.formula) <= MAX_SPELLED_OUT
    with pytest.raises(ParseError) as caught:
        parse_statement(nested(accepted[-1] + 1), vocab)
    assert "too large once its ∃! are spelled out" in caught.value.message
    assert "10,000" in caught.value.message


def test_spelled_out_size_counts_what_expansion_builds(vocab):
    from referee.logic.normalform import expand_unique

    for text in (
        "∃!x blonde(x)",
        "∀x ∃!y likes(x, y) ∧ ∃!z likes(z, father(y))",
        "∃!x ∃!y ∃!z likes(x, y) ∧ likes(y, z)",
    ):
        formula = parse_statement(text, vocab).formula
        expanded = expand_unique(formula)
        nodes = sum(
            1 + sum(sum(1 for _ in ast.subterms(t)) for t in ast.atom_terms(sub))
            for sub in ast.subformulas(expanded)
        )
        assert ast.spelled_out_size(formula) == nodes, text


def _reads(text, vocab) -> bool:
    try:
        parse_statement(text, vocab)
    except ParseError:
        return False
    return True


# ------------------------------------------------------------------- numbers


@pytest.mark.parametrize("digits", ["9" * 4301, "9" * 1500, "1" + "0" * 30, "101"])
def test_a_huge_cardinality_is_refused_with_the_maximum(digits, vocab):
    """issue 9: more than 4,300 digits raised ValueError from int()."""
    text = f"|L| >= {digits}"
    with pytest.raises(ParseError) as caught:
        parse_statement(text, vocab)
    message = caught.value.message
    assert "at most 100" in message or "longer than 2,000 characters" in message


def test_the_largest_cardinality_is_accepted(vocab):
    assert parse_statement(f"|L| < {MAX_CARDINALITY}", vocab).formula == ast.Card(
        ast.FEWER_THAN, MAX_CARDINALITY
    )
    assert parse_statement("|L| ≥ 000100", vocab).formula.n == 100


def test_read_natural():
    assert read_natural("0042", 100) == 42
    assert read_natural("100", 100) == 100
    assert read_natural("101", 100) is None
    assert read_natural("9" * 5000, MAX_NUMBER) is None
    with pytest.raises(ValueError):
        read_natural("٣", 100)  # an Arabic-Indic digit is not an ASCII number


@pytest.mark.parametrize(
    "derivation",
    [
        "{n}. ∀x blonde(x)  by board 1\n",
        "1. ∀x blonde(x)  by board {n}\n",
        "1. ∀x blonde(x)  by board 1\n2. ∀x blonde(x)  by reit {n}\n",
        "1. ∀x blonde(x)  by board 1\n2. ∀x blonde(x)  by →I 1-{n}\n",
    ],
)
def test_huge_numbers_in_a_derivation_are_refused_cleanly(derivation, vocab):
    text = derivation.format(n="9" * 4301)
    with pytest.raises(DerivationError) as caught:
        parse_derivation(text, vocab, 1)
    assert "too large for a line or statement number" in caught.value.message
    assert "999,999,999" in caught.value.message


# ------------------------------------------------------------ engine helpers


def test_big_and_is_balanced_and_conjuncts_is_iterative():
    parts = [ast.Pred("p", (ast.App(f"c{i}"),)) for i in range(5000)]
    conjunction = big_and(parts)
    assert ast.depth(conjunction) <= 15
    assert conjuncts(conjunction) == parts
    chain = parts[0]
    for p in parts[1:]:
        chain = ast.And(chain, p)
    assert conjuncts(chain) == parts  # a deep left chain, not a RecursionError
    assert big_and(parts[:3]) == ast.And(ast.And(parts[0], parts[1]), parts[2])


def test_parse_formula_has_the_same_limits(vocab):
    with pytest.raises(ParseError, match="nested more than 100"):
        parse_formula(" ∧ ".join(["x = x"] * 120), vocab, free=("x",))


def test_the_largest_cardinality_exports_and_translates(vocab):
    formula = parse_statement(f"|L| ≥ {MAX_CARDINALITY}", vocab).formula
    few = parse_statement(f"|L| < {MAX_CARDINALITY}", vocab).formula
    text = with_headroom(lambda: to_tptp([formula], [few], vocabulary=vocab))
    assert text.count("!=") + text.count("~ (") >= MAX_CARDINALITY * (MAX_CARDINALITY - 1) // 2
    with_headroom(lambda: to_smtlib([formula], [few], vocabulary=vocab))
