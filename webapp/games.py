"""This browser's current game in its session: load it, save it, and keep the score."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any, TypedDict

from flask import flash, request, session

from . import sides
from .engine import Game, TicTacToeError
from .store import LOST_KEY

GAME_KEY = "game"
SCORE_KEY = "score"
TALLY_KEY = "tally"
LOST_MESSAGE = "Your saved game could not be read, so a new game has started."
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # secrets.token_urlsafe, safe in any URL


class Tally(TypedDict):
    """Wins by player name, and draws."""

    wins: dict[str, int]
    draws: int


@dataclass(frozen=True)
class CurrentGame:
    """The stored game with its identity, as the forms of the page refer to it.

    ``first`` is the mark of player 1, so the score follows the players when they swap sides.
    """

    game: Game
    game_id: str
    scored: bool = False
    first: str = "X"

    @property
    def names(self) -> dict[str, str]:
        """The score name of the player of each mark."""
        return sides.names(self.game.x, self.game.o, self.first)

    def is_stale(self, game_id: str | None, ply: str | None) -> bool:
        """Whether a request made for game ``game_id`` at move ``ply`` is out of date.

        Requests that send neither (scripts speaking only the ``cell`` contract) are not
        refused; every form of our pages sends both.
        """
        if game_id is None and ply is None:
            return False
        return game_id != self.game_id or ply != str(self.game.ply)


def load() -> CurrentGame:
    """The session's game; a new session (or an unreadable one) starts a hot-seat game."""
    if request.environ.pop(LOST_KEY, False):
        flash(LOST_MESSAGE, "error")
    record = session.get(GAME_KEY)
    if record is None:
        return start(Game())
    try:
        game = Game.from_dict(record)
        first = record.get("first", "X")
        game_id = record["id"]
        if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
            raise KeyError("id")  # not one we made: links and forms could not carry it
        return CurrentGame(
            game,
            game_id,
            bool(record.get("scored", False)),
            first if first in sides.MARKS else "X",
        )
    except (TicTacToeError, KeyError, TypeError, AttributeError):
        flash(LOST_MESSAGE, "error")
        return start(Game())


def start(game: Game, first: str = "X", toss: bool = False) -> CurrentGame:
    """Store ``game`` as a new game (new identity), after the computer's opening if it moves.

    With ``toss``, a coin decides whether the two players swap marks, so the second plays X.
    """
    if toss and sides.toss():
        game, first = Game(x=game.o, o=game.x, start=game.start), sides.other(first)
    current = CurrentGame(game, secrets.token_urlsafe(8), first=first)
    return save(current, game.reply_until_person())


def save(current: CurrentGame, game: Game) -> CurrentGame:
    """Store ``game`` as the next state of ``current``.

    A result is counted once when the game ends, and taken off the score again if an undo
    takes the game back from its end, so a replayed ending is not counted twice.
    """
    scored = current.scored
    if scored and not game.board.is_over:
        _count_result(current.game, current.first, -1)
        scored = False
    elif game.board.is_over and not scored and game.ply > 0:
        _count_result(game, current.first, +1)
        scored = True
    session[GAME_KEY] = {
        **game.to_dict(),
        "id": current.game_id,
        "scored": scored,
        "first": current.first,
    }
    return CurrentGame(game, current.game_id, scored, current.first)


def score() -> dict[str, int]:
    """Games won by X, by O, and drawn, in this session (by mark, kept for compatibility)."""
    stored: Any = session.get(SCORE_KEY)
    if not isinstance(stored, dict):
        stored = {}
    return {key: _count(stored.get(key)) for key in ("X", "O", "draw")}


def tally(current: CurrentGame | None = None) -> Tally:
    """Games won by each player (by name, not by mark) and drawn, in this session.

    The players of ``current`` are listed even before they win a game.
    """
    stored: Any = session.get(TALLY_KEY)
    if not isinstance(stored, dict):
        stored = {}
    raw_wins: Any = stored.get("wins")
    wins = {
        str(name): _count(count)
        for name, count in (raw_wins.items() if isinstance(raw_wins, dict) else ())
    }
    if current is not None:
        for name in current.names.values():
            wins.setdefault(name, 0)
    return Tally(wins=wins, draws=_count(stored.get("draws")))


def reset_score() -> None:
    """Set both scores back to nothing."""
    session[SCORE_KEY] = {"X": 0, "O": 0, "draw": 0}
    session[TALLY_KEY] = Tally(wins={}, draws=0)


def _count_result(game: Game, first: str, step: int) -> None:
    """Add ``step`` (1, or -1 to take a result back) to the scores of ``game``'s result.

    Counts never go below zero: a result counted before a reset is not taken back twice.
    """
    winner = game.board.status.winner
    by_mark = score()
    key = winner or "draw"
    by_mark[key] = max(0, by_mark[key] + step)
    session[SCORE_KEY] = by_mark
    by_player = tally()
    wins = by_player["wins"]
    if winner is None:
        by_player["draws"] = max(0, by_player["draws"] + step)
    else:
        name = sides.names(game.x, game.o, first)[winner]
        wins[name] = max(0, wins.get(name, 0) + step)
    by_player["wins"] = {name: count for name, count in wins.items() if count}
    session[TALLY_KEY] = by_player


def _count(value: Any) -> int:
    """A stored count, or 0 when it is not a positive whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
