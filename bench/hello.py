"""The ceiling of the load benchmark: a bare Flask app that answers "hello"."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    """The smallest page Flask can serve."""
    return "hello"
