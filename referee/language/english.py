"""The one module of English helpers: counts, plurals, articles and lists, so every
message says "1 card", "2 cards", "an operator", "ann, bob and cat" and "premises 1-3"
the same way.

It sits at the bottom (no imports of its own) because the words of a located
error (a parse error, a deck that cannot be read) are made where the error is
found; every other sentence is made in the interface, which imports these
through :mod:`referee.client.grammar`."""

from __future__ import annotations

from collections.abc import Sequence

IRREGULAR = {"parenthesis": "parentheses", "premise": "premises", "was": "were", "is": "are"}


def plural(noun: str) -> str:
    return IRREGULAR.get(noun, noun + "s")


def count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``, ``0 parentheses``."""
    return f"{n} {noun if n == 1 else plural(noun)}"


def and_list(parts: Sequence[str], word: str = "and", serial: bool = False) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``serial``: ``a, b, and c``)."""
    parts = [str(p) for p in parts]
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    comma = "," if serial else ""
    return ", ".join(parts[:-1]) + f"{comma} {word} {parts[-1]}"


def numbers(noun: str, first: int, last: int) -> str:
    """``premise 1`` when the range is one number, else ``premises 1-3``."""
    if first == last:
        return f"{noun} {first}"
    return f"{plural(noun)} {first}-{last}"


def thousands(n: int) -> str:
    """1,000 rather than 1000 in messages."""
    return f"{n:,}"


def article(noun: str) -> str:
    """``a variable``, ``an operator``."""
    return ("an " if noun[:1] in tuple("aeiouAEIOU") else "a ") + noun
