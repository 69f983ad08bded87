"""Shared by the Cogito tests: the example deck, a small deck, and rigged deals."""

from __future__ import annotations

from pathlib import Path

from referee.cogito.diagram import load_diagram
from referee.cogito.setup import HouseRules, Setup
from referee.cogito.state import Game
from referee.table.house import with_switch

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cards" / "cogito-example.toml"
EXAMPLE_TEXT = EXAMPLE.read_text(encoding="utf-8")


def example():
    return load_diagram(EXAMPLE_TEXT, "cogito-example.toml")


def rules(*switches: str) -> HouseRules:
    out = HouseRules()
    for s in switches:
        out = with_switch(out, s)
    return out


def rigged(
    selves: dict[str, str],
    hands: dict[str, list[str]],
    pile: list[str],
    house: HouseRules | None = None,
    first: str = "",
) -> Game:
    """A game on the example deck with a chosen deal (the seed's deal overwritten).

    The rules do not care how the cards were shuffled, so a test may choose
    them: each player's Self card and hand, and the pile from the top.
    """
    setup = Setup(
        tuple(selves), 1, EXAMPLE_TEXT, "cogito-example.toml", first, house or HouseRules()
    )
    game = Game.new(setup)
    for seat in game.seats:
        seat.self_card = selves[seat.name]
        seat.hand = list(hands[seat.name])
    for seat in game.seats:
        seat.seen = {s.self_card for s in game.seats if s is not seat} | set(seat.hand)
    game.pile = list(pile)
    return game
