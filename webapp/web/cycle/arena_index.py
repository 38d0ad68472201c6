"""The public arenas: an index in the match store of the site's own series (one always
coming, the next starting when one ends) and of the public arenas players made."""

from __future__ import annotations

import base64
import hmac

from flask import current_app

from ...rules.arena import COMING, OVER, Arena
from .. import timing
from . import arenas

KIND = "arena-index"
KEPT = 20  # ids kept of each list


def listed() -> list[tuple[str, Arena]]:
    """The public arenas coming or running, the soonest first; the site's next one is made
    first when none of its own is coming."""
    _keep_one_coming()
    site, players = _lists(_stored())
    now = timing.now()
    found = [(arena_id, arenas.read(arena_id)) for arena_id in (*site, *players)]
    public = [(i, a) for i, a in found if a is not None and a.state(now) != OVER]
    return sorted(public, key=lambda pair: pair[1].starts)


def add(arena_id: str) -> None:
    """List a public arena a player made."""
    with arenas.store().locked(_index_id()) as record:
        site, players = _lists(record.data)
        record.data = _index(site, [*players, arena_id])


def _keep_one_coming() -> None:
    """Make the site's next arena if none of its own is coming: it starts when the running one
    ends, or ARENA_FIRST_IN seconds from now when none runs. Under the index's lock, so that
    workers at once make one."""
    now, config = timing.now(), current_app.config
    site, _players = _lists(_stored())
    if _coming(site, now):
        return
    # Made before the index's lock is taken: a store's lock is never taken inside another's.
    # A worker that lost the race leaves its arena unlisted, and the sweep forgets it.
    last = arenas.read(site[-1]) if site else None
    running = last is not None and last.ends > now
    starts = last.ends if last is not None and running else now + config["ARENA_FIRST_IN"]
    made = arenas.create(Arena(starts, int(config["ARENA_LENGTH"]), int(config["ARENA_CLOCK"])))
    with arenas.store().locked(_index_id()) as record:
        site, players = _lists(record.data)
        if not _coming(site, now):
            record.data = _index([*site, made], players)


def _coming(ids: list[str], now: float) -> bool:
    """Whether the newest of the site's arenas is still coming."""
    newest = arenas.read(ids[-1]) if ids else None
    return newest is not None and newest.state(now) == COMING


def _stored() -> object:
    """The index's data as stored now."""
    record = arenas.store().get(_index_id())
    return record.data if record is not None else None


def _lists(data: object) -> tuple[list[str], list[str]]:
    """The site's arenas and the players' public ones, by id; none when nothing is kept."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        return [], []
    return [str(i) for i in data["site"]], [str(i) for i in data["players"]]


def _index(site: list[str], players: list[str]) -> dict[str, object]:
    """The index's data, with the newest KEPT ids of each list."""
    return {"kind": KIND, "site": site[-KEPT:], "players": players[-KEPT:]}


def _index_id() -> str:
    """The index's id: derived from the secret key, the same for every worker and server."""
    secret = str(current_app.secret_key).encode()
    digest = hmac.new(secret, b"arenas:public", "sha256").digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
