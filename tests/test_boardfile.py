from pathlib import Path

import pytest

from referee.language.boardfile import BoardError, parse_board
from referee.language.printer import to_unicode

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "boards"


def test_comments_blank_lines_and_numbering(vocab):
    board = parse_board("# a board\n\n∀x blonde(x) → happy(x)   # S1\n   \n∃x blonde(x)\n", vocab)
    assert [to_unicode(s) for s in board.statements] == [
        "∀x blonde(x) → happy(x)",
        "∃x blonde(x)",
    ]
    assert board.lines == (3, 5)


def test_names_given_by_unique_existence_extend_later_lines(vocab):
    board = parse_board("∃!x blonde(x) | blondie := x\nhappy(blondie)\n", vocab)
    assert board.vocabulary.kind("blondie") == "constant"
    assert "blondie" not in vocab
    with pytest.raises(BoardError) as info:
        parse_board("happy(blondie)\n∃!x blonde(x) | blondie := x\n", vocab)
    assert info.value.line == 1


def test_a_name_cannot_be_given_twice(vocab):
    with pytest.raises(BoardError) as info:
        parse_board("∃!x blonde(x) | b := x\n∃!x happy(x) | b := x\n", vocab)
    assert info.value.line == 2
    assert "b is already a constant" in info.value.message


def test_errors_point_into_the_file_line(vocab):
    with pytest.raises(BoardError) as info:
        parse_board("∀x happy(x)\n\n   ∀x smarter(x)  # oops\n", vocab, "b.txt")
    error = info.value
    assert (error.line, error.column) == (3, 7)
    lines = error.render().splitlines()
    assert lines[0].startswith("b.txt:line 3, column 7: smarter takes 2 arguments")
    assert lines[2].index("^") == lines[1].index("smarter")


def test_bundled_example_boards_parse(vocab):
    files = sorted(EXAMPLES.glob("*.txt"))
    assert len(files) >= 3
    for path in files:
        board = parse_board(path.read_text(encoding="utf-8"), vocab, str(path))
        assert board.statements, path
