"""Quick messages on the board: the recent messages as a player sees them, the phrases to
send, and the API's bodies and answer (the message and mute actions are rows of the action
table)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from msgspec import Meta, Struct

from ...rules import messages
from ...rules.match import SEAT_IDS
from ...rules.said import PHRASES, Said
from ..cycle import matches
from ..site.i18n import gettext as _
from .naming import name, who

if TYPE_CHECKING:
    # mypy sees the plain strings the rules hand out; msgspec sees the enums (in the document).
    Phrase: TypeAlias = str
    Sender: TypeAlias = str
else:
    Phrase = Literal[tuple(PHRASES)]
    Sender = Literal[SEAT_IDS]


class MessageBody(Struct, kw_only=True):
    """A quick message to the other player."""

    phrase: Annotated[Phrase, Meta(description="The phrase; each board shows it in its language.")]


class MuteBody(Struct, kw_only=True):
    """Hide (``true``) or show again the other player's messages."""

    muted: bool


class MessageJson(Struct):
    """A quick message as this player sees it: who sent it, the phrase, when (ISO 8601, UTC)."""

    seat: Sender
    phrase: Phrase
    at: str


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
    left = messages.gone(match)  # no "Rematch?" with a player who left, nor from them
    phrases = tuple(
        (phrase, _(text))
        for phrase, text in PHRASES.items()
        if not (left and phrase == messages.REMATCH)
    )
    return ChatView(lines, phrases, current.seat in match.muted)


def as_json(current: matches.Current) -> list[MessageJson]:
    """The messages ``current``'s viewer sees, as the API answers them."""
    return [MessageJson(item.seat, item.phrase, _iso(item.at)) for item in shown(current) or ()]


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
