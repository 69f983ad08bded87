"""The ``def`` rule: ∃! and |L| rewritten by their definitions, one place per line, no engine.

∃!x φ is ∃x (φ ∧ ∀y (φ(y) → y = x)); |L| ≥ n is ∃x1…∃xn with every two distinct;
|L| < n is ∃x1…∃x(n-1) ∀y (y = x1 ∨ …); for n ≤ 1, ∃x x = x and its negation. These
are the meanings the engine gives them (referee.logic.to_z3), checked below too.
"""

from __future__ import annotations

import pytest

from referee.client.derivation_words import line_words
from referee.derivation import check_derivation
from referee.derivation.rules import size_definition, unique_definition
from referee.language import ast
from referee.language.parser import parse_formula, parse_statement
from referee.logic.engine import Engine, Limits, Status


class NoEngine:
    limits = None

    def entailment(self, *args, **kwargs):  # pragma: no cover - must not be reached
        raise AssertionError("a named rule asked the engine")


def run(vocab, board_texts, text):
    board = [parse_statement(s, vocab) for s in board_texts]
    return check_derivation(board, text, vocab, NoEngine())


@pytest.mark.parametrize(
    "board,line",
    [
        ("∃!x blonde(x)", "∃x blonde(x) ∧ ∀y (blonde(y) → y = x)"),
        ("∃!x blonde(x)", "∃z blonde(z) ∧ ∀w (blonde(w) → w = z)"),  # any bound names
        ("∀x ∃!y likes(x, y)", "∀x ∃y likes(x, y) ∧ ∀z (likes(x, z) → z = y)"),
        ("|L| ≥ 3", "∃x ∃y ∃z x ≠ y ∧ x ≠ z ∧ y ≠ z"),
        ("|L| < 3", "∃x ∃y ∀z (z = x ∨ z = y)"),
        ("|L| < 1", "¬∃x x = x"),
        ("|L| ≥ 1", "∃x x = x"),
        ("happy(father(father(x1))) ∨ |L| < 2", "happy(father(father(x1))) ∨ ∃x ∀y y = x"),
    ],
)
def test_definitions_both_ways(vocab, board, line):
    vocab = vocab.extend("x1", 0)
    forward = run(vocab, [board], f"1. {board}   by board 1\n2. {line}   by def 1\n")
    assert forward.ok, [line_words(v.reason) for v in forward.lines]
    back = run(vocab, [line], f"1. {line}   by board 1\n2. {board}   by def 1\n")
    assert back.ok, [line_words(v.reason) for v in back.lines]


@pytest.mark.parametrize(
    "board,line,why",
    [
        ("∃!x blonde(x)", "∃x blonde(x) ∧ ∀y (blonde(y) → x = y)", "definition"),
        ("∃!x blonde(x)", "∃x blonde(x)", "definition"),
        ("|L| ≥ 3", "∃x ∃y x ≠ y", "definition"),
        ("|L| < 3", "∃x ∃y ∀z (z = x ∨ z = y ∨ z = x)", "definition"),
        # two places at once: one per line
        (
            "(∃!x blonde(x)) ∧ ∃!x happy(x)",
            "(∃x blonde(x) ∧ ∀y (blonde(y) → y = x)) ∧ ∃x happy(x) ∧ ∀y (happy(y) → y = x)",
            "definition",
        ),
    ],
)
def test_what_is_not_the_definition_is_refused(vocab, board, line, why):
    result = run(vocab, [board], f"1. {board}   by board 1\n2. {line}   by def 1\n")
    assert not result.ok
    assert why in line_words(result.lines[1].reason)


def test_one_place_per_line(vocab):
    text = """\
1. (∃!x blonde(x)) ∧ ∃!x happy(x)                                    by board 1
2. (∃x blonde(x) ∧ ∀y (blonde(y) → y = x)) ∧ ∃!x happy(x)          by def 1
3. (∃x blonde(x) ∧ ∀y (blonde(y) → y = x)) ∧ ∃x happy(x) ∧ ∀y (happy(y) → y = x)   by definition 2
"""
    result = run(vocab, ["(∃!x blonde(x)) ∧ ∃!x happy(x)"], text)
    assert result.ok, [line_words(v.reason) for v in result.lines]


def test_the_definitions_mean_what_the_engine_means(vocab):
    engine = Engine(Limits(timeout=5.0))
    cases = [
        (parse_formula("∃!x blonde(x)", vocab), None),
        (parse_formula("∀y ∃!x likes(x, y)", vocab), None),
        *[(ast.Card(op, n), None) for op in (ast.AT_LEAST, ast.FEWER_THAN) for n in (1, 2, 3)],
    ]
    for f, _ in cases:
        if isinstance(f, ast.Card):
            g = size_definition(f, ["x", "y", "z", "w"])
        elif isinstance(f, ast.Quant) and f.kind == ast.UNIQUE:
            g = unique_definition(f, "w")
        else:
            g = ast.Quant(f.kind, f.var, unique_definition(f.body, "w"))  # type: ignore[arg-type]
        for a, b in ((f, g), (g, f)):
            assert engine.entailment([a], [b]).status == Status.ENTAILED, (a, b)
