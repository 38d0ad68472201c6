"""A match's versions as Server-Sent Events, for programs (GET /api/events)."""

from __future__ import annotations

from collections.abc import Iterator

from flask.typing import ResponseReturnValue

from ..cycle import deadlines
from ..cycle.matches import Current
from ..live import live, sse
from ..live.stream import events as followed

EVENTS_QUERY = [
    {
        "name": "match",
        "in": "query",
        "required": False,
        "schema": {"type": "string"},
        "description": "The match to follow (from a watch link); by default this session's.",
    },
    {
        "name": "version",
        "in": "query",
        "required": False,
        "schema": {"type": "integer", "minimum": 0},
        "description": "The version already seen: a newer one is sent at once.",
    },
]


def versions(current: Current, after: int) -> ResponseReturnValue:
    """The stream of ``current``'s versions after ``after``: the event id is the version; the
    stream ends after a while and the client reconnects with ``Last-Event-ID``."""

    def stream(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(hub.store, hub, current.match_id)
        return followed(hub, current.match_id, current.seat, after, lifetime, due)

    return sse.event_stream(stream)
