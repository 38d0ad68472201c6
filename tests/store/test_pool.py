"""The process's SQLite connections: lent one use at a time, kept up to a few, closed after a
failure, with every idle one of the process."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from webapp.store.pool import Connections, opener


def test_a_connection_is_lent_again_and_a_failed_one_is_closed(tmp_path: Path) -> None:
    pool = Connections(opener(str(tmp_path / "db.sqlite"), 1.0, ("PRAGMA mmap_size = 0",)))
    with pool.lent() as first:
        first.execute("CREATE TABLE t (x)")
    with pool.lent() as again:
        assert again is first  # kept, not opened again
    with pytest.raises(sqlite3.OperationalError), pool.lent() as failing:
        failing.execute("SELECT * FROM nowhere")
    with pytest.raises(sqlite3.ProgrammingError):
        failing.execute("SELECT 1")  # closed
    with pool.lent() as fresh:
        assert fresh is not failing and fresh.execute("SELECT count(*) FROM t").fetchone() == (0,)


def test_at_most_idle_connections_are_kept_and_close_idle_closes_them(tmp_path: Path) -> None:
    pool = Connections(opener(str(tmp_path / "db.sqlite"), 1.0, ()), idle=2)
    taken = [pool.take() for _ in range(3)]
    for db in taken:
        pool.give_back(db)
    with pytest.raises(sqlite3.ProgrammingError):
        taken[2].execute("SELECT 1")  # the third was one too many to keep
    pool.close_idle()
    for db in taken[:2]:
        with pytest.raises(sqlite3.ProgrammingError):
            db.execute("SELECT 1")


def test_a_failure_closes_the_idle_connections_of_every_pool_of_the_process(
    tmp_path: Path,
) -> None:
    """In WAL mode SQLite maps the -shm file once per process for all its connections to the
    file; opened read-only during an outage, it stays so until every one is closed, so the
    match store's retry must not meet the games list's idle connection still open."""
    connect = opener(str(tmp_path / "db.sqlite"), 1.0, ("PRAGMA journal_mode = WAL",))
    one, other = Connections(connect), Connections(connect)
    with other.lent() as idle:
        idle.execute("CREATE TABLE t (x)")
    with pytest.raises(sqlite3.OperationalError), one.lent() as failing:
        failing.execute("SELECT * FROM nowhere")
    with pytest.raises(sqlite3.ProgrammingError):
        idle.execute("SELECT 1")  # closed with the failed one
    with other.lent() as fresh:
        assert fresh is not idle and fresh.execute("SELECT count(*) FROM t").fetchone() == (0,)
