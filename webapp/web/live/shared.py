"""Values made once per key and shared: when thousands of streams wake for one match's new
version together, one of them renders it and the others wait for that one rendering; and the
events last written for one kind of stream, which the others take as they are."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

WAIT = 5.0  # seconds a caller waits for another's making before it makes the value itself


class Shared(Generic[K, V]):
    """The values of the newest ``size`` keys; a key asked for while it is being made is
    waited for, not made again (functools.lru_cache makes it once per caller that missed)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._making: dict[K, threading.Event] = {}
        self._lock = threading.Lock()
        self.made = 0  # how many values were made: what the tests and benches count

    def peek(self, key: K) -> V | None:
        """The value kept for ``key``, or ``None``; never makes one."""
        with self._lock:
            return self._kept.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used beyond the size."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``: kept, or made by ``make`` once however many ask at once. If
        the making fails, its error is the maker's, and a waiting caller makes it instead; one
        that waited WAIT seconds makes it too (without keeping it)."""
        while True:
            with self._lock:
                if key in self._kept:
                    self._kept.move_to_end(key)
                    return self._kept[key]
                making = self._making.get(key)
                if making is None:
                    self._making[key] = threading.Event()
                    break
            if not making.wait(WAIT):
                return make()  # the maker is slow (a store waiting on a lock): no longer wait
        try:
            value = make()
            self.put(key, value)
            self.made += 1
            return value
        finally:
            with self._lock:
                self._making.pop(key).set()


class Told:
    """The events last written to one version, by the version each came from, for streams that
    are told the same text: the spectators of a match in one role wake together for one
    version, from one version, and every stream after the first takes the text at the cost of
    a comparison, without hashing its role or reading the record again. One attribute holds
    the version and its texts, so a reader never pairs one version with another's texts."""

    __slots__ = ("__weakref__", "_last")

    def __init__(self) -> None:
        self._last: tuple[int, dict[int, str]] = (-1, {})

    def get(self, before: int, version: int) -> str | None:
        """The event from ``before`` to ``version``, if one was kept."""
        kept, texts = self._last
        return texts.get(before) if kept == version else None

    def keep(self, before: int, version: int, text: str) -> None:
        """Keep ``text``, the event from ``before`` to ``version``; those to an older version
        go, and one to an older version than those kept is not kept."""
        kept, texts = self._last
        if version > kept:
            self._last = (version, {before: text})
        elif version == kept:
            texts[before] = text
