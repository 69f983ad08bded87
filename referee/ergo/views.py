"""What one seat of an Ergo table may see now: plain data for the web table.

The web table (:mod:`referee.web`) sends each page only :func:`seat_view`, so
the game decides here, once, what is secret: in dealt mode a hand (and the
turn's draw) is its owner's alone, and discards stay face down. ``seat`` None
is the spectator and the table screen: only what every player may see (the
Proof, the cards in front of players, the scores, each hand's size). In table
mode the referee holds no hands, so a seat is offered every kind of card.
Everything returned is JSON-ready.
"""

from __future__ import annotations

from referee.ergo.cards import Card, Face
from referee.ergo.hint import proves
from referee.ergo.state import Game

# What a card does when played, for the page's buttons.
SPECIAL = {
    Card.FALLACY: "fallacy",
    Card.JUSTIFICATION: "justify",
    Card.TABULA_RASA: "tabula",
    Card.REVOLUTION: "revolution",
    Card.ERGO: "ergo",
}


def _word(card: Card, face: Face) -> str:
    """How ``play`` names ``card`` showing ``face`` (a Wild has a star)."""
    return ("*" if card.wild else "") + face.value


def _card(card: Card, number: int | None, new: bool = False) -> dict:
    data = {
        "card": card.value,
        "label": card.label,
        "use": SPECIAL.get(card, "proof"),
        "faces": [{"symbol": f.symbol, "word": _word(card, f)} for f in card.faces],
        "new": new,
    }
    if number is not None:
        data["number"] = number
    return data


def seat_view(game: Game, seat: str | None) -> dict:
    """The view for ``seat`` (a player's name, checked by the registration), or the
    public one (None)."""
    last = game.history[-1] if game.history else None
    view: dict = {
        "game": "ergo",
        "mode": game.settings.mode.value,
        "round": game.round,
        "turn": game.turn,
        "plays_left": game.plays_left,
        "pile": game.pile_count,
        "stopped": game.stopped.value if game.stopped else None,
        "finished": game.finished,
        "winners": list(game.winners),
        "players": [
            {
                "name": s.name,
                "you": s.name == seat,
                "variable": s.variable,
                "score": game.scores[s.name],
                "hand": len(game.hands.get(s.name, [])) if game.dealt else None,
                "fallacy": game.fallacy.get(s.name),
                "justified": s.name in game.justified,
                "in_front": [c.label for c in game.in_front.get(s.name, [])],
            }
            for s in game.settings.seats
        ],
        "proof": [
            {
                "number": i,
                "cards": [{"symbol": c.symbol, "wild": c.card.wild} for c in premise],
            }
            for i, premise in enumerate(game.proof.premises, 1)
        ],
        "last_round": None
        if last is None
        else {
            "round": last.round,
            "reason": last.reason.value,
            "proof": list(last.proof),
            "proven": list(last.decision.proven),
            "disproven": list(last.decision.disproven),
            "paradox": last.decision.paradox,
            "awards": {a.player: a.points for a in last.awards},
            # No move since it ended: the screens keep its Proof and points in sight.
            "fresh": game.events == game.round_over_at,
        },
        "events": game.events,
        # Public: what the deck holds and which special cards were played this round,
        # so a player (or a computer one) can count the cards it has not seen.
        "deck": {card.value: n for card, n in game.deck.counts if n},
        "out": [c.value for c in game.out],
    }
    if game.rules.hints:  # house rule: public, the same for every seat
        view["proves"] = proves(game)
    if seat is not None:
        view["you"] = _private(game, seat)
    return view


def _private(game: Game, name: str) -> dict:
    if game.dealt:
        new = game.new_in_hand(name)
        hand = [_card(c, i, new[i - 1]) for i, c in enumerate(game.hand(name), 1)]
    else:
        hand = [_card(c, None) for c in Card]
    to_play = game.mover == name
    return {
        "name": name,
        "variable": game.variable(name),
        "hand": hand,
        "plays_left": game.plays_left if to_play else 0,
        "others": [p for p in game.players if p != name],
    }
