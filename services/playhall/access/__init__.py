"""Who may call what: personal access tokens and their scopes, bot accounts, and the published
rate limits (their table and the limiter in Redis). Below the match room, beside relations;
stores and rules only, no match domain and no gRPC in here."""
