"""The setup form (posted to the entry table's ``new`` row) and the mode bar."""

from __future__ import annotations

from flask import Blueprint, flash, request
from flask.typing import ResponseReturnValue

from ...engine import BOARD_NAMES, PLAYER_KINDS, SIZES, Board, Game, TicTacToeError, parse_board
from ...rules import FRIEND, actions, seating
from .. import action_views
from ..action_table import BY_NAME
from ..cycle import matches
from ..site import limits
from ..site.errors import to_board
from ..site.i18n import gettext as _
from ..site.i18n import render, said
from ..site.refusals import BAD_FORM
from ..views.sentences import toss_line
from . import arenas

bp = Blueprint("setup", __name__)

BAD_PARAMETERS = BAD_FORM.message
KINDS = (*PLAYER_KINDS, FRIEND)  # the setup form's choices for each side
POSITION_LIMIT = 60  # characters of a position kept from a form or link (7x7 has 49)


@bp.get("/new")
def setup() -> ResponseReturnValue:
    """The setup form, filled with the current players or with those of the query string.

    A shared link (``/new?position=…&x=…&o=…&board=…``) only fills the form: nothing starts
    until the person presses Start. Unknown players are ignored and a bad position (for the
    board chosen) is explained.
    """
    game = matches.current().match.game
    position = _text(request.args.get("position"))[:POSITION_LIMIT]
    board = _board(request.args.get("board"), position, game)
    chosen = {
        "x": kind(request.args.get("x")) or game.x,
        "o": kind(request.args.get("o")) or game.o,
        "position": position,
        "board": board,
    }
    problem = None
    if position.strip():
        try:
            actions.check_start(Board.from_string(position, parse_board(board)))
        except TicTacToeError as error:
            problem = said(error)
    return render("setup.html", chosen=chosen, kinds=KINDS, problem=problem)


@bp.post("/mode")
def mode() -> ResponseReturnValue:
    """The mode bar above the board: Two players, a computer level against the person, a
    friend online, or Restart (this game again from its start). Against the computer, the
    person keeps their side. An online game still being played is left only by resigning or
    aborting it, never by a click here."""
    chosen = request.form.get("mode", "")
    if action_views.posted_twice("mode", "board"):  # mode=restart&mode=hard: which was meant?
        chosen = ""  # refused below, as an unknown mode is
    if chosen == "restart":
        return action_views.from_form(BY_NAME["restart"])
    seen = matches.current()
    kinds = seating.mode_kinds(seen.match, seen.held, chosen)
    # A board the bar does not offer (9x9) is refused as an unknown mode is; none posted
    # (the bar's select is disabled while an online game is played) keeps this game's.
    board = request.form.get("board") or seen.match.game.start.geometry.name
    if kinds is None or board not in BOARD_NAMES:
        flash(_(BAD_PARAMETERS), "error")
        return to_board()
    size = parse_board(board)
    with limits.creating:  # a new match counts; Restart, above, creates nothing
        return _begin(kinds[0], kinds[1], Board(size), toss=False)


def _begin(x: str, o: str, start: Board, toss: bool, clock: int = 0) -> ResponseReturnValue:
    """A new game of ``x`` against ``o`` from ``start``, with ``clock`` seconds per move:
    online with a friend, else on this device (the same match while the players are the
    same)."""
    if FRIEND in (x, o):  # an arena it waits in would pair it away from the friend
        arenas.step_out()
    current, _outcome = matches.begin(x, o, start, toss, clock)
    if toss:
        flash(toss_line(current), "info")
    return to_board(accepted=True)


def _board(asked: str | None, position: str, game: Game) -> str:
    """The board the form chooses: the link's, else the one whose size a position's cells
    fill (a shared link made before links named their board), else the current game's."""
    if asked in BOARD_NAMES:
        return asked
    cells = len(position.strip())
    return next((f"{n}x{n}" for n in SIZES if n * n == cells), game.start.geometry.name)


def clock(value: str | None) -> int | None:
    """The posted time per move in whole seconds (0, or missing: none); ``None`` if it is not
    a number (the rules refuse one out of range, saying so)."""
    if not value:
        return 0
    if value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    return None


def kind(value: str | None) -> str | None:
    """``value`` if it is a player kind (or a friend online), else ``None``."""
    return value if value in KINDS else None


def _text(value: str | None) -> str:
    """``value``, or the empty string when it is missing."""
    return value if isinstance(value, str) else ""
