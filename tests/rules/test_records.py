"""A finished game as a list of games keeps it: the opponent, the side, the result and how it
ended, and the game rebuilt from the entry for its replay and review."""

from __future__ import annotations

from dataclasses import replace

import pytest

from webapp.rules import LostMatchError, Match, actions, records

from .matches import BOTH, ONE, TWO, hot_seat, joined

X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def test_how_a_game_ended() -> None:
    assert records.ended_by(Match.between("user", "user")) is None
    assert records.ended_by(hot_seat(X_WINS)) == "line"
    assert records.ended_by(hot_seat(["A1", "B2", "C3", "A2", "A3", "B3", "B1", "C1", "C2"])) == (
        "draw"
    )
    match = joined()[0]
    assert records.ended_by(actions.resign(match, ONE).match) == "resign"
    assert records.ended_by(actions.abort(match, TWO).match) == "abort"
    assert records.ended_by(replace(match, ending="timed_out", winner="O")) == "time"


def test_an_entry_in_the_words_of_each_player() -> None:
    match = joined()[0]
    for ply, cell in enumerate(X_WINS):
        match = actions.move(match, ONE if ply % 2 == 0 else TWO, cell).match
    won = records.entry(match, "m", ONE, 1.0)
    lost = records.entry(replace(match, paired=True), "m", TWO, 1.0)
    assert (won["opponent"], won["side"], won["result"], won["ended_by"]) == (
        "friend",
        "X",
        "won",
        "line",
    )
    assert (lost["opponent"], lost["side"], lost["result"]) == ("someone", "O", "lost")
    both = records.entry(hot_seat(X_WINS), "m", BOTH, 1.0)
    assert (both["opponent"], both["side"], both["result"]) == ("self", "both", "X")
    computer = records.entry(Match.between("hard", "user"), "m", TWO, 1.0)
    assert computer["opponent"] == "hard"


def test_an_entry_rebuilds_its_game() -> None:
    entry = records.entry(hot_seat(X_WINS), "m", BOTH, 1.0)
    match, held = records.replayed_match(entry)
    assert list(match.game.moves) == X_WINS and held == BOTH
    with pytest.raises(LostMatchError):
        records.replayed_match({"x": "user"})
    with pytest.raises(ValueError):
        records.replayed_match({**entry, "moves": ["A1", "A1"]})
