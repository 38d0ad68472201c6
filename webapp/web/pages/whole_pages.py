"""The board page kept whole per state, viewer, language and display: a board shown again (a
reload, a waiting page's refresh, a page after the computer's reply seen before) costs its key
and this request's CSRF token and messages put in, no template."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, get_flashed_messages, request

from ..cycle.matches import Current
from ..live.shared import Shared
from ..views import fragments
from ..views.viewer import viewer

# Shared as the live parts are: a page asked for while it is being made is waited for.
_WHOLE: Shared[tuple[object, ...], str] = Shared(1024)


def key(current: Current, viewed: tuple[object, ...]) -> tuple[object, ...] | None:
    """What the page of ``current`` (``viewed``: its state and viewer) depends on in this
    request, or ``None`` when it is not kept: a page that follows the time or who is there (a
    clock, an online match's presence, a spectator's), or text mode's page with messages,
    which it says in its own words."""
    match = current.match
    if match.online or match.clock or current.watching:
        return None
    if viewer(current).text and get_flashed_messages():
        return None
    # The app too: the pages of one process's apps (tests make many) are theirs alone.
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    return (viewed, request.full_path, app)


def page(kept_as: tuple[object, ...], make: Callable[[], str]) -> str:
    """The page kept as ``kept_as`` (made by ``make``, with the marks, if it is not), with
    this request's CSRF token and flashed messages put in."""
    return fragments.filled(_WHOLE.get(kept_as, make))


def made() -> int:
    """How many pages this process made to keep (the tests count them)."""
    return _WHOLE.made
