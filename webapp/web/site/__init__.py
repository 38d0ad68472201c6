"""What every request meets: sessions, limits, hosts, headers, errors, languages, health,
metrics, logs."""
