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
    stale = tmp_path / ".g.json.referee-abc12345.tmp"
    stale.write_text("half a record", encoding="utf-8")
    other = tmp_path / ".other.json.referee-abc12345.tmp"
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


def test_a_lock_taken_on_a_lock_file_just_removed_is_taken_again(tmp_path, monkeypatch):
    """A session ending removes its lock file: one who opened it before must not keep it.

    Simulated: while the second session opens the lock file, the first ends and a
    third starts (a new lock file, locked). The second must see the third's lock.
    """
    import fcntl

    record = tmp_path / "g.json"
    lock_path = tmp_path / ".g.json.lock"
    lock_path.write_text("")
    real_flock = fcntl.flock
    third = []

    def flock(fd, op):
        if not third:  # the old file is unlinked and a third session locks a new one
            os.unlink(lock_path)
            third.append(RecordFile(record))
            third[0].open()
        return real_flock(fd, op)

    monkeypatch.setattr(fcntl, "flock", flock)
    with pytest.raises(StoreError, match="another session"):
        RecordFile(record).open()
    third[0].close()


def test_a_new_game_never_replaces_a_file_already_there(tmp_path):
    record = tmp_path / "g.json"
    record.write_text("someone else's file", encoding="utf-8")
    with pytest.raises(StoreError, match="appeared"):
        RecordFile(record, fresh=True).open()
    assert record.read_text(encoding="utf-8") == "someone else's file"


def test_games_started_in_the_same_second_get_records_of_their_own(tmp_path, monkeypatch):
    import datetime

    import referee.client.table_io as table_io

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 11, 23, 12, 0, 0)

    monkeypatch.setattr(table_io._dt, "datetime", Frozen)
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        result = CliRunner().invoke(
            main,
            ["invicta", "play", "--white", "a", "--black", "b"],
            input="e5\nquit\n",
            catch_exceptions=False,
        )
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("invicta-*.json"))
    assert names == [
        "invicta-20261123-120000-2.json",
        "invicta-20261123-120000-3.json",
        "invicta-20261123-120000.json",
    ]


def test_resuming_an_older_record_keeps_it_as_it_was(tmp_path):
    from pathlib import Path

    old = (Path(__file__).parent / "data" / "v1-points-win.json").read_text(encoding="utf-8")
    record = tmp_path / "old.json"
    record.write_text(old, encoding="utf-8")
    result = play("--record", str(record), script="quit\n")
    assert result.exit_code == 0, result.output
    assert '"version": 2' in record.read_text(encoding="utf-8")
    assert (tmp_path / "old.v1.json").read_text(encoding="utf-8") == old
