"""The board's live parts: each viewer role's parts kept per match version, and the stream
events that carry the parts that changed, each written once and shared by every stream of
that role in this process (as lila-ws sends one move event to every watcher)."""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flask import Response, request, stream_with_context, url_for

from ...store import StoreUnavailable
from ..cycle import deadlines, matches
from ..cycle.matches import Current
from ..live import live, sse
from ..live.shared import Shared
from ..site.i18n import language
from .fragments import Parts, without_marks

Render = Callable[[Current], Parts]  # the board's parts of a match as one viewer sees it


@dataclass(frozen=True)
class Role:
    """What a board's parts depend on besides the match's version: the seats held (none for
    a spectator, whose parts every spectator shares), the language and the site's address."""

    match_id: str
    held: frozenset[str]
    watching: bool
    language: str
    script_root: str
    host: str

    @classmethod
    def of(cls, current: Current) -> Role:
        """The role of this request's viewer of ``current``."""
        held = frozenset() if current.you is None else current.held
        watching = current.watching or current.you is None
        return cls(
            current.match_id, held, watching, language(), request.script_root, request.host_url
        )


_PARTS: Shared[tuple[Role, int], Parts] = Shared(2048)
_EVENTS: Shared[tuple[Role, int, int], str] = Shared(2048)


def keep(current: Current, parts: Parts) -> Parts:
    """``parts``, the board of ``current`` as rendered for a page, kept for its role and
    version: the stream's first event sends only what changed since."""
    if current.match_id:
        _PARTS.put((Role.of(current), current.version), parts)
    return parts


def renderings() -> int:
    """How many boards' parts this process rendered for its streams (tests and benches
    count them: one per role and version, however many streams share it)."""
    return _PARTS.made


def events_url(current: Current) -> str:
    """The address of the live stream of ``current``'s board, from the version shown."""
    return url_for("board.events", match=current.match_id, version=current.version)


def stream(current: Current, render: Render, after: int) -> Response:
    """The live stream of ``current``'s board from version ``after``: each event carries the
    parts (``render``'s) that changed since the version the stream last told."""
    role = Role.of(current)
    event = functools.partial(_event, role, render)

    def make(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(hub.store, hub, current.match_id)
        events = live.events(hub, current.match_id, current.seat, after, lifetime, due, event)
        return stream_with_context(events)

    return sse.event_stream(make)


def _event(role: Role, render: Render, before: int, version: int) -> str | None:
    """The event from ``before`` to ``version`` for ``role``; ``None`` when the store cannot
    be read now (the stream ends, and the browser catches up when it opens it again)."""
    try:
        return _EVENTS.get((role, before, version), lambda: _write(role, render, before, version))
    except StoreUnavailable:
        return None


def _write(role: Role, render: Render, before: int, version: int) -> str:
    """The event's text: its id the version, its data the parts that differ from those of
    ``before`` (all of them when those are no longer kept)."""
    now = _PARTS.get((role, version), lambda: _render(role, render))
    was = dict(_PARTS.peek((role, before)) or ())
    changed = {name: without_marks(html) for name, html in now if was.get(name) != html}
    data = json.dumps({"version": version, "parts": changed}, ensure_ascii=False)
    return f"id: {version}\ndata: {data}\n\n"


def _render(role: Role, render: Render) -> Parts:
    """The parts of the match as stored now, as ``role`` sees it (none once it is gone)."""
    current = matches.watched(role.match_id)
    if current is None:
        return ()
    return render(dataclasses.replace(current, held=role.held, watching=role.watching))
