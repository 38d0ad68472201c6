"""The decoded matches of the newest records, kept by store, match id, version and the stored
text itself: a record read again whose match is kept is not decoded at all."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import NamedTuple

from ...rules import Match
from ...store import MatchStore, Record
from ..live.shared import Shared


class Decoded(NamedTuple):
    """A record's match and the last version that changed what forms act on (its ``public``)."""

    match: Match
    public: int


# The key holds the record's stored text (``Record.raw``), compared in full on a hit (a hash
# alone could collide), so the kept match is the one that text decodes to whatever happened
# to the store: an expired match's id that came back at version 1 with a new game, or a
# version number saved again after a Redis failover lost acknowledged writes, is other text.
# A record with no stored text (one whose data was assigned) is decoded each time. A Match is
# frozen, so a kept one cannot be changed by a reader.
_DECODED: Shared[tuple[object, ...], Decoded] = Shared(1024)


def _key(store: MatchStore, record: Record) -> tuple[object, ...] | None:
    """What ``record``'s match is kept by (weakly by store: it keeps no store alive)."""
    raw = record.raw
    return None if raw is None else (weakref.ref(store), record.match_id, record.version, raw)


def kept(store: MatchStore, record: Record) -> Decoded | None:
    """The match of ``record`` if it is kept; never decodes ``record``."""
    key = _key(store, record)
    return None if key is None else _DECODED.peek(key)


def decoded(store: MatchStore, record: Record, decode: Callable[[], Decoded]) -> Decoded:
    """The match of ``record`` of ``store``, decoded by ``decode`` once per stored text."""
    key = _key(store, record)
    return decode() if key is None else _DECODED.get(key, decode)


def saved(store: MatchStore, record: Record, match: Match, public: int) -> None:
    """Keep ``match``, which ``record`` was just saved from (its ``raw`` the text written), as
    its version's decoded match: the page the change redirects to reads that text and decodes
    nothing. Any worker that reads it gets the same match, so nothing else is told."""
    key = _key(store, record)
    if key is not None:
        _DECODED.put(key, Decoded(match, public))
