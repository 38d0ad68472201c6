"""The board's view model, built from a match as one viewer sees it: the grid, the status,
the names, the moves, the buttons (from the action table) and the score."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game, evaluate
from ..cycle.matches import Current
from . import grid
from .models import BoardView, Button, ScoreView
from .naming import Seating, by_mark, label, name, seating, who
from .sentences import best_text, computer_move_line, hint_text, online_status, status_line

Buttons = Callable[[Game, Seating, bool], tuple[Button, ...]]  # the action table's, in its order


def build(
    current: Current, buttons: Buttons, hint: bool = False, offers: tuple[str, ...] = ()
) -> BoardView:
    """The view of ``current``'s match for the board page as its viewer sees it, with the
    ``buttons`` of its actions (a spectator has none), what they say of the open ``offers``
    and the hint when ``hint`` is asked."""
    seat = seating(current)
    game = current.match.game
    board = game.board
    is_over = board.is_over or bool(seat.ending)
    if seat.online:
        playable = seat.full and not is_over and seat.you == board.turn
        status = online_status(game, seat)
        waiting = seat.rematch == "you" if is_over else not (playable or seat.withdrawn)
    else:
        playable = game.person_to_move and seat.you is not None
        status = status_line(current)
        waiting = seat.you is None and not is_over
    names = {mark: label(person) for mark, person in by_mark(current).items()}
    text = hint_text(board) if hint and not seat.online and seat.you is not None else None
    best = tuple(sorted(evaluate(board).best)) if text else ()
    return BoardView(
        rows=grid.rows(game, bool(playable), set(best), landed=not waiting),
        status=status,
        x_name=names["X"],
        o_name=names["O"],
        moves=grid.moves(game),
        is_over=is_over,
        hint=text,
        best_moves=best,
        buttons=buttons(game, seat, is_over) if seat.you is not None else (),
        best_text=best_text(board, best),
        computer_move=computer_move_line(game),
        waiting=waiting,
        online=seat.online,
        can_hint=not seat.online and seat.you is not None and not is_over,
        active=bool(playable) and not board.is_over,
        mode=_mode(game, seat),
        offers=offers,
    )


def build_score(current: Current) -> ScoreView:
    """The score panel's figures: each seat by name, the viewer's own seat first."""
    match = current.match
    people = {seat.id: name(who(current, seat)) for seat in match.seats}
    order = sorted(match.seats, key=lambda seat: (seat.id not in current.held, seat.id))
    wins = tuple((people[seat.id], seat.id, match.score.wins.get(seat.id, 0)) for seat in order)
    return ScoreView(wins, match.score.draws, match.practice)


def _mode(game: Game, seat: Seating) -> str:
    """The mode bar's button for these players: ``two`` (hot seat), a computer level against a
    person, ``friend`` online, or ``""`` (computers against each other)."""
    if seat.online:
        return "friend"
    kinds = {game.x, game.o}
    if kinds == {"user"}:
        return "two"
    levels = kinds - {"user"}
    return levels.pop() if "user" in kinds and len(levels) == 1 else ""
