"""What every Playhall process shares: settings, logging, metrics and the gRPC server bootstrap."""
