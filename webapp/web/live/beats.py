"""The heartbeats of the matches that a process's streams show: one timer for each match, not
one for each stream, rung at the match's moments, so that its idle streams write together."""

from __future__ import annotations

import heapq
import threading
import time
import zlib
from collections.abc import Callable


class Beats:
    """Rings each match added at its moments: the multiples of ``period`` on the monotonic
    clock, shifted by a phase drawn from the match's id, so that thousands of matches never
    beat at once. ``ring(match_id)`` says whether the match is still shown here; once it is
    not, the match is rung no more (until it is added again). ``ring`` may take its caller's
    lock, but must not call ``add``."""

    def __init__(self, period: float, ring: Callable[[str], bool]) -> None:
        self.period = period
        self._ring = ring
        self._lock = threading.Lock()
        self._due: list[tuple[float, str]] = []  # a heap of (moment, match id)
        self._added: set[str] = set()
        self._rearm = threading.Event()  # a match added with a moment before the one awaited
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def at(self, match_id: str, now: float) -> float:
        """The moment of ``match_id``'s next beat after ``now``, a tenth of the period away at
        least: a stream woken just before a beat waits for the next one."""
        phase = zlib.crc32(match_id.encode()) / 2**32 * self.period
        beat = self.period - (now - phase) % self.period
        return now + beat + (self.period if beat < self.period / 10 else 0.0)

    def add(self, match_id: str) -> None:
        """Ring ``match_id`` at its moments from now on (its first stream here opened)."""
        with self._lock:
            if match_id in self._added:
                return
            self._added.add(match_id)
            entry = (self.at(match_id, time.monotonic()), match_id)
            heapq.heappush(self._due, entry)
            if self._due[0] is entry:
                self._rearm.set()
            if self._thread is None or not self._thread.is_alive():  # a worker's, after the fork
                self._thread = threading.Thread(target=self._run, name="beats", daemon=True)
                self._thread.start()

    def stop(self) -> None:
        """Ring no more (tests build many apps)."""
        self._stop.set()
        self._rearm.set()

    def _run(self) -> None:
        """Ring each match whose moment came, then wait for the next moment or a new match.
        A match is rung under the lock that ``add`` takes, so that one added again just as it
        is found no longer shown keeps its place."""
        while not self._stop.is_set():
            with self._lock:
                now = time.monotonic()
                while self._due and self._due[0][0] <= now:
                    match_id = heapq.heappop(self._due)[1]
                    if self._ring(match_id):
                        heapq.heappush(self._due, (self.at(match_id, now), match_id))
                    else:
                        self._added.discard(match_id)
                wait = self._due[0][0] - now if self._due else None
                self._rearm.clear()
            self._rearm.wait(wait)
