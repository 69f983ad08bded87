"""Every move a seat may make now, as the lines a player would type for them.

A computer player answers with one of these lines (:mod:`referee.table.computer`),
so they are written exactly as the table reads them: ``e5`` places, ``e5-e6``
moves. The rules' own generator decides what is legal; here only who may ask.
"""

from __future__ import annotations

from referee.invicta.notation import written
from referee.invicta.state import Game


def legal_lines(game: Game, seat: str) -> tuple[str, ...]:
    """``seat``'s legal moves now, each once; () when the game is over, when ``seat`` is
    not to move, or when it is no player's seat."""
    if game.to_move is None or game.mover != seat:
        return ()
    return tuple(dict.fromkeys(written(event) for event in game.legal_events(game.to_move)))
