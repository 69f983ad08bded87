"""Issue 35's smaller items: options checked before a record is made, a one-player Palmer
game refused, Ergo's discard named to the one who made it, and ``moves`` that fits."""

from __future__ import annotations

import io

from click.testing import CliRunner
from test_keyboard_secrecy import forward, new_session

from referee.cli.main import main
from referee.client.safe import TableConsole
from referee.client.table_io import moves_rows
from referee.games import GAMES
from referee.table.computer import RandomPlayer

ERGO = next(g for g in GAMES if g.name == "ergo")


def test_a_game_of_one_player_is_refused_before_a_record_is_made(tmp_path):
    path = tmp_path / "one.json"
    result = CliRunner().invoke(main, ["play", "--players", "ann", "--record", str(path)])
    assert result.exit_code == 1
    assert "players: Palmer's game is for 2 players or more, not 1" in result.output
    assert not path.exists()


def discards(computers: tuple[str, ...], line: str, seat: str | None = None) -> str:
    session = new_session(ERGO, computers=computers)
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = ERGO.terminal().game.renderer(out, session, {})
    renderer.show(session.execute(line, seat), True)
    return out.file.getvalue().splitlines()[0]


def test_ergo_names_the_discarded_card_to_the_one_who_may_know_it():
    hand = new_session(ERGO).game.hand("ann")
    alone = discards(("bob", "cat"), "discard 2")
    assert alone == f"ann discards 1: {hand[1].label}"  # practising alone: your own card
    assert discards((), "discard 2") == "ann discards 1"  # a shared screen: face down
    assert discards(("cat",), "discard 2") == "ann discards 1"  # bob is a person too


def test_a_computers_discard_is_never_named():
    session = new_session(ERGO, computers=("bob", "cat"))
    session.execute("discard 1")
    session.execute("discard 1")
    out = TableConsole(file=io.StringIO(), width=80, highlight=False, markup=False)
    renderer = ERGO.terminal().game.renderer(out, session, {})
    renderer.show(session.execute("discard 1", "bob"), True)
    assert out.file.getvalue().splitlines()[0] == "bob discards 1"


def test_a_long_list_of_moves_fits_the_screen():
    session = new_session(ERGO)
    rng, longest = RandomPlayer(2), ()
    for _ in range(30):
        lines = ERGO.legal(session.game, session.game.player)
        longest = max(longest, lines, key=len)
        forward(ERGO, session, 1, rng)
    assert len(longest) > 40
    rows = moves_rows(longest, 80)
    assert len(rows) <= 18 and all(len(r.plain) < 80 for r in rows)
    items = [i.strip() for r in rows for i in r.plain.split(":", 1)[-1].split(" · ")]
    assert len(items) == len(longest)  # every move, whole, once


def test_an_option_refused_by_the_rules_is_named_as_it_was_typed(tmp_path):
    """``--win 0`` is named ``--win``, not the record's ``win_score``."""
    for args, said in (
        (["--win", "0"], "--win: must be at least 1, got 0"),
        (["--hand-size", "0"], "--hand-size: must be between 1 and 20, got 0"),
    ):
        path = tmp_path / "game.json"
        result = CliRunner().invoke(
            main, ["play", "--players", "ann,bob", *args, "--record", str(path)]
        )
        assert result.exit_code == 1 and said in result.output and not path.exists()
