"""The SQLite store beyond the contract (test_contract.py): its file (WAL, private, shared by
workers that open it at once), its rows and sweeps, and a database it cannot write or open."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from webapp.store import Record, SQLiteStore, StoreUnavailable, new_match_id

DAY = 24 * 3600.0


@pytest.fixture
def path(tmp_path: Path) -> str:
    """Where one test's database lives."""
    return str(tmp_path / "matches.sqlite")


@pytest.fixture
def store(path: str) -> SQLiteStore:
    """A store with a 30-day lifetime and a short wait for the lock."""
    return SQLiteStore(path, 30 * DAY, lock_timeout=0.3)


def save(store: SQLiteStore, match_id: str, data: dict[str, object]) -> Record:
    """Store ``data`` as the next version of ``match_id``."""
    with store.locked(match_id) as record:
        record.data = data
    return record


def at_once(action: Callable[[], object], count: int) -> list[BaseException]:
    """Run ``action`` in ``count`` threads at once; the exceptions they raised."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            action()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_a_read_only_database_refuses_the_save_and_keeps_the_match(
    store: SQLiteStore, path: str
) -> None:
    match_id = new_match_id()
    save(store, match_id, {"moves": []})
    read_only = SQLiteStore(f"file:{path}?mode=ro", 30 * DAY, 0.3)  # root ignores chmod
    with pytest.raises(StoreUnavailable), read_only.locked(match_id) as record:
        record.data = {"moves": ["B2"]}
    assert store.get(match_id) == Record(match_id, {"moves": []}, 1)


def test_a_store_that_cannot_be_opened_yet_is_unavailable_until_it_can(tmp_path: Path) -> None:
    """The app starts with a store it cannot open (a worker that failed to start took the
    whole server down); every use is StoreUnavailable until the folder is there."""
    folder = tmp_path / "missing"
    store = SQLiteStore(str(folder / "matches.sqlite"), DAY, 0.3)
    match_id = new_match_id()
    with pytest.raises(StoreUnavailable):
        store.get(match_id)
    with pytest.raises(StoreUnavailable), store.locked(match_id) as record:
        record.data = {"moves": ["B2"]}
    folder.mkdir()
    assert save(store, match_id, {"moves": ["B2"]}).version == 1
    assert store.get(match_id) == Record(match_id, {"moves": ["B2"]}, 1)


def test_the_database_is_in_wal_mode_and_synchronous_full(store: SQLiteStore, path: str) -> None:
    """WAL with synchronous FULL: the -wal file is synced at each commit, before the change is
    answered, so a crash of the machine loses no acknowledged change (with NORMAL it lost those
    since the last checkpoint), nor the file. Only WAL's index (-shm) is mapped, not the
    database (tests/store/test_sqlite_faults.py)."""
    save(store, new_match_id(), {"moves": []})
    with store._pool.lent() as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        assert db.execute("PRAGMA mmap_size").fetchone() == (0,)
        assert db.execute("PRAGMA busy_timeout").fetchone() == (300,)  # lock_timeout, in ms
    assert Path(path + "-wal").exists() and Path(path + "-shm").exists()


def test_a_database_with_a_rollback_journal_is_put_in_wal_mode(path: str) -> None:
    """A database the version before wrote, with a rollback journal, keeps its matches."""
    older = SQLiteStore(path, DAY, 0.3)
    match_id = new_match_id()
    save(older, match_id, {"moves": ["A1"]})
    older._pool.close_idle()
    with sqlite3.connect(path) as db:  # out of WAL, as the version before left the file
        assert db.execute("PRAGMA journal_mode = TRUNCATE").fetchone() == ("truncate",)
    assert not Path(path + "-wal").exists()
    store = SQLiteStore(path, DAY, 0.3)
    assert store.get(match_id) == Record(match_id, {"moves": ["A1"]}, 1)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_unreadable_stored_data_is_an_empty_dict(store: SQLiteStore, path: str) -> None:
    match_id = new_match_id()
    save(store, match_id, {"moves": []})
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET data = ? WHERE id = ?", ("\x00not json", match_id))
    assert store.get(match_id) == Record(match_id, {}, 1)


def test_sweep_deletes_the_expired_rows_and_counts_them(store: SQLiteStore, path: str) -> None:
    old, fresh = new_match_id(), new_match_id()
    save(store, old, {"moves": []})
    save(store, fresh, {"moves": []})
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET changed = ? WHERE id = ?", (time.time() - 31 * DAY, old))
    assert store.get(old) is None  # not served, though still in the file
    assert store.sweep() == 1
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT id FROM matches").fetchall() == [(fresh,)]


def test_a_stored_match_row_is_small(store: SQLiteStore, path: str) -> None:
    match_id = new_match_id()
    data = {
        "x": "user",
        "o": "hard",
        "start": "_________",
        "moves": ["B2"] * 9,
        "game_id": "a" * 11,
        "first": "X",
        "wins": {"You": 99, "Computer": 99},
        "draws": 99,
        "scored": True,
    }
    save(store, match_id, data)
    with sqlite3.connect(path) as db:
        (size,) = db.execute("SELECT length(id) + length(data) + 16 FROM matches").fetchone()
    assert size < 1024


def test_the_database_files_are_private(store: SQLiteStore, path: str) -> None:
    save(store, new_match_id(), {"moves": []})
    for name in (path, path + "-wal", path + "-shm"):
        assert Path(name).stat().st_mode & 0o777 == 0o600, name


def test_many_stores_may_open_one_new_database_at_once(path: str) -> None:
    """As gunicorn's workers do when they start together: none fails on the schema."""
    assert not at_once(lambda: SQLiteStore(path, DAY, lock_timeout=5), 8)


def test_the_sweep_forgets_old_presence(store: SQLiteStore, path: str) -> None:
    store.touch("gone", "1", time.time() - 31 * DAY)
    store.touch("here", "1", time.time())
    store.sweep()
    assert store.seen("gone") == {} and "1" in store.seen("here")
