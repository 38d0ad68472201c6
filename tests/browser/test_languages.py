"""The site in each language, in Chromium: the browser's language, the menu without
JavaScript, axe on the board's states, and long words that still fit a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import NewContext
from tests.browser.pages import axe_violations, click_cell, describe, horizontal_overflow, submit
from tests.browser.states import X_WINS_TOP_ROW, play

# Chromium's locale sets the Accept-Language header, as a browser set to that language does.
LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR", "es": "es-ES"}
PHONE = {"width": 320, "height": 640}


def new_hot_seat(page: Page) -> None:
    """Start a two-player game through the JSON API, whatever the page's language."""
    token = page.request.get("/api/game").json()["csrf_token"]
    started = page.request.post(
        "/api/new", data={"x": "user", "o": "user"}, headers={"X-CSRFToken": token}
    )
    assert started.ok
    page.goto("/")


STATES = {
    "new board": lambda page: page.goto("/"),
    "a move": lambda page: click_cell(page, "B2"),
    "a hint": lambda page: page.goto("/?hint=1"),
    "setup": lambda page: page.goto("/new"),
    "a won game": lambda page: (new_hot_seat(page), play(page, X_WINS_TOP_ROW)),
    "review": lambda page: page.goto("/review"),
    "settings": lambda page: page.goto("/settings"),
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("code", list(LOCALES))
def test_each_language_passes_axe_and_fits_a_phone(
    new_context: NewContext, code: str, scheme: str
) -> None:
    context = new_context(locale=LOCALES[code], viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    seen: list[str] = []
    for name, step in STATES.items():
        step(page)
        expect(page.locator("html")).to_have_attribute("lang", code)
        found = axe_violations(page)
        if found:
            seen.append(f"{name}: {describe(found)}")
        if overflow := horizontal_overflow(page):
            seen.append(f"{name}: {overflow} px wider than the phone")
    assert not seen, "\n".join(seen)


def test_the_menu_works_without_javascript_and_is_remembered(new_context: NewContext) -> None:
    page = new_context(locale="en-GB", java_script_enabled=False).new_page()
    page.goto("/new")
    submit(page, page.get_by_role("link", name="Deutsch").click)
    assert page.url.endswith("/new")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("link", name="Deutsch")).to_have_attribute("aria-current", "true")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    submit(page, page.get_by_role("link", name="Español").click)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert page.url.endswith("/")
