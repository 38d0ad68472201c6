"""A browser's drawn name as programs see it (GET and POST /api/name)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from ..site import names


class NameJson(Struct):
    """This browser's drawn name (an adjective and an animal), shown in paired games."""

    name: Annotated[str, Meta(description="In the request's language, e.g. Quick Otter.")]
    id: Annotated[str, Meta(description="The same in any language, e.g. quick-otter.")]


def name_json(drawn: str) -> NameJson:
    """``drawn`` as the API answers it."""
    return NameJson(name=names.shown(drawn), id=drawn)
