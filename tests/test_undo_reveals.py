"""Undo never takes a game back past an event that showed the table something hidden.

The issue's reproduction: a wrong COGITO shows the Self card, undo took it
back, and the same player then named the card just shown and won. Now the
undo is refused, in every game that hides something, unless the table chose
house rule ``undo_past_reveals``; and an undo that is allowed stays in the
record (``undone``), so replay tells what happened.
"""

import json

from click.testing import CliRunner
from cogito_helpers import EXAMPLE_TEXT

from referee.cli.main import main
from referee.cogito.commands import CogitoCommands
from referee.cogito.events import Secret
from referee.cogito.records import GAME as COGITO
from referee.cogito.setup import Setup as CogitoSetup
from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.records import GAME as ERGO
from referee.ergo.setup import HouseRules as ErgoRules
from referee.ergo.setup import Mode, Seat, Settings
from referee.ergo.setup import Setup as ErgoSetup
from referee.table.errors import RecordError
from referee.table.record import Record, dumps, loads
from referee.table.reveals import Shown
from referee.table.session import Session, Undone, UndoRefused


def cogito(*switches):
    from cogito_helpers import rules

    setup = CogitoSetup(
        ("alice", "bob", "carol"), 1, EXAMPLE_TEXT, "cogito-example.toml", "", rules(*switches)
    )
    return Session(Record(COGITO, setup), CogitoCommands())


def ergo(mode, *switches):
    rules = ErgoRules()
    for switch in switches:
        rules = rules.with_switch(switch)
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    settings = Settings((Seat("ann", "A"), Seat("bob", "B")), mode, 1, 50)
    return Session(Record(ERGO, ErgoSetup(settings, rules, text, "english.toml")), ErgoCommands())


def refused_undo(s) -> UndoRefused:
    before = s.record
    (got,) = s.execute("undo")
    assert isinstance(got, UndoRefused), got
    assert s.record is before  # nothing taken back, nothing written
    return got


# ---------------------------------------------------------------- Cogito


def test_a_wrong_cogito_cannot_be_undone_so_the_shown_self_card_cannot_win():
    """The issue's script, as typed at the table (seed 1: alice is Salmon)."""
    s = cogito()
    s.execute("cogito alice Oak")
    got = refused_undo(s)
    assert got.number == 1 and set(got.shown) == {Secret.DECLARATION, Secret.SELF_CARD}
    s.execute("cogito alice Salmon")
    assert not s.game.finished and len(s.record.events) == 1


def test_a_revealed_card_and_the_end_of_the_game_cannot_be_undone():
    s = cogito()
    s.execute("play 1")
    assert refused_undo(s).shown == (Shown.JUDGEMENT,)
    s.execute("cogito bob Oak")  # wrong: bob is Sparrow
    s.execute("cogito carol Penguin")  # right: the game is over, every Self card shown
    assert s.game.finished
    assert Shown.GAME_OVER in refused_undo(s).shown
    assert len(s.record.events) == 3 and not s.record.taken_back


def test_what_showed_nothing_is_undone_and_the_undo_is_kept_in_the_record():
    s = cogito()
    s.execute("cogito alice bob")  # a declaration: nothing hidden shown yet
    (got,) = s.execute("undo")
    assert isinstance(got, Undone) and not s.record.events
    assert [(t.number, t.event.TYPE) for t in s.record.taken_back] == [(1, "declare")]
    record, game = loads(dumps(s.record, s.game), COGITO)
    assert record.taken_back == s.record.taken_back and game.summary() == s.game.summary()


def test_house_rule_undo_past_reveals_lets_a_friendly_table_take_back_a_judgement():
    s = cogito("undo_past_reveals=yes")
    s.execute("play 1")
    (got,) = s.execute("undo")
    assert isinstance(got, Undone) and not s.record.events and len(s.record.taken_back) == 1


def test_cogito_play_refuses_the_undo_and_replay_lists_what_undo_took_back(tmp_path):
    path = tmp_path / "u.json"
    script = "cogito alice Oak\nundo\ncogito alice Salmon\ncogito bob carol\nundo\n"
    args = ["cogito", "play", "--players", "alice,bob,carol", "--seed", "1", "--record", str(path)]
    result = CliRunner().invoke(main, args, input=script)
    assert result.exit_code == 0, result.output
    assert "refused: undo cannot take back alice" in result.output
    assert "undo_past_reveals=yes" in result.output
    assert "found themselves" not in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [e["type"] for e in data["events"]] == ["cogito"]
    assert data["undone"] == [
        {"number": 2, "event": {"type": "declare", "players": ["bob", "carol"]}}
    ]
    replayed = CliRunner().invoke(main, ["cogito", "replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "undo took back event 2: bob and carol declare COGITO!" in replayed.output
    as_json = CliRunner().invoke(main, ["cogito", "replay", "--json", str(path)])
    assert json.loads(as_json.stdout)["undone"] == [{"number": 2, "type": "declare"}]


# ------------------------------------------------------------------ Ergo


def test_ergo_dealt_mode_never_undoes_a_turn_whose_end_drew_cards():
    s = ergo(Mode.DEALT)
    s.execute("discard 1")  # one play left: nothing drawn yet
    (got,) = s.execute("undo")
    assert isinstance(got, Undone)
    s.execute("discard 1 2")  # the turn ends and bob draws two cards
    assert refused_undo(s).shown == (Shown.DRAWN_CARD,)
    friendly = ergo(Mode.DEALT, "undo_past_reveals=yes")
    friendly.execute("discard 1 2")
    assert isinstance(friendly.execute("undo")[0], Undone)


def test_ergo_never_undoes_a_round_ruling_the_table_saw():
    s = ergo(Mode.TABLE)
    for line in ("play A", "discard 1", "play AND B at 1", "play C", "play D", "ergo"):
        s.execute(line)
    assert s.record.events[-1].TYPE == "score"
    assert Shown.JUDGEMENT in refused_undo(s).shown
    table = ergo(Mode.TABLE)
    table.execute("play A")
    assert isinstance(table.execute("undo")[0], Undone)  # table mode: nothing drawn is seen


# ---------------------------------------------------------------- Palmer


def test_palmer_never_undoes_a_settled_claim_or_a_draw(tmp_path):
    table = tmp_path / "t.json"
    script = (
        "play blonde : forall x blonde(x)\nundo\nplay blonde : forall x blonde(x)\nclaim 1\nundo\n"
    )
    args = ["play", "--players", "alice,bob", "--mode", "table", "--record", str(table)]
    result = CliRunner().invoke(main, args, input=script)
    assert result.exit_code == 0, result.output
    assert "undone: alice plays" in result.output  # table mode: a play shows nothing hidden
    assert "refused: undo cannot take back bob claims" in result.output
    data = json.loads(table.read_text(encoding="utf-8"))
    assert [e["type"] for e in data["events"]] == ["play", "claim"]
    assert [t["number"] for t in data["undone"]] == [1]
    dealt = tmp_path / "d.json"
    args = ["play", "--players", "alice,bob,carol", "--seed", "2", "--record", str(dealt)]
    # seed 2 deals alice happy, smarter, ¬: her play draws her a new card
    result = CliRunner().invoke(main, args, input="play 2 : forall x ~smarter(x, x)\nundo\n")
    assert "refused: undo cannot take back" in result.output
    assert "cards drawn from the pile" in result.output


# ---------------------------------------------------------------- records


def test_a_record_without_undone_reads_as_before_and_a_bad_one_is_refused():
    s = cogito()
    s.execute("cogito alice bob")
    text = dumps(s.record, s.game)
    assert '"undone"' not in text  # nothing taken back: the record is as before
    data = json.loads(text)
    data["undone"] = [{"number": 0, "event": {"type": "declare", "players": ["bob"]}}]
    try:
        loads(json.dumps(data), COGITO)
    except RecordError as exc:
        assert "undone[0]" in str(exc)
    else:
        raise AssertionError("a taken-back event numbered 0 was read")
    data["undone"] = [{"number": 1, "event": {"type": "nonsense"}}]
    try:
        loads(json.dumps(data), COGITO)
    except RecordError as exc:
        assert "undone[0].event" in str(exc)
    else:
        raise AssertionError("a taken-back event of no type was read")
