"""Your games (``/games``): the games this browser finished, newest first, its record above
them, each game's replay and review, and clearing the list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue

from ...engine import LEVELS, N_, TicTacToeError
from ...rules import records
from ...store.history import MOST
from ..cycle import matches
from ..cycle.matches import Current
from ..cycle.played import history
from ..site import browsers
from ..site.errors import render_error
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views import grid, review
from ..views.naming import level_word
from . import replay

bp = Blueprint("games", __name__)

PER_PAGE = 20
NO_GAME = N_("This game is not in your list of games: it may have been cleared or expired.")
RESULTS = {"won": N_("Won"), "lost": N_("Lost"), "drawn": N_("Drawn"), "aborted": N_("Aborted"),
           "X": N_("X won"), "O": N_("O won")}  # fmt: skip
HOW = {"line": N_("three in a row"), "draw": N_("full board"), "resign": N_("resignation"),
       "time": N_("time"), "abort": N_("aborted"), "claim": N_("win claimed")}  # fmt: skip


@dataclass(frozen=True)
class GameRow:
    """One game of the list, in the viewer's words."""

    game_id: str
    opponent: str
    side: str
    result: str
    ended_by: str
    when: str


@dataclass(frozen=True)
class RecordRow:
    """Games played, won, drawn and lost against one kind of opponent."""

    against: str
    played: int
    won: int
    drawn: int
    lost: int


def opponent_name(kind: str) -> str:
    """Whom a game was played against, in the page's language."""
    if kind in LEVELS:
        return _("Computer (%(level)s)", level=level_word(kind))
    names = {
        "friend": _("A friend"),
        "someone": _("Someone online"),
        "self": _("Two players on this device"),
        "computers": _("Computer against computer"),
    }
    return names.get(kind, kind)


def row(entry: dict[str, Any]) -> GameRow:
    """A listed game as the page shows it."""
    when = datetime.fromtimestamp(float(entry.get("when", 0)), UTC)
    side = entry.get("side", "")
    result, how = RESULTS.get(str(entry.get("result")), ""), HOW.get(str(entry.get("ended_by")), "")
    return GameRow(
        game_id=str(entry.get("game_id", "")),
        opponent=opponent_name(str(entry.get("opponent", ""))),
        side=_("both") if side == "both" else str(side),
        result=_(result) if result else "",
        ended_by=_(how) if how else "",
        when=when.strftime("%Y-%m-%d %H:%M UTC"),
    )


def record(entries: list[dict[str, Any]]) -> tuple[RecordRow, ...]:
    """The record against each computer level and against people; practice games (from a
    chosen position) and aborted ones do not count."""
    groups = {level: level for level in LEVELS} | {"friend": "people", "someone": "people"}
    counts: dict[str, list[int]] = {group: [0, 0, 0, 0] for group in (*LEVELS, "people")}
    for entry in entries:
        group = groups.get(entry.get("opponent", ""))
        result = entry.get("result")
        if group is None or entry.get("practice") or result not in ("won", "drawn", "lost"):
            continue
        counts[group][0] += 1
        counts[group][("won", "drawn", "lost").index(result) + 1] += 1
    names = {level: opponent_name(level) for level in LEVELS} | {"people": _("People")}
    return tuple(RecordRow(names[group], *figures) for group, figures in counts.items())


@bp.get("/games")
def games() -> ResponseReturnValue:
    """The list of this browser's games (``?page=n``), with its record above it."""
    number = request.args.get("page", "1")
    page = int(number) if number.isascii() and number.isdigit() and len(number) < 6 else 1
    page = max(page, 1)
    matches.current()  # notes the game of this browser's match if it ended since last seen
    browser = browsers.browser_id()
    shown, total = history().page(browser, (page - 1) * PER_PAGE, PER_PAGE)
    everything, _count = history().page(browser, 0, MOST)
    pages = max(1, (total + PER_PAGE - 1) // PER_PAGE)
    return render(
        "games.html", rows=tuple(row(entry) for entry in shown), record=record(everything),
        page=page, pages=pages, total=total,
    )  # fmt: skip


@bp.post("/games/clear")
def clear() -> ResponseReturnValue:
    """Forget this browser's list of games (and so its record)."""
    history().clear(browsers.browser_id())
    flash(_("Your list of games was cleared."), "info")
    return redirect(url_for(".games"), code=303)


@bp.get("/games/<game_id>")
def game(game_id: str) -> ResponseReturnValue:
    """A listed game's replay (``?ply=n``, the end by default) and its review."""
    entries, _count = history().page(browsers.browser_id(), 0, MOST)
    entry = next((e for e in entries if e.get("game_id") == game_id), None)
    if entry is None:
        return render_error(404, _(NO_GAME))
    try:
        match, held = records.replayed_match(entry)
    except (TicTacToeError, ValueError):
        return render_error(404, _(NO_GAME))
    current = Current(match, "", 0, held)
    last = match.game.ply
    number = request.args.get("ply", "")
    ply = int(number) if number.isascii() and number.isdigit() and int(number) <= last else last
    return render(
        "games_game.html", view=replay.build(current, ply), review=review.build(current),
        entry=row(entry), moves=grid.moves(match.game),
    )  # fmt: skip
