"""Stored matches and the sessions at them, written straight into the stores, to seed 100,000.

The formats are the ones the app reads, through its own pieces where it has them:

- SQLite: rows of the ``matches`` table (``webapp.store.SQLiteStore`` creates it);
- session files: cachelib's ``FileSystemCache`` with the app's msgpack serializer;
- Redis: ``match:<id>`` holding ``{"version": n, "data": {...}}`` as JSON, and
  ``session:<sid>`` holding the session as msgpack, each with the app's TTL.

tests/bench/test_seeding.py checks that the app finds every seeded match and rewrites nothing.
"""

from __future__ import annotations

import random
import secrets
import sqlite3
import time
from collections.abc import Iterable
from typing import Any

import msgspec
import redis
from cachelib.file import FileSystemCache

from webapp.rules import Match
from webapp.store import SQLiteStore, new_match_id
from webapp.store.record import encode
from webapp.web.site.sessions import MsgpackFiles

SESSION_PREFIX = "session:"
DAY = 24 * 3600
MATCH_LIFETIME = 30 * DAY  # as MATCH_LIFETIME
SESSION_LIFETIME = 31 * DAY  # as PERMANENT_SESSION_LIFETIME: a day longer
SID_BYTES = 32  # Flask-Session's default session id length


def match_in_progress() -> dict[str, Any]:
    """A person against the hard computer, two moves in: what such a match stores."""
    match = Match.between("user", "hard")
    game = match.game.play("B2").reply_until_person(random.Random(0))
    return match.played(game).to_dict()


def new_pairs(count: int) -> list[tuple[str, str]]:
    """Fresh (session id, match id) pairs, as the app makes them."""
    return [(secrets.token_urlsafe(SID_BYTES), new_match_id()) for _ in range(count)]


def session(match_id: str) -> dict[str, Any]:
    """A session at ``match_id`` that has shown a page (it has its CSRF token)."""
    return {"_permanent": True, "match": match_id, "csrf_token": secrets.token_hex(20)}


def seed_sqlite(database: str, pairs: Iterable[tuple[str, str]]) -> None:
    """One match in progress per pair in the SQLite file ``database``."""
    SQLiteStore(database, MATCH_LIFETIME, lock_timeout=5)  # creates the table
    now, data = time.time(), match_in_progress()
    rows = []
    for _, match_id in pairs:
        data["game_id"] = secrets.token_urlsafe(8)
        rows.append((match_id, encode(data), 2, now))
    with sqlite3.connect(database) as db:
        db.executemany("INSERT INTO matches (id, data, version, changed) VALUES (?, ?, ?, ?)", rows)


def seed_session_files(directory: str, pairs: Iterable[tuple[str, str]]) -> None:
    """One session file per pair in ``directory``, as Flask-Session writes them."""
    cache = FileSystemCache(directory, threshold=0, mode=0o600)
    cache.serializer = MsgpackFiles()
    for sid, match_id in pairs:
        cache.set(SESSION_PREFIX + sid, session(match_id), timeout=SESSION_LIFETIME)


def seed_redis(client: redis.Redis, pairs: Iterable[tuple[str, str]], batch: int = 1000) -> None:
    """One match and one session per pair in Redis, with the app's TTLs."""
    data = match_in_progress()
    pipe = client.pipeline(transaction=False)
    for count, (sid, match_id) in enumerate(pairs, start=1):
        data["game_id"] = secrets.token_urlsafe(8)
        pipe.set(f"match:{match_id}", encode({"version": 2, "data": data}), ex=MATCH_LIFETIME)
        pipe.set(SESSION_PREFIX + sid, msgspec.msgpack.encode(session(match_id)),
                 ex=SESSION_LIFETIME)  # fmt: skip
        if count % batch == 0:
            pipe.execute()
    pipe.execute()
