"""The match rules: whose turn it is, computer steps, undo, score, sides and online seats;
never imports Flask."""

from . import seats
from .match import LostMatchError, Match, Score
from .names import label, ordered, other, player_names, toss, toss_message
from .online import Online
from .turns import (
    FinishedPositionError,
    NothingToUndoError,
    NotYourTurnError,
    OnlyComputersError,
    check_start,
    computers_move,
    person_moves,
    take_back,
)

__all__ = [
    "FinishedPositionError",
    "LostMatchError",
    "Match",
    "NotYourTurnError",
    "NothingToUndoError",
    "Online",
    "OnlyComputersError",
    "Score",
    "check_start",
    "computers_move",
    "label",
    "ordered",
    "other",
    "person_moves",
    "player_names",
    "seats",
    "take_back",
    "toss",
    "toss_message",
]
