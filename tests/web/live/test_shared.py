"""The values made once per key: kept, made once however many ask together, made again by a
waiter when the maker fails, and forgotten least recently used first."""

from __future__ import annotations

import threading

import pytest

from webapp.web.live.shared import Shared, Told


def test_a_kept_value_is_not_made_again() -> None:
    shared: Shared[str, int] = Shared(4)
    assert shared.get("a", lambda: 1) == 1
    assert shared.get("a", lambda: 2) == 1
    assert shared.peek("a") == 1 and shared.peek("b") is None and shared.made == 1


def test_many_asking_at_once_make_it_once() -> None:
    shared: Shared[str, str] = Shared(4)
    started, release = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait(5)
        return "parts"

    got: list[str] = []
    first = threading.Thread(target=lambda: got.append(shared.get("v1", slow)))
    first.start()
    started.wait(5)
    others = [
        threading.Thread(target=lambda: got.append(shared.get("v1", slow))) for _ in range(20)
    ]
    for thread in others:
        thread.start()
    release.set()
    for thread in [first, *others]:
        thread.join(5)
    assert got == ["parts"] * 21 and shared.made == 1


def test_a_failed_making_is_the_makers_error_and_the_next_caller_makes_it() -> None:
    shared: Shared[str, int] = Shared(4)

    def broken() -> int:
        raise OSError("the store is away")

    with pytest.raises(OSError):
        shared.get("k", broken)
    assert shared.get("k", lambda: 7) == 7


def test_the_least_recently_used_is_forgotten_first() -> None:
    shared: Shared[int, int] = Shared(2)
    shared.put(1, 1)
    shared.put(2, 2)
    shared.get(1, lambda: 0)  # used: 2 is now the oldest
    shared.put(3, 3)
    assert shared.peek(2) is None and shared.peek(1) == 1 and shared.peek(3) == 3


def test_an_event_told_is_taken_only_from_the_version_it_came_from_to_the_one_it_goes_to() -> None:
    told = Told()
    assert told.get(3, 4) is None
    told.keep(3, 4, "3 to 4")
    told.keep(0, 4, "everything to 4")
    assert told.get(3, 4) == "3 to 4" and told.get(0, 4) == "everything to 4"
    assert told.get(2, 4) is None and told.get(3, 5) is None


def test_a_newer_version_forgets_the_events_to_older_ones_and_an_older_one_is_not_kept() -> None:
    told = Told()
    told.keep(3, 4, "3 to 4")
    told.keep(4, 5, "4 to 5")
    assert told.get(3, 4) is None and told.get(4, 5) == "4 to 5"
    told.keep(2, 4, "2 to 4")  # a stream that lags behind: written, not kept
    assert told.get(2, 4) is None and told.get(4, 5) == "4 to 5"
