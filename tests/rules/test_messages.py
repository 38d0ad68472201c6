"""Quick messages: a player sends a fixed phrase, at most 5 a minute, unless muted."""

from __future__ import annotations

import pytest

from webapp.engine import Refusal
from webapp.rules import Match, errors, messages, read, seating
from webapp.rules.said import KEPT, Said

from .matches import NOBODY, ONE, TWO, X_WINS, hot_seat, joined, play, refused


@pytest.fixture
def clock() -> list[float]:
    """The time messages are stamped with; a test moves it by changing its one item."""
    return [1_000_000.0]


def test_a_player_says_a_phrase_stored_by_id_and_the_match_keeps_it(clock: list[float]) -> None:
    match = joined()[0]
    outcome = messages.message(match, TWO, "good_luck", clock[0])
    assert outcome.match.said == (Said("2", "good_luck", clock[0]),)
    assert outcome.happened[0].what == "said"
    assert read(outcome.match.to_dict()) == outcome.match


def test_messages_are_sent_during_and_after_a_game(clock: list[float]) -> None:
    match = play(joined()[0], X_WINS)
    assert match.is_over
    said = messages.message(match, ONE, "well_played", clock[0]).match.said
    assert [item.phrase for item in said] == ["well_played"]


@pytest.mark.parametrize(
    ("by", "phrase", "why"),
    [
        (NOBODY, "thanks", errors.SPECTATOR_MESSAGE),
        (ONE, "hello", errors.UNKNOWN_PHRASE),
        (ONE, "", errors.UNKNOWN_PHRASE),
    ],
)
def test_a_spectator_or_an_unknown_phrase_is_refused(
    by: frozenset[str], phrase: str, why: Refusal
) -> None:
    with refused(why):
        messages.message(joined()[0], by, phrase, 0.0)


def test_no_rematch_is_asked_by_or_of_a_player_who_left(clock: list[float]) -> None:
    left = seating.departure(play(joined()[0], X_WINS), ONE)
    assert left is not None
    with refused(errors.YOU_LEFT[False]):  # the leaver: their friend was told they left
        messages.message(left.match, ONE, "rematch", clock[0])
    with refused(errors.OPPONENT_LEFT[False]):
        messages.message(left.match, TWO, "rematch", clock[0])
    said = messages.message(left.match, ONE, "thanks", clock[0]).match.said
    assert [item.phrase for item in said] == ["thanks"]  # any other phrase goes


def test_a_match_on_one_device_has_no_messages() -> None:
    with refused(errors.NOT_ONLINE):
        messages.message(hot_seat([]), frozenset({"1", "2"}), "oops", 0.0)


def test_a_sixth_message_within_a_minute_is_refused(clock: list[float]) -> None:
    match = joined()[0]
    for phrase in ["good_luck", "thanks", "oops", "rematch", "well_played"]:
        match = messages.message(match, ONE, phrase, clock[0]).match
        clock[0] += 11
    with refused(errors.TOO_MANY_MESSAGES):
        messages.message(match, ONE, "oops", clock[0])
    assert (
        messages.message(match, TWO, "oops", clock[0]).match.said[-1].seat == "2"
    )  # the other may
    clock[0] += 5  # the first message is now 60 s old
    assert messages.message(match, ONE, "oops", clock[0]).match.said[-1].phrase == "oops"


def test_the_match_keeps_only_the_latest_messages(clock: list[float]) -> None:
    match = joined()[0]
    for count in range(KEPT + 3):
        match = messages.message(match, ONE if count % 2 else TWO, "thanks", clock[0]).match
        clock[0] += 30
    assert len(match.said) == KEPT
    assert match.said[-1].at == clock[0] - 30


def test_a_muting_player_cannot_send_until_they_unmute(clock: list[float]) -> None:
    match = messages.mute(joined()[0], ONE, True).match
    assert match.muted == {"1"}
    with refused(errors.MUTED):
        messages.message(match, ONE, "thanks", clock[0])
    assert messages.message(match, TWO, "thanks", clock[0]).match.said  # the other still sends
    match = messages.mute(match, ONE, False).match
    assert match.muted == frozenset()
    assert messages.message(match, ONE, "thanks", clock[0]).match.said
    assert read(messages.mute(match, TWO, True).match.to_dict()).muted == {"2"}


def test_a_spectator_cannot_mute() -> None:
    with refused(errors.SPECTATOR_MESSAGE):
        messages.mute(joined()[0], NOBODY, True)


def test_a_record_written_before_messages_loads_with_none() -> None:
    data = joined()[0].to_dict()
    del data["said"], data["muted"]
    match = read(data)
    assert match.said == () and match.muted == frozenset()


@pytest.mark.parametrize(
    "said",
    [[["3", "oops", 1.0]], [["1", "hello", 1.0]], [["1", "oops", -1]], "x", [["1"]] * 11],
)
def test_a_record_with_bad_messages_is_not_read(said: object) -> None:
    data = joined()[0].to_dict()
    data["said"] = said
    with pytest.raises(errors.LostMatchError):
        Match.from_dict(data)


def test_a_record_with_bad_mutes_is_not_read() -> None:
    data = joined()[0].to_dict()
    data["muted"] = [["1"]]
    with pytest.raises(errors.LostMatchError):
        Match.from_dict(data)
