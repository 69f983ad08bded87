"""How large a statement the referee reads, and why (docs/rulings.md, "Limits").

The limits of one statement are here (those of files, decks and typed lines
around statements are in ``input_limits``, which imports nothing) so that each
layer can rely on them: the walkers of the language, logic and derivation
layers recurse over statements, and what the engine does before a solver
starts (normal forms, size bounds, pickling for the worker) is linear in a
statement's size. A statement within these limits is handled by every walker
without exhausting Python's stack, and one beyond them is refused
(``check_length``, ``check_depth``, ``check_size``, which the parser calls)
with a message naming the limit and pointing at the place. No table writes
anything close to them.
"""

from __future__ import annotations

from typing import NoReturn

from lark import Token, Tree

from referee.language import ast
from referee.language.english import thousands
from referee.language.errors import ParseError, position
from referee.language.syntax import NOT_EQUAL, NOT_PARTS, parts, span_of

# Characters in one statement (a board line without its comment, a derivation
# step's formula, a statement typed in play). The longest line of every example
# and rules text is about 200 characters; the parser never sees more than this.
MAX_STATEMENT_CHARS = 2_000

# Levels of nesting in a statement's syntax tree. Each link of a chain counts:
# a ∧ b ∧ c is (a ∧ b) ∧ c, three levels; so do terms (f(f(x)) is three).
MAX_DEPTH = 100

# Nodes of a statement once its ∃! are spelled out (ast.spelled_out_size):
# each nested ∃! doubles what it covers, and the engine builds, rewrites and
# sends to its workers that whole tree before a solver starts. At this size
# that takes a few hundredths of a second; a statement of 2,000 characters
# without ∃! has about 1,000 nodes, so only deeply nested ∃! reach it.
MAX_SPELLED_OUT = 10_000

# The largest n of |L| ≥ n and |L| < n: about what the engine can use. With
# n = 100, "|L| ≥ 100 entails |L| ≥ 99" takes it 2 s of the default 3; at 200
# it is undetermined, and so is everything about |L| ≥ 1000. TPTP export
# spells |L| ≥ n out as n(n-1)/2 disequalities (at 1000: 10 MB and 10 s).
MAX_CARDINALITY = 100

# Line and statement numbers a player writes (derivation steps, citations).
MAX_NUMBER = 999_999_999


def read_natural(digits: str, maximum: int) -> int | None:
    """The value of a string of ASCII digits, or None when it exceeds ``maximum``.

    Length is checked before conversion: Python refuses to convert more than
    4,300 digits (a ValueError), and converting is quadratic before that.
    """
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not a number: {digits!r}")
    stripped = digits.lstrip("0") or "0"
    if len(stripped) > len(str(maximum)):
        return None
    value = int(stripped)
    return value if value <= maximum else None


def is_number(text: str) -> bool:
    """A number a player may type at the table: ASCII digits, at most nine of them.

    ``str.isdigit`` alone also accepts ``²`` and other digits ``int`` refuses,
    and any length; a command word passes this check before ``int`` sees it.
    """
    return text.isascii() and text.isdigit() and len(text) <= len(str(MAX_NUMBER))


# ------------------------------------------------ a statement's limits, checked


def check_length(text: str) -> None:
    """ParseError when ``text`` is longer than MAX_STATEMENT_CHARS (pointing at the excess)."""
    if len(text) > MAX_STATEMENT_CHARS:
        line, column = position(text, MAX_STATEMENT_CHARS)
        raise ParseError(
            f"the statement is longer than {thousands(MAX_STATEMENT_CHARS)} characters "
            f"({thousands(len(text))}): split it into several statements",
            text,
            line,
            column,
        )


def check_depth(text: str, tree: Tree) -> None:
    """ParseError when the statement Lark read would be deeper than MAX_DEPTH.

    Iterative, so that the check itself cannot overflow the stack; it counts
    levels as ``ast.depth`` does on the tree it becomes: parentheses add none,
    each link of a ∧ or ∨ chain adds one (``a ∧ b ∧ c`` is ``(a ∧ b) ∧ c``),
    ``∀x, y`` adds two and ``≠`` (a negated equation) two.
    """
    stack: list[tuple[Tree, int]] = [(tree.children[0], 1)]
    while stack:
        node, depth = stack.pop()
        kind = node.data
        if kind == "paren":
            stack.append((node.children[0], depth))
            continue
        subtrees = [c for c in parts(node) if c.data not in NOT_PARTS]
        if kind in ("and_", "or_"):
            deepest = depth + len(subtrees) - 1
            if deepest > MAX_DEPTH:
                _too_deep(text, node, len(subtrees))
            k = len(subtrees)
            stack.extend((p, depth + (k - 1 if i == 0 else k - i)) for i, p in enumerate(subtrees))
            continue
        if depth > MAX_DEPTH:
            _too_deep(text, node)
        step = 1
        if kind == "quant":
            step = sum(1 for c in node.children if isinstance(c, Token) and c.type == "NAME")
        elif kind == "eq" and any(
            isinstance(c, Token) and str(c) in NOT_EQUAL for c in node.children
        ):
            step = 2
        stack.extend((c, depth + step) for c in subtrees)


def _too_deep(text: str, node: Tree, chain: int = 0) -> NoReturn:
    span = span_of(node)
    line, column = (span.line, span.column) if span else (1, 1)
    width = span.end - span.start if span and span.end_line == span.line else 1
    what = f" (this chain has {chain} links; each counts as a level)" if chain else ""
    raise ParseError(
        f"the statement is nested more than {MAX_DEPTH} levels deep{what}: "
        "split it into several statements",
        text,
        line,
        column,
        width,
    )


def check_size(text: str, formula: ast.Formula) -> None:
    """ParseError when ``formula`` spelled out (its ∃! expanded) exceeds MAX_SPELLED_OUT nodes."""
    size = ast.spelled_out_size(formula, stop_above=MAX_SPELLED_OUT)
    if size <= MAX_SPELLED_OUT:
        return
    outer = next(
        (f for f in ast.subformulas(formula) if isinstance(f, ast.Quant) and f.kind == ast.UNIQUE),
        None,
    )
    span = (outer or formula).span
    line, column = (span.line, span.column) if span else (1, 1)
    raise ParseError(
        f"the statement is too large once its ∃! are spelled out (∃!x φ says φ twice: "
        f"∃x (φ ∧ ∀y (φ(y) → y = x)), so nested ∃! double it): more than "
        f"{thousands(MAX_SPELLED_OUT)} parts; nest fewer ∃! or split it up",
        text,
        line,
        column,
    )
