"""The draw offer: offering once per move, accepting (a draw by agreement), declining and
withdrawing, and a move answering it."""

from __future__ import annotations

from webapp.rules import Event, actions, arena_pairing, errors
from webapp.rules.arena import DRAW
from webapp.rules.draw import DRAW_OFFERED, DRAW_ONCE, NO_DRAW_OFFERED, OWN_DRAW, SPENT, draw
from webapp.rules.termination import Termination

from .matches import BOTH, NOBODY, ONE, TWO, X_WINS, hot_seat, joined, opened, play, refused


def test_a_draw_accepted_ends_the_game_drawn_by_agreement_counted_as_a_draw() -> None:
    match = play(joined()[0], ["B2"])
    offered = draw(match, ONE, accept=None)
    assert offered.match.offered("draw") == "1" and offered.match.game == match.game
    assert offered.happened == (Event("offered", "1", detail="draw"),)
    with refused(DRAW_OFFERED):
        draw(offered.match, ONE, accept=None)
    with refused(OWN_DRAW):  # "accept" only accepts the other player's
        draw(offered.match, ONE, accept=True)
    agreed = draw(offered.match, TWO, accept=True)
    assert agreed.happened == (Event("ended", "2", detail=Termination.AGREEMENT),)
    done = agreed.match
    assert done.is_over and done.termination is Termination.AGREEMENT and done.offers == ()
    assert done.winner_seat() is None and done.score.draws == match.score.draws + 1
    assert done.game.moves == ("B2",)
    with refused(errors.GAME_ENDED):
        draw(done, ONE, None)


def test_offering_when_the_other_has_offered_accepts() -> None:
    offered = draw(play(joined()[0], ["B2"]), TWO, None).match
    assert draw(offered, ONE, None).match.termination is Termination.AGREEMENT


def test_a_draw_declined_or_withdrawn_changes_no_move() -> None:
    match = play(joined()[0], ["B2", "A1"])
    offered = draw(match, TWO, None).match
    declined = draw(offered, ONE, accept=False)
    assert declined.match.offered("draw") == "" and declined.match.game == match.game
    assert not declined.match.is_over
    assert declined.happened == (Event("declined", "1", detail="draw"),)
    withdrawn = draw(offered, TWO, accept=False)
    assert withdrawn.happened == (Event("withdrawn", "2", detail="draw"),)
    with refused(NO_DRAW_OFFERED):
        draw(match, ONE, accept=False)
    with refused(NO_DRAW_OFFERED):  # a stale Accept after the offer was withdrawn
        draw(withdrawn.match, ONE, accept=True)


def test_a_move_answers_an_open_draw_offer() -> None:
    offered = draw(play(joined()[0], ["B2"]), ONE, None).match
    moved = actions.move(offered, TWO, "A1").match
    assert moved.offers == () and not moved.is_over


def test_a_player_offers_once_per_move_however_the_offer_ended() -> None:
    match = play(joined()[0], ["B2", "A1"])
    offered = draw(match, TWO, None).match
    assert (SPENT, "2") in offered.offers
    for answered in (draw(offered, TWO, False).match, draw(offered, ONE, False).match):
        with refused(DRAW_ONCE):
            draw(answered, TWO, None)
        assert draw(answered, ONE, None).match.offered("draw") == "1"
    moved = actions.move(draw(offered, ONE, False).match, ONE, "C3").match
    assert moved.offers == () and draw(moved, TWO, None).match.offered("draw") == "2"


def test_a_draw_needs_an_online_game_going_with_both_players() -> None:
    match = play(joined()[0], ["B2"])
    with refused(errors.SPECTATOR):
        draw(match, NOBODY, None)
    with refused(errors.GAME_ENDED):
        draw(play(joined()[0], X_WINS), ONE, None)
    with refused(errors.NOT_ONLINE):
        draw(hot_seat(["B2"]), BOTH, None)
    with refused(errors.WAITING_FOR_FRIEND):
        draw(opened()[0], ONE, None)


def test_an_arena_counts_a_draw_agreed_as_a_draw_for_both() -> None:
    offered = draw(play(joined()[0], ["B2"]), ONE, None).match
    assert arena_pairing.results(draw(offered, TWO, True).match) == {"X": DRAW, "O": DRAW}
