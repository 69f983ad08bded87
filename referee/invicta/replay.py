"""Replaying a plain move list (one move per line, white first) against today's rules.

A move list is not a record: it has no setup beyond the house rules and no
stored judgements, so replaying it means applying its moves until they end,
the game ends, or the rules refuse one, which is reported as an
:class:`Illegal` value (the interface words it and writes its JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.invicta.events import Move, Place
from referee.invicta.notation import ListedMove, as_event
from referee.invicta.setup import HouseRules, Setup
from referee.invicta.state import Game, IllegalMove
from referee.table.errors import Reason


@dataclass(frozen=True)
class Illegal:
    """Move ``move`` (from 1), typed as ``text``, is refused: the rules' ``reason`` (the
    interface words it, and writes the ``illegal`` object of ``replay --json``)."""

    move: int
    text: str
    reason: Reason | None  # None: the reason was not typed, and ``message`` says it
    line: int | None = None  # the move list's line, for a move list
    message: str = ""  # a record's refusal in the public words it was given


def replay_moves(
    moves: Sequence[ListedMove],
    rules: HouseRules,
    on_move: Callable[[int, Place | Move, Game], None] | None = None,
) -> tuple[Game, Illegal | None]:
    """The game the moves give, and the first one the rules refuse (None: every one is legal)."""
    game = Game.new(Setup("white", "black", rules))
    for number, listed in enumerate(moves, start=1):
        event = as_event(listed.move, game.next_side)
        try:
            game.apply(event)
        except IllegalMove as exc:
            return game, Illegal(number, listed.text, exc.refusal, listed.line)
        if on_move is not None:
            on_move(number, event, game)
    return game, None
