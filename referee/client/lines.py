"""Lines a person types at a game's prompt, or a script pipes in: bounded and strict UTF-8.

Every game's prompt reads through here. A line longer than MAX_LINE_CHARS is
refused before any parsing (and a piped line is never read whole: the rest
of it is skipped in chunks), and bytes that are not UTF-8 are refused with a
message instead of travelling on as surrogates, which the record store
could not write. A refused line is answered and forgotten; the game goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from referee.client.grammar import thousands
from referee.language.input_limits import MAX_LINE_CHARS

# A UTF-8 character is at most four bytes; a line may end in \r\n.
_MAX_LINE_BYTES = 4 * MAX_LINE_CHARS + 2
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class UnreadLine:
    """A line refused before it reached the game, and why (in the players' words)."""

    message: str


def too_long(characters: int, unit: str = "characters") -> UnreadLine:
    return UnreadLine(
        f"the line is too long ({thousands(characters)} {unit}; the limit is "
        f"{thousands(MAX_LINE_CHARS)} characters): nothing of it was read"
    )


def checked(text: str) -> str | UnreadLine:
    """A typed line as the game may read it, or why it may not."""
    if len(text) > MAX_LINE_CHARS:
        return too_long(len(text))
    if any("\ud800" <= char <= "\udfff" for char in text):
        return UnreadLine("the line is not UTF-8 text: nothing of it was read")
    return text


def script_lines(stream: BinaryIO) -> Iterator[str | UnreadLine]:
    """The lines of ``stream`` (split at ``\\n`` only), each bounded and decoded strictly."""
    while True:
        raw = stream.readline(_MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > _MAX_LINE_BYTES and not raw.endswith(b"\n"):
            size = len(raw)
            while True:  # skip the rest of the line without holding it
                more = stream.readline(_CHUNK)
                size += len(more)
                if not more or more.endswith(b"\n"):
                    break
            yield too_long(size, "bytes")
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield UnreadLine(
                f"the line is not UTF-8 text (byte {exc.start + 1}): nothing of it was read"
            )
            continue
        yield checked(text.removesuffix("\n").removesuffix("\r"))
