"""What every backend of the match store shares: the record, the interface and its one error."""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager
from typing import Any, Protocol

Watched = Callable[[], Collection[str]]  # the ids of the matches a process's streams watch
Changed = Callable[[str, int], None]  # told a match's new version

MATCH_ID = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 128 random bits


class StoreUnavailable(Exception):
    """The store could not be reached, stayed locked too long, or failed to save."""


class StoreBusy(StoreUnavailable):
    """The match stayed locked by another request for longer than the lock timeout."""


class Record:
    """A match as stored: its plain data (``None`` until first saved) and its version.

    The version grows by one with every saved change, so a form made for an earlier state of
    the match, whatever happened since (a move, an undo, a new game), is known to be stale.
    ``raw`` is the stored text the record was read from or saved as (``None``: not read from a
    store, or ``data`` assigned since), which says its data exactly. A backend whose text is the
    data alone (SQLite) gives only ``raw``: ``data`` is then decoded from it at its first use, so
    a reader that needs only ``raw`` (a decoded match kept by it, web/cycle/decoded.py) decodes
    nothing.
    """

    __slots__ = ("_data", "match_id", "raw", "version")

    def __init__(
        self,
        match_id: str,
        data: dict[str, Any] | None = None,
        version: int = 0,
        raw: str | None = None,
    ) -> None:
        self.match_id, self._data, self.version, self.raw = match_id, data, version, raw

    @property
    def data(self) -> dict[str, Any] | None:
        """The match's plain data, decoded from ``raw`` the first time it is asked for."""
        if self._data is None and self.raw is not None:
            self._data = decode(self.raw)
        return self._data

    @data.setter
    def data(self, data: dict[str, Any] | None) -> None:
        self._data, self.raw = data, None  # the stored text no longer says what it holds

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        mine, theirs = (
            (self.match_id, self.data, self.version),
            (other.match_id, other.data, other.version),
        )
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        return f"Record(match_id={self.match_id!r}, data={self.data!r}, version={self.version!r})"


class MatchStore(Protocol):
    """One small interface, two backends (SQLite by default, Redis for several servers)."""

    def get(self, match_id: str) -> Record | None:
        """The match as stored now, without a lock; ``None`` if there is none."""

    def locked(self, match_id: str) -> AbstractContextManager[Record]:
        """Hold the match's lock for the block; a new ``record.data`` (assigned, not changed in
        place: it is compared with the dict read) is saved at its end,
        as the next version. An exception in the block saves nothing."""

    def sweep(self) -> int:
        """Delete the matches unchanged for longer than their lifetime; returns how many."""

    def touch(self, match_id: str, seat: str, when: float) -> None:
        """Note that the player in ``seat`` had the match open at ``when`` (seconds since
        1970); this changes no version, so nobody's board becomes stale."""

    def seen(self, match_id: str) -> dict[str, float]:
        """When each seat of the match was last noted open, by seat."""

    def listen(self, watched: Watched, changed: Changed, stop: threading.Event) -> None:
        """Call ``changed(match_id, version)`` as the ``watched`` matches change, whoever
        changes them, until ``stop`` is set; a version may be told more than once."""


def new_match_id() -> str:
    """A fresh unguessable match id."""
    return secrets.token_urlsafe(16)


def encode(data: dict[str, Any]) -> str:
    """A match's data as compact JSON."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def decode(text: str | bytes) -> dict[str, Any]:
    """Stored JSON back to data; something unreadable becomes ``{}``, which no match accepts,
    so the player is told their game was lost instead of meeting an error page."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def changed(record: Record, before: dict[str, Any] | None) -> bool:
    """Whether a block changed the data of ``record`` from what was read (``before``)."""
    return record.data is not None and record.data != before
