"""One key map for every prompt and every step replay.

At a prompt (a command, a question, a hand view) Ctrl-C never ends the program
by itself: it asks first (:func:`ask_to_leave`), and Ctrl-D leaves. In a step
replay one key moves: Enter, space, ``n`` or → for the next event; ``b``,
``p`` or ← for the one before; ``g`` to jump to an event by its number; ``q``,
Esc, Ctrl-C or Ctrl-D to leave.
"""

from __future__ import annotations

import enum

import click
from rich.console import Console
from rich.text import Text


class Key(enum.Enum):
    NEXT = "next"
    BACK = "back"
    JUMP = "jump"
    LEAVE = "leave"
    OTHER = "other"


KEYS: dict[str, Key] = {
    "\r": Key.NEXT,
    "\n": Key.NEXT,
    " ": Key.NEXT,
    "n": Key.NEXT,
    "\x1b[C": Key.NEXT,  # →
    "\x1b[B": Key.NEXT,  # ↓
    "\x1bOC": Key.NEXT,
    "\x1bOB": Key.NEXT,
    "b": Key.BACK,
    "p": Key.BACK,
    "\x1b[D": Key.BACK,  # ←
    "\x1b[A": Key.BACK,  # ↑
    "\x1bOD": Key.BACK,
    "\x1bOA": Key.BACK,
    "g": Key.JUMP,
    "q": Key.LEAVE,
    "Q": Key.LEAVE,
    "\x1b": Key.LEAVE,  # Esc
    "\x03": Key.LEAVE,  # Ctrl-C
    "\x04": Key.LEAVE,  # Ctrl-D
}

STEP_KEYS = "Enter next · b back · g jump · q leave"
LEAVE_QUESTION = "Leave the game? The record is saved either way."


def key_of(typed: str) -> Key:
    return KEYS.get(typed, Key.OTHER)


def read_key() -> Key:
    """One key press, without Enter (Ctrl-C and Ctrl-D are keys here, not signals)."""
    try:
        typed = click.getchar()
    except (KeyboardInterrupt, EOFError):
        return Key.LEAVE
    return key_of(typed)


class LeaveGame(Exception):  # noqa: N818 (a request, not an error)
    """Raised where a person asked to leave the game from inside a view (a hand)."""


def ask(out: Console, question: str | Text) -> bool:
    """A yes/no question; Ctrl-C, Ctrl-D or anything but yes answer no.

    A question quoting what someone typed comes as :class:`Text` built with ``user()``.
    """
    try:
        answer = out.input(Text.assemble(question, " [y/N] ", style="bold"))
    except (EOFError, KeyboardInterrupt, UnicodeDecodeError):  # bytes not UTF-8 answer no
        out.print()
        return False
    return answer.strip().lower() in ("y", "yes")


def ask_to_leave(out: Console) -> bool:
    """What Ctrl-C at any prompt of a game does: ask whether to leave."""
    return ask(out, LEAVE_QUESTION)
