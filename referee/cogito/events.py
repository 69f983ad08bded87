"""The events of a game of Cogito, as the record keeps them.

Each is a frozen dataclass; :data:`CODEC` reads them back from a record,
checking their shape. Whether an event is legal, and whether a recorded
judgement or COGITO agrees with the diagram and the deal, is the game's
question (:meth:`referee.cogito.state.Game.apply`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.table.events import End, Event, EventCodec, PlayerEvent
from referee.table.reveals import Shown


class Position(enum.StrEnum):
    """Where a revealed card lies: blue (declared true), red (false, or Ego), none (Dream)."""

    BLUE = "blue"
    RED = "red"
    NONE = "none"


# What any event of Cogito may show: its news follows from the rules, not the event's
# kind (a play may end the round, draw, trade, disrupt a player or end the game).
COGITO_SHOWS = frozenset(
    {Shown.JUDGEMENT, Shown.DRAWN_CARD, Shown.TRADED_CARD, Shown.SELF_CARD, Shown.DECLARATION}
    | {Shown.GAME_OVER, Shown.PLAYED_CARD}
)


@dataclass(frozen=True)
class Play(PlayerEvent):
    """The player whose turn it is reveals a card from the hand; ``position`` is the judgement."""

    TYPE = "play"
    REVEALS = COGITO_SHOWS
    card: str
    position: Position


@dataclass(frozen=True)
class Give(PlayerEvent):
    """In the trade, ``player`` chooses ``card`` for the left (secret until everyone chose)."""

    TYPE = "give"
    REVEALS = COGITO_SHOWS
    card: str


@dataclass(frozen=True)
class Declare(Event):
    """Several players declare COGITO at the same time; they name their cards clockwise."""

    TYPE = "declare"
    REVEALS = COGITO_SHOWS
    players: tuple[str, ...]


@dataclass(frozen=True)
class Cogito(PlayerEvent):
    """``player`` declares "I am ``named``!"; ``right`` is whether that is their Self card."""

    TYPE = "cogito"
    REVEALS = COGITO_SHOWS
    named: str
    right: bool


CODEC = EventCodec([Play, Give, Declare, Cogito, End])
