"""Players' names without accounts: an adjective and an animal drawn from fixed lists, kept as
an id such as ``quick-otter`` and put in words in the page's language when shown."""

from __future__ import annotations

import hashlib
import re
import secrets

ADJECTIVES = (
    "quick",
    "brave",
    "calm",
    "clever",
    "happy",
    "bold",
    "gentle",
    "wild",
    "wise",
    "proud",
    "sleepy",
    "curious",
    "tiny",
    "mighty",
    "silent",
    "golden",
)
ANIMALS = (
    "otter",
    "fox",
    "owl",
    "panda",
    "tiger",
    "rabbit",
    "turtle",
    "dolphin",
    "penguin",
    "koala",
    "zebra",
    "badger",
    "heron",
    "squirrel",
    "falcon",
    "bee",
)

_NAME = re.compile(r"([a-z]{1,16})-([a-z]{1,16})")


def is_name(value: object) -> bool:
    """Whether ``value`` is a name's id made of the lists' words."""
    if not isinstance(value, str):
        return False
    found = _NAME.fullmatch(value)
    return found is not None and found[1] in ADJECTIVES and found[2] in ANIMALS


def parts(name: str) -> tuple[str, str]:
    """The adjective and the animal of the name ``name`` (an id that is_name accepts)."""
    adjective, _, animal = name.partition("-")
    return adjective, animal


def drawn(instead_of: str = "") -> str:
    """A name drawn at random, never ``instead_of`` (the one a player draws another for)."""
    while True:
        name = f"{secrets.choice(ADJECTIVES)}-{secrets.choice(ANIMALS)}"
        if name != instead_of:
            return name


def derived(seed: str) -> str:
    """The name ``seed`` (a browser's id) gives: the same for the same seed, so that a
    browser that never drew one has a name without anything stored."""
    digest = hashlib.sha256(seed.encode()).digest()
    return f"{ADJECTIVES[digest[0] % len(ADJECTIVES)]}-{ANIMALS[digest[1] % len(ANIMALS)]}"
