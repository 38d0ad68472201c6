"""The arenas' index in the match store: the site's own series (one always coming, the next
starting when one ends), the public arenas players made before theirs became private, and
every arena whose games may still run, for the server's settler of their clocks."""

from __future__ import annotations

import base64
import hmac
import threading
import weakref
from math import inf
from typing import Any

from flask import current_app

from ...rules.arena import COMING, OVER, Arena
from .. import timing
from . import arenas

KIND = "arena-index"
KEPT = 20  # ids kept of each public list
TRACKED = 500  # arenas whose clocks the settler follows at most (the newest): see track
SLACK = 5.0  # seconds after an arena's last game may end that its clocks are still followed
# The events of this process's settlers, set when this process adds an arena to follow: a
# settler at rest sleeps on its event, not on a short timer (docs/performance.md, "Watching
# at rest").
_WAKE: weakref.WeakSet[threading.Event] = weakref.WeakSet()


def listed() -> list[arenas.Look]:
    """The public arenas coming or running, the soonest first; the site's next one is made
    first when none of its own is coming."""
    _keep_one_coming()
    site, players, _clocks = _lists(_stored())
    now = timing.now()
    found = [arenas.look(arena_id) for arena_id in (*site, *players)]
    public = [f for f in found if f is not None and f.arena.state(now) != OVER]
    return sorted(public, key=lambda shown: shown.arena.starts)


def track(arena_id: str, arena: Arena) -> None:
    """Follow the clocks of ``arena`` (every arena, private ones too) from its start until
    its last game may have ended."""
    with arenas.store().locked(_index_id()) as record:
        site, players, clocks = _lists(record.data)
        record.data = _index(site, players, _followed(clocks, arena_id, arena))
    _wake()


def waking(event: threading.Event) -> None:
    """Set ``event`` whenever this process adds an arena to follow (until it is dropped)."""
    _WAKE.add(event)


def _wake() -> None:
    """Wake this process's settlers: an arena to follow was added."""
    for event in list(_WAKE):
        event.set()


def _followed(clocks: Clocks, arena_id: str, arena: Arena) -> Clocks:
    """``clocks`` without the arenas all of whose games have ended, with ``arena``'s: from its
    start until its last game may have ended (one paired at its end: the first move's grace
    and nine moves)."""
    until = arena.ends + float(current_app.config["ARENA_GRACE"]) + 9 * arena.clock + SLACK
    now = timing.now()
    return [*(entry for entry in clocks if entry[2] > now), [arena_id, arena.starts, until]]


def tracked(now: float) -> list[str]:
    """The ids of the arenas whose games may be running at ``now``."""
    return followed(now)[0]


def followed(now: float) -> tuple[list[str], float]:
    """The ids of the arenas whose games may be running at ``now``, and when the next of the
    others starts (``inf``: none is coming)."""
    clocks = _lists(_stored())[2]
    running = [arena_id for arena_id, starts, until in clocks if starts <= now < until]
    return running, min((starts for _id, starts, _until in clocks if starts > now), default=inf)


def _keep_one_coming() -> None:
    """Make the site's next arena if none of its own is coming: it starts when the running one
    ends, or ARENA_FIRST_IN seconds from now when none runs. Under the index's lock, so that
    workers at once make one."""
    now, config = timing.now(), current_app.config
    site = _lists(_stored())[0]
    if _coming(site, now):
        return
    # Made before the index's lock is taken: a store's lock is never taken inside another's.
    # A worker that lost the race leaves its arena unlisted, and the sweep forgets it.
    last = arenas.read(site[-1]) if site else None
    running = last is not None and last.ends > now
    starts = last.ends if last is not None and running else now + config["ARENA_FIRST_IN"]
    arena = Arena(starts, int(config["ARENA_LENGTH"]), int(config["ARENA_CLOCK"]))
    made = arenas.create(arena)
    with arenas.store().locked(_index_id()) as record:
        site, players, clocks = _lists(record.data)
        if not _coming(site, now):  # listed, and its clocks followed (an unlisted one: none)
            record.data = _index([*site, made], players, _followed(clocks, made, arena))
    _wake()


def _coming(ids: list[str], now: float) -> bool:
    """Whether the newest of the site's arenas is still coming."""
    newest = arenas.read(ids[-1]) if ids else None
    return newest is not None and newest.state(now) == COMING


def _stored() -> object:
    """The index's data as stored now."""
    record = arenas.store().get(_index_id())
    return record.data if record is not None else None


Clocks = list[list[Any]]  # [arena id, its start, until when its clocks are followed]


def _lists(data: object) -> tuple[list[str], list[str], Clocks]:
    """The site's arenas and the players' public ones, by id, and the arenas whose clocks
    are followed; none when nothing is kept (an index from before keeps no clocks)."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        return [], [], []
    clocks = [[str(i), float(s), float(u)] for i, s, u in data.get("clocks", [])]
    return [str(i) for i in data["site"]], [str(i) for i in data["players"]], clocks


def _index(site: list[str], players: list[str], clocks: Clocks) -> dict[str, object]:
    """The index's data, with the newest KEPT ids of each public list and TRACKED arenas."""
    kept = {"site": site[-KEPT:], "players": players[-KEPT:], "clocks": clocks[-TRACKED:]}
    return {"kind": KIND, **kept}


def _index_id() -> str:
    """The index's id: derived from the secret key, the same for every worker and server."""
    secret = str(current_app.secret_key).encode()
    digest = hmac.new(secret, b"arenas:public", "sha256").digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
