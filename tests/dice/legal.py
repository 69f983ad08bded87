"""Every move a seat may make now: each higher bid, and ``liar`` once a bid stands."""

from __future__ import annotations

from dice.rules import DICE, FACES, Game


def legal_lines(game: Game, seat: str) -> tuple[str, ...]:
    if game.mover != seat:
        return ()
    last = (game.bids[-1].count, game.bids[-1].face) if game.bids else (0, FACES)
    every = DICE * len(game.players)
    bids = [(c, f) for c in range(1, every + 1) for f in range(1, FACES + 1) if (c, f) > last]
    return (*(f"bid {c} {f}" for c, f in bids), *(("liar",) if game.bids else ()))
