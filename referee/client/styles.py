"""The terminal's look of words: one mapping from :class:`~referee.client.said.Tone` to a
rich style, and the one way a :class:`~referee.client.said.Said` is drawn on a console.

Renderers never name a colour: they say what a span is, and this module alone decides
how it looks (and the page, which sends plain lines, does not read it). A line wider
than the screen is broken by its :class:`~referee.client.said.Layout`; a table is drawn
as a box (a command list as a grid).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text

from referee.client.layout import titled
from referee.client.pager import paged
from referee.client.safe import Statement, entry, escape_invisible, formula_style
from referee.client.safe import statement_line as broken_statement
from referee.client.said import Layout, Line, Page, Said, Span, Table, Tone

STYLES: dict[Tone, str] = {
    Tone.PLAIN: "",
    Tone.GOOD: "green",
    Tone.BAD: "red",
    Tone.DOUBT: "yellow",
    Tone.OPEN: "magenta",
    Tone.TRUE: "blue",
    Tone.NEW: "yellow",
    Tone.WILD: "magenta",
    Tone.PLACES: "cyan",
    Tone.FIRST: "bright_white",
    Tone.SECOND: "bright_red",
}
STRONG = "bold"
ASIDE = "dim"
PROMPT = "bold cyan"  # the prompt a person types after (and a computer seat's line, echoed)
SHADED = "on grey23"  # a board's shaded ground (Invicta's edge squares)

_STYLES: dict[tuple[Tone, bool, bool, bool], Style] = {}


def style(span: Span) -> Style:
    """How ``span`` looks at a terminal: its tone's style, bold if strong, faint if an
    aside, on the shaded ground if shaded (a statement's mark, which draws nothing, lets a
    line break around it)."""
    key = (span.tone, span.strong, span.aside, span.shaded)
    found = _STYLES.get(key)
    if found is None:
        parts = [
            STYLES[span.tone],
            STRONG if span.strong else "",
            ASIDE if span.aside else "",
            SHADED if span.shaded else "",
        ]
        given = " ".join(p for p in parts if p)
        found = _STYLES[key] = Style.parse(given) if given else Style()
    return found + formula_style() if span.formula else found


def prompt(words: str) -> Text:
    """A prompt (``ann> ``) as the terminal draws it, what a person typed in it never markup."""
    return Text(escape_invisible(words), style=PROMPT)


def text(line: Line) -> Text:
    """``line`` as a rich Text, each span in its style; a line of one look has it as the
    Text's own (a table's cell is padded in it, as the words are drawn)."""
    looks = {style(replace(span, formula=False)) for span in line.spans}
    out = Text(style=looks.pop()) if len(looks) == 1 else Text()
    for span in line.spans:
        out.append(span.text, style=style(span))
    return out


def _statement(line: Line) -> tuple[Text, str, Text]:
    """A :data:`Layout.STATEMENT` line's head, statement and tail: the statement in the
    head's style (a strong head: its first line strong, as the head is)."""
    at = next((k for k, s in enumerate(line.spans) if s.formula), None)
    if at is None:
        return text(line), "", Text()
    statement = replace(line.spans[at], formula=False)
    head = Text(style=style(statement))
    head.append_text(text(Line(line.spans[:at])))
    tail = text(Line(line.spans[at + 1 :]))
    return head, statement.text, tail


def renderable(out: Console, item: Line | Table) -> RenderableType:
    """What ``out`` prints for ``item`` (a line broken by its layout, a table drawn)."""
    if isinstance(item, Table):
        return _table(item)
    if item.layout is Layout.STATEMENT:
        head, statement, tail = _statement(item)
        return broken_statement(out, head, statement, tail)
    if item.layout is Layout.FLOW:
        return Group(text(item))  # a block's line: the console wraps it from the margin
    return entry(out, text(item), item.more) if item.more else text(item)


def show(out: Console | Page, said: Said) -> None:
    """``said`` on ``out``: drawn on a terminal (or into a pipe), kept by a page."""
    if isinstance(out, Page):
        out.keep(said)
        return
    for item in said.items:
        if isinstance(item, Line) and item.layout is Layout.WHOLE:
            out.print(text(item), soft_wrap=True)
        else:
            out.print(renderable(out, item))


def show_paged(out: Console | Page, said: Said) -> None:
    """``said`` through the pager when it is taller than a terminal's screen."""
    if isinstance(out, Page):
        out.keep(said)
        return
    draw: Callable[[Any], None] = lambda s: show(out, s)  # noqa: E731
    paged(out, draw)(said)


def _cell(line: Line, grid: bool = False) -> RenderableType:
    """A cell as a table draws it: a statement broken to the cell's width; the referee's
    plain words as a string (in the table's own style), anything else in its styles."""
    if line.layout is Layout.STATEMENT:
        head, statement, tail = _statement(line)
        return Statement(statement, tail)
    if not grid and all(s == Span(s.text) for s in line.spans):
        return line.plain
    return text(line)


def _table(table: Table) -> RichTable:
    if table.grid:
        drawn = RichTable.grid(padding=(0, 2, 0, 0))
    else:
        title = None
        if table.title is not None:  # a player's words drawn as given, else in the title style
            typed = any(s.typed for s in table.title.spans)
            title = text(table.title) if typed else table.title.plain
        drawn = RichTable(title=title, title_justify="left" if table.title_left else "center")
    for column in table.columns:
        drawn.add_column(
            _cell(column.header),
            justify=column.justify.value,
            style=STRONG if column.strong else None,
            no_wrap=column.no_wrap,
        )
    for row in table.rows:
        drawn.add_row(*(_cell(cell, table.grid) for cell in row))
    return titled(drawn) if table.fit_title else drawn
