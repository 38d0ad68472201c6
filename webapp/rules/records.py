"""A finished game as a browser's list of games keeps it: who played it against whom, which
side, the result, and how it ended; plain data that every store keeps unchanged."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import Status
from ..engine.game import replayed
from .errors import LostMatchError
from .match import Match
from .termination import Termination

ENDED_BY = tuple(kind.value for kind in Termination)  # how a kept game ended
ABORTED = "Game aborted"  # the board's words for a game called off, which has no winner
STATUSES = (*(status.value for status in Status), ABORTED)  # what the API's status may say


def ended_by(match: Match) -> str | None:
    """How the current game ended (a Termination's word); ``None`` while it goes on."""
    how = match.termination
    return how.value if how is not None else None


def status(match: Match) -> str:
    """The current game's status in seed 002's words, ended off the board as well as on it:
    the winner of a game lost on time, resigned or claimed, ``Draw`` when agreed, and
    ``Game aborted`` for a game called off."""
    how = match.termination
    if how is Termination.ABORT:
        return ABORTED
    if how is Termination.AGREEMENT:
        return Status.DRAW.value
    if match.ending and match.winner:
        return (Status.X_WINS if match.winner == "X" else Status.O_WINS).value
    return match.game.board.status.value


def opponent(match: Match, held: frozenset[str]) -> str:
    """Whom the browser holding ``held`` played: a computer level, ``friend``, ``someone``
    (met by quick pairing), ``self`` (both sides on one device), or ``computers``."""
    if not held:
        return "computers"
    others = [seat for seat in match.seats if seat.id not in held]
    if not others:
        return "self"
    seat = others[0]
    if not seat.is_person:
        return seat.kind
    return "someone" if match.paired else "friend"


def entry(match: Match, match_id: str, held: frozenset[str], when: float) -> dict[str, Any]:
    """The finished game of ``match`` as the list of games of the browser holding ``held``
    keeps it: ``result`` is ``won``, ``lost``, ``drawn``, ``aborted``, or for a game where the
    browser played both sides (or neither) the winning mark, ``X`` or ``O``."""
    sides = sorted(match.seat(seat).mark for seat in held)
    side = sides[0] if len(sides) == 1 else "both"
    winner = match.winner or match.game.board.status.winner or ""
    how = ended_by(match) or "draw"
    if how == "abort":
        result = "aborted"
    elif not winner:
        result = "drawn"
    elif side == "both":
        result = winner
    else:
        result = "won" if winner == side else "lost"
    return {
        "game_id": match.game_id,
        "match_id": match_id,
        "when": when,
        "opponent": opponent(match, held),
        "side": side,
        "result": result,
        "ended_by": how,
        "x": match.game.x,
        "o": match.game.o,
        "start": match.game.start.to_string(),
        "moves": list(match.game.moves),
        **({"size": match.game.size} if match.game.size != 3 else {}),  # 3x3's form unchanged
        "practice": match.practice,
        "arena": match.arena,
    }


def replayed_match(entry: dict[str, Any]) -> tuple[Match, frozenset[str]]:
    """The finished game of a list's ``entry`` as a match (seat 1 plays X), and the seats the
    browser held in it, for its replay and review; ValueError (a TicTacToeError, or a
    LostMatchError) if the entry is not one we wrote."""
    try:
        x, o, side = entry["x"], entry["o"], entry["side"]
        game = replayed(x, o, entry["start"], tuple(entry["moves"]), entry.get("size", 3))
    except (KeyError, TypeError) as error:
        raise LostMatchError() from error
    match = replace(Match.between(x, o), game=game, paired=entry.get("opponent") == "someone")
    held = {"X": frozenset({"1"}), "O": frozenset({"2"}), "both": frozenset({"1", "2"})}
    return match, held.get(side, frozenset()) & match.people
