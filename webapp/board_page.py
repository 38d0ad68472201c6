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

A request then costs the lookups and four ``str.replace`` calls. The markers are HTML
comments: text that reaches a template is escaped, so nothing a player sends can forge one.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Flask, current_app, render_template, request, session
from markupsafe import Markup, escape

from . import board_view, templating
from .engine import Game
from .games import CurrentGame, Tally

CSRF = Markup("<!--slot:csrf-->")
GAME_ID = Markup("<!--slot:game-->")
SCORE = Markup("<!--slot:score-->")
MESSAGES = Markup("<!--slot:messages-->")
CACHED_PAGES = 2048  # about 5 KiB each


class BoardPages:
    """One app's rendered board pages and score panels."""

    def __init__(self, size: int = CACHED_PAGES) -> None:
        self._page = lru_cache(maxsize=size)(_render_page)
        self._score = lru_cache(maxsize=size)(_render_score)

    def render(self, current: CurrentGame, tally: Tally, hint: bool) -> str:
        """The board page of ``current`` for this request."""
        score = board_view.build_score(current, tally)
        root = request.script_root
        address = (request.scheme, request.host, root)
        page = self._page(current.game, current.first, hint, address)
        messages = render_template("_messages.html") if "_flashes" in session else ""
        return (
            page.replace(SCORE, self._score(score, root), 1)
            .replace(MESSAGES, messages, 1)
            .replace(CSRF, escape(templating.csrf_token()))
            .replace(GAME_ID, escape(current.game_id))
        )


def init_app(app: Flask) -> None:
    """Give the app its own cache: apps differ in settings, and tests make many."""
    app.extensions["board_pages"] = BoardPages()


def render(current: CurrentGame, tally: Tally, hint: bool = False) -> str:
    """The board page of ``current`` (with the hint when ``hint``), for this request."""
    pages: BoardPages = current_app.extensions["board_pages"]
    return pages.render(current, tally, hint)


def _render_page(game: Game, first: str, hint: bool, address: tuple[str, str, str]) -> str:
    # The address (scheme, host, script root) is in the key: the page's links are made of it.
    view = board_view.build(CurrentGame(game, GAME_ID, first=first), hint=hint)
    slots = {"score": SCORE, "messages": MESSAGES}
    with templating.token_placeholder(CSRF):
        return render_template("board.html", view=view, slots=slots)


def _render_score(score: board_view.ScoreView, script_root: str) -> str:
    with templating.token_placeholder(CSRF):
        return render_template("_score.html", score=score)
