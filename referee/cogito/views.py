"""What one seat of a Cogito table may see now, and the moves it may make: plain data.

The web table sends each page only this (:mod:`referee.web`), so the game
decides here, once, what is secret. A player sees every Self card on the
others' holders but never their own, their own hand (and the card they chose
to give in the trade), and every field. ``seat`` None is the spectator and the
table screen: only what every player may see (so no Self card until it is
revealed, and no hand). Everything returned is JSON-ready (str, int, bool,
None, lists, dicts).
"""

from __future__ import annotations

from referee.cogito.diagram import diagram_data, says
from referee.cogito.state import Game, Phase


def seat_view(game: Game, seat: str | None) -> dict:
    """The view for ``seat`` (a player's name, checked by the registration), or the
    public one (None)."""
    # The public table is the game's own summary; a seat adds only what it may see.
    public = game.summary()
    for s, player in zip(game.seats, public["players"], strict=True):
        player["you"] = s.name == seat
        if seat is not None and s.name != seat:
            player["self"] = s.self_card
        player["chose_gift"] = game.phase == Phase.TRADE and s.name in game.giving
        # Every card they revealed, even those Dream sent back: the whole table saw each.
        player["played"] = [{"card": p.card, "position": p.position.value} for p in s.played]
    view: dict = {
        "game": "cogito",
        **public,
        # Every Self card of the deck (public: printed in the rules), for naming one's own.
        "self_cards": list(game.diagram.self_names),
        # The printed diagram and cards (public), to judge a declaration as a player would.
        "diagram": diagram_data(game.diagram),
    }
    if seat is not None:
        view["you"] = _private(game, seat)
    return view


def _private(game: Game, name: str) -> dict:
    """``name``'s own hand and the moves open to them now."""
    me = game.seat(name)
    hand = []
    for i, card in enumerate(me.hand, 1):
        kind = game.diagram.card(card).kind
        hand.append({"number": i, "card": card, "kind": kind.value, "says": says(card, kind)})
    moves = []
    open_ = not game.finished and me.playing
    if open_ and not game.calling and game.mover == name:
        moves += [
            {"command": f"play {c['number']}", "card": c["card"], "move": "play"} for c in hand
        ]
    if open_ and not game.calling and game.phase == Phase.TRADE and name not in game.giving:
        moves += [
            {"command": f"give {name} {c['number']}", "card": c["card"], "move": "give"}
            for c in hand
        ]
    can_name = open_ and (not game.calling or game.calling[0] == name)
    if can_name:  # the page adds one of the deck's Self cards to the command
        word = "iam" if game.calling else f"cogito {name}"
        moves.append({"command": word, "card": None, "move": "cogito"})
    if open_ and not game.calling and game.phase == Phase.LAST_CALL:
        moves.append({"command": "end", "card": None, "move": "end"})
    gift = game.giving.get(name) if game.phase == Phase.TRADE else None
    return {
        "name": name,
        "hand": hand,
        "gift": gift,
        "left": game.left_of(name) if me.playing and not game.finished else None,
        "moves": moves,
        # Every move the rules accept of this seat now, as typed (a computer player's choice).
    }
