"""The decoded matches of the newest records, kept by store, match id, version and game id:
a version is saved once under one id and game, so it is decoded at most once per process."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from ...rules import Match
from ...store import MatchStore, Record
from ..live.shared import Shared

# An expired match's id comes back (a first match's id is derived from the visitor's) at
# version 1 with a new game: the game id tells the two apart. A Match is frozen, so a kept one
# cannot be changed by a reader.
_DECODED: Shared[tuple[object, ...], Match] = Shared(1024)


def _key(store: MatchStore, record: Record) -> tuple[object, ...] | None:
    """What ``record``'s match is kept by (weakly by store: it keeps no store alive); ``None``
    for a record without a game id of its own (only one of the oldest schema can lack it)."""
    data = record.data
    game_id = data.get("game_id") if isinstance(data, dict) else None
    if not isinstance(game_id, str):
        return None
    return (weakref.ref(store), record.match_id, record.version, game_id)


def decoded(store: MatchStore, record: Record, decode: Callable[[], Match]) -> Match:
    """The match of ``record`` of ``store``, decoded by ``decode`` once per version."""
    key = _key(store, record)
    return decode() if key is None else _DECODED.get(key, decode)


def saved(store: MatchStore, record: Record, match: Match) -> None:
    """Keep ``match``, which ``record`` was just saved from, as its version's decoded match:
    the page the change redirects to reads that version and decodes nothing. Any worker that
    reads it gets the same match (its version is saved once), so nothing else is told."""
    key = _key(store, record)
    if key is not None and key[3] == match.game_id:
        _DECODED.put(key, match)
