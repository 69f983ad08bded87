"""Canonical text for statements, in Unicode for the board and ASCII for keyboards.

The printer writes the fewest parentheses that keep the meaning, under the
grammar's own conventions: ¬ binds tightest, then ∧, ∨, →, ↔; ∧ and ∨ group
to the left, → to the right; ↔ and infix functions never chain; and a
quantifier's scope runs as far right as possible, so anything that ends in an
open quantifier is parenthesised when more text follows it. Printing then
parsing gives back the same statement (tested with Hypothesis).

With ``as_written=True`` it also writes the parentheses the player wrote
where none were needed (``Span.parens``, kept by the parser), so the board
shows a statement as its author wrote it: ``∀x (blonde(x) → happy(x))``. A
statement changed since (by the ¬ card) prints with the parentheses its
untouched parts were written with, plus any the new structure needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.language import ast
from referee.language.vocabulary import is_symbolic


@dataclass(frozen=True)
class Notation:
    forall: str
    exists: str
    unique: str
    neg: str
    conj: str
    disj: str
    implies: str
    iff: str
    neq: str
    ge: str
    falsum: str
    quant_gap: str  # between a quantifier and its variable


UNICODE = Notation("∀", "∃", "∃!", "¬", "∧", "∨", "→", "↔", "≠", "≥", "⊥", "")
ASCII = Notation(
    "forall", "exists", "exists!", "~", "/\\", "\\/", "->", "<->", "!=", ">=", "false", " "
)

# Binding strength: higher binds tighter.
_PREC = {ast.Iff: 1, ast.Implies: 2, ast.Or: 3, ast.And: 4}
_ATOM = 5


def to_unicode(node, *, as_written: bool = False) -> str:
    return _print(node, _Printer(UNICODE, as_written))


def to_ascii(node, *, as_written: bool = False) -> str:
    return _print(node, _Printer(ASCII, as_written))


def _print(node, printer: _Printer) -> str:
    if isinstance(node, ast.Statement):
        text = printer.formula(node.formula)[0]
        if node.naming is not None:
            text += " | " + naming_text(node.naming)
        return text
    if isinstance(node, ast.Naming):
        return naming_text(node)
    if isinstance(node, (ast.Var, ast.App)):
        return printer.term(node)
    return printer.formula(node)[0]


def _written_parens(node) -> int:
    span = node.span
    return span.parens if span is not None else 0


def naming_text(naming: ast.Naming) -> str:
    target = naming.name
    if naming.params:
        target += "(" + ", ".join(naming.params) + ")"
    return f"{target} := {naming.var}"


@dataclass(frozen=True)
class _Printer:
    n: Notation
    as_written: bool = False

    def term(self, t: ast.Term, nested_infix: bool = False) -> str:
        written = _written_parens(t) if self.as_written else 0
        if isinstance(t, ast.Var) or not t.args:
            text = t.name
        elif is_symbolic(t.name) and len(t.args) == 2:
            text = f"{self.term(t.args[0], True)} {t.name} {self.term(t.args[1], True)}"
            if nested_infix and not written:
                text = f"({text})"
        else:
            text = f"{t.name}(" + ", ".join(self.term(a) for a in t.args) + ")"
        return "(" * written + text + ")" * written

    def formula(self, f: ast.Formula) -> tuple[str, int, bool]:
        """(text, binding strength, whether it ends in an open quantifier scope)."""
        written = _written_parens(f) if self.as_written else 0
        if not written:
            return self._formula(f)
        text, _, _ = self._formula(f)
        return "(" * written + text + ")" * written, _ATOM, False

    def _formula(self, f: ast.Formula) -> tuple[str, int, bool]:
        n = self.n
        if isinstance(f, ast.Pred):
            if not f.args:
                return f.name, _ATOM, False
            return f"{f.name}(" + ", ".join(self.term(a) for a in f.args) + ")", _ATOM, False
        if isinstance(f, ast.Eq):
            return f"{self.term(f.left)} = {self.term(f.right)}", _ATOM, False
        if isinstance(f, ast.Card):
            op = n.ge if f.op == ast.AT_LEAST else "<"
            return f"|L| {op} {f.n}", _ATOM, False
        if isinstance(f, ast.Falsum):
            return n.falsum, _ATOM, False
        if isinstance(f, ast.Not):
            if isinstance(f.body, ast.Eq) and not (self.as_written and _written_parens(f.body)):
                body = f.body
                return f"{self.term(body.left)} {n.neq} {self.term(body.right)}", _ATOM, False
            text, prec, open_right = self.formula(f.body)
            if prec < _ATOM:
                text, open_right = f"({text})", False
            sep = " " if n.neg.isalpha() else ""
            return f"{n.neg}{sep}{text}", _ATOM, open_right
        if isinstance(f, ast.Quant):
            word = {ast.FORALL: n.forall, ast.EXISTS: n.exists, ast.UNIQUE: n.unique}[f.kind]
            body, _, _ = self.formula(f.body)
            return f"{word}{n.quant_gap}{f.var} {body}", _ATOM, True
        if isinstance(f, ast.BINARY):
            prec = _PREC[type(f)]
            op = {ast.And: n.conj, ast.Or: n.disj, ast.Implies: n.implies, ast.Iff: n.iff}[type(f)]
            # Strength each side needs to stand bare: ∧/∨ group left, → right, ↔ never chains.
            if isinstance(f, (ast.And, ast.Or)):
                need_left, need_right = prec, prec + 1
            elif isinstance(f, ast.Implies):
                need_left, need_right = prec + 1, prec
            else:
                need_left, need_right = prec + 1, prec + 1
            left, lp, lopen = self.formula(f.left)
            if lp < need_left or lopen:
                left = f"({left})"
            right, rp, ropen = self.formula(f.right)
            if rp < need_right:
                right, ropen = f"({right})", False
            return f"{left} {op} {right}", prec, ropen
        raise TypeError(f"not a formula: {f!r}")
