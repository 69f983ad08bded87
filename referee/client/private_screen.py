"""The terminal's alternate screen, where a hand is drawn, left on every way out.

A hand is drawn on the alternate screen (the one ``less`` uses) so that it
never enters the scrollback. If the referee stopped while it was there, the
terminal would stay on it, the hand in view, and a resumed game would draw
the table under it for the next player to see. So :func:`private_screen`
leaves it however the view ends:

* Enter, an exception, Ctrl-C: the ``with`` block's exit;
* SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\): a handler leaves the screen, then the
  signal does what it would have done (the process ends as it would have);
* SIGTSTP (Ctrl-Z): the screen is left before the process stops, and is not
  drawn again when it continues (the others may be looking by then): the
  player is asked to press Enter.

While a view waits for Enter, :func:`wait_for_enter` reads the terminal itself,
a short wait at a time, rather than through ``input()``: a signal whose handler
ran just before ``input()`` blocked in readline (or on another thread) would
otherwise be acted on only at the next key, the hand still on screen.

A ``kill -9`` (SIGKILL) cannot be caught: nothing can clean the screen then.
For that, :func:`leave_stale` starts every game at a terminal by leaving any
alternate screen a killed session left behind, before the table is drawn.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
from collections.abc import Iterator

from rich.console import Console
from rich.text import Text

ENTER = "\x1b[?1049h"  # save the cursor, switch to the alternate screen (cleared)
LEAVE = "\x1b[?1049l"  # back to the normal screen, cursor restored
SAVE_CURSOR = "\x1b7"

# Signals that end the process (or stop it) while a hand may be on screen.
ENDING = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)
)
STOP = getattr(signal, "SIGTSTP", None)
RESUMED_NOTE = "\n(The hand was hidden when the referee was suspended. Press Enter.) "


def _write_now(out: Console, text: str) -> None:
    """Write straight to the terminal, safe inside a signal handler (no buffered writer)."""
    try:
        os.write(out.file.fileno(), text.encode())
    except (AttributeError, OSError, ValueError):  # not a real file (tests): buffered is fine
        try:
            out.file.write(text)
            out.file.flush()
        except (OSError, ValueError):
            pass


@contextlib.contextmanager
def private_screen(out: Console) -> Iterator[None]:
    """Draw on the alternate screen inside the block; leave it however the block ends."""
    state = {"on": True}

    def leave() -> None:
        if state["on"]:
            state["on"] = False
            _write_now(out, LEAVE)

    def ending(signum, frame) -> None:
        leave()
        signal.signal(signum, previous.get(signum) or signal.SIG_DFL)  # type: ignore[arg-type]
        os.kill(os.getpid(), signum)  # as if this handler had never been there

    def stopping(signum, frame) -> None:
        was_on = state["on"]
        leave()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)  # stops here until the shell continues it
        signal.signal(signum, stopping)
        if was_on:
            _write_now(out, RESUMED_NOTE)

    previous: dict[int, object] = {}
    try:
        for sig in ENDING:
            previous[sig] = signal.signal(sig, ending)
        if STOP is not None:
            previous[STOP] = signal.signal(STOP, stopping)
    except ValueError:  # not the main thread: signals cannot be caught here
        pass
    out.file.write(ENTER)
    out.file.flush()
    try:
        yield
    finally:
        if state["on"]:
            state["on"] = False
            out.file.write(LEAVE)
            out.file.flush()
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)  # type: ignore[arg-type]


def wait_for_enter(out: Console, prompt: Text | str) -> None:
    """Show ``prompt`` and wait for Enter on the terminal; EOFError when the input ends.
    The cursor is left at the start of the next line.

    The wait wakes every quarter second, so Python runs any signal handler that is
    due (leaving the screen) however the signal arrived. Without a terminal (a test
    driving the console) it is ``out.input``.
    """
    stdin = sys.stdin
    try:
        fd = stdin.fileno()
        terminal = os.isatty(fd)
    except (AttributeError, OSError, ValueError):
        terminal = False
    if not terminal:
        out.input(prompt)
        out.print()  # what was typed is not echoed here
        return
    out.print(prompt, end="")
    out.file.flush()
    while True:
        ready, _, _ = select.select([fd], [], [], 0.25)
        if not ready:
            continue
        chunk = os.read(fd, 4096)  # a whole line, its Enter echoed: the terminal is in line mode
        if not chunk:
            raise EOFError
        if b"\n" in chunk or b"\r" in chunk:
            return


def leave_stale(out: Console) -> None:
    """Leave an alternate screen a session killed with ``kill -9`` left on this terminal.

    The cursor is saved first, so on a terminal already on its normal screen
    nothing moves.
    """
    _write_now(out, SAVE_CURSOR + LEAVE)
