"""Quick messages on the board: the recent messages as a player sees them, the phrases to
send, and the forms that send one or mute the other player's."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from ..rules import messages
from ..rules.said import PHRASES
from . import matches
from .forms import change_board
from .i18n import gettext as _
from .naming import name, who

bp = Blueprint("chat", __name__)


@dataclass(frozen=True)
class ChatView:
    """A player's view of the messages: (who, phrase) lines in the page's language, oldest
    first, the phrases to send as (id, text), and whether they muted the other player."""

    lines: tuple[tuple[str, str], ...]
    phrases: tuple[tuple[str, str], ...]
    muted: bool


def chat_view(current: matches.Current) -> ChatView | None:
    """The messages of ``current``'s online match for one of its players; spectators and
    matches on one device have none: the messages are between the two players."""
    match, seat = current.match, current.seat
    if not match.online or seat is None or current.watching:
        return None
    muted = seat in match.muted
    lines = tuple(
        (name(who(current, match.seat(item.seat))), _(PHRASES[item.phrase]))
        for item in match.said
        if not (muted and item.seat != seat)
    )
    phrases = tuple((phrase, _(text)) for phrase, text in PHRASES.items())
    return ChatView(lines, phrases, muted)


@bp.post("/message")
def message() -> ResponseReturnValue:
    """Send one of the quick messages (the form's ``phrase``) to the other player."""
    phrase = request.form.get("phrase", "")
    return change_board(lambda seen: messages.message(seen.match, seen.held, phrase))


@bp.post("/mute")
def mute() -> ResponseReturnValue:
    """Hide the other player's messages (``muted=1``), or show them again (``muted=0``)."""
    muted = request.form.get("muted", "1") == "1"
    return change_board(lambda seen: messages.mute(seen.match, seen.held, muted))
