"""What one seat of a liar's dice table sees: its own dice, and every bid."""

from __future__ import annotations

from dice.rules import Game


def seat_view(game: Game, seat: str | None) -> dict:
    shown = game.finished
    view: dict = {
        "players": [
            {"name": p, "you": p == seat, "dice": list(game.cups[p]) if shown else None}
            for p in game.players
        ],
        "bids": [{"player": b.player, "count": b.count, "face": b.face} for b in game.bids],
    }
    if seat is not None:
        view["you"] = {"name": seat, "hand": list(game.cups[seat])}
    return view
