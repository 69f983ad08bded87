"""``referee cards``: the deck as a table."""

from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.common import deck_option, load_deck

_WHAT = {"P": "predicate", "F": "function", "R": "relation", "Q": "quantifiers", "S": "statement"}


@click.command()
@deck_option
def cards(deck_path) -> None:
    """Show the cards of the deck and its vocabulary."""
    deck = load_deck(deck_path)
    # Deck text is the user's: Text objects, never markup (a name "[/oops]" crashed).
    table = Table(title=Text(f"{deck.name} deck: {deck.size} cards"))
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
        cells = (card.id, f"{card.kind} {kind}", shown or "", str(card.count), meaning)
        table.add_row(*(Text(cell) for cell in cells))
    console = Console()
    console.print(table)
    vocab = deck.vocabulary
    parts = [f"{n}/{a}" for n, a in vocab.predicates.items()]
    parts += [f"{n}/{a}" for n, a in vocab.functions.items()]
    console.print(Text("vocabulary: " + ", ".join(parts)))
