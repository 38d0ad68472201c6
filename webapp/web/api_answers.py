"""The API's answers: the match as a GameJson, with its seats and score, encoded by msgspec."""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Response, current_app
from flask_wtf.csrf import generate_csrf

from ..engine import evaluate
from ..rules import Match, seats
from ..rules.online import SEATS
from . import online
from .api_types import (
    EvaluationJson,
    GameJson,
    KindsJson,
    NamesJson,
    ScoreJson,
    SeatJson,
    TallyJson,
)
from .matches import Current

_encoder = msgspec.json.Encoder()


def answer(body: Any, status: int = 200) -> Response:
    """``body`` (a Struct, or plain data) as a JSON response with ``status``."""
    return current_app.response_class(
        _encoder.encode(body), status=status, mimetype="application/json"
    )


def game_json(current: Current) -> GameJson:
    """The match as every API call but the review answers it."""
    match = current.match
    game = match.game
    board = game.board
    evaluation = evaluate(board)
    return GameJson(
        board=board.to_string(),
        turn=board.turn,
        status=board.status,
        line=list(board.winning_line) if board.winning_line else None,
        players=KindsJson(x=game.x, o=game.o),
        names=NamesJson(x=match.names["X"], o=match.names["O"]),
        moves=list(game.moves),
        start=game.start.to_string(),
        ply=game.ply,
        game=match.game_id,
        version=current.version,
        tally=_tally(match),
        you=current.you,
        online=online.as_json(current),
        evaluation=EvaluationJson(evaluation.result, evaluation.moves, sorted(evaluation.best)),
        csrf_token=generate_csrf(),
        seats=seats_json(current),
        score=score_json(match),
    )


def seats_json(current: Current) -> tuple[SeatJson, SeatJson]:
    """The match's two seats: seat 1 is player 1's, who plays ``match.first``."""
    return _seat(current, "1"), _seat(current, "2")


def score_json(match: Match) -> ScoreJson:
    """Games won by each seat, from the score that counts them by the name of its player."""
    names = match.names
    wins = {seat: match.score.wins.get(names[seats.mark_of(match, seat)], 0) for seat in SEATS}
    return ScoreJson(wins=wins, draws=match.score.draws)


def _tally(match: Match) -> TallyJson:
    """Games won by each player by name (this match's players listed even at 0), draws, and
    whether the current game is practice (from a chosen position: it does not count)."""
    wins = {name: 0 for name in match.names.values()} | match.score.wins
    return TallyJson(wins=wins, draws=match.score.draws, practice=match.practice)


def _seat(current: Current, seat: str) -> SeatJson:
    """``seat`` of ``current``'s match: its kind, its mark in this game, and whether this
    session holds it (it plays that mark, or both)."""
    mark = seats.mark_of(current.match, seat)
    kind = current.match.game.player(mark) or ""  # a mark always has a player
    return SeatJson(id=seat, kind=kind, mark=mark, you=current.you in ("both", mark))
