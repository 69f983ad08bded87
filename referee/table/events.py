"""Events: what happened at the table, one frozen dataclass per kind.

Every game declares its event classes (subclasses of :class:`Event` with a
``TYPE`` name) and an :class:`EventCodec` over them. A record stores events as
``{"type": TYPE, field: value, ...}``; the codec reads them back, checking
their shape once, so a game's ``apply`` only ever sees typed events and only
has to judge whether they are legal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.language.shapes import Plain, ShapeError, decode
from referee.table.errors import Hides, IllegalEvent, RecordError, Refusal
from referee.table.refusals import Why
from referee.table.reveals import Reveal, Shown, hidden, shown


@dataclass(frozen=True)
class Event(Plain):
    """Base of every game's events; subclasses are frozen dataclasses with a ``TYPE``."""

    TYPE: ClassVar[str] = ""
    # What an event of this kind may show the table that nobody could otherwise know: kinds
    # of hidden thing (:mod:`referee.table.reveals`: its ``Shown``, or an enum of the game's
    # own; empty: nothing). Every game declares it for each of its events, and it alone
    # sets the undo barrier; None, undeclared, fails closed: undo never takes it back.
    REVEALS: ClassVar[frozenset[enum.Enum] | None] = None

    def to_json(self) -> dict:
        return {"type": self.TYPE, **super().to_json()}


@dataclass(frozen=True)
class PlayerEvent(Event):
    """An event one player makes (a card played, a claim): its ``player`` is its author,
    the one seat that may take it back. Events the table or the rules make (a vote, a
    round scored, the end) are plain :class:`Event`."""

    player: str


@dataclass(frozen=True)
class End(Event):
    """The table ends the game (``end``), saying why in ``reason`` if it likes. Every game
    that lets the table stop it records this one event; its rules say when it may, and
    what the end means (most points wins, or a tie)."""

    TYPE = "end"
    REVEALS = frozenset({Shown.GAME_OVER})  # the end may show what was hidden (Cogito's)
    reason: str = ""


def handler_for(state: Any, event: Event, codec: EventCodec) -> Callable[[Any], None]:
    """The state's handler of ``event``: its method ``_TYPE`` (``_tabula_rasa``), as a
    command's handler is ``_command``; after the checks every game's ``apply`` makes
    first: no event once the game is over, and none of a kind the game's codec lacks."""
    if state.finished:
        raise IllegalEvent("type", reason=Refusal(Why.GAME_OVER))
    if codec.kinds.get(event.TYPE) is not type(event):
        raise IllegalEvent("type", reason=Refusal(Why.NOT_AN_EVENT, word=type(event).__name__))
    return getattr(state, f"_{event.TYPE}")


class Judged:
    """The bookkeeping every game's ``apply`` shares, written once: find the event's
    handler (:meth:`handler`), let the game judge it first (:meth:`judge`, which raises
    :class:`IllegalEvent` before anything changes), apply it, count it (``events``), and
    keep the last event that showed the table something hidden (``last_reveal``, the
    undo barrier of :mod:`referee.table.reveals`). What an event showed follows from the
    declarations alone, the event class's ``REVEALS`` and the state's ``hidden``: no game
    writes it, so none can forget to. A game state mixes this in and writes its handlers."""

    codec: ClassVar[EventCodec]
    hides: ClassVar[Hides] = Hides.SECRET  # what a hidden refusal's words name
    events: int = 0
    last_reveal: Reveal | None = None

    def apply(self, event: Any) -> None:
        """Move on by one event, or raise IllegalEvent (the game is then unchanged)."""
        handler = self.handler(event)
        self.judge(event)
        before = hidden(self)
        handler(event)
        self.events += 1
        showed = shown(type(event), before, hidden(self))
        if showed:
            self.last_reveal = Reveal(self.events, showed)

    def handler(self, event: Event) -> Callable[[Any], None]:
        """The state's method for ``event``: :func:`handler_for`, after its checks."""
        return handler_for(self, event, self.codec)

    def judge(self, event: Any) -> None:
        """Raise IllegalEvent if the game refuses ``event`` now, before anything changes
        (what every event of the game must meet: a turn, a vote first)."""


class EventCodec:
    """Reads and writes the events of one game."""

    def __init__(self, kinds: Iterable[type[Event]]) -> None:
        self.kinds: dict[str, type[Event]] = {}
        for kind in kinds:
            if not kind.TYPE or kind.TYPE in self.kinds:
                raise ValueError(f"event type {kind.TYPE!r} is missing or repeated")
            self.kinds[kind.TYPE] = kind

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    def decode(self, data: Any, number: int | None = None) -> Event:
        """A stored event as a typed one; RecordError naming event ``number`` and the field."""
        if not isinstance(data, Mapping):
            raise RecordError("an event must be an object", number)
        name = data.get("type")
        kind = self.kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            raise RecordError(
                f"{name!r} is not an event type of this game ({', '.join(self.kinds)})",
                number,
                "type",
            )
        try:
            return decode(kind, dict(data))
        except ShapeError as exc:
            raise RecordError(exc.message, number, exc.field) from None

    @staticmethod
    def encode(event: Event) -> dict:
        return event.to_json()
