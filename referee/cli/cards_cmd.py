"""``referee cards``: the deck as a table."""

from __future__ import annotations

import click
from rich.table import Table

from referee.client.common import deck_option, load_deck
from referee.client.safe import console, user

_WHAT = {"P": "predicate", "F": "function", "R": "relation", "Q": "quantifiers", "S": "statement"}


@click.command()
@deck_option
def cards(deck_path) -> None:
    """Show the cards of the deck and its vocabulary."""
    deck = load_deck(deck_path)
    table = Table(title=user(f"{deck.name} deck: {deck.size} cards"))
    table.add_column("id", style="bold")
    table.add_column("kind")
    table.add_column("card")
    table.add_column("×", justify="right")
    table.add_column("meaning")
    for card in deck.cards:
        if card.kind in "PFR":
            shown = card.symbol
        elif card.kind == "Q":
            shown = card.label.removeprefix("Q ")
        elif card.kind == "S":
            shown = card.statement
        else:
            shown = card.label
        kind = _WHAT.get(card.kind, "insert ¬" if card.action == "negate" else "any statement")
        meaning = card.says or card.text.split(". ")[0].removesuffix(".")
        table.add_row(
            user(card.id),
            user(f"{card.kind} {kind}"),
            user(shown or ""),
            str(card.count),
            user(meaning),
        )
    out = console()
    out.print(table)
    vocab = deck.vocabulary
    parts = [f"{n}/{a}" for n, a in vocab.predicates.items()]
    parts += [f"{n}/{a}" for n, a in vocab.functions.items()]
    out.print(user("vocabulary: " + ", ".join(parts)))
