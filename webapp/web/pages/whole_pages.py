"""The board page kept whole per state, viewer, language and display: a board shown again (a
reload, a waiting page's refresh, a page after the computer's reply seen before) costs its key
and this request's CSRF token and messages put in, no template; a version not seen before
that shows a state seen before (in another game, match or browser) costs its ids and score
put in."""

from __future__ import annotations

import dataclasses
import operator
import re
import secrets
import weakref
from collections.abc import Callable

from flask import current_app, get_flashed_messages, request

from ...rules.match import SEAT_IDS, Match, Score
from ..cycle.matches import Current
from ..live.shared import Shared
from ..views import fragments
from ..views.viewer import viewer

# Shared as the live parts are: a page asked for while it is being made is waited for.
_WHOLE: Shared[tuple[object, ...], str] = Shared(1024)
# The pages of states, with marks in place of what differs between the versions that show one.
_BY_STATE: Shared[tuple[object, ...], str] = Shared(1024)

# What a board shows of its match but for its game's id and its score, which are put in.
_PUT_IN = frozenset({"game_id", "score"})
_SHOWN = operator.attrgetter(*(f.name for f in dataclasses.fields(Match) if f.name not in _PUT_IN))
# Ids put in as they are: their alphabet is the same escaped in HTML and quoted in a URL.
_PLAIN = re.compile(r"[A-Za-z0-9_-]*")


def _number() -> int:
    """A mark for a number: random, of 19 digits, so that no page text contains it."""
    return 10**18 + secrets.randbelow(9 * 10**18)


_VERSION, _DRAWS = _number(), _number()
_WINS = {seat: _number() for seat in SEAT_IDS}
_NUMBERS = {mark: str(mark) for mark in (_VERSION, _DRAWS, *_WINS.values())}  # as pages show them
_MATCH_ID, _GAME_ID = f"match{secrets.token_hex(16)}", f"game{secrets.token_hex(16)}"


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
    # The app too: the pages of one process's apps (tests make many) are theirs alone; weakly,
    # so that a closed app (its stores and their files) is not kept alive by its pages.
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    # The method too: a HEAD's header links back to the board, a GET's to its own path.
    return (viewed, request.method, request.full_path, weakref.ref(app))


def page(kept_as: tuple[object, ...], make: Callable[[], str]) -> str:
    """The page kept as ``kept_as`` (made by ``make``, with the marks, if it is not), with
    this request's CSRF token and flashed messages put in."""
    return fragments.filled(_WHOLE.get(kept_as, make))


def of_state(
    current: Current,
    kept_as: tuple[object, ...],
    shown_as: tuple[object, ...],
    make: Callable[[Current, tuple[object, ...]], str],
) -> str:
    """The page of ``current`` (kept as ``kept_as``; ``shown_as``: its viewer as it sees
    it), made from the page of the state it shows, which ``make`` makes (with the marks) for a
    match with marks in place of its ids, version and score and a key that names the state."""
    match = current.match
    if not (_PLAIN.fullmatch(current.match_id) and _PLAIN.fullmatch(match.game_id)):
        return make(current, kept_as)
    state = (_SHOWN(match), shown_as, *kept_as[1:])
    marked = _BY_STATE.get(state, lambda: make(_marked(current), state))
    score = match.score
    values = (
        (_NUMBERS[_VERSION], current.version),
        (_NUMBERS[_DRAWS], score.draws),
        *((_NUMBERS[mark], score.wins.get(seat, 0)) for seat, mark in _WINS.items()),
    )
    for mark, value in values:
        marked = marked.replace(mark, str(value))
    return marked.replace(_MATCH_ID, current.match_id).replace(_GAME_ID, match.game_id)


def _marked(current: Current) -> Current:
    """``current`` with marks in place of its match's id, version, game id and score."""
    score = Score(dict(_WINS), _DRAWS)
    match = dataclasses.replace(current.match, game_id=_GAME_ID, score=score)
    return dataclasses.replace(current, match=match, match_id=_MATCH_ID, version=_VERSION)


def made() -> int:
    """How many pages this process made to keep (the tests count them)."""
    return _WHOLE.made


def states_made() -> int:
    """How many pages of states this process made (the tests count them)."""
    return _BY_STATE.made
