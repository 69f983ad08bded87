"""What ``help`` says on a phone: what works from a seat page, in the web's own words.

The terminal's help speaks of one keyboard passed round a table (``hand NAME``
shown to NAME alone, ``quit`` to leave); on a phone the buttons do most of it,
the seat speaks only for its own player, and nobody quits the table. So each
game's help (declared in its package: ``Phones.rules`` and ``Phones.help``) says
first what to tap, then the lines the command box takes from this seat. Lines only:
the page shows each as it is.
"""

from __future__ import annotations

from referee.table.registry import GameRegistration

COMMON = (
    "Also: undo (take back your own last move, where the rules allow it) · undo please "
    "(ask the table to take back the last move) · rematch (once the game is over: play "
    "again, when everyone says it) · rules (the house rules) · help (this text). The "
    "record is saved after every move; "
    "closing this page leaves your seat open: its link brings you back.",
)

# A game that says nothing of its own on a phone: its moves are buttons, its lines still work.
TAP = (
    "Tap one of your moves: each button is a line the referee takes. Or type any line "
    "of the game here, as at the terminal.",
)


def help_lines(registration: GameRegistration) -> tuple[str, ...]:
    """The help a seat of the game is given: its rules in a few lines, what to tap and type
    (each game's own, from its package: ``registration.phones``), then what every table
    takes."""
    phones = registration.phones
    return phones.rules + (phones.help or TAP) + COMMON
