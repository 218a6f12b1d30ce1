"""One pure engine per title: no I/O, no gRPC, no Redis; deterministic given a seed."""
