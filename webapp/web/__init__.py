"""The web layer: pages, forms, the JSON API, view models, sessions, headers and error pages."""
