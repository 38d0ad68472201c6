"""The bare Flask app of the load benchmark, plus one Redis GET per request: what an app that
reads its session from Redis on each request pays at least on the benchmark's machine (Redis
on the same cores, redis-py over loopback TCP), with no session code at all.

Served as ``bench.hello_redis:app``; ``HELLO_REDIS_URL`` names the Redis.
"""

import os

import redis
from flask import Flask

app = Flask(__name__)
_client = redis.Redis.from_url(os.environ.get("HELLO_REDIS_URL", "redis://127.0.0.1:6379/0"))


@app.get("/")
def hello() -> str:
    """One round trip to Redis (a key of a session's size), then what bench/hello.py says."""
    _client.get("hello")
    return "hello"
