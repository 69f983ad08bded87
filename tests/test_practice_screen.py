"""Practising alone at 80 × 24 (issue 35): what the computers just did stays on the screen.

After a line typed, the computers' answers are shown as they come and the table is
drawn once, when the prompt returns, so neither a computer's claim (Palmer) nor its
first move (Ergo) scrolls away under a board redrawn after each move.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from ptyscreen import play
from test_keyboard_secrecy import new_session

from referee.client.house import ComputerTurns
from referee.client.safe import TableConsole
from referee.ergo.setup import Mode
from referee.games import GAMES
from referee.table import loop
from referee.table.computer import ComputerSeats


def on_screen(screen: list[str], line: str) -> bool:
    """Whether ``line`` (as written) starts one of the screen's rows."""
    return any(row.startswith(line[:60]) or line[:60] in row for row in screen)


@pytest.mark.slow
def test_a_computers_claim_stays_on_screen(tmp_path):
    statements = [
        "play happy : ∃x happy(x)",
        "play blonde : ∃x blonde(x)",
        "play likes : ∃x ∃y likes(x, y)",
        "play smarter : ∀x ¬smarter(x, x)",
        "play happy : ∃x happy(x)",  # the same again: bob may claim it
    ]
    args = ["play", "--players", "ann,bob", "--mode", "table", "--bots", "bob", "--seed", "3"]
    shown = play([*args, "--record", "g.json"], [*statements, "quit"], tmp_path)
    claims = [line for line in shown.lines() if line.startswith("bob claims ")]
    assert claims, "bob made no claim"
    screen = shown.screen()
    assert on_screen(screen, claims[-1]) or any(
        row.startswith("Last ruling: " + claims[-1][:40]) for row in screen
    ), "\n".join(screen)


@pytest.mark.slow
def test_every_computer_move_since_the_prompt_is_on_screen(tmp_path):
    args = ["ergo", "play", "--players", "ann,bob", "--bots", "bob:0", "--mode", "table"]
    typed = ["play A", "play B", "discard 1", "discard 1", "quit"]
    shown = play([*args, "--record", "g.json"], typed, tmp_path)
    lines = shown.lines()
    last = max(i for i, line in enumerate(lines) if line.endswith("> discard 1"))
    moves = [line for line in lines[last:] if line.startswith("bob ")]
    assert moves, "bob made no move"
    screen = shown.screen()
    assert all(on_screen(screen, move) for move in moves), "\n".join(screen)


class Scripted:
    """A computer player saying the given lines, one each time it is asked."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def choose(self, view):
        return self.lines.pop(0) if self.lines else None

    def close(self):
        pass


def test_the_table_is_drawn_once_when_the_prompt_returns():
    ergo = next(g for g in GAMES if g.name == "ergo")
    session = new_session(ergo, computers=("bob",))
    setup = session.record.setup
    table = replace(setup, settings=replace(setup.settings, mode=Mode.TABLE))
    session.record = replace(session.record, setup=table)
    session.game = session.record.rebuild()
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = ergo.terminal().game.renderer(out, session, {})
    turns = ComputerTurns(
        session, ergo, ComputerSeats({"bob": Scripted("play C", "play D")}), renderer
    )
    typed = iter(["play A", "play B"])
    loop.run(session, turns.lines(typed), lambda r, g: None, turns.show(renderer.show))
    shown = out.file.getvalue()
    after = shown[shown.index("ann plays B") :]
    assert "bob (computer)> play C" in after and "bob (computer)> play D" in after
    assert after.count("Proof, round 1") == 1  # drawn once, after both of bob's plays
    assert after.index("Proof, round 1") > after.index("bob plays D")
