"""What the review page and GET /api/review say of a finished game, in the player's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Evaluation, Review, ReviewedMove, rank, review
from .matches import Current

NOT_OVER = "The review opens once the game is over."
RESULT = {2: "win", 1: "draw", 0: "loss"}


@dataclass(frozen=True)
class ReviewLine:
    """One move of the review: ``X B2``, its value before and after, and whether it is the
    first mistake."""

    ply: int
    by: str
    cell: str
    before: str
    after: str
    first_mistake: bool


@dataclass(frozen=True)
class ReviewView:
    """The review page: a sentence on the first mistake (or a perfect game), and each move."""

    summary: str
    lines: tuple[ReviewLine, ...]
    game_id: str


def value(evaluation: Evaluation) -> str:
    """A value as the review writes it: ``draw``, ``O wins in 3``, ``X won``."""
    result = evaluation.result
    if result.winner is None:
        return "draw"
    if evaluation.moves == 0:
        return f"{result.winner} won"
    return f"{result.winner} wins in {evaluation.moves}"


def build(current: Current) -> ReviewView:
    """The review of ``current``'s game, which must be over."""
    reviewed = review(current.match.game)
    first = reviewed.first_mistake
    lines = tuple(
        ReviewLine(
            move.ply,
            move.by,
            move.cell,
            value(move.before),
            value(move.after),
            move is first,
        )
        for move in reviewed.moves
    )
    return ReviewView(_summary(current, reviewed), lines, current.match.game_id)


def _summary(current: Current, reviewed: Review) -> str:
    """The sentence at the top: the first mistake, or a perfect game."""
    first = reviewed.first_mistake
    if first is None:
        return "Played perfectly: no move changed the result."
    return mistake_sentence(first, _subject(current, first.by))


def mistake_sentence(move: ReviewedMove, subject: str) -> str:
    """What the first mistake did, and what would have kept the result, e.g. ``Your move B1
    lost the draw: it let O win in 3. A2 or C3 kept the draw.``"""
    lost = RESULT[rank(move.before.result, move.by)]
    after = move.after
    # A move never loses at once (a player cannot complete the other's line): after it, the
    # game is a draw with best play, or the other player wins in some moves.
    if after.result.winner is None:
        effect = "it let the game end in a draw"
    else:
        unit = "move" if after.moves == 1 else "moves"
        effect = f"it let {after.result.winner} win in {after.moves} {unit}"
    kept = _either(move.kept)
    return f"{subject} {move.cell} lost the {lost}: {effect}. {kept} kept the {lost}."


def as_json(current: Current) -> dict[str, Any]:
    """GET /api/review: each move's value before and after, and the first mistake."""
    reviewed = review(current.match.game)
    first = reviewed.first_mistake
    return {
        "game": current.match.game_id,
        "moves": [
            {
                "ply": move.ply,
                "by": move.by,
                "cell": move.cell,
                "before": _value_json(move.before),
                "after": _value_json(move.after),
                "mistake": move.mistake,
                "kept": list(move.kept),
            }
            for move in reviewed.moves
        ],
        "first_mistake": first and {"ply": first.ply, "cell": first.cell, "by": first.by},
        "summary": _summary(current, reviewed),
    }


def _value_json(evaluation: Evaluation) -> dict[str, Any]:
    return {"result": str(evaluation.result), "moves": evaluation.moves}


def _subject(current: Current, mark: str) -> str:
    """Who made the move, as the review tells the viewer: ``Your move``, ``The computer's
    move``, ``X's move``."""
    game = current.match.game
    kind = game.player(mark)
    people = [m for m in ("X", "O") if game.player(m) == "user"]
    online = current.match.online is not None
    if online and current.you in ("X", "O"):
        return "Your move" if mark == current.you else "Your friend's move"
    if len(people) == 1:
        return "Your move" if kind == "user" else "The computer's move"
    return f"{mark}'s move"


def _either(cells: tuple[str, ...]) -> str:
    """``A2``, ``A2 or C3``, ``A2, B1 or C3``."""
    if len(cells) == 1:
        return cells[0]
    return f"{', '.join(cells[:-1])} or {cells[-1]}"
