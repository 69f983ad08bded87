"""What one seat of an Invicta table sees now, and the moves it may make: plain data.

Invicta hides nothing, so every seat and the table see the same board and
the house rules a lion moves by; a seat's view adds its side and, on its move,
every legal move (the page highlights where a tapped piece may go; a computer
player picks one of ``legal``, the lines as typed). Used by the web table
(:mod:`referee.web`); everything returned is JSON-ready.
"""

from __future__ import annotations

from referee.invicta.board import COLUMNS, HEIGHT, Side
from referee.invicta.events import Move, Place
from referee.invicta.state import Game


def seat_view(game: Game, seat: str | None) -> dict:
    """The view for ``seat`` (a player's name, checked by the registration), or the
    public one (None)."""
    setup = game.setup
    last = game.last
    view: dict = {
        "game": "invicta",
        "columns": COLUMNS,
        "rows": HEIGHT,
        "players": [
            {"name": setup.white, "side": "white", "you": seat == setup.white},
            {"name": setup.black, "side": "black", "you": seat == setup.black},
        ],
        "to_move": game.to_move.value if game.to_move is not None else None,
        "moves": game.moves,
        "board": {
            s.name: {"side": p.side.value, "kind": p.kind.value} for s, p in game.board.items()
        },
        "in_hand": {"white": game.in_hand[Side.WHITE], "black": game.in_hand[Side.BLACK]},
        "last": last.text if last is not None else None,
        "passed": game.passed.value if game.passed is not None else None,
        "finished": game.finished,
        "finish": game.finish.value if game.finish is not None else None,
        "winner": game.winner.value if game.winner is not None else None,
        "winning_rows": [[s.name for s in row] for row in game.rows],
        # how often the present position has occurred (the third time draws: ruling 14),
        # and the moves of the side to play that would bring one round the third time
        "repetitions": game.repetitions,
        "repeating": [f"{m.origin}-{m.target}" for m in game.repeating_moves()],
        "rules": {
            "first": setup.rules.first.value,
            "corner_cut": setup.rules.corner_cut,
            "corners": setup.rules.corners.value,
            "blocked": setup.rules.blocked.value,
        },
    }
    if seat is not None:
        side = Side.WHITE if seat == setup.white else Side.BLACK
        mine = game.mover == seat
        places: list[str] = []
        moves: dict[str, list[str]] = {}
        if mine:  # on its move, the generator's events are the legal ones (no check each)
            for event in game.legal_events(side):
                if isinstance(event, Place):
                    places.append(event.square.name)
                elif isinstance(event, Move):
                    moves.setdefault(event.origin.name, []).append(event.target.name)
        view["you"] = {
            "name": seat,
            "side": side.value,
            "places": places,
            "moves": moves,
        }
    return view
