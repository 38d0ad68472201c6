"""Who holds which seat of a match played from several browsers: the invite that opens one,
joining by it, and moving a seat to another browser by its link."""

from __future__ import annotations

from dataclasses import replace

from ..engine import LEVELS, Board, Game
from . import errors
from .actions import FRIEND, LEFT, Event, Held, Outcome, check_start, leave, tossed
from .errors import BadStartError, RuleError, UnknownLinkError
from .match import PERSON, Match, Seat, new_secret, other, same_secret
from .termination import Termination


class LeaveRefusedError(RuleError):
    """Going to another match (a join, a seat link, a pairing) from an online game still in
    play: ``actions.leave``'s refusal, told apart from a full match or one's own invite."""


def switch(match: Match, by: Held) -> None:
    """Refuse to go from ``match``, holding ``by``, to another match on the terms of
    ``actions.leave``: an online game in play is resigned or aborted first."""
    try:
        leave(match, by)
    except RuleError as error:
        raise LeaveRefusedError(error.refusal, **error.params) from error


def withdrawal(match: Match, by: Held) -> Outcome | None:
    """``match`` as its inviter (holding ``by``) leaves it before anyone joined, to play or
    to seek someone else: the invite withdrawn, its seat held by nobody, so that the friend
    who opens the link is told so rather than seated to wait for nobody (or for a player
    paired elsewhere meanwhile). ``None`` when there is no open invite of ``by``'s."""
    if not match.invite or "1" not in by or match.full:
        return None
    seats = (replace(match.seats[0], key=""), match.seats[1])
    return Outcome(replace(match, seats=seats), (Event("withdrawn", "1", detail="invite"),))


def departure(match: Match, by: Held) -> Outcome | None:
    """``match`` as a player holding ``by`` goes to another match, when that changes it: an
    open invite is withdrawn; a player leaving a finished game is marked gone (LEFT), its
    rematch offer with it, so the other is not started on a rematch against nobody."""
    withdrawn = withdrawal(match, by)
    if withdrawn is not None:
        return withdrawn
    if not (match.online and match.full and match.is_over and len(by) == 1) or match.arena:
        return None
    seat = next(iter(by))
    if (LEFT, seat) in match.offers:
        return None
    gone = match.with_offer("rematch", "") if match.offered("rematch") else match
    return Outcome(gone.with_offer(LEFT, seat), (Event("left", seat),))


def withdrawn(match: Match) -> bool:
    """Whether ``match``'s invite was withdrawn: the inviter's seat is held by nobody, or the
    inviter aborted the game before anyone joined (nothing is left to join)."""
    if not match.invite:
        return False
    called_off = match.termination is Termination.ABORT and not match.seat("2").key
    return called_off or not match.seat("1").key


def checked(x: str, o: str, start: Board) -> None:
    """Refuse a new game of kind ``x`` against ``o`` from ``start`` as the rules would make it
    (a finished start; a friend against anyone but you), before anything is left for it."""
    check_start(start)
    if FRIEND in (x, o) and {x, o} != {PERSON, FRIEND}:  # as invite() refuses it
        raise BadStartError(errors.FRIEND_AGAINST_YOU)


def invite(x: str, o: str, start: Board, toss: bool, key: str) -> Outcome:
    """A new match of a person in this browser (holding ``key``) against a friend invited by
    link; ``x`` and ``o`` are ``user`` and ``friend``, in either order."""
    check_start(start)
    if {x, o} != {PERSON, FRIEND}:
        raise BadStartError(errors.FRIEND_AGAINST_YOU)
    mark = "X" if x == PERSON else "O"
    mark = other(mark) if toss and tossed() else mark
    seats = (Seat("1", PERSON, mark, key), Seat("2", PERSON, other(mark)))
    match = Match(seats, Game(PERSON, PERSON, start), invite=new_secret())
    happened = (Event("tossed", detail=mark),) if toss else ()
    return Outcome(match, happened)


def join(match: Match, secret: str, key: str, by: Held) -> Outcome:
    """Seat 2 taken by the browser holding ``key``; ``by`` is what it held already."""
    if not match.invite or not same_secret(match.invite, secret):
        raise UnknownLinkError()
    if withdrawn(match):
        raise RuleError(errors.INVITE_WITHDRAWN)
    if "1" in by:
        raise RuleError(errors.OWN_INVITE)
    if "2" in by:
        raise RuleError(errors.ALREADY_SEATED)
    if match.seat("2").key:
        raise RuleError(errors.MATCH_FULL)
    seats = (match.seats[0], replace(match.seats[1], key=key))
    return Outcome(replace(match, seats=seats), (Event("joined", seat="2"),))


def take_seat(match: Match, old: str, new: str, by: Held) -> Outcome:
    """The seat held with key ``old`` held from now on with ``new``: the browser that held it,
    and the link that carried ``old``, hold nothing any more. ``by`` is what the taking
    browser holds already: the other seat's holder is refused, as its own invite is."""
    found = next((s for s in match.seats if s.key and same_secret(s.key, old)), None)
    if found is None:
        raise UnknownLinkError(errors.STALE_SEAT_LINK)
    if by - {found.id}:
        raise RuleError(errors.OTHER_SEAT_LINK)
    seats = tuple(replace(s, key=new) if s.id == found.id else s for s in match.seats)
    back = tuple(offer for offer in match.offers if offer != (LEFT, found.id))  # here again
    moved = replace(match, seats=(seats[0], seats[1]), offers=back)
    return Outcome(moved, (Event("seat_moved", seat=found.id),))


def mode_kinds(match: Match, by: Held, chosen: str) -> tuple[str, str] | None:
    """The kinds for X and O of the mode bar's choice: two people, a computer level against
    the person (who keeps their side), or a friend online; ``None`` for an unknown choice."""
    you = "O" if match.game.o == PERSON and match.game.x != PERSON else "X"
    if len(by) == 1:  # one seat of a match with another person: its side
        you = match.seat(next(iter(by))).mark
    if chosen == "two":
        return PERSON, PERSON
    if chosen in LEVELS or chosen == FRIEND:
        return (PERSON, chosen) if you == "X" else (chosen, PERSON)
    return None
