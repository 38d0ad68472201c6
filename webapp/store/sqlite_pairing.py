"""Quick pairing's queue in the SQLite file of matches: two tables, each call one
``BEGIN IMMEDIATE`` transaction, so the workers of a server pair one at a time."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

from .pairing import FOUND, FOUND_FOR, PAIRED, STALE_AFTER, WAITING, Seek
from .pool import Connections, opener
from .sqlite_store import PRAGMAS

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS pair_waiting (seeker TEXT PRIMARY KEY, key TEXT NOT NULL, "
    "match_id TEXT NOT NULL, since REAL NOT NULL, seen REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pair_found (seeker TEXT PRIMARY KEY, match_id TEXT NOT NULL, "
    "key TEXT NOT NULL, made REAL NOT NULL)",
    # The seats' keys of each match a pairing made (a table of its own: pair_found was made
    # before it, and CREATE TABLE IF NOT EXISTS adds no column to a table already there).
    "CREATE TABLE IF NOT EXISTS pair_seats (match_id TEXT PRIMARY KEY, "
    "waiter_key TEXT NOT NULL, seeker_key TEXT NOT NULL, made REAL NOT NULL)",
)


class SQLitePairing:
    """The queue in the database at ``path``, on the process's connections; a ``pool`` (a
    board other than 3x3: ``5x5``) has tables of its own, so only its seekers meet."""

    def __init__(self, path: str, lock_timeout: float, pool: str = "") -> None:
        self.path = path
        self.lock_timeout = lock_timeout
        self._tables = f"pair{pool}_"
        schema = tuple(_named(sql, self._tables) for sql in SCHEMA)
        self._pool = Connections(opener(path, lock_timeout, (*PRAGMAS, *schema)), path=path)

    def seek(self, seeker: str, key: str, match_id: str, now: float, at: str) -> Seek:
        """See PairingQueue.seek."""
        with self._transaction() as db:
            db.execute("DELETE FROM pair_found WHERE made < ?", (now - FOUND_FOR,))
            db.execute("DELETE FROM pair_seats WHERE made < ?", (now - FOUND_FOR,))
            found = _found(db, seeker)
            if found is not None and found.match_id != at:
                return found
            db.execute("DELETE FROM pair_found WHERE seeker = ?", (seeker,))
            waiting = _waiting(db, seeker, now)
            if waiting is not None:
                return waiting
            db.execute("DELETE FROM pair_waiting WHERE seen < ?", (now - STALE_AFTER,))
            row = db.execute(
                "SELECT seeker, key, match_id FROM pair_waiting ORDER BY since LIMIT 1"
            ).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO pair_waiting VALUES (?, ?, ?, ?, ?)",
                    (seeker, key, match_id, now, now),
                )
                return Seek(WAITING, match_id, key, now)
            other, other_key, made = row
            db.execute("DELETE FROM pair_waiting WHERE seeker = ?", (other,))
            insert = "INSERT OR REPLACE INTO pair_found VALUES (?, ?, ?, ?)"
            db.executemany(insert, [(other, made, other_key, now), (seeker, made, key, now)])
            seats = "INSERT OR REPLACE INTO pair_seats VALUES (?, ?, ?, ?)"
            db.execute(seats, (made, other_key, key, now))
            return Seek(PAIRED, made, other_key, seats=(other_key, key))

    def poll(self, seeker: str, now: float) -> Seek | None:
        """See PairingQueue.poll."""
        with self._transaction() as db:
            found = _found(db, seeker)
            if found is not None and found.since >= now - FOUND_FOR:
                return found
            return _waiting(db, seeker, now)

    def cancel(self, seeker: str) -> bool:
        """See PairingQueue.cancel."""
        with self._transaction() as db:
            gone = db.execute("DELETE FROM pair_waiting WHERE seeker = ?", (seeker,))
            return gone.rowcount > 0

    def forget(self, seeker: str, match_id: str) -> None:
        """See PairingQueue.forget."""
        with self._transaction() as db:
            forgotten = "DELETE FROM pair_found WHERE seeker = ? AND match_id = ?"
            db.execute(forgotten, (seeker, match_id))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[_Tables]:
        """A connection inside BEGIN IMMEDIATE, committed at the block's end."""
        with self._pool.transaction() as db:
            yield _Tables(db, self._tables)


def _named(sql: str, tables: str) -> str:
    """``sql`` on the pool's tables: ``pair_waiting`` is ``pair5x5_waiting`` for 5x5's."""
    return sql.replace("pair_", tables)


class _Tables:
    """A connection whose statements name the pool's tables."""

    def __init__(self, db: sqlite3.Connection, tables: str) -> None:
        self.db, self.tables = db, tables

    def execute(self, sql: str, params: tuple[object, ...] = ()) -> sqlite3.Cursor:
        return self.db.execute(_named(sql, self.tables), params)

    def executemany(self, sql: str, rows: list[tuple[object, ...]]) -> sqlite3.Cursor:
        return self.db.executemany(_named(sql, self.tables), rows)


def _found(db: _Tables, seeker: str) -> Seek | None:
    """The match made for ``seeker``, if any (``since`` is when it was made)."""
    row = db.execute(
        "SELECT f.match_id, f.key, f.made, s.waiter_key, s.seeker_key FROM pair_found f "
        "LEFT JOIN pair_seats s ON s.match_id = f.match_id WHERE f.seeker = ?",
        (seeker,),
    ).fetchone()
    if row is None:
        return None
    return Seek(FOUND, row[0], row[1], row[2], (row[3] or "", row[4] or ""))


def _waiting(db: _Tables, seeker: str, now: float) -> Seek | None:
    """``seeker``'s place in the queue, noted as seen at ``now``, if it waits."""
    row = db.execute(
        "SELECT match_id, key, since FROM pair_waiting WHERE seeker = ?", (seeker,)
    ).fetchone()
    if row is None:
        return None
    db.execute("UPDATE pair_waiting SET seen = max(seen, ?) WHERE seeker = ?", (now, seeker))
    return Seek(WAITING, row[0], row[1], row[2])
