"""The SQLite store in a folder made immutable while it is open. In WAL mode each process maps
the -shm file: the process that has it mapped dies with SIGBUS at its next use of the store,
and loses nothing it committed; a process that opens the frozen folder (gunicorn's next
worker) reads, answers errors to every change, and writes again once the folder is thawed.

On 8ead360 (WAL, before the rollback journal of f04dcb0) the same SIGBUS killed the process;
the rollback journal answered errors instead, but with ``synchronous=OFF`` a crash of the
machine could damage the file, so the store is in WAL mode again (docs/security.md).
``chattr +i`` needs root and a filesystem with inode flags; without them this skips, and
fails under CI. On ext4, as here: tmpfs lets a file open before the flag be written on.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import ROOT, require_program

# Each runs in a process of its own, so that a SIGBUS kills it and not the tests.
MAPPED = """
import subprocess, sys, time
from pathlib import Path
from webapp.store import SQLiteStore
from webapp.store.sqlite_history import SQLiteHistory

chattr, folder = sys.argv[1], Path(sys.argv[2])
path = str(folder / "matches.sqlite")
store = SQLiteStore(path, 86400.0, 0.3)
SQLiteHistory(path, 86400.0, 0.3).add("browser", "game", time.time(), {})
with store.locked("m") as record:
    record.data = {"moves": ["B2"]}
subprocess.run([chattr, "+i", str(folder), *map(str, folder.iterdir())], check=True)
print("frozen", flush=True)
print("read", store.get("m").data, flush=True)
"""
OPENED_FROZEN = """
import sys
from pathlib import Path
from webapp.store import SQLiteStore, StoreUnavailable
from webapp.store.sqlite_history import SQLiteHistory

folder = Path(sys.argv[1])
path = str(folder / "matches.sqlite")
store = SQLiteStore(path, 86400.0, 0.3)
history = SQLiteHistory(path, 86400.0, 0.3)
print("read", store.get("m").data, history.page("browser", 0, 10)[1], flush=True)
try:
    with store.locked("m") as record:
        record.data = {"moves": ["B2", "A1"]}
    print("saved", flush=True)
except StoreUnavailable:
    print("refused", flush=True)
try:
    store.touch("m", "1", 1.0)
except StoreUnavailable:
    print("touch refused", flush=True)
sys.stdin.readline()  # the folder is thawed; the games list still holds its connection
with store.locked("m") as record:
    record.data = {"moves": ["B2", "A1"]}
print("after", store.get("m").data, record.version, flush=True)
"""


@pytest.fixture
def chattr(tmp_path: Path) -> Iterator[str]:
    """``chattr``, once ``chattr +i`` is known to work here; every flag is cleared after."""
    program = require_program("chattr", "e2fsprogs")
    probe = tmp_path / "probe"
    probe.write_text("")
    if subprocess.run([program, "+i", str(probe)], capture_output=True).returncode != 0:
        message = "chattr +i needs root and a filesystem with inode flags"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    yield program
    subprocess.run([program, "-R", "-i", str(tmp_path)], check=False, capture_output=True)


def test_a_frozen_folder_kills_the_process_mapping_it_and_loses_nothing(
    chattr: str, tmp_path: Path
) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    mapped = subprocess.run(
        [sys.executable, "-c", MAPPED, chattr, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (mapped.returncode, mapped.stdout) == (-signal.SIGBUS, "frozen\n"), mapped.stderr

    # gunicorn's next worker opens the folder while it is still frozen.
    opened = subprocess.Popen(
        [sys.executable, "-c", OPENED_FROZEN, str(folder)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert opened.stdin is not None and opened.stdout is not None
    lines = [opened.stdout.readline() for _ in range(3)]
    subprocess.run([chattr, "-R", "-i", str(folder)], check=True)
    stdout, _ = opened.communicate("thawed\n", timeout=60)
    assert opened.returncode == 0, (lines, stdout)
    assert [*lines, *stdout.splitlines(keepends=True)] == [
        "read {'moves': ['B2']} 1\n",
        "refused\n",
        "touch refused\n",
        "after {'moves': ['B2', 'A1']} 2\n",
    ]
    with sqlite3.connect(folder / "matches.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
