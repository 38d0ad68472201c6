"""The pages a browser reads: the board, the setup form (and starting from it), the replay."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from ..engine import N_, PLAYER_KINDS, Board, TicTacToeError
from ..rules import FRIEND, RuleError, actions, errors
from . import limits, matches, naming, online, review, views
from .errors import render_error, to_board
from .forms import change_board
from .i18n import gettext as _
from .i18n import ngettext, said

bp = Blueprint("pages", __name__)

BAD_PARAMETERS = N_("Bad parameters!")
NO_MATCH = N_("There is no match at this address: it may have expired.")
KINDS = (*PLAYER_KINDS, FRIEND)  # the setup form's choices for each side
POSITION_LIMIT = 20  # characters of a position kept from a form or link
OTHER_GAME = N_(
    "This replay link is for another game than the one this browser is playing (an earlier "
    "one is not kept): only the current game can be replayed."
)
OTHER_REVIEW = N_(
    "This review link is for another game than the one this browser is playing (an earlier "
    "one is not kept): only the current game can be reviewed."
)


@bp.get("/")
def index() -> ResponseReturnValue:
    """The board; ``?hint=1`` adds the value of the position and marks the best cells."""
    return board(matches.current(), hint=request.args.get("hint") == "1")


def board(current: matches.Current, hint: bool = False) -> ResponseReturnValue:
    """The board page of ``current`` as this browser sees it (a player, or a spectator)."""
    view = views.build(current, hint)
    extra = online.parts(current) if current.match.online or current.watching else None
    score = views.build_score(current)
    game = current.match.game
    share = url_for("pages.setup", position=game.board.to_string(), x=game.x, o=game.o)
    return render_template(
        "board.html", view=view, current=current, score=score, online=extra, share_path=share
    )


@bp.get("/watch/<match_id>")
def watch(match_id: str) -> ResponseReturnValue:
    """A match's live board, read-only, for anyone with the link; its players get their own."""
    if session.get(matches.MATCH_KEY) == match_id:
        return redirect(url_for(".index"), code=303)
    current = matches.watched(match_id)
    if current is None:
        return render_error(404, _(NO_MATCH))
    return board(current)


@bp.get("/new")
def setup() -> ResponseReturnValue:
    """The setup form, filled with the current players or with those of the query string.

    A shared link (``/new?position=…&x=…&o=…``) only fills the form: nothing starts until the
    person presses Start. Unknown players are ignored and a bad position is explained.
    """
    game = matches.current().match.game
    position = _text(request.args.get("position"))[:POSITION_LIMIT]
    chosen = {
        "x": _kind(request.args.get("x")) or game.x,
        "o": _kind(request.args.get("o")) or game.o,
        "position": position,
    }
    problem = None
    if position.strip():
        try:
            actions.check_start(Board.from_string(position))
        except TicTacToeError as error:
            problem = said(error)
    return render_template("setup.html", chosen=chosen, kinds=KINDS, problem=problem)


@bp.post("/new")
@limits.creating
def start() -> ResponseReturnValue:
    """Start a game between the posted players, from the empty board or a position.

    With ``toss`` the coin may swap the two chosen players, so either can play X.
    """
    x, o = _kind(request.form.get("x")), _kind(request.form.get("o"))
    position = _text(request.form.get("position")).strip()
    if x is None or o is None:
        flash(_(BAD_PARAMETERS), "error")
        return redirect(url_for(".setup"), code=303)
    try:
        start = Board.from_string(position) if position else Board()
        actions.check_start(start)
    except TicTacToeError as error:
        flash(said(error), "error")
        back = url_for(".setup", x=x, o=o, position=position[:POSITION_LIMIT])
        return redirect(back, code=303)
    return _begin(x, o, start, toss=bool(request.form.get("toss")))


@bp.post("/mode")
@limits.creating
def mode() -> ResponseReturnValue:
    """The mode bar above the board: Two players, a computer level against the person, a
    friend online, or Restart (this game again from its start). Against the computer, the
    person keeps their side. An online game still being played is left only by resigning or
    aborting it, never by a click here."""
    chosen = request.form.get("mode", "")
    if chosen == "restart":
        return change_board(lambda seen: actions.restart(seen.match, seen.held))
    seen = matches.current()
    actions.leave(seen.match, seen.held)
    kinds = actions.mode_kinds(seen.match, seen.held, chosen)
    if kinds is None:
        flash(_(BAD_PARAMETERS), "error")
        return to_board()
    return _begin(kinds[0], kinds[1], Board(), toss=False)


def _begin(x: str, o: str, start: Board, toss: bool) -> ResponseReturnValue:
    """A new game of ``x`` against ``o`` from ``start``: online with a friend, else on this
    device (the same match while the players are the same)."""
    try:
        current, _outcome = matches.begin(x, o, start, toss)
    except RuleError as error:
        if error.template != errors.FRIEND_AGAINST_YOU:
            raise
        flash(said(error), "error")
        return redirect(url_for(".setup", x=x, o=o), code=303)
    if toss:
        flash(naming.toss_line(current), "info")
    return to_board(accepted=True)


@bp.get("/replay/<int:ply>")
def replay(ply: int) -> ResponseReturnValue:
    """The board after move ``ply`` (0: the start), read-only, with first/previous/next/last.

    The page's links name their game (``?game=<id>``); a link from another game (an earlier
    one, or another browser's) gets a 404 that says so instead of showing this game's move
    ``ply``. Undo keeps the game, so after one a link shows the move played in its place.
    """
    current = matches.current()
    game = current.match.game
    named = request.args.get("game")
    if named and named != current.match.game_id:
        return render_error(404, _(OTHER_GAME))
    if ply > game.ply:
        # Plural forms, though English names no unit: another language may.
        return render_error(
            404,
            ngettext(
                "This game has no move %(ply)d; it has %(num)d.",
                "This game has no move %(ply)d; it has %(num)d.",
                game.ply,
                ply=ply,
            ),
        )
    return render_template("replay.html", view=views.build_replay(current, ply))


@bp.get("/review")
def review_page() -> ResponseReturnValue:
    """The review of this browser's finished game: each move's value before and after it,
    and the first move that changed the result. Like the replay, ``?game=`` names its game."""
    current = matches.current()
    named = request.args.get("game")
    if named and named != current.match.game_id:
        return render_error(404, _(OTHER_REVIEW))
    if not current.match.is_over:
        return render_error(409, _(review.NOT_OVER))
    return render_template("review.html", view=review.build(current))


def _kind(value: str | None) -> str | None:
    """``value`` if it is a player kind (or a friend online), else ``None``."""
    return value if value in KINDS else None


def _text(value: str | None) -> str:
    """``value``, or the empty string when it is missing."""
    return value if isinstance(value, str) else ""
