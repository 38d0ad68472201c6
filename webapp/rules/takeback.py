"""Online takebacks: asking to take back one's last move, once per move, and the answers."""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .actions import Event, Held, Outcome, opponent_of
from .errors import RuleError
from .match import Match

# An ask made since the last move, kept (as an offer's kind, which every move clears) after
# it is withdrawn or declined: a player asks once per move, as lichess allows, so that asking
# and withdrawing over and over cannot flood the other player's board with changes.
SPENT = "takebackasked"


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
    if accept is False:
        if not asked:
            raise RuleError(errors.NO_TAKEBACK_ASKED)
        answer = Event("declined" if theirs else "withdrawn", seat, detail="takeback")
        return Outcome(match.with_offer("takeback", ""), (answer,))
    if asked == seat:
        raise RuleError(errors.OWN_TAKEBACK if accept else errors.TAKEBACK_ASKED)
    if accept:
        raise RuleError(errors.NO_TAKEBACK_ASKED)
    if (SPENT, seat) in match.offers:
        raise RuleError(errors.TAKEBACK_ONCE)
    if _taken_back(match, seat) == 0:
        raise RuleError(errors.NOTHING_TO_TAKE_BACK)
    offers = tuple(sorted({*match.with_offer("takeback", seat).offers, (SPENT, seat)}))
    return Outcome(replace(match, offers=offers), (Event("offered", seat, detail="takeback"),))


def _taken_back(match: Match, seat: str) -> int:
    """How many plies a takeback of ``seat``'s last move undoes (0: it has none)."""
    mark = match.seat(seat).mark
    boards = match.game.boards
    return next((n for n in range(1, len(boards)) if boards[-1 - n].turn == mark), 0)
