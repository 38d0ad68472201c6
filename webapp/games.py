"""This browser's current game in its session: load it, save it, and keep the score."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import flash, request, session

from .engine import Game, TicTacToeError
from .store import LOST_KEY

GAME_KEY = "game"
SCORE_KEY = "score"
LOST_MESSAGE = "Your saved game could not be read, so a new game has started."


@dataclass(frozen=True)
class CurrentGame:
    """The stored game with its identity, as the forms of the page refer to it."""

    game: Game
    game_id: str
    scored: bool = False


def load() -> CurrentGame:
    """The session's game; a new session (or an unreadable one) starts a hot-seat game."""
    if request.environ.pop(LOST_KEY, False):
        flash(LOST_MESSAGE, "error")
    record = session.get(GAME_KEY)
    if record is None:
        return start(Game())
    try:
        game = Game.from_dict(record)
        return CurrentGame(game, str(record["id"]), bool(record.get("scored", False)))
    except (TicTacToeError, KeyError, TypeError):
        flash(LOST_MESSAGE, "error")
        return start(Game())


def start(game: Game) -> CurrentGame:
    """Store ``game`` as a new game (new identity), after the computer's opening if it moves."""
    current = CurrentGame(game, secrets.token_urlsafe(8))
    return save(current, game.reply_until_person())


def save(current: CurrentGame, game: Game) -> CurrentGame:
    """Store ``game`` as the next state of ``current``; count its result once when it ends."""
    scored = current.scored
    if game.board.is_over and not scored and game.ply > 0:
        _count_result(str(game.board.status))
        scored = True
    session[GAME_KEY] = {**game.to_dict(), "id": current.game_id, "scored": scored}
    return CurrentGame(game, current.game_id, scored)


def score() -> dict[str, int]:
    """Games won by X, by O, and drawn, in this session."""
    stored: Any = session.get(SCORE_KEY)
    if not isinstance(stored, dict):
        stored = {}
    return {key: int(stored.get(key, 0)) for key in ("X", "O", "draw")}


def _count_result(status: str) -> None:
    tally = score()
    key = {"X wins": "X", "O wins": "O"}.get(status, "draw")
    tally[key] += 1
    session[SCORE_KEY] = tally
