"""The board page: rendered once per game state, then filled in for each request.

Rendering board.html took about half of a GET / (the bare app's whole request costs less
than a tenth of it). Yet nearly all of the page is a function of the game alone: its
players, start and moves, who is player 1, whether a hint was asked for, and the address
the page is served under. Only four things differ between two sessions showing the same
game: the session's CSRF token, the game's id (both in the forms), the score panel, and
any flashed messages. So:

- the page of a game state is rendered with markers in those four places and kept, the
  most recent ``size`` per process, shared by every session that reaches that state;
- the score panel is rendered once per score and kept the same way;
- messages are rendered only on the requests that have some.

A page is kept cut at its slots, its text already encoded, so a request costs the lookups
and one join. The markers are HTML
comments: text that reaches a template is escaped, so nothing a player sends can forge one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from flask import Flask, current_app, g, render_template, request, session
from markupsafe import Markup, escape

from . import board_view, templating
from .engine import Game
from .games import CurrentGame, Tally

CSRF = Markup("<!--slot:csrf-->")
GAME_ID = Markup("<!--slot:game-->")
SCORE = Markup("<!--slot:score-->")
MESSAGES = Markup("<!--slot:messages-->")
ORIGIN = Markup("<!--slot:origin-->")  # scheme and host of the share link, from the request
_SLOT = re.compile("(<!--slot:(?:csrf|game|score|messages|origin)-->)")
CACHED_PAGES = 4096  # about 5 KiB each; play against hard reaches some 4,300 states

# A rendered page, ready to fill: encoded text, and slot markers (str) where values go.
Chunks = tuple[bytes | str, ...]


class BoardPages:
    """One app's rendered board pages and score panels."""

    def __init__(self, size: int = CACHED_PAGES) -> None:
        self._page = lru_cache(maxsize=size)(_render_page)
        self._score = lru_cache(maxsize=size)(_render_score)

    def render(self, current: CurrentGame, tally: Tally, hint: bool) -> bytes:
        """The board page of ``current`` for this request, encoded."""
        root = request.script_root
        page = self._page(current.game, current.first, hint, root)
        values: dict[str, bytes] = {
            CSRF: escape(templating.csrf_token()).encode(),
            GAME_ID: escape(current.game_id).encode(),
            # Not in the key: any client can send any Host, and must not churn the cache.
            ORIGIN: escape(f"{request.scheme}://{request.host}").encode(),
            MESSAGES: render_template("_messages.html").encode() if "_flashes" in session else b"",
        }
        values[SCORE] = _fill(self._score(board_view.build_score(current, tally), root), values)
        return _fill(page, values)


def init_app(app: Flask) -> None:
    """Give the app its own cache: apps differ in settings, and tests make many."""
    app.extensions["board_pages"] = BoardPages()


def render(current: CurrentGame, tally: Tally, hint: bool = False) -> bytes:
    """The board page of ``current`` (with the hint when ``hint``), for this request."""
    pages: BoardPages = current_app.extensions["board_pages"]
    return pages.render(current, tally, hint)


def _render_page(game: Game, first: str, hint: bool, script_root: str) -> Chunks:
    # script_root is in the key because the page's links start with it.
    view = board_view.build(CurrentGame(game, GAME_ID, first=first), hint=hint)
    slots = {"score": SCORE, "messages": MESSAGES, "origin": ORIGIN}
    with templating.token_placeholder(CSRF):
        return _chunks(render_template("board.html", view=view, slots=slots))


def _render_score(score: board_view.ScoreView, script_root: str) -> Chunks:
    # script_root is in the key because the Reset score form posts to a link that starts with it.
    with templating.token_placeholder(CSRF):
        return _chunks(render_template("_score.html", score=score))


def _chunks(page: str) -> Chunks:
    """``page`` cut at its slots: text encoded once, the markers kept as they are.

    The page is about to be shown to other sessions: if this session's signed CSRF token
    is in it (a template that got the token some way other than ``csrf_token()``), fail.
    """
    token = g.get(current_app.config["WTF_CSRF_FIELD_NAME"])
    if token and token in page:
        raise RuntimeError("a session's CSRF token reached a page shared between sessions")
    return tuple(part if _SLOT.fullmatch(part) else part.encode() for part in _SLOT.split(page))


def _fill(chunks: Chunks, values: dict[str, bytes]) -> bytes:
    return b"".join([values[part] if isinstance(part, str) else part for part in chunks])
