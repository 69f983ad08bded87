"""How large an input the referee reads, and why (docs/rulings.md, "Limits").

Every limit is here so that each layer can rely on it: the walkers of the
language, logic and derivation layers recurse over statements, and what the
engine does before a solver starts (normal forms, size bounds, pickling for
the worker) is linear in a statement's size. A statement within these limits
is handled by every walker without exhausting Python's stack, and one beyond
them is refused by the parser with a message naming the limit and pointing
at the place. No table writes anything close to them.
"""

from __future__ import annotations

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


def thousands(n: int) -> str:
    """1,000 rather than 1000 in messages."""
    return f"{n:,}"
