"""Every move a seat may make now, as the lines it would type: what a computer player
chooses from (:mod:`referee.table.computer`).

Writing a statement is the one move not listed: it is unbounded (any text the cards
allow), so a player writes its own ``play`` line. Everything else is finite and
listed once: single claims, the ¬ places, the S cards (each allowed n), a pass with
each discard, and the votes. A line listed is one the rules accept as that move (a
claim is accepted as a claim: the engine then settles it either way).

Under house rule ``passing=stuck`` a pass is listed only when no card in the hand can
be played, and each card that writes a statement of the player's own (a symbol card, a
Q card, the ``?`` card) is listed with the plainest statement it allows, so that a
player choosing from the list alone can always end its turn.
"""

from __future__ import annotations

import itertools

from referee.language import ast
from referee.language.deck import DeckCard
from referee.language.limits import MAX_CARDINALITY
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.palmer.permissions import PlayRefused, check_cards_allow, negation_sites
from referee.palmer.setup import Passing
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
    stuck = game.rules.passing == Passing.STUCK
    return (
        *_claims(game),
        *_negations(game, seat),
        *(_statement_cards(game, seat) if not game.board_full else ()),
        *(_plain_plays(game, seat) if stuck and game.dealt and not game.board_full else ()),
        *(_passes(game) if not stuck or game.playable(seat) is None else ()),
    )


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


def _plain_plays(game: Game, seat: str) -> list[str]:
    """For each card of the hand that writes a statement of the player's own, the
    plainest statement it allows (``∃x blonde(x)``, ``∀x ∃y x = y``), checked as a play."""
    lines: list[str] = []
    assert game.vocabulary is not None
    for word, card_id in _hand(game, seat):
        card = game.deck.card(card_id)
        formula = _plainest(card, game)
        if formula is None:
            continue
        text = to_unicode(formula)
        try:
            statement = parse_statement(text, game.vocabulary)
            check_cards_allow(
                [card], statement, game.deck.vocabulary, every_card_used=game.rules.every_card_used
            )
        except (ParseError, PlayRefused):
            continue
        lines.append(f"play {word} : {text}")
    return lines


def _plainest(card: DeckCard, game: Game) -> ast.Formula | None:
    variables = ("x", "y", "z", "u", "v", "w")
    vocabulary = game.deck.vocabulary
    if card.kind in "PFR" and card.symbol is not None:
        symbol = card.symbol
        if symbol in vocabulary.predicates:
            names = variables[: vocabulary.predicates[symbol]]
            body: ast.Formula = ast.Pred(symbol, tuple(ast.Var(v) for v in names))
        elif symbol in vocabulary.functions:
            names = variables[: vocabulary.functions[symbol]]
            value = ast.App(symbol, tuple(ast.Var(v) for v in names))
            body = ast.Eq(value, value)
        else:
            return None
        for name in reversed(names):
            body = ast.Quant(ast.EXISTS, name, body)
        return body
    if card.kind == "Q" and card.prefix:
        names = variables[: len(card.prefix)]
        body = ast.Eq(ast.Var(names[0]), ast.Var(names[0]))
        for before, name in itertools.pairwise(names):  # every variable used
            body = ast.And(body, ast.Eq(ast.Var(before), ast.Var(name)))
        for kind, name in reversed(list(zip(card.prefix, names, strict=False))):
            body = ast.Quant(kind, name, body)
        return body
    if card.kind == "X" and card.action == "any":
        return ast.Quant(ast.EXISTS, "x", ast.Eq(ast.Var("x"), ast.Var("x")))
    return None
