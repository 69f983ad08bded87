"""What a table saw at the terminal and should not have (issue 22), game by game.

Each test plays the moment a new player met: a refusal that missed the real
problem, a header without the scores, a message that said the wrong thing,
a grammar slip, a key that did not do what the other prompts do.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pexpect
from click.testing import CliRunner
from ptyscreen import ROOT, play, spawn
from rich.console import Console

from referee.cli.main import main
from referee.client.reasons import hint_words, said
from referee.ergo.cards import Card
from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.events import Justify, Place
from referee.ergo.records import GAME as ERGO
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup
from referee.ergo.state import Finish
from referee.ergo.terminal import ErgoRenderer, describe
from referee.invicta.notation import Placement, Step, parse_move, parse_move_list
from referee.table.record import Record
from referee.table.session import Refused, Session
from referee.table.views import Ending, GameOver

EXAMPLES = ROOT / "examples"


def invoke(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def script(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def lines_of(path: Path) -> list[str]:
    return [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


# ---------------------------------------------------------------------- Ergo


def ergo_session(players="ann,bob,cat", mode=Mode.TABLE, seed=1):
    seats = tuple(Seat(name, "ABCD"[i]) for i, name in enumerate(players.split(",")))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, mode, seed, 50), HouseRules(), text, "english.toml")
    return Session(Record(ERGO, setup), ErgoCommands())


def refused(s, line) -> str:
    got = s.execute(line)
    assert len(got) == 1, got
    if isinstance(got[0], Refused):  # its words, as the table reads them
        return said(got[0].message, got[0].reason)
    return got[0].violation.describe(got[0].faces)


def test_ergo_refuses_not_not_for_its_cards_before_counting_plays():
    s = ergo_session()
    message = refused(s, "play NOT NOT A")
    assert "plays left" not in message
    assert "NOT" in message and "parentheses" in message


def test_ergo_a_fifth_premise_is_refused_saying_how_many_new_ones_fit():
    s = ergo_session("ann,bob")
    for line in ("play A", "play B", "play C"):
        s.execute(line)
    message = refused(s, "play B, D")
    assert "has 3" in message and "room for 1 new premise, not 2" in message
    assert "premises 1-3" not in message


def test_ergo_one_premise_is_premise_1_not_premises_1_1():
    s = ergo_session("ann,bob")
    s.execute("play A")
    message = refused(s, "tabula 2:1")
    assert "premises 1-1" not in message and "premise 1" in message


def test_ergo_dealt_mode_plays_a_card_by_its_place_in_the_hand():
    s = ergo_session("ann,bob", mode=Mode.DEALT, seed=3)
    hand = s.game.hand()
    index = next(i for i, c in enumerate(hand) if c in (Card.A, Card.B, Card.C, Card.D))
    s.execute(f"play {index + 1}")
    (event,) = s.record.events
    assert isinstance(event, Place) and event.cards[0].card.card == hand[index]


def test_ergo_why_takes_a_round_and_a_player():
    s = ergo_session("ann,bob")
    for line in ("play A", "play B", "play C", "play D", "ergo"):
        s.execute(line)
    (why,) = s.execute("why bob")
    assert why.variable == "B"
    (why,) = s.execute("why 1 A")
    assert why.scored.event.round == 1 and why.variable == "A"
    assert "not been scored" in refused(s, "why 4")


def test_ergo_turn_header_keeps_scores_fallacy_and_the_draw_in_view(tmp_path):
    lines = [*lines_of(EXAMPLES / "ergo" / "review-round.txt")[:8], "proof"]
    result = invoke(
        "ergo",
        "play",
        "--players",
        "ann,bob,cat",
        "--mode",
        "table",
        "--record",
        str(tmp_path / "g.json"),
        input="\n".join(lines),
    )
    out = result.stdout
    assert "scores ann 0, bob 0, cat 0 (first to 50)" in out
    assert "bob under a Fallacy, 3 turns left" in out
    assert "Turn 1 (round 1): ann (A) — draw 2 cards, then 2 plays; pile" in out
    assert "turn(s)" not in out and "this turn and" not in out


def test_ergo_proof_header_says_no_ergo_while_a_premise_is_broken(tmp_path):
    lines = lines_of(EXAMPLES / "ergo" / "review-round.txt")
    upto = lines.index("tabula 2:3") + 1
    result = invoke(
        "ergo",
        "play",
        "--players",
        "ann,bob,cat",
        "--mode",
        "table",
        "--record",
        str(tmp_path / "g.json"),
        input="\n".join([*lines[:upto], "proof"]),
    )
    last = result.stdout.split("> proof")[-1]
    assert "no Ergo until premise 2 is mended" in last
    assert "an Ergo may be played" not in last


def test_ergo_a_finished_game_resumed_says_it_is_over_and_save_says_so(tmp_path):
    record = str(tmp_path / "g.json")
    args = ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table", "--win", "10"]
    invoke(*args, "--record", record, input=script(EXAMPLES / "ergo" / "review-round.txt"))
    resumed = invoke("ergo", "play", "--record", record, input="save\n")
    assert "type score" not in resumed.stdout
    assert "The game is over" in resumed.stdout
    assert "saved" in resumed.stdout


def test_ergo_a_finished_game_resumed_offers_no_ergo_and_no_fallacy_turns(tmp_path):
    """The last Proof is shown as it was scored; nothing on it may still be played."""
    record = str(tmp_path / "g.json")
    args = ["ergo", "play", "--players", "ann,bob,cat", "--mode", "table", "--win", "10"]
    invoke(*args, "--record", record, input=script(EXAMPLES / "ergo" / "review-round.txt"))
    resumed = invoke("ergo", "play", "--record", record, input="proof\nscores\n").stdout
    assert "an Ergo may be played" not in resumed and "no Ergo until" not in resumed
    assert "under a Fallacy" not in resumed  # bob's Fallacy ended with the game
    assert "Proof, round 1: 13 cards; the game is over" in resumed


def test_ergo_words_a_table_reads():
    out = Console(file=io.StringIO(), width=80)
    renderer = ErgoRenderer(out)
    scores = tuple((p, 5) for p in ("p1", "p2", "p3", "p4"))
    renderer.game_over(GameOver(Ending(Finish.POINTS, ("p1", "p2", "p3", "p4"), scores)))
    text = out.file.getvalue()
    assert "p1, p2, p3 and p4 share the win" in text
    assert describe(Justify("ann", Card.JUSTIFICATION)) == "ann plays a Justification"


def test_ergo_check_says_one_variable_scores(tmp_path):
    proof = tmp_path / "d.txt"
    proof.write_text("D\nNOT A AND NOT B AND NOT C\n", encoding="utf-8")
    out = invoke("ergo", "check", str(proof)).stdout
    assert "scores" in out.splitlines()[-1] and "each" not in out.splitlines()[-1]


def test_ergo_ctrl_c_at_the_hand_view_asks_first(tmp_path):
    child = spawn(
        ["ergo", "play", "--players", "ann,bob", "--seed", "3", "--record", "e.json"], tmp_path
    )
    child.expect("ann> ")
    child.sendline("hand")
    child.expect("Press Enter to see the hand")
    child.sendcontrol("c")
    child.expect(r"Leave the game\? ")
    child.sendline("n")
    child.expect("ann> ")
    child.sendline("hand")
    child.expect("Press Enter to see the hand")
    child.sendcontrol("c")
    child.expect(r"Leave the game\? ")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert b"Aborted" not in child.before


# ------------------------------------------------------------------- Invicta


def test_invicta_reads_moves_as_phones_and_people_write_them():
    assert parse_move("e5 e6") == parse_move("e5-e6") == parse_move("e5–e6")
    assert isinstance(parse_move("e5 e6"), Step) and isinstance(parse_move("e5"), Placement)
    moves = parse_move_list("place e5\nmove e5 e6\ne6—e7\n")
    assert [str(m.move) for m in moves] == ["e5", "e5-e6", "e6-e7"]


def test_invicta_a_doubled_dash_is_said_once(tmp_path):
    result = invoke(
        "invicta", "play", "--white", "a1ce", "--black", "bob", "--record",
        str(tmp_path / "g.json"), input="e5--e6\n",
    )  # fmt: skip
    refusal = [line for line in result.stdout.splitlines() if "refused" in line]
    assert refusal and "one dash" in refusal[0]
    assert result.stdout.count("type a square to place a piece") <= 1


def test_invicta_history_and_a_record_as_a_move_list(tmp_path):
    record = tmp_path / "g.json"
    moves = lines_of(EXAMPLES / "invicta" / "row-win.txt")
    invoke("invicta", "play", "--white", "alice", "--black", "bob", "--record", str(record),
           input="\n".join([*moves[:4], "history"]))  # fmt: skip
    listed = invoke("invicta", "replay", "--moves", str(record)).stdout
    assert listed.splitlines()[1:] == ["b1", "e5", "d1", "e4"]
    path = tmp_path / "g.moves"
    path.write_text(listed, encoding="utf-8")
    assert json.loads(invoke("invicta", "replay", "--json", str(path)).stdout)["moves"] == 4
    shown = invoke("invicta", "play", "--record", str(record), input="history\n").stdout
    assert "1. b1 e5   2. d1 e4" in shown


def test_invicta_warns_before_the_third_repetition(tmp_path):
    moves = lines_of(EXAMPLES / "invicta" / "repetition-draw.txt")
    last = len(moves) - 1 - moves[::-1].index("h10-i10")  # the move that draws
    result = invoke("invicta", "play", "--white", "erin", "--black", "frank", "--record",
                    str(tmp_path / "g.json"), input="\n".join(moves[:last]))  # fmt: skip
    warned = [line for line in result.stdout.splitlines() if "careful" in line]
    assert warned and "h10-i10" in warned[-1] and "third time" in warned[-1]
    assert "Game over" not in result.stdout


def test_invicta_a_finished_game_names_its_row_when_resumed(tmp_path):
    record = tmp_path / "g.json"
    invoke("invicta", "play", "--white", "alice", "--black", "bob", "--record", str(record),
           input=script(EXAMPLES / "invicta" / "row-win.txt"))  # fmt: skip
    resumed = invoke("invicta", "play", "--record", str(record), input="e9\n").stdout
    assert "five in a row (a1 b1 c1 d1 e1)" in resumed.split("Resuming")[1]
    assert "white has five in a row:" not in resumed


# -------------------------------------------------------------------- Cogito

COGITO = ["cogito", "play", "--players", "alice,bob,carol", "--seed", "24"]


def test_cogito_dream_says_the_ego_stays_under_the_house_rule(tmp_path):
    moves = lines_of(EXAMPLES / "cogito" / "found-after-a-dream.txt")
    upto = moves.index("play Dream") + 1
    result = invoke(*COGITO, "--house", "dream_returns_ego=no", "--record",
                    str(tmp_path / "g.json"), input="\n".join(moves[:upto]))  # fmt: skip
    dream = [line for line in result.stdout.splitlines() if "a dream" in line][-1]
    assert "the field was empty" not in dream and "Ego stays" in dream


def test_cogito_last_call_speaks_of_the_hands_still_in_play(tmp_path):
    args = ["cogito", "play", "--players", "alice,bob,carol,dave", "--seed", "9"]
    result = invoke(*args, "--record", str(tmp_path / "g.json"),
                    input=script(EXAMPLES / "cogito" / "hands-empty-tie.txt"))  # fmt: skip
    assert "Every hand in play is empty" in result.stdout
    assert "Every hand is empty" not in result.stdout


def test_cogito_the_prompt_after_a_hand_view_starts_its_own_line(tmp_path):
    shown = play([*COGITO, "--record", "g.json"], ["hand alice", "", "", "quit"], tmp_path)
    screen = shown.screen()
    assert not any("Press Enter" in row for row in screen)  # asked on the hand's own screen
    prompts = [row for row in screen if "alice> " in row]
    assert prompts and all(row.startswith("alice> ") for row in prompts)


# -------------------------------------------------------------------- Palmer


def test_palmer_an_upheld_claim_shows_the_board_without_the_erased_statement(tmp_path):
    args = [
        "play",
        "--players",
        "alice,bob",
        "--mode",
        "table",
        "--record",
        str(tmp_path / "g.json"),
    ]
    lines = lines_of(EXAMPLES / "games" / "points-win.txt")[:3]  # #1, #2, claim 2
    out = invoke(*args, input="\n".join(lines)).stdout
    after = out.split("claims #2 redundant")[1]
    board = [line for line in after.splitlines() if line.startswith("Board now:")]
    assert board == ["Board now: #1 ∀x blonde(x)"]


def test_refusals_carry_no_hint_that_repeats_them():
    s = ergo_session()
    got = s.execute("why 9")
    assert isinstance(got[0], Refused)
    hint = got[0].hint
    assert hint is None or hint_words(hint) != said(got[0].message, got[0].reason)


def test_ergo_end_asks_at_a_terminal(tmp_path):
    child = spawn(
        ["ergo", "play", "--players", "ann,bob", "--mode", "table", "--record", "e.json"], tmp_path
    )
    child.expect("ann> ")
    child.sendline("end")
    child.expect(r"End the game here \(most points wins\)\? \[y/N\] ")
    child.sendline("n")
    child.expect("the game goes on")
    child.expect("ann> ")
    child.sendline("end")
    child.expect(r"\[y/N\] ")
    child.sendline("y")
    child.expect("Game over")
    child.expect("game over> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_ergo_wild_refusals_say_how_a_wild_is_written():
    s = ergo_session()
    assert "a star, then the card" in refused(s, "play *")
    assert "no Wild plays as a parenthesis" in refused(s, "play *( at 1:0")
