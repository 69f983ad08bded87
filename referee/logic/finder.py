"""Bounded model finder: search domain sizes 1, 2, 3, … (Mace4/Paradox style).

For each size k the domain is closed to k named objects (a Z3 enumeration
sort), every quantifier is expanded over them (∀ → ∧, ∃ → ∨, ∃! → exactly
one), and the resulting quantifier-free problem over uninterpreted functions
and predicates goes to Z3, which decides it. Subformulas are grounded once per
assignment of their free variables (a cache), and equalities between objects
are decided before Z3 sees them.

Symmetry breaking (least-number heuristic, as in Paradox): the constants
c1, c2, … are ordered as they first appear; c1 = e0, and ci = e(d) with d > 0
only if some earlier cj = e(d-1). Any model can be renamed to satisfy this.

Each premise sits behind an assumption literal, so an unsat size yields the
premises it needed; the union over sizes is what an exhaustive search used.
Runs inside a worker process; reports progress after every size.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import z3

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
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
)
from referee.logic.model import Model
from referee.logic.normalform import conjuncts
from referee.logic.tasks import SearchResult, SearchStatus, SizeChecked
from referee.logic.to_z3 import Translator, extract


class OutOfTime(Exception):
    pass


_sort_ids = itertools.count()


def _and(parts):
    out = []
    for p in parts:
        if p is True:
            continue
        if p is False:
            return False
        out.append(p)
    if not out:
        return True
    return out[0] if len(out) == 1 else z3.And(*out)


def _or(parts):
    out = []
    for p in parts:
        if p is False:
            continue
        if p is True:
            return True
        out.append(p)
    if not out:
        return False
    return out[0] if len(out) == 1 else z3.Or(*out)


def _not(p):
    if p is True:
        return False
    if p is False:
        return True
    return z3.Not(p)


def card_holds(card: Card, k: int) -> bool:
    return k >= card.n if card.op == AT_LEAST else k < card.n


class Grounder:
    """Expands closed formulas over a domain of exactly k objects."""

    def __init__(self, k: int, predicates: dict[str, int], functions: dict[str, int], tick, ctx):
        self.k = k
        self.ctx = ctx
        # Names unique per sort: Z3 would otherwise print (and we would read)
        # e0 of one size as e0 of another.
        sid = next(_sort_ids)
        names = [f"e{i}_{sid}" for i in range(k)]
        self.sort, self.elems = z3.EnumSort(f"D{k}_{sid}", names, ctx=ctx)
        self.index = {e.get_id(): i for i, e in enumerate(self.elems)}
        self.preds = {
            n: (
                z3.Function(f"p_{n}", *([self.sort] * a), z3.BoolSort(ctx))
                if a
                else z3.Bool(f"p_{n}", ctx)
            )
            for n, a in predicates.items()
        }
        self.funcs = {
            n: (
                z3.Function(f"f_{n}", *([self.sort] * a), self.sort)
                if a
                else z3.Const(f"f_{n}", self.sort)
            )
            for n, a in functions.items()
        }
        self.predicates, self.functions = predicates, functions
        self.cache: dict = {}
        self.fv: dict[int, tuple[Formula, tuple[str, ...]]] = {}
        self.tick = tick

    def _free(self, f: Formula) -> tuple[str, ...]:
        key = id(f)
        if key not in self.fv:
            # Keep f alive with its entry: an id is only unique while its object lives.
            self.fv[key] = (f, tuple(sorted(free_vars(f))))
        return self.fv[key][1]

    def term(self, t: Term, env: dict[str, int]):
        """An int (a known object) or a Z3 term."""
        if isinstance(t, Var):
            return env[t.name]
        fn = self.funcs[t.name]
        if not t.args:
            return fn
        return fn(*[self._obj(self.term(a, env)) for a in t.args])

    def _obj(self, v):
        return self.elems[v] if isinstance(v, int) else v

    def formula(self, f: Formula, env: dict[str, int]):
        if isinstance(f, (Quant, And, Or, Implies, Iff, Not)):
            key = (id(f), tuple(env[v] for v in self._free(f)))
            hit = self.cache.get(key)
            if hit is not None:
                return hit
            out = self._formula(f, env)
            self.cache[key] = out
            return out
        return self._formula(f, env)

    def _formula(self, f: Formula, env: dict[str, int]):
        if isinstance(f, Pred):
            p = self.preds[f.name]
            if not f.args:
                return p
            return p(*[self._obj(self.term(a, env)) for a in f.args])
        if isinstance(f, Eq):
            left, right = self.term(f.left, env), self.term(f.right, env)
            if isinstance(left, int) and isinstance(right, int):
                return left == right
            return self._obj(left) == self._obj(right)
        if isinstance(f, Not):
            return _not(self.formula(f.body, env))
        if isinstance(f, And):
            return _and([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, Or):
            return _or([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, Implies):
            return _or([_not(self.formula(f.left, env)), self.formula(f.right, env)])
        if isinstance(f, Iff):
            left, right = self.formula(f.left, env), self.formula(f.right, env)
            if isinstance(left, bool) and isinstance(right, bool):
                return left == right
            if isinstance(left, bool):
                return right if left else _not(right)
            if isinstance(right, bool):
                return left if right else _not(left)
            return left == right
        if isinstance(f, Falsum):
            return False
        if isinstance(f, Card):
            return card_holds(f, self.k)
        if isinstance(f, Quant):
            self.tick()
            parts = [self.formula(f.body, {**env, f.var: i}) for i in range(self.k)]
            if f.kind == FORALL:
                return _and(parts)
            if f.kind == EXISTS:
                return _or(parts)
            if f.kind == UNIQUE:
                at_most_one = [
                    _not(_and([parts[i], parts[j]]))
                    for i in range(self.k)
                    for j in range(i + 1, self.k)
                ]
                return _and([_or(parts), *at_most_one])
        raise TypeError(f"not a formula: {f!r}")

    def symmetry_breaking(self, constants: list[str]) -> list:
        """Least-number ordering of the constants (sound: any model can be renamed)."""
        out = []
        e = self.elems
        for i, name in enumerate(constants):
            c = self.funcs[name]
            top = min(i, self.k - 1)
            if top < self.k - 1:
                out.append(z3.Or(*[c == e[d] for d in range(top + 1)]))
            for d in range(1, top + 1):
                earlier = [self.funcs[constants[j]] == e[d - 1] for j in range(i)]
                out.append(z3.Implies(c == e[d], z3.Or(*earlier)))
        return out

    def model(self, m: z3.ModelRef) -> Model:
        return extract(
            m,
            list(self.elems),
            self.index,
            self.preds_for_extract(),
            self.funcs_for_extract(),
            self.predicates,
            self.functions,
        )

    # extract() applies symbols uniformly; wrap the nullary ones.
    def preds_for_extract(self):
        return {
            n: (lambda *a, _p=p: _p) if self.predicates[n] == 0 else p
            for n, p in self.preds.items()
        }

    def funcs_for_extract(self):
        return {
            n: (lambda *a, _f=f: _f) if self.functions[n] == 0 else f for n, f in self.funcs.items()
        }


def _constants_in_order(formulas: list[Formula], functions: dict[str, int]) -> list[str]:
    seen: list[str] = []

    def term(t: Term) -> None:
        if isinstance(t, App):
            if not t.args and t.name not in seen:
                seen.append(t.name)
            for a in t.args:
                term(a)

    def walk(f: Formula) -> None:
        if isinstance(f, Pred):
            for a in f.args:
                term(a)
        elif isinstance(f, Eq):
            term(f.left)
            term(f.right)
        for c in children(f):
            walk(c)

    for f in formulas:
        walk(f)
    return [c for c in seen if functions.get(c) == 0]


class SizeProblem:
    """premises ∧ ¬goal grounded at one size, kept so cores can be shrunk later."""

    def __init__(self, k, premises, negated_goal, top_cards, goal_cards, grounder_args, tick, ctx):
        self.k = k
        self.killers: set[int] = set()  # premises false at this size on their own
        self.goal_false = any(not card_holds(c, k) for c in goal_cards)
        self.literals: dict[int, z3.BoolRef] = {}
        self.names: dict[str, int] = {}
        self.solver = None
        self.grounder = None
        if self.goal_false:
            return
        for i, cards in enumerate(top_cards):
            if any(not card_holds(c, k) for c in cards):
                self.killers.add(i)
        g = Grounder(k, *grounder_args, tick, ctx)
        self.grounder = g
        solver = z3.Solver(ctx=ctx)
        for i, p in enumerate(premises):
            if i in self.killers:
                continue
            ground = g.formula(p, {})
            if ground is True:
                continue
            if ground is False:
                self.killers.add(i)
                continue
            lit = z3.Bool(f"premise!{i}", ctx)
            self.literals[i] = lit
            self.names[str(lit)] = i
            solver.add(z3.Implies(lit, ground))
        if negated_goal is not None:
            ground = g.formula(negated_goal, {})
            if ground is False:
                self.goal_false = True
                return
            if ground is not True:
                solver.add(ground)
        self.solver = solver

    def check(self, active: list[int], deadline: float):
        """A core (list) if premises ``active`` ∧ ¬goal have no model of this size,
        "sat" if they have one (then ``self.solver.model()``), None if unknown."""
        if self.goal_false:
            return []
        for i in active:
            if i in self.killers:
                return [i]
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        self.solver.set("timeout", max(1, int(remaining * 1000)))
        result = self.solver.check(*[self.literals[i] for i in active if i in self.literals])
        if result == z3.sat:
            return "sat"
        if result == z3.unsat:
            return sorted(self.names[str(c)] for c in self.solver.unsat_core())
        return None

    def minimise(self, core: list[int], prefer: set[int], deadline: float) -> list[int]:
        """Deletion-based; premises outside ``prefer`` are tried for deletion first."""
        order = sorted(core, key=lambda i: (i in prefer, i))
        keep = list(order)
        for i in order:
            if i not in keep:
                continue
            trial = [j for j in keep if j != i]
            result = self.check(trial, deadline)
            if isinstance(result, list):
                keep = [j for j in trial if j in result]
            elif result is None:
                break
        return sorted(keep)


def find_model(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    max_size: int | None = None,
    progress: Callable[[SizeChecked], None] = lambda checked: None,
    cancelled: Callable[[], bool] = lambda: False,
    symmetry: bool = True,
    minimise: bool = True,
    ctx: z3.Context | None = None,
    min_size: int = 1,
) -> SearchResult:
    """Search sizes min_size … max_size (None: until the deadline) for a model of premises ∧ ¬goal.

    The result is a model (with its size), EXHAUSTED (no model of any size
    up to ``size``) or GAVE_UP (time ran out; ``size`` is the largest size
    fully checked). The core of an exhausted search is the
    set of premises that has no model of any size checked (shrunk by deletion
    across all sizes while time allows).
    """
    start = time.monotonic()
    ctx = ctx or z3.Context()
    everything = list(premises) + ([negated_goal] if negated_goal is not None else [])
    constants = _constants_in_order(everything, functions) if symmetry else []
    top_cards = [[c for c in conjuncts(p) if isinstance(c, Card)] for p in premises]
    goal_cards = [c for c in conjuncts(negated_goal) if isinstance(c, Card)] if negated_goal else []
    problems: list[SizeProblem] = []
    core_union: set[int] = set()
    checked = 0

    def tick() -> None:
        if time.monotonic() > deadline or cancelled():
            raise OutOfTime

    def gave_up() -> SearchResult:
        return SearchResult(
            SearchStatus.GAVE_UP,
            checked,
            tuple(sorted(core_union)),
            seconds=time.monotonic() - start,
        )

    # Sizes below ``min_size`` (a top-level |L| ≥ n) have no model: not grounded at all.
    k = max(0, min_size - 1)
    checked = k
    probed = False
    everyone = list(range(len(premises)))
    try:
        while max_size is None or k < max_size:
            k += 1
            tick()
            sp = SizeProblem(
                k,
                premises,
                negated_goal,
                top_cards,
                goal_cards,
                (predicates, functions),
                tick,
                ctx,
            )
            if sp.solver is not None:
                for c in sp.grounder.symmetry_breaking(constants):
                    sp.solver.add(c)
            tick()
            result = sp.check(everyone, deadline)
            if result == "sat":
                return SearchResult(
                    SearchStatus.MODEL,
                    k,
                    model=sp.grounder.model(sp.solver.model()),
                    seconds=time.monotonic() - start,
                )
            if result is None:
                raise OutOfTime
            core = sp.minimise(result, core_union, deadline) if minimise else result
            core_union.update(core)
            problems.append(sp)
            checked = k
            progress(SizeChecked(k, tuple(core)))
            if k >= PROBE_SIZE and not probed and (max_size is None or k < max_size):
                probed = True
                probe = min(PROBE_MAX_SECONDS, max(PROBE_SECONDS, PROBE_SHARE * (deadline - start)))
                # Fewer objects are often easier to refute: any bound ≤ k will do.
                bound_core = None
                for bound in range(1, k + 1):
                    bound_core = prove_size_bound(
                        premises, negated_goal, predicates, functions, bound, deadline, ctx, probe
                    )
                    if bound_core is not None:
                        break
                if bound_core is not None:
                    # Every model has at most k objects, and none of size 1..k exists.
                    return SearchResult(
                        SearchStatus.EXHAUSTED,
                        checked,
                        tuple(sorted(core_union | set(bound_core))),
                        seconds=time.monotonic() - start,
                        proved_bound=k,
                        bound=bound,  # the bound Z3 proved (≤ k)
                    )
        if minimise:
            core_union = _shrink_across_sizes(problems, core_union, deadline, tick)
    except OutOfTime:
        return gave_up()
    except z3.Z3Exception:
        if cancelled() or time.monotonic() > deadline:
            return gave_up()
        raise
    return SearchResult(
        SearchStatus.EXHAUSTED,
        checked,
        tuple(sorted(core_union)),
        seconds=time.monotonic() - start,
    )


# After sizes 1..PROBE_SIZE come out empty, ask Z3 (briefly) whether the
# problem forces at most that many objects: ∀x ∀y x + x = y, say, allows only
# one. One probe, only then, so that finding small models never waits for it.
PROBE_SIZE = 3
PROBE_SECONDS = 0.08  # at least, per probe
PROBE_MAX_SECONDS = 0.5
PROBE_SHARE = 0.05  # of the question's time, per probe


def prove_size_bound(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    k: int,
    deadline: float,
    ctx: z3.Context,
    seconds: float = PROBE_SECONDS,
) -> list[int] | None:
    """The premises a Z3 refutation of "premises ∧ ¬goal ∧ |L| ≥ k+1" used, or None.

    An unsat answer is a proof that every model has at most k objects, which
    turns an exhausted search over sizes 1..k into a complete one.
    """
    remaining = deadline - time.monotonic()
    if remaining <= 0.01:
        return None
    tr = Translator(predicates, functions, ctx)
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", max(1, int(min(seconds, remaining / 4) * 1000)))
    literals = []
    for i, premise in enumerate(premises):
        lit = z3.Bool(f"bound!{i}", ctx)
        literals.append(lit)
        solver.add(z3.Implies(lit, tr.formula(premise)))
    if negated_goal is not None:
        solver.add(tr.formula(negated_goal))
    solver.add(tr.formula(Card(AT_LEAST, k + 1)))
    if solver.check(*literals) != z3.unsat:
        return None
    names = {str(lit): i for i, lit in enumerate(literals)}
    return sorted(names[str(c)] for c in solver.unsat_core())


def _shrink_across_sizes(problems, core: set[int], deadline: float, tick) -> set[int]:
    """Drop each premise without which no size gets a model (keep it when unsure)."""
    core = set(core)
    for i in sorted(core):
        trial = sorted(core - {i})
        try:
            tick()
        except OutOfTime:
            break
        if all(isinstance(sp.check(trial, deadline), list) for sp in problems):
            core.discard(i)
    return core
