"""The JSON API: its types, answers, bodies and the OpenAPI document."""
