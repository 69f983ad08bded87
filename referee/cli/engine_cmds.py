"""``referee entails`` and ``referee analyze``: ask the engine about a board.

Reading files and printing happen here; every decision is the engine's.
Exit code 0 whenever a verdict was reached (undetermined included), 1 for
bad input (with line, column and caret), never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from referee.client.common import (
    Seconds,
    StatementCommand,
    deck_option,
    fail,
    load_board,
    load_deck,
    print_json,
    read_text,
)
from referee.client.grammar import count
from referee.client.safe import console
from referee.language.boardfile import strip_comment
from referee.language.characters import split_lines

# ``analyze`` asks one question per statement (and one of the whole board), each up to its
# time limit and each as large as the board: a board past this many statements is refused
# before any question (a 20,000-line file of one short statement asked for hours).
MAX_ANALYZED = 100

timeout_option = click.option(
    "--timeout",
    type=Seconds(0.05, 600),
    default=3.0,
    show_default=True,
    help="Hard wall-clock limit per question, in seconds.",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (stable contract).")
detail_option = click.option(
    "--detail",
    is_flag=True,
    help="Also show what was tried, each statement's evidence and the model drawn as "
    "tables (without it: the answer, in a screen).",
)
proof_option = click.option(
    "--proof",
    is_flag=True,
    help="For what is proved, also write a derivation (checked by the checker) "
    'and show it (JSON: a "derivation" field).',
)


def _write(engine, formulas, goal, vocabulary, used, timeout):
    """The referee's derivation of ``goal`` (None: ⊥) from the premises ``used``, as the
    checker ``referee derive`` runs judged it (:class:`referee.derivation.shown.Shown`)."""
    from referee.derivation.shown import write_shown

    used = list(used) or list(range(len(formulas)))
    return write_shown(
        engine,
        [formulas[i] for i in used],
        goal,
        vocabulary,
        labels=[i + 1 for i in used],
        timeout=timeout,
    )


def _derivation_json(data: dict, shown) -> None:
    data["derivation"] = shown.derivation.text if shown.derivation is not None else None
    if shown.refused:
        data["derivation_refused"] = True


def _show_derivation(console, shown, what: str) -> None:
    from referee.client.said import Said, Tone, words
    from referee.client.styles import show

    written = shown.derivation
    if shown.refused:
        said = words(
            f"the derivation of {what} the referee wrote does not pass the checker "
            "(`referee derive`), so none is shown; the verdict stands on its evidence above",
            Tone.DOUBT,
        )
        show(console, Said.of(said))
        return
    if written is None:
        said = words(f"no derivation of {what} could be written in time", aside=True)
        show(console, Said.of(said))
        return
    from referee.client.derivation_words import derivation_rows

    lines = count(written.lines, "line")
    head = words(f"a derivation of {what} ({lines}, checked):", strong=True)
    show(console, Said.of(head, derivation_rows(console, written.text)))


def _parse(text: str, vocabulary, what: str):
    from referee.language.naming import extend_vocabulary
    from referee.language.parser import ParseError, parse_statement

    try:
        statement = parse_statement(text, vocabulary)
        return statement, statement.asserted, extend_vocabulary(vocabulary, statement)
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
@proof_option
@detail_option
@click.argument("goal")
def entails(deck_path, board_path, premises, timeout, as_json, proof, detail, goal) -> None:
    """Does GOAL follow from the board and the premises?"""
    from referee.derivation.shown import Shown
    from referee.logic.engine import Engine, Limits

    deck = load_deck(deck_path)
    vocabulary = deck.vocabulary
    formulas, texts = [], []
    if board_path is not None:
        board = load_board(board_path, deck)
        formulas = [s.asserted for s in board.statements]
        texts = [s.text or "" for s in board.statements]
        vocabulary = board.vocabulary
    for k, text in enumerate(premises, start=1):
        _, formula, vocabulary = _parse(text, vocabulary, f"premise -p #{k}")
        formulas.append(formula)
        texts.append(text)
    _, goal_formula, _ = _parse(goal, vocabulary, "goal")
    written = None
    with Engine(Limits(timeout=timeout)) as engine:
        engine.warm()  # the limit is for the question, not for starting workers
        try:
            verdict = engine.entailment(formulas, [goal_formula])
        except ValueError as exc:
            fail(str(exc))
        if proof and verdict.status == "entailed":
            written = _write(engine, formulas, goal_formula, vocabulary, verdict.used, timeout)
    if as_json:
        data = verdict.to_json()
        if proof:
            _derivation_json(data, written or Shown())
        print_json(data)
        return

    from referee.client.styles import show
    from referee.client.verdict_render import verdict_said

    out = console()
    show(
        out,
        verdict_said(
            verdict, texts, goal_formula, arities=dict(vocabulary.predicates), detail=detail
        ),
    )
    if proof and verdict.status == "entailed":
        _show_derivation(out, written, "the goal")


@click.command()
@deck_option
@timeout_option
@json_option
@proof_option
@detail_option
@click.argument("board_path", metavar="BOARD", type=click.Path(dir_okay=False, path_type=Path))
def analyze(deck_path, timeout, as_json, proof, detail, board_path) -> None:
    """Is BOARD consistent, and which of its statements follow from the others?"""
    from referee.derivation.shown import Shown
    from referee.logic.engine import Engine, Limits

    deck = load_deck(deck_path)
    lines = split_lines(read_text(board_path, "board file"))
    statements = sum(1 for line in lines if strip_comment(line))  # counted before parsing
    if statements > MAX_ANALYZED:
        fail(
            f"{board_path}: {statements:,} statements; analyze asks a question of each, "
            f"so it reads at most {MAX_ANALYZED} (ask one question with entails --board)"
        )
    board = load_board(board_path, deck)
    formulas = [s.asserted for s in board.statements]
    texts = [s.text or "" for s in board.statements]
    vocabulary = board.vocabulary
    clash = None
    written: dict[int, Shown] = {}
    with Engine(Limits(timeout=timeout)) as engine:
        engine.warm()  # the limit is for the questions, not for starting workers
        try:
            analysis = engine.analyze(formulas)
        except ValueError as exc:
            fail(str(exc))
        if proof:
            if analysis.consistency.status == "inconsistent":
                used = analysis.consistency.used
                clash = _write(engine, formulas, None, vocabulary, used, timeout)
            for i, v in enumerate(analysis.redundancy):
                if v.status == "entailed":
                    written[i] = _write(engine, formulas, formulas[i], vocabulary, v.used, timeout)
    if as_json:
        data = analysis.to_json(texts)
        if proof:
            _derivation_json(data, clash if clash is not None else Shown())
            for i, row in enumerate(data["statements"]):
                _derivation_json(row, written.get(i, Shown()))
        print_json(data)
        return

    from referee.client.styles import show
    from referee.client.verdict_render import analysis_said

    out = console()
    show(out, analysis_said(analysis, texts, dict(vocabulary.predicates), detail))
    if proof and analysis.consistency.status == "inconsistent":
        _show_derivation(out, clash, "⊥ (the board is inconsistent)")
    for i, w in written.items():
        _show_derivation(out, w, f"statement {i + 1} from the others")
