"""Quick pairing's queue, as every backend keeps it: who waits, and the match made for whom;
each call is one atomic step, across the workers and servers sharing the store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

WAITING, PAIRED, FOUND = "waiting", "paired", "found"


@dataclass(frozen=True)
class Seek:
    """Where a seeker stands. ``waiting`` since ``since``, for the match ``match_id`` that
    whoever meets them will make; ``paired``: this call met the waiter whose key is ``key``,
    and the caller makes the match ``match_id``; ``found``: the match ``match_id`` was made
    for this seeker, who holds its seat by ``key``. ``seats`` are the keys of the waiter and
    of the one who met it (a pair's): with them either seeker can make the match, if the
    request that met the waiter failed before it stored it (``("", "")`` when unknown)."""

    state: str
    match_id: str
    key: str
    since: float = 0.0
    seats: tuple[str, str] = ("", "")


class PairingQueue(Protocol):
    """The queue: at most one seeker waits, since the next one meets them."""

    def seek(self, seeker: str, key: str, match_id: str, now: float, at: str) -> Seek:
        """``seeker`` (with its seat ``key`` and the ``match_id`` to make) seeks an opponent.
        A match found for it (that is not ``at``, the match it is at) is ``found``; one
        already waiting keeps its place (``waiting``); else it meets the oldest waiter who
        is not itself (``paired``, and a ``found`` entry is left for each of the two), or
        waits."""

    def poll(self, seeker: str, now: float) -> Seek | None:
        """Where ``seeker`` stands (``found`` or ``waiting``; a waiter is noted as seen at
        ``now``), or ``None`` when it neither waits nor was paired lately."""

    def cancel(self, seeker: str) -> bool:
        """Stop ``seeker`` waiting; ``False`` if it was not waiting."""


# A waiter not seen (a page, a poll or a stream's heartbeat) for this long has left: the next
# seeker takes its place instead of meeting it. The match made for a seeker is kept this long.
STALE_AFTER = 30.0
FOUND_FOR = 600.0
