"""User text on screen, exactly as typed and harmless.

Rich reads ``[...]`` in strings as markup and the terminal obeys escape
sequences, so text a player typed (names, statements, reasons, file names)
reaches the screen only through :func:`user`: a :class:`rich.text.Text`,
never parsed as markup, with control and invisible layout characters shown
as ``\\x1b``-style escapes.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import fields

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from referee.language.characters import quoted, shortened
from referee.language.input_limits import MAX_ECHO_CHARS
from referee.language.printer import breaks, wrap

# Categories shown escaped: controls (C0, C1, DEL), format characters (bidi
# overrides, zero-width joiners), line and paragraph separators, surrogates.
_HIDDEN = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def escape_invisible(text: str) -> str:
    """``text`` with every control or invisible layout character written as an escape."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in "\t" or unicodedata.category(ch) not in _HIDDEN:
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return "".join(out)


def user(text: object, style: str = "") -> Text:
    """A renderable of user-supplied text for a command's own lines at a terminal (an
    outcome's words are :func:`referee.client.said.typed`): never markup, controls made
    visible."""
    return Text(escape_invisible(str(text)), style=style)


class Filled(string.Formatter):
    """Fills a line's template with a value's fields, each shown as :func:`user` shows it
    (a player's name or a word typed may hold a control character); ``{word!q}`` is
    quoted as a message quotes what a person gave (cut short if long)."""

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "q":
            return quoted(str(value))
        return super().convert_field(value, conversion)

    def format_field(self, value: object, format_spec: str) -> str:
        return escape_invisible(super().format_field(value, format_spec))


def filled(template: str, value: object) -> str:
    """``template`` with the fields of ``value`` (a frozen dataclass: an event, a reason,
    a hint) filled in, escaped: the one way a line of words is made from data."""
    return Filled().vformat(template, (), {f.name: getattr(value, f.name) for f in fields(value)})  # type: ignore[arg-type]


def console(stderr: bool = False) -> Console:
    """The console every command prints through: it never reads markup or highlights,
    so text is shown as given and renderers style explicitly.

    At a terminal rich wraps every line at a word boundary to the terminal's width
    (the terminal itself would cut words in two); into a pipe or a file a line is
    written whole, for the tool that reads it.
    """
    out = TableConsole(highlight=False, markup=False, stderr=stderr)
    out.soft_wrap = not out.is_terminal
    return out


class TableConsole(Console):
    """A console whose indented lines stay indented when they wrap.

    Renderers indent a line under the one it belongs to (``"  follows from #1 ..."``);
    wrapped at the terminal's width, its second line would start at the margin and
    read as a line of its own. A line of text that starts with spaces is drawn with
    that indent kept for every line it wraps to.
    """

    def print(self, *objects, **kwargs) -> None:  # type: ignore[override]
        if len(objects) == 1 and not self.soft_wrap and not kwargs.get("soft_wrap"):
            objects = (hanging(self, objects[0]),)
        super().print(*objects, **kwargs)


def hanging(out: Console, item, more: int = 0):
    """``item`` with its leading spaces kept on every line it wraps to (one line of Text),
    and ``more`` spaces besides on the lines after the first, so that an entry of a list
    that wraps does not read as the next entry. Lines break at spaces (never between a
    number and its unit: ``6.7 ms``, nor inside a statement :func:`formula` marked, unless
    it is longer than a line); a run too long for a line breaks after a ``(`` or a ``,``
    (a statement's ``happy(father(father(…``), else at the edge."""
    if isinstance(item, str):
        item = Text(item)
    if not isinstance(item, Text) or "\n" in item.plain or item.cell_len <= out.width:
        return item
    indent = len(item.plain) - len(item.plain.lstrip(" "))
    if indent + more > out.width // 2:
        return item
    return Text("\n").join(_fill(item, out.width, indent, more))


# A space a line never breaks at: between a number and its unit.
_UNIT = re.compile(r"(?<=\d) (?=(?:ms|s|µs|min|%)(?:\W|$))")
# What marks a statement inside a line of words (a style's meta: it draws nothing).
_FORMULA = "referee.formula"
_FORMULA_STYLE = Style(meta={_FORMULA: True})


def formula_style() -> Style:
    """The mark :func:`formula` gives a statement (it draws nothing)."""
    return _FORMULA_STYLE


def formula(text: str | Text, style: str = "") -> Text:
    """A statement (or a card showing one) inside a line of words, shown as :func:`user`
    shows it (a Text: as it is) and marked so that the line breaks before or after it,
    never inside it, unless it is longer than a whole line: then where a statement
    breaks (:func:`referee.language.printer.breaks`), never inside a name or a symbol."""
    out = text.copy() if isinstance(text, Text) else user(text, style)
    out.stylize(_FORMULA_STYLE)
    return out


def formula_spans(item: Text) -> list[tuple[int, int]]:
    """Where :func:`formula` marked statements in ``item``: (start, end), in order."""
    found = sorted(
        (span.start, span.end)
        for span in item.spans
        if isinstance(span.style, Style) and span.style.meta.get(_FORMULA)
    )
    merged: list[tuple[int, int]] = []
    for start, end in found:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _places(item: Text, line: int) -> list[tuple[int, int, int]]:
    """Where ``item`` may break: (where the line ends, where the next one starts, cost).

    At a space (cost 0), never between a number and its unit nor inside a statement;
    inside a statement longer than ``line`` columns, where the printer breaks one (a
    little dearer, so a line breaks before such a statement first); in a run of words
    too long for a line, after a ``(`` or a ``,`` (dearer still).
    """
    plain = item.plain
    inside = [False] * (len(plain) + 1)
    out: list[tuple[int, int, int]] = []
    for start, end in formula_spans(item):
        for i in range(start, end):
            inside[i] = True
        if cell_len(plain[start:end]) > line:
            for at, cost in breaks(plain[start:end]).items():
                at += start
                out.append((at - 1 if plain[at - 1] == " " else at, at, 1 + cost))
    keep = {m.start() for m in _UNIT.finditer(plain)}
    for i, ch in enumerate(plain):
        if inside[i]:
            continue
        if ch == " " and i not in keep and (i == 0 or plain[i - 1] != " "):
            out.append((i, i, 0))
        elif i and plain[i - 1] in "(," and ch != " " and not inside[i - 1]:
            out.append((i, i, 6))
    return out


def _fill(item: Text, width: int, indent: int, more: int) -> list[Text]:
    """The lines of ``item`` at ``width`` columns, as :func:`hanging` describes: each line
    ends at the place :func:`_places` offers that costs least against the room it leaves
    (the furthest space, for words), as :func:`referee.language.printer.wrap` chooses."""
    plain = item.plain
    cum = [0]
    for ch in plain:
        cum.append(cum[-1] + cell_len(ch))
    places = _places(item, max(1, width - indent - more))
    lines: list[Text] = []
    start, margin = indent, indent
    while True:
        room = max(1, width - margin)
        if cum[len(plain)] - cum[start] <= room:
            end = nxt = len(plain)
        else:
            best, score = None, None
            for end_at, next_at, cost in places:
                used = cum[end_at] - cum[start]
                if end_at <= start or used > room:
                    continue
                value = 10 * cost + 30 * (room - used) / room
                if score is None or value <= score:
                    best, score = (end_at, next_at), value
            if best is None:  # nothing to break at: cut at the edge
                end = start
                while end < len(plain) and cum[end + 1] - cum[start] <= room:
                    end += 1
                best = (max(end, start + 1),) * 2
            end, nxt = best
        line = item[start:end]
        line.rstrip()
        lines.append(Text(" " * margin) + line)
        if end >= len(plain):
            return lines
        start, margin = nxt, indent + more
        while start < len(plain) and plain[start] == " ":
            start += 1
        if start >= len(plain):
            return lines


def wraps(out: Console) -> bool:
    """Whether ``out`` is a terminal whose lines this program breaks itself (into a pipe,
    or on the web table's console, a line is given whole)."""
    return isinstance(out, TableConsole) and not out.soft_wrap


def statement_line(out: Console, head: Text, text: str, tail: Text | None = None) -> Text:
    """``head``, a statement and ``tail`` as the lines a terminal shows them: the statement
    broken where it reads in its parts (:func:`referee.language.printer.wrap`), its
    lines after the first indented under it, never cut; into a pipe, one line."""
    body = user(text)
    whole = head + body + (tail or Text())
    if not wraps(out):
        return whole
    width = out.width
    if whole.cell_len <= width:
        return whole
    start = head.cell_len
    base = len(head.plain) - len(head.plain.lstrip(" "))
    indent = start + 2 if start + 2 <= width // 3 else base + 4
    above: list[Text] = []
    if start > width // 2:  # a long head: the statement starts on a line of its own
        above = [head.copy()]
        above[0].rstrip()
        head, start = Text(" " * indent), indent
    parts = wrap(escape_invisible(text), width, first=width - start, indent=indent)
    out_lines = [*above, head + Text(parts[0])] + [Text(part) for part in parts[1:]]
    if tail is not None and tail.plain:
        last = out_lines[-1] + tail
        if last.cell_len > width:
            lead = len(last.plain) - len(last.plain.lstrip(" "))
            out_lines[-1:] = _fill(last, width, lead, max(0, indent - lead))
        else:
            out_lines[-1] = last
    return Text("\n").join(out_lines)


class Statement:
    """A statement in a table's cell, broken into lines to the width the table gives it
    (:func:`referee.language.printer.wrap`) rather than cut with "…"; ``tail`` follows it
    (``(scored)``)."""

    def __init__(self, text: str, tail: Text | None = None) -> None:
        self.text = escape_invisible(text)
        self.tail = tail or Text()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        full = cell_len(self.text) + self.tail.cell_len
        return Measurement(min(full, 16), full)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        lines = [Text(line) for line in wrap(self.text, width, indent=2)]
        if self.tail.plain:
            if lines[-1].cell_len + self.tail.cell_len <= width:
                lines[-1] = lines[-1] + self.tail
            else:
                lines.append(Text("  ") + self.tail)
        yield Text("\n").join(lines)


def entry(out: Console, item, more: int = 2):
    """An entry of a list at a terminal: its wrapped lines indented ``more`` further than
    its first (into a pipe, or on the web table's console, the line is given whole)."""
    if getattr(out, "soft_wrap", True) or not isinstance(out, TableConsole):
        return item
    return hanging(out, item, more)


# A word (a run without spaces) of a message longer than a quotation may be,
# and a line of a message longer than a message with one quotation in it.
_LONG_WORD = re.compile(r"\S{" + str(MAX_ECHO_CHARS + 1) + ",}")
_MESSAGE_LINE = 4 * MAX_ECHO_CHARS


def echoed(message: str) -> str:
    """A refusal or an error, quoting at most about MAX_ECHO_CHARS of anything a person gave.

    The one guard every refusal and error passes on its way to the screen
    (the game's refusals, the command line's errors, a record's errors):
    whatever a message quotes (a pasted word, a line, a list of names from a
    deck), each long run is cut to a quotation's length with "…", keeping its
    closing quote, and each line to a few quotations' length. A run with a
    ``/`` in it is a file's path and is kept whole, so a deep directory never
    cuts away the line and column that follow it.
    """

    def cut(match: re.Match) -> str:
        word = match.group()
        if "/" in word:  # a file's path the user gave: named whole (the line's cut still holds)
            return word
        close = word[-1] if word[-1] in "'\")]" else ""
        return shortened(word) + close

    lines = []
    for line in message.split("\n"):
        line = _LONG_WORD.sub(cut, line)
        lines.append(shortened(line, _MESSAGE_LINE))
    return "\n".join(lines)
