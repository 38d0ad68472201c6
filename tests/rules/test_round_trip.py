"""Every match the actions can make reads back from its stored form as the same match: the web
cycle keeps the match a move produced as the one its saved text decodes to
(``web/cycle/decoded.saved``), which is right only while this holds."""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.engine import Board
from webapp.rules import (
    Held,
    Match,
    RuleError,
    actions,
    messages,
    new_secret,
    read,
    seating,
    takeback,
)
from webapp.rules.clock import expire, with_clock, wound
from webapp.rules.draw import draw
from webapp.rules.moretime import give_time

from .matches import BOTH, NOBODY, ONE, TWO, opened

NOW = 1_800_000_000.0  # seconds since 1970, moved on by each action

Step = Callable[[Match, Held], Match]

STEPS: dict[str, Step] = {
    "undo": lambda m, by: actions.undo(m, by).match,
    "again": lambda m, by: actions.again(m, by).match,
    "restart": lambda m, by: actions.restart(m, by).match,
    "swap": lambda m, by: actions.swap(m, by).match,
    "reset score": lambda m, by: actions.reset_score(m, by).match,
    "rematch": lambda m, by: actions.rematch(m, by).match,
    "resign": lambda m, by: actions.resign(m, by).match,
    "abort": lambda m, by: actions.abort(m, by).match,
    "claim": lambda m, by: actions.claim(m, by, 3600.0).match,
    "takeback": lambda m, by: takeback.takeback(m, by, None).match,
    "takeback yes": lambda m, by: takeback.takeback(m, by, True).match,
    "takeback no": lambda m, by: takeback.takeback(m, by, False).match,
    "draw": lambda m, by: draw(m, by, None).match,
    "draw yes": lambda m, by: draw(m, by, True).match,
    "more time": lambda m, by: give_time(m, by).match,
    "say": lambda m, by: messages.message(m, by, "good_luck", NOW).match,
    "mute": lambda m, by: messages.mute(m, by, True).match,
}


def _start(kind: str, size: int, clock: bool) -> Match:
    """A new match of ``kind`` on a board of ``size``, its clock running if ``clock``."""
    if kind == "online":
        match = opened(start=Board(size))[0]
        match = seating.join(match, match.invite, new_secret(), NOBODY).match
    else:
        x, o = ("user", "user") if kind == "hot seat" else ("user", "hard")
        match = actions.new_game(None, BOTH, x, o, Board(size), False).match
    if clock:
        match = with_clock(actions.Outcome(match, ()), 60).match
    return match


def _acted(match: Match, choice: tuple[str, int, Held], now: float) -> Match:
    """``match`` after one chosen action at ``now``, its clock wound as the web cycle winds
    it, or as it was when the rules refuse the action."""
    name, cell, by = choice
    try:
        if name == "move":
            cells = match.game.board.legal_moves
            after = actions.move(match, by, cells[cell % len(cells)]).match if cells else match
        elif name == "time out":
            after = (expire(match, now + 3600) or actions.Outcome(match, ())).match
        else:
            after = STEPS[name](match, by)
    except RuleError:
        return match
    return wound(match, after, now)


CHOICES = st.tuples(
    st.sampled_from(["move", "move", "move", "time out", *STEPS]),
    st.integers(0, 48),
    st.sampled_from([BOTH, ONE, TWO]),
)


@settings(max_examples=60)
@given(
    kind=st.sampled_from(["hot seat", "computer", "online"]),
    size=st.sampled_from([3, 5]),
    clock=st.booleans(),
    chosen=st.lists(CHOICES, max_size=30),
)
def test_every_match_the_actions_make_reads_back_as_itself(
    kind: str, size: int, clock: bool, chosen: list[tuple[str, int, Held]]
) -> None:
    match = _start(kind, size, clock)
    for turn, choice in enumerate(chosen):
        match = _acted(match, choice, NOW + turn)
        stored = json.loads(json.dumps(match.to_dict()))
        assert read(stored) == match, choice
