"""Your games (``/games``): the games this browser finished, newest first, its record above
them, each game's replay and review, and clearing the list."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue

from ...engine import N_, TicTacToeError
from ...rules import records
from ...store.history import MOST
from ..cycle import matches
from ..cycle.matches import Current
from ..cycle.played import history
from ..site import browsers
from ..site.errors import ApiError, for_api, render_error
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..site.refusals import INVALID_FIELD, UNKNOWN_GAME
from ..text import announce
from ..views.answers import answer
from ..views.games import LIMIT, GameReplayJson, GamesJson, entry_json, record_json, replay_json
from ..views.operations import Operation, parameter, read
from ..views.viewer import viewer
from . import replay

bp = Blueprint("games", __name__)
PER_PAGE = 20
MOST_OFFSET = 1_000_000
GAMES = Operation(
    "This browser's finished games, newest first, paged, and its record against each "
    "computer level and against people.",
    {400: "`offset` or `limit` is not a whole number in its range."},
    answer=GamesJson,
    answered="A page of games, and the record.",
    query=[
        parameter(
            "offset",
            "query",
            "Games to skip (newest first).",
            type="integer",
            minimum=0,
            maximum=MOST_OFFSET,
        ),
        parameter(
            "limit",
            "query",
            f"Games in the page, at most {LIMIT}.",
            type="integer",
            minimum=1,
            maximum=LIMIT,
        ),
    ],
)
CLEARED = Operation(
    "Forget this browser's games (and so its record).", answer=GamesJson, answered="The empty list."
)
GAME = Operation(
    "A game of this browser's list: its entry, its moves and its review.",
    {404: "The game is not in this browser's list (cleared, expired, or never played here)."},
    answer=GameReplayJson,
    answered="The game, its moves and its review.",
)
BAD_NUMBER = N_("The query's %(name)s must be a whole number from %(low)d to %(high)d.")


@read(bp, "/games", "/api/games", GAMES)
def games() -> ResponseReturnValue:
    """The list of this browser's games (``?page=n``; for programs ``?offset=&limit=``),
    newest first, with its record."""
    matches.current()  # notes the game of this browser's match if it ended since last seen
    browser = browsers.browser_id()
    everything, count = history().page(browser, 0, MOST)
    if for_api():
        offset, limit = _number("offset", 0, 0, MOST_OFFSET), _number("limit", 20, 1, LIMIT)
    else:
        number = request.args.get("page", "1")
        page = int(number) if number.isascii() and number.isdigit() and len(number) < 6 else 1
        # A page past the last (an old link, games expired or cleared since) shows the last.
        last = max(1, -(-count // PER_PAGE))
        offset, limit = (min(max(page, 1), last) - 1) * PER_PAGE, PER_PAGE
    shown, total = history().page(browser, offset, limit)
    listed = [row for row in map(entry_json, shown) if row is not None]
    games = GamesJson(total, offset, limit, listed, record_json(everything))
    return answer(games) if for_api() else render("games.html", games=games)


@read(bp, "/games/clear", "/api/games", CLEARED, method="POST", api_method="DELETE")
def clear() -> ResponseReturnValue:
    """Forget this browser's list of games (and so its record); programs get the empty list."""
    history().clear(browsers.browser_id())
    if for_api():
        return answer(GamesJson(0, 0, PER_PAGE, [], record_json([])))
    flash(_("Your list of games was cleared."), "info")
    return redirect(url_for(".games"), code=303)


@read(bp, "/games/<game_id>", "/api/games/<game_id>", GAME)
def game(game_id: str) -> ResponseReturnValue:
    """A listed game's replay (``?ply=n``, the end by default) and its review; programs get
    the entry, its moves and the review (404 for a game not in this browser's list)."""
    entries, _count = history().page(browsers.browser_id(), 0, MOST)
    entry = next((e for e in entries if e.get("game_id") == game_id), None)
    try:
        if entry is None:
            raise ValueError(game_id)
        match, held = records.replayed_match(entry)
        # The replayed match keeps the listed game's id, which the review's JSON names.
        current = Current(replace(match, game_id=game_id), "", 0, held)
        listed = replay_json(entry, current)
    except (TicTacToeError, ValueError):
        return render_error(404, refusal=UNKNOWN_GAME)
    if for_api():
        return answer(listed)
    last = match.game.ply
    number = request.args.get("ply", "")
    # A short run of ASCII digits only: int() refuses "²" and a number of 5,000 digits.
    whole = number.isascii() and number.isdigit() and len(number) < 4
    ply = int(number) if whole and int(number) <= last else last
    view = replay.build(current, ply)
    # Text mode reads the position out by rows, as its board and replay do, not as a grid.
    board = match.game.boards[ply]
    words = [*announce.position(board), announce.winning(board)] if viewer(current).text else []
    return render("games_game.html", view=view, listed=listed, words=words)


def _number(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query from ``low`` to ``high``, or ``default`` when absent; a
    400 naming it otherwise."""
    text = request.args.get(name)
    if text is None:
        return default
    if text.isascii() and text.isdigit() and len(text) < 10:
        number = int(text)
        if low <= number <= high:
            return number
    raise ApiError(INVALID_FIELD, name, _(BAD_NUMBER, name=name, low=low, high=high))
