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

from referee.language import ast
from referee.language.naming import statement_formula
from referee.language.vocabulary import Vocabulary

_TRIVIAL = ast.Statement(ast.Quant(ast.FORALL, "x", ast.Eq(ast.Var("x"), ast.Var("x"))))


def check_claim_derivation(
    text: str,
    board: Mapping[int, ast.Statement],
    targets: Sequence[int] | None,
    vocabulary: Vocabulary,
    engine: Any = None,
) -> dict:
    """{"ok", "message", "result"}: whether ``text`` backs the claim (targets None: ⊥)."""
    from referee.derivation.checker import check_derivation
    from referee.derivation.rules import same
    from referee.derivation.syntax import DerivationError

    top = max(board, default=0)
    numbered = [board.get(i, _TRIVIAL) for i in range(1, top + 1)]
    try:
        result = check_derivation(numbered, text, vocabulary, engine)
    except DerivationError as exc:
        return {"ok": False, "message": exc.render() if hasattr(exc, "render") else str(exc)}
    data = {"result": result.to_json()}
    if not result.ok:
        lines = ", ".join(str(n) for n in result.failed)
        return {**data, "ok": False, "message": f"line(s) {lines} do not check"}
    if targets is None:
        if result.inconsistent:
            return {**data, "ok": True, "message": "every line checks and it ends in ⊥"}
        return {**data, "ok": False, "message": "it checks, but does not end in ⊥"}
    leaning = sorted(set(result.rests_on) & set(targets))
    if leaning:
        cited = ", ".join(f"#{t}" for t in leaning)
        return {**data, "ok": False, "message": f"it rests on {cited}, the claimed statement"}
    goal = reduce(ast.And, [statement_formula(board[t]) for t in targets])
    if isinstance(result.conclusion, ast.Falsum) or same(result.conclusion, goal):
        return {**data, "ok": True, "message": "every line checks and it ends in the claim"}
    return {**data, "ok": False, "message": "it checks, but its last line is not the claim"}
