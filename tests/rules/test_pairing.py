"""Quick pairing's match: two strangers seated by key at once, sides drawn by the coin."""

from __future__ import annotations

import pytest

from tests.imports import assert_imports_no_web_stack
from webapp.rules import errors, new_secret, pairing

from .matches import refused


@pytest.mark.parametrize(("heads", "first_mark"), [(True, "O"), (False, "X")])
def test_both_seats_are_taken_by_key_and_the_coin_gives_the_sides(
    monkeypatch: pytest.MonkeyPatch, heads: bool, first_mark: str
) -> None:
    monkeypatch.setattr("webapp.rules.pairing.tossed", lambda: heads)
    waiter, seeker = new_secret(), new_secret()
    made = pairing.paired(waiter, seeker, 30)
    match = made.match
    assert match.online and match.full and match.paired and match.clock == 30
    assert match.held_by([waiter], home=False) == {"1"}
    assert match.held_by([seeker], home=False) == {"2"}
    assert match.seat("1").mark == first_mark and match.seat("2").mark != first_mark
    assert [event.what for event in made.happened] == ["joined", "tossed"]


def test_a_clock_out_of_range_is_refused() -> None:
    with refused(errors.BAD_CLOCK):
        pairing.paired(new_secret(), new_secret(), 0 - 1)


def test_the_pairing_rules_stay_pure() -> None:
    assert_imports_no_web_stack("webapp.rules.pairing")


def test_the_maker_names_its_seat_and_the_other_names_its_own_as_it_enters() -> None:
    waiter, seeker = new_secret(), new_secret()
    match = pairing.paired(waiter, seeker, 30, ("", "quick-otter")).match
    assert (match.seat("1").name, match.seat("2").name) == ("", "quick-otter")
    entered = pairing.named(match, frozenset({"1"}), "calm-heron")
    assert [event.what for event in entered.happened] == ["named"]
    assert (entered.match.seat("1").name, entered.match.seat("2").name) == (
        "calm-heron",
        "quick-otter",
    )
    again = pairing.named(entered.match, frozenset({"1"}), "wild-bee")
    assert again.happened == () and again.match == entered.match  # named once, kept


def test_a_name_that_is_not_drawn_from_the_words_is_refused() -> None:
    match = pairing.paired(new_secret(), new_secret(), 30).match
    for bad in ("", "quick", "quick-dragon", "Quick-Otter", "quick-otter-x", 7):
        with refused(errors.BAD_NAME):
            pairing.named(match, frozenset({"1"}), bad)  # type: ignore[arg-type]
