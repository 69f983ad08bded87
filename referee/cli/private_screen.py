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

A ``kill -9`` (SIGKILL) cannot be caught: nothing can clean the screen then.
For that, :func:`leave_stale` starts every game at a terminal by leaving any
alternate screen a killed session left behind, before the table is drawn.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

from rich.console import Console

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


def leave_stale(out: Console) -> None:
    """Leave an alternate screen a session killed with ``kill -9`` left on this terminal.

    The cursor is saved first, so on a terminal already on its normal screen
    nothing moves.
    """
    _write_now(out, SAVE_CURSOR + LEAVE)
