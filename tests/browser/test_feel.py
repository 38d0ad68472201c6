"""The board feels like a game, in a real browser: its size, marks that land, a board that
never moves, the score and the mode bar in sight, and the small things a player noticed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewContext
from tests.browser.pages import axe_violations, click_button, click_cell, describe, status
from tests.browser.states import X_WINS_TOP_ROW, play, start

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 320, "height": 640}
SIZES = {"1280px": DESKTOP, "320px": PHONE}
TOUCH_TARGET = 44


@pytest.fixture(params=[True, False], ids=["js", "no-js"])
def javascript(request: pytest.FixtureRequest) -> bool:
    """Run once with JavaScript, once without."""
    return bool(request.param)


def board_box(page: Page) -> list[float]:
    """Where the board is on the page (not the window, which a focused cell may scroll)."""
    box: list[float] = page.evaluate(
        "(() => { const r = document.getElementById('board').getBoundingClientRect();"
        " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()"
    )
    return box


def _stale_message(page: Page) -> None:
    other = page.context.new_page()
    other.goto("/")
    click_cell(other, "C3")
    other.close()
    click_cell(page, "A1")  # this page's board is older: refused with a message


def _computers(page: Page) -> None:
    start(page, "hard", "easy")
    click_button(page, "Next move")


def _against_hard(page: Page) -> None:
    click_button(page, "Hard")
    click_cell(page, "A1")


# Each step leaves the page in a state whose board must sit exactly where the first one did.
STEPS: dict[str, Callable[[Page], object]] = {
    "a move": lambda page: click_cell(page, "B2"),
    "a message": _stale_message,
    "a win": lambda page: play(page, ("A2", "A1", "C2")),  # X: B2, A2, C2; O: C3, A1
    "computer against computer": _computers,
    "against the computer": _against_hard,
    "a hint": lambda page: page.goto("/?hint=1"),
}


@pytest.mark.parametrize("size", SIZES)
def test_the_board_never_moves(new_context: NewContext, size: str, javascript: bool) -> None:
    page = new_context(viewport=SIZES[size], java_script_enabled=javascript).new_page()
    page.goto("/")
    first = board_box(page)
    for name, step in STEPS.items():
        step(page)
        assert board_box(page) == first, f"the board moved after {name}"
    assert "has changed" not in status(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_board_dominates_and_the_score_is_in_sight(new_context: NewContext, size: str) -> None:
    viewport = SIZES[size]
    page = new_context(viewport=viewport).new_page()
    page.goto("/")
    _, y, width, _ = board_box(page)
    if size == "320px":
        assert width >= 0.85 * viewport["width"]  # the full width, less the row letters
    else:
        assert 400 <= width <= 500
    for cell in page.locator("td.cell").all():
        box = cell.bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= TOUCH_TARGET
    score = page.locator(".scoreboard").bounding_box()
    modes = page.get_by_role("button", name="Two players").bounding_box()
    assert score is not None and modes is not None
    assert score["y"] + score["height"] <= y and modes["y"] < score["y"]  # above the board
    assert score["y"] + score["height"] <= viewport["height"]  # on the first screen


def test_marks_are_drawn_in_and_the_reply_lands_after(new_context: NewContext) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto("/")
    click_button(page, "Hard")
    click_cell(page, "A1")
    drawn = page.evaluate(
        "[...document.querySelectorAll('td.cell .glyph')].map(g => {"
        " const s = getComputedStyle(g); const td = g.closest('td');"
        " return [td.className, s.animationName, parseFloat(s.animationDelay)]; })"
    )
    landing = {classes.split()[-1]: (name, delay) for classes, name, delay in drawn}
    assert landing["lands-now"] == ("draw", 0)
    # The stylesheet's delay of the reply's drawing (a constant of the design, not a time
    # measured here): it lands after the player's own mark, soon enough to feel like a reply.
    name, delay = landing["lands-reply"]
    assert name == "draw" and 0.3 <= delay <= 0.8
    expect(page.locator("td.last .visually-hidden")).to_have_text("B2, O, last move")


def test_reduced_motion_draws_the_marks_at_once(new_context: NewContext) -> None:
    page = new_context(reduced_motion="reduce").new_page()
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    names = page.evaluate(
        "[...document.querySelectorAll('td.cell .glyph')]"
        ".map(g => getComputedStyle(g).animationName)"
    )
    assert set(names) == {"none"}
    strike = page.evaluate(
        "getComputedStyle(document.querySelector('td.win'), '::after').animationName"
    )
    assert strike == "none"


def test_the_winning_line_is_struck_through(new_context: NewContext) -> None:
    page = new_context().new_page()
    page.goto("/")
    play(page, X_WINS_TOP_ROW)
    struck = page.evaluate(
        "[...document.querySelectorAll('td.cell')].filter(td =>"
        " getComputedStyle(td, '::after').content !== 'none').map(td =>"
        " td.querySelector('[data-cell]').dataset.cell)"
    )
    assert struck == ["A1", "A2", "A3"]
    assert status(page) == "Player 1 wins (X)"
    assert page.title() == "Player 1 wins (X) · Tic-tac-toe"


def test_cells_that_cannot_be_played_look_inactive(new_context: NewContext) -> None:
    page = new_context().new_page()

    def empty_cell_look() -> tuple[str, str]:
        look: tuple[str, str] = page.evaluate(
            "(() => { const td = [...document.querySelectorAll('td.cell')]"
            ".find(c => !c.className.match(/mark-/)); const s = getComputedStyle(td);"
            " return [s.backgroundColor, s.borderTopColor]; })()"
        )
        return look

    page.goto("/")
    playable = empty_cell_look()
    start(page, "hard", "easy")
    assert empty_cell_look() != playable
    page.goto("/replay/0")
    assert empty_cell_look() != playable


def test_the_keys_note_shows_only_where_keys_can_play(new_context: NewContext) -> None:
    desk = new_context().new_page()
    desk.goto("/")
    expect(desk.locator("#keys-note")).to_be_visible()
    start(desk, "hard", "easy")
    expect(desk.locator("#keys-note")).to_have_count(0)
    phone = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    phone.goto("/")
    expect(phone.locator("#keys-note")).to_be_hidden()


def test_the_status_never_blinks_and_is_read_out(new_context: NewContext) -> None:
    page = new_context().new_page()
    page.goto("/")
    click_button(page, "Hard")
    # Watch the status line from the first moment of the next page.
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " const line = document.getElementById('status'); window.blanks = 0;"
        " new MutationObserver(() => { if (!line.textContent.trim()) window.blanks++; })"
        ".observe(line, {childList: true, characterData: true, subtree: true}); });"
    )
    click_cell(page, "A1")
    expect(page.locator("#announce")).to_have_text("Your turn (X) The computer (hard) played B2.")
    assert page.evaluate("window.blanks") == 0
    assert page.locator("#status").get_attribute("role") is None


def test_the_hint_shows_where_the_eye_already_is(new_context: NewContext) -> None:
    page = new_context(viewport=PHONE).new_page()
    page.goto("/")
    page.get_by_role("link", name="Hint").click()
    page.wait_for_url("**/?hint=1")
    expect(page.locator("#hint")).to_have_text("With best play: draw. Every move draws.")
    assert page.evaluate("scrollY") == 0  # no jump to a fragment
    hint = page.locator("#hint").bounding_box()
    assert hint is not None and hint["y"] + hint["height"] <= board_box(page)[1]
    assert status(page) == "Player 1 to move (X)"


def test_the_position_field_tells_o_from_zero(new_context: NewContext) -> None:
    page = new_context().new_page()
    page.goto("/new")
    widths = page.evaluate(
        "(() => { const f = getComputedStyle(document.getElementById('position')).font;"
        " const c = document.createElement('canvas').getContext('2d'); c.font = f;"
        " return [c.measureText('O').width, c.measureText('0').width]; })()"
    )
    assert widths[0] > widths[1] * 1.1  # a round letter, a narrow digit
    page.get_by_label("Start from a position").fill("_XX0O_OX_")
    click_button(page, "Start")
    expect(page.locator(".messages")).to_contain_text("use the letter O, not zero")


def test_the_share_url_stays_on_one_line_and_copies(
    new_context: NewContext, javascript: bool
) -> None:
    context = new_context(viewport=PHONE, java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/")
    field = page.locator("#share-url")
    url = field.input_value()
    assert url.endswith("/new?position=_________&x=user&o=user")
    copy = page.locator("button.copy")
    if not javascript:
        expect(copy).to_be_hidden()
        return
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy.click()
    expect(copy).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == url


def test_the_mode_bar_switches_without_leaving_the_board(
    new_context: NewContext, javascript: bool
) -> None:
    page = new_context(java_script_enabled=javascript).new_page()
    page.goto("/")
    click_button(page, "Medium")
    assert status(page) == "Your turn (X)"
    assert page.url.endswith("/")
    expect(page.get_by_role("button", name="Medium")).to_have_attribute("aria-current", "true")
    expect(page.locator(".scoreboard")).to_contain_text("Computer (medium)")
    click_button(page, "Two players")
    assert status(page) == "Player 1 to move (X)"
    click_cell(page, "B2")
    click_button(page, "Restart")
    assert status(page) == "Player 1 to move (X)"
    assert page.locator("button[data-cell]").count() == 9


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_new_states(new_context: NewContext, scheme: str) -> None:
    page = new_context(color_scheme=scheme).new_page()
    seen: list[str] = []
    for name, step in STEPS.items():
        page.goto("/")
        step(page)
        found = axe_violations(page)
        if found:
            seen.append(f"{name}: {describe(found)}")
    start(page, "user", "hard", position="XX_OO____")  # practice
    seen += [f"practice: {describe(v)}" for v in [axe_violations(page)] if v]
    assert not seen, "\n".join(seen)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_review_names_the_mistake_and_links_with_the_replay(
    new_context: NewContext, scheme: str
) -> None:
    page = new_context(color_scheme=scheme).new_page()  # axe needs JavaScript
    page.goto("/")
    play(page, ("B2", "B1", "A1", "C3", "A3", "C1", "A2"))  # O's edge reply B1 loses
    page.get_by_role("link", name="Review: where did it go wrong?").click()
    expect(page.locator("#review-summary")).to_contain_text("O's move B1 lost the draw")
    expect(page.locator("tr.mistake")).to_contain_text("2. O B1")
    found = axe_violations(page)
    assert not found, describe(found)
    page.get_by_role("link", name="The board after move 2").click()
    expect(page.locator("#caption")).to_have_text("After move 2 of 7: O B1")
    page.get_by_role("link", name="Review", exact=True).click()
    expect(page.locator("#review-summary")).to_be_visible()
