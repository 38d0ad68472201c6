"""Moving a finished session file into place: exchange, first save, and the fallback."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from webapp import atomic_file


def write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


def test_replaces_an_existing_file_and_removes_the_source(tmp_path: Path) -> None:
    target = write(tmp_path / "game", b"old")
    source = write(tmp_path / "game.tmp", b"new")
    atomic_file.move_into_place(source, target)
    assert Path(target).read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["game"]


def test_a_first_save_has_nothing_to_swap_with(tmp_path: Path) -> None:
    source = write(tmp_path / "game.tmp", b"new")
    atomic_file.move_into_place(source, str(tmp_path / "game"))
    assert (tmp_path / "game").read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["game"]


def test_without_renameat2_it_falls_back_to_replace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic_file, "_renameat2", None)
    target = write(tmp_path / "game", b"old")
    atomic_file.move_into_place(write(tmp_path / "game.tmp", b"new"), target)
    assert Path(target).read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["game"]


def test_a_file_system_that_refuses_the_exchange_falls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: object) -> int:
        import ctypes
        import errno

        ctypes.set_errno(errno.EINVAL)
        return -1

    monkeypatch.setattr(atomic_file, "_renameat2", refuse)
    target = write(tmp_path / "game", b"old")
    atomic_file.move_into_place(write(tmp_path / "game.tmp", b"new"), target)
    assert Path(target).read_bytes() == b"new"
    assert atomic_file._renameat2 is None  # not asked again


def test_a_missing_source_is_an_error(tmp_path: Path) -> None:
    target = write(tmp_path / "game", b"old")
    with pytest.raises(OSError):
        atomic_file.move_into_place(str(tmp_path / "absent"), target)
    assert Path(target).read_bytes() == b"old"


def test_readers_see_the_old_or_the_new_file_never_a_mix(tmp_path: Path) -> None:
    target = write(tmp_path / "game", b"a" * 3000)
    seen: set[bytes] = set()
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            seen.add(Path(target).read_bytes())

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for n in range(2000):
            content = (b"a" * 3000) if n % 2 else (b"b" * 1000)
            atomic_file.move_into_place(write(tmp_path / "game.tmp", content), target)
    finally:
        stop.set()
        reader.join()
    assert seen <= {b"a" * 3000, b"b" * 1000}  # nothing missing, torn or empty
