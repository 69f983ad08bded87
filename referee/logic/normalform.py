"""Formula rewriting the engine needs before it asks a solver anything.

* ``expand_unique``: ∃!x φ becomes ∃x (φ(x) ∧ ∀y (φ(y) → y = x)) with a fresh y.
* ``nnf``: negation normal form over ∧, ∨, ↔, ∀, ∃, atoms, Card and Falsum
  (→ is eliminated; ¬ only in front of atoms; ↔ is kept, since expanding it
  is exponential, so a quantifier under ↔ has both polarities).
* ``conjuncts``: the top-level conjuncts of a formula.

Everything here is pure Python on the plain AST (no solver), so the parent
process can use it to plan a question before handing it to a worker.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FEWER_THAN,
    FORALL,
    UNIQUE,
    And,
    App,
    Card,
    Eq,
    Falsum,
    Formula,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Quant,
    Term,
    Var,
    children,
    free_vars,
    subformulas,
    substitute,
)


def fresh_var(avoid: Iterable[str] = ()) -> str:
    """A variable name no player can write (``#`` is not in the grammar), the first
    not in ``avoid``: the same statement is expanded to the same formula every time,
    so a worker's solver recognises a board's statements (``cvc5_finder.Boards``)."""
    avoid = set(avoid)
    for k in itertools.count(1):
        name = f"#v{k}"
        if name not in avoid:
            return name
    raise AssertionError("unreachable")  # pragma: no cover


def all_var_names(formula: Formula) -> set[str]:
    """Every variable name bound or free anywhere in ``formula``."""
    out: set[str] = set(free_vars(formula))
    for sub in subformulas(formula):
        if isinstance(sub, Quant):
            out.add(sub.var)
    return out


def expand_unique(formula: Formula) -> Formula:
    """Replace every ∃!x φ by ∃x (φ ∧ ∀y (φ[y/x] → y = x)), y fresh (no capture)."""
    if isinstance(formula, Quant):
        body = expand_unique(formula.body)
        if formula.kind != UNIQUE:
            return Quant(formula.kind, formula.var, body)
        y = fresh_var(all_var_names(body) | {formula.var})
        at_most = Quant(
            FORALL,
            y,
            Implies(substitute(body, formula.var, Var(y)), Eq(Var(y), Var(formula.var))),
        )
        return Quant(EXISTS, formula.var, And(body, at_most))
    if isinstance(formula, Not):
        return Not(expand_unique(formula.body))
    if isinstance(formula, (And, Or, Implies, Iff)):
        return type(formula)(expand_unique(formula.left), expand_unique(formula.right))
    return formula


def nnf(formula: Formula, positive: bool = True) -> Formula:
    """Negation normal form of ``formula`` (or of its negation when not ``positive``).

    ∃! must already be expanded. Card atoms are kept: ¬|L| ≥ n is |L| < n and
    the other way round. ⊥ stays ⊥; ¬⊥ is written ¬⊥ (a true atom).
    """
    f = formula
    if isinstance(f, Not):
        return nnf(f.body, not positive)
    if isinstance(f, (Pred, Eq)):
        return f if positive else Not(f)
    if isinstance(f, Falsum):
        return f if positive else Not(f)
    if isinstance(f, Card):
        if positive:
            return f
        return Card(FEWER_THAN if f.op == AT_LEAST else AT_LEAST, f.n)
    if isinstance(f, And):
        left, right = nnf(f.left, positive), nnf(f.right, positive)
        return And(left, right) if positive else Or(left, right)
    if isinstance(f, Or):
        left, right = nnf(f.left, positive), nnf(f.right, positive)
        return Or(left, right) if positive else And(left, right)
    if isinstance(f, Implies):
        # Each side is rewritten once: a → chain is linear, not 2^n.
        if positive:
            return Or(nnf(f.left, False), nnf(f.right, True))
        return And(nnf(f.left, True), nnf(f.right, False))
    if isinstance(f, Iff):
        # ↔ stays: expanding it copies both sides, and a chain of 28 ↔ grew to
        # 2^28 nodes (18 GB). ¬(a ↔ b) is a ↔ ¬b. Everything under a ↔ occurs
        # with both polarities, which the fragment checks treat conservatively.
        return Iff(nnf(f.left, True), nnf(f.right, positive))
    if isinstance(f, Quant):
        if f.kind == UNIQUE:
            return nnf(expand_unique(f), positive)
        kind = f.kind if positive else (EXISTS if f.kind == FORALL else FORALL)
        return Quant(kind, f.var, nnf(f.body, positive))
    raise TypeError(f"not a formula: {f!r}")


def conjuncts(formula: Formula) -> list[Formula]:
    """The top-level conjuncts, left to right (iterative: chains may be long)."""
    out: list[Formula] = []
    stack = [formula]
    while stack:
        f = stack.pop()
        if isinstance(f, And):
            stack.append(f.right)
            stack.append(f.left)
        else:
            out.append(f)
    return out


def big_and(formulas: Iterable[Formula]) -> Formula | None:
    """The conjunction of ``formulas`` as a balanced tree (depth log n, not n)."""
    return _balanced(list(formulas), And)


def big_or(formulas: Iterable[Formula]) -> Formula | None:
    """The disjunction of ``formulas`` as a balanced tree (depth log n, not n)."""
    return _balanced(list(formulas), Or)


def _balanced(items: list[Formula], cls: type[And] | type[Or]) -> Formula | None:
    """Pairs neighbours until one formula is left: a set claim on many statements
    must not become a chain as deep as the board is long."""
    if not items:
        return None
    while len(items) > 1:
        paired = [cls(items[i], items[i + 1]) for i in range(0, len(items) - 1, 2)]
        if len(items) % 2:
            paired.append(items[-1])
        items = paired
    return items[0]


def term_symbols(term: Term, out: dict[str, int]) -> None:
    if isinstance(term, App):
        out[term.name] = len(term.args)
        for a in term.args:
            term_symbols(a, out)


def signature(formulas: Iterable[Formula]) -> tuple[dict[str, int], dict[str, int]]:
    """(predicates, functions) name -> arity actually used by ``formulas``."""
    preds: dict[str, int] = {}
    funcs: dict[str, int] = {}
    for formula in formulas:
        for sub in subformulas(formula):
            if isinstance(sub, Pred):
                preds[sub.name] = len(sub.args)
                for a in sub.args:
                    term_symbols(a, funcs)
            elif isinstance(sub, Eq):
                term_symbols(sub.left, funcs)
                term_symbols(sub.right, funcs)
    return preds, funcs


def expanded_size(formula: Formula) -> int:
    """The size ``expand_unique(formula)`` will have, computed without building it."""
    if isinstance(formula, Quant) and formula.kind == UNIQUE:
        return 2 * expanded_size(formula.body) + 4
    if isinstance(formula, Card):
        return 2 * formula.n + 2  # |L| ≥ n spells out n distinct objects
    return 1 + sum(expanded_size(c) for c in children(formula))


def size(formula: Formula) -> int:
    return 1 + sum(size(c) for c in children(formula))
