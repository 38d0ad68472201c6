"""The words of the drawn names (rules/names.py) for the catalogs: each animal, its
grammatical gender in each language, and each adjective as it goes with a masculine, a
feminine or a neuter animal, since German, French and Spanish make it agree."""

from __future__ import annotations

from .i18n import C_

MASCULINE, FEMININE, NEUTER = "masculine", "feminine", "neuter"
# What a translator writes for an animal's gender; English has none, and takes MASCULINE's.
GENDERS = (MASCULINE, FEMININE, NEUTER)

ANIMALS = {
    "otter": C_("animal in a player's name", "Otter"),
    "fox": C_("animal in a player's name", "Fox"),
    "owl": C_("animal in a player's name", "Owl"),
    "panda": C_("animal in a player's name", "Panda"),
    "tiger": C_("animal in a player's name", "Tiger"),
    "rabbit": C_("animal in a player's name", "Rabbit"),
    "turtle": C_("animal in a player's name", "Turtle"),
    "dolphin": C_("animal in a player's name", "Dolphin"),
    "penguin": C_("animal in a player's name", "Penguin"),
    "koala": C_("animal in a player's name", "Koala"),
    "zebra": C_("animal in a player's name", "Zebra"),
    "badger": C_("animal in a player's name", "Badger"),
    "heron": C_("animal in a player's name", "Heron"),
    "squirrel": C_("animal in a player's name", "Squirrel"),
    "falcon": C_("animal in a player's name", "Falcon"),
    "bee": C_("animal in a player's name", "Bee"),
}
# Translated as masculine, feminine or neuter: the animal's gender in the language.
GENDER_OF = {
    "otter": C_("grammatical gender of the animal", "Otter"),
    "fox": C_("grammatical gender of the animal", "Fox"),
    "owl": C_("grammatical gender of the animal", "Owl"),
    "panda": C_("grammatical gender of the animal", "Panda"),
    "tiger": C_("grammatical gender of the animal", "Tiger"),
    "rabbit": C_("grammatical gender of the animal", "Rabbit"),
    "turtle": C_("grammatical gender of the animal", "Turtle"),
    "dolphin": C_("grammatical gender of the animal", "Dolphin"),
    "penguin": C_("grammatical gender of the animal", "Penguin"),
    "koala": C_("grammatical gender of the animal", "Koala"),
    "zebra": C_("grammatical gender of the animal", "Zebra"),
    "badger": C_("grammatical gender of the animal", "Badger"),
    "heron": C_("grammatical gender of the animal", "Heron"),
    "squirrel": C_("grammatical gender of the animal", "Squirrel"),
    "falcon": C_("grammatical gender of the animal", "Falcon"),
    "bee": C_("grammatical gender of the animal", "Bee"),
}
ADJECTIVES_MASCULINE = {
    "quick": C_("adjective in a player's name, before a masculine animal", "Quick"),
    "brave": C_("adjective in a player's name, before a masculine animal", "Brave"),
    "calm": C_("adjective in a player's name, before a masculine animal", "Calm"),
    "clever": C_("adjective in a player's name, before a masculine animal", "Clever"),
    "happy": C_("adjective in a player's name, before a masculine animal", "Happy"),
    "bold": C_("adjective in a player's name, before a masculine animal", "Bold"),
    "gentle": C_("adjective in a player's name, before a masculine animal", "Gentle"),
    "wild": C_("adjective in a player's name, before a masculine animal", "Wild"),
    "wise": C_("adjective in a player's name, before a masculine animal", "Wise"),
    "proud": C_("adjective in a player's name, before a masculine animal", "Proud"),
    "sleepy": C_("adjective in a player's name, before a masculine animal", "Sleepy"),
    "curious": C_("adjective in a player's name, before a masculine animal", "Curious"),
    "tiny": C_("adjective in a player's name, before a masculine animal", "Tiny"),
    "mighty": C_("adjective in a player's name, before a masculine animal", "Mighty"),
    "silent": C_("adjective in a player's name, before a masculine animal", "Silent"),
    "golden": C_("adjective in a player's name, before a masculine animal", "Golden"),
}
ADJECTIVES_FEMININE = {
    "quick": C_("adjective in a player's name, before a feminine animal", "Quick"),
    "brave": C_("adjective in a player's name, before a feminine animal", "Brave"),
    "calm": C_("adjective in a player's name, before a feminine animal", "Calm"),
    "clever": C_("adjective in a player's name, before a feminine animal", "Clever"),
    "happy": C_("adjective in a player's name, before a feminine animal", "Happy"),
    "bold": C_("adjective in a player's name, before a feminine animal", "Bold"),
    "gentle": C_("adjective in a player's name, before a feminine animal", "Gentle"),
    "wild": C_("adjective in a player's name, before a feminine animal", "Wild"),
    "wise": C_("adjective in a player's name, before a feminine animal", "Wise"),
    "proud": C_("adjective in a player's name, before a feminine animal", "Proud"),
    "sleepy": C_("adjective in a player's name, before a feminine animal", "Sleepy"),
    "curious": C_("adjective in a player's name, before a feminine animal", "Curious"),
    "tiny": C_("adjective in a player's name, before a feminine animal", "Tiny"),
    "mighty": C_("adjective in a player's name, before a feminine animal", "Mighty"),
    "silent": C_("adjective in a player's name, before a feminine animal", "Silent"),
    "golden": C_("adjective in a player's name, before a feminine animal", "Golden"),
}
ADJECTIVES_NEUTER = {
    "quick": C_("adjective in a player's name, before a neuter animal", "Quick"),
    "brave": C_("adjective in a player's name, before a neuter animal", "Brave"),
    "calm": C_("adjective in a player's name, before a neuter animal", "Calm"),
    "clever": C_("adjective in a player's name, before a neuter animal", "Clever"),
    "happy": C_("adjective in a player's name, before a neuter animal", "Happy"),
    "bold": C_("adjective in a player's name, before a neuter animal", "Bold"),
    "gentle": C_("adjective in a player's name, before a neuter animal", "Gentle"),
    "wild": C_("adjective in a player's name, before a neuter animal", "Wild"),
    "wise": C_("adjective in a player's name, before a neuter animal", "Wise"),
    "proud": C_("adjective in a player's name, before a neuter animal", "Proud"),
    "sleepy": C_("adjective in a player's name, before a neuter animal", "Sleepy"),
    "curious": C_("adjective in a player's name, before a neuter animal", "Curious"),
    "tiny": C_("adjective in a player's name, before a neuter animal", "Tiny"),
    "mighty": C_("adjective in a player's name, before a neuter animal", "Mighty"),
    "silent": C_("adjective in a player's name, before a neuter animal", "Silent"),
    "golden": C_("adjective in a player's name, before a neuter animal", "Golden"),
}
ADJECTIVES = {
    MASCULINE: ADJECTIVES_MASCULINE,
    FEMININE: ADJECTIVES_FEMININE,
    NEUTER: ADJECTIVES_NEUTER,
}
# The context of each gender's adjectives, as written in their markers above.
ADJECTIVE_CONTEXTS = {
    gender: f"adjective in a player's name, before a {gender} animal" for gender in GENDERS
}
ANIMAL_CONTEXT = "animal in a player's name"
GENDER_CONTEXT = "grammatical gender of the animal"
