"""Files a player hands over never break a game (issue 19, "Files and names that break a game").

Every deck of every game is read by one loader (``referee.language.tomlfile``)
with one set of limits, checked on the text before tomllib recurses into it;
every file is read by one reader (``referee.client.common.read_text``) that
refuses anything but a regular file before reading; every line of every file
ends at ``\\n`` only.
"""

from __future__ import annotations

import json
import os
import re
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.cogito.diagram import DiagramError, load_diagram
from referee.ergo.deck import load_ergo_deck
from referee.language.deck import DeckError, load_deck_text
from referee.language.input_limits import MAX_CARD_COUNT, MAX_DECK_BYTES

ROOT = Path(__file__).resolve().parent.parent
COGITO = (ROOT / "cards" / "cogito-example.toml").read_text(encoding="utf-8")
PALMER = (ROOT / "cards" / "palmer.toml").read_text(encoding="utf-8")
ERGO = (ROOT / "cards" / "ergo.toml").read_text(encoding="utf-8")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def refused(result, *words: str) -> str:
    """The command failed cleanly (exit 1, a message, no traceback); its output."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code == 1, result.output[-400:]
    for word in words:
        assert word in result.output, result.output[-400:]
    return result.output


@contextmanager
def within(seconds: int):
    """Fail instead of hanging: SIGALRM after ``seconds``."""

    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# The same hostile additions, one per game's deck format.
NESTED_ARRAY = "Cat = " + "[" * 500 + "]" * 500
NESTED_TABLE = "Cat = " + "{ a = " * 400 + "1" + " }" * 400
NINES = "x = " + "9" * 5000


def cogito_with(line: str, table: str = "[categories]") -> str:
    """The example deck with ``line`` first in ``table``."""
    lines = COGITO.split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith(table))
    return "\n".join([*lines[: at + 1], line, *lines[at + 1 :]])


def palmer_with(line: str) -> str:
    return line + "\n" + PALMER


def ergo_with(line: str) -> str:
    return line + "\n" + ERGO


@pytest.mark.parametrize("line", [NESTED_ARRAY, NESTED_TABLE, NINES])
def test_every_deck_loader_refuses_deep_nesting_and_huge_numbers_with_the_line(line):
    deck = cogito_with(line)
    with pytest.raises(DiagramError) as cogito:
        load_diagram(deck, "deck.toml")
    assert cogito.value.line == deck.split("\n").index(line) + 1
    with pytest.raises(DeckError) as palmer:
        load_deck_text(palmer_with(line), "deck.toml")
    assert "line 1" in str(palmer.value)
    with pytest.raises(DeckError) as ergo:
        load_ergo_deck(ergo_with(line), "deck.toml")
    assert "line 1" in str(ergo.value)
    for error in (cogito.value, palmer.value, ergo.value):
        assert len(str(error)) < 300


@pytest.mark.parametrize("command", [["possible"], ["judge", "--self", "Oak", "Plant"]])
def test_cogito_commands_refuse_a_nested_deck(tmp_path, command):
    deck = tmp_path / "nested.toml"
    deck.write_text(cogito_with(NESTED_ARRAY), encoding="utf-8")
    refused(run("cogito", *command, "--deck", str(deck)), "nested", "line")


def test_cogito_play_refuses_a_nested_deck(tmp_path):
    deck = tmp_path / "nested.toml"
    deck.write_text(cogito_with(NESTED_ARRAY), encoding="utf-8")
    result = run(
        "cogito",
        "play",
        "--players",
        "a,b",
        "--deck",
        str(deck),
        "--record",
        str(tmp_path / "g.json"),
    )
    refused(result, "nested")
    assert not (tmp_path / "g.json").exists()


def test_card_counts_are_bounded_in_every_game():
    huge = "9223372036854775807"
    with pytest.raises(DiagramError, match="digits|at most"):
        load_diagram(COGITO.replace("\nPlant = 2 ", f"\nPlant = {huge} "), "deck.toml")
    with pytest.raises(DiagramError, match=f"at most {MAX_CARD_COUNT}"):
        load_diagram(
            COGITO.replace("\nPlant = 2 ", f"\nPlant = {MAX_CARD_COUNT + 1} "), "deck.toml"
        )
    palmer = PALMER.replace("count = ", f"count = {huge} # ", 1)
    with pytest.raises(DeckError, match="digits"):
        load_deck_text(palmer, "deck.toml")
    palmer = PALMER.replace("count = ", f"count = {MAX_CARD_COUNT + 1} # ", 1)
    with pytest.raises(DeckError, match=f"at most {MAX_CARD_COUNT}"):
        load_deck_text(palmer, "deck.toml")


def test_a_deck_beyond_the_size_limit_is_refused_by_the_loader_itself():
    padding = "# " + "x" * 78 + "\n"
    big = padding * (MAX_DECK_BYTES // len(padding) + 1)
    for load, error in (
        (load_diagram, DiagramError),
        (load_deck_text, DeckError),
        (load_ergo_deck, DeckError),
    ):
        with pytest.raises(error, match="too large for a deck"):
            load(big + COGITO, "deck.toml")


# ------------------------------------------------------------------ one line reader


def test_an_ergo_proof_splits_lines_at_newlines_only(tmp_path):
    proof = tmp_path / "proof.txt"
    proof.write_text("A OR B  # premise 1\u2028NOT A\nC\nD\n", encoding="utf-8")
    output = refused(run("ergo", "check", str(proof)), "U+2028")
    assert "proven" not in output


def test_cogito_deck_errors_count_lines_as_wc_does():
    deck = cogito_with("# a comment\u2028with a separator\nCat = 3")
    with pytest.raises(DiagramError) as info:
        load_diagram(deck, "deck.toml")
    expected = deck.split("\n").index("Cat = 3") + 1
    assert info.value.line == expected


# ------------------------------------------------------------------ not regular files


COMMANDS = [
    ["analyze", "{fifo}"],
    ["entails", "--board", "{fifo}", "∀x happy(x)"],
    ["derive", "{board}", "{fifo}"],
    ["export", "{fifo}"],
    ["cards", "--deck", "{fifo}"],
    ["replay", "{fifo}"],
    ["play", "--record", "{fifo}"],
    ["ergo", "check", "{fifo}"],
    ["ergo", "replay", "{fifo}"],
    ["ergo", "play", "--record", "{fifo}"],
    ["invicta", "replay", "{fifo}"],
    ["invicta", "play", "--record", "{fifo}"],
    ["cogito", "possible", "--deck", "{fifo}"],
    ["cogito", "replay", "{fifo}"],
    ["cogito", "play", "--record", "{fifo}"],
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_a_fifo_without_a_writer_is_refused_not_waited_on(tmp_path, args):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    board = tmp_path / "board.txt"
    board.write_text("∀x happy(x)\n", encoding="utf-8")
    with within(20):
        result = run(*[a.format(fifo=fifo, board=board) for a in args])
    refused(result, "not a regular file")


# ------------------------------------------------------------------ records


def new_record(tmp_path: Path, game: str) -> Path:
    """A fresh record of ``game`` (its embedded deck included), made by the command itself."""
    path = tmp_path / f"{game}.json"
    if game == "palmer":
        path.write_text((ROOT / "examples" / "games" / "points-win.json").read_text("utf-8"))
        return path
    players = "ann,bob,cat" if game == "cogito" else "ann,bob"
    result = CliRunner().invoke(
        main, [game, "play", "--players", players, "--seed", "1", "--record", str(path)], "quit\n"
    )
    assert result.exit_code == 0, result.output
    return path


def embedded_deck(data: dict) -> tuple[dict, str]:
    setup = data["setup"]
    return (setup["deck"], "toml") if "deck" in setup else (setup, "deck_text")


def commands_reading(path: Path, game: str) -> list[list[str]]:
    group = [] if game == "palmer" else [game]
    return [[*group, "replay", str(path)], [*group, "play", "--record", str(path)]]


@pytest.mark.parametrize("game", ["palmer", "ergo", "cogito"])
@pytest.mark.parametrize("hostile", ["nested", "large"])
def test_a_deck_inside_a_record_is_held_to_the_deck_limits(tmp_path, game, hostile):
    path = new_record(tmp_path, game)
    data = json.loads(path.read_text("utf-8"))
    holder, key = embedded_deck(data)
    deck = holder[key]
    if hostile == "nested":
        lines = deck.split("\n")
        at = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("[categories]")), 0)
        lines.insert(at, NESTED_ARRAY)
        holder[key] = "\n".join(lines)
    else:
        holder[key] = deck + ("# " + "x" * 1000 + "\n") * 4000  # a 4 MB deck
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in commands_reading(path, game):
        result = run(*args)
        refused(result, "nested" if hostile == "nested" else "too large for a deck")
        assert len(result.output) < 1000


@pytest.mark.parametrize("number", ["1" + "0" * 309, "Infinity", "-Infinity", "NaN", "1e999"])
def test_numbers_in_a_record_are_bounded(tmp_path, number):
    path = new_record(tmp_path, "palmer")
    text = path.read_text("utf-8")
    assert '"seconds": ' in text
    text = re.sub(r'"seconds": [0-9.e-]+', f'"seconds": {number}', text, count=1)
    path.write_text(text, encoding="utf-8")
    for args in commands_reading(path, "palmer"):
        refused(run(*args), "not a game record")


# ------------------------------------------------------------------ where records go


def test_a_new_game_never_follows_a_planted_symlink(tmp_path):
    shared, victim = tmp_path / "shared", tmp_path / "victim"
    shared.mkdir()
    victim.mkdir()
    (shared / "game.json").symlink_to(victim / "planted.json")
    result = run("cogito", "play", "--players", "a,b,c", "--record", str(shared / "game.json"))
    refused(result, "symbolic link")
    assert list(victim.iterdir()) == []
    assert [p.name for p in shared.iterdir()] == ["game.json"]


def test_the_sweep_touches_only_this_programs_temporary_files_of_a_record(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    draft = tmp_path / ".notes.txt.draft.tmp"
    draft.write_text("an editor's draft\n", encoding="utf-8")
    mine = tmp_path / ".notes.txt.referee-abcd1234.tmp"
    mine.write_text("half a record\n", encoding="utf-8")
    refused(run("cogito", "play", "--record", str(notes)), "not JSON")
    assert draft.exists() and mine.exists()  # notes.txt is no record: nothing swept


@pytest.mark.slow
def test_a_broken_pipe_leaves_no_stale_lock_and_no_false_message(tmp_path):
    import subprocess
    import sys

    script = (
        "import sys; from referee.cli.main import main; "
        "sys.argv = ['referee', 'cogito', 'play', '--players', 'a,b,c', '--record', 'x.json']; "
        "main()"
    )
    reader, writer = os.pipe()
    os.close(reader)  # whatever is printed meets a broken pipe
    try:
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            stdout=writer,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )
    finally:
        os.close(writer)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert ".x.json.lock" not in names
    assert names == ["x.json"]  # "New game recorded in x.json" was true when printed
    assert json.loads((tmp_path / "x.json").read_text("utf-8"))["game"] == "cogito"


# ------------------------------------------------------------------ Ergo premises


def big_ergo_deck(tmp_path: Path) -> Path:
    deck = tmp_path / "big.toml"
    deck.write_text(re.sub(r"= \d+", f"= {MAX_CARD_COUNT}", ERGO), encoding="utf-8")
    return deck


def test_a_proof_of_nested_parentheses_is_refused_not_a_recursion_error(tmp_path):
    proof = tmp_path / "deep.txt"
    proof.write_text("( " * 200 + "A" + " )" * 200 + "\n", encoding="utf-8")
    output = refused(run("ergo", "check", "--deck", str(big_ergo_deck(tmp_path)), str(proof)))
    assert "at most 200 cards" in output


def test_reading_a_premise_does_not_recurse_per_card_or_parenthesis():
    import sys

    from referee.ergo.cards import Face
    from referee.ergo.reading import read_premise

    nots = 66  # NOT ( … ) three cards each: 199 cards at the limit
    faces = [Face.NOT, Face.OPEN] * nots + [Face.B] + [Face.CLOSE] * nots
    chain = [Face.A, Face.AND] * 99 + [Face.A]
    frames = len(__import__("inspect").stack())
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(frames + 30)  # far fewer frames than cards
    try:
        deep, long = read_premise(faces), read_premise(chain)
    finally:
        sys.setrecursionlimit(limit)
    assert type(deep).__name__ == "Not" and type(long).__name__ == "And"


def test_the_premise_renderer_draws_any_number_of_cards():
    from referee.ergo.cards import Card, Face
    from referee.ergo.proof import ProofCard
    from referee.ergo.terminal import premise_rows

    cards = [ProofCard(Card.A, Face.A), ProofCard(Card.AND, Face.AND)] * 600 + [
        ProofCard(Card.A, Face.A)
    ]
    rows = premise_rows(1, cards)
    assert "1201" in rows[2].plain


def test_a_premise_past_the_limit_never_reaches_the_record_and_the_game_resumes(tmp_path):
    record = tmp_path / "g.json"
    script = ["play A", "discard"] + ["play AND A at 1"] * 100  # 201 cards asked for
    args = ["ergo", "play", "--players", "ann,bob", "--mode", "table", "--seed", "1"]
    deck = ["--deck", str(big_ergo_deck(tmp_path))]
    result = CliRunner().invoke(
        main, [*args, *deck, "--record", str(record)], "\n".join(script) + "\n"
    )
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-500:]
    assert "at most 200 cards" in result.output
    data = json.loads(record.read_text("utf-8"))
    (premise,) = data["summary"]["proof"]
    assert premise.count("A") == 100 and data["summary"]["cards"] == 199
    resumed = CliRunner().invoke(main, ["ergo", "play", "--record", str(record)], "proof\n")
    assert resumed.exit_code == 0 and "Traceback" not in resumed.output, resumed.output[-500:]


# ------------------------------------------------------------------ sizes


def test_invicta_replay_and_play_accept_the_same_record_sizes(tmp_path):
    record = tmp_path / "g.json"
    args = ["invicta", "play", "--white", "ann", "--black", "bob", "--record", str(record)]
    assert CliRunner().invoke(main, args, "e5\n").exit_code == 0
    padded = record.read_text("utf-8").rstrip("\n") + " " * (1024 * 1024 + 10) + "\n"
    record.write_text(padded, encoding="utf-8")  # a legal record of more than 1 MiB
    replayed = run("invicta", "replay", str(record))
    assert replayed.exit_code == 0, replayed.output[-300:]
    resumed = CliRunner().invoke(main, ["invicta", "play", "--record", str(record)], "quit\n")
    assert resumed.exit_code == 0, resumed.output[-300:]
    moves = tmp_path / "moves.txt"
    moves.write_text("# a move list\n" * 80_000 + "e5\n", encoding="utf-8")  # 1.1 MB
    refused(run("invicta", "replay", str(moves)), "too large for a move list")


def test_digits_inside_a_name_are_no_number():
    deck = cogito_with('C12345678901234 = ["Plant"]')
    diagram = load_diagram(deck, "deck.toml")
    assert "C12345678901234" in diagram.category_names
