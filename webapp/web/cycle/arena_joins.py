"""A player's join of an arena: a new player's entry, or its coming back after a pause, is
written in one atomic step of the store (ArenaRows.enter), which never waits for the arena's
other changes, so that a thousand who press Join at once all get in; a second join is
refused by a change as any other (cycle/arenas.py)."""

from __future__ import annotations

import contextlib
from dataclasses import replace

from ...rules import UnknownLinkError, errors
from ...rules import arena as rules
from ...rules.arena import RUNNING
from ...store import StoreUnavailable
from ...store.arena_rows import UnknownArena
from .. import timing
from . import arenas
from .arena_steps import Act

PATIENCE = 1.0  # seconds a join in a running arena waits for the arena's change under way


def join(arena_id: str, browser: str, name: str) -> arenas.Look:
    """``browser`` joins the arena as ``name`` (or comes back), then whoever waits is paired if
    it runs. UnknownLinkError if there is no arena; RuleError if it is over, or ``browser``
    is in it already."""
    arena = arenas.read(arena_id)
    if arena is None:
        raise UnknownLinkError(errors.NO_ARENA)
    now = timing.now()
    newcomer = rules.join(replace(arena, players=()), browser, name, now).players[0]
    try:
        version = arenas.rows().enter(arena_id, dict(vars(newcomer)))
    except UnknownArena as error:
        raise UnknownLinkError(errors.NO_ARENA) from error
    if version == 0:  # in it already (refused by the rules), or an arena of before
        return arenas.change(arena_id, browser, _joined(browser, name))
    arenas.forget(arena_id)
    if arena.state(now) == RUNNING:
        # The join is saved. A change of this process under way may have read the waiting
        # before it: the join waits a moment for it, then pairs (a busy arena pairs it at its
        # next look or the settler's pass).
        with contextlib.suppress(StoreUnavailable):
            arenas.tend(arena_id, PATIENCE)
    found = arenas.look(arena_id)
    if found is None:
        raise UnknownLinkError(errors.NO_ARENA)
    return found


def _joined(browser: str, name: str) -> Act:
    """The join as a change of the players it concerns."""
    return lambda arena, now: rules.join(arena, browser, name, now)
