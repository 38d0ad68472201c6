"""The match rules: whose turn it is, computer steps, undo, score, sides and online seats;
never imports Flask."""

from . import seats
from .match import LostMatchError, Match, Score
from .names import label, ordered, other, player_names, toss, toss_message
from .online import Online
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
    "Online",
    "OnlyComputersError",
    "Score",
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
