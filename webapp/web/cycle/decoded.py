"""The decoded matches of the newest records: a board shown again, the move that follows it
and the board that move redirects to decode each stored version once."""

from __future__ import annotations

import weakref

from ...rules import Match
from ...rules import read as decode
from ...store import MatchStore, Record
from ..live.shared import Shared

# By store, id, version and game id: a version is saved once under one id and game (an expired
# match's id comes back with a new game), and a Match is frozen, so a kept one is never changed.
_DECODED: Shared[tuple[object, ...], Match] = Shared(1024)


def read(store: MatchStore, record: Record) -> Match:
    """The match of ``record`` of ``store``, decoded once (LostMatchError if it cannot be)."""
    key = _key(store, record)
    data = record.data
    return decode(data) if key is None else _DECODED.get(key, lambda: decode(data))


def keep(store: MatchStore, record: Record, match: Match) -> None:
    """Keep ``match``, just saved as ``record``, as that record's decoded match: the board a
    move redirects to reads the new version, which would otherwise be decoded again (a match
    read back from its data equals it: tests/rules/test_migrate.py)."""
    key = _key(store, record)
    if key is not None and key[3] == match.game_id:
        _DECODED.put(key, match)


def _key(store: MatchStore, record: Record) -> tuple[object, ...] | None:
    """What the decoded match of ``record`` is kept by; ``None`` for a record without a game
    id of its own (only one of the oldest schema), which nothing tells apart from another."""
    game_id = record.data.get("game_id") if isinstance(record.data, dict) else None
    if not isinstance(game_id, str):
        return None
    return (weakref.ref(store), record.match_id, record.version, game_id)  # keeps no store
