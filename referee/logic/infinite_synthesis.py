"""The synthesis step of the search over ℕ and ℤ (:mod:`referee.logic.infinite`).

A quantifier-free Z3 problem over the templates' parameters
(:mod:`referee.logic.infinite_templates`): each statement holds at finitely many
instances (leading ∀ variables at a few small tuples, inner ∀ at a few values, each ∃ a
fresh Skolem constant per instance); counterexamples the verification finds join it as
new instances, and a candidate it cannot use is blocked. Simplest definitions first: the
total cost of the parameters is bounded by an assumption raised only when nothing
cheaper fits.
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
    free_vars,
)
from referee.logic import infinite_model as im
from referee.logic.infinite_templates import FunctionTemplate, Level, PredicateTemplate

# Values the ∀ variables are first instantiated at (more come from counterexamples).
SEEDS = {im.Domain.NATURALS: (0, 1, 2), im.Domain.INTEGERS: (0, 1, -1)}
MAX_SEED_TUPLES = 27
NEAR = 2  # a counterexample this close to an unknown object is taken relative to it


# --------------------------------------------------------------- synthesis


def leading_universals(f: Formula, positive: bool = True) -> tuple[list[str], Formula, bool]:
    """The leading universal block of a statement in NNF (∀, or ∃ read negatively)."""
    names = []
    while True:
        if isinstance(f, Not):
            f, positive = f.body, not positive
        elif isinstance(f, Quant) and f.kind in (FORALL, EXISTS):
            if (f.kind == FORALL) != positive:
                break
            names.append(f.var)
            f = f.body
        else:
            break
    return names, f, positive


def _key(e) -> tuple:
    """A cache key for an object term: a number by its value, anything else (a
    Skolem constant, an application, u + d, all kept alive by the Synthesis) by
    Z3's id, which is unique while the term lives."""
    return ("n", e.as_long()) if z3.is_int_value(e) else ("e", e.get_id())


class Synthesis:
    """The quantifier-free problem over template parameters (one domain, one level)."""

    def __init__(self, functions, predicates, level: Level, domain: im.Domain, ctx):
        self.ctx = ctx
        self.level = level
        self.domain = domain
        self.naturals = domain == im.Domain.NATURALS
        self.solver = z3.Solver(ctx=ctx)
        self.solver.set("random_seed", 0)
        constraints: list = []
        self.functions = {
            n: FunctionTemplate(n, a, level, self.naturals, ctx, constraints)
            for n, a in functions.items()
        }
        self.predicates = {
            n: PredicateTemplate(n, a, level, ctx, constraints) for n, a in predicates.items()
        }
        self.solver.add(*constraints)
        templates = [*self.functions.values(), *self.predicates.values()]
        self.cost = [w for t in templates for w in t.cost()]  # weighted literals
        self._bounds: dict[int, object] = {}
        self._apps: dict = {}
        self._skolems: dict = {}
        self._guards: dict = {}  # (∀ node, polarity, env key) -> (literal, env)
        self._values: dict = {}  # (∀ node, polarity) -> values instantiated
        self._tuples: dict[int, set] = {}
        self._terms: dict[tuple, set] = {}  # guard -> symbolic instances added
        self._ids = itertools.count()
        self._keep: list = []  # formulas whose id() keys the tables above

    def num(self, v: int):
        return z3.IntVal(v, self.ctx)

    # -- applications, flattened: one unknown per distinct application
    def app(self, name: str, args: list):
        key = ("f", name, tuple(_key(a) for a in args))
        hit = self._apps.get(key)
        if hit is None:
            hit = z3.Int(f"app!{next(self._ids)}", self.ctx)
            self._keep.append(args)
            self.solver.add(hit == self.functions[name].apply(args))
            if self.naturals:  # functions map ℕ into ℕ (arguments outside ℕ do not count)
                inside = [a >= 0 for a in args if not z3.is_int_value(a)]
                self.solver.add(z3.Implies(z3.And(*inside), hit >= 0) if inside else hit >= 0)
            self._apps[key] = hit
        return hit

    def pred(self, name: str, args: list):
        key = ("p", name, tuple(_key(a) for a in args))
        hit = self._apps.get(key)
        if hit is None:
            hit = z3.Bool(f"holds!{next(self._ids)}", self.ctx)
            self._keep.append(args)
            self.solver.add(hit == self.predicates[name].apply(args))
            self._apps[key] = hit
        return hit

    def term(self, t: Term, env: dict):
        if isinstance(t, Var):
            return env[t.name]
        return self.app(t.name, [self.term(a, env) for a in t.args])

    def env_key(self, f: Formula, env: dict) -> tuple:
        return tuple((v, _key(env[v])) for v in sorted(free_vars(f)))

    def encode(self, f: Formula, env: dict, positive: bool = True):
        """f (read with ``positive``) at these instances; ∀ inside is a guarded conjunction."""
        if isinstance(f, Pred):
            atom = self.pred(f.name, [self.term(a, env) for a in f.args])
            return atom if positive else z3.Not(atom)
        if isinstance(f, Eq):
            atom = self.term(f.left, env) == self.term(f.right, env)
            return atom if positive else z3.Not(atom)
        if isinstance(f, Not):
            return self.encode(f.body, env, not positive)
        if isinstance(f, (And, Or)):
            parts = [self.encode(f.left, env, positive), self.encode(f.right, env, positive)]
            return z3.And(*parts) if isinstance(f, And) == positive else z3.Or(*parts)
        if isinstance(f, Implies):
            return self.encode(Or(Not(f.left), f.right), env, positive)
        if isinstance(f, Iff):
            a, b = self.encode(f.left, env, True), self.encode(f.right, env, True)
            na, nb = self.encode(f.left, env, False), self.encode(f.right, env, False)
            if positive:
                return z3.Or(z3.And(a, b), z3.And(na, nb))
            return z3.Or(z3.And(a, nb), z3.And(na, b))
        if isinstance(f, Card):
            return z3.BoolVal((f.op == AT_LEAST) == positive, self.ctx)
        if isinstance(f, Falsum):
            return z3.BoolVal(not positive, self.ctx)
        if isinstance(f, Quant):
            if f.kind == UNIQUE:
                raise ValueError("∃! must be expanded before the search")
            if (f.kind == FORALL) == positive:
                return self._forall(f, env, positive)
            key = (id(f), positive, self.env_key(f, env))
            sk = self._skolems.get(key)
            if sk is None:
                sk = z3.Int(f"sk!{f.var}!{next(self._ids)}", self.ctx)
                self._keep.append(f)
                if self.naturals:
                    self.solver.add(sk >= 0)
                self._skolems[key] = sk
            return self.encode(f.body, {**env, f.var: sk}, positive)
        raise TypeError(f"not a formula: {f!r}")

    def _forall(self, f: Quant, env: dict, positive: bool):
        key = (id(f), positive, self.env_key(f, env))
        hit = self._guards.get(key)
        if hit is not None:
            return hit[0]
        literal = z3.Bool(f"all!{next(self._ids)}", self.ctx)
        self._keep.append(f)
        self._guards[key] = (literal, env)
        values = self._values.setdefault((id(f), positive), list(SEEDS[self.domain]))
        for v in values:
            body = self.encode(f.body, {**env, f.var: self.num(v)}, positive)
            self.solver.add(z3.Implies(literal, body))
        return literal

    def add_value(self, f: Quant, positive: bool, v: int) -> bool:
        """Instantiate the ∀ node ``f`` at v everywhere it occurs; False if it already was."""
        values = self._values.setdefault((id(f), positive), list(SEEDS[self.domain]))
        if v in values:
            return False
        values.append(v)
        for (node, pol, _), (literal, env) in list(self._guards.items()):
            if node == id(f) and pol == positive:
                body = self.encode(f.body, {**env, f.var: self.num(v)}, positive)
                self.solver.add(z3.Implies(literal, body))
        return True

    def near(self, v: int, env: dict, m: z3.ModelRef):
        """A term u + d equal to v in ``m``, u an unknown in ``env``, |d| ≤ NEAR (or None)."""
        best = None
        for e in env.values():
            if z3.is_int_value(e):
                continue
            d = v - m.eval(e, model_completion=True).as_long()
            if abs(d) <= NEAR and (best is None or abs(d) < best[0]):
                best = (abs(d), e + d if d else e)
        return None if best is None else best[1]

    def add_instance(self, f: Quant, positive: bool, env: dict, term) -> bool:
        """Instantiate the ∀ node ``f`` at ``term`` where it occurs with ``env``."""
        hit = self._guards.get((id(f), positive, self.env_key(f, env)))
        if hit is None:
            return False
        literal, env = hit
        done = self._terms.setdefault((literal.get_id(), f.var), set())
        if _key(term) in done:
            return False
        done.add(_key(term))
        self._keep.append(term)
        body = self.encode(f.body, {**env, f.var: term}, positive)
        if self.naturals:
            body = z3.Implies(term >= 0, body)
        self.solver.add(z3.Implies(literal, body))
        return True

    def add_tuple(self, i: int, statement: Formula, values: tuple[int, ...]) -> bool:
        """Statement i at its leading ∀ variables = values; False if already there."""
        seen = self._tuples.setdefault(i, set())
        if values in seen:
            return False
        seen.add(values)
        names, rest, positive = leading_universals(statement)
        env = {n: self.num(v) for n, v in zip(names, values, strict=True)}
        self.solver.add(self.encode(rest, env, positive))
        return True

    def seed(self, i: int, statement: Formula) -> None:
        names, _, _ = leading_universals(statement)
        seeds = SEEDS[self.domain]
        tuples = list(itertools.product(seeds, repeat=len(names)))
        if len(tuples) > MAX_SEED_TUPLES:
            tuples = tuples[:MAX_SEED_TUPLES]
        for t in tuples:
            self.add_tuple(i, statement, t)

    def check(self, bound: int | None):
        """sat / unsat / unknown with the definitions' total cost at most ``bound``."""
        if bound is None:
            return self.solver.check()
        literal = self._bounds.get(bound)
        if literal is None:
            literal = z3.Bool(f"cost<={bound}", self.ctx)
            if self.cost:
                self.solver.add(z3.Implies(literal, z3.PbLe(self.cost, bound)))
            self._bounds[bound] = literal
        return self.solver.check(literal)

    def skolem(self, f: Quant, positive: bool, env: dict):
        return self._skolems.get((id(f), positive, self.env_key(f, env)))

    def candidate(self, m: z3.ModelRef, domain: im.Domain) -> im.InfiniteModel:
        defs = [t.definition(m) for t in self.functions.values()]
        defs += [t.definition(m) for t in self.predicates.values()]
        return im.InfiniteModel(domain, tuple(defs))

    def block(self, m: z3.ModelRef) -> None:
        """Rule out exactly this assignment of the parameters (the last resort)."""
        params = [
            p for t in [*self.functions.values(), *self.predicates.values()] for p in t.params
        ]
        if not params:  # nothing to choose: this was the only candidate
            self.solver.add(z3.BoolVal(False, self.ctx))
            return
        self.solver.add(z3.Or(*[p != m.eval(p, model_completion=True) for p in params]))
