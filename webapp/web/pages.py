"""The pages a browser reads: the board, the setup form (and starting from it), the replay."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from flask import (
    Blueprint,
    flash,
    get_template_attribute,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ..engine import LEVELS, N_, Board, Game, TicTacToeError
from ..rules import Match, check_start, seats
from ..rules.online import new_secret
from ..store import new_match_id
from . import i18n, limits, matches, online, review, views
from .errors import render_error
from .forms import change_board, to_board
from .i18n import gettext as _
from .i18n import ngettext, said

bp = Blueprint("pages", __name__)

BAD_PARAMETERS = N_("Bad parameters!")
NO_MATCH = N_("There is no match at this address: it may have expired.")
POSITION_LIMIT = 20  # characters of a position kept from a form or link
OTHER_GAME = N_(
    "This replay link is for another game than the one this browser is playing (an earlier "
    "one is not kept): only the current game can be replayed."
)
ONLINE_IN_PLAY = N_("Resign or abort this online game first: your friend is still playing it.")
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
    match = current.match
    seat = views.seating(current)
    parts = board_parts(match.game, match.first, hint, request.script_root, seat, i18n.language())
    extra = online.parts(current) if match.online or current.watching else None
    score = views.build_score(current)
    return render_template("board.html", parts=parts, current=current, score=score, online=extra)


@bp.get("/watch/<match_id>")
def watch(match_id: str) -> ResponseReturnValue:
    """A match's live board, read-only, for anyone with the link; its players get their own."""
    if session.get(matches.MATCH_KEY) == match_id:
        return redirect(url_for(".index"), code=303)
    current = matches.watched(match_id)
    if current is None:
        return render_error(404, _(NO_MATCH))
    return board(current)


@dataclass(frozen=True)
class BoardParts:
    """The view of a game state and the part of the board page rendered from it alone."""

    view: views.BoardView
    top: Markup  # the page down to <main>, its title the game's status, and its refresh
    status: Markup  # the status line and its note, for the banner above the board
    game: Markup  # the grid, the game's buttons and the players
    move_url: str
    reset_url: str
    share_path: str  # the setup form filled with this position and these players
    replay_path: str  # the replay of move n is at this path followed by n


# Rendering took most of a board request, and a game state is shown again and again (every
# page after a move, every player in the same position), so the game's part of the page is
# kept per process. It holds nothing of a match or a session: the game's id (in the replay
# links), the token, the version, the score and messages are rendered around it. A game id in
# the key made every game's states new, and nearly every page a miss. script_root is in the
# key because its links start with it; so is how the viewer sits (player, spectator, online),
# and the request's language, in which its texts are written.
@functools.lru_cache(maxsize=4096)
def board_parts(
    game: Game, first: str, hint: bool, script_root: str, seat: views.Seating, language: str
) -> BoardParts:
    """The board page's parts for this game state (the arguments are the cache's key);
    ``language`` must be the request's, which the texts are rendered in."""
    view = views.build(Match(game, first=first), hint, seat)
    top = get_template_attribute("_layout.html", "top")
    return BoardParts(
        view,
        top=Markup(top(view.status, refresh=view.waiting, live=seat.online or seat.you is None)),
        status=Markup(get_template_attribute("_game.html", "status")(view)),
        game=Markup(get_template_attribute("_game.html", "game")(view)),
        move_url=url_for("forms.move"),
        reset_url=url_for("forms.reset_score"),
        share_path=url_for("pages.setup", position=game.board.to_string(), x=game.x, o=game.o),
        replay_path=url_for("pages.replay", ply=0).removesuffix("0"),
    )


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
            check_start(Board.from_string(position))
        except TicTacToeError as error:
            problem = said(error)
    return render_template("setup.html", chosen=chosen, kinds=seats.KINDS, problem=problem)


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
        check_start(start)
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
    chosen = request.form.get("mode")
    match = matches.current().match
    game = match.game
    if match.online is not None and not match.is_over:  # the friend is still playing
        flash(_(ONLINE_IN_PLAY), "error")
        return to_board()
    if chosen == "restart":
        return change_board(lambda seen: seats.local(seen.match).restart())
    you = "O" if game.o == "user" and game.x != "user" else "X"
    if chosen == "two":
        x, o = "user", "user"
    elif chosen in LEVELS or chosen == seats.FRIEND:
        x, o = ("user", chosen) if you == "X" else (chosen, "user")
    else:
        flash(_(BAD_PARAMETERS), "error")
        return to_board()
    return _begin(x, o, Board(), toss=False)


def _begin(x: str, o: str, start: Board, toss: bool) -> ResponseReturnValue:
    """A new game of ``x`` against ``o`` from ``start``: online with a friend, else on this
    device (the same match while the players are the same)."""
    try:
        online = seats.online_game(x, o, start)
    except TicTacToeError as error:
        flash(said(error), "error")
        return redirect(url_for(".setup", x=x, o=o), code=303)
    if online is not None:
        return _invite(online[0], online[1], toss)
    game = Game(x=x, o=o, start=start)
    # A game on this device never replaces an online match, which the friend still plays.
    fresh = new_match_id() if matches.current().match.online else None
    current = matches.change(lambda seen: seen.match.new_game(game, toss=toss), match_id=fresh)
    if toss:
        flash(views.toss_line(current.match.names), "info")
    return to_board(accepted=True)


def _invite(game: Game, first: str, toss: bool) -> ResponseReturnValue:
    """A new online match, player 1 seated in this browser: the board shows the invite."""
    key = new_secret()
    current = matches.change(
        lambda seen: seats.opened(game, first, toss, key), match_id=new_match_id(), key=key
    )
    if toss:
        if current.you == "X":
            flash(_("The coin toss chose you to play X."), "info")
        else:
            flash(_("The coin toss chose your friend to play X."), "info")
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
    return value if value in seats.KINDS else None


def _text(value: str | None) -> str:
    """``value``, or the empty string when it is missing."""
    return value if isinstance(value, str) else ""
