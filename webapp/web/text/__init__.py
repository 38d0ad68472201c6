"""Text mode: its pages, the typed field, commands and announcements."""
