"""The board's live parts: each viewer role's parts kept per match version, and the stream
events that carry the parts that changed, each written once and shared by every stream of
that role in this process (as lila-ws sends one move event to every watcher)."""

from __future__ import annotations

import dataclasses
import functools
import json
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app, request, url_for

from ...rules import LostMatchError, Match, read
from ...store import Record, StoreUnavailable
from ..cycle import deadlines, matches
from ..cycle.matches import Current
from ..live import live, sse
from ..live.audience import PUBLIC, seen_versions
from ..live.shared import Shared, Told
from ..live.stream import events as followed
from .fragments import Parts, without_marks
from .viewer import Viewer, request_of, viewer

T = TypeVar("T")
Since = tuple[tuple[str, str], ...]  # what a text-mode page says it showed (?seen=…&game=…)
SINCE = ("seen", "game", "heard", "alone")  # the query's fields that say it


@dataclass(frozen=True)
class Shown:
    """A board as one role sees one state: its parts, its title, the version its forms send,
    and (text mode) what a page showing it says it showed."""

    parts: Parts
    title: str
    version: int
    since: Since = ()


@dataclass(frozen=True)
class Display:
    """How a board is shown: the graphic board or text mode; ``render`` makes its parts, and
    text mode's ``announce`` says what happened since a page that showed ``since``."""

    name: str
    render: Callable[[Current], Shown]
    announce: Callable[[Current, Mapping[str, str]], str] | None = None


@dataclass(frozen=True)
class Role:
    """What a board's parts depend on besides the match's version: its viewer (a spectator's
    parts every spectator shares) and the display they are drawn for."""

    match_id: str
    viewer: Viewer
    display: str

    @classmethod
    def of(cls, current: Current, display: str) -> Role:
        """The role of this request's viewer of ``current`` on ``display``."""
        return cls(current.match_id, viewer(current), display)


GONE = Shown((), "", 0)  # a match that expired: nothing to swap in
_PARTS: Shared[tuple[Role, int], Shown] = Shared(2048)
_EVENTS: Shared[tuple[Role, int, int, Since], str] = Shared(2048)
# One per role (and text mode's first page) that streams here follow, while any does.
_TOLD: weakref.WeakValueDictionary[tuple[Role, Since], Told] = weakref.WeakValueDictionary()


def keep(current: Current, display: str, shown: Shown) -> Shown:
    """``shown``, the board of ``current`` as rendered for a page, kept for its role and
    version: the stream's first event sends only what changed since."""
    if current.match_id:
        _PARTS.put((Role.of(current, display), current.version), shown)
    return shown


def renderings() -> int:
    """How many boards' parts this process rendered for its streams (tests and benches
    count them: one per role and version, however many streams share it)."""
    return _PARTS.made


def events_url(current: Current, **since: Any) -> str:
    """The address of the live stream of ``current``'s board, from the version shown."""
    return url_for("board.events", match=current.match_id, version=current.version, **since)


def stream(current: Current, display: Display, after: int) -> Response:
    """The live stream of ``current``'s board from version ``after``: each event carries the
    parts that changed since the version the stream last told (and, in text mode, what
    happened since then, from the page's ``?seen=…`` for its first event)."""
    # The app itself, not the proxy (Flask's documented way to hand it on): a stream holds no
    # request's context while it waits, only what its rare renderings need.
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    since = tuple(
        sorted((k, v) for k, v in request.args.items() if k in SINCE and display.announce)
    )
    role = Role.of(current, display.name)
    holds = matches.holding(current.match_id)  # the session's seats, checked at each event
    # A player's stream checks its seats at each event, so it is never given another's text.
    told = None if role.viewer.held else _TOLD.setdefault((role, since), Told())
    event = functools.partial(_event, app, role, display, since, holds, told)

    def make(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(app, hub.store, hub, current.match_id)
        return followed(hub, current.match_id, current.seat, after, lifetime, due, event)

    return sse.event_stream(make)


def _event(
    app: Flask,
    role: Role,
    display: Display,
    since: Since,
    holds: Callable[[Match], frozenset[str]],
    told: Told | None,
    before: int,
    version: int,
) -> str | None:
    """The event from ``before`` to ``version`` for ``role`` (a spectator's, already
    ``told`` to another stream of its role, is that one's); ``None`` ends the stream, and
    the browser opens it again (as who it is then) from the last version it saw: when the
    store cannot be read now, or when this browser no longer holds the seats it streamed as
    (a seat moved to another device must not go on sending that seat's links here)."""
    text = None if told is None else told.get(before, version)
    if text is not None:
        return text
    try:
        record = _record(app, role.match_id, version)
        if role.viewer.held and (record is None or holds(read(record.data)) != role.viewer.held):
            return None
        seen = version if record is None else _audience_version(record, role, version)
        key = (role, before, seen, since)
        text = _EVENTS.get(key, lambda: _write(app, role, display, since, before, seen, record))
    except (StoreUnavailable, LostMatchError):
        return None
    if told is not None:
        told.keep(before, version, text)
    return text


def _write(
    app: Flask,
    role: Role,
    display: Display,
    since: Since,
    before: int,
    version: int,
    record: Record | None,
) -> str:
    """The event's text: its id the version, its data the parts that differ from those of
    ``before`` (all of them when those are no longer kept), the title and the form's version;
    in text mode, what happened since ``before`` (``since``, when that is no longer kept) and
    what the page now shows, for its next stream."""
    now = _PARTS.get((role, version), lambda: _in_role(app, role, display.render, record) or GONE)
    was = _PARTS.peek((role, before))
    kept = dict(was.parts) if was else {}
    changed = {name: without_marks(html) for name, html in now.parts if kept.get(name) != html}
    data: dict[str, Any] = {"version": version, "parts": changed, "title": now.title}
    data["fields"] = {"version": now.version}
    if display.announce is not None:
        told = dict(was.since if was else since)
        announce = display.announce
        said = _in_role(app, role, lambda current: announce(current, told), record)
        data["announce"], data["since"] = said or "", dict(now.since)
    return f"id: {version}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _record(app: Flask, match_id: str, version: int) -> Record | None:
    """The match's record at ``version`` or later: the one the hub heard, when it is that
    recent (no read of the store, so the streams waiting for a rendering of it are not woken a
    second time by the read), else the store's."""
    hub: live.Hub = app.extensions["live"]
    return hub.latest(match_id, version) or hub.store.get(match_id)


def _audience_version(record: Record, role: Role, version: int) -> int:
    """The last version of ``record`` that changed what ``role`` sees (at least ``version``):
    what is rendered of the record is kept under it, never under an older one."""
    audience = next(iter(role.viewer.held)) if len(role.viewer.held) == 1 else PUBLIC
    return max(version, seen_versions(record.data, record.version).get(audience, record.version))


def _in_role(
    app: Flask, role: Role, make: Callable[[Current], T], record: Record | None
) -> T | None:
    """``make`` of the match of ``record`` as ``role`` sees it, in a request of ``role``'s
    own: its address and language, and no browser's session; ``None`` once it is gone."""
    with request_of(app, role.viewer):
        current = matches.watched(role.match_id, record) if record is not None else None
        if current is None:
            return None
        return make(
            dataclasses.replace(current, held=role.viewer.held, watching=role.viewer.watching)
        )
