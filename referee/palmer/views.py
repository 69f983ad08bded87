"""What one seat of a Palmer table may see now, and a statement checked as it is typed.

The web table (:mod:`referee.web`) sends each page only :func:`seat_view`, so
the game decides here, once, what is secret: in dealt mode a hand is its
owner's alone (the others see how many cards it holds), and the cards passed
away are nobody's business. ``seat`` None is the spectator and the table
screen: only what every player may see. :func:`check_play` is the statement
editor's live check: the parse (with where it fails) and the card check, on
the seat's own cards, changing nothing. Everything returned is JSON-ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.language.deck import DeckCard
from referee.language.limits import is_number
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.shapes import encode
from referee.palmer import permissions
from referee.palmer.cards import short_name
from referee.palmer.refusals import Why
from referee.palmer.state import Game
from referee.table import refusals as table

# The symbol row of the statement editor: what a phone keyboard lacks.
SYMBOLS = ("∀", "∃", "∃!", "¬", "∧", "∨", "→", "↔", "=", "≠", "(", ")", ":=", "|")


def _card(card: DeckCard, number: int | None = None) -> dict:
    data = {
        "id": card.id,
        "name": short_name(card),
        "kind": card.kind,
        "label": card.label,
        "statement": card.statement if card.kind == "S" else None,
        "parametric": card.parametric,
        "negate": card.kind == "X" and card.action == "negate",
        # What the card allows, as the deck says it (public): a computer player checks a
        # statement against its cards with the rules' own check (permissions).
        "symbol": card.symbol,
        "prefix": list(card.prefix),
        "variables": list(card.variables),
        "action": card.action,
    }
    if number is not None:
        data["number"] = number
    return data


def seat_view(game: Game, seat: str | None) -> dict:
    """The view for ``seat`` (a player's name, checked by the registration), or the
    public one (None)."""
    pending = game.pending
    view: dict = {
        "game": "palmer",
        "mode": game.settings.mode,
        "turn": game.turn,
        "players": [
            {
                "name": p,
                "you": p == seat,
                "score": game.scores[p],
                "hand": len(game.hands.get(p, [])) if game.dealt else None,
            }
            for p in game.players
        ],
        "board": [
            {
                "id": e.id,
                "statement": e.as_written,
                "author": e.author,
                "cards": [short_name(game.deck.card(c)) for c in e.cards],
                "scored": e.scored,
            }
            for e in game.board
        ],
        "erased": [{"id": e.id, "statement": e.as_written} for e in game.erased],
        "names": dict(game.names),
        "vote": None
        if pending is None
        else {
            "player": pending.player,
            "kind": pending.kind.value,
            "targets": list(pending.targets),
            # Who votes (everyone but its claimant), who has (not how: that is told when the
            # house rule settles it), and the rule: the turn waits for the last vote.
            "asked": list(game.asked),
            "voted": [p for p in game.asked if p in game.ballots],
            "waiting": [p for p in game.asked if p not in game.ballots],
            "rule": game.rules.vote_by.value,
        },
        "draw_pile": len(game.draw_pile) if game.dealt else None,
        "finished": game.finished,
        "winner": game.winner,
        "finish": game.finish.value if game.finish else None,
        "events": game.events,
        "vocabulary": {
            "predicates": dict(game.vocabulary.predicates) if game.vocabulary else {},
            "functions": dict(game.vocabulary.functions) if game.vocabulary else {},
        },
        "symbols": list(SYMBOLS),
        # The table's settings and house rules, public from the first card: what a claim
        # is worth and how long the referee gives it.
        "settings": {
            "hand_size": game.settings.hand_size,
            "win_score": game.settings.win_score,
            "claim_timeout": game.setup.claim_timeout,
            "rules": encode(game.rules),
        },
    }
    if seat is not None:
        view["you"] = _private(game, seat)
    return view


def _private(game: Game, name: str) -> dict:
    if game.dealt:
        hand = [_card(game.deck.card(c), i) for i, c in enumerate(game.hand(name), 1)]
    else:  # table mode: the cards are on the table; the page offers the deck's kinds
        hand = [_card(c) for c in game.deck.cards]
    to_play = game.mover == name
    return {
        "name": name,
        "hand": hand,
        # Where a ¬ may go, for each statement on the board (the command ``negate N K``
        # is K's place in N), offered to the player to play when they have a ¬ to place.
        "negations": _negations(game) if to_play and _has_negate(game, name) else [],
        # The others vote on an undetermined claim; its claimant does not (a claim must
        # convince the others: the command language refuses it).
        "vote": game.pending is not None
        and not game.finished
        and name in game.asked
        and name not in game.ballots,
    }


def _has_negate(game: Game, name: str) -> bool:
    cards = (game.deck.card(c) for c in game.hand(name)) if game.dealt else game.deck.cards
    return any(c.kind == "X" and c.action == "negate" for c in cards)


def _negations(game: Game) -> list[dict]:
    """For each board entry, the statements one ¬ makes of it, place 1, 2, … in order."""
    return [
        {
            "id": e.id,
            "places": [s.after.text for s in permissions.negation_sites(e.statement, e.vocabulary)],
        }
        for e in game.board
    ]


def check_play(game: Game, seat: str, cards: Sequence[str], text: str) -> dict:
    """The editor's live check of ``text`` played with ``cards`` (hand numbers in dealt
    mode, card ids in table mode) by ``seat``: parse first, then the card permissions.

    ``{"ok", "stage": "cards" | "parse" | "permission" | None, "message", "column",
    "width", "statement"}``; a column (1-based) and width point at the fault in ``text``.
    """
    result: dict = {
        "ok": False,
        "stage": None,
        "message": "",
        "column": None,
        "width": None,
        "statement": None,  # the statement as read, once it reads
    }
    try:
        chosen = _chosen(game, seat, cards)
    except permissions.PlayRefused as exc:  # worded by the interface, as below
        return {**result, "stage": "cards", "refusal": exc.refusal}
    assert game.vocabulary is not None
    try:
        statement = parse_statement(text, game.vocabulary)
    except ParseError as exc:
        first = str(exc).split("\n")[0]
        return {
            **result,
            "stage": "parse",
            "message": first,
            "column": exc.offset + 1,
            "width": exc.width,
        }
    result["statement"] = to_unicode(statement, as_written=True)
    if not chosen:
        return {**result, "ok": True, "stage": None, "message": "reads well; choose the cards"}
    try:
        permissions.check_cards_allow(
            chosen, statement, game.deck.vocabulary, every_card_used=game.rules.every_card_used
        )
    except permissions.PlayRefused as exc:
        # the interface words the refusal (referee.client.reasons) and drops it
        return {**result, "stage": "permission", "refusal": exc.refusal}
    return {**result, "ok": True, "message": "the cards allow it"}


def _chosen(game: Game, seat: str, cards: Sequence[str]) -> list[DeckCard]:
    """The deck cards ``cards`` name (hand positions in dealt mode, ids in table mode);
    :class:`permissions.PlayRefused` with the reason for anything else."""
    if seat not in game.players:
        raise permissions.PlayRefused(table.Why.NO_SUCH_PLAYER, word=seat)
    if len(cards) > 16:
        raise permissions.PlayRefused(Why.TOO_MANY_CARDS)
    if game.dealt:
        hand = game.hand(seat)
        out, seen = [], set()
        for word in cards:
            if not is_number(word) or not 1 <= int(word) <= len(hand) or word in seen:
                raise permissions.PlayRefused(Why.NOT_YOUR_CARD, word=word)
            seen.add(word)
            out.append(game.deck.card(hand[int(word) - 1]))
        return out
    ids = {c.id: c for c in game.deck.cards}
    out = []
    for word in cards:
        if word not in ids:
            raise permissions.PlayRefused(Why.NOT_A_DECK_CARD, word=word)
        out.append(ids[word])
    return out
