"""The benchmark's grown boards: sizes, re-parsable statements, and the oracle obeyed."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

import grow  # noqa: E402

from referee.language import ast  # noqa: E402
from referee.language.parser import parse_statement  # noqa: E402


def no_bounds_above_three(formulas):
    """A stand-in oracle: a board is "inconsistent" once it says |L| ≥ n for n > 3."""
    return not any(isinstance(f, ast.Card) and f.op == ast.AT_LEAST and f.n > 3 for f in formulas)


def test_boards_grow_to_8_to_13_statements_a_player_could_type():
    boards, grower = grow.grow_boards(6, seed=3, oracle=lambda fs: True, break_chance=0.0)
    for board in boards:
        assert grow.MIN_SIZE <= len(board.statements) <= grow.MAX_SIZE
        vocab = grower.deck.vocabulary
        for stmt, text in zip(board.statements, board.texts, strict=True):
            assert parse_statement(text, vocab) == stmt
            if stmt.naming is not None:
                vocab = vocab.extend(stmt.naming.name, len(stmt.naming.params))
    plays = " ".join(p for b in boards for p in b.plays)
    for kind in ("¬ inside", "|L|", "nested", "+Q"):
        assert kind in plays, kind


def test_only_the_last_statement_may_break_the_board():
    boards, _ = grow.grow_boards(8, seed=4, oracle=no_bounds_above_three, break_chance=0.5)
    broken = 0
    for board in boards:
        prefixes = [board.formulas[: i + 1] for i in range(len(board.formulas))]
        assert all(no_bounds_above_three(p) for p in prefixes[:-1])
        broken += not no_bounds_above_three(prefixes[-1])
    assert broken > 0


def test_unjudged_proposals_are_dropped():
    boards, grower = grow.grow_boards(1, seed=5, oracle=lambda fs: None)
    assert boards[0].statements == [] and grower.unjudged == grower.checks > 0


def test_questions_ask_consistency_and_three_redundancies():
    boards, _ = grow.grow_boards(1, seed=6, oracle=lambda fs: True, break_chance=0.0)
    qs = grow.questions(boards[0])
    assert [q.kind for q in qs] == ["consistency"] + ["redundancy"] * 3
    for q in qs[1:]:
        assert len(q.premises) == len(boards[0].statements) - 1 and len(q.goals) == 1
