"""``referee derive``: check a player's derivation line by line against a board."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.cli.common import deck_option, load_board, load_deck, print_json, read_text
from referee.derivation import DerivationError, check_derivation
from referee.derivation.checker import ASSUMPTION, OK, REFUSED, DerivationResult

EXIT_HOLDS, EXIT_INPUT, EXIT_FAILS = 0, 1, 2

_MARK = {OK: ("✓", "green"), ASSUMPTION: ("│", "cyan"), REFUSED: ("✗", "red")}


@click.command()
@deck_option
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.01),
    default=3.0,
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
            click.echo(f"error: {derivation}:{exc.render()}", err=True)
        sys.exit(EXIT_INPUT)
    finally:
        _close_engine()
    if as_json:
        data = result.to_json()
        data["board"] = [s.text for s in board_text.statements]
        print_json(data)
    else:
        render(result, board_text.statements, Console(highlight=False, soft_wrap=False))
    sys.exit(EXIT_HOLDS if result.ok else EXIT_FAILS)


def _close_engine() -> None:
    if "referee.logic.engine" in sys.modules:  # only if a cited step started the workers
        from referee.logic.worker import shutdown_shared_pool

        shutdown_shared_pool()


def render(result: DerivationResult, statements, console: Console) -> None:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("line", justify="right", no_wrap=True)
    table.add_column("statement")
    table.add_column("justification")
    for v in result.lines:
        mark, style = _MARK.get(v.status, ("?", "yellow"))
        bars = "│ " * v.depth
        statement = Text(bars, style="dim")
        if v.status == ASSUMPTION:
            fresh = f"[{', '.join(v.fresh)}] " if v.fresh else ""
            statement.append("┌ " + fresh + v.statement, style="cyan")
        else:
            statement.append(v.statement)
        table.add_row(Text(mark, style=style), str(v.label), statement, v.justification)
    console.print(table)
    for v in result.lines:
        if v.ok:
            continue
        word = "refused" if v.status == REFUSED else v.status
        style = "red" if v.status == REFUSED else "yellow"
        console.print(Text(f"line {v.label} {word}: ", style=f"bold {style}") + Text(v.reason))
        if v.model is not None:
            console.print(model_text(v.model))
    console.print()
    rests = ", ".join(str(n) for n in result.rests_on) or "no board statement"
    where = f"board statement{'s' if len(result.rests_on) != 1 else ''} {rests}"
    if not result.rests_on:
        where = "no board statement (logic alone)"
    conclusion = result.lines[-1].statement
    if result.ok:
        if result.inconsistent:
            console.print(
                Text("✓ ", style="bold green")
                + Text(f"the derivation holds: {where} are inconsistent (they lead to ⊥)")
            )
        else:
            console.print(
                Text("✓ ", style="bold green")
                + Text(f"the derivation holds: {conclusion} follows from {where}")
            )
    else:
        failed = ", ".join(str(n) for n in result.failed)
        console.print(
            Text("✗ ", style="bold red")
            + Text(
                f"the derivation does not hold (line{'s' if len(result.failed) > 1 else ''} "
                f"{failed}); it would prove {conclusion} from {where}"
            )
        )


def model_text(model) -> str:
    """A countermodel as a few plain lines (domain, functions, predicates)."""
    try:  # the engine's rendering, when it is there
        from referee.cli.render import model_lines  # type: ignore[attr-defined]

        return "\n".join(model_lines(model))
    except ImportError:
        pass
    names = [model.element_name(i) for i in range(model.size)]
    out = [
        f"  countermodel: {model.size} object{'s' if model.size != 1 else ''}: " + ", ".join(names)
    ]
    for name, table in sorted(model.functions.items()):
        if not table:
            continue
        cells = []
        for args, value in sorted(table.items()):
            if not args:
                cells.append(f"{name} = {names[value]}")
            else:
                cells.append(f"{name}({', '.join(names[a] for a in args)}) = {names[value]}")
        out.append("    " + "; ".join(cells))
    for name, rows in sorted(model.predicates.items()):
        held = ", ".join(
            f"{name}({', '.join(names[a] for a in row)})" if row else name for row in sorted(rows)
        )
        out.append(f"    {name}: " + (held if held else "false everywhere"))
    return "\n".join(out)
