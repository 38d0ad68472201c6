"""The match rules: two seats, the game they play, the score, and every action a player can
take, for every kind of match; never imports Flask."""

from . import actions, errors, messages, seating, takeback
from .actions import FRIEND, Event, Held, Outcome
from .errors import LostMatchError, RuleError, UnknownLinkError
from .match import PERSON, SEAT_IDS, Match, Score, Seat, is_secret, new_secret, other
from .migrate import legacy_names, read

__all__ = [
    "FRIEND",
    "PERSON",
    "SEAT_IDS",
    "Event",
    "Held",
    "LostMatchError",
    "Match",
    "Outcome",
    "RuleError",
    "Score",
    "Seat",
    "UnknownLinkError",
    "actions",
    "errors",
    "is_secret",
    "legacy_names",
    "messages",
    "new_secret",
    "other",
    "read",
    "seating",
    "takeback",
]
