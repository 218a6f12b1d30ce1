"""The gRPC RulesService hosting one title's pure engine."""
