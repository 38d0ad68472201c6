"""The replay page: the board after any move of the current game, read-only."""

from __future__ import annotations

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from ...engine import N_
from ..cycle import matches
from ..cycle.matches import Current
from ..site.errors import render_error
from ..site.i18n import gettext as _
from ..site.i18n import ngettext, render
from ..text import text_board
from ..views import grid
from ..views.models import ReplayView
from ..views.sentences import status_line
from ..views.viewer import viewer

bp = Blueprint("replay", __name__)

OTHER_GAME = N_(
    "This replay link is for another game than the one this browser is playing (an earlier "
    "one is not kept): only the current game can be replayed."
)


@bp.get("/replay/<int:ply>")
def replay(ply: int) -> ResponseReturnValue:
    """The board after move ``ply`` (0: the start), read-only, with first/previous/next/last.

    The page's links name their game (``?game=<id>``); a link from another game (an earlier
    one, or another browser's) gets a 404 that says so instead of showing this game's move
    ``ply``. Undo keeps the game, so after one a link shows the move played in its place.
    ``?match=`` names a watched match (a spectator's links), else it is this browser's.
    """
    current = matches.looked_at(request.args.get("match", ""))
    if current is None:
        return render_error(404)
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
    if viewer(current).text:
        return text_board.replay(current, build(current, ply))
    return render("replay.html", view=build(current, ply))


def build(current: Current, ply: int) -> ReplayView:
    """The board after move ``ply`` (0 is the start position); ``ply`` must be in range."""
    game = current.match.game
    board = game.boards[ply]
    moves = grid.moves(game)
    if ply == 0:
        caption = _("Start position, before move 1 of %(total)d", total=game.ply)
    else:
        move = moves[ply - 1]
        caption = _(
            "After move %(ply)d of %(total)d: %(mark)s %(cell)s",
            ply=ply,
            total=game.ply,
            mark=move.mark,
            cell=move.cell,
        )
    return ReplayView(
        rows=grid.rows(game, playable=False, best=set(), ply=ply),
        status=status_line(current, board),
        is_over=board.is_over,
        caption=caption,
        moves=moves,
        ply=ply,
        last=game.ply,
        game_id=current.match.game_id,
        reviewable=current.match.is_over and not current.watching,  # a player's own review
        match_id=current.match_id if current.watching else "",
    )
