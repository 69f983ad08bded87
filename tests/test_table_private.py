"""Hidden information on one shared screen: drawn on the alternate screen, never in a pipe."""

import io

from rich.console import Console
from rich.text import Text

from referee.client import table_io

ENTER_ALT, LEAVE_ALT = "\x1b[?1049h", "\x1b[?1049l"


def _terminal(monkeypatch, answers):
    out = Console(file=io.StringIO(), force_terminal=True, width=80)
    monkeypatch.setattr(table_io.sys.stdin, "isatty", lambda: True, raising=False)
    feed = iter(answers)
    monkeypatch.setattr(out, "input", lambda *a, **k: next(feed))
    return out


def test_a_private_view_is_drawn_only_on_the_alternate_screen(monkeypatch):
    out = _terminal(monkeypatch, ["", ""])
    out.print("the table")
    shown = table_io.private_view(out, Text("alice"), lambda: out.print("SECRET HAND"))
    text = out.file.getvalue()
    assert shown is True
    assert text.count("SECRET HAND") == 1
    start, secret, end = text.index(ENTER_ALT), text.index("SECRET HAND"), text.index(LEAVE_ALT)
    assert start < secret < end  # the main screen (and its scrollback) never holds it
    assert "the table" in text[:start]


def test_nothing_hidden_is_written_when_the_screen_is_not_a_terminal(monkeypatch):
    out = Console(file=io.StringIO(), force_terminal=False)
    drawn = []
    assert table_io.private_view(out, Text("alice"), lambda: drawn.append(1)) is False
    assert drawn == [] and out.file.getvalue() == ""


def test_a_private_view_needs_a_keyboard_too(monkeypatch):
    out = Console(file=io.StringIO(), force_terminal=True)
    monkeypatch.setattr(table_io.sys.stdin, "isatty", lambda: False, raising=False)
    assert table_io.private_view(out, Text("bob"), lambda: out.print("SECRET")) is False
    assert "SECRET" not in out.file.getvalue()
