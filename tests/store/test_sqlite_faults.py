"""The SQLite store in a folder that becomes immutable while it is open: errors, never SIGBUS.

Fails on 8ead360, whose WAL mapped its -shm file into the process: the first read after the
folder was frozen killed the process with SIGBUS. ``chattr +i`` needs root and a filesystem
with inode flags; without them this skips, and fails under CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import ROOT, require_program

# Runs in a process of its own, so that a SIGBUS kills it and not the tests.
CHILD = """
import subprocess, sys
from pathlib import Path
from webapp.store import SQLiteStore, StoreUnavailable

chattr, folder = sys.argv[1], Path(sys.argv[2])
store = SQLiteStore(str(folder / "matches.sqlite"), 86400.0, 0.3)
with store.locked("m") as record:
    record.data = {"moves": ["B2"]}
files = [str(folder), *map(str, folder.iterdir())]
subprocess.run([chattr, "+i", *files], check=True)
try:
    print("read", store.get("m").data, flush=True)
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
finally:
    subprocess.run([chattr, "-i", *files], check=True)
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


def test_a_frozen_folder_is_an_error_and_the_process_lives(chattr: str, tmp_path: Path) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    child = subprocess.run(
        [sys.executable, "-c", CHILD, chattr, str(folder)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert child.returncode == 0, (child.returncode, child.stdout, child.stderr[-2000:])
    assert child.stdout.splitlines() == [
        "read {'moves': ['B2']}",
        "refused",
        "touch refused",
        "after {'moves': ['B2', 'A1']} 2",
    ]
