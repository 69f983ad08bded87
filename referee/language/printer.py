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

import unicodedata
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


# ------------------------------------------------------------ wrapping a printed statement

# Binary connectives as printed (both notations) and the naming bar: a line breaks before one.
_CONNECTIVES = frozenset({"∧", "∨", "→", "↔", "/\\", "\\/", "->", "<->", "&", "|"})


def text_width(text: str) -> int:
    """Columns ``text`` takes at a terminal (wide characters two, combining marks none)."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def breaks(text: str) -> dict[int, int]:
    """Where a printed statement may break (index the next line starts at → cost): here for
    :func:`wrap`, and for a statement inside a line of words (``referee.client.safe``).

    Cheapest before a connective, then after an argument's comma, then at any other
    space (after a quantifier, around ``=``), each dearer the deeper it is in
    parentheses; after an opening parenthesis only when nothing else is near
    (``happy(father(father(…``). Never right after a connective: the next line starts
    with it.
    """
    out: dict[int, int] = {}
    depth = 0
    words = text.split(" ")
    at = 0
    for k, word in enumerate(words):
        for i, ch in enumerate(word):
            if ch == "(":
                depth += 1
                if i + 1 < len(word):
                    out[at + i + 1] = 12
            elif ch == ")":
                depth = max(0, depth - 1)
        at += len(word) + 1
        if k + 1 == len(words) or not word or word in _CONNECTIVES:
            continue
        after = words[k + 1]
        if after in _CONNECTIVES:
            out[at] = 2 * depth
        elif word.endswith(","):
            out[at] = 2 * depth + 1
        else:
            out[at] = 2 * depth + 3
    return out


def wrap(text: str, width: int, first: int | None = None, indent: int = 2) -> tuple[str, ...]:
    """A printed statement as lines of at most ``width`` columns (``first`` for the first
    line), the lines after the first starting with ``indent`` spaces.

    Lines break at the places :func:`breaks` prices, weighing a break's cost against
    the room it leaves unused, so a statement reads in its parts (``∀x happy(x)`` /
    ``→ happy(…)``) rather than wherever the edge falls; a run with no place to break
    at all is cut at the edge. Joined with spaces the lines give ``text`` back.
    """
    places = breaks(text)
    lines: list[str] = []
    start = 0
    room = max(1, width if first is None else first)
    while text_width(text[start:]) > room:
        best, best_score = None, None
        for at, cost in places.items():
            if at <= start:
                continue
            line = text[start:at].rstrip(" ")
            used = text_width(line)
            if used > room:
                continue
            score = 10 * cost + 30 * (room - used) / room
            if cost >= 12 and "(" not in text[at:].split(" ", 1)[0]:
                score += 30  # not a line starting with only closing parentheses: ``x))))``
            if best_score is None or score <= best_score:
                best, best_score = at, score
        if best is None:  # nothing to break at: cut at the edge
            best, used = start, 0
            while best < len(text) and used + text_width(text[best]) <= room:
                used += text_width(text[best])
                best += 1
            best = max(best, start + 1)
        lines.append(text[start:best].rstrip(" "))
        start = best
        while start < len(text) and text[start] == " ":
            start += 1
        room = max(1, width - indent)
    lines.append(text[start:])
    return (lines[0], *(" " * indent + line for line in lines[1:]))
