"""Backing a claim with a derivation (``claim N with FILE``).

The derivation cites board statements by the numbers the table sees (``by
board 3`` is statement #3). Statements already erased keep their numbers: the
checker sees them as the trivial ``∀x x = x``, so citing one proves nothing.

* A redundancy claim is backed when every line checks, the last line is the
  claimed statement (or the conjunction of the claimed statements, in the
  order claimed, or ⊥), and the derivation rests on none of them.
* An inconsistency claim is backed when every line checks and the last is ⊥.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import reduce
from typing import Any

from referee.derivation.checker import DerivationResult, check_derivation, rests_on
from referee.derivation.rules import same
from referee.derivation.syntax import DerivationError, parse_derivation
from referee.language import ast
from referee.language.vocabulary import Vocabulary
from referee.palmer.events import Backing, DerivationCheck

_TRIVIAL = ast.Statement(ast.Quant(ast.FORALL, "x", ast.Eq(ast.Var("x"), ast.Var("x"))))


def check_claim_derivation(
    file: str,
    text: str,
    board: Mapping[int, ast.Statement],
    targets: Sequence[int] | None,
    vocabulary: Vocabulary,
    engine: Any = None,
    per_line_timeout: float | None = None,
) -> tuple[DerivationCheck, DerivationResult | None]:
    """Whether ``text`` backs the claim (``targets`` None: the board is inconsistent)."""
    top = max(board, default=0)
    numbered = [board.get(i, _TRIVIAL) for i in range(1, top + 1)]
    try:
        result = check_derivation(numbered, text, vocabulary, engine, per_line_timeout)
    except DerivationError as exc:
        return DerivationCheck(file, text, Backing.NOT_A_DERIVATION, detail=exc.render()), None

    def verdict(backing: Backing, lines: Sequence[int] = ()) -> tuple[DerivationCheck, Any]:
        return DerivationCheck(file, text, backing, tuple(lines)), result

    if not result.ok:
        return verdict(Backing.LINES_FAIL, result.failed)
    if targets is None:
        return verdict(Backing.BACKS if result.inconsistent else Backing.NOT_FALSUM)
    leaning = sorted(set(result.rests_on) & set(targets))
    if leaning:
        return verdict(Backing.RESTS_ON_CLAIM, leaning)
    goal = reduce(ast.And, [board[t].asserted for t in targets])
    if isinstance(result.conclusion, ast.Falsum) or same(result.conclusion, goal):
        return verdict(Backing.BACKS)
    return verdict(Backing.NOT_THE_CLAIM)


def offered_uses(
    check: DerivationCheck, board: Mapping[int, ast.Statement], vocabulary: Vocabulary
) -> tuple[int, ...]:
    """The board statements a recorded derivation rests on (through everything it cites),
    read again from its text with no engine: what ``why`` names it used (none when the
    file was not a derivation)."""
    if check.backing == Backing.NOT_A_DERIVATION:
        return ()
    try:
        derivation = parse_derivation(check.text, vocabulary, max(board, default=0))
    except DerivationError:
        return ()
    return rests_on(derivation, derivation.conclusion)
