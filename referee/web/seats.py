"""Seat tokens: unguessable, and the same after a restart on the same record.

Each record gets a key of its own, 32 random bytes in a file beside it
(``.NAME.web-key``, created exclusively with mode 0600 and never sent to any
page). Every token is an HMAC-SHA256 of that key and the seat's role, so a
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
from dataclasses import dataclass
from pathlib import Path

KEY_BYTES = 32


class SeatKeyError(OSError):
    """The key file cannot be made or read (a message for people)."""


def key_path(record: Path) -> Path:
    record = Path(record)
    return record.with_name(f".{record.name}.web-key")


def load_key(record: Path) -> bytes:
    """The record's key: read if it is there, made (0600, never replacing a file) if not."""
    path = key_path(record)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return _read_key(path)
    except OSError as exc:
        raise SeatKeyError(f"{path}: cannot create the seats' key ({exc.strerror})") from None
    key = secrets.token_bytes(KEY_BYTES)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key.hex() + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return key


def _read_key(path: Path) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, encoding="ascii") as handle:
            text = handle.read(200)
        key = bytes.fromhex(text.strip())
    except (OSError, ValueError, UnicodeDecodeError):
        message = f"{path}: the seats' key cannot be read; remove it for new seat URLs"
        raise SeatKeyError(message) from None
    if len(key) != KEY_BYTES:
        raise SeatKeyError(f"{path}: the seats' key is damaged; remove it for new seat URLs")
    return key


def token(key: bytes, role: str) -> str:
    """The URL token of ``role`` (``seat:NAME``, ``table``, ``spectator``): 43 characters."""
    digest = hmac.new(key, role.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class Door:
    """Who a token opens the table to: a player's seat, the table screen, or a spectator."""

    role: str  # "seat", "table", "spectator"
    player: str | None = None  # the seat's player

    @property
    def seat(self) -> str | None:
        return self.player if self.role == "seat" else None


class Doors:
    """Every token of one table, looked up in constant time per token."""

    def __init__(self, key: bytes, players: tuple[str, ...]) -> None:
        self.by_token: dict[str, Door] = {token(key, "table"): Door("table")}
        self.by_token[token(key, "spectator")] = Door("spectator")
        for name in players:
            self.by_token[token(key, f"seat:{name}")] = Door("seat", name)
        self.tokens = {door: t for t, door in self.by_token.items()}

    def find(self, given: str) -> Door | None:
        found = None
        for known, door in self.by_token.items():
            if hmac.compare_digest(known.encode(), given.encode("utf-8", "replace")):
                found = door
        return found

    def of(self, door: Door) -> str:
        return self.tokens[door]
