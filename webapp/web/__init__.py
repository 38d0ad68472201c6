"""The web layer: one module per page, the forms, the JSON API, the request cycle, sessions,
headers and error pages (``layer.init_app`` puts them on an app). Importing the package loads
none of them: gunicorn's master imports ``exporter`` before the metrics' folder is set."""
