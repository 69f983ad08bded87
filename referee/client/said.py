"""What an outcome says, as data: lines of toned spans and typed tables, whatever client
shows it.

A game's renderer makes its words here, once: each span of a line says what it is (its
:class:`Tone`: an aside, a ruling for or against, nothing settled; whether a person typed
it; whether it is a statement that breaks only where a statement breaks), never a colour.
The terminal styles a :class:`Said` through one mapping from tone to style
(:mod:`referee.client.styles`); a :class:`Page` keeps it, and the web sends its plain lines
(:attr:`Said.page`: a table a row a line, each cell after its header). A line only a
terminal can act on (``referee analyze …``, ``--house …``) is marked so where it is made
(``terminal_only``), and a page leaves it out. Nothing is rendered and read back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum

from referee.client.safe import escape_invisible


class Tone(Enum):
    """What a span of words is, for a client to show it by: never markup, never a colour."""

    PLAIN = "plain"
    GOOD = "good"  # a ruling for the claimant (upheld, proven, found themselves)
    BAD = "bad"  # a refusal, a ruling against (rejected, false, out of the game)
    DOUBT = "doubt"  # nothing settled, or a warning (not settled, the table votes, a repetition)
    OPEN = "open"  # what the engine left open (undetermined)
    TRUE = "true"  # a declaration the referee judged true (Cogito's blue side): a fact, no win
    NEW = "new"  # what just changed on a board (the last move's squares)
    WILD = "wild"  # a card that stands for any other (a Wild)
    PLACES = "places"  # the numbers a move names a place by (a premise's gaps, an aside)
    FIRST = "first"  # the first side of a board and its pieces (Invicta's white)
    SECOND = "second"  # the second side (Invicta's black)


@dataclass(frozen=True)
class Span:
    """Words of one kind: ``strong`` a headline's emphasis; ``aside`` words in passing (how
    long it took, what else to type: a terminal draws them faint); ``typed`` what a person
    typed (a name, a statement: escaped where it is made, shown as given); ``formula`` a
    statement inside a line, broken before or after it rather than inside it; ``shaded`` a
    board's square drawn on its shaded ground (Invicta's edge)."""

    text: str
    tone: Tone = Tone.PLAIN
    strong: bool = False
    aside: bool = False
    typed: bool = False
    formula: bool = False
    shaded: bool = False


class Layout(Enum):
    """How a line that is wider than a screen is broken there (a page wraps every line)."""

    HANG = "hang"  # at word boundaries, its indent kept on every line it wraps to (``more``
    # columns further after its first)
    FLOW = "flow"  # as a block of lines wraps (help, a round's why): at words, from the margin
    STATEMENT = "statement"  # its statement (the first ``formula`` span) broken where it reads
    # in its parts, indented under its start, the rest of the line after it
    WHOLE = "whole"  # never: laid out for the screen already (a derivation's rows)


@dataclass(frozen=True)
class Line:
    """One line of words; ``terminal_only``: advice only a terminal can follow."""

    spans: tuple[Span, ...] = ()
    terminal_only: bool = False
    layout: Layout = Layout.HANG
    more: int = 0  # columns a wrapped line's later lines are indented beyond its first's

    @property
    def plain(self) -> str:
        return "".join(s.text for s in self.spans)

    def __add__(self, other: Line | str) -> Line:
        spans = words(other).spans if isinstance(other, str) else other.spans
        return replace(
            self,
            spans=_joined(self.spans + spans),
            terminal_only=self.terminal_only or getattr(other, "terminal_only", False),
        )

    def __radd__(self, other: str) -> Line:
        return words(other) + self

    def toned(
        self, tone: Tone | None = None, strong: bool | None = None, aside: bool | None = None
    ) -> Line:
        """Every span of this line in ``tone``, ``strong``, ``aside`` (where given)."""
        spans = tuple(
            replace(
                s,
                tone=s.tone if tone is None else tone,
                strong=s.strong if strong is None else strong,
                aside=s.aside if aside is None else aside,
            )
            for s in self.spans
        )
        return replace(self, spans=spans)

    def rstrip(self) -> Line:
        spans = list(self.spans)
        while spans and not spans[-1].text.rstrip(" "):
            spans.pop()
        if spans:
            spans[-1] = replace(spans[-1], text=spans[-1].text.rstrip(" "))
        return replace(self, spans=tuple(spans))

    def laid(self, layout: Layout, more: int = 0) -> Line:
        return replace(self, layout=layout, more=more)

    def only_at_a_terminal(self) -> Line:
        return replace(self, terminal_only=True)


def _joined(spans: Iterable[Span]) -> tuple[Span, ...]:
    """``spans`` without empty ones, each run of one kind in one span."""
    out: list[Span] = []
    for s in spans:
        if not s.text:
            continue
        if out and replace(out[-1], text="") == replace(s, text=""):
            out[-1] = replace(s, text=out[-1].text + s.text)
        else:
            out.append(s)
    return tuple(out)


def words(
    text: str = "", tone: Tone = Tone.PLAIN, strong: bool = False, aside: bool = False
) -> Line:
    """A line of the referee's own words (a template, never what a person typed)."""
    return Line(_joined((Span(text, tone, strong, aside),)))


def typed(text: object, tone: Tone = Tone.PLAIN, strong: bool = False, aside: bool = False) -> Line:
    """What a person typed (a name, a statement, a file's name, a reason), shown as given:
    never markup, every control or invisible character written as an escape."""
    return Line(_joined((Span(escape_invisible(str(text)), tone, strong, aside, typed=True),)))


def formula(text: str | Line, tone: Tone = Tone.PLAIN) -> Line:
    """A statement (or a card showing one) inside a line of words, as :func:`typed` shows
    it (a line: as it is), marked so that the line breaks before or after it, never inside
    it, unless it is longer than a whole line: then where a statement breaks."""
    line = typed(text, tone) if isinstance(text, str) else text
    return replace(line, spans=tuple(replace(s, formula=True) for s in line.spans))


def statement_line(head: Line | str, text: str, tail: Line | str = "") -> Line:
    """``head``, a statement a person wrote and ``tail``: at a terminal the statement is
    broken where it reads in its parts, its later lines indented under it, never cut; on
    a page, one line."""
    head = words(head) if isinstance(head, str) else head
    tail = words(tail) if isinstance(tail, str) else tail
    body = Line((Span(escape_invisible(text), typed=True, formula=True),))
    return Line(head.spans + body.spans + tail.spans, layout=Layout.STATEMENT)


def joined(lines: Iterable[Line | str], sep: Line | str) -> Line:
    """``lines`` one after another on one line, ``sep`` between them."""
    out = Line()
    for k, line in enumerate(lines):
        out = out + (sep if k else "") + line
    return out


class Justify(Enum):
    LEFT = "left"
    RIGHT = "right"
    CENTER = "center"


@dataclass(frozen=True)
class Column:
    """A table's column: its header, how its cells sit, ``strong`` cells (a matrix's row
    names, a command list's commands), ``no_wrap`` (a command is never broken)."""

    header: Line = Line()
    justify: Justify = Justify.LEFT
    strong: bool = False
    no_wrap: bool = False


@dataclass(frozen=True)
class Table:
    """Rows of cells under headed columns (a board, a model, a deck): at a terminal a box
    (``grid``: columns without a box or headers, as a command list is drawn); on a page its
    title, then a row a line, each cell after its header. A cell that is a statement is a
    :func:`statement_line` (broken in the cell's width, ``tail`` after it)."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Line, ...], ...] = ()
    title: Line | None = None
    title_left: bool = False  # the title at the table's left edge, not centred over it
    fit_title: bool = False  # at least as wide as its title (a narrow one never wraps it)
    grid: bool = False

    def lines(self) -> list[Line]:
        """The table as lines a page wraps: its title, then each row's cells after their
        headers (``x: e1; happy(x): ·``), never box drawing."""
        lines = [words(self.title.plain, strong=True)] if self.title is not None else []
        headers = ["" if self.grid else _cell_text(c.header) for c in self.columns]
        for row in self.rows:
            cells = []
            for header, cell in zip(headers, row, strict=False):
                text = _cell_text(cell)
                if text:
                    cells.append(_cell(header, text))
            if cells:
                lines.append(words("  " + "; ".join(cells)))
        return lines


def _cell_text(cell: Line) -> str:
    return " ".join(p.strip() for p in cell.plain.split("\n") if p.strip())


def _cell(header: str, text: str) -> str:
    """``statement: ∀x p(x)``; a number under ``#`` is ``#2``, as a board's are."""
    if header == "#" and text.isdigit():
        return f"#{text}"
    return f"{header}: {text}" if header else text


Item = Line | Table


@dataclass(frozen=True)
class Said:
    """Everything an outcome (or a few) says, in order: lines and tables."""

    items: tuple[Item, ...] = ()

    @classmethod
    def of(cls, *items: Item | str | Iterable[Item]) -> Said:
        return cls(tuple(_items(items)))

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every line, a table's as a page shows it."""
        return tuple(
            line
            for item in self.items
            for line in (item.lines() if isinstance(item, Table) else [item])
        )

    @property
    def page(self) -> tuple[str, ...]:
        """The lines a page shows: plain text, blank lines and terminal-only ones left out."""
        return tuple(
            line.plain.rstrip()
            for line in self.lines
            if line.plain.strip() and not line.terminal_only
        )


def _items(items: Iterable[object]) -> Iterator[Item]:
    for item in items:
        if isinstance(item, str):
            yield words(item)
        elif isinstance(item, (Line, Table)):
            yield item
        elif isinstance(item, Iterable):
            yield from _items(item)
        else:
            raise TypeError(f"no words for {type(item).__name__}")


class Page:
    """A client that keeps what a renderer says as a :class:`Said`, never draws it.

    It stands where a renderer's terminal stands: it is no terminal (so nothing is paged
    or shown on a private screen), its lines are given whole (the page wraps them), and its
    width is the one a renderer measures a table or a board against."""

    width = 72
    height = 24
    is_terminal = False
    soft_wrap = True

    def __init__(self) -> None:
        self._items: list[Item] = []

    def keep(self, said: Said) -> None:
        self._items.extend(said.items)

    def said(self) -> Said:
        return Said(tuple(self._items))
