"""axe-core finds no accessibility violations on the main pages, in light and in dark mode,
and as they are without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import NewContext
from tests.browser.pages import axe_violations, describe, screenshot
from tests.browser.states import STATES


@pytest.mark.parametrize("state", STATES)
def test_axe_finds_no_violations(page: Page, state: str) -> None:
    STATES[state](page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)  # same page, the other colours: no replay
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
            scheme == "dark"
        )
        screenshot(page, f"{state}-{scheme}")
        violations = axe_violations(page)
        assert violations == [], f"{scheme}:\n{describe(violations)}"


@pytest.mark.parametrize("state", STATES)
def test_axe_finds_no_violations_as_pages_are_without_javascript(
    new_context: NewContext, state: str
) -> None:
    # axe-core cannot run in a page with scripts off (its checks wait on timers), so the
    # pages get JavaScript but not ours: keys-<hash>.js is served empty, leaving the DOM exactly as
    # the server sent it, which is what a browser without JavaScript shows.
    context = new_context()
    context.route(
        "**/keys-*.js", lambda route: route.fulfill(content_type="text/javascript", body="")
    )
    page = context.new_page()
    STATES[state](page)
    assert page.evaluate("document.getElementById('keys-note')?.hidden ?? true") is True
    violations = axe_violations(page)
    assert violations == [], describe(violations)
