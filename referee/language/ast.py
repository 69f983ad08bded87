"""Immutable syntax trees for statements of the Palmer game.

Nodes are frozen dataclasses so statements can be hashed, shared between the
board, the engine and the game record, and compared structurally. Source
positions ride along in ``span`` but never take part in equality: two
statements that say the same thing are the same statement.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """Where a node came from in the text the player typed (1-based)."""

    line: int
    column: int
    end_line: int
    end_column: int
    start: int = 0
    end: int = 0


def _span() -> Span | None:
    return field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------- terms


@dataclass(frozen=True)
class Var:
    """A variable bound by a quantifier."""

    name: str
    span: Span | None = _span()


@dataclass(frozen=True)
class App:
    """A function applied to arguments; a constant is an App with no arguments."""

    name: str
    args: tuple[Term, ...] = ()
    span: Span | None = _span()


Term = Var | App


# ------------------------------------------------------------------ formulas


@dataclass(frozen=True)
class Pred:
    """A predicate or relation applied to objects; a proposition has no arguments."""

    name: str
    args: tuple[Term, ...] = ()
    span: Span | None = _span()


@dataclass(frozen=True)
class Eq:
    left: Term
    right: Term
    span: Span | None = _span()


@dataclass(frozen=True)
class Not:
    body: Formula
    span: Span | None = _span()


@dataclass(frozen=True)
class And:
    left: Formula
    right: Formula
    span: Span | None = _span()


@dataclass(frozen=True)
class Or:
    left: Formula
    right: Formula
    span: Span | None = _span()


@dataclass(frozen=True)
class Implies:
    left: Formula
    right: Formula
    span: Span | None = _span()


@dataclass(frozen=True)
class Iff:
    left: Formula
    right: Formula
    span: Span | None = _span()


FORALL = "forall"
EXISTS = "exists"
UNIQUE = "unique"
QUANTIFIERS = (FORALL, EXISTS, UNIQUE)


@dataclass(frozen=True)
class Quant:
    """``kind`` is one of FORALL, EXISTS, UNIQUE (∃!, exactly one)."""

    kind: str
    var: str
    body: Formula
    span: Span | None = _span()


AT_LEAST = ">="
FEWER_THAN = "<"


@dataclass(frozen=True)
class Card:
    """A cardinality statement about the domain: |L| ≥ n or |L| < n."""

    op: str
    n: int
    span: Span | None = _span()


@dataclass(frozen=True)
class Falsum:
    """⊥: only derivations write it, to show a board inconsistent."""

    span: Span | None = _span()


Formula = Pred | Eq | Not | And | Or | Implies | Iff | Quant | Card | Falsum
BINARY = (And, Or, Implies, Iff)


@dataclass(frozen=True)
class Naming:
    """``| name(params) := var`` after an ∃!: names the object or function it defines.

    ``params`` are the universally quantified variables before the ∃!, in order;
    the named symbol is a constant when there are none.
    """

    name: str
    params: tuple[str, ...]
    var: str
    span: Span | None = _span()


@dataclass(frozen=True)
class Statement:
    """What is written on the board: a closed formula and perhaps a naming."""

    formula: Formula
    naming: Naming | None = None
    text: str = field(default="", compare=False)


# ----------------------------------------------------------------- traversal


def subterms(term: Term) -> Iterator[Term]:
    yield term
    if isinstance(term, App):
        for arg in term.args:
            yield from subterms(arg)


def children(formula: Formula) -> tuple[Formula, ...]:
    if isinstance(formula, Not):
        return (formula.body,)
    if isinstance(formula, BINARY):
        return (formula.left, formula.right)
    if isinstance(formula, Quant):
        return (formula.body,)
    return ()


def subformulas(formula: Formula) -> Iterator[Formula]:
    yield formula
    for child in children(formula):
        yield from subformulas(child)


def atom_terms(formula: Formula) -> tuple[Term, ...]:
    if isinstance(formula, Pred):
        return formula.args
    if isinstance(formula, Eq):
        return (formula.left, formula.right)
    return ()


def symbols(formula: Formula) -> tuple[set[str], set[str]]:
    """The (predicate names, function and constant names) a formula mentions."""
    preds: set[str] = set()
    funcs: set[str] = set()
    for sub in subformulas(formula):
        if isinstance(sub, Pred):
            preds.add(sub.name)
        for term in atom_terms(sub):
            for t in subterms(term):
                if isinstance(t, App):
                    funcs.add(t.name)
    return preds, funcs


def free_vars(formula: Formula, bound: frozenset[str] = frozenset()) -> set[str]:
    if isinstance(formula, Quant):
        return free_vars(formula.body, bound | {formula.var})
    out: set[str] = set()
    for term in atom_terms(formula):
        for t in subterms(term):
            if isinstance(t, Var) and t.name not in bound:
                out.add(t.name)
    for child in children(formula):
        out |= free_vars(child, bound)
    return out


def strip_spans(node):
    """A copy without positions (equality ignores them; pickles and JSON like this)."""
    if isinstance(node, tuple):
        return tuple(strip_spans(n) for n in node)
    if not hasattr(node, "__dataclass_fields__"):
        return node
    values = {}
    for name in node.__dataclass_fields__:
        if name == "span":
            continue
        values[name] = strip_spans(getattr(node, name))
    return type(node)(**values)


def substitute(formula: Formula, var: str, term: Term) -> Formula:
    """Replace free occurrences of ``var`` by ``term`` (callers avoid capture)."""

    def in_term(t: Term) -> Term:
        if isinstance(t, Var):
            return term if t.name == var else t
        return App(t.name, tuple(in_term(a) for a in t.args), t.span)

    def go(f: Formula) -> Formula:
        if isinstance(f, Pred):
            return Pred(f.name, tuple(in_term(a) for a in f.args), f.span)
        if isinstance(f, Eq):
            return Eq(in_term(f.left), in_term(f.right), f.span)
        if isinstance(f, Not):
            return Not(go(f.body), f.span)
        if isinstance(f, BINARY):
            return type(f)(go(f.left), go(f.right), f.span)
        if isinstance(f, Quant):
            if f.var == var:
                return f
            return Quant(f.kind, f.var, go(f.body), f.span)
        return f

    return go(formula)
