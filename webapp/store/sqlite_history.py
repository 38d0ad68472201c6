"""A browser's list of games in the SQLite file of matches: a table of entries by browser and
game, and one of the games cleared from a list (their ids only), which are never added again."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

from .pool import Connections, opener
from .record import StoreUnavailable, decode, encode
from .sqlite_store import PRAGMAS

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS games (browser TEXT NOT NULL, game_id TEXT NOT NULL, "
    "at REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (browser, game_id)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS games_by_time ON games (browser, at)",
    "CREATE TABLE IF NOT EXISTS games_cleared (browser TEXT NOT NULL, game_id TEXT NOT NULL, "
    "at REAL NOT NULL, PRIMARY KEY (browser, game_id)) WITHOUT ROWID",
)
# A game kept or cleared already: one read, so that looking again at a finished game (which
# notes it each time) takes no write lock.
_KNOWN = (
    "SELECT 1 FROM games WHERE browser = ?1 AND game_id = ?2 "
    "UNION ALL SELECT 1 FROM games_cleared WHERE browser = ?1 AND game_id = ?2"
)
_ADD = (
    "INSERT OR IGNORE INTO games (browser, game_id, at, data) SELECT ?1, ?2, ?3, ?4 "
    "WHERE NOT EXISTS (SELECT 1 FROM games_cleared WHERE browser = ?1 AND game_id = ?2)"
)
_HIDE = (
    "INSERT OR IGNORE INTO games_cleared (browser, game_id, at) "
    "SELECT browser, game_id, ?2 FROM games WHERE browser = ?1"
)


class SQLiteHistory:
    """The lists of games in the database at ``path``, each entry kept ``lifetime`` seconds."""

    def __init__(self, path: str, lifetime: float, lock_timeout: float) -> None:
        self.path = path
        self.lifetime = lifetime
        self.lock_timeout = lock_timeout
        self._pool = Connections(opener(path, lock_timeout, (*PRAGMAS, *SCHEMA)), path=path)

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        """See GameHistory.add."""
        with self._db() as db:
            if db.execute(_KNOWN, (browser, game_id)).fetchone() is None:
                db.execute(_ADD, (browser, game_id, when, encode(entry)))

    def listed(self, browser: str, game_id: str) -> dict[str, Any] | None:
        """See GameHistory.listed."""
        with self._db() as db:
            row = db.execute(
                "SELECT data FROM games WHERE browser = ? AND game_id = ? AND at >= ?",
                (browser, game_id, time.time() - self.lifetime),
            ).fetchone()
        found = decode(row[0]) if row else None
        return found if isinstance(found, dict) else None

    def page(self, browser: str, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        """See GameHistory.page."""
        oldest = time.time() - self.lifetime
        with self._db() as db:
            rows = db.execute(
                "SELECT data FROM games WHERE browser = ? AND at >= ? "
                "ORDER BY at DESC LIMIT ? OFFSET ?",
                (browser, oldest, limit, offset),
            ).fetchall()
            (total,) = db.execute(
                "SELECT count(*) FROM games WHERE browser = ? AND at >= ?", (browser, oldest)
            ).fetchone()
        return [decode(data) for (data,) in rows], total

    def clear(self, browser: str) -> int:
        """See GameHistory.clear: each game's id is kept (from now, for the lifetime) and its
        entry deleted, in one transaction (a failure closes the connection: rolled back)."""
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute(_HIDE, (browser, time.time()))
            count = db.execute("DELETE FROM games WHERE browser = ?", (browser,)).rowcount
            db.execute("COMMIT")
        return int(count)

    def sweep(self) -> int:
        """See GameHistory.sweep."""
        with self._db() as db:
            oldest = time.time() - self.lifetime
            db.execute("DELETE FROM games_cleared WHERE at < ?", (oldest,))
            return db.execute("DELETE FROM games WHERE at < ?", (oldest,)).rowcount

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection of the process's (each statement its own transaction); a failure is
        StoreUnavailable, and that connection is closed."""
        try:
            with self._pool.lent() as db:
                yield db
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error
