"""The independent check of an infinite model: is each statement true in it?

Under an ``InfiniteModel`` every statement of the game is a sentence of
Presburger arithmetic: quantifiers range over ℤ (or over ℕ, relativised to
n ≥ 0), symbols are replaced by their definitions, and the sentence is decided
by ``referee.logic.presburger`` (Cooper's algorithm in plain Python). Nothing
here comes from the search (Z3): not the normal forms, not the translation,
not the decision procedure. The statements are read as the players wrote them
(→, ↔, ∃!, |L| ≥ n included), from the textbook definition of truth:

* |L| ≥ n is true and |L| < n false (the domain is infinite);
* ∃!x φ holds when some x satisfies φ and every y that does equals it;
* a definition with ``max``/``min`` or ``⌊t/d⌋`` is split into its cases
  (s ≥ t or s < t; t ≡ r mod d for each r), which are exclusive and
  exhaustive, so a case split reads the same under negation.

A model over ℕ must also be a structure over ℕ: every function maps
arguments ≥ 0 to a value ≥ 0 (checked the same way, as sentences).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from referee.language import ast
from referee.logic import infinite_model as im
from referee.logic import presburger as pa
from referee.logic.presburger import Lin, PresburgerTimeout

__all__ = [
    "InfiniteCheckError",
    "PresburgerTimeout",
    "closure_problems",
    "confirm",
    "false_statements",
    "refuting_prefix",
    "truth",
]


class InfiniteCheckError(ValueError):
    """The model cannot interpret the formula (a symbol undefined or of the wrong arity)."""


Cases = list[tuple[object, Lin]]  # (guard, value): exclusive, exhaustive


class _Translate:
    def __init__(self, model: im.InfiniteModel):
        self.model = model
        self.naturals = model.domain == im.Domain.NATURALS
        self._ids = itertools.count()

    def fresh(self, hint: str) -> str:
        return f"{hint}#{next(self._ids)}"

    # -- the board's language
    def formula(self, f: ast.Formula, env: dict[str, Lin]):
        if isinstance(f, ast.Pred):
            return self.predicate(f.name, [self.term(a, env) for a in f.args])
        if isinstance(f, ast.Eq):
            return self.compare("=", self.term(f.left, env), self.term(f.right, env))
        if isinstance(f, ast.Not):
            return pa.neg(self.formula(f.body, env))
        if isinstance(f, ast.And):
            return pa.Conj((self.formula(f.left, env), self.formula(f.right, env)))
        if isinstance(f, ast.Or):
            return pa.Disj((self.formula(f.left, env), self.formula(f.right, env)))
        if isinstance(f, ast.Implies):
            return pa.Disj((pa.neg(self.formula(f.left, env)), self.formula(f.right, env)))
        if isinstance(f, ast.Iff):
            left, right = self.formula(f.left, env), self.formula(f.right, env)
            return pa.Disj((pa.Conj((left, right)), pa.Conj((pa.neg(left), pa.neg(right)))))
        if isinstance(f, ast.Quant):
            return self.quantifier(f, env)
        if isinstance(f, ast.Card):
            if f.op == ast.AT_LEAST:
                return pa.TRUE
            if f.op == ast.FEWER_THAN:
                return pa.FALSE
            raise InfiniteCheckError(f"unknown cardinality operator {f.op!r}")
        if isinstance(f, ast.Falsum):
            return pa.FALSE
        raise InfiniteCheckError(f"not a formula: {f!r}")

    def in_domain(self, v: Lin):
        return pa.le(-v) if self.naturals else pa.TRUE  # v ≥ 0

    def quantifier(self, f: ast.Quant, env: dict[str, Lin]):
        v = self.fresh(f.var)
        x = Lin.var(v)
        body = self.formula(f.body, {**env, f.var: x})
        if f.kind == ast.FORALL:
            return pa.forall(v, pa.Disj((pa.neg(self.in_domain(x)), body)))
        if f.kind == ast.EXISTS:
            return pa.exists(v, pa.Conj((self.in_domain(x), body)))
        if f.kind == ast.UNIQUE:
            w = self.fresh(f.var)
            y = Lin.var(w)
            other = self.formula(f.body, {**env, f.var: y})
            only = pa.forall(w, pa.Disj((pa.neg(self.in_domain(y)), pa.neg(other), pa.eq(y - x))))
            return pa.exists(v, pa.Conj((self.in_domain(x), body, only)))
        raise InfiniteCheckError(f"unknown quantifier {f.kind!r}")

    def term(self, t: ast.Term, env: dict[str, Lin]) -> Cases:
        if isinstance(t, ast.Var):
            if t.name not in env:
                raise InfiniteCheckError(f"free variable {t.name} has no value")
            return [(pa.TRUE, env[t.name])]
        if isinstance(t, ast.App):
            d = self.model.function(t.name)
            if d is None:
                raise InfiniteCheckError(f"the model does not define the function {t.name}")
            if d.arity != len(t.args):
                raise InfiniteCheckError(
                    f"{t.name} is used with {len(t.args)} argument(s) but defined with {d.arity}"
                )
            args = [self.term(a, env) for a in t.args]
            out: Cases = []
            for combo in itertools.product(*args):
                guard = pa.conj(*(g for g, _ in combo))
                params = {
                    p: [(pa.TRUE, lin)] for p, (_, lin) in zip(d.parameters, combo, strict=True)
                }
                for g, lin in self.definition_term(d.body, params):
                    out.append((pa.conj(guard, g), lin))
            return out
        raise InfiniteCheckError(f"not a term: {t!r}")

    def predicate(self, name: str, args: list[Cases]):
        d = self.model.predicate(name)
        if d is None:
            raise InfiniteCheckError(f"the model does not define the predicate {name}")
        if d.arity != len(args):
            raise InfiniteCheckError(
                f"{name} is used with {len(args)} argument(s) but defined with {d.arity}"
            )
        parts = []
        for combo in itertools.product(*args):
            params = {p: [(pa.TRUE, lin)] for p, (_, lin) in zip(d.parameters, combo, strict=True)}
            guard = pa.conj(*(g for g, _ in combo))
            parts.append(pa.Conj((guard, self.condition(d.body, params))))
        return pa.Disj(tuple(parts))

    # -- the definitions' language
    def definition_term(self, t: im.ATerm, params: dict[str, Cases]) -> Cases:
        if isinstance(t, im.Num):
            return [(pa.TRUE, Lin.num(t.value))]
        if isinstance(t, im.Arg):
            return params[t.name]
        if isinstance(t, (im.Add, im.Sub, im.Max, im.Min)):
            out: Cases = []
            for (g1, a), (g2, b) in itertools.product(
                self.definition_term(t.left, params), self.definition_term(t.right, params)
            ):
                g = pa.conj(g1, g2)
                if isinstance(t, im.Add):
                    out.append((g, a + b))
                elif isinstance(t, im.Sub):
                    out.append((g, a - b))
                else:  # max and min: a ≥ b or a < b
                    first = pa.le(b - a)
                    bigger, smaller = (a, b) if isinstance(t, im.Max) else (b, a)
                    out.append((pa.conj(g, first), bigger))
                    out.append((pa.conj(g, pa.lt(a, b)), smaller))
            return out
        if isinstance(t, im.Neg):
            return [(g, -a) for g, a in self.definition_term(t.body, params)]
        if isinstance(t, im.Scale):
            return [(g, a.scale(t.k)) for g, a in self.definition_term(t.body, params)]
        if isinstance(t, im.FloorDiv):
            out = []
            for g, a in self.definition_term(t.body, params):
                for r in range(t.d):
                    # a ≡ r (mod d): ⌊a/d⌋ = (a - r)/d exactly
                    rest = a.plus(-r)
                    out.append((pa.conj(g, pa.dvd(t.d, rest)), rest.scale(Fraction(1, t.d))))
            return out
        raise InfiniteCheckError(f"not a definition term: {t!r}")

    def condition(self, c: im.ACond, params: dict[str, Cases]):
        if isinstance(c, im.Truth):
            return pa.Bool(c.value)
        if isinstance(c, im.Rel):
            return self.compare(
                c.op,
                self.definition_term(c.left, params),
                self.definition_term(c.right, params),
            )
        if isinstance(c, im.Congruent):
            return pa.Disj(
                tuple(
                    pa.Conj((g, pa.dvd(c.d, a.plus(-c.r))))
                    for g, a in self.definition_term(c.body, params)
                )
            )
        if isinstance(c, im.CAnd):
            return pa.Conj((self.condition(c.left, params), self.condition(c.right, params)))
        if isinstance(c, im.COr):
            return pa.Disj((self.condition(c.left, params), self.condition(c.right, params)))
        if isinstance(c, im.CNot):
            return pa.neg(self.condition(c.body, params))
        raise InfiniteCheckError(f"not a condition: {c!r}")

    def compare(self, op: str, left: Cases, right: Cases):
        parts = []
        for (g1, a), (g2, b) in itertools.product(left, right):
            if op == "<":
                atom = pa.lt(a, b)
            elif op == "≤":
                atom = pa.le(a - b)
            elif op == "=":
                atom = pa.eq(a - b)
            elif op == "≠":
                atom = pa.Disj((pa.lt(a, b), pa.lt(b, a)))
            elif op == ">":
                atom = pa.lt(b, a)
            elif op == "≥":
                atom = pa.le(b - a)
            else:
                raise InfiniteCheckError(f"unknown relation {op!r}")
            parts.append(pa.Conj((g1, g2, atom)))
        return pa.Disj(tuple(parts))


# ------------------------------------------------------------------ the API


def truth(
    formula: ast.Formula,
    model: im.InfiniteModel,
    env: dict[str, int] | None = None,
    deadline: float | None = None,
) -> bool:
    """The truth value of ``formula`` in ``model`` (``env``: values of its free variables).

    Raises InfiniteCheckError when the model cannot interpret it and
    PresburgerTimeout when ``deadline`` (time.monotonic()) passes first.
    """
    tr = _Translate(model)
    values = {}
    for name, value in (env or {}).items():
        if tr.naturals and value < 0:
            raise InfiniteCheckError(f"{name} = {value} is not a natural number")
        values[name] = Lin.num(value)
    return pa.decide(tr.formula(formula, values), deadline)


def false_statements(formulas, model: im.InfiniteModel, deadline: float | None = None) -> list[int]:
    """Indices (0-based) of the closed ``formulas`` that are false in ``model``."""
    return [i for i, f in enumerate(formulas) if not truth(f, model, deadline=deadline)]


def closure_problems(model: im.InfiniteModel, deadline: float | None = None) -> list[str]:
    """Over ℕ: the functions that take some natural numbers outside ℕ (empty over ℤ)."""
    if model.domain != im.Domain.NATURALS:
        return []
    out = []
    for d in model.definitions:
        if d.kind != im.FUNCTION:
            continue
        tr = _Translate(model)
        names = [tr.fresh(p) for p in d.parameters]
        params = {p: [(pa.TRUE, Lin.var(v))] for p, v in zip(d.parameters, names, strict=True)}
        inside = pa.Conj(
            tuple(
                pa.Disj((pa.neg(g), pa.le(-value)))
                for g, value in tr.definition_term(d.body, params)
            )
        )
        sentence = inside
        for v in reversed(names):
            sentence = pa.forall(v, pa.Disj((pa.lt(Lin.var(v), Lin.num(0)), sentence)))
        if not pa.decide(sentence, deadline):
            out.append(f"{d.sentence()} is not a natural number for some natural numbers")
    return out


def refuting_prefix(goal: ast.Formula) -> tuple[tuple[str, ...], ast.Formula, bool]:
    """The goal's leading universal variables: (names, the rest, its polarity).

    ``∀x ∀y φ`` gives ((x, y), φ, True); ``¬∃x φ`` gives ((x,), φ, False), since
    it says ∀x ¬φ. The goal fails at values of these names exactly when the
    rest, read with its polarity, is false there. ∃! ends the prefix.
    """
    names: list[str] = []
    positive = True
    f = goal
    while True:
        if isinstance(f, ast.Not):
            positive, f = not positive, f.body
        elif (
            isinstance(f, ast.Quant)
            and f.kind in (ast.FORALL, ast.EXISTS)
            and (f.kind == ast.FORALL) == positive
        ):
            names.append(f.var)
            f = f.body
        else:
            return tuple(names), f, positive


def witness_problem(goals, model: im.InfiniteModel, deadline: float | None = None) -> str | None:
    """None if ``model.witness`` shows where a goal fails, else why it does not."""
    w = model.witness
    if w is None:
        return None
    if not 0 <= w.statement < len(goals):
        return f"the witness names statement {w.statement + 1}, which is not claimed"
    names, rest, positive = refuting_prefix(goals[w.statement])
    given = tuple(name for name, _ in w.values)
    if given != names:
        return f"the witness gives {', '.join(given) or 'no values'}, not {', '.join(names)}"
    env = dict(w.values)
    if truth(rest, model, env, deadline) == positive:
        shown = ", ".join(f"{k} = {v}" for k, v in w.values)
        return f"the claimed statement does not fail at {shown}"
    return None


def confirm(premises, goals, model: im.InfiniteModel, deadline: float | None = None) -> str | None:
    """None if ``model`` satisfies every premise and falsifies the goals' conjunction.

    Otherwise why not: a premise false, the goal true, a function leaving ℕ, a
    wrong witness, or a symbol the model cannot interpret. Raises
    PresburgerTimeout when ``deadline`` passes first.
    """
    try:
        problems = closure_problems(model, deadline)
        if problems:
            return problems[0]
        false = false_statements(list(premises), model, deadline)
        if false:
            return f"premise {false[0] + 1} is false in it"
        goals = list(goals)
        if goals and all(truth(g, model, deadline=deadline) for g in goals):
            return "the goal holds in it"
        if goals:
            return witness_problem(goals, model, deadline)
    except InfiniteCheckError as exc:
        return f"checker error: {exc}"
    return None
