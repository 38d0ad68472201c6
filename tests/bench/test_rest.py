"""bench/rest.py's window: it reads each of the servers' threads at both ends, and gives no
figure when one ended or began within it (its CPU time would be lost or half counted)."""

from __future__ import annotations

import os
import threading
from typing import Any

import pytest

from bench import rest


class _Process:
    pid = os.getpid()


class _Here:
    """This test's own process, standing for a server's master with no workers."""

    process: Any = _Process()

    def children(self) -> list[int]:
        return []

    def cpu_seconds(self) -> float:
        return 0.0


def test_a_window_over_the_same_threads_gives_its_cpu() -> None:
    used, _ticked = rest.window(_Here(), 0.05)  # type: ignore[arg-type]
    assert used >= 0.0


def test_a_thread_that_ends_within_the_window_voids_it() -> None:
    done = threading.Event()
    thread = threading.Thread(target=done.wait)
    thread.start()
    ender = threading.Timer(0.01, done.set)
    ender.start()
    with pytest.raises(rest.TasksChanged, match="gone"):
        rest.window(_Here(), 0.3)
    thread.join()
    ender.join()
