"""Text mode in real Chromium: a whole game against hard typed from the keyboard with and
without JavaScript, announcements read from the accessibility tree, an online opponent's move
announced live, and axe on text-mode pages in every language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import axe_violations, describe, press, submit
from tests.browser.test_online import joined
from webapp.engine import CELL_IDS
from webapp.web.site.i18n import LANGUAGES

FIELD = "#text-command"
# The role (and name, and [attributes]) that starts a line of an ARIA snapshot.
ROLE = re.compile(r'^\s*- \w+(?: "[^"]*")?(?: \[[^\]]*\])*:?\s*')


def spoken(page: Page, element_id: str) -> str:
    """What the accessibility tree says of the element ``element_id`` and what it holds: the
    texts of its ARIA snapshot (``- alert:`` / ``  - paragraph: B2 is taken by X.``), without
    the roles."""
    snapshot = page.locator(f"#{element_id}").aria_snapshot()
    texts = [ROLE.sub("", line).strip().strip('"') for line in snapshot.splitlines()]
    return " ".join(text for text in texts if text)


def focused(page: Page) -> str:
    """The id of the focused element."""
    found: str = page.evaluate("document.activeElement?.id ?? ''")
    return found


def type_move(page: Page, typed: str) -> None:
    """Type ``typed`` in the focused field and press Enter, as a keyboard user does. The
    field takes the focus by ``autofocus``, which a busy browser may apply after the load."""
    expect(page.locator(FIELD)).to_be_focused()
    page.keyboard.type(typed)
    press(page, "Enter")


def start_against_hard_by_keyboard(page: Page) -> None:
    """The setup form, by keyboard: the arrow keys choose the computer (hard) for O."""
    page.goto("/new")
    page.locator('input[name="o"]:checked').focus()
    for _step in range(3):  # a person, easy, medium, hard
        page.keyboard.press("ArrowDown")
    expect(page.locator('input[name="o"][value="hard"]')).to_be_checked()
    page.get_by_role("button", name="Start", exact=True).focus()
    press(page, "Enter")


def test_the_switch_is_the_first_stop_of_tab_and_turns_text_mode_on(page: Page) -> None:
    page.goto("/")
    page.keyboard.press("Tab")
    assert focused(page) == "text-switch"
    press(page, "Enter")
    expect(page.locator(FIELD)).to_be_focused()
    assert "move" in page.get_by_role("textbox").first.aria_snapshot().casefold()
    page.goto("/?text=0")
    expect(page.locator(FIELD)).to_have_count(0)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_whole_game_against_hard_typed_from_the_keyboard(
    new_context: NewContext, javascript: bool
) -> None:
    page = new_context(java_script_enabled=javascript).new_page()
    page.goto("/?text=1")
    start_against_hard_by_keyboard(page)
    assert spoken(page, "text-summary") == (
        "You are X against the computer (hard). Move 1. Your turn (X)."
    )
    typed = ["2 2", "a 1", "C3", "b1", "A3", "c1", "a2", "b3", "c2"]
    while True:
        before = page.request.get("/api/game").json()
        if before["status"] != "Game not finished":
            break
        cell = next(c for c in typed if _cell(c) in _free(before["board"]))
        type_move(page, cell)
        moves = page.request.get("/api/game").json()["moves"]
        said = spoken(page, "text-announce")
        expected = f"You played {_cell(cell)}."
        if len(moves) == len(before["moves"]) + 2:
            expected += f" The computer (hard) played {moves[-1]}."
        assert said.startswith(expected), said
        expect(page.locator(FIELD)).to_be_focused()
    assert spoken(page, "text-summary").endswith(("The computer wins (O).", "Draw."))
    # A move on a taken cell is refused in words, and changes nothing.
    type_move(page, "2 2")
    assert spoken(page, "text-alerts") == "B2 is taken by X."


def _cell(typed: str) -> str:
    """The cell of what the test types: ``2 2`` is B2, ``a 1`` is A1."""
    compact = typed.replace(" ", "").upper()
    if compact.isdigit():
        return "ABC"[int(compact[0]) - 1] + compact[1]
    return compact


def _free(board: str) -> set[str]:
    """The empty cells of a board of nine marks."""
    return {cell for cell, mark in zip(CELL_IDS, board, strict=True) if mark == "_"}


def test_the_settings_turn_text_mode_on_by_keyboard_alone(page: Page) -> None:
    page.goto("/settings")
    page.locator('input[name="display"]:checked').focus()
    page.keyboard.press("ArrowDown")  # the board, then text mode
    expect(page.locator('input[name="display"][value="on"]')).to_be_checked()
    page.locator('input[name="language"]:checked').focus()
    page.keyboard.press("ArrowDown")  # English, then Deutsch
    expect(page.locator('input[name="language"][value="de"]')).to_be_checked()
    page.get_by_role("button", name="Save", exact=True).focus()
    press(page, "Enter")
    expect(page.get_by_role("status")).to_have_text("Einstellungen gespeichert.")
    page.goto("/")
    expect(page.locator(FIELD)).to_be_focused()
    assert "zug" in page.get_by_role("textbox").first.aria_snapshot().casefold()  # Dein Zug


def online_in_text_mode(new_context: NewContext) -> tuple[Page, Page]:
    """The host's and the guest's pages of a joined online match, both in text mode; the
    guest's page marks itself, so that a test can tell it was not reloaded."""
    host = new_context().new_page()
    guest = new_context().new_page()
    joined(host, guest)
    host.goto("/?text=1")
    guest.goto("/?text=1")
    guest.evaluate("window.notReloaded = true")
    return host, guest


def test_an_online_opponents_move_is_announced_live_without_moving_the_focus(
    new_context: NewContext,
) -> None:
    host, guest = online_in_text_mode(new_context)
    guest.keyboard.type("a1")  # the guest types while waiting for the friend's move
    type_move(host, "b2")
    expect(guest.locator("#text-announce")).to_have_text(
        "Your friend played B2. Your turn (O).", timeout=LIVE_MS
    )
    assert spoken(guest, "text-announce") == "Your friend played B2. Your turn (O)."
    assert guest.evaluate("window.notReloaded") is True
    assert focused(guest) == "text-command" and guest.locator(FIELD).input_value() == "a1"
    press(guest, "Enter")  # what was typed plays, with the version the live update brought
    assert spoken(guest, "text-announce") == "You played A1. Waiting for X (your friend)."
    expect(host.locator("#text-announce")).to_have_text(
        "Your friend played A1. Your turn (X).", timeout=LIVE_MS
    )


def test_the_friend_joining_is_announced_live(new_context: NewContext) -> None:
    host = new_context().new_page()
    host.goto("/?text=1")
    _invite_page(host)
    link = host.locator("#invite-link").get_attribute("href")
    assert link is not None
    host.evaluate("window.notReloaded = true")
    guest = new_context().new_page()
    guest.goto(link)
    submit(guest, guest.get_by_role("button", name="Join the match", exact=True).click)
    expect(host.locator("#text-announce")).to_have_text(
        "Your friend joined. Your turn (X).", timeout=LIVE_MS
    )
    assert host.evaluate("window.notReloaded") is True
    expect(host.locator(FIELD)).to_be_focused()


def test_an_online_opponents_quick_message_is_announced_live(new_context: NewContext) -> None:
    host, guest = online_in_text_mode(new_context)
    thanks = guest.get_by_role("button", name="Thanks", exact=True)
    thanks.focus()  # the guest is about to answer with a button
    host.get_by_role("button", name="Good luck", exact=True).click()
    expect(guest.locator("#text-announce")).to_have_text("Your friend: Good luck.", timeout=LIVE_MS)
    assert spoken(guest, "text-announce") == "Your friend: Good luck."
    assert "Your friend: Good luck" in spoken(guest, "chat-lines")
    assert guest.evaluate("window.notReloaded") is True
    expect(thanks).to_be_focused()  # the update replaced the lines, not the buttons
    submit(guest, thanks.click)  # with the version the update brought: not a stale form
    expect(host.locator("#text-announce")).to_have_text("Your friend: Thanks.", timeout=LIVE_MS)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_axe_finds_no_violations_on_text_mode_pages(new_context: NewContext, code: str) -> None:
    page = new_context().new_page()
    page.goto(f"/language/{code}")
    page.goto("/?text=1")
    page.goto("/new")
    page.locator('input[name="o"][value="hard"]').check()
    submit(page, page.locator("form.setup button[type=submit]").click)
    type_move(page, "b2")
    found: dict[str, str] = {}
    for path in ("/", "/new", "/replay/1", "/settings", "/no-such-page"):
        if path == "/no-such-page":
            # Its 404 would be reported as a browser error: its HTML is shown from this site.
            page.set_content(page.request.get(path).text())
        else:
            page.goto(path)
        violations = axe_violations(page)
        if violations:
            found[path] = describe(violations)
    waiting = new_context().new_page()
    waiting.goto(f"/language/{code}")
    waiting.goto("/?text=1")
    _invite_page(waiting)
    violations = axe_violations(waiting)
    if violations:
        found["waiting"] = describe(violations)
    assert found == {}, found


def _invite_page(page: Page) -> None:
    """An online match waiting for the friend, started from the setup form."""
    page.goto("/new")
    page.locator('input[name="o"][value="friend"]').check()
    submit(page, page.locator("form.setup button[type=submit]").click)
    expect(page.locator("#invite-link")).to_have_count(1)
