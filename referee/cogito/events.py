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


class Secret(enum.StrEnum):
    """What Cogito hides beside a judgement, the pile and the end (referee.table.reveals):
    each worded by its words module."""

    TRADED_CARD = "traded_card"  # a card received in the trade, from another hand
    SELF_CARD = "self_card"  # a Self card shown to the table (a disruption)
    DECLARATION = "declaration"  # a COGITO named, judged right or wrong


# What the rules may go on to show after any move: its news follows from the rules, not
# from the event's kind (the round ends and draws, the trade is made, a player is
# disrupted, the game ends); the game's ``hidden`` measures which of them an event showed.
FOLLOWING = frozenset({Shown.DRAWN_CARD, Secret.TRADED_CARD, Secret.SELF_CARD, Shown.GAME_OVER})


@dataclass(frozen=True)
class Play(PlayerEvent):
    """The player whose turn it is reveals a card from the hand; ``position`` is the judgement."""

    TYPE = "play"
    REVEALS = FOLLOWING | {Shown.JUDGEMENT, Shown.PLAYED_CARD}  # its judgement, always
    card: str
    position: Position


@dataclass(frozen=True)
class Give(PlayerEvent):
    """In the trade, ``player`` chooses ``card`` for the left (secret until everyone chose)."""

    TYPE = "give"
    REVEALS = FOLLOWING  # the last gift makes the trade
    card: str


@dataclass(frozen=True)
class Declare(Event):
    """Several players declare COGITO at the same time; they name their cards clockwise."""

    TYPE = "declare"
    REVEALS = frozenset()  # the game stops for the naming: nothing moves, nothing is shown
    players: tuple[str, ...]


@dataclass(frozen=True)
class Cogito(PlayerEvent):
    """``player`` declares "I am ``named``!"; ``right`` is whether that is their Self card."""

    TYPE = "cogito"
    REVEALS = FOLLOWING | {Secret.DECLARATION}  # right or wrong, always
    named: str
    right: bool


CODEC = EventCodec([Play, Give, Declare, Cogito, End])
