"""A game played as a person plays it: the referee in a pseudo-terminal of 80 × 24.

:func:`play` starts ``referee ARGS`` under a pseudo-terminal (pexpect), types
each line at its prompt, and keeps everything the referee wrote. A
:class:`Transcript` gives the lines as the program wrote them (escape
sequences removed, so a line wider than the terminal is seen as one line) and
the final screen as a terminal of that size shows it (pyte).
"""

from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parent.parent
COLUMNS, ROWS = 80, 24
# A game's prompt: a name, a side, "game over" or "COGITO ann", then "> "
# (never the "-> " of a typed statement echoed by the terminal); or a question.
PROMPT = re.compile(rb"([\w)]> |\[y/N\] |Press Enter[\w ]*\. )(\x1b\[0m)?")
_ALTERNATE = re.compile(rb"\x1b\[\?1049h.*?(\x1b\[\?1049l|$)", re.DOTALL)
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07")


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (wide characters two, combining marks none)."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


@dataclass
class Transcript:
    raw: bytes
    columns: int = COLUMNS
    rows: int = ROWS

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", "replace")

    def lines(self) -> list[str]:
        """The lines written, without escape sequences or carriage returns."""
        plain = _ESCAPE.sub("", self.text).replace("\r", "")
        return plain.split("\n")

    def screen(self) -> list[str]:
        """The final screen, row by row, as a terminal of this size shows it."""
        screen = pyte.Screen(self.columns, self.rows)
        stream = pyte.ByteStream(screen)
        # pyte has no alternate screen: what was drawn there (a hand) leaves the main
        # screen as it was, cursor included, as a terminal does on switching back.
        stream.feed(_ALTERNATE.sub(b"", self.raw))
        return [row.rstrip() for row in screen.display]

    def seen(self, wide: bool = False) -> list[str]:
        """Every row the terminal showed, top to bottom: the rows scrolled off the top of the
        screen, then the screen (a line erased and written over, as "thinking…" is, shows
        what replaced it; a line the terminal wrapped, as the rows it took). ``wide``: as a
        terminal of the same size that never wraps a line shows them (a line longer than
        the screen as one row, as the program wrote it)."""
        columns = 4 * 4096 if wide else self.columns
        screen = pyte.HistoryScreen(columns, self.rows, history=1_000_000, ratio=0.5)
        stream = pyte.ByteStream(screen)
        stream.feed(_ALTERNATE.sub(b"", self.raw))
        width = range(columns)
        rows = [
            "".join(line[x].data for x in width).rstrip()
            for line in [*screen.history.top, *(screen.buffer[y] for y in range(self.rows))]
        ]
        while rows and not rows[-1]:
            rows.pop()
        return rows

    def too_wide(self) -> list[str]:
        return [line for line in self.lines() if width(line) > self.columns]

    def split_words(self) -> list[tuple[str, str]]:
        """Pairs of lines where a word runs on from a full line into the next: a word cut.

        A line filled to the last column that ends in a letter, followed by one that
        starts with a letter, is either a word cut in two or two words wrapped between
        them. It counts as cut unless both halves are words seen elsewhere on their own.
        """
        lines = self.lines()
        seen = Counter(word for line in lines for word in line.split())
        cut = []
        for line, after in zip(lines, lines[1:], strict=False):
            full = width(line) == self.columns and line[-1:].isalnum() and after[:1].isalnum()
            if not full:
                continue
            tail, head = line.split()[-1], after.split()[0]
            if seen[tail] < 2 or seen[head] < 2:
                cut.append((line, after))
        return cut


def spawn(
    args: list[str], cwd: Path, columns: int = COLUMNS, rows: int = ROWS, pager: str = "cat"
) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(rows))
    env["PAGER"] = pager  # a test reads the whole text; a person gets less
    env.pop("LESS", None)
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "referee.cli.main", *args],
        cwd=str(cwd),
        env=env,
        dimensions=(rows, columns),
        timeout=60,
    )


def play(args: list[str], lines: list[str], cwd: Path, columns: int = COLUMNS) -> Transcript:
    """Type ``lines`` at the prompts of ``referee ARGS``; the transcript up to the end."""
    child = spawn(args, cwd, columns)
    raw = bytearray()
    for line in lines:
        child.expect(PROMPT)
        raw += child.before + child.after
        child.sendline(line)
    child.expect(pexpect.EOF)
    raw += child.before
    child.close()
    return Transcript(bytes(raw), columns)


def in_turn(commands: list[list[str]], cwd: Path, columns: int = COLUMNS) -> list[list[str]]:
    """What each of ``commands`` (``referee`` arguments, typed at nothing) prints, as
    :meth:`Transcript.seen` with ``wide`` gives it: all run in one process in turn under
    one pseudo-terminal (``tests/readme_driver.py``), so the referee is imported once."""
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(ROWS))
    env["PAGER"] = "cat"
    env.pop("LESS", None)
    env.pop("NO_COLOR", None)
    driver = str(Path(__file__).parent / "readme_driver.py")
    child = pexpect.spawn(
        sys.executable,
        [driver, json.dumps(commands)],
        cwd=str(cwd),
        env=env,
        dimensions=(ROWS, columns),
        timeout=60 * len(commands),
    )
    child.expect(pexpect.EOF)
    child.close()
    out: list[list[str]] = []
    for row in Transcript(child.before, columns).seen(wide=True):
        if row.startswith("@@ example "):
            out.append([])
        elif out:
            out[-1].append(row)
    return out
