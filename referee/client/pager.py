"""Detail a person asked for, through a pager when it is taller than the screen.

``help``, ``why`` and a review can run to more lines than a terminal of 24
rows holds; printed plainly, their first lines (the ones that say what it is
about) scroll away before anyone reads them. At a terminal such a text goes
through the pager (``$PAGER``, else ``less -R``), which starts at the top and
gives the screen back as it was on ``q``. Into a pipe or a file, or when it
fits, it is printed as anything else.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType


def page(out: Console, renderable: RenderableType) -> None:
    """Show ``renderable``: paged when at a terminal and taller than the screen."""
    paged(out, out.print)(renderable)


def paged(out: Console, view: Callable[[Any], None]) -> Callable[[Any], None]:
    """``view`` (what prints one outcome) with all it prints going through the pager."""

    def show(outcome: Any) -> None:
        if not (out.is_terminal and sys.stdin.isatty()):
            view(outcome)
            return
        with out.capture() as captured:
            view(outcome)
        _show(out, captured.get())

    return show


def _show(out: Console, text: str) -> None:
    command = _pager()
    if text.count("\n") < out.height - 1 or command is None:
        out.file.write(text)
        out.file.flush()
        return
    # Ctrl-C belongs to the pager while it runs (less reads it as "stop searching").
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        subprocess.run(command, input=text.encode("utf-8", "replace"), check=False)
    except OSError:
        out.file.write(text)
    finally:
        signal.signal(signal.SIGINT, previous)


def _pager() -> list[str] | None:
    given = os.environ.get("PAGER", "").strip()
    if given:
        try:
            command = shlex.split(given)
        except ValueError:
            command = []
        if command and shutil.which(command[0]):
            return command
    less = shutil.which("less")
    return [less, "-R"] if less else None
