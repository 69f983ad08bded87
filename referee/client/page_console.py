"""The terminal's words as lines a page can wrap: a console whose tables are rows of words.

The web table says an outcome in the terminal's words, rendered into a console and sent
line by line (until its words travel as data). A rich ``Table`` is drawn with box lines
that fit the console's width; a page narrower than that wraps each of them, and every
border falls apart into stray strokes (the side log of the table screen, a phone). Here a
table is printed as its title and then one line per row, each cell after its column's
header (``x: e1; happy(x): ·``), which a page wraps like any sentence.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

# Wide enough that nothing inside a cell is wrapped: the page does the wrapping.
_UNWRAPPED = 10_000


def plain(renderable: RenderableType | None) -> str:
    """What ``renderable`` says, as one line of plain text (a cell, a header, a title)."""
    if renderable is None:
        return ""
    if isinstance(renderable, str):
        return renderable.strip()
    out = Console(file=io.StringIO(), width=_UNWRAPPED, color_system=None, markup=False)
    with out.capture() as captured:
        out.print(renderable, soft_wrap=True, end="")
    return " ".join(line.strip() for line in captured.get().splitlines() if line.strip())


def table_lines(table: Table) -> list[str]:
    """``table`` as lines: its title, then each row's cells after their headers."""
    lines = [plain(table.title)] if table.title else []
    headers = [plain(c.header) if table.show_header else "" for c in table.columns]
    columns = [list(c.cells) for c in table.columns]
    for row in range(table.row_count):
        cells = []
        for header, cells_of in zip(headers, columns, strict=True):
            text = plain(cells_of[row]) if row < len(cells_of) else ""
            if text:
                cells.append(_cell(header, text))
        if cells:
            lines.append("  " + "; ".join(cells))
    return lines


def _cell(header: str, text: str) -> str:
    """``statement: ∀x p(x)``; a number under ``#`` is ``#2``, as a board's are."""
    if header == "#" and text.isdigit():
        return f"#{text}"
    return f"{header}: {text}" if header else text


def _flat(objects: Iterable[Any]) -> Iterator[Any]:
    for o in objects:
        if isinstance(o, Group):
            yield from _flat(o.renderables)
        else:
            yield o


class PageConsole(Console):
    """A console for words sent to a page: every table printed as :func:`table_lines`."""

    def print(self, *objects: Any, **options: Any) -> None:
        flat = list(_flat(objects))
        if not any(isinstance(o, Table) for o in flat):
            super().print(*objects, **options)
            return
        for o in flat:
            if isinstance(o, Table):
                for line in table_lines(o):
                    super().print(Text(line), soft_wrap=True)
            else:
                super().print(o, **options)
