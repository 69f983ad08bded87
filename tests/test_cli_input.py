"""Arguments and files as the commands receive them (issue 9).

* A statement is an argument whatever it starts with: ``referee parse "-> x"``
  was taken for an unknown option and exited 2.
* Every file the referee reads is read with a size limit: ``referee analyze
  /dev/zero`` read until memory ran out.
"""

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.client.common import MAX_FILE_BYTES, MAX_RECORD_BYTES, read_text


def run(*args):
    return CliRunner().invoke(main, list(args))


def clean(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------- statements with a dash


@pytest.mark.parametrize("statement", ["-> x", "-(blonde(x))", "- ∀x happy(x)", "-1", "->"])
def test_parse_reads_a_statement_that_starts_with_a_dash(statement):
    result = run("parse", statement)
    clean(result)
    assert result.exit_code == 1  # a parse error with a caret, not a usage error (2)
    assert "line 1, column 1" in result.output and "^" in result.output


def test_options_still_work_around_such_a_statement():
    result = run("parse", "--json", "-> x")
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["column"] == 1
    result = run("parse", "-> x", "--json")
    assert json.loads(result.output)["ok"] is False
    result = run("parse", "--ascii", "∀x happy(x)")
    assert result.output.strip() == "forall x happy(x)"
    result = run("parse", "∀x happy(x)", "--ascii")
    assert result.output.strip() == "forall x happy(x)"
    result = run("parse", "--", "--x")
    assert result.exit_code == 1 and "column 1" in result.output


def test_entails_reads_a_goal_that_starts_with_a_dash():
    result = run("entails", "--timeout", "1", "-p", "∀x happy(x)", "-> x")
    clean(result)
    assert result.exit_code == 1
    assert "goal: line 1, column 1" in result.output
    result = run("entails", "-> x", "--timeout", "1", "-p", "∀x happy(x)")
    assert "goal: line 1, column 1" in result.output
    result = run("entails", "--json", "--timeout", "2", "-p∀x happy(x)", "∃x happy(x)")
    assert result.exit_code == 0 and json.loads(result.output)["verdict"] == "entailed"


def test_an_option_like_word_says_how_to_pass_it_as_a_statement():
    result = run("parse", "-x")
    assert result.exit_code == 2
    assert "put -- before it" in result.output
    result = run("parse", "--asci", "p")
    assert result.exit_code == 2 and "Did you mean '--ascii'" in result.output
    assert "put -- before it" not in result.output


# --------------------------------------------------------------------- files


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "/dev/zero"],
        ["entails", "--board", "/dev/zero", "∀x happy(x)"],
        ["export", "/dev/zero"],
        ["parse", "--deck", "/dev/zero", "∀x happy(x)"],
        ["derive", "{board}", "/dev/zero"],
        ["derive", "/dev/zero", "{board}"],
    ],
)
def test_an_endless_file_is_refused_with_its_name_and_the_limit(args, tmp_path):
    if not Path("/dev/zero").exists():  # pragma: no cover - not on this platform
        pytest.skip("no /dev/zero")
    board = tmp_path / "board.txt"
    board.write_text("∀x happy(x)\n", encoding="utf-8")
    result = run(*[a.format(board=board) for a in args])
    clean(result)
    assert result.exit_code == 1
    assert "/dev/zero: is not a regular file" in result.output


def test_read_text_reads_at_most_the_limit(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"#" * (MAX_FILE_BYTES - 1) + b"\n")
    assert len(read_text(path, "board file")) == MAX_FILE_BYTES
    path.write_bytes(b"#" * MAX_FILE_BYTES + b"\n")
    with pytest.raises(Exception, match="too large for a board file"):
        read_text(path, "board file")
    assert read_text(path, "game record").startswith("#")  # records may be larger
    assert MAX_RECORD_BYTES > MAX_FILE_BYTES


def test_read_text_never_reads_a_stream(tmp_path):
    if not hasattr(os, "mkfifo"):  # pragma: no cover
        pytest.skip("no named pipes")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    pid = os.fork()
    if pid == 0:  # the writer: more than the limit, then it would block forever
        try:
            with open(fifo, "wb") as handle:
                chunk = b"#" * 65536
                while True:
                    handle.write(chunk)
        finally:
            os._exit(0)
    try:
        with pytest.raises(Exception, match="is not a regular file"):
            read_text(fifo, "derivation file")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)


def test_file_problems_are_messages(tmp_path):
    result = run("analyze", str(tmp_path / "missing.txt"))
    assert result.exit_code == 1 and "no such board file" in result.output
    result = run("analyze", str(tmp_path))
    clean(result)
    assert result.exit_code in (1, 2)
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"# caf\xe9\n")
    result = run("analyze", str(bad))
    assert result.exit_code == 1 and "not UTF-8 text (byte 5)" in result.output


# ------------------------------------------------------------ huge numbers


def test_a_huge_number_anywhere_a_file_or_argument_holds_one_is_a_message(tmp_path):
    """issue 9: more than 4,300 digits was a ValueError traceback in each of these."""
    huge = "9" * 4301
    board = tmp_path / "board.txt"
    board.write_text(f"∀x happy(x)\n|L| ≥ {huge[:1500]}\n", encoding="utf-8")
    for args in (
        ["parse", f"|L| >= {huge}"],
        ["parse", f"|L| >= {huge[:1500]}"],
        ["analyze", str(board)],
        ["entails", "--board", str(board), "∀x happy(x)"],
        ["entails", f"|L| < {huge[:200]}"],
    ):
        result = run(*args)
        clean(result)
        assert result.exit_code == 1, args
        assert "n is at most 100" in result.output or "longer than 2,000" in result.output
    good = tmp_path / "good.txt"
    good.write_text("∀x happy(x)\n", encoding="utf-8")
    derivation = tmp_path / "derivation.txt"
    derivation.write_text(f"{huge}. ∀x happy(x)  by board 1\n", encoding="utf-8")
    result = run("derive", str(good), str(derivation))
    clean(result)
    assert result.exit_code == 1 and "too large for a line or statement number" in result.output


def test_a_deck_named_like_markup_is_shown_as_written(tmp_path):
    """issue 9: a deck with name = "[/oops]" crashed `referee cards --deck`."""
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "[/oops] [bold]al"\n[vocabulary]\npredicates = { p = 1 }\n')
    result = run("cards", "--deck", str(deck))
    clean(result)
    assert result.exit_code == 0
    assert "[/oops] [bold]al deck: 0 cards" in result.output


def test_analyze_refuses_a_board_of_more_statements_than_it_can_ask_about(tmp_path):
    """One question per statement, each up to the time limit and as large as the board: a
    long board is refused at once with the reason (1,000 lines of one statement asked for
    about four minutes, 20,000 for hours)."""
    board = tmp_path / "board.txt"
    board.write_text("∀x happy(x)  # a note\n" * 101, encoding="utf-8")
    result = run("analyze", "--timeout", "0.5", str(board))
    clean(result)
    assert result.exit_code == 1
    assert "101 statements" in result.output and "entails --board" in result.output
