"""Development tooling, never imported by the product: `make run` (`devstack.py`), `make demo`
(`demo.py`), the embedded Redis, PostgreSQL and RabbitMQ servers the stack and the tests start,
and starting Playhall's processes (`process.py`)."""
