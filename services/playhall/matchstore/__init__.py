"""The Redis match store: every match's keys and the scripts that commit them (`store.py`), the
stored records (`records.py`), the archive's outbox (`outbox.py`), leases, and the Redis client
(`redis_client.py`). Only this package knows the key layout of a match."""
