"""Real-browser tests: Chromium driven by Playwright against a real gunicorn server."""
