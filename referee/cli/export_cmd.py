"""``referee export``: a board (and perhaps a goal) as a TPTP or SMT-LIB 2 problem."""

from __future__ import annotations

import os
from pathlib import Path

import click

from referee.client.common import read_text


@click.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["tptp", "smtlib2"]),
    default="tptp",
    show_default=True,
    help="TPTP FOF (for E, Vampire...) or SMT-LIB 2 (for Z3, cvc5...).",
)
@click.option(
    "--deck",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Deck file (TOML) giving the vocabulary; the Palmer deck by default.",
)
@click.option(
    "--goal",
    "goals",
    multiple=True,
    metavar="STATEMENT",
    help="A statement to prove from the board (repeat for several: their conjunction). "
    "Without a goal the problem asks whether the board is consistent.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the problem to this file instead of standard output.",
)
@click.argument("board", type=click.Path(dir_okay=False, path_type=Path))
def export(fmt: str, deck: Path | None, goals: tuple[str, ...], output, board: Path) -> None:
    """Write BOARD as a problem for another prover.

    Each statement becomes an axiom (TPTP) or assertion (SMT-LIB); ∃! and
    |L| statements are spelled out in plain first-order logic with equality.
    """
    from referee.language.boardfile import BoardError, parse_board
    from referee.language.deck import DeckError, load_deck_text
    from referee.language.parser import ParseError, parse_statement
    from referee.logic.export import ExportError, to_smtlib, to_tptp
    from referee.resources import default_deck_path

    deck_path = deck or default_deck_path()
    deck_text = read_text(deck_path, "deck file")
    try:
        vocabulary = load_deck_text(deck_text, str(deck_path)).vocabulary
    except DeckError as exc:
        raise click.ClickException(str(exc)) from None

    board_text = read_text(board, "board file")
    try:
        parsed = parse_board(board_text, vocabulary, str(board))
    except BoardError as exc:
        raise click.ClickException(exc.render()) from None

    goal_formulas = []
    for text in goals:
        try:
            goal_formulas.append(parse_statement(text, parsed.vocabulary).asserted)
        except ParseError as exc:
            raise click.ClickException("--goal: " + exc.render()) from None
        except ValueError as exc:
            raise click.ClickException(f"--goal: {exc}") from None

    try:
        premises = [s.asserted for s in parsed.statements]
        if fmt == "tptp":  # axioms s1, s2, ... as the board numbers its statements
            text = to_tptp(premises, goal_formulas, vocabulary=parsed.vocabulary)
        else:
            text = to_smtlib(premises, goal_formulas, vocabulary=parsed.vocabulary)
    except (ExportError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None

    if output is None:
        click.echo(text, nl=False)
    else:
        from referee.table.store import StoreError, write_atomically

        target = Path(os.path.realpath(output)) if output.is_symlink() else output
        try:
            write_atomically(target, text)  # an exclusive temporary file, never a planted link
        except StoreError as exc:
            raise click.ClickException(exc.message) from None
