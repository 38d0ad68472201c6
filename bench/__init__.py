"""Benchmark scripts: run them directly, they are not tests."""
