"""Why the table itself refuses a command, whatever the game, as data: the ``why`` of a
:class:`~referee.table.errors.Refusal` (the interface words it in :mod:`referee.client.reasons`)."""

from __future__ import annotations

import enum

from referee.table.errors import Hint


class Why(enum.Enum):
    GAME_OVER = "game_over"
    NOT_AN_EVENT = "not_an_event"  # word: the event's kind (a record of another game)
    NOT_YOUR_TURN = "not_your_turn"  # player: whose turn; other: the seat that spoke
    ONLY_NAMED = "only_named"  # player: who may say it
    NO_SUCH_PLAYER = "no_such_player"  # word
    UNKNOWN_COMMAND = "unknown_command"  # word
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_UNDONE = "not_undone"
    TABLE_STAYS_OPEN = "table_stays_open"  # a seat said quit
    NOT_YOUR_UNDO = "not_your_undo"  # player: who made the last move ("" if nobody did)
    NO_HANDS = "no_hands"  # hand in table mode: the players hold their cards
    EVENT_TOO_LARGE = "event_too_large"  # count: the event's bytes, number: the limit
    RECORD_FULL = "record_full"  # number: the limit (bytes)
    # At the keyboard of a table with computer seats (the people typing are its humans):
    COMPUTERS_TURN = "computers_turn"  # player: the computer seat whose move it is
    COMPUTERS_SEAT = "computers_seat"  # player: the computer seat the command names
    WHICH_HUMAN = "which_human"  # word: the command; texts: the humans it may be for
    NO_MOVE_OF_YOURS = "no_move_of_yours"  # undo: every event so far is a computer's


class Tip(enum.Enum):
    """The table's own hints (worded in :mod:`referee.client.reasons`)."""

    UNDO_EVENT = "undo_event"  # the game is over: undo takes back the last event
    HELP = "help"  # an unknown command: type help


UNDO_EVENT = Hint(Tip.UNDO_EVENT)
HELP = Hint(Tip.HELP)
