"""User text on screen, exactly as typed and harmless.

Rich reads ``[...]`` in strings as markup and the terminal obeys escape
sequences, so text a player typed (names, statements, reasons, file names)
reaches the screen only through :func:`user`: a :class:`rich.text.Text`,
never parsed as markup, with control and invisible layout characters shown
as ``\\x1b``-style escapes.
"""

from __future__ import annotations

import unicodedata

from rich.console import Console
from rich.text import Text

# Categories shown escaped: controls (C0, C1, DEL), format characters (bidi
# overrides, zero-width joiners), line and paragraph separators, surrogates.
_HIDDEN = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def visible(text: str) -> str:
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
    """A renderable of user-supplied text: never markup, controls made visible."""
    return Text(visible(str(text)), style=style)


def console(stderr: bool = False) -> Console:
    """The console every command prints through: it never reads markup or highlights,
    so text is shown as given and renderers style explicitly."""
    return Console(highlight=False, soft_wrap=True, markup=False, stderr=stderr)
