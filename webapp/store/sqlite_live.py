"""The games being played now in the SQLite file of matches: one table of ids by when they
last changed."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

from .pool import Connections, opener
from .record import StoreUnavailable
from .sqlite_store import PRAGMAS

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS live_games (match_id TEXT PRIMARY KEY, at REAL NOT NULL)",
    "CREATE INDEX IF NOT EXISTS live_games_by_time ON live_games (at)",
)


class SQLiteLiveGames:
    """The games in play, in the database at ``path``."""

    def __init__(self, path: str, lock_timeout: float) -> None:
        self._pool = Connections(opener(path, lock_timeout, (*PRAGMAS, *SCHEMA)), path=path)

    def note(self, match_id: str, when: float, playing: bool) -> None:
        """See LiveGames.note: one statement, its own transaction."""
        with self._db() as db:
            if playing:
                db.execute("INSERT OR REPLACE INTO live_games VALUES (?, ?)", (match_id, when))
            else:
                db.execute("DELETE FROM live_games WHERE match_id = ?", (match_id,))

    def listing(self, since: float, most: int) -> list[str]:
        """See LiveGames.listing: the read first, and the forgetting only when there is any
        (a read takes no write lock)."""
        with self._db() as db:
            rows = db.execute(
                "SELECT match_id FROM live_games WHERE at >= ? ORDER BY at DESC LIMIT ?",
                (since, most),
            ).fetchall()
            if db.execute("SELECT 1 FROM live_games WHERE at < ? LIMIT 1", (since,)).fetchone():
                db.execute("DELETE FROM live_games WHERE at < ?", (since,))
        return [match_id for (match_id,) in rows]

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection of the process's; a failure is StoreUnavailable, and that connection
        is closed."""
        try:
            with self._pool.lent() as db:
                yield db
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error
