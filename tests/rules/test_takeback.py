"""The takeback rule: asking once per move, accepting, declining and withdrawing."""

from __future__ import annotations

from webapp.rules import Event, actions, errors
from webapp.rules.takeback import SPENT, takeback

from .matches import BOTH, NOBODY, ONE, TWO, X_WINS, hot_seat, joined, play, refused


def test_a_takeback_accepted_takes_back_the_askers_last_move() -> None:
    match = play(joined()[0], ["B2"])  # X (seat 1) moved; O to move
    asked = takeback(match, ONE, accept=None)
    assert asked.match.offered("takeback") == "1" and asked.match.game == match.game
    assert asked.happened == (Event("offered", "1", detail="takeback"),)
    with refused(errors.TAKEBACK_ASKED):
        takeback(asked.match, ONE, accept=None)
    with refused(errors.OWN_TAKEBACK):  # "accept" only accepts the other player's
        takeback(asked.match, ONE, accept=True)
    done = takeback(asked.match, TWO, accept=True)
    assert done.match.game.moves == () and done.match.offers == ()
    assert done.happened == (Event("undone", detail="1"),)


def test_asked_on_ones_own_turn_takes_back_the_reply_too() -> None:
    match = play(joined()[0], ["B2", "A1"])  # X to move again: X's B2, then O's A1
    done = takeback(takeback(match, ONE, None).match, TWO, None)
    assert done.match.game.moves == ()


def test_a_takeback_declined_or_withdrawn_changes_no_move() -> None:
    match = play(joined()[0], ["B2", "A1"])
    asked = takeback(match, TWO, None).match
    declined = takeback(asked, ONE, accept=False)
    assert declined.match.offered("takeback") == "" and declined.match.game == match.game
    assert declined.happened == (Event("declined", "1", detail="takeback"),)
    withdrawn = takeback(asked, TWO, accept=False)
    assert withdrawn.happened == (Event("withdrawn", "2", detail="takeback"),)
    with refused(errors.NO_TAKEBACK_ASKED):
        takeback(match, ONE, accept=False)
    with refused(errors.NO_TAKEBACK_ASKED):  # a stale Accept after the asking was withdrawn
        takeback(withdrawn.match, ONE, accept=True)


def test_a_move_answers_an_open_takeback() -> None:
    asked = takeback(play(joined()[0], ["B2"]), ONE, None).match
    moved = actions.move(asked, TWO, "A1").match
    assert moved.offers == ()


def test_a_takeback_needs_a_move_of_ones_own_a_game_going_and_a_player_online() -> None:
    match = play(joined()[0], ["B2"])
    with refused(errors.NOTHING_TO_TAKE_BACK):
        takeback(match, TWO, None)
    with refused(errors.SPECTATOR):
        takeback(match, NOBODY, None)
    with refused(errors.GAME_ENDED):
        takeback(play(joined()[0], X_WINS), ONE, None)
    with refused(errors.NOT_ONLINE):
        takeback(hot_seat(["B2"]), BOTH, None)


def test_a_game_that_ends_answers_its_open_takeback() -> None:
    asked = takeback(play(joined()[0], ["B2", "A1"]), TWO, None).match
    assert actions.resign(asked, ONE).match.offers == ()


def test_a_player_asks_once_per_move_however_the_asking_ended() -> None:
    match = play(joined()[0], ["B2", "A1"])
    asked = takeback(match, TWO, None).match
    assert (SPENT, "2") in asked.offers
    for answered in (takeback(asked, TWO, False).match, takeback(asked, ONE, False).match):
        assert answered.offered("takeback") == "" and answered.game == match.game
        with refused(errors.TAKEBACK_ONCE):
            takeback(answered, TWO, None)
        assert takeback(answered, ONE, None).match.offered("takeback") == "1"
    moved = actions.move(takeback(asked, ONE, False).match, ONE, "C3").match
    assert moved.offers == () and takeback(moved, TWO, None).match.offered("takeback") == "2"
