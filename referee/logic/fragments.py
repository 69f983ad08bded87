"""When does "no model up to size N" prove anything?

Two sources of a finite bound, both computed syntactically and conservatively
(when unsure, no bound):

* The board bounds the domain: a top-level conjunct |L| < n of a premise (or of
  the negated goal, where ¬(|L| ≥ n) is |L| < n) means every model has fewer
  than n objects, so checking sizes 1 … n-1 is exhaustive.
* A decidable fragment with the finite model property, applied to the whole
  problem (premises ∧ ¬goal) in negation normal form:

  - Bernays–Schönfinkel (EPR): no function symbols except constants, and no ∃
    inside the scope of a ∀ (so the conjunction prenexes to ∃*∀*). A
    satisfiable such problem has a model with at most max(1, c + e) objects,
    c constants and e existential quantifiers (Skolemise the ∃ to constants;
    the substructure the constants name is a model of the universal rest).
  - Monadic with equality (Löwenheim 1915, Boolos–Burgess–Jeffrey ch. 21): all
    predicates unary or propositions, no function symbols except constants.
    A satisfiable sentence with k unary predicates and r variables has a model
    with at most 2^k · r objects; each constant counts as one more variable
    (replace it by an outermost ∃).

A bound for a problem stays valid for any subset of its conjuncts (fewer
constants, quantifiers and predicates), which is what lets the engine report
the union of per-size unsat cores as the statements an exhaustive search used.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FEWER_THAN,
    FORALL,
    And,
    Card,
    Formula,
    Iff,
    Or,
    Quant,
    children,
    subformulas,
)
from referee.logic.evidence import Bound, BoundReason
from referee.logic.normalform import conjuncts, signature


@dataclass(frozen=True)
class SizeBounds:
    """What the syntax says about model sizes of premises ∧ ¬goal.

    ``upper``: every model has at most this many objects (None: unknown);
    ``upper_sources``: premise indices whose |L| < n gives it (-1 for the goal).
    ``lower``: every model has at least this many objects.
    ``fragment``: (name, bound): if there is a model, there is one of at most
    ``bound`` objects; None when no fragment applies.
    """

    upper: int | None = None
    upper_sources: tuple[int, ...] = ()
    lower: int = 1
    fragment: tuple[BoundReason, int] | None = None
    lower_sources: tuple[int, ...] = ()  # premise indices whose |L| ≥ n gives ``lower``

    @property
    def clash(self) -> bool:
        """The sizes allowed are none at all: at least ``lower`` and at most ``upper``."""
        return self.upper is not None and self.lower > self.upper

    @property
    def clash_lower_sources(self) -> tuple[int, ...]:
        """The |L| ≥ n a clash needs: none when |L| < 1 clashes alone (the domain is never
        empty), so the clash named stays minimal."""
        return self.lower_sources if self.upper is None or self.upper >= 1 else ()

    @property
    def clash_of_premises(self) -> bool:
        """A clash the premises make on their own (the goal's |L| gives no bound of it)."""
        return self.clash and -1 not in (*self.clash_lower_sources, *self.upper_sources)

    @property
    def complete_up_to(self) -> int | None:
        """Searching every size up to this one is a complete decision (None: never)."""
        if self.clash:
            return 0
        candidates = []
        if self.upper is not None:
            candidates.append(self.upper)
        if self.fragment is not None:
            candidates.append(self.fragment[1])
        return min(candidates) if candidates else None

    def completing(self) -> Bound | None:
        """The bound that makes a search up to ``complete_up_to`` complete, and why."""
        limit = self.complete_up_to
        if limit is None:
            return None
        if self.clash:
            both = (*self.clash_lower_sources, *self.upper_sources)
            return Bound(0, BoundReason.SIZE_CLASH, tuple(sorted({i for i in both if i >= 0})))
        if self.upper is not None and self.upper == limit:
            sources = tuple(i for i in self.upper_sources if i >= 0)
            reason = BoundReason.BOARD_SIZE if sources else BoundReason.CLAIM_SIZE
            return Bound(limit, reason, sources)
        reason, _ = self.fragment  # type: ignore[misc]
        return Bound(limit, reason)

    def exhausted(
        self, size: int, core: tuple[int, ...], proved_bound: int | None, proved: int | None
    ) -> tuple[Bound, tuple[int, ...]] | None:
        """What a search that found no model up to ``size`` settles: the bound that makes
        it complete and the premises it rests on, or None when it proves nothing.

        Complete when a prover showed every model has at most ``size`` objects
        (``proved_bound``), or when ``size`` reaches a bound this syntax guarantees. The
        premises: the search's own ``core``, those whose |L| ≥ n let it skip the
        smaller sizes, and those whose |L| < n bounded it. The engine and the
        derivation writer both settle an exhausted search here.
        """
        lower_sources = self.clash_lower_sources if self.clash else self.lower_sources
        lower = tuple(i for i in lower_sources if i >= 0) if self.lower > 1 else ()
        if proved_bound == size:
            return Bound(size, BoundReason.PROVED, proved=proved), tuple(sorted({*core, *lower}))
        limit = self.complete_up_to
        if limit is None or size < limit:
            return None  # a search capped short of a guaranteed bound proves nothing
        bound = self.completing()
        used = {*core, *lower}
        if bound is not None:  # the |L| statements that bound it, or that clash
            used.update(bound.sources)
        return bound, tuple(sorted(used))  # type: ignore[return-value]


def card_bounds(
    nnf_formulas: list[tuple[int, Formula]],
) -> tuple[int | None, tuple[int, ...], int, tuple[int, ...]]:
    """(upper, its sources, lower, its sources) from top-level Card conjuncts."""
    upper: int | None = None
    sources: tuple[int, ...] = ()
    lower = 1
    lower_sources: tuple[int, ...] = ()
    for index, formula in nnf_formulas:
        for c in conjuncts(formula):
            if not isinstance(c, Card):
                continue
            if c.op == FEWER_THAN:
                bound = max(c.n - 1, 0)
                if upper is None or bound < upper:
                    upper, sources = bound, (index,)
            elif c.op == AT_LEAST and c.n > lower:
                lower, lower_sources = c.n, (index,)
    return upper, sources, lower, lower_sources


def _function_free(funcs: dict[str, int]) -> bool:
    return all(arity == 0 for arity in funcs.values())


def bernays_schoenfinkel(nnf_formulas: list[Formula], sig=None) -> int | None:
    """max(1, constants + ∃) when the problem is ∃*∀* without functions, else None."""
    preds, funcs = sig if sig is not None else signature(nnf_formulas)
    if not _function_free(funcs):
        return None
    existentials = 0

    def walk(f: Formula, under_forall: bool) -> bool:
        nonlocal existentials
        if isinstance(f, Quant):
            if f.kind == EXISTS:
                if under_forall:
                    return False
                existentials += 1
                return walk(f.body, under_forall)
            if f.kind == FORALL:
                return walk(f.body, True)
            return False  # ∃! should have been expanded: be conservative
        if isinstance(f, Card):
            if f.op == AT_LEAST:
                if f.n >= 2 and under_forall:
                    return False
                existentials += f.n if f.n >= 2 else 0
                return True
            # |L| < n: ∃x1..x(n-1) ∀y (y = x1 ∨ …)
            if f.n >= 2:
                if under_forall:
                    return False
                existentials += f.n - 1
            return True
        if isinstance(f, (And, Or)):
            return walk(f.left, under_forall) and walk(f.right, under_forall)
        if isinstance(f, Iff):
            # Both sides occur with both polarities: a quantifier (or |L|) in
            # there is ∀ and ∃ at once, so only quantifier-free sides are safe.
            return not any(isinstance(s, (Quant, Card)) for s in subformulas(f))
        return all(walk(c, under_forall) for c in children(f))

    for formula in nnf_formulas:
        if not walk(formula, False):
            return None
    return max(1, len(funcs) + existentials)


def monadic(nnf_formulas: list[Formula], sig=None) -> int | None:
    """2^k · (r + c) when every predicate is unary (or a proposition) and there are no functions."""
    preds, funcs = sig if sig is not None else signature(nnf_formulas)
    if not _function_free(funcs) or any(a > 1 for a in preds.values()):
        return None
    unary = sum(1 for a in preds.values() if a == 1)
    variables = 0

    def walk(f: Formula) -> None:
        nonlocal variables
        if isinstance(f, Quant):
            variables += 1
        elif isinstance(f, Card):
            variables += f.n
        for c in children(f):
            walk(c)

    for formula in nnf_formulas:
        walk(formula)
    return max(1, (2**unary) * (variables + len(funcs)))


def size_bounds(premises: list[Formula], negated_goal: Formula | None, sig=None) -> SizeBounds:
    """Bounds for premises ∧ negated_goal; both must be in NNF with ∃! expanded.

    ``sig``: (predicates, functions) if the caller has them (a superset is safe:
    more symbols only ever withhold a fragment's bound).
    """
    indexed = list(enumerate(premises))
    if negated_goal is not None:
        indexed.append((-1, negated_goal))
    upper, sources, lower, lower_sources = card_bounds(indexed)
    everything = [f for _, f in indexed]
    fragment = None
    for name, fn in (
        (BoundReason.BERNAYS_SCHOENFINKEL, bernays_schoenfinkel),
        (BoundReason.MONADIC, monadic),
    ):
        bound = fn(everything, sig)
        if bound is not None and (fragment is None or bound < fragment[1]):
            fragment = (name, bound)
    return SizeBounds(upper, sources, lower, fragment, lower_sources)
