"""Stored games written straight in the stores' formats, to seed 100,000 without HTTP.

The formats are the ones ``webapp.store`` reads (tests/redis/test_seeding.py checks that the
app finds every seeded game and does not rewrite it):

- file store: one file per session named ``sha256("session:" + sid)``, holding cachelib's
  4-byte native-order expiry time followed by the session as msgpack;
- Redis: the key ``"session:" + sid`` holding the session as msgpack, with a TTL.
"""

from __future__ import annotations

import hashlib
import os
import random
import secrets
import struct
import time
from collections.abc import Iterable
from typing import Any

import msgspec
import redis

from webapp.engine import Game
from webapp.store import SID_BYTES

KEY_PREFIX = "session:"
LIFETIME = 30 * 24 * 3600  # seconds, as PERMANENT_SESSION_LIFETIME
_HEADER = struct.Struct("I")
_encode = msgspec.msgpack.Encoder().encode


def game_in_progress() -> dict[str, Any]:
    """A person against the hard computer, two moves in: what such a session stores."""
    game = Game(x="user", o="hard").play("B2").reply_until_person(random.Random(0))
    return {
        "_permanent": True,
        "game": {**game.to_dict(), "id": secrets.token_urlsafe(8), "scored": False},
        # The token of a session that has shown a page: reads then change nothing.
        "csrf_token": hashlib.sha1(os.urandom(64)).hexdigest(),
    }


def new_sids(count: int) -> list[str]:
    """Fresh session ids, as the app makes them."""
    return [secrets.token_urlsafe(SID_BYTES) for _ in range(count)]


def file_name(directory: str, sid: str) -> str:
    """Where the file store keeps session ``sid``."""
    return os.path.join(directory, hashlib.sha256((KEY_PREFIX + sid).encode()).hexdigest())


def seed_files(directory: str, sids: Iterable[str]) -> None:
    """Write one stored game per session id into the file store at ``directory``."""
    os.makedirs(directory, mode=0o700, exist_ok=True)
    header = _HEADER.pack(int(time.time()) + LIFETIME)
    record = game_in_progress()
    for sid in sids:
        record["game"]["id"] = secrets.token_urlsafe(8)
        record["csrf_token"] = secrets.token_hex(20)
        descriptor = os.open(file_name(directory, sid), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(descriptor, header + _encode(record))
        finally:
            os.close(descriptor)


def seed_redis(client: redis.Redis, sids: Iterable[str], batch: int = 1000) -> None:
    """Store one game per session id in Redis, with the sessions' TTL."""
    record = game_in_progress()
    pipe = client.pipeline(transaction=False)
    for count, sid in enumerate(sids, start=1):
        record["game"]["id"] = secrets.token_urlsafe(8)
        record["csrf_token"] = secrets.token_hex(20)
        pipe.set(KEY_PREFIX + sid, _encode(record), ex=LIFETIME)
        if count % batch == 0:
            pipe.execute()
    pipe.execute()
