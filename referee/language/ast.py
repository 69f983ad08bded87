"""Immutable syntax trees for statements of the Palmer game.

Nodes are frozen dataclasses so statements can be hashed, shared between the
board, the engine and the game record, and compared structurally. Source
positions ride along in ``span`` but never take part in equality: two
statements that say the same thing are the same statement. So do the
parentheses a player wrote where none were needed (``Span.parens``): the
printer can show a statement as written, and ``(a ∧ b) ∧ c`` is still
``a ∧ b ∧ c``.

The walkers here are iterative: a statement the parser accepts is at most
``limits.MAX_DEPTH`` deep, but formulas built by the engine (expansions,
conjunctions of many goals) and by tests may be deeper.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """Where a node came from in the text the player typed (1-based).

    ``parens``: how many pairs of parentheses the player wrote around it
    (the positions are those of the node inside them).
    """

    line: int
    column: int
    end_line: int
    end_column: int
    start: int = 0
    end: int = 0
    parens: int = 0


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

    @property
    def asserted(self) -> Formula:
        """What the statement asserts: its formula, with any naming made explicit.

        ``∀x ∃!y φ | f(x) := y`` asserts ``∀x (φ(x, f(x)) ∧ ∀y (φ(x, y) → y = f(x)))``;
        the engine, the evaluator, exports and derivations all work on this.
        """
        from referee.language.naming import statement_formula  # naming builds on this module

        return statement_formula(self)


# ----------------------------------------------------------------- traversal


def subterms(term: Term) -> Iterator[Term]:
    """``term`` and every term inside it, outermost first, left to right."""
    stack = [term]
    while stack:
        t = stack.pop()
        yield t
        if isinstance(t, App):
            stack.extend(reversed(t.args))


def children(formula: Formula) -> tuple[Formula, ...]:
    if isinstance(formula, Not):
        return (formula.body,)
    if isinstance(formula, BINARY):
        return (formula.left, formula.right)
    if isinstance(formula, Quant):
        return (formula.body,)
    return ()


def subformulas(formula: Formula) -> Iterator[Formula]:
    """``formula`` and every formula inside it, outermost first, left to right."""
    stack = [formula]
    while stack:
        f = stack.pop()
        yield f
        if isinstance(f, (Not, Quant)):
            stack.append(f.body)
        elif isinstance(f, BINARY):
            stack.append(f.right)
            stack.append(f.left)


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
    """The variables of ``formula`` not bound by a quantifier around them (nor in ``bound``)."""
    out: set[str] = set()
    stack: list[tuple[Formula, frozenset[str]]] = [(formula, frozenset(bound))]
    while stack:
        f, scope = stack.pop()
        if isinstance(f, Quant):
            stack.append((f.body, scope | {f.var}))
        elif isinstance(f, (Pred, Eq)):
            for term in atom_terms(f):
                for t in subterms(term):
                    if isinstance(t, Var) and t.name not in scope:
                        out.add(t.name)
        else:
            stack.extend((c, scope) for c in children(f))
    return out


def depth(node: Formula | Term) -> int:
    """Levels of nesting: 1 for an atom without arguments, one more per node around it.

    Terms count (``p(f(x))`` is three levels), as do the links of a chain
    (``a ∧ b ∧ c`` is ``(a ∧ b) ∧ c``, three).
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(node, 1)]
    while stack:
        n, d = stack.pop()
        deepest = max(deepest, d)
        if isinstance(n, (Pred, App)):
            stack.extend((a, d + 1) for a in n.args)
        elif isinstance(n, Eq):
            stack.extend(((n.left, d + 1), (n.right, d + 1)))
        elif isinstance(n, (Not, Quant)):
            stack.append((n.body, d + 1))
        elif isinstance(n, BINARY):
            stack.extend(((n.left, d + 1), (n.right, d + 1)))
    return deepest


def spelled_out_size(formula: Formula, stop_above: int | None = None) -> int:
    """How many nodes (terms included) ``formula`` has once every ∃! is spelled out.

    ∃!x φ says ∃x (φ ∧ ∀y (φ(y) → y = x)): φ twice and seven nodes more, so
    each nested ∃! doubles what it covers (so does a naming, which replaces
    its ∃!). This is what the engine builds before a solver starts, computed
    without building it; with ``stop_above`` the count stops once past it.
    """
    total = 0
    stack: list[tuple[object, int]] = [(formula, 1)]
    while stack:
        node, weight = stack.pop()
        if isinstance(node, Quant) and node.kind == UNIQUE:
            total += 7 * weight
            stack.append((node.body, 2 * weight))
            continue
        total += weight
        if stop_above is not None and total > stop_above:
            return total
        if isinstance(node, (Pred, App)):
            stack.extend((a, weight) for a in node.args)
        elif isinstance(node, Eq):
            stack.extend(((node.left, weight), (node.right, weight)))
        elif isinstance(node, (Not, Quant)):
            stack.append((node.body, weight))
        elif isinstance(node, BINARY):
            stack.extend(((node.left, weight), (node.right, weight)))
    return total


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
