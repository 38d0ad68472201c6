"""Leaving this browser's match for another (a new game, a join, a seat link, a pairing, an
arena's game, a seek): the rules' terms, decided again in the left match's own commit when
leaving changes it: an invite nobody used yet is withdrawn, a finished game's player marked
gone (rules/seating.py)."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, session

from ...rules import LostMatchError, Match, RuleError, read, seating
from ...rules.actions import Held
from ...store import Record, new_match_id
from ..site.sessions import MATCH_KEY
from .cycle import Current, Stepped, commit

Terms = Callable[[Match, Held], None]  # refuses to leave: actions.leave, seating.switch


def leave(
    seen: Current, terms: Terms, holding: Callable[[Match], Held] | None, moving: bool = True
) -> None:
    """Leave ``seen`` (``holding`` tells the seats this browser holds of a version of it;
    ``None``: only ``terms`` are asked, as an arena's join does before it is saved) on
    ``terms``, which refuse while an online game is in play; what leaving changes there is
    decided again under the match's lock: a friend joining at that moment is either seated
    first, and the leave refused as from any game in play, or told the invite was withdrawn.
    A browser not ``moving`` yet (it seeks an opponent, or joins an arena) leaves a finished
    game as it is, to come back to; its open invite is withdrawn all the same, and it is at
    no match from now (a game on this device starts afresh if it stops seeking)."""
    terms(seen.match, seen.held)
    left = seating.departure if moving else seating.withdrawal
    if holding is None or not seen.match_id or left(seen.match, seen.held) is None:
        return  # nothing the match keeps of this browser's: left as it is

    def change(record: Record) -> Stepped:
        try:
            match = read(record.data)
        except LostMatchError:  # expired or unreadable meanwhile: nobody can join it
            return Stepped()
        try:
            terms(match, holding(match))
        except RuleError as refused:
            return Stepped(None, refused)
        return Stepped(left(match, holding(match)))

    extensions = current_app.extensions
    store, hub = extensions["match_store"], extensions["live"]
    stepped = commit(store, hub, seen.match_id, change)[1]
    if stepped.refusal is not None:
        raise stepped.refusal
    if stepped.outcome is not None and not moving:  # a match not stored yet: a fresh board
        session[MATCH_KEY] = new_match_id()
