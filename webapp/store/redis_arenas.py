"""An arena's rows in Redis: a hash of entries, a sorted set of standings, a set of the waiting,
a hash of the games in play and a set of the games counted, beside the head (the match store's
key of the arena). On a cluster every key carries the arena's id as its hash tag, so that one
change is one script on one master. A change is optimistic: read, then one script writes only
if the head's version is still the one read (or only new players entered meanwhile), and else
the change runs again. A new player's entry is one script of its own, which never runs again."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Sequence
from typing import Any

import redis
from redis.cluster import RedisCluster

from .arena_rows import (
    BEST,
    ArenaReads,
    Changes,
    CountedAgain,
    Step,
    T,
    UnknownArena,
    at_least,
    entry_parts,
    stepped,
)
from .record import StoreBusy, StoreUnavailable, decode, encode
from .redis_arena_scripts import CLAIM, COMMIT, ENTER, READ
from .redis_store import ERRORS, Names

TRIES = 200  # a change that lost the race this often in a row gives up: the arena is busy
COUNTED_AGAIN = -2  # what the commit answers when a game it counts was counted before


class RedisArenas:
    """The arenas' rows in the Redis of ``client``, expiring with their heads."""

    def __init__(
        self, client: redis.Redis | RedisCluster, lifetime: float, lock_timeout: float = 5.0
    ) -> None:
        self.client = client
        self.lock_timeout = lock_timeout
        self.names = Names(isinstance(client, RedisCluster))
        self.lifetime = int(lifetime)
        self._commit = client.register_script(COMMIT)
        self._enter = client.register_script(ENTER)
        self._read = client.register_script(READ)
        self._claim = client.register_script(CLAIM)
        # One change of an arena at a time in this process: the others wait their turn here
        # rather than read, lose the race at the commit and read again (under gevent, many
        # requests of a worker would otherwise race each other as well as the other workers).
        self._turns: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def change(
        self, arena_id: str, step: Step[T], about: Sequence[str] = (), patience: float = -1.0
    ) -> tuple[T, int]:
        """See ArenaRows.change: what it is ``about`` is read with the head in one script."""
        turn = self._turn(arena_id)
        if not turn.acquire(timeout=self.lock_timeout if patience < 0 else patience):
            raise StoreBusy("the arena stayed busy with other changes of this process")
        try:
            return self._change(arena_id, step, about)
        finally:
            turn.release()

    def _change(self, arena_id: str, step: Step[T], about: Sequence[str]) -> tuple[T, int]:
        """``change``, once this process's turn has come."""
        for attempt in range(TRIES):
            changes, answer, read = stepped(arena_id, self._prefetched(arena_id, about), step)
            if changes is None:
                return answer, read
            version = self._write(arena_id, read, changes)
            if version > 0:
                return answer, version
            if version == COUNTED_AGAIN:
                raise CountedAgain(arena_id, changes.counted)
            if version < 0:
                raise UnknownArena(arena_id)
            if attempt >= 2:  # many at once: spread the next tries out
                time.sleep(random.uniform(0, 0.002 * min(attempt, 10)))
        raise StoreBusy("the arena changed under every try")

    def enter(self, arena_id: str, entry: dict[str, Any]) -> int:
        """See ArenaRows.enter: one script, which takes no turn and never runs again."""
        before, after = entry_parts(entry)
        args: list[str | int] = [str(entry["browser"]), before, after, self.lifetime]
        args += [*self._published(arena_id), repr(float(entry["free_since"]))]
        version = int(_guarded(lambda: self._enter(keys=self._keys(arena_id), args=args)))
        if version < 0:
            raise UnknownArena(arena_id)
        return version

    def _turn(self, arena_id: str) -> threading.Lock:
        """This process's lock of the arena's changes."""
        with self._guard:
            if len(self._turns) > 4096:  # arenas come and go: forget the old ones now and then
                self._turns = {k: v for k, v in self._turns.items() if v.locked()}
            return self._turns.setdefault(arena_id, threading.Lock())

    def _prefetched(self, arena_id: str, about: Sequence[str]) -> _Reads | None:
        """The head, with the entries of ``about`` (browsers, or a game's match id) and of
        the few who wait, read in one script."""
        match_id, browsers = (about, []) if isinstance(about, str) else ("", list(about))
        keys = self._keys(arena_id)
        raw = _guarded(lambda: self._read(keys=keys, args=[match_id, *browsers]))
        if not raw:
            return None
        head, game, floor, count, *rest = raw
        reads = _Reads(self.client, keys, head)
        reads.floors = [float(floor)] if floor else [None]
        found = [decode(entry) for entry in rest[: int(count)] if entry]
        reads.known = {str(entry["browser"]): entry for entry in found}
        if match_id:
            reads.games[match_id] = [str(b) for b in json.loads(game)] if game else []
        if len(rest) > int(count):  # the waiting, when few
            waiting = [decode(entry) for entry in rest[int(count) + 1 :] if entry]
            reads.free = {str(entry["browser"]): entry for entry in waiting}
        return reads

    def reads(self, arena_id: str) -> ArenaReads | None:
        """See ArenaRows.reads."""
        raw = _guarded(lambda: self.client.get(self.names.match(arena_id)))
        if raw is None:
            return None
        return _Reads(self.client, self._keys(arena_id), raw)

    def entries(self, arena_id: str, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """See ArenaRows.entries."""
        found = _entries(self.client, self._keys(arena_id)[1], browsers)
        return {str(entry["browser"]): entry for entry in found}

    def top(self, arena_id: str, count: int) -> list[dict[str, Any]]:
        """See ArenaRows.top."""
        keys = self._keys(arena_id)
        best = _guarded(lambda: self.client.zrevrange(keys[2], 0, count - 1))
        return _entries(self.client, keys[1], [_text(b) for b in best])

    def above(self, arena_id: str, points: int) -> int:
        """See ArenaRows.above."""
        key = self._keys(arena_id)[2]
        return int(_guarded(lambda: self.client.zcount(key, at_least(points + 1), "+inf")))

    def games(self, arena_id: str) -> dict[str, list[str]]:
        """See ArenaRows.games."""
        raw = _guarded(lambda: self.client.hgetall(self._keys(arena_id)[4]))
        return {_text(match): json.loads(players) for match, players in raw.items()}

    def claim(self, arena_id: str, holder: str, seconds: float) -> bool:
        """See ArenaRows.claim: a key beside the rows that expires."""
        keys = [f"{self._base(arena_id)}:settler"]
        args: list[str | int] = [holder, max(1, int(seconds * 1000))]
        return bool(_guarded(lambda: self._claim(keys=keys, args=args)))

    def sweep(self) -> int:
        """Nothing to do: the rows expire with their heads."""
        return 0

    def _write(self, arena_id: str, version: int, changes: Changes) -> int:
        """Run the commit script; the new version, 0 if the head changed, -1 if it is gone,
        COUNTED_AGAIN if a game it counts was counted before (nothing written)."""
        args: list[str | int | float] = [version, encode(changes.head), self.lifetime]
        entered = "" if changes.entered is None else changes.entered
        args += [*self._published(arena_id), entered]
        args.append(len(changes.rows))
        for row in changes.rows:
            args += [row.browser, encode(row.data), repr(row.score), int(row.waiting)]
        args.append(len(changes.made))
        for match_id, players in changes.made.items():
            args += [match_id, json.dumps(players)]
        args += [len(changes.counted), *changes.counted]
        keys = self._keys(arena_id)
        return int(_guarded(lambda: self._commit(keys=keys, args=args)))

    def _published(self, arena_id: str) -> list[str]:
        """The channel of the arena's versions, its id and the command that publishes."""
        command = "spublish" if self.names.cluster else "publish"
        return [self.names.channel(arena_id), arena_id, command]

    def _base(self, arena_id: str) -> str:
        """What the keys of the arena's rows begin with (on a cluster, the head's slot)."""
        return self.names.match(arena_id) if self.names.cluster else f"arena:{arena_id}"

    def _keys(self, arena_id: str) -> list[str]:
        """The head and the five keys of the rows, in one slot of a cluster."""
        base = self._base(arena_id)
        parts = ("players", "standings", "waiting", "games", "counted")
        rows = [f"{base}:{part}" for part in parts]
        return [self.names.match(arena_id), *rows]


class _Reads:
    """An arena as read from Redis, the head first."""

    def __init__(self, client: redis.Redis | RedisCluster, keys: list[str], raw: Any) -> None:
        stored = decode(raw)
        version, data = stored.get("version"), stored.get("data")
        self.version = version if isinstance(version, int) else 0
        self.head: dict[str, Any] = data if isinstance(data, dict) else {}
        self._client, self._keys = client, keys
        # What was read with the head: entries by browser (a browser absent from ``known``
        # is read when asked for), games' players, and the waiting (``None``: not read).
        self.known: dict[str, dict[str, Any]] = {}
        self.games: dict[str, list[str]] = {}
        self.free: dict[str, dict[str, Any]] | None = None
        self.floors: list[float | None] = []  # the floor, once read

    def rows(self, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """See ArenaReads.rows."""
        ask = [b for b in browsers if b not in self.known]
        found = _entries(self._client, self._keys[1], ask) if ask else []
        read = {str(entry["browser"]): entry for entry in found}
        return {b: e for b in browsers if (e := self.known.get(b) or read.get(b)) is not None}

    def game(self, match_id: str) -> list[str]:
        """See ArenaReads.game."""
        if match_id in self.games:
            return self.games[match_id]
        raw = _guarded(lambda: self._client.hget(self._keys[4], match_id))
        return [] if raw is None else [str(b) for b in json.loads(raw)]

    def floor(self) -> float | None:
        """See ArenaReads.floor."""
        if not self.floors:
            key = self._keys[2]
            found = _guarded(lambda: self._client.zrevrange(key, BEST - 1, BEST - 1, True))
            self.floors = [float(found[0][1]) if found else None]
        return self.floors[0]

    def waiting(self) -> dict[str, dict[str, Any]]:
        """See ArenaReads.waiting."""
        if self.free is not None:
            return self.free
        members = _guarded(lambda: self._client.smembers(self._keys[3]))
        return self.rows(sorted(_text(m) for m in members))


def _entries(client: redis.Redis | RedisCluster, key: str, browsers: list[str]) -> list[Any]:
    """The entries of ``browsers`` kept in the hash ``key``, in their order (the missing left
    out)."""
    if not browsers:
        return []
    raw = _guarded(lambda: client.hmget(key, browsers))
    return [decode(item) for item in raw if item is not None]


def _guarded(call: Any) -> Any:
    """``call()``; StoreUnavailable if Redis fails."""
    try:
        return call()
    except ERRORS as error:
        raise StoreUnavailable(str(error)) from error


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
