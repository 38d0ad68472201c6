"""Quick pairing's queue, as every backend keeps it: who waits, and the match made for whom;
each call is one atomic step, across the workers and servers sharing the store."""

from __future__ import annotations

from dataclasses import dataclass, replace
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
    pool: str = ""  # the queue it is in: "" (3x3), or a larger board's, "5x5"


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

    def forget(self, seeker: str, match_id: str) -> None:
        """``match_id``, made for ``seeker``, is found for it no more (it went there and has
        left since); a match made for it later is kept."""


# A waiter not seen (a page, a poll or a stream's heartbeat) for this long has left: the next
# seeker takes its place instead of meeting it. The match made for a seeker is kept this long.
STALE_AFTER = 30.0
FOUND_FOR = 600.0


class Pools:
    """One queue per pool (a board: "" for 3x3, "5x5", "7x7"), so that only seekers of one
    board meet: a seeker seeks in one pool, leaving any other; polling and cancelling look in
    each."""

    def __init__(self, queues: dict[str, PairingQueue]) -> None:
        self.queues = queues

    def seek(
        self, seeker: str, key: str, match_id: str, now: float, at: str, pool: str = ""
    ) -> Seek:
        """See PairingQueue.seek, in ``pool``: the seeker leaves every other pool, and the
        match one of them made for it that it is ``at`` now is found for it no more (as a seek
        in its own pool drops it), or a poll would find that one first and take it back."""
        for name, queue in self.queues.items():
            if name != pool:
                queue.cancel(seeker)
                if at:
                    queue.forget(seeker, at)
        return replace(self.queues[pool].seek(seeker, key, match_id, now, at), pool=pool)

    def poll(self, seeker: str, now: float) -> Seek | None:
        """See PairingQueue.poll: where ``seeker`` stands in whichever pool it is in."""
        for name, queue in self.queues.items():
            found = queue.poll(seeker, now)
            if found is not None:
                return replace(found, pool=name)
        return None

    def cancel(self, seeker: str) -> bool:
        """See PairingQueue.cancel, in every pool."""
        return any([queue.cancel(seeker) for queue in self.queues.values()])

    def forget(self, seeker: str, match_id: str) -> None:
        """See PairingQueue.forget, in every pool."""
        for queue in self.queues.values():
            queue.forget(seeker, match_id)
