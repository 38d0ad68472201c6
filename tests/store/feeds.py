"""Checks shared by both backends: presence, and the feed of changes that streams wait on."""

from __future__ import annotations

import queue
import threading

from webapp.store import MatchStore, new_match_id


def check_presence(store: MatchStore) -> None:
    """A seat's time is kept per match, only ever moves forward, and changes no version."""
    match_id = new_match_id()
    with store.locked(match_id) as record:
        record.data = {"n": 1}
    assert store.seen(match_id) == {}
    store.touch(match_id, "1", 1000.5)
    store.touch(match_id, "2", 2000.0)
    store.touch(match_id, "1", 1500.0)
    assert store.seen(match_id) == {"1": 1500.0, "2": 2000.0}
    assert store.seen(new_match_id()) == {}
    record = store.get(match_id)
    assert record is not None and record.version == 1


def check_feed(store: MatchStore, writer: MatchStore) -> None:
    """A change saved through ``writer`` (another process's store) is told to the listener,
    for watched matches, with its version."""
    watched, other = new_match_id(), new_match_id()
    told: queue.Queue[tuple[str, int]] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(
        target=store.listen,
        args=(lambda: [watched], lambda match_id, version: told.put((match_id, version)), stop),
    )
    thread.start()
    try:
        for version in (1, 2):
            for match_id in (other, watched):
                with writer.locked(match_id) as record:
                    record.data = {"n": version}
            while True:  # a version may be told more than once; the next one must come
                match_id, seen = told.get(timeout=5)
                assert match_id == watched or seen == version  # others may be told too
                if match_id == watched and seen == version:
                    break
    finally:
        stop.set()
        thread.join(5)
    assert not thread.is_alive()
