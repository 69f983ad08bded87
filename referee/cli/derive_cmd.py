"""``referee derive``: check a player's derivation line by line against a board."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from referee.client.common import deck_option, load_board, load_deck, print_json, read_text
from referee.client.derivation_words import line_words
from referee.client.safe import console, echoed, user, visible
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
            click.echo(echoed(f"error: {visible(str(derivation))}:{exc.render()}"), err=True)
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
    """One line per step: verdict mark, number, subproof bars, statement, justification."""
    width = max(len(str(v.label)) for v in result.lines)
    shown = []
    for v in result.lines:
        bars = "│ " * v.depth
        if v.status is LineStatus.ASSUMPTION:
            fresh = f"[{', '.join(v.fresh)}] " if v.fresh else ""
            body = f"{bars}┌ {fresh}{v.statement}".rstrip()
        else:
            body = f"{bars}{v.statement}"
        shown.append(body)
    column = min(max(len(b) for b in shown) + 2, 60)
    for v, body in zip(result.lines, shown, strict=True):
        mark, style = _MARK.get(v.status, ("?", "yellow"))
        line = Text(mark + " ", style=style)
        line.append(f"{v.label:>{width}}  ")
        line.append(visible(body), style="cyan" if v.status is LineStatus.ASSUMPTION else "")
        pad = column - len(body)
        line.append(" " * pad if pad > 0 else "  ")
        line.append(visible(v.justification), style="dim")
        console.print(line, soft_wrap=True)
    for v in result.lines:
        if v.ok:
            continue
        word = v.status.value
        style = "red" if v.status is LineStatus.REFUSED else "yellow"
        console.print()
        console.print(
            Text(f"line {v.label} {word}: ", style=f"bold {style}") + user(line_words(v.reason)),
            soft_wrap=True,
        )
        if v.model is not None:
            console.print(Text("countermodel:", style="bold"))
            for table in model_tables(v.model, arities):
                console.print(table)
    console.print()
    if not result.rests_on:
        where = "no board statement (logic alone)"
    else:
        rests = ", ".join(str(n) for n in result.rests_on)
        where = f"board statement{'s' if len(result.rests_on) != 1 else ''} {rests}"
    conclusion = result.lines[-1].statement
    if result.ok:
        text = (
            f"the derivation holds: {where} are inconsistent (they lead to ⊥)"
            if result.inconsistent
            else f"the derivation holds: {conclusion} follows from {where}"
        )
        console.print(Text("✓ ", style="bold green") + Text(text), soft_wrap=True)
    else:
        failed = ", ".join(str(n) for n in result.failed)
        plural = "s" if len(result.failed) > 1 else ""
        console.print(
            Text("✗ ", style="bold red")
            + Text(
                f"the derivation does not hold (line{plural} {failed}); it would prove "
                f"{conclusion} from {where}"
            ),
            soft_wrap=True,
        )
