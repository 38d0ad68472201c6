"""What each player of an online match may do from their seat: join, move, resign, abort,
claim a win, offer or accept a rematch, and move their seat to another device."""

from __future__ import annotations

import secrets
from dataclasses import replace

from ..engine import N_, PLAYER_KINDS, Board, Game, TicTacToeError
from . import names
from .match import Match
from .online import Online

FRIEND = "friend"  # the player kind of a person on another device, invited by link
KINDS = (*PLAYER_KINDS, FRIEND)
ABSENCE_LIMIT = 120.0  # seconds without a page or stream before the other player may claim


class OnlineError(TicTacToeError):
    """An action an online match refuses; each subclass says why."""


class NotYourTurnError(OnlineError):
    default_message = N_("It is not your turn.")


class WaitingForFriendError(OnlineError):
    default_message = N_("Your friend has not joined yet.")


class SpectatorError(OnlineError):
    default_message = N_("You are watching this match: only its two players can play.")


class MatchFullError(OnlineError):
    default_message = N_("This match already has two players.")


class UnknownInviteError(OnlineError):
    default_message = N_("This invite link is not valid: ask your friend for a new one.")


class OwnInviteError(OnlineError):
    default_message = N_("This is your own invite link: send it to your friend.")


class AlreadySeatedError(OnlineError):
    default_message = N_("You are already a player in this match.")


class GameEndedError(OnlineError):
    default_message = N_("This game is over: offer a rematch to play again.")


class NotOverError(OnlineError):
    default_message = N_("A rematch can be offered once the game is over.")


class AlreadyOfferedError(OnlineError):
    default_message = N_("You have offered a rematch: waiting for your friend to accept.")


class TooLateToAbortError(OnlineError):
    default_message = N_(
        "A game can be aborted only before each side has moved once; resign instead."
    )


class NoClaimError(OnlineError):
    default_message = N_(
        "You can claim the win only while your friend is to move and has been away."
    )


class TooSoonToClaimError(OnlineError):
    default_message = N_(
        "Your friend has been away for less than 2 minutes: you can claim the win after that."
    )


class FriendAgainstYouError(OnlineError):
    default_message = N_("A friend online plays against you: choose a person for the other side.")


class NotOnlineError(OnlineError):
    default_message = N_("This is for online matches, played from two devices.")


class LocalOnlyError(OnlineError):
    default_message = N_(
        "An online match has no undo, new game or score reset: offer a rematch when a game ends."
    )


def opened(game: Game, first: str, toss: bool, key: str) -> Match:
    """A new online match of ``game`` (two people), player 1 holding ``key`` and playing
    ``first`` (unless the coin ``toss`` swaps the sides)."""
    return Match(online=Online.opened(key)).new_game(game, first, toss=toss)


def online_game(x: str, o: str, start: Board) -> tuple[Game, str] | None:
    """The game of two people and player 1's mark when ``x`` or ``o`` is a friend (the other
    must be ``user``), else ``None``: a game on one device."""
    if FRIEND not in (x, o):
        return None
    if {x, o} != {"user", FRIEND}:
        raise FriendAgainstYouError()
    return Game("user", "user", start), "X" if x == "user" else "O"


def mark_of(match: Match, seat: str) -> str:
    """The mark that the player in ``seat`` plays in the current game."""
    return match.first if seat == "1" else names.other(match.first)


def local(match: Match) -> Match:
    """``match`` itself, for the actions of a match played on one device only."""
    if match.online is not None:
        raise LocalOnlyError()
    return match


def join(match: Match, invite: str, key: str, held: object) -> Match:
    """Player 2 seated with ``key``; ``held`` is the key the joining browser holds already."""
    online = match.online
    if online is None or not _same(online.invite, invite):
        raise UnknownInviteError()
    seat = online.seat_of(held)
    if seat == "1":
        raise OwnInviteError()
    if seat == "2":
        raise AlreadySeatedError()
    if online.full:
        raise MatchFullError()
    return replace(match, online=online.with_key("2", key))


def move(match: Match, seat: str | None, cell: str) -> Match:
    """A move: any person's on one device; online, only that of the player whose turn it is."""
    if match.online is None:
        return match.move(cell)
    online = _playing(match, seat)
    if online.ending:
        raise GameEndedError()
    if not online.full:
        raise WaitingForFriendError()
    if not match.game.board.is_over and match.game.board.turn != mark_of(match, seat or ""):
        raise NotYourTurnError()
    return match.played(match.game.play(cell))


def resign(match: Match, seat: str | None) -> Match:
    """The player gives up the game, which counts as a win for the other."""
    online = _playing(match, seat)
    if match.is_over:
        raise GameEndedError()
    winner = names.other(mark_of(match, seat or ""))
    return match.ended(replace(online, ending="resigned", winner=winner))


def abort(match: Match, seat: str | None) -> Match:
    """The game called off before each side has moved once; it counts for nobody."""
    online = _playing(match, seat)
    if match.is_over:
        raise GameEndedError()
    if match.game.ply >= 2:
        raise TooLateToAbortError()
    return match.ended(replace(online, ending="aborted", winner=""))


def claim(match: Match, seat: str | None, absent_for: float) -> Match:
    """The win claimed from a player to move who has been away for ``absent_for`` seconds."""
    online = _playing(match, seat)
    mark = mark_of(match, seat or "")
    if match.is_over:
        raise GameEndedError()
    if not online.full or match.game.board.turn == mark:
        raise NoClaimError()
    if absent_for < ABSENCE_LIMIT:
        raise TooSoonToClaimError()
    return match.ended(replace(online, ending="claimed", winner=mark))


def can_claim(match: Match, seat: str | None, absent_for: float) -> bool:
    """Whether :func:`claim` would be allowed now."""
    try:
        claim(match, seat, absent_for)
    except OnlineError:
        return False
    return True


def rematch(match: Match, seat: str | None) -> Match:
    """Offer a rematch, or accept the other player's: a new game with the sides swapped."""
    online = _playing(match, seat)
    if not match.is_over:
        raise NotOverError()
    if online.rematch == seat:
        raise AlreadyOfferedError()
    if online.rematch:
        return match.swapped()
    return replace(match, online=replace(online, rematch=seat or ""))


def moved_seat(match: Match, seat: str | None, key: str) -> Match:
    """The player's seat held from now on by the browser with ``key``, and no longer by the
    one that held it."""
    online = _playing(match, seat)
    return replace(match, online=online.with_key(seat or "", key))


def _playing(match: Match, seat: str | None) -> Online:
    """The seats of an online match that the caller plays in."""
    if match.online is None:
        raise NotOnlineError()
    if seat is None:
        raise SpectatorError()
    return match.online


def _same(expected: str, given: object) -> bool:
    """A comparison of secrets that takes the same time wherever they differ."""
    return isinstance(given, str) and secrets.compare_digest(expected.encode(), given.encode())
