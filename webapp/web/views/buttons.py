"""The board's buttons of each action, as its viewer sees them: which ones show, their words,
and whether they are pressed already (the action table names each row's)."""

from __future__ import annotations

from ...engine import Game
from ...rules import draw as drawn
from ...rules.actions import LEFT
from ...rules.takeback import SPENT
from ..site.i18n import gettext as _
from .models import Button
from .naming import Seating


def _offline(game: Game, seat: Seating, is_over: bool) -> bool:
    """Whether the viewer plays this match on one device (not online, not a spectator)."""
    return seat.you is not None and not seat.online


def step(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if not _offline(game, seat, is_over) or not game.is_computer_vs_computer or is_over:
        return ()
    return (
        Button("forms.step", _("Next move"), primary=True),
        Button("forms.finish", _("Play to the end")),
    )


def again(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if not _offline(game, seat, is_over) or not is_over:
        return ()
    return (Button("forms.play_again", _("Play again"), primary=True),)


def swap(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if not _offline(game, seat, is_over) or not is_over:
        return ()
    return (Button("forms.swap_sides", _("Swap sides")),)


def undo(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if not _offline(game, seat, is_over):
        return ()
    return (Button("forms.undo", _("Undo"), disabled=game.undo_count() == 0),)


def _in_play(seat: Seating, is_over: bool) -> bool:
    """Whether the viewer plays an online game still going."""
    return seat.you is not None and seat.online and not is_over


def abort(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    """Abort, before each side has moved once (Resign after)."""
    return (Button("forms.abort", _("Abort")),) if _in_play(seat, is_over) and game.ply < 2 else ()


def resign(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    shown = _in_play(seat, is_over) and game.ply >= 2
    return (Button("forms.resign", _("Resign")),) if shown else ()


def takeback(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    """Ask to take back one's last move, or answer the other player's asking."""
    if not _in_play(seat, is_over):
        return ()
    moved = any(board.turn == seat.you for board in game.boards[:-1])
    words = (_("Accept the takeback"), _("Decline the takeback"), _("Takeback asked"))
    return _offer(seat, "takeback", SPENT, words, _("Ask to take back"), not moved)


def draw(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    """Offer a draw while the game goes on, or answer the other player's offer."""
    if not _in_play(seat, is_over) or not seat.full:
        return ()
    words = (_("Accept the draw"), _("Decline the draw"), _("Draw offered"))
    return _offer(seat, "draw", drawn.SPENT, words, _("Offer a draw"), False)


def _offer(
    seat: Seating, kind: str, spent: str, words: tuple[str, str, str], make: str, barred: bool
) -> tuple[Button, ...]:
    """An offer's buttons (``words``: accept, decline, made): answer the other player's, see
    one's own made, or make one (once per move: not after ``spent``, nor when ``barred``)."""
    form = f"forms.{kind}"
    if seat.offer(kind) == "friend":
        return (Button(form, words[0], primary=True, value="1"), Button(form, words[1], value="0"))
    if seat.offer(kind) == "you":
        return (Button(form, words[2], disabled=True),)
    return (Button(form, make, disabled=barred or seat.offer(spent) == "you"),)


def rematch(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if seat.you is None or not seat.online or not is_over:
        return ()
    if seat.offer(LEFT) == "friend":  # gone to another match: nobody to accept one
        gone = _("Your opponent left") if seat.paired else _("Your friend left")
        return (Button("forms.rematch", gone, disabled=True),)
    if seat.rematch == "friend":
        return (Button("forms.rematch", _("Accept the rematch"), primary=True),)
    if seat.rematch == "you":
        return (Button("forms.rematch", _("Rematch offered"), disabled=True),)
    return (Button("forms.rematch", _("Offer a rematch"), primary=True),)
