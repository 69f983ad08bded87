"""Every game at 80 × 24, as a person at a terminal sees it.

Each game's ``play`` runs under a pseudo-terminal of 80 columns and 24 rows
(:mod:`ptyscreen`) through a short scripted game. No line the referee writes
may be wider than the terminal (the terminal would cut it wherever the edge
falls, words included), no word may be split across two lines, and the
verdict of the last move must still be on the final screen. ``replay --step``
leaves on ``q`` (and on Esc, Ctrl-C, Ctrl-D) without showing the rest.
"""

from __future__ import annotations

import shutil

import listed
import pexpect
import pytest
from ptyscreen import ROOT, play, spawn


def script(path: str) -> list[str]:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(line)
            if line.strip() == "undo":
                out.append("y")  # at a terminal, undo asks first
    return out


# game: (arguments, script, what the last move's verdict says)
GAMES = {
    "palmer": (
        ["play", "--players", "alice,bob,carol", "--seed", "2"],
        "examples/games/inconsistency-win.txt",
        ["UPHELD", "Game over: alice wins"],
    ),
    "palmer-claims": (
        ["play", "--players", "alice,bob", "--mode", "table"],
        "examples/games/points-win.txt",
        ["alice claims #6 redundant: UPHELD", "Game over: alice wins"],
    ),
    "ergo": (
        ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table", "--win", "10"],
        "examples/ergo/review-round.txt",
        ["Round 1 ends (an Ergo): 13 cards.", "Points: ann +13, bob +0, cat +13"],
    ),
    "invicta": (
        ["invicta", "play", "--white", "alice", "--black", "bob"],
        "examples/invicta/row-win.txt",
        ["wins with five in a row (a1 b1 c1 d1 e1)"],
    ),
    "cogito": (
        ["cogito", "play", "--players", "alice,bob,carol", "--seed", "24"],
        "examples/cogito/found-after-a-dream.txt",
        ['carol: "I am Penguin!" — right', "Game over: carol wins"],
    ),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_fits_a_terminal_of_80_by_24(game, tmp_path):
    args, path, verdict = GAMES[game]
    lines = [*script(path), "quit"]
    shown = play([*args, "--record", "game.json"], lines, tmp_path)
    assert shown.too_wide() == []
    assert shown.split_words() == []
    screen = "\n".join(shown.screen())
    for words in verdict:
        assert words in screen, screen


@pytest.mark.parametrize("game", listed.names())
def test_help_fits_80_columns(game, tmp_path):
    args = {
        "palmer": ["play", "--players", "ann,bob", "--mode", "table"],
        "ergo": ["ergo", "play", "--players", "ann,bob", "--mode", "table"],
        "invicta": ["invicta", "play", "--white", "ann", "--black", "bob"],
        "cogito": ["cogito", "play", "--players", "ann,bob,cat", "--seed", "1"],
    }.get(game) or listed.play_args(listed.registration(game))  # any other: players named
    shown = play([*args, "--record", "g.json"], ["help", "quit"], tmp_path)
    assert shown.too_wide() == []
    assert shown.split_words() == []


RECORDS = {
    "palmer": ["replay", "--step", "examples/games/points-win.json"],
    "ergo": ["ergo", "replay", "--step", "examples/ergo/review-round.json"],
    "invicta": ["invicta", "replay", "--step", "examples/invicta/row-win.json"],
    "cogito": ["cogito", "replay", "--step", "examples/cogito/found-after-a-dream.json"],
}
STEP_HINT = r"event \d+ of \d+ "


LEAVING = [(game, "q") for game in sorted(RECORDS)] + [
    ("invicta", key)
    for key in ("\x1b", "\x03", "\x04")  # Esc, Ctrl-C, Ctrl-D
]


@pytest.mark.parametrize("game, key", LEAVING, ids=[f"{g}-{k!r}" for g, k in LEAVING])
def test_step_replay_leaves_on_a_key(game, key):
    child = spawn(RECORDS[game], ROOT)
    child.expect(STEP_HINT)
    child.send("\r")  # the next event
    child.expect("event 2 of")
    child.send(key)
    child.expect(pexpect.EOF, timeout=30)
    child.close()
    text = child.before.decode("utf-8", "replace")
    assert "event 3 of" not in text
    assert child.exitstatus == 0


def test_step_replay_goes_back_and_jumps(tmp_path):
    child = spawn(RECORDS["invicta"], ROOT)
    child.expect("event 1 of 17")
    child.send("\r")
    child.expect("event 2 of 17")
    child.send("b")  # back to the first move, rebuilt from the record
    child.expect(r"move 1: white \(alice\) places on b1")
    child.expect("event 1 of 17")
    child.send("g")
    child.expect("jump to event")
    child.sendline("16")
    child.expect("move 16: ")
    child.expect("event 16 of 17")
    child.send("\x1b[C")  # → : the last move, and nothing waits after it
    child.expect("move 17: ")
    child.expect("Today's referee agrees with all 17 moves")
    child.expect(pexpect.EOF, timeout=30)
    tail = child.before.decode("utf-8", "replace")
    assert "event 17 of" not in tail


@pytest.mark.skipif(shutil.which("less") is None, reason="no less on this machine")
def test_help_taller_than_the_screen_goes_through_the_pager_and_back(tmp_path):
    args = ["ergo", "play", "--players", "ann,bob", "--mode", "table", "--record", "g.json"]
    child = spawn(args, tmp_path, pager="less")
    child.expect("ann> ")
    child.sendline("help")
    child.expect("Commands")  # the top of the page, not its end
    # less holds the page: no prompt comes back until q (printed, it would at once)
    assert child.expect(["ann> ", pexpect.TIMEOUT], timeout=2) == 1
    child.send("q")
    child.expect("ann> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
