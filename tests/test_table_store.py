"""Records on disk: atomic, never written through a planted link, never half, never elsewhere."""

import os
import stat

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.table.store import RecordFile, StoreError, write_atomically

GAME = ["--players", "alice,bob", "--mode", "table"]


def play(*args, script="play blonde : forall x blonde(x)\n"):
    return CliRunner().invoke(main, ["play", *args], input=script, catch_exceptions=False)


def test_the_temporary_file_is_never_a_planted_link(tmp_path):
    """Defect: `.NAME.PID.tmp` was predictable and followed symlinks."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    record = tmp_path / "g.json"
    for pid in range(os.getpid() - 5, os.getpid() + 50):  # every name the old code could use
        (tmp_path / f".g.json.{pid}.tmp").symlink_to(victim)
    result = play(*GAME, "--record", str(record))
    assert result.exit_code == 0, result.output
    assert victim.read_text(encoding="utf-8") == "precious"
    assert '"format": "referee-record"' in record.read_text(encoding="utf-8")


def test_a_symlinked_record_is_followed_and_stays_a_link(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    assert play(*GAME, "--record", str(real)).exit_code == 0
    link.symlink_to(real)
    result = play("--record", str(link), script="play happy : exists x happy(x)\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "∃x happy(x)" in real.read_text(encoding="utf-8")


def test_the_record_keeps_its_permission_bits(tmp_path):
    record = tmp_path / "g.json"
    assert play(*GAME, "--record", str(record)).exit_code == 0
    os.chmod(record, 0o640)
    assert play("--record", str(record), script="pass\n").exit_code == 0
    assert stat.S_IMODE(record.stat().st_mode) == 0o640


def test_a_read_only_record_is_refused_before_the_game_starts(tmp_path):
    record = tmp_path / "g.json"
    assert play(*GAME, "--record", str(record)).exit_code == 0
    before = record.read_bytes()
    os.chmod(record, 0o444)
    result = play("--record", str(record), script="pass\n")
    assert result.exit_code == 1 and "read-only" in result.output
    assert record.read_bytes() == before and stat.S_IMODE(record.stat().st_mode) == 0o444


def test_a_missing_directory_is_a_message_not_a_traceback(tmp_path):
    result = play(*GAME, "--record", str(tmp_path / "nowhere" / "g.json"))
    assert result.exit_code == 1 and "does not exist" in result.output


def test_a_directory_that_cannot_be_written_is_refused_up_front(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes everywhere")
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    result = play(*GAME, "--record", str(locked / "g.json"))
    assert result.exit_code == 1 and "cannot write" in result.output


def test_stale_temporary_files_of_a_killed_session_are_swept(tmp_path):
    record = tmp_path / "g.json"
    assert play(*GAME, "--record", str(record)).exit_code == 0
    stale = tmp_path / ".g.json.abc123.tmp"
    stale.write_text("half a record", encoding="utf-8")
    other = tmp_path / ".other.json.abc123.tmp"
    other.write_text("another record's", encoding="utf-8")
    assert play("--record", str(record), script="pass\n").exit_code == 0
    assert not stale.exists() and other.exists()


def test_two_sessions_cannot_write_one_record(tmp_path):
    record = tmp_path / "g.json"
    with RecordFile(record):
        with pytest.raises(StoreError, match="another session"):
            RecordFile(record).open()
    with RecordFile(record):  # released
        pass


def test_an_interrupted_write_leaves_the_old_record_whole(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    path.write_text("old", encoding="utf-8")

    def boom(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(StoreError, match="No space left"):
        write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
