"""A worker serving both bot queues takes live turns before batch work, on a real Redis broker
with the worker's own transport options."""

import kombu

from playhall.bots.settings import WorkerSettings
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, broker_url_of, celery_queues
from playhall.common.redis_server import EmbeddedRedis


def test_a_worker_on_both_queues_takes_every_waiting_live_turn_before_batch_work():
    with EmbeddedRedis() as redis:
        url = broker_url_of(redis.url)
        config = WorkerSettings(
            orchestrator="orchestrator:50050", worker_credential="secret", broker_url=url
        ).celery_config()
        queues = celery_queues(url)
        with kombu.Connection(url, transport_options=config["broker_transport_options"]) as conn:
            producer = conn.Producer()
            # Batch work waited first, as a tournament's would; then live turns arrive.
            for queue, number in [(BATCH_QUEUE, n) for n in range(3)] + [
                (LIVE_QUEUE, n) for n in range(3)
            ]:
                producer.publish({"queue": queue, "n": number}, routing_key=queue, declare=queues)
            taken: list[str] = []

            def take(body, message):
                taken.append(body["queue"])
                message.ack()

            # As Celery's consumer lists them: in the order of the worker's -Q.
            with conn.Consumer([q(conn.default_channel) for q in queues], callbacks=[take]):
                while len(taken) < 6:
                    conn.drain_events(timeout=5)
        assert taken == [LIVE_QUEUE] * 3 + [BATCH_QUEUE] * 3
