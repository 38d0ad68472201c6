"""Leaving this browser's match for another (a new game, a join, a seat link, a pairing, an
arena's game): the rules' terms, decided again in the left match's own commit when leaving
changes it: an invite nobody used yet is withdrawn, a finished game's player marked gone
(rules/seating.py)."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app

from ...rules import LostMatchError, Match, RuleError, read, seating
from ...rules.actions import Held
from ...store import Record
from .cycle import Current, Stepped, commit

Terms = Callable[[Match, Held], None]  # refuses to leave: actions.leave, seating.switch


def leave(
    seen: Current, terms: Terms, holding: Callable[[Match], Held], moving: bool = True
) -> None:
    """Leave ``seen`` (``holding`` tells the seats this browser holds of a version of it) on
    ``terms``, which refuse while an online game is in play. Unless this browser is not
    ``moving`` yet (it joins an arena, which pairs it later), an open invite of its own is
    withdrawn under the match's lock: a friend joining at that moment is either seated first,
    and the leave refused as from any game in play, or told the invite was withdrawn."""
    terms(seen.match, seen.held)
    if not moving or not seen.match_id or seating.departure(seen.match, seen.held) is None:
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
        return Stepped(seating.departure(match, holding(match)))

    extensions = current_app.extensions
    store, hub = extensions["match_store"], extensions["live"]
    stepped = commit(store, hub, seen.match_id, change)[1]
    if stepped.refusal is not None:
        raise stepped.refusal
