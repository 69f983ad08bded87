"""A game record on disk: written whole after every event, never half, never elsewhere.

The only module below the command line that touches files, because the
promise it keeps is the table's: a crash or a kill at any moment loses no
acknowledged event and never leaves a damaged record.

* Every write goes to a new temporary file created exclusively in the
  record's directory (``mkstemp``: an unpredictable name, never following a
  planted symlink), is flushed and fsynced, then renamed over the record,
  and the directory is fsynced.
* A record that is a symlink is followed when a game is resumed: the file it
  points to is updated and the link stays a link. A new game's record is only
  ever created where nothing is, not even a dangling symlink (another user
  could have planted one in a shared directory).
* A new record is created 0600 (its owner's alone: it holds the deal); a
  record that exists keeps its permission bits; a read-only record or
  directory is refused before the game starts, with a message, never half way.
* While a session runs it holds a lock beside the record, so two sessions
  cannot write one record. Once a resumed record has been read as a record,
  the temporary files a killed session left behind for it are removed: only
  names of the pattern this module gives them (``.NAME.referee-XXXXXXXX.tmp``),
  so no other program's file is ever touched.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
import tempfile
from pathlib import Path

# A new record (and the copy of an older version kept beside it) is its owner's
# alone: it holds the seed of the deal, the deck and every hand.
NEW_RECORD_MODE = 0o600


class StoreError(OSError):
    """A record that cannot be written or locked, with a message for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _target(path: Path) -> Path:
    """The file a write must replace: the record itself, or what its symlink points to."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


# Temporary files of a record: a name no other program gives a file.
_TEMP_MARK = "referee-"
_TEMP_SUFFIX = ".tmp"


def _temp_prefix(target: Path) -> str:
    return f".{target.name}.{_TEMP_MARK}"


def _is_temp_of(name: str, target: Path) -> bool:
    """Whether ``name`` is one of ``write_atomically``'s temporary files for ``target``."""
    pattern = re.escape(_temp_prefix(target)) + r"[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX)
    return re.fullmatch(pattern, name) is not None


class RecordFile:
    """One record file, opened for a session: ``with RecordFile(path) as f: f.write(text)``."""

    def __init__(self, path: Path, fresh: bool = False) -> None:
        self.path = Path(path)
        self.fresh = fresh  # a new game's record: refuse a file already there, never replace it
        self.target = self.path if fresh else _target(self.path)
        self._lock_fd: int | None = None

    # -- lifecycle
    def __enter__(self) -> RecordFile:
        if self._lock_fd is None:
            self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> None:
        """Check the record can be written and take the lock."""
        if self.fresh and self.path.is_symlink():
            raise StoreError(
                f"{self.path}: is a symbolic link; a new game's record is only created "
                "where no file is"
            )
        if self.fresh and self.path.exists():
            raise StoreError(f"{self.path}: a file of that name appeared; start the game again")
        directory = self.target.parent
        if not directory.is_dir():
            raise StoreError(f"{self.path}: the directory {directory} does not exist")
        if self.target.exists() and not self.target.is_file():
            raise StoreError(f"{self.path}: is not a regular file")
        if not os.access(directory, os.W_OK | os.X_OK):
            raise StoreError(
                f"{self.path}: cannot write in {directory} (permission denied), "
                "so the record could not be kept"
            )
        if self.target.exists() and not stat.S_IMODE(self.target.stat().st_mode) & 0o222:
            raise StoreError(
                f"{self.path}: the record is read-only; make it writable or copy it to resume"
            )
        self._lock_fd = self._lock(directory / f".{self.target.name}.lock")
        if self.fresh and (self.target.exists() or self.target.is_symlink()):
            self.close()
            raise StoreError(f"{self.path}: a file of that name appeared; start the game again")

    def _lock(self, lock_path: Path) -> int:
        """The lock file, opened and flocked; the one at ``lock_path`` when the lock was taken.

        A session that ends removes its lock file while it holds the lock, so a
        lock taken on a file already unlinked locks nothing: take it again then.
        """
        for _ in range(100):
            try:
                fd = os.open(
                    lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600
                )
            except OSError as exc:
                raise StoreError(
                    f"{self.path}: cannot create its lock file ({exc.strerror})"
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EAGAIN, errno.EACCES):
                    raise StoreError(
                        f"{self.path}: another session is playing this record right now"
                    ) from None
                raise StoreError(f"{self.path}: cannot lock it ({exc.strerror})") from None
            try:
                current = os.stat(lock_path, follow_symlinks=False).st_ino
            except FileNotFoundError:
                current = None
            if current == os.fstat(fd).st_ino:
                return fd
            os.close(fd)  # the file was removed (and perhaps made again) meanwhile
        raise StoreError(f"{self.path}: cannot lock it (its lock file keeps changing)")

    def close(self) -> None:
        if self._lock_fd is not None:
            try:
                os.unlink(self.target.parent / f".{self.target.name}.lock")
            except OSError:
                pass
            os.close(self._lock_fd)
            self._lock_fd = None

    def sweep(self) -> None:
        """Remove temporary files of this record left by a killed session.

        Called with the lock held, once the record was read as a record (so the
        file named is one of ours); only names ``write_atomically`` gives.
        """
        for entry in self.target.parent.iterdir():
            if _is_temp_of(entry.name, self.target):
                try:
                    if entry.is_file() and not entry.is_symlink():
                        entry.unlink()
                except OSError:
                    pass

    # -- writing
    def write(self, text: str) -> None:
        """Replace the record with ``text`` atomically (a reader sees the old or the new)."""
        write_atomically(self.target, text, NEW_RECORD_MODE)

    def keep(self, label: str, text: str) -> Path:
        """Keep ``text`` (a finished game of this table's series) beside the record as
        ``NAME.LABEL.json``, written whole and new (never over a file already there)."""
        stem, suffix = self.target.stem, self.target.suffix
        path, n = self.target.with_name(f"{stem}.{label}{suffix}"), 2
        while path.exists() or path.is_symlink():
            path, n = self.target.with_name(f"{stem}.{label}-{n}{suffix}"), n + 1
        write_atomically(path, text, NEW_RECORD_MODE)
        return path


def write_atomically(path: Path, text: str, new_mode: int | None = None) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old or the new file, never half.

    ``path`` must not be a symlink (pass the resolved target); its permission
    bits are kept, and a new file gets ``new_mode`` (records:
    :data:`NEW_RECORD_MODE`), or else the user's default ones.
    """
    path = Path(path)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        if new_mode is None:
            umask = os.umask(0)
            os.umask(umask)
            new_mode = 0o666 & ~umask
        mode = new_mode
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=_TEMP_SUFFIX, dir=path.parent)
    except OSError as exc:
        raise StoreError(f"{path}: cannot write the record ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StoreError(f"{path}: cannot write the record ({exc.strerror})") from None
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(dir_fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dir_fd)
