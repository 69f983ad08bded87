"""Records hold the deal: nobody else may read them, and no flag given later shows it.

A Cogito or Ergo record holds the seed and the deck, so whoever reads it can
rebuild every hand: new records are created 0600, a flag that prints hidden
cards resumes only a game started with it, and a replay that disagrees with
an unfinished game names no Self card.
"""

import dataclasses
import json
import os
import stat

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.cogito.records import GAME as COGITO
from referee.table.record import from_json, parse_json


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def open_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_new_records_are_their_owners_alone(tmp_path, open_umask):
    cogito = tmp_path / "c.json"
    ergo = tmp_path / "e.json"
    palmer = tmp_path / "p.json"
    run("cogito", "play", "--players", "a,b,c", "--seed", "1", "--record", str(cogito), input="q\n")
    run("ergo", "play", "--players", "ann,bob", "--seed", "1", "--record", str(ergo), input="q\n")
    run("play", "--players", "ann,bob", "--seed", "1", "--record", str(palmer), input="q\n")
    for record in (cogito, ergo, palmer):
        assert stat.S_IMODE(record.stat().st_mode) == 0o600, record
    os.chmod(cogito, 0o640)  # a record that exists keeps the bits its owner gave it
    run("cogito", "play", "--record", str(cogito), input="play 1\n")
    assert stat.S_IMODE(cogito.stat().st_mode) == 0o640


@pytest.mark.parametrize(
    "game, start, flag",
    [
        ("cogito", ["--players", "alice,bob,carol", "--seed", "1"], "--show-secrets"),
        ("ergo", ["--players", "ann,bob", "--seed", "1"], "--show-hands"),
    ],
)
def test_a_secret_showing_flag_resumes_only_a_game_started_with_it(tmp_path, game, start, flag):
    plain, shown = tmp_path / "plain.json", tmp_path / "shown.json"
    assert run(game, "play", *start, "--record", str(plain), input="q\n").exit_code == 0
    before = plain.read_bytes()
    refused = run(game, "play", "--record", str(plain), flag, input="hand alice\nhand ann\n")
    assert refused.exit_code == 1
    assert f"was not started with {flag}" in refused.output
    assert plain.read_bytes() == before
    assert not any(p.name.endswith(".lock") for p in tmp_path.iterdir())  # the lock let go
    assert run(game, "play", *start, "--record", str(shown), flag, input="q\n").exit_code == 0
    again = run(game, "play", "--record", str(shown), flag, input="q\n")
    assert again.exit_code == 0, again.output
    assert run(game, "play", "--record", str(plain), input="q\n").exit_code == 0


def test_replay_of_an_unfinished_game_that_disagrees_names_no_secret(tmp_path):
    """The hostile probe: a COGITO appended by hand, judged wrong in the record, is right by
    the deal; the replay says the record disagrees, never which Self card bob holds."""
    path = tmp_path / "c.json"
    run("cogito", "play", "--players", "alice,bob,carol", "--seed", "1", "--record", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    record = from_json(parse_json(path.read_text(encoding="utf-8")), COGITO)
    bob = record.rebuild().seat("bob").self_card
    data["events"].append({"type": "cogito", "player": "bob", "named": bob, "right": False})
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in (["replay", str(path)], ["replay", "--step", str(path)]):
        result = run("cogito", *args)
        assert result.exit_code == 2, result.output
        assert "event 1" in result.output and "disagrees" in result.output
        assert bob not in result.output and "says right" not in result.output
    resumed = run("cogito", "play", "--record", str(path))
    assert resumed.exit_code == 1 and bob not in resumed.output


def test_a_refusal_that_depends_on_a_hand_is_not_said_by_replay_or_resume(tmp_path):
    """Ergo's dealt hands: "ann holds no A card" would tell what ann holds."""
    from referee.ergo.records import GAME as ERGO

    path = tmp_path / "e.json"
    run("ergo", "play", "--players", "ann,bob", "--seed", "1", "--record", str(path), input="q\n")
    record = from_json(parse_json(path.read_text(encoding="utf-8")), ERGO)
    held = {card.value for card in record.rebuild().hand("ann")}
    missing = next(c for c in ("A", "B", "C", "D", "AND", "OR", "NOT", "THEN") if c not in held)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["events"].append({"type": "discard", "player": "ann", "cards": [missing]})
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in (["replay", str(path)], ["play", "--record", str(path)]):
        result = run("ergo", *args, input="q\n")
        assert result.exit_code == 1, result.output
        assert "event 1, field cards: the deal says otherwise" in result.output
        assert "holds" not in result.output


def held_in(value) -> list:
    """Every value an outcome holds (its fields, and theirs, through tuples)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            value,
            *(v for f in dataclasses.fields(value) for v in held_in(getattr(value, f.name))),
        ]
    if isinstance(value, (tuple, list)):
        return [value, *(v for item in value for v in held_in(item))]
    return [value]


@pytest.mark.parametrize("game, line", [("ergo", "discard 1"), ("palmer", "pass 1")])
def test_a_face_down_discard_is_in_no_outcome(game, line):
    """A discard from a dealt hand is its owner's (Ergo: ruling 14, face down; Palmer's: a
    pass's discards, from a hand the referee keeps private): its outcome, which the shared
    screen and every seat's log at the web table are worded from, says who discarded and
    how many, and holds no card, so no renderer can show one."""
    from referee.client.house import read_deck
    from referee.ergo.registration import REGISTRATION as ERGO_GAME
    from referee.palmer.registration import REGISTRATION as PALMER_GAME
    from referee.table.record import Record
    from referee.table.session import Session

    registration = {"ergo": ERGO_GAME, "palmer": PALMER_GAME}[game]
    values = {"players": "ann,bob", "seed": 3}
    setup = registration.setup(values, registration.house_rules(), read_deck(registration, None))
    record = Record(registration.kind, setup)
    session = Session(record, registration.commands(), record.rebuild())
    discarded = session.game.hand("ann")[0]
    outcomes = session.execute(line)
    assert session.record.events[-1].player == "ann"  # the discard was taken
    held = held_in(outcomes)
    assert discarded not in held


def test_a_deal_drawn_at_random_cannot_be_found_by_trying_every_seed():
    """A seat sees part of the deal (its hand, the others' Self cards): with seeds below
    2**31 a player could try them all (about ten core-hours in Python, minutes in C) and
    read the rest, their own Self card included. A seed drawn for a new game or a rematch
    has 128 random bits."""
    from referee.table.agreement import Agreement
    from referee.table.registry import Option

    new = [Option.seed("The deal").value(None) for _ in range(8)]
    rematches = [Agreement().seed() for _ in range(8)]
    assert min(seed.bit_length() for seed in new + rematches) > 96
