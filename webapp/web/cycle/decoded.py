"""The decoded matches of the newest records, kept by store, match id, version and what the
record says of its game (its id, move count and last move, deadline and ending): a version is
saved once under one id, so it is decoded at most once per process."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from ...rules import Match
from ...store import MatchStore, Record
from ..live.shared import Shared

# An expired match's id comes back (a first match's id is derived from the visitor's) at
# version 1 with a new game: the game id tells the two apart. A version number could also come
# back under one id and game if the store lost acknowledged writes (a Redis failover): the
# move count and last move, the deadline and the ending, read from the record without
# decoding it, tell such a version from the one kept unless it changed only the seats, offers
# or messages, or made other moves of the same number ending in the same cell. A Match is
# frozen, so a kept one cannot be changed by a reader.
_DECODED: Shared[tuple[object, ...], Match] = Shared(1024)


def _key(store: MatchStore, record: Record) -> tuple[object, ...] | None:
    """What ``record``'s match is kept by (weakly by store: it keeps no store alive); ``None``
    for a record without a game id of its own (only one of the oldest schema can lack it)."""
    data = record.data
    game_id = data.get("game_id") if isinstance(data, dict) else None
    if not isinstance(game_id, str) or data is None:
        return None
    return (weakref.ref(store), record.match_id, record.version, game_id, *_game(data))


def _game(data: dict[str, Any]) -> tuple[object, ...]:
    """The game's state as stored: its move count and last move, deadline, ending and winner
    (each hashable, whatever the record holds)."""
    moves, deadline = data.get("moves"), data.get("deadline")
    played = (len(moves), str(moves[-1]) if moves else "") if isinstance(moves, list) else (-1, "")
    when = deadline if isinstance(deadline, (int, float)) else None
    ending, winner = data.get("ending"), data.get("winner")
    ended = (
        ending if isinstance(ending, str) else None,
        winner if isinstance(winner, str) else None,
    )
    return (*played, when, *ended)


def decoded(store: MatchStore, record: Record, decode: Callable[[], Match]) -> Match:
    """The match of ``record`` of ``store``, decoded by ``decode`` once per version."""
    key = _key(store, record)
    return decode() if key is None else _DECODED.get(key, decode)


def saved(store: MatchStore, record: Record, match: Match) -> None:
    """Keep ``match``, which ``record`` was just saved from, as its version's decoded match:
    the page the change redirects to reads that version and decodes nothing. Any worker that
    reads it gets the same match (its version is saved once), so nothing else is told."""
    key = _key(store, record)
    moves = match.game.moves
    state = (len(moves), moves[-1] if moves else "", match.deadline, match.ending, match.winner)
    if key is not None and key[3:] == (match.game_id, *state):
        _DECODED.put(key, match)
