"""This browser's drawn name, kept in its session, and any drawn name in the page's words."""

from __future__ import annotations

from flask import session

from ...rules import names
from . import browsers
from . import name_words as words
from .i18n import gettext as _
from .i18n import pgettext
from .refusals import NAME_PROMISED

NAME_KEY = "name"  # the id of this browser's drawn name, e.g. quick-otter
PROMISED = NAME_PROMISED.message


def mine() -> str:
    """This browser's name: the one its session keeps (drawn with draw_another), else the one
    its browser id gives, the same at each of its requests: a look at it stores no session."""
    kept = session.get(NAME_KEY)
    if names.is_name(kept):
        return str(kept)
    return names.derived(browsers.browser_id())


def draw_another() -> str:
    """A new name for this browser, never the one it had; kept from now on."""
    browsers.keep()  # the id the name was derived from, should it be needed again
    session[NAME_KEY] = names.drawn(instead_of=mine())
    return str(session[NAME_KEY])


def shown(name: str) -> str:
    """The name ``name`` in the request's language, e.g. ``Quick Otter``, ``Schneller
    Otter``, ``Loutre rapide``; ``""`` for an id that is not a name."""
    if not names.is_name(name):
        return ""
    adjective, animal = names.parts(name)
    gender = pgettext(words.GENDER_CONTEXT, words.GENDER_OF[animal])
    if gender not in words.GENDERS:  # English: no gender, one adjective for all
        gender = words.MASCULINE
    return _(
        "%(adjective)s %(animal)s",
        adjective=pgettext(words.ADJECTIVE_CONTEXTS[gender], words.ADJECTIVES[gender][adjective]),
        animal=pgettext(words.ANIMAL_CONTEXT, words.ANIMALS[animal]),
    )
