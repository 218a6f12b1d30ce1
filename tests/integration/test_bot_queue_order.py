"""Batch work never goes in front of live turns: a worker serving both bot queues takes live
turns first, on a real Redis broker with the worker's own transport options, and an
orchestrator replica on the batch queue sends nothing to the live one."""

import grpc
import kombu
import redis

from dev.process import orchestrator_env, start_orchestrator, start_rules_service
from dev.redis_server import EmbeddedRedis
from playhall.bots.settings import WorkerSettings
from playhall.common.brokers import BATCH_QUEUE, LIVE_QUEUE, broker_url_of, celery_queues
from playhall.match.v1 import match_service_pb2 as mpb
from playhall.match_client import MatchClient


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


def test_an_orchestrator_on_the_batch_queue_sends_its_bot_turns_there_and_none_live():
    with EmbeddedRedis() as store:
        rules = start_rules_service("galileo")
        try:
            env = orchestrator_env(
                store.url,
                {"galileo": rules.address},
                "worker-secret",
                gateway_credential="gateway-secret",
                PLAYHALL_BOT_QUEUE=BATCH_QUEUE,
            )
            orchestrator = start_orchestrator(env)
            try:
                with grpc.insecure_channel(orchestrator.address) as channel:
                    bot = mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot_level=mpb.BOT_LEVEL_RANDOM)
                    MatchClient(channel, timeout_s=10).create("galileo", [bot, bot])
                broker = redis.Redis.from_url(store.url)
                # Galileo's first pick is simultaneous: both bots' turns are sent at once.
                assert (broker.llen(BATCH_QUEUE), broker.llen(LIVE_QUEUE)) == (2, 0)
            finally:
                orchestrator.terminate()
        finally:
            rules.terminate()
