"""Tests of the terminal front end, driving ``python -m webapp.terminal`` as a subprocess."""
