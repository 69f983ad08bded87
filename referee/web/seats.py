"""Seat tokens: unguessable, and the same after a restart on the same record.

Each record gets a key of its own, 32 random bytes in a file beside it
(``.NAME.web-key``, created exclusively with mode 0600 and never sent to any
page). Every token is an HMAC-SHA256 of that key and the seat's role (its
player's name; its place, ``seat #N``, at a table whose players name
themselves, so the URL exists before the name), so a
server restarted on the record gives every phone the URL it already has,
while nobody without the key (not even someone holding the record itself, or
another seat's URL) can work one out. Deleting the key file revokes every URL.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

KEY_BYTES = 32


class SeatKeyError(OSError):
    """The key file cannot be made or read (a message for people)."""


def key_path(record: Path) -> Path:
    record = Path(record)
    return record.with_name(f".{record.name}.web-key")


def load_key(record: Path) -> bytes:
    """The record's key: read if it is there, else made (0600, written whole or not at all).

    Whatever is at the key's path, the answer is at once: a FIFO or a device is never
    opened for reading (no hang), a symlink or a directory is refused naming the file;
    an empty or half-written regular file (no URL was ever made from it) is replaced by
    a new key. SeatKeyError says what to do.
    """
    path = key_path(record)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return _make_key(path)
    except OSError as exc:
        raise SeatKeyError(f"{path}: the seats' key cannot be looked at ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise SeatKeyError(
            f"{path}: the seats' key is not a regular file (a link, a FIFO, a device or a "
            "directory); remove it for new seat URLs"
        )
    key = _read_key(path)
    if key is None:  # empty or cut short: a start that failed half way; no URL came of it
        _remove(path)
        return _make_key(path)
    return key


def _make_key(path: Path) -> bytes:
    """A new key, written to a temporary file, synced, then linked into place: a full
    disk or a kill never leaves a key file that blocks the next start."""
    key = secrets.token_bytes(KEY_BYTES)
    tmp = path.with_name(f"{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(key.hex() + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.link(tmp, path)  # never replaces a file that appeared meanwhile
        finally:
            _remove(tmp)
    except FileExistsError:
        return load_key_again(path)
    except OSError as exc:
        raise SeatKeyError(
            f"{path}: cannot create the seats' key ({exc.strerror}); free some space or "
            "make the directory writable, then start again"
        ) from None
    return key


def load_key_again(path: Path) -> bytes:
    """The key another start wrote at the same moment."""
    key = _read_key(path)
    if key is None:
        raise SeatKeyError(f"{path}: the seats' key is being written; start again")
    return key


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SeatKeyError(f"{path}: cannot remove it ({exc.strerror})") from None


def _read_key(path: Path) -> bytes | None:
    """The key in the file at ``path`` (checked regular); None if it is empty or cut short;
    SeatKeyError if it holds anything else."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise SeatKeyError(f"{path}: the seats' key is not a regular file; remove it")
            data = handle.read(200)
    except OSError as exc:
        if isinstance(exc, SeatKeyError):
            raise
        raise SeatKeyError(
            f"{path}: the seats' key cannot be read ({exc.strerror}); remove it for new seat URLs"
        ) from None
    text = data.strip()
    hexdigits = b"0123456789abcdef"
    if len(text) < 2 * KEY_BYTES and all(c in hexdigits for c in text):
        return None
    try:
        key = bytes.fromhex(text.decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        key = b""
    if len(key) != KEY_BYTES:
        raise SeatKeyError(f"{path}: the seats' key is damaged; remove it for new seat URLs")
    return key


def token(key: bytes, role: str) -> str:
    """The URL token of ``role`` (``seat:NAME``, ``seat #N``, ``table``, ``spectator``):
    43 characters."""
    digest = hmac.new(key, role.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class Door:
    """Who a token opens the table to: a player's seat, the table screen, or a spectator.

    A seat of a table whose players name themselves (``serve --seats N``) is known by its
    ``number`` (1, 2, ...): its ``player`` is None in :class:`Doors`, and the app fills it
    in from the game once every seat is named."""

    role: str  # "seat", "table", "spectator"
    player: str | None = None  # the seat's player
    number: int = 0  # a seat's place in the seating order, from 1

    @property
    def seat(self) -> str | None:
        return self.player if self.role == "seat" else None


def seat_role(number: int) -> str:
    """The role a numbered seat's token is made from (``seat #N``: no player's name, which
    is made from ``seat:NAME``, can be it)."""
    return f"seat #{number}"


class Doors:
    """Every token of one table, looked up in constant time per token.

    ``players``: the seats in order; ``numbered``: their tokens are made from their
    places (``serve --seats N``, whose players named themselves), else from the names."""

    def __init__(self, key: bytes, players: tuple[str | None, ...], numbered: bool = False) -> None:
        self.by_token: dict[str, Door] = {token(key, "table"): Door("table")}
        self.by_token[token(key, "spectator")] = Door("spectator")
        self.numbered = numbered
        self.seats: list[Door] = []
        for number, name in enumerate(players, 1):
            if numbered:
                door = Door("seat", None, number)
                self.by_token[token(key, seat_role(number))] = door
            else:
                door = Door("seat", name, number)
                self.by_token[token(key, f"seat:{name}")] = door
            self.seats.append(door)
        self.tokens = {door: t for t, door in self.by_token.items()}

    def find(self, given: str) -> Door | None:
        found = None
        for known, door in self.by_token.items():
            if hmac.compare_digest(known.encode(), given.encode("utf-8", "replace")):
                found = door
        return found

    def of(self, door: Door) -> str:
        if door.role == "seat" and door.number:  # a numbered seat's door, its player known
            door = self.seats[door.number - 1]
        return self.tokens[door]


def numbered_path(record: Path) -> Path:
    """The mark beside a record whose players named themselves (``serve --seats N``): its
    seat URLs are made from the seats' places, before and after a restart."""
    record = Path(record)
    return record.with_name(f".{record.name}.web-seats")


def is_numbered(record: Path) -> bool:
    path = numbered_path(record)
    return path.is_file() and not path.is_symlink()
