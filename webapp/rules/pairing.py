"""Quick pairing's match: two strangers seated at once, each by their key, sides drawn at
random."""

from __future__ import annotations

from dataclasses import replace

from ..engine import Board, Game
from . import errors
from .actions import Event, Held, Outcome, tossed
from .clock import checked
from .errors import RuleError
from .match import PERSON, Match, Seat, other
from .names import is_name


class MadeAlreadyError(RuleError):
    """The pairing's match is stored already (the other seeker's request made it): it is
    entered, not made again."""


def paired(
    waiter_key: str,
    seeker_key: str,
    clock: int,
    names: tuple[str, str] = ("", ""),
    size: int = 3,
) -> Outcome:
    """A new online match of the seeker who waited (seat 1, holding ``waiter_key``) against
    the one who arrived (seat 2, ``seeker_key``), with ``clock`` seconds per move and the
    seats' ``names`` as far as the maker knows them (see named), on the ``size`` board; the
    coin gives seat 1 X or O."""
    mark = "O" if tossed() else "X"
    first = Seat("1", PERSON, mark, waiter_key, names[0])
    seats = (first, Seat("2", PERSON, other(mark), seeker_key, names[1]))
    game = Game(PERSON, PERSON, Board(size))
    match = Match(seats, game, clock=checked(clock), paired=True)
    return Outcome(match, (Event("joined", seat="2"), Event("tossed", detail=mark)))


def named(match: Match, by: Held, name: str) -> Outcome:
    """``match`` with ``name`` on the seats ``by`` holds that have none: a seeker's name is
    put on its seat when it enters the match the other seeker's request made. Nothing
    happens (no event) when every such seat is named already."""
    if not is_name(name):
        raise RuleError(errors.BAD_NAME)
    seats = tuple(
        replace(seat, name=name) if seat.id in by and not seat.name else seat
        for seat in match.seats
    )
    if seats == match.seats:
        return Outcome(match, ())
    return Outcome(replace(match, seats=(seats[0], seats[1])), (Event("named"),))
