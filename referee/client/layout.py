"""Layouts that fit the terminal they are drawn on: help pages and the compact cut-off.

Every screen is measured at 80 × 24. Prose is never broken by hand: rich wraps
it at word boundaries to the width it has. A command list is a two-column grid
whose descriptions wrap inside their own column, so a help page reads the
same at 80 columns as at 200. Below :data:`WIDE` columns a renderer draws its
compact form (a reading under its cards rather than beside them, a legend on
two lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.client.said import Column, Layout, Said, words
from referee.client.said import Table as Grid

WIDE = 100  # columns from which a renderer may draw its wide form


def compact(out: Console) -> bool:
    """Whether ``out`` is narrower than :data:`WIDE` columns."""
    return out.width < WIDE


# A help page: paragraphs (a str) and command lists (rows of command, what it does;
# a row with no command continues the one above, e.g. an example).
Rows = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class HelpPage:
    blocks: tuple[str | Rows, ...]

    def plain(self) -> str:
        """Every word of the page, one block or row a line (for a test or a search)."""
        lines: list[str] = []
        for block in self.blocks:
            if isinstance(block, str):
                lines.append(block)
            else:
                lines.extend(f"  {command}  {what}".rstrip() for command, what in block)
        return "\n".join(lines)

    def said(self) -> Said:
        """The page as words: each paragraph a line wrapped as a block wraps, each command
        list a grid whose descriptions wrap inside their own column."""
        return Said.of(
            words(block).laid(Layout.FLOW) if isinstance(block, str) else command_grid(block)
            for block in self.blocks
        )


def titled(table: Table) -> Table:
    """``table`` at least as wide as its title, so a narrow table never wraps its title
    (``domain L (3`` over ``objects)``); rich still keeps it within the screen."""
    title = table.title
    if title is not None:
        width = title.cell_len if isinstance(title, Text) else Text(str(title)).cell_len
        table.min_width = max(table.min_width or 0, width)
    return table


def command_grid(rows: Sequence[tuple[str, str]]) -> Grid:
    """Commands in a column of their own, what they do wrapped beside them."""
    return Grid(
        (Column(strong=True, no_wrap=True), Column()),
        tuple((words("  " + command if command else ""), words(what)) for command, what in rows),
        grid=True,
    )
