"""Our AST as Z3 terms over one uninterpreted sort L, and Z3 models back as plain Models.

Only the worker process imports this module (Z3 expressions do not pickle and
Z3 may ignore its own timeouts, so the parent never runs Z3 itself).

Semantics: L is non-empty (Z3's sorts always are); |L| ≥ n is "there are n
distinct objects", |L| < n is "there are n-1 objects and everything is one of
them" (false for n ≤ 1). ∃! is translated as ∃x (φ(x) ∧ ∀y (φ(y) → y = x)).
"""

from __future__ import annotations

import itertools

import z3

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FORALL,
    UNIQUE,
    And,
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
)
from referee.logic.model import Model


class Translator:
    """Declares the symbols once; translates closed formulas to Z3 booleans."""

    def __init__(self, predicates: dict[str, int], functions: dict[str, int], ctx=None):
        self.ctx = ctx or z3.main_ctx()
        self.sort = z3.DeclareSort("L", self.ctx)
        self.predicates = dict(predicates)
        self.functions = dict(functions)
        self.preds: dict[str, z3.FuncDeclRef] = {}
        self.funcs: dict[str, z3.FuncDeclRef] = {}
        for name, arity in self.predicates.items():
            self.preds[name] = z3.Function(
                f"p_{name}", *([self.sort] * arity), z3.BoolSort(self.ctx)
            )
        for name, arity in self.functions.items():
            self.funcs[name] = z3.Function(f"f_{name}", *([self.sort] * arity), self.sort)
        self._fresh = itertools.count()

    def _var(self, name: str) -> z3.ExprRef:
        return z3.Const(f"v!{name}!{next(self._fresh)}", self.sort)

    def term(self, t: Term, env: dict[str, z3.ExprRef]) -> z3.ExprRef:
        if isinstance(t, Var):
            if t.name not in env:
                raise ValueError(f"free variable {t.name}")
            return env[t.name]
        return self.funcs[t.name](*[self.term(a, env) for a in t.args])

    def formula(self, f: Formula, env: dict[str, z3.ExprRef] | None = None) -> z3.BoolRef:
        env = env or {}
        if isinstance(f, Pred):
            return self.preds[f.name](*[self.term(a, env) for a in f.args])
        if isinstance(f, Eq):
            return self.term(f.left, env) == self.term(f.right, env)
        if isinstance(f, Not):
            return z3.Not(self.formula(f.body, env))
        if isinstance(f, And):
            return z3.And(self.formula(f.left, env), self.formula(f.right, env))
        if isinstance(f, Or):
            return z3.Or(self.formula(f.left, env), self.formula(f.right, env))
        if isinstance(f, Implies):
            return z3.Implies(self.formula(f.left, env), self.formula(f.right, env))
        if isinstance(f, Iff):
            return self.formula(f.left, env) == self.formula(f.right, env)
        if isinstance(f, Falsum):
            return z3.BoolVal(False, self.ctx)
        if isinstance(f, Card):
            return self.card(f)
        if isinstance(f, Quant):
            x = self._var(f.var)
            body = self.formula(f.body, {**env, f.var: x})
            if f.kind == FORALL:
                return z3.ForAll([x], body)
            if f.kind == EXISTS:
                return z3.Exists([x], body)
            if f.kind == UNIQUE:
                y = self._var(f.var)
                body_y = self.formula(f.body, {**env, f.var: y})
                return z3.Exists([x], z3.And(body, z3.ForAll([y], z3.Implies(body_y, y == x))))
        raise TypeError(f"not a formula: {f!r}")

    def card(self, f: Card) -> z3.BoolRef:
        n = f.n
        if f.op == AT_LEAST:
            if n <= 1:
                return z3.BoolVal(True, self.ctx)
            xs = [self._var("c") for _ in range(n)]
            return z3.Exists(xs, z3.Distinct(*xs))
        if n <= 1:
            return z3.BoolVal(False, self.ctx)
        xs = [self._var("c") for _ in range(n - 1)]
        y = self._var("y")
        return z3.Exists(xs, z3.ForAll([y], z3.Or(*[y == x for x in xs])))

    def model(self, m: z3.ModelRef) -> Model:
        """The finite structure behind a Z3 model (its universe of L)."""
        universe = m.get_universe(self.sort) if self.sort in m.sorts() else None
        if not universe:
            # L is unconstrained: any single object will do; pick a witness term.
            universe = [z3.Const("L!default", self.sort)]
        universe = list(universe)
        index = {u.get_id(): i for i, u in enumerate(universe)}
        return extract(m, universe, index, self.preds, self.funcs, self.predicates, self.functions)


def extract(
    m: z3.ModelRef,
    universe: list[z3.ExprRef],
    index: dict[int, int],
    preds: dict[str, z3.FuncDeclRef],
    funcs: dict[str, z3.FuncDeclRef],
    pred_arity: dict[str, int],
    func_arity: dict[str, int],
) -> Model:
    size = len(universe)

    def element(value: z3.ExprRef) -> int:
        found = index.get(value.get_id())
        if found is None:
            raise ValueError(f"Z3 value {value} is not an element of the domain")
        return found

    functions: dict[str, dict[tuple[int, ...], int]] = {}
    for name, arity in func_arity.items():
        table = {}
        for args in itertools.product(range(size), repeat=arity):
            value = m.eval(funcs[name](*[universe[a] for a in args]), model_completion=True)
            table[args] = element(value)
        functions[name] = table
    predicates: dict[str, frozenset[tuple[int, ...]]] = {}
    for name, arity in pred_arity.items():
        rows = []
        for args in itertools.product(range(size), repeat=arity):
            value = m.eval(preds[name](*[universe[a] for a in args]), model_completion=True)
            if z3.is_true(value):
                rows.append(args)
        predicates[name] = frozenset(rows)
    return Model(size, functions, predicates)
