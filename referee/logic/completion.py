"""A model completed for the symbols it does not interpret.

A model of a board interprets the board's symbols only. A statement that brings in a
symbol the board never mentions is about something the board leaves free, so the model
stays a model of the board whatever that symbol means: it is a model of the board with
the statement too when some meaning of the new symbol makes the statement true. Without
this, every statement with a new symbol fails every remembered model (the evaluator
cannot read it), and a player asks a prover again about every statement of the board,
or ranks the new statement as the likeliest to hand over a claim when it is often the
safest of all.

A completion is only ever a model the evaluator accepted: a few fixed meanings are tried
(everything false, everything true, projections and constants, then seeded draws), so
the answer is a pure function of the model and the formulas.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from referee.language.ast import Formula
from referee.logic.model import Model
from referee.logic.normalform import signature

FILLINGS = 12  # meanings tried for the symbols a model lacks


def completed(
    model: Model, formulas: Sequence[Formula], holds: Callable[[Model], bool]
) -> Model | None:
    """``model`` if ``holds(model)``; else, when ``formulas`` use symbols the model does
    not interpret, the model with those symbols given the first of a few fixed meanings
    for which ``holds`` accepts it (the caller's evaluator check of ``formulas``, with its
    own limits); None when none is found. The model as it is is checked first: on a
    player's hot path most checks need no symbol filled, and then nothing more is done."""
    if holds(model):
        return model
    predicates, functions = signature(formulas)
    lacking_p = {p: a for p, a in predicates.items() if p not in model.predicates}
    lacking_f = {f: a for f, a in functions.items() if f not in model.functions}
    if not lacking_p and not lacking_f:
        return None
    for k in range(FILLINGS):
        rng = random.Random(k)
        filled_p = {p: _relation(model.size, a, k, rng) for p, a in sorted(lacking_p.items())}
        filled_f = {f: _function(model.size, a, k, rng) for f, a in sorted(lacking_f.items())}
        candidate = Model(
            model.size,
            {**model.functions, **filled_f},
            {**model.predicates, **filled_p},
        )
        if holds(candidate):
            return candidate
    return None


def _relation(size: int, arity: int, k: int, rng: random.Random) -> frozenset[tuple[int, ...]]:
    rows = list(itertools.product(range(size), repeat=arity))
    if k == 0:
        return frozenset()
    if k == 1:
        return frozenset(rows)
    if k == 2:  # the diagonal (for a unary predicate: only the first object)
        return frozenset(r for r in rows if len(set(r)) <= 1 and (arity > 1 or r == (0,)))
    if k == 3:  # its complement
        return frozenset(r for r in rows if not (len(set(r)) <= 1 and (arity > 1 or r == (0,))))
    return frozenset(r for r in rows if rng.random() < 0.5)


def _function(size: int, arity: int, k: int, rng: random.Random) -> dict[tuple[int, ...], int]:
    rows = list(itertools.product(range(size), repeat=arity))
    if k % 4 == 0 and arity:
        return {r: r[0] for r in rows}  # the first argument
    if k % 4 == 1:
        return {r: 0 for r in rows}  # a constant
    if k % 4 == 2 and arity:
        return {r: (r[-1] + 1) % size for r in rows}  # the next object after the last
    return {r: rng.randrange(size) for r in rows}
