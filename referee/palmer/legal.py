"""Every move a seat may make now, as the lines it would type: what a computer player
chooses from (:mod:`referee.table.computer`).

Writing a statement is the one move not listed: it is unbounded (any text the cards
allow), so a player writes its own ``play`` line. Everything else is finite and
listed once: single claims, the ¬ places, the S cards (each allowed n), a pass with
each discard, and the votes. A line listed is one the rules accept as that move (a
claim is accepted as a claim: the engine then settles it either way).
"""

from __future__ import annotations

import itertools

from referee.language.limits import MAX_CARDINALITY
from referee.palmer.permissions import negation_sites
from referee.palmer.state import Game


def legal_lines(game: Game, seat: str) -> tuple[str, ...]:
    """The lines ``seat`` may say now, each distinct move once (its turn's moves, or its
    vote while the table votes on a claim); () when it may say none."""
    if game.finished or seat not in game.players:
        return ()
    if game.pending is not None:  # the turn waits for the vote: each asked player's ballot
        asked = seat in game.asked and seat not in game.ballots
        return ("vote yes", "vote no") if asked else ()
    if game.mover != seat:
        return ()
    return (*_claims(game), *_negations(game, seat), *_statement_cards(game, seat), *_passes(game))


def _claims(game: Game) -> list[str]:
    return ["claim inconsistent", *(f"claim {e.id}" for e in game.board if not e.scored)]


def _hand(game: Game, seat: str) -> list[tuple[str, str]]:
    """(the word that names the card, its id): hand positions when dealt, else the deck's
    ids (table mode: every card is on the table)."""
    if game.dealt:
        return [(str(i), c) for i, c in enumerate(game.hand(seat), 1)]
    return [(c.id, c.id) for c in game.deck.cards]


def _negations(game: Game, seat: str) -> list[str]:
    ids = {card_id for _, card_id in _hand(game, seat)}
    if not any(_is_negate(game, c) for c in ids):
        return []
    return [
        f"negate {e.id} {k}"
        for e in game.board
        for k in range(1, len(negation_sites(e.statement, e.vocabulary)) + 1)
    ]


def _is_negate(game: Game, card_id: str) -> bool:
    card = game.deck.card(card_id)
    return card.kind == "X" and card.action == "negate"


def _statement_cards(game: Game, seat: str) -> list[str]:
    lines, seen = [], set()
    for word, card_id in _hand(game, seat):
        card = game.deck.card(card_id)
        if card.kind != "S" or card_id in seen:  # two copies of a card: one move
            continue
        seen.add(card_id)
        if card.parametric:
            lines.extend(f"play {word} n={n}" for n in range(1, MAX_CARDINALITY + 1))
        else:
            lines.append(f"play {word}")
    return lines


def _passes(game: Game) -> list[str]:
    """``pass``, and with the house rule a pass discarding each distinct set of cards."""
    if not game.dealt or not game.rules.pass_discard:
        return ["pass"]
    hand = game.hand()
    lines, seen = [], set()
    for size in range(len(hand) + 1):
        for chosen in itertools.combinations(range(len(hand)), size):
            cards = tuple(sorted(hand[i] for i in chosen))
            if cards in seen:
                continue
            seen.add(cards)
            lines.append(" ".join(["pass", *(str(i + 1) for i in chosen)]))
    return lines
