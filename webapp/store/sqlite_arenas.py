"""An arena's rows in the SQLite file of matches: a table of entries indexed by standing and
by who waits, a table of the games in play and one of the games counted, beside the head (the
arena's row of ``matches``); a change is one ``BEGIN IMMEDIATE`` transaction with the head's
new version."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from typing import Any

from .arena_rows import (
    BEST,
    ArenaReads,
    Changes,
    CountedAgain,
    Row,
    Step,
    T,
    UnknownArena,
    at_least,
    back_head,
    entered_head,
    score,
    stepped,
)
from .pool import Connections, opener
from .record import StoreUnavailable, decode, encode
from .sqlite_store import PRAGMAS

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS arena_players (arena_id TEXT NOT NULL, browser TEXT NOT NULL, "
    "data TEXT NOT NULL, score REAL NOT NULL, waiting INTEGER NOT NULL, "
    "PRIMARY KEY (arena_id, browser)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS arena_standings ON arena_players (arena_id, score DESC)",
    "CREATE INDEX IF NOT EXISTS arena_waiting ON arena_players (arena_id) WHERE waiting",
    "CREATE TABLE IF NOT EXISTS arena_games (arena_id TEXT NOT NULL, match_id TEXT NOT NULL, "
    "players TEXT NOT NULL, PRIMARY KEY (arena_id, match_id)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS arena_counted (arena_id TEXT NOT NULL, match_id TEXT NOT NULL, "
    "PRIMARY KEY (arena_id, match_id)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS arena_settlers (arena_id TEXT PRIMARY KEY, holder TEXT NOT NULL, "
    "until REAL NOT NULL) WITHOUT ROWID",
)
_CLAIM = (
    "INSERT INTO arena_settlers VALUES (?, ?, ?) ON CONFLICT (arena_id) DO UPDATE SET "
    "holder = excluded.holder, until = excluded.until WHERE holder = excluded.holder OR until < ?"
)
_HEAD = "SELECT data, version FROM matches WHERE id = ? AND changed >= ?"
_ROW = "INSERT OR REPLACE INTO arena_players VALUES (?, ?, ?, ?, ?)"


class SQLiteArenas:
    """The arenas' rows in the database at ``path``, whose heads expire after ``lifetime``."""

    def __init__(self, path: str, lifetime: float, lock_timeout: float) -> None:
        self.lifetime = lifetime
        self._pool = Connections(opener(path, lock_timeout, (*PRAGMAS, *SCHEMA)), path=path)

    def change(
        self, arena_id: str, step: Step[T], about: Sequence[str] = (), patience: float = -1.0
    ) -> tuple[T, int]:
        """See ArenaRows.change: one write transaction, so nothing changes meanwhile; every
        read is local (``about`` is not needed), and a change waits for the others as long
        as the database's busy timeout (``patience`` is not used)."""
        with self._transaction() as db:
            changes, answer, read = stepped(arena_id, self._read_head(db, arena_id), step)
            if changes is None:
                return answer, read
            _write(db, arena_id, read + 1, changes)
            return answer, read + 1

    def enter(self, arena_id: str, entry: dict[str, Any]) -> int:
        """See ArenaRows.enter: one write transaction, as a change."""
        browser = str(entry["browser"])
        with self._transaction() as db:
            reads = self._read_head(db, arena_id)
            if reads is None:
                raise UnknownArena(arena_id)
            found = reads.rows([browser]).get(browser)
            if "entered" not in reads.head or (found and not _away(found)):
                return 0
            version, number = reads.version + 1, int(reads.head.get("joined", 0))
            if found is None:
                row = Row(browser, {**entry, "number": number}, score(0, number), True)
                head = entered_head(reads.head, version)
            else:
                away = {"paused": False, "withdrawn": False, "free_since": entry["free_since"]}
                row = _row({**found, **away})
                query = "SELECT count(*) FROM arena_players WHERE arena_id = ? AND score > ?"
                (ahead,) = db.execute(query, (arena_id, row.score)).fetchone()
                head = back_head(reads.head, version, row.waiting, int(ahead) < BEST)
            _write(db, arena_id, version, Changes(head, [row]))
            return version

    def reads(self, arena_id: str) -> ArenaReads | None:
        """See ArenaRows.reads: on a connection of its own, read as each call comes."""
        with self._lent() as db:
            return self._read_head(db, arena_id, lent=True)

    def entries(self, arena_id: str, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """See ArenaRows.entries."""
        return _Reads(self, arena_id, {}, 0).rows(browsers)

    def top(self, arena_id: str, count: int) -> list[dict[str, Any]]:
        """See ArenaRows.top."""
        with self._lent() as db:
            rows = db.execute(
                "SELECT data FROM arena_players WHERE arena_id = ? ORDER BY score DESC LIMIT ?",
                (arena_id, count),
            ).fetchall()
        return [decode(data) for (data,) in rows]

    def above(self, arena_id: str, points: int) -> int:
        """See ArenaRows.above."""
        with self._lent() as db:
            (count,) = db.execute(
                "SELECT count(*) FROM arena_players WHERE arena_id = ? AND score >= ?",
                (arena_id, at_least(points + 1)),
            ).fetchone()
        return int(count)

    def games(self, arena_id: str) -> dict[str, list[str]]:
        """See ArenaRows.games."""
        with self._lent() as db:
            rows = db.execute(
                "SELECT match_id, players FROM arena_games WHERE arena_id = ?", (arena_id,)
            ).fetchall()
        return {match_id: json.loads(players) for match_id, players in rows}

    def claim(self, arena_id: str, holder: str, seconds: float) -> bool:
        """See ArenaRows.claim: a row of ``arena_settlers``, taken over once it is out of date."""
        now = time.time()
        with self._transaction() as db:
            return bool(db.execute(_CLAIM, (arena_id, holder, now + seconds, now)).rowcount)

    def sweep(self) -> int:
        """See ArenaRows.sweep: the rows of arenas no longer in ``matches``."""
        gone = "arena_id NOT IN (SELECT id FROM matches)"
        with self._transaction() as db:
            deleted = db.execute(f"DELETE FROM arena_players WHERE {gone}").rowcount
            db.execute(f"DELETE FROM arena_games WHERE {gone}")
            db.execute(f"DELETE FROM arena_counted WHERE {gone}")
            db.execute(f"DELETE FROM arena_settlers WHERE {gone}")
        return int(deleted)

    def _read_head(
        self, db: sqlite3.Connection, arena_id: str, lent: bool = False
    ) -> _Reads | None:
        """The head of ``arena_id``, and a reader of its rows on ``db`` (or, for a look that
        gives ``db`` back, on a connection lent for each read)."""
        row = db.execute(_HEAD, (arena_id, time.time() - self.lifetime)).fetchone()
        if row is None:
            return None
        return _Reads(self if lent else db, arena_id, decode(row[0]), row[1])

    @contextlib.contextmanager
    def _lent(self) -> Iterator[sqlite3.Connection]:
        """A connection for reads; StoreUnavailable if SQLite fails."""
        try:
            with self._pool.lent() as db:
                yield db
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error

    def _transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """A connection inside BEGIN IMMEDIATE, committed at the block's end."""
        return self._pool.transaction()


class _Reads:
    """An arena's head as read, and its rows read on ``source`` (a connection, or the store
    itself, which lends one for each read)."""

    def __init__(
        self, source: sqlite3.Connection | SQLiteArenas, arena_id: str, head: Any, version: int
    ) -> None:
        self.head: dict[str, Any] = head if isinstance(head, dict) else {}
        self.version = int(version)
        self._source, self._arena_id = source, arena_id

    def rows(self, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """See ArenaReads.rows."""
        if not browsers:
            return {}
        marks = ",".join("?" * len(browsers))
        query = f"SELECT data FROM arena_players WHERE arena_id = ? AND browser IN ({marks})"
        found = [decode(data) for (data,) in self._all(query, (self._arena_id, *browsers))]
        return {str(entry["browser"]): entry for entry in found}

    def game(self, match_id: str) -> list[str]:
        """See ArenaReads.game."""
        query = "SELECT players FROM arena_games WHERE arena_id = ? AND match_id = ?"
        found = self._all(query, (self._arena_id, match_id))
        return [str(b) for b in json.loads(found[0][0])] if found else []

    def waiting(self) -> dict[str, dict[str, Any]]:
        """See ArenaReads.waiting."""
        query = "SELECT data FROM arena_players WHERE arena_id = ? AND waiting"
        found = [decode(data) for (data,) in self._all(query, (self._arena_id,))]
        return {str(entry["browser"]): entry for entry in found}

    def floor(self) -> float | None:
        """See ArenaReads.floor."""
        query = (
            "SELECT score FROM arena_players WHERE arena_id = ? ORDER BY score DESC "
            "LIMIT 1 OFFSET ?"
        )
        found = self._all(query, (self._arena_id, BEST - 1))
        return float(found[0][0]) if found else None

    def _all(self, query: str, args: tuple[Any, ...]) -> list[Any]:
        """The rows ``query`` finds."""
        if isinstance(self._source, SQLiteArenas):
            with self._source._lent() as db:
                return db.execute(query, args).fetchall()
        return self._source.execute(query, args).fetchall()


def _write(db: sqlite3.Connection, arena_id: str, version: int, changes: Changes) -> None:
    """Write ``changes`` and the head's ``version`` inside the transaction of ``db``;
    CountedAgain, before anything is written, if a game it counts was counted before."""
    counted = [(arena_id, match_id) for match_id in changes.counted]
    if counted:
        marks = ",".join("?" * len(counted))
        query = f"SELECT match_id FROM arena_counted WHERE arena_id = ? AND match_id IN ({marks})"
        again = db.execute(query, (arena_id, *changes.counted)).fetchall()
        if again:
            raise CountedAgain(arena_id, [match_id for (match_id,) in again])
        db.executemany("INSERT OR IGNORE INTO arena_counted VALUES (?, ?)", counted)
    rows = [
        (arena_id, row.browser, encode(row.data), row.score, int(row.waiting))
        for row in changes.rows
    ]
    db.executemany(_ROW, rows)
    made = [(arena_id, match_id, json.dumps(players)) for match_id, players in changes.made.items()]
    db.executemany("INSERT OR REPLACE INTO arena_games VALUES (?, ?, ?)", made)
    db.executemany("DELETE FROM arena_games WHERE arena_id = ? AND match_id = ?", counted)
    db.execute(
        "UPDATE matches SET data = ?, version = ?, changed = ? WHERE id = ?",
        (encode(changes.head), version, time.time(), arena_id),
    )


def _away(entry: dict[str, Any]) -> bool:
    """Whether the player of ``entry`` paused or withdrew."""
    return bool(entry.get("paused") or entry.get("withdrawn"))


def _row(entry: dict[str, Any]) -> Row:
    """``entry`` as stored: its standing's score, and whether it waits to be paired."""
    waits = not (entry.get("match") or _away(entry))
    standing = score(int(entry["points"]), int(entry["number"]))
    return Row(str(entry["browser"]), entry, standing, waits)
