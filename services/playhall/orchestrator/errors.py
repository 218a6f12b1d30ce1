"""The one refusal type of the orchestrator: a status code and a reason for the caller."""

import grpc


class MatchError(Exception):
    """A refusal with the status code and a reason for the caller."""

    def __init__(self, code: grpc.StatusCode, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason
