"""A board in the languages other provers read: TPTP (FOF) and SMT-LIB 2.

Callers pass formulas from ``statement_formula(stmt)`` (namings made explicit).
Both exports say the same thing:

* premises are axioms (TPTP) or assertions (SMT-LIB);
* goals, if any, form one conjecture: their conjunction (TPTP) or its
  negation asserted (SMT-LIB). With no goal a prover answers whether the
  premises are satisfiable;
* ∃!x φ becomes ∃x (φ(x) ∧ ∀y (φ(y) → y = x)) with y fresh;
* |L| ≥ n becomes ∃x1…xn pairwise distinct (true for n ≤ 1);
* |L| < n becomes ∃x1…x(n-1) ∀y (y = x1 ∨ … ∨ y = x(n-1)) (false for n ≤ 1);
* the domain is non-empty, the default of both languages and of the game.

Symbol names are mapped to identifiers both languages accept: lower-case
start, letters, digits and ``_`` (``+`` becomes ``plus``, ``0`` becomes
``n0``, ``y'`` becomes ``y_1q``...), with a numeric suffix when two names would
collide. The mapping depends only on the set of names, so it is deterministic.
Variables become upper-case names, renamed apart so no binder shadows another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.language import ast
from referee.language.vocabulary import Vocabulary
from referee.logic.normalform import big_and, big_or

TRUE = ast.Not(ast.Falsum())

_SYMBOL_WORDS = {
    "+": "plus",
    "*": "times",
    "·": "cdot",
    "∘": "circ",
    "⊕": "oplus",
    "⊗": "otimes",
    "^": "hat",
    "%": "percent",
    "@": "at",
    "$": "dollar",
}

# Words that are not safe as a symbol in one of the two languages.
_RESERVED = frozenset(
    {
        # SMT-LIB core and commands
        "true",
        "false",
        "not",
        "and",
        "or",
        "xor",
        "ite",
        "distinct",
        "let",
        "par",
        "as",
        "match",
        "forall",
        "exists",
        "assert",
        "u",
        # our own helpers
        "goal",
    }
)

_SAFE_RE = re.compile(r"[a-z][A-Za-z0-9_]*")


class ExportError(ValueError):
    pass


# ------------------------------------------------------------------- names


def _base_name(name: str) -> str:
    """A safe identifier for ``name``, before collisions are resolved."""
    if name in _SYMBOL_WORDS:
        return _SYMBOL_WORDS[name]
    if all(ch in _SYMBOL_WORDS for ch in name):
        return "_".join(_SYMBOL_WORDS[ch] for ch in name)
    out = []
    for ch in name:
        if ch.isascii() and (ch.isalnum() or ch == "_"):
            out.append(ch)
        elif ch == "'":
            out.append("_1q")
        else:
            out.append(f"_u{ord(ch):x}")
    base = "".join(out)
    if not base or not base[0].isalpha():
        base = "n" + base
    elif base[0].isupper():
        base = "s_" + base
    return base


def symbol_names(names: Iterable[str]) -> dict[str, str]:
    """Map every symbol to a distinct safe lower-case identifier (deterministic).

    Names that are already safe keep their spelling; the others are mapped in
    sorted order and take a numeric suffix if their spelling is taken.
    """
    names = sorted(set(names))
    taken: set[str] = set()
    out: dict[str, str] = {}
    for name in names:
        if _SAFE_RE.fullmatch(name) and name not in _RESERVED:
            out[name] = name
            taken.add(name)
    for name in names:
        if name in out:
            continue
        base = _base_name(name)
        if base in _RESERVED:
            base = base + "_"
        candidate, i = base, 2
        while candidate in taken:
            candidate = f"{base}_{i}"
            i += 1
        out[name] = candidate
        taken.add(candidate)
    return out


def _var_base(name: str) -> str:
    base = _base_name(name)
    if base.startswith("s_"):
        base = base[2:]
    return base[0].upper() + base[1:]


# ------------------------------------------------------------- signatures


@dataclass(frozen=True)
class Signature:
    """Predicate and function arities (constants: 0) and their exported names."""

    predicates: Mapping[str, int]
    functions: Mapping[str, int]
    names: Mapping[str, str]


def signature(formulas: Sequence[ast.Formula], vocabulary: Vocabulary | None) -> Signature:
    """The vocabulary's symbols plus any the formulas use (arities checked)."""
    preds = dict(vocabulary.predicates) if vocabulary else {}
    funcs = dict(vocabulary.functions) if vocabulary else {}
    for f in formulas:
        for sub in ast.subformulas(f):
            if isinstance(sub, ast.Pred):
                _note(preds, funcs, sub.name, len(sub.args), "predicate")
            for term in ast.atom_terms(sub):
                for t in ast.subterms(term):
                    if isinstance(t, ast.App):
                        _note(funcs, preds, t.name, len(t.args), "function")
    return Signature(preds, funcs, symbol_names([*preds, *funcs]))


def _note(table: dict, other: dict, name: str, arity: int, kind: str) -> None:
    if name in other:
        raise ExportError(f"{name} is used both as a predicate and as a function")
    if table.setdefault(name, arity) != arity:
        raise ExportError(f"{name} is a {kind} of arity {table[name]}, used with {arity}")


# -------------------------------------------------------------- expansion


def _all_vars(formula: ast.Formula) -> set[str]:
    used = set()
    for sub in ast.subformulas(formula):
        if isinstance(sub, ast.Quant):
            used.add(sub.var)
        for term in ast.atom_terms(sub):
            for t in ast.subterms(term):
                if isinstance(t, ast.Var):
                    used.add(t.name)
    return used


class _Fresh:
    def __init__(self, used: set[str]) -> None:
        self.used = used

    def __call__(self, base: str) -> str:
        i = 1
        while f"{base}{i}" in self.used:
            i += 1
        name = f"{base}{i}"
        self.used.add(name)
        return name


def expand(formula: ast.Formula) -> ast.Formula:
    """The same formula without ∃! and without cardinality atoms (plain FOL with =)."""
    return _expand(formula, _Fresh(_all_vars(formula)))


def _expand(f: ast.Formula, fresh: _Fresh) -> ast.Formula:
    if isinstance(f, ast.Not):
        return ast.Not(_expand(f.body, fresh))
    if isinstance(f, ast.BINARY):
        return type(f)(_expand(f.left, fresh), _expand(f.right, fresh))
    if isinstance(f, ast.Quant):
        body = _expand(f.body, fresh)
        if f.kind != ast.UNIQUE:
            return ast.Quant(f.kind, f.var, body)
        other = fresh(f.var)
        return ast.Quant(
            ast.EXISTS,
            f.var,
            ast.And(
                body,
                ast.Quant(
                    ast.FORALL,
                    other,
                    ast.Implies(
                        ast.substitute(body, f.var, ast.Var(other)),
                        ast.Eq(ast.Var(other), ast.Var(f.var)),
                    ),
                ),
            ),
        )
    if isinstance(f, ast.Card):
        return _cardinality(f, fresh)
    return f


def _conj(parts: list[ast.Formula]) -> ast.Formula:
    """Balanced: |L| ≥ n has n(n-1)/2 conjuncts, which must not nest that deep."""
    return big_and(parts) or TRUE


def _disj(parts: list[ast.Formula]) -> ast.Formula:
    return big_or(parts) or ast.Falsum()


def _cardinality(f: ast.Card, fresh: _Fresh) -> ast.Formula:
    if f.op == ast.AT_LEAST:
        if f.n <= 1:
            return TRUE
        xs = [fresh("c") for _ in range(f.n)]
        body = _conj(
            [ast.Not(ast.Eq(ast.Var(a), ast.Var(b))) for i, a in enumerate(xs) for b in xs[i + 1 :]]
        )
        for v in reversed(xs):
            body = ast.Quant(ast.EXISTS, v, body)
        return body
    if f.op == ast.FEWER_THAN:
        if f.n <= 1:
            return ast.Falsum()
        xs = [fresh("c") for _ in range(f.n - 1)]
        y = fresh("d")
        body: ast.Formula = ast.Quant(
            ast.FORALL, y, _disj([ast.Eq(ast.Var(y), ast.Var(a)) for a in xs])
        )
        for v in reversed(xs):
            body = ast.Quant(ast.EXISTS, v, body)
        return body
    raise ExportError(f"unknown cardinality operator {f.op!r}")


# -------------------------------------------------------------- printing


class _Printer:
    """Shared walk: renames bound variables apart, then prints per language."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def formula(self, f: ast.Formula) -> str:
        f = expand(f)
        free = ast.free_vars(f)
        if free:
            raise ExportError(f"free variable(s) {', '.join(sorted(free))} in a statement")
        self.taken: set[str] = set()
        self.suffix: dict[str, int] = {}  # the next number to try for each base name
        return self._f(f, {})

    def _bind(self, var: str, env: dict[str, str]) -> tuple[str, dict[str, str]]:
        # Every bound variable gets a name of its own; counting per base keeps this
        # linear (probing from 1 each time was quadratic in the number of binders).
        base = _var_base(var)
        i = self.suffix.get(base, 0)
        name = base if i == 0 else f"{base}{i}"
        while name in self.taken:
            i += 1
            name = f"{base}{i}"
        self.suffix[base] = i + 1
        self.taken.add(name)
        return name, {**env, var: name}

    def _t(self, t: ast.Term, env: dict[str, str]) -> str:
        if isinstance(t, ast.Var):
            if t.name not in env:
                raise ExportError(f"free variable {t.name}")
            return env[t.name]
        return self.app(self.names[t.name], [self._t(a, env) for a in t.args])

    def _f(self, f: ast.Formula, env: dict[str, str]) -> str:
        if f == TRUE:
            return self.true()
        if isinstance(f, ast.Pred):
            return self.app(self.names[f.name], [self._t(a, env) for a in f.args])
        if isinstance(f, ast.Eq):
            return self.eq(self._t(f.left, env), self._t(f.right, env))
        if isinstance(f, ast.Not):
            return self.neg(self._f(f.body, env))
        if isinstance(f, ast.BINARY):
            return self.binary(type(f), self._f(f.left, env), self._f(f.right, env))
        if isinstance(f, ast.Quant):
            # A run of one kind is one block (∃x1 … ∃xn of |L| ≥ n is n deep).
            kind, names = f.kind, []
            while isinstance(f, ast.Quant) and f.kind == kind:
                name, env = self._bind(f.var, env)
                names.append(name)
                f = f.body
            return self.quant(kind, names, self._f(f, env))
        if isinstance(f, ast.Falsum):
            return self.false()
        raise ExportError(f"cannot export {f!r}")


class _TPTP(_Printer):
    OPS = {ast.And: "&", ast.Or: "|", ast.Implies: "=>", ast.Iff: "<=>"}

    def app(self, name: str, args: list[str]) -> str:
        return f"{name}({','.join(args)})" if args else name

    def eq(self, a: str, b: str) -> str:
        return f"{a} = {b}"

    def neg(self, body: str) -> str:
        return f"~ ({body})"

    def binary(self, op: type, a: str, b: str) -> str:
        return f"({a} {self.OPS[op]} {b})"

    def quant(self, kind: str, names: list[str], body: str) -> str:
        sign = "!" if kind == ast.FORALL else "?"
        return f"({sign} [{','.join(names)}] : {body})"

    def true(self) -> str:
        return "$true"

    def false(self) -> str:
        return "$false"


class _SMT(_Printer):
    OPS = {ast.And: "and", ast.Or: "or", ast.Implies: "=>", ast.Iff: "="}

    def app(self, name: str, args: list[str]) -> str:
        return f"({name} {' '.join(args)})" if args else name

    def eq(self, a: str, b: str) -> str:
        return f"(= {a} {b})"

    def neg(self, body: str) -> str:
        return f"(not {body})"

    def binary(self, op: type, a: str, b: str) -> str:
        return f"({self.OPS[op]} {a} {b})"

    def quant(self, kind: str, names: list[str], body: str) -> str:
        word = "forall" if kind == ast.FORALL else "exists"
        bound = " ".join(f"({name} U)" for name in names)
        return f"({word} ({bound}) {body})"

    def true(self) -> str:
        return "true"

    def false(self) -> str:
        return "false"


def _comment(f: ast.Formula) -> str:
    try:
        from referee.language.printer import to_unicode

        return " ".join(to_unicode(f).split())
    except Exception:  # a comment must never stop an export
        return ""


def _formula_name(name: str, used: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9_]", "_", str(name))
    if not base or not base[0].isalpha() or not base[0].islower():
        base = "s" + base
    candidate, i = base, 2
    while candidate in used:
        candidate = f"{base}_{i}"
        i += 1
    used.add(candidate)
    return candidate


def to_tptp(
    premises: Sequence[ast.Formula],
    goals: Sequence[ast.Formula] = (),
    vocabulary: Vocabulary | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """A TPTP FOF problem: one axiom per premise, the conjunction of goals as conjecture.

    ``names`` names the axioms (default ``s1``, ``s2``, ... after the board
    numbering); the conjecture is ``goal``.
    """
    premises, goals = list(premises), list(goals)
    if names is not None and len(names) != len(premises):
        raise ExportError("names must give one name per premise")
    sig = signature(premises + goals, vocabulary)
    printer = _TPTP(sig.names)
    used = {"goal"}
    lines = ["% Exported by referee: TPTP FOF."]
    renamed = {k: v for k, v in sorted(sig.names.items()) if k != v}
    if renamed:
        lines.append("% Symbols: " + ", ".join(f"{k} as {v}" for k, v in renamed.items()))
    for i, f in enumerate(premises):
        label = _formula_name(names[i] if names is not None else f"s{i + 1}", used)
        text = _comment(f)
        if text:
            lines.append(f"% {label}: {text}")
        lines.append(f"fof({label}, axiom, {printer.formula(f)}).")
    if goals:
        conj = _conj(goals)
        text = _comment(conj)
        if text:
            lines.append(f"% goal: {text}")
        lines.append(f"fof(goal, conjecture, {printer.formula(conj)}).")
    return "\n".join(lines) + "\n"


REFUTATION_GOAL = "goal"


def refutation_axiom_name(i: int) -> str:
    """The name ``tptp_refutation`` gives premise ``i`` (0-based): ``p0``, ``p1``, ..."""
    return f"p{i}"


def tptp_refutation(premises: Sequence[ast.Formula], negated_goal: ast.Formula | None) -> str:
    """The engine's question as a lean TPTP FOF problem for a prover to refute.

    Premise ``i`` is the axiom ``p{i}``; the negated goal, if any, is the
    ``negated_conjecture`` named ``goal`` (so E answers Unsatisfiable or
    Satisfiable, and its proof object names the axioms it used). Unlike
    ``to_tptp`` it writes no comments: a racer pays for every line on every
    question, and nobody reads these files.
    """
    formulas = list(premises) + ([negated_goal] if negated_goal is not None else [])
    printer = _TPTP(signature(formulas, None).names)
    lines = [
        f"fof({refutation_axiom_name(i)}, axiom, {printer.formula(f)})."
        for i, f in enumerate(premises)
    ]
    if negated_goal is not None:
        lines.append(
            f"fof({REFUTATION_GOAL}, negated_conjecture, {printer.formula(negated_goal)})."
        )
    return "\n".join(lines) + "\n"


def to_smtlib(
    premises: Sequence[ast.Formula],
    goals: Sequence[ast.Formula] = (),
    vocabulary: Vocabulary | None = None,
) -> str:
    """An SMT-LIB 2 script: sort U, the symbols, the premises, the negated goal, check-sat.

    ``sat`` means a model exists: the premises are consistent (no goal) or the
    goals do not follow; ``unsat`` means inconsistent or entailed.
    """
    premises, goals = list(premises), list(goals)
    sig = signature(premises + goals, vocabulary)
    printer = _SMT(sig.names)
    lines = ["; Exported by referee: SMT-LIB 2.", "(set-logic UF)", "(declare-sort U 0)"]
    for name, arity in sorted(sig.functions.items()):
        lines.append(f"(declare-fun {sig.names[name]} ({' '.join(['U'] * arity)}) U)")
    for name, arity in sorted(sig.predicates.items()):
        lines.append(f"(declare-fun {sig.names[name]} ({' '.join(['U'] * arity)}) Bool)")
    for i, f in enumerate(premises):
        text = _comment(f)
        if text:
            lines.append(f"; s{i + 1}: {text}")
        lines.append(f"(assert {printer.formula(f)})")
    if goals:
        conj = _conj(goals)
        text = _comment(conj)
        if text:
            lines.append(f"; goal (negated): {text}")
        lines.append(f"(assert (not {printer.formula(conj)}))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"
