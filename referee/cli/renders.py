"""How a terminal renderer finds the words for an outcome or an event, written once.

A renderer method is marked ``@renders(SomeOutcome)``; the table of outcome
class to method is read off the class (its bases first, so a game overrides a
shared view by marking its own method). An event's one line (undo, replay
``--step``) is a :func:`event_words` function with one registered line per
event class of the game, and the class name for anything else.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

Method = TypeVar("Method", bound=Callable[..., Any])


def renders(*outcomes: type, paged: bool = False) -> Callable[[Method], Method]:
    """Mark a method as the one that words ``outcomes``; ``paged``: through the pager."""

    def mark(method: Method) -> Method:
        method.renders = (*getattr(method, "renders", ()), *outcomes)
        method.paged = paged
        return method

    return mark


def outcome_methods(renderer: type) -> dict[type, tuple[str, bool]]:
    """Outcome class -> (method name, paged), the bases' marks first so a subclass wins."""
    table: dict[type, tuple[str, bool]] = {}
    for cls in reversed(renderer.__mro__):
        for name, value in vars(cls).items():
            for outcome in getattr(value, "renders", ()):
                table[outcome] = (name, value.paged)
    return table


def event_words() -> Callable[..., str]:
    """A game's ``describe(event, ...)``: add a line with ``@describe.register``."""

    @functools.singledispatch
    def describe(event: Any, *args: Any, **kwargs: Any) -> str:
        return type(event).__name__

    return describe
