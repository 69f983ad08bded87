"""Hostile input for the three newer games: no traceback, and no command outlives its limit.

The counterpart of ``test_hostile_input.py`` (Palmer's statements, boards and
derivations) for Ergo, Invicta and Cogito (issue 19): their command languages
at the prompt, their decks, Ergo's Proof files, Invicta's move lists, and the
records of all three. Inputs mix each game's own words with what an attacker
or a paste brings (markup, escapes, separators, huge numbers, deep nesting,
long runs). Every answer must be a value or the game's own error, never an
exception; every command at the prompt must be answered within COMMAND_LIMIT;
whatever reaches the screen must be free of characters that move a terminal;
and the game a session holds must always be the one its record rebuilds.

Deterministic and bounded: each part runs from a fixed seed, and the whole
file takes about half a minute on a shared machine.
"""

from __future__ import annotations

import io
import json
import random
import re
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from test_hostile_input import HOSTILE, no_refused_characters

from referee.cli.main import main
from referee.client.safe import echoed
from referee.table.errors import RecordError
from referee.table.record import loads
from referee.table.session import Session

ROOT = Path(__file__).resolve().parent.parent
COMMAND_LIMIT = 2.0  # seconds for one command and its drawing (they take milliseconds)
SLACK = 3.0  # wall-clock noise of a shared machine, on top of a whole command line's limit

# Pieces an attacker brings, short and long (HOSTILE from the Palmer fuzz, plus more).
EXTRA = [
    "[" * 40,
    "{" * 40,
    "=" * 30,
    "x" * 5000,
    " ".join(["wörd"] * 300),
    "-1",
    "0",
    "99999999999999999999",
    "1e999",
    "NaN",
    "Infinity",
    "\u202e\u2066",
    "*",
    "at",
    ":",
    "1:1",
    "0:0",
    "9:9",
    "new",
]
ALIEN = HOSTILE + EXTRA


def hostile_line(rng: random.Random, words: list[str]) -> str:
    pieces = [rng.choice(words if rng.random() < 0.7 else ALIEN) for _ in range(rng.randint(1, 6))]
    return " ".join(pieces)


# ------------------------------------------------------------------ the games


def new_record(tmp_path: Path, game: str) -> Path:
    path = tmp_path / f"{game}-fresh.json"
    args = {
        "ergo": ["ergo", "play", "--players", "ann,bob,cat", "--seed", "3", "--mode", "table"],
        "invicta": ["invicta", "play", "--white", "ann", "--black", "bob"],
        "cogito": ["cogito", "play", "--players", "ann,bob,cat", "--seed", "3"],
    }[game]
    result = CliRunner().invoke(main, [*args, "--record", str(path)], "quit\n")
    assert result.exit_code == 0, result.output
    return path


def kind_of(game: str):
    if game == "ergo":
        from referee.ergo.records import GAME
    elif game == "invicta":
        from referee.invicta.records import GAME
    else:
        from referee.cogito.records import GAME
    return GAME


def session_of(game: str, path: Path, out: Console):
    record, state = loads(path.read_text("utf-8"), kind_of(game))
    if game == "ergo":
        from referee.ergo.commands import ErgoCommands
        from referee.ergo.terminal import ErgoRenderer

        session = Session(record, ErgoCommands(), state)
        return session, ErgoRenderer(out, session)
    if game == "invicta":
        from referee.invicta.commands import InvictaCommands
        from referee.invicta.terminal import InvictaRenderer

        session = Session(record, InvictaCommands(), state)
        return session, InvictaRenderer(out, session)
    from referee.cogito.commands import CogitoCommands
    from referee.cogito.terminal import CogitoRenderer

    session = Session(record, CogitoCommands(), state)
    return session, CogitoRenderer(out, session)


COMMON = ["help", "rules", "undo", "save", "end", "quit", "", "#", "x y"]
WORDS = {
    "ergo": COMMON
    + ["play", "p", "discard", "d", "fallacy", "justify", "tabula", "revolution", "ergo"]
    + ["proof", "scores", "hand", "why", "cards", "score", "at", "new", "1:0", "2:3", "1"]
    + ["A", "B", "C", "D", "AND", "OR", "THEN", "NOT", "(", ")", "∧", "∨", "→", "¬", "*A"]
    + ["ann", "bob", "cat", "*THEN", "*"],
    "invicta": COMMON
    + ["board", "moves", "targets", "why", "e5", "d4", "a1", "i9", "e5-e6", "d4-d5", "z0", "-"]
    + ["c3", "f6", "e4-f5", "pass", "ann", "bob"],
    "cogito": COMMON
    + ["play", "give", "cogito", "iam", "hand", "possible", "table", "diagram", "review"]
    + ["1", "2", "3", "ann", "bob", "cat", "Plant", "Flower", "Oak", "Ego", "Dream", "Casablanca"],
}
SENSIBLE = {
    "ergo": lambda rng: rng.choice(
        ["play A", "play B OR C", "play NOT D", "play ( at 1:0 ) at 1:1", "discard", "ergo"]
    ),
    "invicta": lambda rng: (
        rng.choice("abcdefghi")
        + str(rng.randint(1, 9))
        + (f"-{rng.choice('abcdefghi')}{rng.randint(1, 9)}" if rng.random() < 0.3 else "")
    ),
    "cogito": lambda rng: rng.choice(
        ["play 1", "play 2", "give ann 1", "give bob 1", "give cat 2", "end", "iam Oak"]
    ),
}


@pytest.mark.parametrize("game", ["ergo", "invicta", "cogito"])
def test_the_prompt_answers_hostile_lines_in_time(tmp_path, game):
    rng = random.Random(f"prompt {game}")
    out = Console(file=io.StringIO(), force_terminal=False, width=100)
    session, renderer = session_of(game, new_record(tmp_path, game), out)
    for n in range(400):
        if rng.random() < 0.4:
            line = SENSIBLE[game](rng)
        else:
            line = hostile_line(rng, WORDS[game])
        before = session.record
        start = time.monotonic()
        outcomes = session.execute(line)
        renderer.show(outcomes, session.record is not before)
        elapsed = time.monotonic() - start
        assert elapsed < COMMAND_LIMIT + SLACK, (line[:80], elapsed)
        if n % 10 == 0 or session.record is not before:
            assert session.record.rebuild().summary() == session.game.summary(), line[:80]
    screen = out.file.getvalue()
    assert no_refused_characters(screen), repr(screen[-300:])
    again, state = loads(json.dumps(session.record.to_json(session.game)), kind_of(game))
    assert state.summary() == session.game.summary()


@pytest.mark.parametrize("game", ["ergo", "invicta", "cogito"])
def test_the_command_line_reads_hostile_bytes_at_the_prompt(tmp_path, game):
    """Through the real line reader: bytes that are not UTF-8, overlong lines, NULs."""
    rng = random.Random(f"bytes {game}")
    path = new_record(tmp_path, game)
    for _ in range(3):
        lines = []
        for _ in range(40):
            line = hostile_line(rng, WORDS[game]).encode("utf-8", "surrogatepass")
            kind = rng.random()
            if kind < 0.15:
                line += b"\xff\xfe"
            elif kind < 0.25:
                line = b"x" * rng.choice([5000, 70_000])
            elif kind < 0.3:
                line += b"\x00\r"
            lines.append(line)
        script = b"\n".join(lines) + b"\nquit\n"
        start = time.monotonic()
        result = CliRunner().invoke(main, [game, "play", "--record", str(path)], script)
        elapsed = time.monotonic() - start
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(
            result.exception
        )
        assert result.exit_code == 0, result.output[-400:]
        assert "Traceback" not in result.output
        assert no_refused_characters(result.output), repr(result.output[-300:])
        assert elapsed < len(lines) * COMMAND_LIMIT + SLACK


# ------------------------------------------------------------------ decks


DECK_LINES = [
    "Cat = " + "[" * 300 + "]" * 300,
    "Cat = " + "{ a = " * 100 + "1" + " }" * 100,
    "x = " + "9" * 5000,
    "A = 9223372036854775807",
    "Plant = -1",
    "Plant = 1e999",
    "Plant = inf",
    "Plant = nan",
    "Plant = 1001",
    'Plant = "2"',
    "Plant = true",
    "[cards]",
    "[selves]",
    "[categories]",
    "[[cards]]",
    "[vocabulary]",
    'kind = "S"',
    'statement = "∀x ∀x ∀x"',
    "count = 0",
    'name = "\x1b[2J"',
    '"\u202e" = 1',
    "# comment\u2028Cat = 1",
    'Cat = ["Cat"]',
    "Dream = 2",
    'Ego = ["Plant"]',
    "= 1",
    "[",
    '"""',
    "'''",
    "A = 4\nA = 4",
    "Bird = [" + ", ".join(f'"C{i}"' for i in range(300)) + "]",
]


def mutated(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(lines) + 1)
        choice = rng.random()
        if choice < 0.5:
            lines.insert(at, rng.choice(DECK_LINES))
        elif choice < 0.7 and lines:
            lines[min(at, len(lines) - 1)] = re.sub(
                r"\d+",
                rng.choice(["0", "-3", "1001", "9" * 30, "1_000"]),
                lines[min(at, len(lines) - 1)],
            )
        elif choice < 0.85 and lines:
            del lines[min(at, len(lines) - 1)]
        else:
            lines.insert(at, rng.choice(ALIEN))
    return "\n".join(lines)


def deck_loaders():
    from referee.cogito.diagram import DiagramError, load_diagram
    from referee.ergo.deck import load_ergo_deck
    from referee.language.deck import DeckError

    return [
        ("ergo.toml", load_ergo_deck, DeckError),
        ("cogito-example.toml", load_diagram, DiagramError),
    ]


@pytest.mark.parametrize("deck, load, error", deck_loaders(), ids=["ergo", "cogito"])
def test_hostile_decks_are_a_deck_or_a_deck_error(deck, load, error):
    rng = random.Random(f"deck {deck}")
    text = (ROOT / "cards" / deck).read_text("utf-8")
    for _ in range(300):
        hostile = mutated(rng, text)
        start = time.monotonic()
        try:
            loaded = load(hostile, "deck.toml")
        except error as exc:
            assert len(echoed(str(exc))) < 1000, str(exc)[:200]
        else:
            assert loaded.size <= 1000 * 40
        assert time.monotonic() - start < COMMAND_LIMIT + SLACK


# ------------------------------------------------------------- Proofs and move lists


def test_hostile_proof_files_are_a_proof_or_a_located_error(tmp_path):
    from referee.ergo.deck import load_ergo_deck
    from referee.ergo.prooffile import ProofFileError, read_proof_file

    rng = random.Random("proofs")
    deck = load_ergo_deck(re.sub(r"= \d+", "= 1000", (ROOT / "cards" / "ergo.toml").read_text()))
    cards = ["A", "B", "C", "D", "AND", "OR", "THEN", "NOT", "(", ")", "∧", "¬", "→"]
    files = []
    for _ in range(200):
        lines = []
        for _ in range(rng.randint(1, 5)):
            if rng.random() < 0.8:
                line = " ".join(rng.choice(cards) for _ in range(rng.randint(1, 12)))
            else:
                line = hostile_line(rng, cards)
            if rng.random() < 0.1:
                line = "( " * rng.choice([50, 150, 400]) + "A" + " )" * 150
            if rng.random() < 0.1:
                line += " # " + rng.choice(ALIEN)
            lines.append(line)
        text = "\n".join(lines) + "\n"
        try:
            read_proof_file(text, deck)
        except ProofFileError as exc:
            assert no_refused_characters(exc.render())
        files.append(text)
    for i, text in enumerate(rng.sample(files, 6)):
        proof = tmp_path / f"proof{i}.txt"
        proof.write_text(text, encoding="utf-8", errors="surrogatepass")
        start = time.monotonic()
        result = CliRunner().invoke(main, ["ergo", "check", "--json", str(proof)])
        assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
        assert no_refused_characters(result.output)
        assert time.monotonic() - start < COMMAND_LIMIT + SLACK


def test_hostile_move_lists_are_moves_or_a_located_error(tmp_path):
    from referee.invicta.notation import MoveListError, parse_move_list
    from referee.invicta.words import notation_words

    rng = random.Random("moves")
    squares = [f"{c}{r}" for c in "abcdefghij" for r in range(0, 11)]
    files = []
    for _ in range(200):
        lines = []
        for _ in range(rng.randint(1, 30)):
            if rng.random() < 0.8:
                a = rng.choice(squares)
                line = a if rng.random() < 0.6 else f"{a}-{rng.choice(squares)}"
            else:
                line = hostile_line(rng, squares)
            lines.append(line)
        text = "\n".join(lines) + "\n"
        try:
            parse_move_list(text)
        except MoveListError as exc:
            assert no_refused_characters(exc.render(notation_words(exc.reason)))
        files.append(text)
    for i, text in enumerate(rng.sample(files, 6)):
        moves = tmp_path / f"moves{i}.txt"
        moves.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = CliRunner().invoke(main, ["invicta", "replay", "--json", str(moves)])
        assert result.exit_code in (0, 1) and "Traceback" not in result.output, result.output
        assert no_refused_characters(result.output)


# ------------------------------------------------------------------ records


VALUES = [
    None,
    True,
    -1,
    0,
    10**30,
    1e308,
    "",
    "[/oops]",
    "\x1b[2J",
    "9" * 5000,
    "\u202e",
    [],
    {},
    [[[[[]]]]],
    {"type": "play"},
]


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def replaced(data, path, value):
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def played(tmp_path: Path, game: str) -> Path:
    """A record with a few events in it."""
    path = new_record(tmp_path, game)
    script = {
        "ergo": "play A\nplay OR B\ndiscard\nplay C\n",
        "invicta": "e5\nd4\ne6\nd5\n",
        "cogito": "play 1\nplay 1\nplay 1\ngive ann 1\n",
    }[game]
    CliRunner().invoke(main, [game, "play", "--record", str(path)], script + "quit\n")
    return path


@pytest.mark.parametrize("game", ["ergo", "invicta", "cogito"])
def test_hostile_records_are_a_game_or_a_record_error(tmp_path, game):
    rng = random.Random(f"records {game}")
    path = played(tmp_path, game)
    data = json.loads(path.read_text("utf-8"))
    every = list(paths(data))
    texts = []
    for _ in range(300):
        where = rng.choice(every)
        value = rng.choice(VALUES)
        if where and isinstance(where[-1], str) and where[-1] in ("toml", "deck_text"):
            value = mutated(rng, data["setup"].get("deck_text") or data["setup"]["deck"]["toml"])
        text = json.dumps(replaced(data, where, value), ensure_ascii=False)
        if rng.random() < 0.1:
            text = text.replace("0", rng.choice(["1e999", "Infinity", "9" * 400]), 1)
        try:
            loads(text, kind_of(game))
        except RecordError as exc:
            assert len(echoed(str(exc))) < 1000  # as the screen shows it
        texts.append(text)
    for i, text in enumerate(rng.sample(texts, 4)):
        hostile = tmp_path / f"hostile{i}.json"
        hostile.write_text(text, encoding="utf-8", errors="surrogatepass")
        for args in ([game, "replay", str(hostile)], [game, "play", "--record", str(hostile)]):
            result = CliRunner().invoke(main, args, "quit\n")
            assert result.exit_code in (0, 1, 2), (args, result.output[-400:])
            assert result.exception is None or isinstance(result.exception, SystemExit), repr(
                result.exception
            )
            assert "Traceback" not in result.output
