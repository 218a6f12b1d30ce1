"""The bot workers' link to a Redis broker: kombu's Redis transport with one guard, so that a
worker outlives its broker's crash instead of exiting ("Unrecoverable error: AttributeError(
"'NoneType' object has no attribute 'hostname'")").

What goes wrong without it (kombu 5.7, `kombu/transport/redis.py`). When the broker dies, Celery's
consumer collects its connection (`kombu.Connection.collect`), then closes it. Collecting closes
the default channel (the task consumer's, which holds the unacknowledged tasks), then every
channel of the transport, and last detaches the transport from its connection
(`transport.client = None`). With the broker gone, a channel's close can fail half way, and each
failure is swallowed as a connection error:

- the default channel, with a BRPOP outstanding (a prefetch slot free, and the loss noticed
  first on another socket, the remote-control channel's subscription), reads its reply first
  (`Channel.close` -> `_brpop_read`), which raises before the channel counts as closed;
- the remote-control (pidbox) channel, the newest, closed first by the transport
  (`close_connection`), deletes its auto-delete fanout queue, which raises too and ends the
  loop over the channels before the default channel's second turn.

The transport is detached with the default channel still open. The consumer's
`connection.close()` then closes it: the channel drops its connection pools
(`_disconnect_pools`), and kombu puts its unacknowledged messages back (`QoS.restore_unacked`)
through a new pool, whose address `_connparams` reads from `self.connection.client`: None. The
AttributeError is no connection error to kombu or Celery, and the worker exits. (A task still
running then would meet the same None when acknowledged.)

The guard: a channel keeps the `kombu.Connection` it was opened on, and a channel whose transport
was detached makes its pools from that, so the restore and any late acknowledgement go to the
same broker as on a channel closed in time: done if the broker is back, else a connection error,
which kombu's close and Celery handle. No message is lost either way: until restored or
acknowledged, each stays in the broker's unacked hash, and a live worker puts back those that no
worker holds (`bots.orphans`).

Only the Redis transport is guarded (not its Sentinel subclass, nor RabbitMQ's, which redelivers
a dead connection's messages itself); `app.CappedBackoffConnection` picks it. It overrides
`_connparams`, private to kombu: pyproject.toml pins kombu's minor version for that.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    """kombu's Redis channel, able to reach its broker after its transport was detached."""

    def __init__(self, connection: redis.Transport, *args: Any, **kwargs: Any) -> None:
        # Before kombu's __init__, which already makes a pool (it pings the broker).
        self.opened_on = connection.client
        """The `kombu.Connection` whose transport opened this channel (it keeps its URL and
        options when it drops the transport)."""
        super().__init__(connection, *args, **kwargs)

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        transport = self.connection
        if transport is None or transport.client is not None:
            return super()._connparams(asynchronous)
        # Detached (see the module's docstring): the same broker's parameters, from the
        # connection this channel was opened on, for this call only; the transport stays
        # detached, as its connection left it.
        transport.client = self.opened_on
        try:
            return super()._connparams(asynchronous)
        finally:
            transport.client = None


class Transport(redis.Transport):
    Channel = Channel


def guarded(transport_cls: type) -> type:
    """The transport class to use instead of `transport_cls`: this module's for kombu's Redis
    transport, any other as it is."""
    return Transport if transport_cls is redis.Transport else transport_cls
