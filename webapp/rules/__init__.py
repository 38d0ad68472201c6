"""The match rules: whose turn it is, computer steps, undo, score and sides; never imports Flask."""

from .match import LostMatchError, Match, Score
from .names import label, ordered, other, player_names, toss, toss_message
from .turns import (
    NothingToUndoError,
    NotYourTurnError,
    OnlyComputersError,
    computers_move,
    person_moves,
    take_back,
)

__all__ = [
    "LostMatchError",
    "Match",
    "NotYourTurnError",
    "NothingToUndoError",
    "OnlyComputersError",
    "Score",
    "computers_move",
    "label",
    "ordered",
    "other",
    "person_moves",
    "player_names",
    "take_back",
    "toss",
    "toss_message",
]
