"""``referee parse``: read one statement and print its canonical form."""

from __future__ import annotations

import sys

import click

from referee.client.common import StatementCommand, deck_option, load_deck, print_json, say_error
from referee.client.safe import echoed
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_ascii, to_unicode


@click.command(cls=StatementCommand)
@deck_option
@click.option("--ascii", "ascii_only", is_flag=True, help="Print the ASCII spelling.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.argument("statement")
def parse(deck_path, ascii_only: bool, as_json: bool, statement: str) -> None:
    """Check STATEMENT against the deck's vocabulary and print it canonically."""
    deck = load_deck(deck_path)
    try:
        parsed = parse_statement(statement, deck.vocabulary)
    except ParseError as exc:
        if as_json:
            print_json({"ok": False, "error": exc.to_json()})
        else:
            say_error(echoed(exc.render()))
        sys.exit(1)
    if as_json:
        print_json({"ok": True, "text": to_unicode(parsed), "ascii": to_ascii(parsed)})
    else:
        click.echo(to_ascii(parsed) if ascii_only else to_unicode(parsed))
