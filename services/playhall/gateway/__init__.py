"""The browser gateway: MatchService over the Connect protocol (JSON or binary, gRPC-Web on the
same port) forwarded to an orchestrator over gRPC, and the portal's static files."""
