"""How a terminal renderer finds the words for an outcome or an event, written once.

A renderer method is marked ``@renders(SomeOutcome)``; the table of outcome
class to method is read off the class (its bases first, so a game overrides a
shared view by marking its own method). An event's one line (undo, replay
``--step``) is a :func:`event_words` function: a template per event class whose
line only names the event's fields, a registered function per class whose words
need more, and the class name for anything else.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from referee.client.safe import escape_invisible, filled
from referee.table.events import End, Event

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


def event_words(lines: Mapping[type[Event], str] | None = None) -> Callable[..., str]:
    """A game's ``describe(event, ...)``: for each event class in ``lines`` its template,
    filled with the event's fields (``"{player} passes"``; ``{removed.symbol}`` reads a
    field's attribute); a class whose words need logic adds a function with
    ``@describe.register``. The table's :class:`End` says "the game ends" and why, unless
    the game words it its own way."""

    @functools.singledispatch
    def describe(event: Any, *args: Any, **kwargs: Any) -> str:
        return type(event).__name__

    describe.register(End, _end)
    for kind, template in (lines or {}).items():
        describe.register(kind, functools.partial(_filled, template))
    return describe


def _end(event: End, *args: Any, **kwargs: Any) -> str:
    return "the game ends" + (f": {escape_invisible(event.reason)}" if event.reason else "")


def _filled(template: str, event: Event, *args: Any, **kwargs: Any) -> str:
    return filled(template, event)
