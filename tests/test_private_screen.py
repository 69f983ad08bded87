"""A hand on the alternate screen never outlives the view: signals, Ctrl-Z and errors leave it.

The referee runs in a real pseudo-terminal (the standard library's ``pty``),
shows a hand, and is then sent SIGTERM, SIGHUP, SIGQUIT (Ctrl-\\) or SIGTSTP
(Ctrl-Z): the terminal must get "leave the alternate screen" before the
process ends or stops. Before, the hand stayed on the screen for the next
player to see.
"""

import io
import os
import pty
import select
import signal
import subprocess
from pathlib import Path

import pytest
from killresume import referee
from rich.console import Console

from referee.client.private_screen import ENTER, LEAVE, leave_stale, private_screen

GUARD = 30.0  # seconds before a test gives up waiting (never reached when all is well)


class Terminal:
    """A referee command on a pseudo-terminal: send lines, read until a text appears."""

    def __init__(self, args, cwd):
        master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "30"}
        self.proc = subprocess.Popen(
            referee(*args), stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
        )
        os.close(slave)
        self.master = master
        self.seen = ""

    def until(self, text, start=0):
        """Read until ``text`` appears at or after ``start`` in all that was written."""
        while text not in self.seen[start:]:
            ready, _, _ = select.select([self.master], [], [], GUARD)
            assert ready, f"waited in vain for {text!r}; got {self.seen[-500:]!r}"
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the process has ended and the terminal closed
                chunk = b""
            assert chunk, f"the terminal closed before {text!r}; got {self.seen[-500:]!r}"
            self.seen += chunk.decode("utf-8", "replace")
        return self.seen

    def continued(self, text):
        """Send SIGCONT once the process has stopped (as ``fg`` would), then read until
        ``text``. (Where the system discards a stop, it never stops: text comes anyway.)"""
        waited = 0.0
        while text not in self.seen:
            if _state(self.proc.pid) == "T":
                self.proc.send_signal(signal.SIGCONT)
            ready, _, _ = select.select([self.master], [], [], 0.05)
            waited += 0.05
            assert waited < GUARD, f"waited in vain for {text!r}; got {self.seen[-500:]!r}"
            if ready:
                self.seen += os.read(self.master, 4096).decode("utf-8", "replace")
        return self.seen

    def send(self, text):
        os.write(self.master, text.encode())

    def rest(self):
        """Everything written until the process ends."""
        while True:
            ready, _, _ = select.select([self.master], [], [], GUARD)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.seen += chunk.decode("utf-8", "replace")
        return self.proc.wait(GUARD)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(GUARD)
        os.close(self.master)


def _state(pid):
    """The process's state letter from /proc (T: stopped)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text.rsplit(")", 1)[1].split()[0]


GAMES = {
    "cogito": ["cogito", "play", "--players", "alice,bob,carol", "--seed", "1", "hand alice"],
    "ergo": ["ergo", "play", "--players", "ann,bob", "--seed", "1", "hand"],
}


def hand_on_screen(tmp_path, game):
    *args, command = GAMES[game]
    term = Terminal([*args, "--record", str(tmp_path / "g.json")], tmp_path)
    term.until("> ")
    term.send(command + "\r")
    term.until("Press Enter")
    term.send("\r")
    term.until("hide")  # the hand is drawn; the view waits for Enter
    assert term.seen.count(ENTER) == 1 and LEAVE not in term.seen.split(ENTER, 1)[1]
    return term


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, sig",
    [
        ("cogito", signal.SIGTERM),
        ("cogito", signal.SIGHUP),
        ("cogito", signal.SIGQUIT),
        ("ergo", signal.SIGTERM),
    ],
)
def test_a_signal_that_ends_the_referee_leaves_the_alternate_screen_first(tmp_path, game, sig):
    term = hand_on_screen(tmp_path, game)
    try:
        term.proc.send_signal(sig)
        status = term.rest()
        assert status == -sig  # ended by the signal, as it would have been
        assert LEAVE in term.seen.split(ENTER, 1)[1]
    finally:
        term.close()


@pytest.mark.slow
def test_ctrl_z_leaves_the_alternate_screen_before_stopping_and_does_not_redraw_it(tmp_path):
    term = hand_on_screen(tmp_path, "cogito")
    try:
        term.proc.send_signal(signal.SIGTSTP)
        term.until(LEAVE, term.seen.index(ENTER))  # written before the process stops
        after = term.continued("suspended. Press Enter")
        assert after.count(ENTER) == 1  # the hand is not drawn again when it continues
        term.send("\r")
        term.until("> ")
        term.send("quit\r")
        assert term.rest() == 0
    finally:
        term.close()


def test_an_error_inside_the_view_leaves_the_screen_and_the_signals_as_they_were():
    out = Console(file=io.StringIO(), force_terminal=True)
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(RuntimeError), private_screen(out):
        assert signal.getsignal(signal.SIGTERM) is not before
        raise RuntimeError("boom")
    text = out.file.getvalue()
    assert text.index(ENTER) < text.index(LEAVE) and text.count(LEAVE) == 1
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_game_at_a_terminal_first_leaves_a_screen_a_killed_session_left():
    """kill -9 cannot be caught: the next game started at that terminal cleans up instead."""
    out = Console(file=io.StringIO(), force_terminal=True)
    leave_stale(out)
    assert out.file.getvalue() == "\x1b7" + LEAVE  # the cursor saved first: nothing moves


# A hand view whose wait for Enter cannot see a signal: the signal's C handler runs
# on another thread (as it may when the signal lands just before the wait begins),
# so nothing interrupts a wait blocked inside readline. Found under load: SIGTERM
# sent as "Press Enter to hide this." appeared left the hand on screen until a key.
SIGNAL_DURING_THE_WAIT = """
import readline, signal, threading, time  # readline: as the table's prompt imports it
from rich.console import Console
from referee.client.table_io import private_view

out = Console(force_terminal=True)

def late_signal():
    time.sleep(0.3)  # the view is waiting for Enter by now
    signal.pthread_kill(threading.get_ident(), signal.SIGTERM)  # handled off the main thread

def draw():
    out.print("HAND")
    threading.Thread(target=late_signal, daemon=True).start()

private_view(out, out.render_str("alice"), draw)
"""


@pytest.mark.slow
@pytest.mark.parametrize("game", ["cogito", "ergo"])
def test_a_signal_the_wait_for_enter_did_not_see_still_leaves_the_screen(tmp_path, game):
    import sys

    if game == "ergo":
        script = SIGNAL_DURING_THE_WAIT.replace(
            'private_view(out, out.render_str("alice"), draw)',
            "from referee.ergo.terminal import ErgoRenderer\n"
            "from referee.client.private_screen import private_screen\n"
            "with private_screen(out):\n"
            "    draw()\n"
            "    ErgoRenderer(out, private=True).ask('Press Enter to hide it. ')\n",
        )
    else:
        script = SIGNAL_DURING_THE_WAIT
    term = Terminal.__new__(Terminal)
    master, slave = pty.openpty()
    term.proc = subprocess.Popen(
        [sys.executable, "-c", script], stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path
    )
    os.close(slave)
    term.master, term.seen = master, ""
    try:
        if game == "cogito":
            term.until("Press Enter. ")
            term.send("\r")
        term.until("HAND")
        status = term.rest()
        assert status == -signal.SIGTERM, term.seen[-500:]
        assert LEAVE in term.seen.split("HAND", 1)[1]
    finally:
        term.close()
