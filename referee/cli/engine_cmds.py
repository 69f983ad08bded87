"""``referee entails`` and ``referee analyze``: ask the engine about a board.

Reading files and printing happen here; every decision is the engine's.
Exit code 0 whenever a verdict was reached (undetermined included), 1 for
bad input (with line, column and caret), never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from referee.cli.common import (
    StatementCommand,
    deck_option,
    fail,
    load_board,
    load_deck,
    print_json,
)

timeout_option = click.option(
    "--timeout",
    type=click.FloatRange(min=0.05),
    default=3.0,
    show_default=True,
    help="Hard wall-clock limit per question, in seconds.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (stable contract).")


def _parse(text: str, vocabulary, what: str):
    from referee.language.naming import extend_vocabulary, statement_formula
    from referee.language.parser import ParseError, parse_statement

    try:
        statement = parse_statement(text, vocabulary)
        return statement, statement_formula(statement), extend_vocabulary(vocabulary, statement)
    except ParseError as exc:
        fail(f"{what}: " + exc.render())
    except ValueError as exc:
        fail(f"{what}: {exc}")


@click.command(cls=StatementCommand)
@deck_option
@click.option(
    "--board",
    "board_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Board file: its statements are the premises 1, 2, …",
)
@click.option(
    "-p",
    "--premise",
    "premises",
    multiple=True,
    metavar="STATEMENT",
    help="A premise (repeatable); numbered after the board's statements.",
)
@timeout_option
@json_option
@click.argument("goal")
def entails(deck_path, board_path, premises, timeout, as_json, goal) -> None:
    """Does GOAL follow from the board and the premises?"""
    from referee.language.naming import statement_formula
    from referee.logic.engine import Engine, Limits

    deck = load_deck(deck_path)
    vocabulary = deck.vocabulary
    formulas, texts = [], []
    if board_path is not None:
        board = load_board(board_path, deck)
        formulas = [statement_formula(s) for s in board.statements]
        texts = [s.text or "" for s in board.statements]
        vocabulary = board.vocabulary
    for k, text in enumerate(premises, start=1):
        _, formula, vocabulary = _parse(text, vocabulary, f"premise -p #{k}")
        formulas.append(formula)
        texts.append(text)
    _, goal_formula, _ = _parse(goal, vocabulary, "goal")
    with Engine(Limits(timeout=timeout)) as engine:
        try:
            verdict = engine.entailment(formulas, [goal_formula], vocabulary)
        except ValueError as exc:
            fail(str(exc))
    if as_json:
        print_json(verdict.to_json())
        return
    from rich.console import Console

    from referee.cli.render import verdict_renderable

    Console(markup=False, highlight=False).print(
        verdict_renderable(verdict, texts, goal_text=goal, arities=dict(vocabulary.predicates))
    )


@click.command()
@deck_option
@timeout_option
@json_option
@click.argument("board_path", metavar="BOARD", type=click.Path(dir_okay=False, path_type=Path))
def analyze(deck_path, timeout, as_json, board_path) -> None:
    """Is BOARD consistent, and which of its statements follow from the others?"""
    from referee.language.naming import statement_formula
    from referee.logic.engine import Engine, Limits

    deck = load_deck(deck_path)
    board = load_board(board_path, deck)
    formulas = [statement_formula(s) for s in board.statements]
    texts = [s.text or "" for s in board.statements]
    with Engine(Limits(timeout=timeout)) as engine:
        try:
            analysis = engine.analyze(formulas, board.vocabulary)
        except ValueError as exc:
            fail(str(exc))
    if as_json:
        print_json(analysis.to_json(texts))
        return
    from rich.console import Console

    from referee.cli.render import analysis_renderable

    Console(markup=False, highlight=False).print(
        analysis_renderable(analysis, texts, arities=dict(board.vocabulary.predicates))
    )
