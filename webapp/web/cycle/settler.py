"""The server settles the arenas' clocks: in each worker process, a thread (a greenlet under
gunicorn's gevent workers) looks at every running arena's games twice a second and ends those
whose clock ran out, whether or not anyone looks, then counts them and pairs whoever waits.
One worker of all the servers settles an arena while it holds it (the others skip it after
one question to the store); each step goes through the commit shell under the store's lock
and changes nothing a second time, so two settling the same arena at once do no harm."""

from __future__ import annotations

import logging
import os
import random
import secrets
import threading
import weakref

from flask import Flask, current_app

from ...rules import LostMatchError, read
from ...store import StoreUnavailable
from .. import timing
from ..live.live import Hub
from . import arena_count, arena_index, arenas
from .cycle import settle

log = logging.getLogger(__name__)
_APPS: weakref.WeakSet[Flask] = weakref.WeakSet()  # the apps of this process to settle for
_RUNNING: list[Settler] = []
HOLD = 4  # passes an arena's settler holds it after its last
# Seconds between looks at the index while no arena runs: a site at rest then costs one
# wake and one read every QUIET seconds, not every pass. The settler wakes at the start of
# the next arena it knows of, and at once when this process adds one (arena_index.waking);
# one that another process made meanwhile, and that starts sooner, that process's settler
# settles, or this one at most QUIET late: no later than its first move's grace
# (ARENA_GRACE, 15 s; QUIET is capped by it), before any of its clocks can run out; looks at
# it pair its players anyway.
QUIET = 10.0


def init_app(app: Flask) -> None:
    """Settle the app's arenas once ``start`` is called (by gunicorn's worker, after the
    fork), unless ARENA_SETTLE_EVERY is 0 (tests settle by calling ``settle_due``)."""
    if float(app.config["ARENA_SETTLE_EVERY"]) > 0:
        _APPS.add(app)


def start(*apps: Flask) -> None:
    """Start a settler for each of ``apps`` (by default every app of this process that
    settles) that has none yet."""
    settled = {id(settler.app) for settler in _RUNNING}
    for app in apps or list(_APPS):
        if id(app) not in settled:
            settler = Settler(app)
            _RUNNING.append(settler)
            settler.start()


def stop() -> None:
    """Stop this process's settlers (a worker stopping, or a test done with them)."""
    while _RUNNING:
        _RUNNING.pop().stop()


class Settler:
    """One app's settler: ``settle_due`` every ARENA_SETTLE_EVERY seconds until stopped."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.every = float(app.config["ARENA_SETTLE_EVERY"])
        self._stop = threading.Event()
        self._wake = threading.Event()  # set to stop, or when this process adds an arena
        self.quiet = min(QUIET, float(app.config["ARENA_GRACE"]))
        self._thread = threading.Thread(target=self._run, name="arena-settler", daemon=True)
        self._due: dict[str, float] = {}
        # Whose passes these are: one settler at a time settles an arena, for HOLD passes'
        # time after its last (then another takes it over: a worker stopped).
        self.holder = f"{os.getpid()}:{secrets.token_hex(4)}"

    def start(self) -> None:
        """Run in the background."""
        self._thread.start()

    def stop(self) -> None:
        """End at once, and wait for the pass under way."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        # Each pass a little shorter or longer: the workers of the servers do not all settle
        # in step, so that one is usually first, and the others find nothing to do.
        pause = self.every
        arena_index.waking(self._wake)
        while True:
            self._wake.wait(pause * random.uniform(0.8, 1.0))
            if self._stop.is_set():
                return
            self._wake.clear()  # before the pass: an arena added during it wakes the next
            try:
                with self.app.app_context():
                    now = timing.now()
                    running, coming = arena_index.followed(now)
                    settle_due(self._due, self.holder, self.every * HOLD, running)
                # Asleep while none runs, but awake at the next one's start.
                pause = self.every if running else max(self.every, min(self.quiet, coming - now))
            except StoreUnavailable:
                continue  # the next pass tries again
            except Exception:  # a pass that fails must not end the settling for good
                log.exception("settling the arenas' clocks failed")


def settle_due(
    due: dict[str, float], holder: str = "", hold: float = 0.0, running: list[str] | None = None
) -> int:
    """One pass over the running arenas (the index's): each game whose clock ran out ended,
    a finished game not counted yet counted, a pairing's match that its request did not make
    made, and whoever waits paired. ``due`` keeps, by game, the earliest time its clock may
    run out as last read, and is kept from pass to pass. A ``holder`` settles only the arenas
    it holds (ArenaRows.claim) for ``hold`` seconds more; the others are another's. ``running``:
    the index's running arenas, if just read. Returns the games ended."""
    now = timing.now()
    ended, seen = 0, set()
    for arena_id in arena_index.tracked(now) if running is None else running:
        if holder and not arenas.rows().claim(arena_id, holder, hold):
            continue
        games = set(arenas.rows().games(arena_id))
        seen |= games
        for match_id in games - {m for m, when in due.items() if when > now}:
            ended += _settle_game(arena_id, match_id, due)
        arenas.tend(arena_id)  # two who just met have waited long enough for another
    for gone in set(due) - seen:
        del due[gone]
    return ended


def _settle_game(arena_id: str, match_id: str, due: dict[str, float]) -> int:
    """Settle one game of the arena: 1 if this pass ended it on its clock, else 0."""
    store = arenas.store()
    record = store.get(match_id)
    if record is None or record.data is None:
        arenas.make_game(arena_id, match_id)  # the request that paired them failed
        return 0
    hub: Hub = current_app.extensions["live"]
    settled = settle(store, hub, record)
    try:
        match = read(settled.data)
    except LostMatchError:
        return 0
    if match.is_over:  # counted as it was saved, unless the arena was too busy then
        arena_count.count(match_id, match)
        return int(settled.version != record.version)
    # A change after this read winds the clock from its own time: the next deadline is no
    # sooner than one move's time from now, whatever happens meanwhile.
    now = timing.now()
    due[match_id] = min(match.deadline or now, now + match.clock)
    return 0
