"""The HTML pages and the board's forms, with their view models."""
