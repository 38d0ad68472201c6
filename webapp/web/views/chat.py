"""Quick messages on the board: the recent messages as a player sees them, and the phrases
to send (the message and mute actions are rows of the action table)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from ...rules.said import PHRASES, Said
from ..cycle import matches
from ..site.i18n import gettext as _
from .chat_schema import MessageJson
from .naming import name, who


@dataclass(frozen=True)
class ChatView:
    """A player's view of the messages: (who, phrase) lines in the page's language, oldest
    first, the phrases to send as (id, text), and whether they muted the other player."""

    lines: tuple[tuple[str, str], ...]
    phrases: tuple[tuple[str, str], ...]
    muted: bool


def shown(current: matches.Current) -> tuple[Said, ...] | None:
    """The messages ``current``'s viewer sees, oldest first: ``None`` for spectators and
    matches on one device (the messages are between the two players); a player who muted
    the other sees only their own."""
    match, seat = current.match, current.seat
    if not match.online or seat is None or current.watching:
        return None
    muted = seat in match.muted
    return tuple(item for item in match.said if not (muted and item.seat != seat))


def chat_view(current: matches.Current) -> ChatView | None:
    """The messages of ``current``'s online match as one of its players sees them."""
    said = shown(current)
    if said is None or current.seat is None:
        return None
    match = current.match
    lines = tuple(
        (name(who(current, match.seat(item.seat))), _(PHRASES[item.phrase])) for item in said
    )
    phrases = tuple((phrase, _(text)) for phrase, text in PHRASES.items())
    return ChatView(lines, phrases, current.seat in match.muted)


def as_json(current: matches.Current) -> list[MessageJson]:
    """The messages ``current``'s viewer sees, as the API answers them."""
    return [MessageJson(item.seat, item.phrase, _iso(item.at)) for item in shown(current) or ()]


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
