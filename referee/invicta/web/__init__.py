"""Ergo (Invicta) at a table of phones (:class:`referee.table.registry.Phones`): what
``help`` says on a phone, and what the web table needs of it beside its rules. Its drawing
is beside this module: ``draw.js`` and ``style.css``."""

from __future__ import annotations

from referee.invicta.words import repeating_words, repetition_words, result_words
from referee.table.registry import Phones

# Its rules in a few lines, first in a phone's help (docs/rulings.md has the rest).
RULES = (
    "The rules: a 9 × 10 board; white starts. Place a piece on an empty square (a lion "
    "on the edge, hollow inside) or move one of yours: a hollow piece one square "
    "across, a lion one square any way, or along the edge as far as it is free.",
    "A hollow piece that reaches the edge becomes a lion. Nothing is captured. Five "
    "(or more) of your pieces in a row, across or diagonally, win; a position "
    "repeated three times is a draw.",
)

# What to tap, then the lines the command box takes from a seat.
HELP = (
    "Tap an empty square to place a piece from your hand; tap one of your pieces, "
    "then a highlighted square, to move it.",
    "Or type here, as at the terminal:",
    "  e5 (place)    e5-e6 (move)    moves [e5]    history    board",
)


def worded(game, view: dict) -> dict:
    """The result in words, as the terminal says it; and, as its prompt warns (ruling 14),
    a position come round again and the moves that would bring one round the third time."""
    warned = []
    if not game.finished and view["repetitions"] > 1:
        warned.append(repetition_words(view["repetitions"]) + ": a third time is a draw")
    if not game.finished and view["repeating"]:
        warned.append(repeating_words(view["repeating"]))
    warned = [line[0].upper() + line[1:] for line in warned]  # a line of its own
    return {
        **view,
        "result": result_words(game.result) if game.finished else None,
        "repetition": warned,
    }


PHONES = Phones(rules=RULES, help=HELP, worded=worded)
