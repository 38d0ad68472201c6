"""The API's answers: the match as a GameJson, with its seats and score, encoded by msgspec."""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Response, current_app
from flask_wtf.csrf import generate_csrf

from ...engine import evaluate
from ...rules import Match, Seat, legacy_names, records
from ..cycle import deadlines
from ..cycle.matches import Current
from ..site.names import shown
from . import naming, online
from .schema import (
    ClockJson,
    EvaluationJson,
    GameJson,
    KindsJson,
    NamesJson,
    ScoreJson,
    SeatJson,
    TallyJson,
)

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
    # An online game (a friend's, a pairing's, an arena's) in play gets no help from the
    # engine: the board offers no hint there, and the API shows what the board shows.
    helped = not match.online or match.is_over
    evaluation = evaluate(board) if helped else None
    return GameJson(
        board=board.to_string(),
        size=board.size,
        in_a_row=board.line,
        turn=board.turn,
        status=records.status(match),
        line=list(board.winning_line) if board.winning_line else None,
        players=KindsJson(x=game.x, o=game.o),
        names=NamesJson(x=_names(match)["X"], o=_names(match)["O"]),
        moves=list(game.moves),
        start=game.start.to_string(),
        ply=game.ply,
        game=match.game_id,
        version=current.version,
        tally=_tally(match),
        you=current.you,
        online=online.as_json(current),
        evaluation=(
            EvaluationJson(
                evaluation.result, evaluation.moves, sorted(evaluation.best), evaluation.proven
            )
            if evaluation is not None
            else None
        ),
        csrf_token=generate_csrf(),
        seats=seats_json(current),
        score=score_json(match),
        clock=clock_json(match),
        ended_by=records.ended_by(match),
        arena=online.shown_arena(current) or None,
    )


def clock_json(match: Match) -> ClockJson | None:
    """The match's move clock, or ``None`` when it has none."""
    if not match.clock:
        return None
    shown = deadlines.clock_view(match)
    if shown is None:
        return ClockJson(per_move=match.clock, deadline=None, seconds_left=None)
    return ClockJson(per_move=match.clock, deadline=shown.deadline, seconds_left=shown.seconds_left)


def seats_json(current: Current) -> tuple[SeatJson, SeatJson]:
    """The match's two seats: each one's kind, its mark in this game, and whether this
    browser holds it."""
    first, second = (
        SeatJson(
            id=seat.id,
            kind=seat.kind,
            mark=seat.mark,
            you=seat.id in current.held,
            name=_seat_name(current, seat),
        )
        for seat in current.match.seats
    )
    return first, second


def score_json(match: Match) -> ScoreJson:
    """Games won by each seat, and draws."""
    return ScoreJson(wins=dict(match.score.wins), draws=match.score.draws)


def _names(match: Match) -> dict[str, str]:
    """The English name of the player of each mark, as the API named them before seats."""
    return legacy_names(match.game.x, match.game.o, match.seat("1").mark)


def _tally(match: Match) -> TallyJson:
    """Games won by each player by English name, draws, and whether the current game is
    practice (from a chosen position: it does not count); ``score`` says it by seat."""
    names = _names(match)
    wins = {names[seat.mark]: match.score.wins.get(seat.id, 0) for seat in match.seats}
    return TallyJson(wins=wins, draws=match.score.draws, practice=match.practice)


def _seat_name(current: Current, seat: Seat) -> str:
    """A seat's name as the board shows it to this browser: its drawn name where it has one."""
    person = naming.who(current, seat)
    return shown(person.drawn) if person.drawn else naming.label(person)
