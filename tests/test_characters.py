"""Input is read as it looks (issue 9): lines end at \\n only, invisible characters are refused.

A one-line board file ``∀x blonde(x) # note:`` U+2028 ``∀x ¬blonde(x)`` was
split by ``str.splitlines`` into two statements and declared inconsistent,
while ``wc -l`` and ``cat`` show one line. Now lines end at ``\\n`` (or
``\\r\\n``) only, and a character that is invisible or moves text is refused
wherever it stands, with its Unicode name and a caret under it.
"""

import json

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.derivation.syntax import DerivationError, parse_derivation
from referee.language.boardfile import BoardError, parse_board
from referee.language.characters import describe, first_refused, picture_invisible, split_lines
from referee.language.parser import ParseError, parse_statement

SEPARATORS = {
    "\u2028": "U+2028 LINE SEPARATOR",
    "\u2029": "U+2029 PARAGRAPH SEPARATOR",
    "\x85": "U+0085 NEXT LINE",
    "\x0b": "U+000B LINE TABULATION",
    "\x0c": "U+000C FORM FEED",
    "\x1c": "U+001C (a control character)",
    "\x1e": "U+001E (a control character)",
}
INVISIBLE = {
    "\x1b": "U+001B ESCAPE",
    "\x00": "U+0000 NULL",
    "\x07": "U+0007 BELL",
    "\x7f": "U+007F DELETE",
    "\u200b": "U+200B ZERO WIDTH SPACE",
    "\u202e": "U+202E RIGHT-TO-LEFT OVERRIDE",
    "\u2066": "U+2066 LEFT-TO-RIGHT ISOLATE",
    "\ufeff": "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    "\ue000": "U+E000 (a private-use character)",
    "\U000e0001": "U+E0001 LANGUAGE TAG",
    "\u0378": "U+0378 (an unassigned code point)",
    "\udcff": "U+DCFF (not a character: bytes that are not UTF-8)",
}
REFUSED = {**SEPARATORS, **INVISIBLE}


def test_split_lines_ends_lines_at_newline_only():
    assert split_lines("a\nb\r\nc\n") == ["a", "b", "c"]
    assert split_lines("a\u2028b\x85c\x0cd\re") == ["a\u2028b\x85c\x0cd\re"]
    assert split_lines("") == [] and split_lines("\n") == [""]
    assert split_lines("a\n\nb") == ["a", "", "b"]


def test_every_refused_character_is_named():
    for char, name in REFUSED.items():
        assert first_refused(f"ab{char}c") == 2, name
        assert describe(char) == name
    assert first_refused("∀x\tblonde(x)\u00a0∧ happy(x)") is None  # tab, no-break space
    assert first_refused("a\nb\r\nc", allow_newlines=True) is None
    assert first_refused("a\rb", allow_newlines=True) == 1


def test_visible_keeps_one_column_per_character():
    text = "a\x1b[2J\u2028b\tc"
    shown = picture_invisible(text)
    assert len(shown) == len(text)
    assert shown == "a␛[2J⍰b c"


def test_the_reported_board_is_one_statement_and_refused(vocab):
    """The reproduction from issue 9: one line to wc -l, two statements to splitlines."""
    text = "∀x blonde(x) # note:\u2028∀x ¬blonde(x)\n"
    assert len(text.splitlines()) == 2 and text.count("\n") == 1
    with pytest.raises(BoardError) as caught:
        parse_board(text, vocab, "board.txt")
    error = caught.value
    assert error.line == 1 and error.column == 21
    assert "U+2028 LINE SEPARATOR" in error.message
    rendered = error.render()
    assert rendered.startswith("board.txt:line 1, column 21: U+2028 LINE SEPARATOR")
    source, caret = rendered.splitlines()[1:3]
    assert "\u2028" not in rendered
    assert caret.index("^") == source.index("⍰")


@pytest.mark.parametrize("char", sorted(REFUSED))
def test_a_board_line_with_a_refused_character_is_refused_wherever_it_stands(char, vocab):
    for line in (f"∀x blonde(x){char}", f"# comment {char} here", f"{char}∀x happy(x)"):
        text = f"∀x happy(x)\n{line}\n∃x blonde(x)\n"
        with pytest.raises(BoardError) as caught:
            parse_board(text, vocab)
        assert caught.value.line == 2
        assert REFUSED[char].split(" (")[0] in caught.value.message
        assert caught.value.column == line.index(char) + 1


def test_windows_line_ends_and_line_numbers(vocab):
    board = parse_board("# a board\r\n∀x happy(x)\r\n\r\n∃x blonde(x)\r\n", vocab)
    assert board.lines == (2, 4)
    with pytest.raises(BoardError) as caught:
        parse_board("∀x happy(x)\r\n\r\n∀x smarter(x)\r\n", vocab)
    assert caught.value.line == 3 and caret_column(caught.value.render()) == 4


def caret_column(rendered: str) -> int:
    return rendered.splitlines()[2].index("^") - 1


@pytest.mark.parametrize("char", sorted(REFUSED))
def test_a_statement_with_a_refused_character_is_refused(char, vocab):
    text = f"∀x blonde(x) ∧{char} happy(x)"
    with pytest.raises(ParseError) as caught:
        parse_statement(text, vocab)
    error = caught.value
    assert REFUSED[char].split(" (")[0] in error.message
    assert (error.line, error.column) == (1, 15)
    assert char not in error.render()


def test_a_statement_over_several_lines_is_still_fine(vocab):
    statement = parse_statement("∀x blonde(x)\n  → happy(x)", vocab)
    assert statement == parse_statement("∀x blonde(x) → happy(x)", vocab)
    with pytest.raises(ParseError) as caught:
        parse_statement("∀x blonde(x)\n  → hapy(x)", vocab)
    assert (caught.value.line, caught.value.column) == (2, 5)
    assert caught.value.source_line() == "  → hapy(x)"


def test_a_parse_error_on_a_line_after_a_separator_points_at_the_right_line(vocab):
    # ParseError.source_line used splitlines: a U+2028 before the error shifted the line.
    with pytest.raises(ParseError) as caught:
        parse_statement("∀x\n blonde(x) → \u2028hapy(x)", vocab)
    assert caught.value.line == 2
    assert "U+2028" in caught.value.message
    assert caught.value.source_line() == " blonde(x) → ⍰hapy(x)"


@pytest.mark.parametrize("char", ["\u2028", "\x1b", "\u202e"])
def test_a_derivation_line_with_a_refused_character_is_refused(char, vocab):
    text = f"1. ∀x blonde(x)  by board 1  # fine{char}2. ⊥ by logic\n"
    with pytest.raises(DerivationError) as caught:
        parse_derivation(text, vocab, 1)
    error = caught.value
    assert error.line == 1 and REFUSED[char].split(" (")[0] in error.message
    assert char not in error.render()
    assert error.render().splitlines()[2].index("^") - 2 == text.index(char)


def test_a_derivation_with_windows_line_ends(vocab):
    text = "1. ∀x blonde(x)  by board 1\r\n2. ∃x blonde(x)  by 1\r\n"
    derivation = parse_derivation(text, vocab, 1)
    assert [line.file_line for line in derivation.lines] == [1, 2]
    assert derivation.lines[1].source == "2. ∃x blonde(x)  by 1"


def test_analyze_refuses_the_reported_board(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("∀x blonde(x) # note:\u2028∀x ¬blonde(x)\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", "--json", str(board)])
    assert result.exit_code == 1
    assert "U+2028 LINE SEPARATOR" in result.output and "line 1, column 21" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_byte_order_mark_at_the_start_of_a_file_is_dropped(tmp_path):
    board = tmp_path / "board.txt"
    board.write_bytes("\ufeff∀x blonde(x)\n".encode())
    result = CliRunner().invoke(main, ["analyze", "--json", "--timeout", "1", str(board)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["statements"][0]["text"] == "∀x blonde(x)"


def test_bytes_that_are_not_utf8_in_an_argument_are_named(vocab):
    # Python decodes a bad argv byte as a lone surrogate (surrogateescape).
    result = CliRunner().invoke(main, ["parse", "∀x blonde(x) \udcff"])
    assert result.exit_code == 1
    assert "U+DCFF (not a character: bytes that are not UTF-8)" in result.output


def test_deck_text_with_an_escape_sequence_is_refused():
    from referee.language.deck import DeckError, load_deck_text

    with pytest.raises(DeckError) as caught:
        load_deck_text('name = "x\\u001b[2J"\n[vocabulary]\npredicates = { p = 1 }\n', "d.toml")
    assert "name: U+001B ESCAPE" in str(caught.value)
