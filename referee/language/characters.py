"""Text as the players see it: where lines end, and characters that would lie.

A statement must read the same to the referee as it looks on the screen. So
lines end at ``\\n`` (or ``\\r\\n``) only, never at the other characters
Python's ``str.splitlines`` also breaks on (U+2028 LINE SEPARATOR, U+0085,
form feeds, ...), and a character that is invisible, moves the cursor or
reorders text (control characters, format characters such as bidi overrides
and zero-width spaces, separators, private-use and unassigned code points) is
refused with its name, wherever it stands in a line: a comment that hides the
rest of a line behind an invisible line break is exactly such a lie.

``visible`` is how the referee shows such text back (in an error's source
line): each of these characters becomes one visible stand-in, so the caret
under it stays aligned.
"""

from __future__ import annotations

import unicodedata

from referee.language.input_limits import MAX_ECHO_CHARS

# Categories refused in any line a player hands over (statements, board and
# derivation files): Cc control, Cf format, Zl/Zp line and paragraph
# separators, Co private use, Cs surrogates (bytes that were not UTF-8), Cn
# unassigned. A tab is a control character but an honest space.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
_ALLOWED = frozenset({"\t"})

# Control characters have names only as aliases (unicodedata.name has none).
_CONTROL_NAMES = {
    0x00: "NULL",
    0x07: "BELL",
    0x08: "BACKSPACE",
    0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED",
    0x0B: "LINE TABULATION",
    0x0C: "FORM FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x7F: "DELETE",
    0x85: "NEXT LINE",
}


def split_lines(text: str) -> list[str]:
    """The lines of ``text``: split at ``\\n`` only, a ``\\r`` before it dropped.

    Unlike ``str.splitlines`` nothing else ends a line, so the line numbers
    the referee reports are the ones ``wc -l``, ``cat`` and editors show.
    A final newline does not start another line.
    """
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def is_refused(char: str) -> bool:
    return char not in _ALLOWED and unicodedata.category(char) in _REFUSED_CATEGORIES


# Characters a font draws as nothing although their category is a letter or a mark
# (Unicode's Default_Ignorable_Code_Point outside the refused categories: U+034F
# COMBINING GRAPHEME JOINER, the variation selectors such as U+FE0F, the Hangul fillers
# such as U+3164), and U+2800 BRAILLE PATTERN BLANK, a symbol drawn blank. A name made
# with one looks like the name without it.
_INVISIBLE = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def is_invisible(char: str) -> bool:
    """A character nobody sees: a refused one, or one drawn as nothing (:data:`_INVISIBLE`)."""
    code = ord(char)
    return is_refused(char) or any(low <= code <= high for low, high in _INVISIBLE)


def first_refused(text: str, allow_newlines: bool = False) -> int | None:
    """The index of the first refused character of ``text`` (None if there is none).

    With ``allow_newlines``, ``\\n`` and a ``\\r`` right before it are line ends,
    not characters of the text (a statement typed over several lines).
    """
    for i, char in enumerate(text):
        if allow_newlines and (char == "\n" or (char == "\r" and text[i + 1 : i + 2] == "\n")):
            continue
        if is_refused(char):
            return i
    return None


def describe(char: str) -> str:
    """``U+2028 LINE SEPARATOR``: the code point and its Unicode name."""
    code = ord(char)
    name = _CONTROL_NAMES.get(code)
    if name is None:
        category = unicodedata.category(char)
        fallback = {
            "Cs": "(not a character: bytes that are not UTF-8)",
            "Cc": "(a control character)",
            "Co": "(a private-use character)",
        }.get(category, "(an unassigned code point)")
        name = unicodedata.name(char, fallback)
    return f"U+{code:04X} {name}"


def refusal(char: str) -> str:
    """The message for a refused character, in the players' words."""
    return (
        f"{describe(char)} is not allowed here: it is invisible or changes how the text looks, "
        "so the referee would read something other than what is shown; delete it"
    )


def visible(text: str) -> str:
    """``text`` with each invisible character (and tab) shown as one visible character.

    C0 controls become their Control Pictures (ESC shows as ␛), every other
    invisible character (:func:`is_invisible`) becomes ⍰, a tab a space: one column each, so a caret
    printed under the text still points at the right place.
    """
    out = []
    for char in text:
        if char == "\t":
            out.append(" ")
        elif not is_invisible(char):
            out.append(char)
        elif ord(char) < 0x20:
            out.append(chr(0x2400 + ord(char)))
        elif char == "\x7f":
            out.append("␡")
        else:
            out.append("⍰")
    return "".join(out)


def shortened(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """At most about ``limit`` characters of what a person gave, "…" where it was cut.

    A message quotes a name, a word or a line back to whoever typed it; a
    pasted page would bury the message, so every quotation is this long at most.
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """``repr`` of :func:`shortened` text: how a message quotes what a person gave."""
    return repr(shortened(text, limit))
