"""axe-core finds no accessibility violations on the main pages, in light and in dark mode."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

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
