"""Online takebacks: asking to take back one's last move, once per move, and the answers."""

from __future__ import annotations

from . import errors
from .actions import Event, Held, Outcome, opponent_of
from .errors import RuleError
from .match import Match
from .offers import Offer, answer

# An ask made since the last move, kept (as an offer's kind, which every move clears) after
# it is withdrawn or declined: a player asks once per move, as lichess allows, so that asking
# and withdrawing over and over cannot flood the other player's board with changes.
SPENT = "takebackasked"
TAKEBACK = Offer(
    "takeback",
    SPENT,
    errors.NO_TAKEBACK_ASKED,
    errors.OWN_TAKEBACK,
    errors.TAKEBACK_ASKED,
    errors.TAKEBACK_ONCE,
)


def takeback(match: Match, by: Held, accept: bool | None) -> Outcome:
    """Online: ask to take back one's last move (``accept`` None: or accept the other's
    asking), accept the other player's asking (``True``: the game goes back to before their
    move), or decline it, or withdraw one's own (``False``). A move made meanwhile answers it."""
    seat, asked = opponent_of(match, by), match.offered("takeback")
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    theirs = bool(asked) and asked != seat
    if theirs and accept is not False:
        count = _taken_back(match, asked)
        return Outcome(match.played(match.game.undo(count)), (Event("undone", detail=str(count)),))
    unable = errors.NOTHING_TO_TAKE_BACK if _taken_back(match, seat) == 0 else None
    return answer(match, seat, TAKEBACK, accept, unable)


def _taken_back(match: Match, seat: str) -> int:
    """How many plies a takeback of ``seat``'s last move undoes (0: it has none)."""
    mark = match.seat(seat).mark
    boards = match.game.boards
    return next((n for n in range(1, len(boards)) if boards[-1 - n].turn == mark), 0)
