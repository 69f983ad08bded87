"""What a naming after ∃! means, as a formula the engine and exporters can use.

``∀x ∃!y φ(x, y) | f(x) := y`` introduces a new function symbol ``f`` and says
``∀x (φ(x, f(x)) ∧ ∀y (φ(x, y) → y = f(x)))``: f(x) is the one object that
satisfies φ. Without parameters the name is a constant.
"""

from __future__ import annotations

from referee.language import ast
from referee.language.vocabulary import Vocabulary, VocabularyError


def statement_formula(statement: ast.Statement) -> ast.Formula:
    """The closed formula a statement asserts, its naming (if any) made explicit."""
    naming = statement.naming
    if naming is None:
        return statement.formula
    return _define(statement.formula, naming)


def _define(formula: ast.Formula, naming: ast.Naming) -> ast.Formula:
    if not isinstance(formula, ast.Quant):
        raise ValueError(f"{naming.var} is not defined by a leading ∃!")
    if formula.var != naming.var:
        return ast.Quant(formula.kind, formula.var, _define(formula.body, naming), formula.span)
    if formula.kind != ast.UNIQUE:
        raise ValueError(f"{naming.var} is not defined by ∃!")
    named = ast.App(naming.name, tuple(ast.Var(p) for p in naming.params))
    body = formula.body
    other = fresh_variable(body, naming.var)
    return ast.And(
        ast.substitute(body, naming.var, named),
        ast.Quant(
            ast.FORALL,
            other,
            ast.Implies(
                ast.substitute(body, naming.var, ast.Var(other)), ast.Eq(ast.Var(other), named)
            ),
        ),
    )


def fresh_variable(formula: ast.Formula, base: str) -> str:
    """A variable name that occurs nowhere in ``formula`` (bound or free)."""
    used = set()
    for sub in ast.subformulas(formula):
        if isinstance(sub, ast.Quant):
            used.add(sub.var)
        for term in ast.atom_terms(sub):
            for t in ast.subterms(term):
                used.add(t.name)
    candidate = base
    i = 1
    while candidate in used:
        candidate = f"{base}{i}"
        i += 1
    return candidate


def introduced_symbol(statement: ast.Statement) -> tuple[str, int] | None:
    """The (name, arity) a statement adds to the vocabulary, if it names something."""
    if statement.naming is None:
        return None
    return statement.naming.name, len(statement.naming.params)


def extend_vocabulary(vocabulary: Vocabulary, statement: ast.Statement) -> Vocabulary:
    symbol = introduced_symbol(statement)
    if symbol is None:
        return vocabulary
    try:
        return vocabulary.extend(*symbol)
    except VocabularyError as exc:
        raise ValueError(str(exc)) from None
