"""Everything a player can do to a match, once for every kind of match: each action takes the
match, the seats the acting browser holds and its parameters; it returns the changed match
and what happened, or raises a RuleError and changes nothing."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..engine import Board, Game, GameOverError
from . import errors
from .errors import BadStartError, OnlyComputersError, RuleError
from .match import Match, Score, Seat, new_game_id, other
from .termination import Termination

Held = frozenset[str]  # the ids of the person seats the acting browser holds
RESIGN, ABORT, CLAIM = Termination.RESIGN, Termination.ABORT, Termination.CLAIM
ABSENCE_LIMIT = 120.0  # seconds without a page or stream before the other player may claim
FRIEND = "friend"  # the setup form's kind for a person on another device, invited by link
LEFT = "left"  # kept among a match's offers: the seat that left its finished game for another
coin = random.SystemRandom()  # the setup form's coin; tests replace it with a fixed one


@dataclass(frozen=True)
class Event:
    """One thing an action did: ``moved`` (``seat`` played ``cell``), ``ended`` (the
    Termination in ``detail``), ``new_game``, ``undone``, ``joined``, ``offered``, ``declined``
    or ``withdrawn`` (the offer's kind in ``detail``), ``seat_moved``, ``score_reset``,
    ``left`` or ``tossed`` (``detail`` the mark the coin gave seat 1)."""

    what: str
    seat: str = ""
    cell: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Outcome:
    """The match after an action, and what happened, in order."""

    match: Match
    happened: tuple[Event, ...] = ()


def move(match: Match, by: Held, cell: str) -> Outcome:
    """The move ``cell`` by the seat to move, which ``by`` must hold; then the computer's
    replies, as long as a computer plays a person."""
    if not by and match.people:
        raise RuleError(errors.SPECTATOR)
    if match.ending:
        raise RuleError(errors.GAME_ENDED)
    if not match.full:
        raise RuleError(errors.WAITING_FOR_FRIEND)
    board = match.game.board
    mover = match.playing(board.turn)
    if not board.is_over and mover is not None and mover.id not in by:
        raise RuleError(errors.NOT_YOUR_TURN if mover.is_person else errors.COMPUTER_TO_MOVE)
    return _replied(match, match.game.play(cell))


def step(match: Match, by: Held, to_the_end: bool) -> Outcome:
    """Between two computers: the next move, or every move left."""
    _owner(match, by)
    game = match.game
    if not game.is_computer_vs_computer:
        raise OnlyComputersError(errors.ONLY_COMPUTERS)
    if game.board.is_over:
        raise GameOverError(game.board.status)
    played = _played(match, game.play_computer())
    while to_the_end and not played.match.game.board.is_over:
        played = _played(played.match, played.match.game.play_computer(), played.happened)
    return played


def undo(match: Match, by: Held) -> Outcome:
    """The last move taken back, or against the computer its reply and the move before."""
    _owner(match, by)
    count = match.game.undo_count()
    if count == 0:
        raise RuleError(errors.NOTHING_TO_UNDO)
    return Outcome(match.played(match.game.undo(count)), (Event("undone", detail=str(count)),))


def new_game(match: Match | None, by: Held, x: str, o: str, start: Board, toss: bool) -> Outcome:
    """A game of kind ``x`` against kind ``o`` from ``start`` in this browser. The same
    players keep their seats and score (a person keeps theirs on either side); other players,
    or a match that was online, make a new match. With ``toss`` the coin may swap the sides."""
    check_start(start)
    if match is not None:
        leave(match, by)
    swap = toss and tossed()
    if swap:
        x, o = o, x
    same = match is not None and sorted((x, o)) == sorted(s.kind for s in match.seats)
    if match is None or match.online or not same:
        first = Seat("1", o, "O") if swap else Seat("1", x, "X")
        second = Seat("2", x, "X") if swap else Seat("2", o, "O")
        match = Match((first, second), Game(x, o, start))
    else:
        match = match.with_seats(_seated(match.seats, x, o, swap))
    happened = (Event("tossed", detail=match.seat("1").mark),) if toss else ()
    return _started(match, Game(x, o, start), happened)


def again(match: Match, by: Held) -> Outcome:
    """A new game from the empty board (of the same size), the same players on the same sides."""
    _owner(match, by)
    return _started(match, Game(match.game.x, match.game.o, Board(match.game.size)))


def restart(match: Match, by: Held) -> Outcome:
    """The current game again from its start; a game left unfinished counts for nobody."""
    _owner(match, by)
    return _started(match, Game(match.game.x, match.game.o, match.game.start))


def swap(match: Match, by: Held) -> Outcome:
    """A new game from the empty board in which the two seats swap marks."""
    _owner(match, by)
    return _swap(match)


def reset_score(match: Match, by: Held) -> Outcome:
    """The score back to nothing; the game goes on."""
    _owner(match, by)
    return Outcome(replace(match, score=Score()), (Event("score_reset"),))


def rematch(match: Match, by: Held) -> Outcome:
    """Offer a rematch of the finished game, or accept the other player's: a new game with
    the sides swapped. Playing both sides (or the computer), it starts at once."""
    if match.people <= by:  # nobody else to ask (one device, or two computers)
        if not match.is_over:
            raise RuleError(errors.NOT_OVER)
        return _swap(match)
    seat = _seat_of(match, by)
    if not match.is_over:
        raise RuleError(errors.NOT_OVER)
    if match.arena:  # the arena pairs its players again, each with whoever waits
        raise RuleError(errors.ARENA_GAME)
    if any(kind == LEFT and gone != seat for kind, gone in match.offers):
        raise RuleError(errors.OPPONENT_LEFT[match.paired])
    offered = match.offered("rematch")
    if offered == seat:
        raise RuleError(errors.ALREADY_OFFERED)
    if offered:
        return _swap(match)
    return Outcome(match.with_offer("rematch", seat), (Event("offered", seat, detail="rematch"),))


def resign(match: Match, by: Held) -> Outcome:
    """The acting player gives up the game: it counts as a win for the other."""
    seat = opponent_of(match, by)
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if not match.full:  # nobody to win it: leave, or abort
        raise RuleError(errors.WAITING_FOR_FRIEND)
    winner = other(match.seat(seat).mark)
    return Outcome(match.ended(RESIGN, winner), (Event("ended", seat, detail=RESIGN),))


def abort(match: Match, by: Held) -> Outcome:
    """The game called off before each side has moved once; it counts for nobody."""
    seat = opponent_of(match, by)
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if match.game.ply >= 2:
        raise RuleError(errors.TOO_LATE_TO_ABORT)
    return Outcome(match.ended(ABORT, ""), (Event("ended", seat, detail=ABORT),))


def claim(match: Match, by: Held, absent_for: float) -> Outcome:
    """The win claimed from an opponent to move who has been away for ``absent_for`` s."""
    seat = opponent_of(match, by)
    mark = match.seat(seat).mark
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if not match.full or match.game.board.turn == mark:
        raise RuleError(errors.NO_CLAIM[match.paired])
    if match.clock and match.deadline:  # their clock runs: it ends the game if they never come
        raise RuleError(errors.CLOCK_RUNS_NO_CLAIM[match.paired])
    if absent_for < ABSENCE_LIMIT:
        too_soon = errors.TOO_SOON_TO_CLAIM[match.paired]
        raise RuleError(too_soon)
    return Outcome(match.ended(CLAIM, mark), (Event("ended", seat, detail=CLAIM),))


def can_claim(match: Match, by: Held, absent_for: float) -> bool:
    """Whether :func:`claim` would be allowed now."""
    try:
        claim(match, by, absent_for)
    except RuleError:
        return False
    return True


def tossed() -> bool:
    """The coin toss of the setup form: ``True`` means the two chosen players swap sides."""
    return coin.random() < 0.5


def leave(match: Match, by: Held) -> None:
    """Refuse to leave an online game still being played from one of its seats: the
    opponent would be left playing nobody. A match nobody has joined yet is left freely."""
    if match.online and by and match.full and not match.is_over:
        raise RuleError(errors.STRANGER_IN_PLAY if match.paired else errors.ONLINE_IN_PLAY)


def check_start(board: Board) -> None:
    """Refuse ``board`` as a game's start when its game is over, saying how it ended."""
    if board.is_over:
        winner = board.status.winner
        if winner is None:
            raise BadStartError(errors.FINISHED_DRAW)
        raise BadStartError(errors.FINISHED_WON, mark=winner)


def _replied(match: Match, game: Game) -> Outcome:
    """The person's move ``game``, then the computer's replies."""
    return _computer_replies(_played(match, game))


def _computer_replies(played: Outcome) -> Outcome:
    """``played`` and the computer's replies after it, until a person is to move."""
    while played.match.game.computer_to_move and not played.match.game.is_computer_vs_computer:
        played = _played(played.match, played.match.game.play_computer(), played.happened)
    return played


def _played(match: Match, game: Game, before: tuple[Event, ...] = ()) -> Outcome:
    """``match`` after the one move that makes ``game``, with the events it adds."""
    mover = match.playing(match.game.board.turn)
    changed = match.played(game)
    happened = (*before, Event("moved", mover.id if mover else "", game.moves[-1]))
    if game.board.is_over:
        happened = (*happened, Event("ended", detail=changed.termination or ""))
    return Outcome(changed, happened)


def _started(match: Match, game: Game, before: tuple[Event, ...] = ()) -> Outcome:
    """A new game (with a new id) in ``match``, after the computer's opening if it moves."""
    fresh = replace(match, game=game, game_id=new_game_id(), offers=(), ending="", winner="")
    return _computer_replies(Outcome(fresh, (*before, Event("new_game"))))


def _swap(match: Match) -> Outcome:
    """A new game from the empty board with the seats' marks swapped."""
    seats = (replace(s, mark=other(s.mark)) for s in match.seats)
    swapped = match.with_seats((next(seats), next(seats)))
    return _started(swapped, Game(swapped.game.x, swapped.game.o, Board(match.game.size)))


def _seated(seats: tuple[Seat, Seat], x: str, o: str, swap: bool) -> tuple[Seat, Seat]:
    """The same seats given the marks of kinds ``x`` and ``o``: where the kinds differ each
    keeps its kind, else seat 1 plays X (O after a toss)."""
    first = ("O" if swap else "X") if x == o else ("X" if seats[0].kind == x else "O")
    return replace(seats[0], mark=first), replace(seats[1], mark=other(first))


def _owner(match: Match, by: Held) -> None:
    """Refuse a change that needs every person of the match: online, the other player."""
    if not match.people <= by:
        raise RuleError(errors.ONLINE_ONLY_REMATCH if match.online else errors.SPECTATOR)


def _seat_of(match: Match, by: Held) -> str:
    """The seat the acting browser plays from: the one to move when it holds both."""
    if not by:
        raise RuleError(errors.SPECTATOR)
    if len(by) == 1:
        return next(iter(by))
    mover = match.playing(match.game.board.turn)
    return mover.id if mover is not None else min(by)


def opponent_of(match: Match, by: Held) -> str:
    """The acting seat of a game against a person on another browser (resign, abort, claim)."""
    if not match.online:
        raise RuleError(errors.NOT_ONLINE)
    return _seat_of(match, by)
