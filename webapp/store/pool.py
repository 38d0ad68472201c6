"""A process's open SQLite connections, each lent to one use at a time."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator

from .record import StoreBusy, StoreUnavailable

_POOLS: weakref.WeakSet[Connections] = weakref.WeakSet()  # every pool of the process
_POOLS_GUARD = threading.Lock()
# Whether each WAL index (-shm) of the process could be written at the last look.
_INDEX_WRITABLE: dict[str, bool] = {}


class Connections:
    """Connections made by ``connect`` (with ``check_same_thread=False``: a connection serves
    one use at a time, in any thread), at most ``idle`` kept open between uses. Under gevent
    every request is a greenlet, and a connection per thread (so per greenlet) opened one per
    request and kept them until the collector ran."""

    def __init__(
        self, connect: Callable[[], sqlite3.Connection], idle: int = 8, path: str = ""
    ) -> None:
        """A pool of ``connect``'s connections to the database file ``path`` (``""``: not a
        file of its own, as an in-memory or ``file:`` URI database), ``idle`` kept open."""
        self._connect = connect
        self._most = idle
        self._index = path + "-shm" if path and not path.startswith("file:") else ""
        self._idle: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        with _POOLS_GUARD:
            _POOLS.add(self)

    def take(self) -> sqlite3.Connection:
        """A connection for one use: an idle one, else a new one."""
        if self._index:
            _follow_index(self._index)
        with self._guard:
            if self._idle:
                return self._idle.pop()
        return self._connect()

    def give_back(self, db: sqlite3.Connection, broken: bool = False) -> None:
        """Keep ``db`` for the next use, or close it: when enough are idle, or after a failure,
        and then every idle connection of the process with it (close_every_idle)."""
        if not broken:
            with self._guard:
                if len(self._idle) < self._most:
                    self._idle.append(db)
                    return
        with contextlib.suppress(sqlite3.Error):
            db.close()
        if broken:
            close_every_idle()

    def close_idle(self) -> None:
        """Close every idle connection (perhaps opened during the same outage as a failed one)."""
        with self._guard:
            stale, self._idle = self._idle, []
        for db in stale:
            with contextlib.suppress(sqlite3.Error):
                db.close()

    def begin(self, probe: str = "") -> sqlite3.Connection:
        """A connection inside ``BEGIN IMMEDIATE`` (which waits up to the busy timeout for
        another change), the caller's to give back; ``probe`` is a statement that fails at
        once on a connection that cannot write. SQLite opens a file it cannot write read-only,
        and the connection stays so: after a failure other than busy, the failed connection is
        closed with every idle one of the process (perhaps opened during the same outage) and
        a fresh one tried, once."""
        if self._index and not _follow_index(self._index):
            # Frozen: a change would write the index, perhaps through a map made writable
            # before the freeze by a connection still lent (a stream's look) and so not
            # dropped yet; refused without touching it.
            raise sqlite3.OperationalError("the store's folder cannot be written now")
        try:
            return self._begun(probe)
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorname", "") == "SQLITE_BUSY":
                raise
            return self._begun(probe)

    @contextlib.contextmanager
    def transaction(self, probe: str = "") -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE`` (see :meth:`begin`), committed at the block's
        end and given back; rolled back on any exception. StoreBusy when another change held
        the database past the busy timeout, StoreUnavailable for any other SQLite failure."""
        try:
            db = self.begin(probe)
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorname", "") == "SQLITE_BUSY":
                raise StoreBusy(str(error)) from error
            raise StoreUnavailable(str(error)) from error
        try:
            yield db
            db.execute("COMMIT")
        except BaseException as error:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            broken = isinstance(error, sqlite3.Error)
            self.give_back(db, broken)
            if broken:
                raise StoreUnavailable(str(error)) from error
            raise
        self.give_back(db)

    def _begun(self, probe: str) -> sqlite3.Connection:
        """``BEGIN IMMEDIATE`` (and ``probe``) on a connection; on failure it is closed."""
        db = self.take()
        try:
            db.execute("BEGIN IMMEDIATE")
            if probe:
                db.execute(probe)
        except sqlite3.Error:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            self.give_back(db, broken=True)
            raise
        return db

    def index_writable(self) -> bool:
        """Whether the file's WAL index can be written now (a connection held outside the
        pool, as a listener's, is closed when it cannot, so that its map is dropped too)."""
        return _follow_index(self._index) if self._index else True

    @contextlib.contextmanager
    def lent(self) -> Iterator[sqlite3.Connection]:
        """A connection for the ``with`` block, closed if the block fails."""
        db = self.take()
        broken = True
        try:
            yield db
            broken = False
        finally:
            self.give_back(db, broken)


def close_every_idle() -> None:
    """Close the idle connections of every pool of the process. A connection opened while the
    folder could not be written is read-only for good; and in WAL mode SQLite maps the -shm
    file once per process, for all its connections to the file: opened read-only during an
    outage, it stays so, and every connection with it, until each of them is closed. The
    match store, the pairing queue and the games list share the file, each with its pool."""
    with _POOLS_GUARD:
        pools = list(_POOLS)
    for pool in pools:
        pool.close_idle()


def _follow_index(index: str) -> bool:
    """Whether the WAL index ``index`` can be written now; when that changes, every idle
    connection of the process is closed. SQLite maps the -shm file once per process, shared by
    its connections, and a use of that map after the file was frozen can fault with SIGBUS,
    killing the worker with every request on it: a frozen index is not written (Connections
    refuses changes) and its map is dropped once no connection holds it, so the next one maps
    it read-only. It makes that death rare, not impossible (docs/operations.md)."""
    writable = _writable(index)
    if _INDEX_WRITABLE.get(index, True) != writable:
        _INDEX_WRITABLE[index] = writable
        close_every_idle()
    return writable


def _writable(index: str) -> bool:
    """Whether ``index`` can be written (a missing index is: nothing is mapped, and SQLite
    makes it anew). Asked again after finding the file, which another connection may have
    made meanwhile. Never by opening it: closing any descriptor of the file would drop the
    POSIX locks SQLite holds on it for the whole process."""
    if os.access(index, os.W_OK):
        return True
    return not os.path.exists(index) or os.access(index, os.W_OK)


def opener(
    path: str, timeout: float, statements: tuple[str, ...]
) -> Callable[[], sqlite3.Connection]:
    """How to open a connection to ``path`` for a pool: transactions are the caller's
    (``isolation_level=None``: BEGIN IMMEDIATE, not the module's), ``path`` may be a
    ``file:`` URI (options such as mode=ro), a connection serves one use at a time in any
    thread, ``timeout`` is SQLite's busy timeout (how long BEGIN IMMEDIATE waits for another
    change), and ``statements`` (pragmas, the schema) run first on each."""

    def connect() -> sqlite3.Connection:
        db = sqlite3.connect(
            path, timeout=timeout, isolation_level=None, uri=True, check_same_thread=False
        )
        deadline = time.monotonic() + timeout
        try:
            for statement in statements:
                _run_until(db, statement, deadline)
        except sqlite3.Error:
            db.close()
            raise
        return db

    return connect


def _run_until(db: sqlite3.Connection, statement: str, deadline: float) -> None:
    """Run ``statement``, again while SQLite answers it busy, until ``deadline``. A statement
    that reads the schema and then writes (CREATE TABLE IF NOT EXISTS, a journal mode) is
    answered busy at once, without the busy timeout, when another connection wrote in
    between: SQLite will not wait there, as waiting could deadlock."""
    while True:
        try:
            db.execute(statement)
            return
        except sqlite3.OperationalError as error:
            busy = getattr(error, "sqlite_errorname", "").startswith(
                ("SQLITE_BUSY", "SQLITE_LOCKED")
            )
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(0.005)
