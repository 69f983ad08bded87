"""What a person types or passes never breaks a game (issue 19: echoes, typed lines, UTF-8).

* Every prompt reads through one reader (``referee.client.lines``): a line longer
  than MAX_LINE_CHARS is refused before any parsing, without being read whole,
  and bytes that are not UTF-8 are refused instead of reaching the record store.
* Every refusal and error quotes at most about MAX_ECHO_CHARS of what was given
  (``referee.client.safe.echoed``, and ``characters.quoted`` where a message is made).
* Arguments that are not UTF-8 are refused by every command.
* ``--json`` escapes what the terminal would escape.
"""

from __future__ import annotations

import io
import json

import listed
import pytest
from click.testing import CliRunner
from rich.console import Console

from referee.cli.main import main
from referee.client.lines import UnreadLine, script_lines
from referee.language.input_limits import MAX_ECHO_CHARS, MAX_LINE_CHARS

KNOWN = {
    "palmer": ["play", "--players", "ann,bob", "--mode", "table", "--seed", "1"],
    "ergo": ["ergo", "play", "--players", "ann,bob", "--seed", "1"],
    "invicta": ["invicta", "play", "--white", "ann", "--black", "bob"],
    "cogito": ["cogito", "play", "--players", "ann,bob,cat", "--seed", "1"],
}
# Every game of the one list: the four as above, any other started with its players named.
GAMES = {n: KNOWN.get(n) or listed.play_args(listed.registration(n)) for n in listed.names()}
# A line each game reads as a command that quotes part of itself back when refused (any
# other game: an unknown command, which quotes its word).
QUOTING = {
    "palmer": "play {x}",
    "ergo": "why {x}",
    "invicta": "{x}",
    "cogito": "hand {x}",
}


def play(tmp_path, game: str, script: bytes):
    record = tmp_path / f"{game}.json"
    result = CliRunner().invoke(main, [*GAMES[game], "--record", str(record)], input=script)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    return result, record


def refusals(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(("refused", "error"))]


@pytest.mark.parametrize("game", GAMES)
def test_a_line_beyond_the_limit_is_refused_before_parsing_in_every_game(tmp_path, game):
    long_line = QUOTING.get(game, "{x}").format(x="x" * (3 * MAX_LINE_CHARS))
    result, record = play(tmp_path, game, (long_line + "\nquit\n").encode())
    assert result.exit_code == 0, result.output[-300:]
    (refusal,) = refusals(result.output)
    assert "too long" in refusal and len(refusal) < 200
    assert json.loads(record.read_text("utf-8"))["events"] == []


@pytest.mark.parametrize("game", GAMES)
def test_bytes_that_are_not_utf8_are_refused_at_every_prompt(tmp_path, game):
    result, record = play(tmp_path, game, b"end \xff\nplay \xc3\nquit\n")
    assert result.exit_code == 0, result.output[-300:]
    assert [r for r in refusals(result.output) if "not UTF-8" in r] == [
        "refused: the line is not UTF-8 text (byte 5): nothing of it was read",
        "refused: the line is not UTF-8 text (byte 6): nothing of it was read",
    ]
    data = json.loads(record.read_text("utf-8"))
    assert data["events"] == []


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_quotes_at_most_a_short_piece_of_a_pasted_line(tmp_path, game):
    for payload in ("y" * 3000, " ".join(["wörd"] * 600)[:3500]):
        line = QUOTING.get(game, "{x}").format(x=payload)
        result, _ = play(tmp_path, game, (line + "\nquit\n").encode())
        shown = refusals(result.output)
        assert shown, result.output[-300:]
        for refusal in shown:
            assert len(refusal) <= 4 * MAX_ECHO_CHARS + 20, refusal
            assert "y" * (MAX_ECHO_CHARS + 1) not in refusal
            assert "wörd " * (MAX_ECHO_CHARS // 5 + 2) not in refusal
        (tmp_path / f"{game}.json").unlink()


@pytest.mark.parametrize(
    "args",
    [
        [*GAMES["palmer"]],
        [*GAMES["ergo"]],
        ["cogito", "play", "--players", "\udcff,bob,cat"],
        ["ergo", "play", "--players", "\udcff,bob"],
        ["play", "--players", "\udcff,bob"],
        ["invicta", "play", "--white", "\udcff", "--black", "bob"],
        ["parse", "\udcff"],
        ["cogito", "judge", "--self", "Oak", "\udcff"],
    ],
)
def test_arguments_that_are_not_utf8_are_refused(tmp_path, args):
    if not any("\udcff" in a for a in args):
        args = [*args[:-1], args[-1] + "\udcff"]
    result = CliRunner().invoke(main, [*args, "--record", str(tmp_path / "g.json")], input="")
    assert result.exit_code == 1, result.output
    assert "is not UTF-8 text" in result.output
    assert not (tmp_path / "g.json").exists()


def test_the_line_reader_never_holds_a_long_line_whole():
    class Counting(io.BytesIO):
        largest = 0

        def readline(self, size=-1):
            assert size > 0, "an unbounded readline"
            line = super().readline(size)
            Counting.largest = max(Counting.largest, len(line))
            return line

    stream = Counting(b"a" * 5_000_000 + b"\nend\n")
    lines = list(script_lines(stream))
    assert isinstance(lines[0], UnreadLine) and lines[1:] == ["end"]
    assert Counting.largest <= 64 * 1024  # read in bounded pieces, never the whole line


def test_a_deck_cycle_is_quoted_short():
    from referee.cogito.diagram import DiagramError, load_diagram

    names = [f"C{i}" for i in range(1500)]
    lines = ["[categories]"]
    lines += [f'{a} = ["{b}"]' for a, b in zip(names, [*names[1:], names[0]], strict=True)]
    lines += ["[selves]", "Me = []"]
    with pytest.raises(DiagramError) as info:
        load_diagram("\n".join(lines) + "\n", "deck.toml")
    assert "circle" in str(info.value) and len(str(info.value)) < 300


def test_json_output_escapes_what_the_terminal_would_escape(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("∀x happy(x)\n", encoding="utf-8")
    derivation = tmp_path / "d\u202e.txt"  # a file's name may hold anything
    derivation.write_text("1. ((( by board 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["derive", "--json", str(board), str(derivation)])
    assert result.exit_code == 1, result.output[-300:]
    assert "\u202e" not in result.output
    assert "d\\u202e.txt" in result.output
    assert json.loads(result.output)["file"] == str(derivation)


def test_json_text_round_trips_every_escaped_character():
    from referee.client.common import json_text

    data = {"name": "a\u202eb\x85c\u200b\U000e0001\x7f", "ok": ["é", "日本", "😀"]}
    text = json_text(data)
    assert all(c.isprintable() or c == "\n" for c in text), repr(text)
    assert "😀" in text and "日本" in text  # what is visible stays as it is
    assert json.loads(text) == data


def test_the_web_table_holds_a_command_to_the_same_line_limit(tmp_path):
    from webtable import table

    app, _ = table(tmp_path, "invicta")
    answer = app.table.command("ann", "é" * (MAX_LINE_CHARS + 1))  # 2 bytes each: under 4 x limit
    assert not answer.ok and "too long" in " ".join(answer.messages)
    assert app.table.session.record.events == ()


def test_command_line_errors_quote_a_short_piece_too(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("e5-" + "x" * 500_000 + "\n", encoding="utf-8")  # a 500 KB line
    for args in (
        ["invicta", "replay", str(moves)],
        ["cogito", "judge", "--self", "Oak", "y" * 3000],
        ["ergo", "play", "--players", "ann," + "z" * 3000],
        ["play", "--seed", "w" * 3000],  # click's own message
        ["ergo", "play", "--mode", "v" * 3000],
        ["u" * 3000],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(
            result.exception
        )
        assert result.exit_code in (1, 2), result.output[-300:]
        assert len(result.output) < 1000, (args[:2], len(result.output))


def test_a_question_answered_in_bytes_that_are_not_utf8_is_a_no():
    from referee.client.keys import ask

    out = Console(file=io.StringIO(), force_terminal=False)

    def typed(prompt=""):
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    out.input = typed
    assert ask(out, "Take back the last event?") is False


def test_the_undo_question_shows_a_typed_escape_as_an_escape():
    """The event it quotes holds what a player typed: a control character is shown, not obeyed."""
    from referee.client.table_io import TableRenderer
    from referee.table.session import UndoQuestion

    out = Console(file=io.StringIO(), force_terminal=False)
    asked = []

    def typed(prompt=""):
        asked.append(prompt.plain)
        return "n"

    out.input = typed
    renderer = TableRenderer(out)
    renderer.describe = lambda event: "Ann\x1b[2J plays P: p"
    assert renderer.confirm_undo(UndoQuestion(event=None)) is False
    assert asked == ["Take back: Ann\\x1b[2J plays P: p? [y/N] "]


def test_a_hand_position_in_other_digits_is_no_card():
    """The web editor's check of a Palmer play: ``²`` passed str.isdigit and int() failed."""
    from referee.palmer.records import GAME as PALMER
    from referee.palmer.setup import HouseRules, Settings, Setup
    from referee.palmer.views import check_play
    from referee.resources import default_deck_path
    from referee.table.record import Record

    deck = default_deck_path().read_text(encoding="utf-8")
    game = Record(PALMER, Setup(Settings(("ann", "bob"), seed=1), HouseRules(), deck)).rebuild()
    from referee.client.reasons import reason_words

    for word in ("²", "9" * 5000):
        result = check_play(game, "ann", [word], "∀x blonde(x)")
        said = reason_words(result["refusal"])  # typed by the game, worded by the interface
        assert result["stage"] == "cards" and "is not one of your cards" in said
        assert len(said) < 200  # a long word is quoted cut short
