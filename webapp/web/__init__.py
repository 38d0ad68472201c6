"""The web layer: one module per page, the forms, the JSON API, the request cycle, sessions,
headers and error pages."""
