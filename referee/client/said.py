"""What an outcome says, as data: lines of spans, each span with what it is (a player's
words, a verdict, a remark), whatever client shows it.

A game's renderer says an outcome once, to whatever it is given to say it to: the
terminal's console draws it (styled, wrapped, tables in boxes); a :class:`Page` keeps it
as a :class:`Said`, which the web sends as lines of plain text a page wraps (a table a
row a line, each cell after its header). Nothing is rendered and read back: the page
takes the renderer's lines and tables as they are made. A line that only a terminal can
act on (``referee analyze …``, ``--house …``) is marked so where it is made
(:func:`terminal_only`), and a page leaves it out. A game's renderer gets all this by
printing to ``self.out`` as it always does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from referee.client.safe import USER, Statement

# A line a page leaves out (a style's meta: it draws nothing at a terminal).
_TERMINAL = "referee.terminal"


class Tone(Enum):
    """What a span of words is, for a client to style: never markup, never a colour."""

    PLAIN = "plain"
    USER = "user"  # what a person typed (a name, a statement, a file): shown as given
    STRONG = "strong"  # a headline (a turn, the game's end)
    DIM = "dim"  # an aside (how long it took, what else to type)
    GOOD = "good"  # a ruling for the claimant (upheld)
    BAD = "bad"  # a refusal, a ruling against
    DOUBT = "doubt"  # nothing settled (undetermined, the table votes)


@dataclass(frozen=True)
class Span:
    text: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True)
class Line:
    """One line of words; ``terminal_only``: advice only a terminal can follow."""

    spans: tuple[Span, ...]
    terminal_only: bool = False

    @property
    def plain(self) -> str:
        return "".join(s.text for s in self.spans)


@dataclass(frozen=True)
class Said:
    """Everything an outcome (or a few) says, in order."""

    lines: tuple[Line, ...]

    @property
    def page(self) -> tuple[str, ...]:
        """The lines a page shows: plain text, blank lines and terminal-only ones left out."""
        return tuple(
            line.plain.rstrip()
            for line in self.lines
            if line.plain.strip() and not line.terminal_only
        )


def terminal_only(item: Text | str, style: str = "") -> Text:
    """``item`` marked as a line only a terminal can act on: a page leaves it out."""
    out = item.copy() if isinstance(item, Text) else Text(item, style=style)
    out.stylize(Style(meta={_TERMINAL: True}))
    return out


def _style(style: str | Style) -> Style:
    if isinstance(style, Style):
        return style
    return Style.parse(style) if style else Style()


def _tone(style: Style) -> Tone:
    if style.meta.get(USER):
        return Tone.USER
    colour = style.color.name if style.color is not None else ""
    if colour == "green":
        return Tone.GOOD
    if colour == "red":
        return Tone.BAD
    if colour == "yellow":
        return Tone.DOUBT
    if style.dim:
        return Tone.DIM
    if style.bold:
        return Tone.STRONG
    return Tone.PLAIN


def _spans(text: Text) -> tuple[tuple[Span, ...], bool]:
    """``text`` (one line) as spans, each with the tone of the styles over it (a player's
    words first), and whether any of it is marked terminal-only."""
    plain = text.plain
    cuts = sorted({0, len(plain), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    spans: list[Span] = []
    only = False
    base = _style(text.style)
    for start, end in zip(cuts, cuts[1:], strict=False):
        if start >= end or end > len(plain):
            continue
        styles = [base, *(_style(s.style) for s in text.spans if s.start <= start < s.end)]
        tones = [_tone(s) for s in styles]
        only = only or any(s.meta.get(_TERMINAL) for s in styles)
        tone = (
            Tone.USER
            if Tone.USER in tones
            else next((t for t in reversed(tones) if t != Tone.PLAIN), Tone.PLAIN)
        )
        if spans and spans[-1].tone == tone:
            spans[-1] = Span(spans[-1].text + plain[start:end], tone)
        else:
            spans.append(Span(plain[start:end], tone))
    return tuple(spans), only


def text_lines(text: Text) -> list[Line]:
    """``text`` (perhaps of several lines) as lines."""
    lines = []
    for part in text.split("\n", allow_blank=True):
        spans, only = _spans(part)
        lines.append(Line(spans, only))
    return lines


def plain(cell: Any) -> str:
    """A table's cell, header or title as one line of plain text."""
    if cell is None:
        return ""
    if isinstance(cell, str):
        return cell.strip()
    if isinstance(cell, Statement):
        return (cell.text + cell.tail.plain).strip()
    if isinstance(cell, Text):
        return " ".join(p.strip() for p in cell.plain.split("\n") if p.strip())
    raise TypeError(f"no words for a cell of {type(cell).__name__}")


def table_lines(table: Table) -> list[Line]:
    """``table`` as lines a page wraps: its title, then each row's cells after their
    headers (``x: e1; happy(x): ·``), never box drawing."""
    lines = [Line((Span(plain(table.title), Tone.STRONG),))] if table.title else []
    headers = [plain(c.header) if table.show_header else "" for c in table.columns]
    columns = [list(c.cells) for c in table.columns]
    for row in range(table.row_count):
        cells = []
        for header, cells_of in zip(headers, columns, strict=True):
            text = plain(cells_of[row]) if row < len(cells_of) else ""
            if text:
                cells.append(_cell(header, text))
        if cells:
            lines.append(Line((Span("  " + "; ".join(cells)),)))
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


def _joined(objects: Iterable[Any], sep: str) -> Iterator[Any]:
    """``objects`` as a console prints them: words side by side, ``sep`` between them; a
    table (or a group) on lines of its own."""
    words: list[Text] = []
    for o in objects:
        if isinstance(o, (str, Text)):
            words.append(Text(o) if isinstance(o, str) else o)
            continue
        if words:
            yield Text(sep).join(words)
            words = []
        yield o
    if words:
        yield Text(sep).join(words)


def lines_of(item: Any) -> list[Line]:
    """What a renderer printed (a line, a table, a group of them) as lines."""
    if isinstance(item, str):
        item = Text(item)
    if isinstance(item, Text):
        return text_lines(item)
    if isinstance(item, Table):
        return table_lines(item)
    if isinstance(item, Group):
        return [line for o in _flat([item]) for line in lines_of(o)]
    if isinstance(item, Statement):
        return [Line((Span(plain(item), Tone.USER),))]
    # A drawing with no words (a game's own renderable): named, never rendered and read back.
    return [Line((Span(f"({type(item).__name__}: drawn only at a terminal)", Tone.DIM),))]


class Page:
    """What a renderer says to a page: kept as a :class:`Said`, never drawn.

    It stands where a renderer's console stands: it says lines whole (the page wraps
    them), is no terminal (so nothing is paged or shown on a private screen), and its
    width is the one a renderer measures a table or a board against."""

    width = 72
    height = 24
    is_terminal = False
    soft_wrap = True

    def __init__(self) -> None:
        self._lines: list[Line] = []
        self._open: Line | None = None  # a line printed with end="", which the next continues

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", **_: Any) -> None:
        lines = [line for o in _joined(objects, sep) for line in lines_of(o)] or [Line(())]
        if self._open is not None:
            first = lines[0]
            lines[0] = Line(
                self._open.spans + first.spans, self._open.terminal_only or first.terminal_only
            )
            self._open = None
        if end == "":
            self._open = lines.pop()
        self._lines.extend(lines)

    def said(self) -> Said:
        lines = [*self._lines, *([self._open] if self._open is not None else [])]
        return Said(tuple(lines))
