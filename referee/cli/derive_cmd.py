"""``referee derive``: check a player's derivation line by line against a board."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from referee.client.common import (
    deck_option,
    load_board,
    load_deck,
    print_json,
    read_text,
    say_error,
)
from referee.client.derivation_words import Step, laid_out, line_text, line_words
from referee.client.safe import console, echoed, entry, escape_invisible, formula, wraps
from referee.client.said import Said
from referee.client.styles import show
from referee.client.styles import text as styled
from referee.client.verdict_render import model_tables
from referee.derivation import DerivationError, check_derivation
from referee.derivation.checker import LINE_TIMEOUT, DerivationResult, LineStatus, LineVerdict

EXIT_HOLDS, EXIT_INPUT, EXIT_FAILS = 0, 1, 2

_MARK = {
    LineStatus.OK: ("✓", "green"),
    LineStatus.ASSUMPTION: ("│", "cyan"),
    LineStatus.REFUSED: ("✗", "red"),
}


@click.command()
@deck_option
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.01),
    default=LINE_TIMEOUT,
    show_default=True,
    help="Seconds the engine may spend on each cited step (`by 1, board 2`).",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.argument("board", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("derivation", type=click.Path(dir_okay=False, path_type=Path))
def derive(deck_path, timeout: float, as_json: bool, board: Path, derivation: Path) -> None:
    """Check every line of DERIVATION against the statements of BOARD.

    Exit status: 0 when every line holds, 2 when some line is refused or
    undetermined, 1 when a file cannot be read.
    """
    deck = load_deck(deck_path)
    board_text = load_board(board, deck)
    text = read_text(derivation, "derivation file")
    try:
        result = check_derivation(
            board_text.statements, text, board_text.vocabulary, per_line_timeout=timeout
        )
    except DerivationError as exc:
        if as_json:
            print_json({"ok": False, "error": exc.to_json(), "file": str(derivation)})
        else:
            say_error(echoed(f"error: {escape_invisible(str(derivation))}:{exc.render()}"))
        sys.exit(EXIT_INPUT)
    if as_json:
        data = result.to_json()
        data["lines"] = [_worded(j, v) for j, v in zip(data["lines"], result.lines, strict=True)]
        data["board"] = [s.text for s in board_text.statements]
        print_json(data)
    else:
        render(result, dict(board_text.vocabulary.predicates), console())
    sys.exit(EXIT_HOLDS if result.ok else EXIT_FAILS)


def _worded(line: dict, v: LineVerdict) -> dict:
    """A line's JSON with its ``reason`` in words, after its status (where it always was)."""
    out: dict = {}
    for key, value in line.items():
        out[key] = value
        if key == "status":
            out["reason"] = line_words(v.reason)
    return out


def render(result: DerivationResult, arities: dict[str, int], console: Console) -> None:
    """One line per step: verdict mark, number, subproof bars, statement, justification.

    At a terminal a step too wide for it takes more lines: its statement broken where a
    statement breaks, the subproof's bars drawn down beside it, its justification in a
    column of its own (:func:`referee.client.derivation_words.laid_out`); into a pipe
    each step is one line."""
    width = max(len(str(v.label)) for v in result.lines)
    steps = []
    for v in result.lines:
        bars = "│ " * v.depth
        opening = ""
        if v.status is LineStatus.ASSUMPTION:
            opening = f"┌ [{', '.join(v.fresh)}] " if v.fresh else "┌ "
        head = f"  {v.label:>{width}}  " + escape_invisible(bars + opening)
        under = " " * (width + 4) + bars + ("│ " if opening else "")
        steps.append(
            Step(head, under, escape_invisible(v.statement), escape_invisible(v.justification))
        )
    room = console.width if wraps(console) else None
    for v, rows in zip(result.lines, laid_out(steps, room), strict=True):
        mark, style = _MARK.get(v.status, ("?", "yellow"))
        body_style = "cyan" if v.status is LineStatus.ASSUMPTION else ""
        for k, (left, part, right) in enumerate(rows):
            row = Text(mark, style=style) + Text(left[1:]) if k == 0 else Text(left)
            row.append(part, style=body_style)
            row.append(right, style="dim")
            row.rstrip()
            console.print(row, soft_wrap=True)
    for v in result.lines:
        if v.ok:
            continue
        word = v.status.value
        style = "red" if v.status is LineStatus.REFUSED else "yellow"
        console.print()
        console.print(
            entry(
                console,
                Text(f"line {v.label} {word}: ", style=f"bold {style}")
                + styled(line_text(v.reason)),
            )
        )
        if v.model is not None:
            console.print(Text("countermodel:", style="bold"))
            show(console, Said.of(model_tables(v.model, arities)))
    console.print()
    if not result.rests_on:
        where = "no board statement (logic alone)"
    else:
        rests = ", ".join(str(n) for n in result.rests_on)
        where = f"board statement{'s' if len(result.rests_on) != 1 else ''} {rests}"
    conclusion = formula(result.lines[-1].statement)
    if result.ok:
        said = (
            Text(f"the derivation holds: {where} are inconsistent (they lead to ⊥)")
            if result.inconsistent
            else Text("the derivation holds: ") + conclusion + Text(f" follows from {where}")
        )
        console.print(entry(console, Text("✓ ", style="bold green") + said))
    else:
        failed = ", ".join(str(n) for n in result.failed)
        plural = "s" if len(result.failed) > 1 else ""
        said = Text(f"the derivation does not hold (line{plural} {failed}); it would prove ")
        said += conclusion + Text(f" from {where}")
        console.print(entry(console, Text("✗ ", style="bold red") + said))
