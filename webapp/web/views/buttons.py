"""The board's buttons of each action, as its viewer sees them: which ones show, their words,
and whether they are pressed already (the action table names each row's)."""

from __future__ import annotations

from ...engine import Game
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
    if seat.offer("takeback") == "friend":
        return (
            Button("forms.takeback", _("Accept the takeback"), primary=True, value="1"),
            Button("forms.takeback", _("Decline the takeback"), value="0"),
        )
    if seat.offer("takeback") == "you":
        return (Button("forms.takeback", _("Takeback asked"), disabled=True),)
    moved = any(board.turn == seat.you for board in game.boards[:-1])
    spent = seat.offer(SPENT) == "you"  # once per move
    return (Button("forms.takeback", _("Ask to take back"), disabled=not moved or spent),)


def rematch(game: Game, seat: Seating, is_over: bool) -> tuple[Button, ...]:
    if seat.you is None or not seat.online or not is_over:
        return ()
    if seat.rematch == "friend":
        return (Button("forms.rematch", _("Accept the rematch"), primary=True),)
    if seat.rematch == "you":
        return (Button("forms.rematch", _("Rematch offered"), disabled=True),)
    return (Button("forms.rematch", _("Offer a rematch"), primary=True),)
