"""The default backend: one SQLite table of matches in the instance folder."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator

from .file_watch import FolderWatch
from .pool import Connections, opener
from .record import Changed, Record, StoreBusy, StoreUnavailable, Watched, changed, encode

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    version INTEGER NOT NULL,
    changed REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS matches_changed ON matches (changed);
CREATE TABLE IF NOT EXISTS presence (
    match_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
"""
# WAL with synchronous FULL: a commit appends its pages to the -wal file and syncs it before
# the change is answered, so no acknowledged change is lost, not even to a crash of the
# machine (with NORMAL, Rails 8's default and ours before, such a crash lost the changes since
# the last checkpoint: acknowledged moves). Readers never wait for a writer. Before that, a
# rollback journal (TRUNCATE) with synchronous OFF ran no fsync at all, and a crash of the
# machine could leave the file damaged (docs/performance.md).
# The price: WAL maps its index (the -shm file) into every process. Once the folder is made
# immutable (chattr +i) under a running server, a write to that map kills the process with
# SIGBUS if the page was written out since it last changed, with the requests in flight on
# it; gunicorn starts another worker, which opens the frozen -shm read-only and answers 503
# to every change, and nothing committed is lost (tests/hardening/test_store_faults.py). A
# full disk is an error, not a SIGBUS: SQLite writes every page of the -shm before it maps
# it. The database file itself is not mapped (mmap_size 0, SQLite's usual default).
JOURNAL = "WAL"
PRAGMAS = (
    f"PRAGMA journal_mode = {JOURNAL}",  # kept in the file; set on each connection all the same
    "PRAGMA synchronous = FULL",
    "PRAGMA mmap_size = 0",
    "PRAGMA journal_size_limit = 67108864",  # the -wal file is cut back to 64 MiB after a burst
)
_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"
_SELECT = "SELECT data, version FROM matches WHERE id = ? AND changed >= ?"
_TOUCH = (
    "INSERT INTO presence (match_id, seat, seen) VALUES (?, ?, ?) "
    "ON CONFLICT (match_id, seat) DO UPDATE SET seen = max(seen, excluded.seen)"
)
POLL_INTERVAL = 0.05  # seconds between two reads of the watched matches' versions, at least
# Seconds the listener sleeps at most while its folder is not written: a wake every second
# was half of a worker's CPU at rest. Only a write the folder watch could not see (another
# machine's, on a shared filesystem SQLite does not support) waits this long.
QUIET_CHECK = 10.0
PENDING_CHECK = 1.0  # seconds before it looks again after a wake by a write
IDLE = 8  # connections a process keeps open between uses
_CHUNK = 500  # ids per read: SQLite allows 32,766 parameters, but short statements parse fast
_UPSERT = (
    "INSERT INTO matches (id, data, version, changed) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (id) DO UPDATE SET data = excluded.data, version = excluded.version, "
    "changed = excluded.changed"
)


class SQLiteStore:
    """Matches in the SQLite file ``path``, in WAL mode (JOURNAL), with ``BEGIN IMMEDIATE``
    around each change, so changes of any process run one at a time, and a busy timeout of
    ``lock_timeout`` seconds for a change waiting its turn."""

    def __init__(self, path: str, lifetime: float, lock_timeout: float) -> None:
        """Open (and if needed create) the database; ``lifetime`` is in seconds. A database
        that cannot be opened or written now does not stop the app from starting: each use
        tries again, and fails with StoreUnavailable until it can."""
        self.path = path
        self.lifetime = lifetime
        self.lock_timeout = lock_timeout
        self._pool = Connections(self._connect, IDLE, path)
        self._ready = False  # whether the schema is known to be in place
        if not path.startswith("file:"):
            _make_private(path)
        with contextlib.suppress(StoreUnavailable):
            self._prepare()

    def get(self, match_id: str) -> Record | None:
        """The match as last committed; no lock, and no wait for a change under way (WAL)."""
        self._prepare()
        try:
            with self._pool.lent() as db:
                row = db.execute(_SELECT, (match_id, self._oldest())).fetchone()
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error
        return None if row is None else Record(match_id, version=row[1], raw=row[0])

    @contextlib.contextmanager
    def locked(self, match_id: str) -> Iterator[Record]:
        """The match inside a write transaction, saved as the next version if changed."""
        self._prepare()
        try:
            db = self._pool.begin(probe="DELETE FROM matches WHERE 0")
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorname", "") == "SQLITE_BUSY":
                raise StoreBusy(str(error)) from error
            raise StoreUnavailable(str(error)) from error
        try:
            row = db.execute(_SELECT, (match_id, self._oldest())).fetchone()
            record = Record(match_id, version=row[1], raw=row[0]) if row else Record(match_id)
            before = record.data
            yield record
            if changed(record, before):
                data = encode(record.data or {})
                db.execute(_UPSERT, (match_id, data, record.version + 1, time.time()))
                record.version, record.raw = record.version + 1, data
            db.execute("COMMIT")
        except BaseException as error:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                self._pool.give_back(db, broken=True)
                raise StoreUnavailable(str(error)) from error
            self._pool.give_back(db)
            raise
        self._pool.give_back(db)

    def sweep(self) -> int:
        """Delete the matches unchanged for longer than the lifetime, and their presence."""
        self._prepare()
        try:
            with contextlib.closing(self._connect()) as db:
                deleted = db.execute("DELETE FROM matches WHERE changed < ?", (self._oldest(),))
                db.execute("DELETE FROM presence WHERE seen < ?", (self._oldest(),))
                return deleted.rowcount
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error

    def touch(self, match_id: str, seat: str, when: float) -> None:
        """Note the seat open at ``when``, in its own small write."""
        self._prepare()
        try:
            with self._pool.lent() as db:
                db.execute(_TOUCH, (match_id, seat, when))
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error

    def seen(self, match_id: str) -> dict[str, float]:
        """When each seat was last noted open."""
        query = "SELECT seat, seen FROM presence WHERE match_id = ?"
        self._prepare()
        try:
            with self._pool.lent() as db:
                return dict(db.execute(query, (match_id,)).fetchall())
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error

    def listen(self, watched: Watched, changed: Changed, stop: threading.Event) -> None:
        """Tell ``changed`` the versions of the watched matches that another process wrote.
        The listener sleeps until the database's folder is written (FolderWatch; where it
        cannot watch, it wakes every POLL_INTERVAL), then its own connection asks SQLite
        whether another connection committed (``PRAGMA data_version``, no table read), and
        the versions are read, in one indexed read per chunk, only then or when a match is
        newly watched; at most every POLL_INTERVAL. While no stream is open, nothing is read
        at all."""
        watch = FolderWatch(self._folder()) if self._folder() else None
        if watch is not None and watch.watching:
            threading.Thread(target=_wake_at, args=(stop, watch), daemon=True).start()
        db: sqlite3.Connection | None = None
        told: tuple[int, frozenset[str]] | None = None  # data_version and ids at the last read
        written, sleep = True, QUIET_CHECK  # since the last look; the next wait's longest
        try:
            # After a write, POLL_INTERVAL before the look: a burst of writes is read once.
            # After a quiet wait, the look at once: a second wake for nothing doubled the
            # listener's cost at rest (docs/performance.md, "Watching at rest").
            while not (stop.wait(POLL_INTERVAL) if written else stop.is_set()):
                ids = frozenset(watched())
                if not ids or not self._pool.index_writable():
                    _close(db)
                    db, told = None, None
                else:
                    try:
                        db = db or self._connect()
                        told = self._look(db, ids, told, changed)
                    except (sqlite3.Error, StoreUnavailable):
                        _close(db)  # the next round opens a new connection and tries again
                        db, told = None, None
                # After a wake by a write, one more look soon: the folder is written before
                # the commit is visible (SQLite's shared index, a memory map, is not a write
                # that wakes the watch), and a look in between sees the commit before it or
                # none, so a writer paused there would otherwise wait out QUIET_CHECK.
                sleep = PENDING_CHECK if written else QUIET_CHECK
                if watch is not None and watch.watching:
                    written = watch.wait(sleep)
        finally:
            _close(db)
            if watch is not None:
                watch.close()

    def _look(
        self,
        db: sqlite3.Connection,
        ids: frozenset[str],
        told: tuple[int, frozenset[str]] | None,
        changed: Changed,
    ) -> tuple[int, frozenset[str]]:
        """Read the versions of ``ids`` if another connection committed since ``told`` (or
        one of them was not watched then); what is known after."""
        self._prepare()
        (data,) = db.execute("PRAGMA data_version").fetchone()
        if told is None or told[0] != data or not ids <= told[1]:
            self._read_versions(db, sorted(ids), changed)
        return data, ids

    def _folder(self) -> str:
        """The folder of the database file (``""`` for a ``file:`` URI)."""
        return "" if self.path.startswith("file:") else os.path.dirname(os.path.abspath(self.path))

    @staticmethod
    def _read_versions(db: sqlite3.Connection, ids: list[str], changed: Changed) -> None:
        """Tell ``changed`` the stored version of each of ``ids``."""
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))  # placeholders only: ids are bound
            query = f"SELECT id, version FROM matches WHERE id IN ({marks})"
            for match_id, version in db.execute(query, chunk).fetchall():
                changed(match_id, version)

    def _prepare(self) -> None:
        """Make sure the schema is in place (once it is, this costs nothing)."""
        if self._ready:
            return
        try:
            with contextlib.closing(self._connect()) as db:
                _create_schema(db, time.monotonic() + self.lock_timeout)
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from error
        self._ready = True

    def _oldest(self) -> float:
        """The time before which an unchanged match has expired."""
        return time.time() - self.lifetime

    def _connect(self) -> sqlite3.Connection:
        """A new connection to the file, opened as every pool of the file opens one."""
        return opener(self.path, self.lock_timeout, PRAGMAS)()


def _close(db: sqlite3.Connection | None) -> None:
    """Close ``db`` if it is open."""
    if db is not None:
        with contextlib.suppress(sqlite3.Error):
            db.close()


def _make_private(path: str) -> None:
    """Create the database file readable by its owner alone; SQLite gives its journal the
    same mode. If it cannot be opened, connecting will say why."""
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            os.fchmod(descriptor, 0o600)
        finally:
            os.close(descriptor)


def _create_schema(db: sqlite3.Connection, deadline: float) -> None:
    """The tables, once; nothing is written when they are there. Workers start together, and
    SQLite answers some of their first statements "locked" at once, without waiting: so try
    again until ``deadline``."""
    while True:
        try:
            tables = {name for (name,) in db.execute(_TABLES)}
            if {"matches", "presence"} <= tables:
                return
            db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute("COMMIT")
            return
        except sqlite3.OperationalError:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _wake_at(stop: threading.Event, watch: FolderWatch) -> None:
    """Once ``stop`` is set, end ``watch``'s wait: the listener sleeps long at rest. Ends
    too, within a minute, once the watch is closed by a listener that ended otherwise."""
    while not stop.wait(60.0):
        if not watch.open:
            return
    watch.wake()
